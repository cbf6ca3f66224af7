#include "server.h"

#include <httplib.h>
#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

#include "chat_setup.h"
#include "generation_queue.h"
#include "openai_request.h"
#include "openai_response.h"
#include "reply_encoder.h"
#include "template/chat_template.h"

namespace tessera::server {
namespace {

using Json = nlohmann::json;
constexpr auto kPollInterval = std::chrono::milliseconds(50);

int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

void send_json(httplib::Response& res, int status, const Json& body) {
  res.status = status;
  res.set_content(body.dump(-1, ' ', false, Json::error_handler_t::replace), "application/json");
}

void send_error(httplib::Response& res, const ApiError& e) {
  if (e.status == 401) res.set_header("WWW-Authenticate", "Bearer");
  send_json(res, e.status, error_body(e));
}

ApiError make_api_error(int status, std::string message, std::string type, std::string param, std::string code) {
  ApiError e;
  e.status = status;
  e.message = std::move(message);
  e.type = std::move(type);
  e.param = std::move(param);
  e.code = std::move(code);
  return e;
}

// Compares without an early exit, so the time taken does not tell how much of a key was right.
bool same_secret(const std::string& a, const std::string& b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ (i < b.size() ? b[i] : 0));
  return diff == 0;
}

// The host part of a Host header: "localhost:8080" -> "localhost", "[::1]:8080" -> "::1".
std::string host_of(const std::string& header) {
  if (!header.empty() && header.front() == '[') {
    const size_t close = header.find(']');
    return close == std::string::npos ? header : header.substr(1, close - 1);
  }
  return header.substr(0, header.find(':'));
}

const char* route_label(const std::string& path) {
  for (const char* known : {"/v1/chat/completions", "/v1/completions", "/v1/models", "/health", "/metrics"})
    if (path == known) return known;
  if (path.rfind("/v1/models/", 0) == 0) return "/v1/models/{id}";
  return "other";
}

// One response in progress: waits for the job's text and writes what the encoder makes of it.
class ResponseWriter {
 public:
  ResponseWriter(std::shared_ptr<Job> job, ReplyEncoder encoder) : job_(std::move(job)), encoder_(std::move(encoder)) {}

  // httplib calls this until it returns false or sink.done() was called.
  bool provide(httplib::DataSink& sink) {
    if (!started_) {
      started_ = true;
      if (std::string first = encoder_.start(); !first.empty()) return write(sink, first);
    }
    for (;;) {
      if (!sink.is_writable()) return give_up();
      std::string text;
      bool done = false;
      if (!job_->wait(text, done, kPollInterval)) continue;
      std::string out = encoder_.text(text);
      if (done) {
        out += encoder_.finish(job_->outcome());
        if (!out.empty() && !write(sink, out)) return false;
        sink.done();
        return true;
      }
      if (!out.empty()) return write(sink, out);
    }
  }

  void release() {
    // The response ended (sent, or the connection failed): a generation still running is for
    // nobody now.
    if (!job_->finished()) job_->cancel.store(true);
  }

 private:
  bool give_up() {
    job_->cancel.store(true);
    return false;
  }
  bool write(httplib::DataSink& sink, const std::string& data) {
    if (!sink.write(data.data(), data.size())) return give_up();
    return true;
  }

  std::shared_ptr<Job> job_;
  ReplyEncoder encoder_;
  bool started_ = false;
};

}  // namespace

struct Server::Impl {
  Impl(Engine& e, ServerConfig c, LoadFn l, Executor x)
      : engine(e), config(std::move(c)), load(std::move(l)), queue(e, metrics, std::move(x)) {}

  Engine& engine;
  ServerConfig config;
  LoadFn load;
  ServerMetrics metrics;
  GenerationQueue queue;
  httplib::Server http;
  std::thread listener;
  std::atomic<int> port{0};
  std::atomic<bool> listening{false};
  // Responses whose content httplib has not finished (or dropped) yet: stop() lets them write the
  // end of their job (a cancelled one's error event) before the connections close.
  std::atomic<int> open_responses{0};
  std::once_flag stopped;
  std::atomic<uint64_t> next_id{1};
  const int64_t started_at = unix_now();
  // Set by the worker before the queue turns Ready (and read only after that).
  std::string model_id;
  int32_t n_ctx = 0;
  int64_t loaded_at = 0;

