// Sessions for a model that runs on an OpenAI-compatible server, so the chat window, its timings
// and the throughput plot work the same as with a local model: the engine worker calls them like
// any session.
#pragma once

#include <QObject>

#include <memory>
#include <mutex>

#include "engine_session.h"
#include "local_engine_source.h"
#include "remote_endpoint.h"

namespace tessera::gui {

// What the GUI thread shares with a local-or-remote session on the worker thread: the endpoint
// (key, model) for the next load of an endpoint URL, since the worker's load() receives only a
// path; and the local session's in-process engine, for the app's local server. Thread-safe. A
// QObject only to be owned by (and found under) the window; it must outlive the session.
class SessionLink : public QObject {
  Q_OBJECT

 public:
  using QObject::QObject;

  // GUI thread, before EngineClient::load(endpoint.url, ...).
  void setEndpoint(const RemoteEndpoint& endpoint);
  // The endpoint last set for `url` (the URL alone when none was).
  RemoteEndpoint endpointFor(const QString& url) const;

  // The local session's engine (null when it has none, e.g. a test's scripted session).
  tessera::Engine* localEngine() const { return local_engine_; }
  void setLocalEngine(tessera::Engine* engine) { local_engine_ = engine; }

 private:
  mutable std::mutex mutex_;
  RemoteEndpoint endpoint_;
  tessera::Engine* local_engine_ = nullptr;  // set once, before the worker thread starts
};

// A session on an OpenAI-compatible server. load(url) takes the endpoint from `link`, then checks
// the server: GET /v1/models must answer (so a wrong URL, a server that is down and a wrong key
// (401) are reported at once) and list the model (an empty model name takes the first listed).
// ModelInfo: path = the base URL, name = the model id, nothing else known. generate() streams POST
// /v1/chat/completions with the conversation as messages (the chat template is the server's
// business). No prompt progress is reported (the server does not say); the time to first token
// includes the network; a prompt the server reports no usage for is unknown (prompt_known false).
std::unique_ptr<EngineSession> makeRemoteEngineSession(const SessionLink* link);

// A session that loads files with `local` and endpoint URLs (isEndpointUrl) with a remote session;
// a load that works unloads the other side, one that fails leaves it as it was. Tells `link` the
// local session's engine (LocalEngineSource).
std::unique_ptr<EngineSession> makeLocalOrRemoteSession(std::unique_ptr<EngineSession> local, SessionLink* link);

}  // namespace tessera::gui
