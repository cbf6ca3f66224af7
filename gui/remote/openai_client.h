// A blocking client of an OpenAI-compatible HTTP API (GET /v1/models, streamed
// POST /v1/chat/completions), for the engine worker thread.
//
// Why cpp-httplib on the worker thread and not QNetworkAccessManager: the remote endpoint is an
// EngineSession, whose contract is one synchronous call on the worker thread that streams pieces
// through a callback and honours a stop flag. A blocking client fits that directly (QNAM would need
// an event loop spun inside generate()), and it is the HTTP library the project's own server uses
// (Debian's build, with TLS, so https:// URLs work too).
//
// Errors name the URL and say what happened: connection refused, a timeout, 401 (the key), 404
// (the model or the route), the server's own error message. A stop (the flag, polled every 20 ms
// by a watcher) closes the connection at once, even while the server is still reading the prompt.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <string_view>

#include "common/error.h"
#include "engine_types.h"
#include "remote_endpoint.h"

namespace tessera::gui {

class OpenAiClient {
 public:
  // A delta's answer text and its thinking (`reasoning_content`, which llama-server and Tessera's
  // server send for reasoning models), UTF-8; either may be empty.
  using TextCallback = std::function<void(std::string_view content, std::string_view reasoning)>;

  explicit OpenAiClient(RemoteEndpoint endpoint);

  // The base URL as used: scheme://host:port/path, "/v1" added when the URL has no path.
  const QString& baseUrl() const { return base_url_; }
  // "" when the URL can be used; otherwise why not (not http/https, no host).
  QString urlProblem() const { return problem_; }

  // GET {base}/models: the ids of the models the server offers.
  Result<QStringList> listModels() const;

  // POST {base}/chat/completions with stream: true and stream_options.include_usage; the server
  // applies its chat template. `on_text` gets each content and reasoning_content delta as it
  // arrives (SSE parsed incrementally). Timings: time to first token from the request to the first content; tokens
  // per second over the span from the first to the last content (the usage's completion tokens,
  // or one per delta when the server sends no usage); prompt tokens from the usage (without one the
  // prompt is unknown: prompt_known false). Of `request` the sampling and n_predict (max_tokens)
  // are sent. A `stop` ends it with stop_reason Stopped.
  Result<ReplyStats> streamChat(const std::vector<tessera::ChatMessage>& messages,
                                const tessera::GenerationRequest& request, const TextCallback& on_text,
                                const std::atomic<bool>& stop) const;

 private:
  RemoteEndpoint endpoint_;
  QString scheme_host_port_;  // for the HTTP library
  QString base_path_;         // "/v1"
  QString base_url_;
  QString problem_;
};

}  // namespace tessera::gui
