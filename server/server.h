// The OpenAI-compatible HTTP server: one model, served to local clients.
//
// Routes (all JSON; errors in OpenAI's shape, see api_error.h):
//   GET  /health               200 {"status":"ok"}, 503 {"status":"loading"} / {"status":"error"}
//   GET  /metrics              Prometheus text (metrics.h)
//   GET  /v1/models            the served model; GET /v1/models/ID: it, or 404
//   POST /v1/chat/completions  messages through the model's chat template (tools included)
//   POST /v1/completions       a plain prompt
// `stream: true` answers with server-sent events ending in "data: [DONE]". Requests queue in
// FIFO order and generate one at a time (generation_queue.h); a client that closes its
// connection stops its generation at the next token. Until the model is loaded every /v1 route
// answers 503. There are no file-serving routes.
//
// Security: binds ServerConfig::host (loopback by default); check_config() refuses a non-loopback
// host without an API key unless `insecure`. With an API key every route except /health needs
// "Authorization: Bearer KEY" (the scheme in any case; 401 otherwise). A loopback server answers 403
// to a request whose Host header is not a loopback name (a DNS-rebinding web page); a request with
// an Origin header (a web page) is refused with 403 unless config.allowed_origins allows it, and
// POST bodies must be application/json (415), so a page cannot send a "simple" cross-origin POST
// (http/access_policy.h). Prompts longer than the context (or max_prompt_tokens) are 413. The HTTP
// front (http/http_server.h) holds the limits on what arrives before and around all this: header
// size and count, body size (chunked included), no compressed bodies, a whole-request deadline,
// connections per client address and in all (config.limits). Client-facing messages name no
// server paths (the model file is shown by its name).
//
// Threads: start() returns once the socket is bound. One I/O thread serves every connection; the
// POST routes' handlers (JSON, chat template, tokenizer) run on config.threads pool threads;
// streamed answers need no thread. The model loads and generates on one worker thread: the server's
// own, or, given an Executor, the caller's thread that owns the engine (the desktop app's engine
// thread, where the server's requests then queue with the app's own). The engine is used only on
// that thread, except for its const prompt helpers (engine.h allows those). Writes use
// MSG_NOSIGNAL: a client that goes away is a write error, not a SIGPIPE.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "common/error.h"
#include "engine/engine.h"
#include "generation_queue.h"
#include "metrics.h"
#include "server_config.h"

namespace tessera::server {

class Server {
 public:
  // Runs on the worker thread before serving; empty when `engine` is loaded already.
  using LoadFn = std::function<Status(Engine&)>;

  // Posts a task onto the thread that owns the engine (see GenerationQueue::Executor).
  using Executor = GenerationQueue::Executor;

  // `engine` must outlive the server. Without `executor` the caller must not use the engine while
  // the server runs. With one, the caller keeps using the engine on the executor's thread between
  // the server's tasks, and must not load or unload a model (nor destroy the engine) until stop()
  // returned: the connection threads read its tokenizer and template meanwhile.
  Server(Engine& engine, ServerConfig config, LoadFn load = {}, Executor executor = {});
  ~Server();  // stop()
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Checks the config (check_config), binds host:port and starts serving and loading. The error
  // names the host and port (e.g. the port is taken).
  Status start();
  // The bound port (the ephemeral one when config.port was 0); 0 before start().
  int port() const;
  // Blocks until the model is loaded (ok) or failed to load (the loader's error).
  Status wait_until_loaded();
  // Stops: running and queued generations end (streams get an error event), the listener closes.
  // Idempotent; also called by the destructor. With an executor, not on the executor's thread.
  void stop();
  // False once stop() ran or the listener failed.
  bool running() const;

  // HTTP connections open now.
  int connections() const;
  const ServerConfig& config() const;
  const ServerMetrics& metrics() const;
  // The id clients name in "model" (valid once loaded).
  std::string model_id() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tessera::server