  Status after_load(Engine& e) {
    Status s = load ? load(e) : Status{};
    if (!s.ok() || !e.loaded()) return s;
    model_id = config.model_id;
    if (model_id.empty()) model_id = std::filesystem::path(e.info().path).stem().string();
    n_ctx = e.n_ctx();
    loaded_at = unix_now();
    return s;
  }

  // 503 while loading (or after a failed load); nullopt when requests can be served.
  std::optional<ApiError> unavailable() const {
    switch (queue.state()) {
      case GenerationQueue::State::Ready: return std::nullopt;
      case GenerationQueue::State::Loading:
        return make_api_error(503, "the model is still loading; retry shortly", "server_error", "", "model_loading");
      case GenerationQueue::State::Failed: break;
    }
    return make_api_error(503, "the model failed to load: " + queue.load_error(), "server_error", "", "model_load_failed");
  }

  void routes() {
    http.set_payload_max_length(config.max_body_bytes);
    http.set_keep_alive_timeout(2);
    // Stream events are small writes; without this, Nagle and delayed ACKs hold them back.
    http.set_tcp_nodelay(true);
    const int threads = config.threads > 0 ? config.threads : 8;
    http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<size_t>(threads)); };

    http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      // DNS rebinding: a web page whose name resolves to 127.0.0.1 would otherwise be "same
      // origin" with a loopback server and could read its answers. Its requests carry its own
      // name in Host, so a loopback server answers only loopback names.
      if (is_loopback_host(config.host) && req.has_header("Host") &&
          !is_loopback_host(host_of(req.get_header_value("Host")))) {
        send_error(res, make_api_error(403,
                                       "the Host header '" + req.get_header_value("Host") +
                                           "' is not a loopback name; this server listens on " + config.host +
                                           " and answers requests for localhost, 127.0.0.1 or [::1] only",
                                       "invalid_request_error", "", "forbidden_host"));
        return httplib::Server::HandlerResponse::Handled;
      }
      if (config.api_key.empty() || req.path == "/health") return httplib::Server::HandlerResponse::Unhandled;
      const std::string given = req.get_header_value("Authorization");
      if (given.empty()) {
        send_error(res, make_api_error(401, "no API key given: send the header \"Authorization: Bearer KEY\"",
                                       "invalid_request_error", "", "invalid_api_key"));
        return httplib::Server::HandlerResponse::Handled;
      }
      if (!same_secret(given, "Bearer " + config.api_key)) {
        send_error(res, make_api_error(401, "the API key given in the Authorization header is not this server's key",
                                       "invalid_request_error", "", "invalid_api_key"));
        return httplib::Server::HandlerResponse::Handled;
      }
      return httplib::Server::HandlerResponse::Unhandled;
    });

    http.set_error_handler(httplib::Server::HandlerWithResponse([this](const httplib::Request& req, httplib::Response& res) {
      if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
      ApiError e;
      if (res.status == 404) {
        e = make_api_error(404,
                           "there is no route " + req.method + " " + req.path +
                               "; this server has GET /v1/models, POST /v1/chat/completions, POST /v1/completions, "
                               "GET /health and GET /metrics",
                           "invalid_request_error", "", "unknown_url");
      } else if (res.status == 413) {
        e = make_api_error(413,
                           "the request body is larger than this server's limit of " +
                               std::to_string(config.max_body_bytes) + " bytes",
                           "invalid_request_error", "", "request_too_large");
      } else {
        e = make_api_error(res.status, "the HTTP request could not be handled (status " + std::to_string(res.status) + ")",
                           res.status >= 500 ? "server_error" : "invalid_request_error", "", "");
      }
      send_error(res, e);
      return httplib::Server::HandlerResponse::Handled;
    }));

    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
      std::string what = "unknown error";
      try {
        if (ep) std::rethrow_exception(ep);
      } catch (const std::exception& ex) {
        what = ex.what();
      } catch (...) {
      }
      send_error(res, make_api_error(500, "internal error: " + what, "server_error", "", ""));
    });

    http.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      metrics.count_request(route_label(req.path), res.status);
    });

    http.Get("/health", [this](const httplib::Request&, httplib::Response& res) {
      switch (queue.state()) {
        case GenerationQueue::State::Ready: return send_json(res, 200, {{"status", "ok"}});
        case GenerationQueue::State::Loading: return send_json(res, 503, {{"status", "loading"}});
        case GenerationQueue::State::Failed:
          return send_json(res, 503, {{"status", "error"}, {"error", queue.load_error()}});
      }
    });
    http.Get("/metrics", [this](const httplib::Request&, httplib::Response& res) {
      res.set_content(metrics.prometheus_text(), "text/plain; version=0.0.4; charset=utf-8");
    });
    http.Get("/v1/models", [this](const httplib::Request&, httplib::Response& res) {
      if (auto e = unavailable()) return send_error(res, *e);
      send_json(res, 200, models_json(model_id, loaded_at));
    });
    http.Get(R"(/v1/models/(.+))", [this](const httplib::Request& req, httplib::Response& res) {
      if (auto e = unavailable()) return send_error(res, *e);
      const std::string id = req.matches[1];
      if (id != model_id) return send_error(res, unknown_model(id));
      send_json(res, 200, model_json(model_id, loaded_at));
    });
    http.Post("/v1/chat/completions",
              [this](const httplib::Request& req, httplib::Response& res) { complete(req, res, true); });
    http.Post("/v1/completions",
              [this](const httplib::Request& req, httplib::Response& res) { complete(req, res, false); });
  }

  ApiError unknown_model(const std::string& id) const {
    return make_api_error(404, "the model '" + id + "' does not exist; this server serves '" + model_id + "'",
                          "invalid_request_error", "model", "model_not_found");
  }

  void complete(const httplib::Request& req, httplib::Response& res, bool chat) {
    if (auto e = unavailable()) return send_error(res, *e);
    ParsedRequest parsed = chat ? parse_chat_request(req.body, config.sampling, config.default_max_tokens)
                                : parse_completion_request(req.body, config.sampling, config.default_max_tokens);
    if (auto* e = std::get_if<ApiError>(&parsed)) return send_error(res, *e);
    CompletionRequest& r = std::get<CompletionRequest>(parsed);
    if (config.strict_model_name && !r.model.empty() && r.model != model_id) return send_error(res, unknown_model(r.model));

    const char* prompt_field = chat ? "messages" : "prompt";
    std::vector<int32_t> tokens;
    std::string rendered;
    if (chat) {
      auto text = engine.render_chat_input(template_input(r));
      if (!text.ok()) {
        const bool unusable = text.error().kind == ErrorKind::Unsupported;
        return send_error(res, make_api_error(unusable ? 500 : 400, "the chat template refused the conversation: " +
                                                                        text.error().message,
                                              unusable ? "server_error" : "invalid_request_error",
                                              unusable ? "" : "messages", ""));
      }
      rendered = *text;
      auto t = engine.chat_prompt_tokens(*text);
      if (!t.ok()) return send_error(res, make_api_error(500, t.error().message, "server_error", "", ""));
      tokens = std::move(*t);
    } else {
      auto t = engine.tokenize(r.prompt, /*add_special=*/true, /*parse_special=*/true);
      if (!t.ok()) return send_error(res, make_api_error(500, t.error().message, "server_error", "", ""));
      tokens = std::move(*t);
    }
    if (tokens.empty()) return send_error(res, bad_request(prompt_field, std::string(prompt_field) + ": the prompt has no tokens"));
    const int32_t limit = config.max_prompt_tokens > 0 ? std::min(config.max_prompt_tokens, n_ctx) : n_ctx;
    if (static_cast<int64_t>(tokens.size()) > limit)
      return send_error(res, make_api_error(413,
                                            std::string(prompt_field) + ": the prompt has " + std::to_string(tokens.size()) +
                                                " tokens, more than the " + std::to_string(limit) +
                                                " this server accepts (the model's context is " + std::to_string(n_ctx) + ")",
                                            "invalid_request_error", prompt_field, "context_length_exceeded"));

    GenerationRequest g;
    g.prompt_tokens = std::move(tokens);
    g.n_predict = r.max_tokens;
    g.sampling = r.sampling;
    g.stop_at_end_of_generation = !r.ignore_eos;
    apply_output_settings(r, engine.output_format(), g);
    const bool split = g.split_reply;
    auto job = std::make_shared<Job>(std::move(g), r.stop);
    open_responses.fetch_add(1);  // before the job is visible to stop(); its releaser below ends it
    queue.submit(job);

    ResponseIds ids;
    ids.id = std::string(chat ? "chatcmpl-" : "cmpl-") + std::to_string(started_at) + "-" + std::to_string(next_id++);
    ids.created = unix_now();
    ids.model = model_id;
    ReplyEncoder encoder(ids, chat, r.stream, r.has_tools(), r.include_usage);
    if (split) encoder.split_reasoning(engine.output_format(), prompt_tail(rendered));
    auto writer = std::make_shared<ResponseWriter>(job, std::move(encoder));
    res.status = 200;
    res.set_header("Cache-Control", "no-cache");
    res.set_chunked_content_provider(
        r.stream ? "text/event-stream" : "application/json",
        [writer](size_t, httplib::DataSink& sink) { return writer->provide(sink); },
        [this, writer](bool) {
          writer->release();
          open_responses.fetch_sub(1);
        });
  }
};

