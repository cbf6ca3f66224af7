// A real tessera server for the suites: the tiny model (resources/models/tessera-tiny.gguf) on the
// CPU backend, listening on an ephemeral loopback port, and cpp-httplib clients that talk to it.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "server.h"

namespace tessera::test {

std::string tiny_model_path();
LoadSettings tiny_load_settings(int32_t n_ctx = 2048);

// Owns an engine and a started server; the model is loaded when the constructor returns unless
// `load` blocks (then wait with server().wait_until_loaded()).
class TestServer {
 public:
  explicit TestServer(server::ServerConfig config = {}, server::Server::LoadFn load = {});
  ~TestServer();
  server::Server& server() { return *server_; }
  int port() const { return server_->port(); }
  // A client with 10 s connect/write timeouts and a 60 s read timeout (a Debug+ASan build on a
  // busy machine generates a few tokens per second, and a queued request hears nothing meanwhile).
  std::unique_ptr<httplib::Client> client(int read_timeout_s = 60) const;

 private:
  Engine engine_;
  std::unique_ptr<server::Server> server_;
};

struct SseStream {
  int status = 0;
  std::vector<nlohmann::json> events;  // the parsed "data:" events before [DONE]
  bool done = false;                    // "data: [DONE]" arrived
  std::string raw;
};

// POSTs `body` and reads the event stream. `keep_going` (may be empty) sees each event and returns
// false to close the connection there.
SseStream post_stream(int port, const std::string& path, const nlohmann::json& body,
                      const std::function<bool(const nlohmann::json&)>& keep_going = {});

// Waits (polling every 10 ms, at most `limit`) until `condition` holds; returns whether it did.
bool eventually(const std::function<bool()>& condition, std::chrono::milliseconds limit = std::chrono::seconds(10));

}  // namespace tessera::test
