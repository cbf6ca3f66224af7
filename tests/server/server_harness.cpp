#include "server_harness.h"

#include <csignal>
#include <thread>

#include "support/test_support.h"

namespace tessera::test {

std::string tiny_model_path() { return (source_dir() / "resources/models/tessera-tiny.gguf").string(); }

LoadSettings tiny_load_settings(int32_t n_ctx) {
  LoadSettings s;
  s.backend = "cpu";
  s.n_ctx = n_ctx;
  s.n_threads = 1;
  return s;
}

TestServer::TestServer(server::ServerConfig config, server::Server::LoadFn load) {
  // The test's own client writes to sockets the server may close first.
  std::signal(SIGPIPE, SIG_IGN);
  config.host = "127.0.0.1";
  config.port = 0;
  if (!load) load = [](Engine& e) { return e.load(tiny_model_path(), tiny_load_settings()); };
  server_ = std::make_unique<server::Server>(engine_, config, load);
  Status s = server_->start();
  if (!s.ok()) throw std::runtime_error("server did not start: " + s.error().message);
}

TestServer::~TestServer() { server_->stop(); }

std::unique_ptr<httplib::Client> TestServer::client(int read_timeout_s) const {
  auto c = std::make_unique<httplib::Client>("127.0.0.1", port());
  c->set_connection_timeout(10);
  c->set_read_timeout(read_timeout_s);
  c->set_write_timeout(10);
  return c;
}

SseStream post_stream(int port, const std::string& path, const nlohmann::json& body,
                      const std::function<bool(const nlohmann::json&)>& keep_going) {
  httplib::Client c("127.0.0.1", port);
  c.set_connection_timeout(10);
  c.set_read_timeout(60);
  SseStream out;
  std::string pending;
  httplib::Request req;
  req.method = "POST";
  req.path = path;
  req.body = body.dump();
  req.set_header("Content-Type", "application/json");
  req.content_receiver = [&](const char* data, size_t n, uint64_t, uint64_t) {
    out.raw.append(data, n);
    pending.append(data, n);
    for (size_t end; (end = pending.find("\n\n")) != std::string::npos;) {
      const std::string event = pending.substr(0, end);
      pending.erase(0, end + 2);
      if (event.rfind("data: ", 0) != 0) continue;
      const std::string payload = event.substr(6);
      if (payload == "[DONE]") {
        out.done = true;
        continue;
      }
      out.events.push_back(nlohmann::json::parse(payload));
      if (keep_going && !keep_going(out.events.back())) return false;
    }
    return true;
  };
  auto res = c.send(req);
  if (res) out.status = res->status;
  return out;
}

bool eventually(const std::function<bool()>& condition, std::chrono::milliseconds limit) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return condition();
}

}  // namespace tessera::test