Server::Server(Engine& engine, ServerConfig config, LoadFn load, Executor executor)
    : impl_(std::make_unique<Impl>(engine, std::move(config), std::move(load), std::move(executor))) {
  impl_->routes();
}

Server::~Server() { stop(); }

Status Server::start() {
  if (std::string bad = check_config(impl_->config); !bad.empty()) return make_error(ErrorKind::InvalidArgument, bad);
  Impl& s = *impl_;
  int port = s.config.port;
  if (port == 0) {
    port = s.http.bind_to_any_port(s.config.host);
    if (port <= 0) return make_error(ErrorKind::Io, "cannot listen on " + s.config.host + " (an ephemeral port)");
  } else if (!s.http.bind_to_port(s.config.host, port)) {
    return make_error(ErrorKind::Io, "cannot listen on " + s.config.host + ":" + std::to_string(port) +
                                         " (is the port taken, or the address not this machine's?)");
  }
  s.port = port;
  s.listening = true;
  s.listener = std::thread([&s] {
    // The connection pool is created on this thread and inherits the mask.
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    s.http.listen_after_bind();
    s.listening = false;
  });
  s.queue.start([&s](Engine& e) { return s.after_load(e); });
  return {};
}

int Server::port() const { return impl_->port.load(); }

Status Server::wait_until_loaded() {
  if (impl_->queue.wait_until_loaded() == GenerationQueue::State::Ready) return {};
  return make_error(ErrorKind::InvalidArgument, impl_->queue.load_error());
}

void Server::stop() {
  std::call_once(impl_->stopped, [this] {
    Impl& s = *impl_;
    s.queue.stop();
    // Every queued or running job has its outcome now (cancelled); a response that has not written
    // it yet (its handler returned just before, or its content has not started) gets the chance
    // while the server still serves, bounded (2 s), so its client reads why instead of an empty reply.
    for (int i = 0; i < 2000 && s.open_responses.load() > 0 && s.listening.load(); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (s.listener.joinable()) {
      // httplib's stop() acts only once listen_after_bind() runs; right after start() the
      // listener thread may not be there yet (bounded: 5 s).
      for (int i = 0; i < 5000 && s.listening.load() && !s.http.is_running(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      s.http.stop();
      s.listener.join();
    }
  });
}

bool Server::running() const { return impl_->listening.load(); }
const ServerConfig& Server::config() const { return impl_->config; }
const ServerMetrics& Server::metrics() const { return impl_->metrics; }
std::string Server::model_id() const { return impl_->model_id; }

}  // namespace tessera::server
