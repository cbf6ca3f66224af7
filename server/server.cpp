#include "server.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

#include "chat_setup.h"
#include "generation_queue.h"
#include "http/access_policy.h"
#include "http/http_server.h"
#include "openai_request.h"
#include "openai_response.h"
#include "reply_encoder.h"
#include "template/chat_template.h"

namespace tessera::server {
namespace {

using Json = nlohmann::json;
using http::HttpRequest;
using http::HttpResponse;

int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

HttpResponse json_response(int status, const Json& body) {
  HttpResponse r;
  r.status = status;
  r.body = body.dump(-1, ' ', false, Json::error_handler_t::replace);
  return r;
}

HttpResponse error_response(const ApiError& e) {
  HttpResponse r = json_response(e.status, error_body(e));
  if (e.status == 401) r.set_header("WWW-Authenticate", "Bearer");
  return r;
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

enum class Route { None, Health, Metrics, Models, Model, ChatCompletions, Completions };

Route route_of(const HttpRequest& req) {
  const bool get = req.method == "GET" || req.method == "HEAD";
  const std::string& p = req.path;
  if (get && p == "/health") return Route::Health;
  if (get && p == "/metrics") return Route::Metrics;
  if (get && p == "/v1/models") return Route::Models;
  if (get && p.size() > 11 && p.rfind("/v1/models/", 0) == 0) return Route::Model;
  if (req.method == "POST" && p == "/v1/chat/completions") return Route::ChatCompletions;
  if (req.method == "POST" && p == "/v1/completions") return Route::Completions;
  return Route::None;
}

const char* route_label(const std::string& path) {
  for (const char* known : {"/v1/chat/completions", "/v1/completions", "/v1/models", "/health", "/metrics"})
    if (path == known) return known;
  if (path.rfind("/v1/models/", 0) == 0) return "/v1/models/{id}";
  return "other";
}

// A generation's answer as the connection pulls it: the encoder's bytes for the job's text as
// the worker produces it. The job wakes the connection (its listener) at each piece.
class JobStream : public http::BodyStream {
 public:
  JobStream(std::shared_ptr<Job> job, ReplyEncoder encoder, std::string model_path, std::atomic<int>& open)
      : job_(std::move(job)), encoder_(std::move(encoder)), model_path_(std::move(model_path)), open_(open) {}
  ~JobStream() override { close(false); }

  void start(std::function<void()> wake) override { job_->set_listener(std::move(wake)); }

  std::string read(bool& ended) override {
    std::string out;
    if (!started_) {
      started_ = true;
      out = encoder_.start();
    }
    std::string text;
    bool done = false;
    job_->wait(text, done, std::chrono::milliseconds(0));
    out += encoder_.text(text);
    if (done) {
      JobOutcome outcome = job_->outcome();
      outcome.error = without_server_paths(std::move(outcome.error), model_path_);
      out += encoder_.finish(outcome);
      ended = true;
    }
    return out;
  }

  void close(bool) override {
    if (closed_) return;
    closed_ = true;
    job_->set_listener({});
    // The response ended (sent, or the connection failed): a generation still running or queued
    // is for nobody now.
    if (!job_->finished()) job_->cancel.store(true);
    open_.fetch_sub(1);
  }

 private:
  std::shared_ptr<Job> job_;
  ReplyEncoder encoder_;
  const std::string model_path_;
  std::atomic<int>& open_;
  bool started_ = false;
  bool closed_ = false;
};

}  // namespace

struct Server::Impl {
  Impl(Engine& e, ServerConfig c, LoadFn l, Executor x)
      : engine(e),
        config(std::move(c)),
        load(std::move(l)),
        loaded_by_owner(x && !load),
        queue(e, metrics, std::move(x)),
        rules{config.host, config.api_key, config.allowed_origins},
        http(config.limits, config.threads > 0 ? config.threads : 8, handlers()) {}

  Engine& engine;
  ServerConfig config;
  LoadFn load;
  // An owner that runs the engine on its own thread and has loaded it already (the desktop app).
  bool loaded_by_owner;
  ServerMetrics metrics;
  GenerationQueue queue;
  // Responses whose stream has not ended (or been dropped) yet: stop() lets them write the end of
  // their job (a cancelled one's error event) before the connections close.
  std::atomic<int> open_responses{0};
  std::once_flag stopped;
  std::atomic<uint64_t> next_id{1};
  const int64_t started_at = unix_now();
  const http::AccessRules rules;
  // Set by the worker before the queue turns Ready (and read only after that).
  std::string model_id;
  std::string model_path;
  int32_t n_ctx = 0;
  int64_t loaded_at = 0;
  // Last: destroyed first, so no connection outlives what its handlers use.
  http::HttpServer http;

  Status after_load(Engine& e) {
    Status s = load ? load(e) : Status{};
    if (!s.ok() || !e.loaded()) return s;
    model_path = e.info().path;
    model_id = config.model_id;
    if (model_id.empty()) model_id = std::filesystem::path(e.info().path).stem().string();
    n_ctx = e.n_ctx();
    loaded_at = unix_now();
    return s;
  }

  std::string load_error() const { return without_server_paths(queue.load_error()); }

  // 503 while loading (or after a failed load); nullopt when requests can be served.
  std::optional<ApiError> unavailable() const {
    switch (queue.state()) {
      case GenerationQueue::State::Ready: return std::nullopt;
      case GenerationQueue::State::Loading:
        return make_api_error(503, "the model is still loading; retry shortly", "server_error", "", "model_loading");
      case GenerationQueue::State::Failed: break;
    }
    return make_api_error(503, "the model failed to load: " + load_error(), "server_error", "", "model_load_failed");
  }

  http::HttpHandlers handlers() {
    http::HttpHandlers h;
    h.admit = [this](const HttpRequest& req) -> std::optional<HttpResponse> {
      if (auto refused = http::check_access(req, rules)) return refused;
      if (route_of(req) == Route::None)
        return error_response(make_api_error(404,
                                             "there is no route " + req.method + " " + req.path.substr(0, 200) +
                                                 "; this server has GET /v1/models, POST /v1/chat/completions, "
                                                 "POST /v1/completions, GET /health and GET /metrics",
                                             "invalid_request_error", "", "unknown_url"));
      return std::nullopt;
    };
    h.on_pool = [](const HttpRequest& req) {
      const Route r = route_of(req);
      return r == Route::ChatCompletions || r == Route::Completions;
    };
    h.handle = [this](HttpRequest& req) {
      try {
        return handle(req);
      } catch (const std::exception& ex) {
        return error_response(
            make_api_error(500, "internal error: " + without_server_paths(ex.what(), model_path), "server_error", "", ""));
      }
    };
    h.decorate = [this](const HttpRequest& req, HttpResponse& res) { http::add_cors_headers(req, rules, res); };
    h.log = [this](const HttpRequest& req, int status) { metrics.count_request(route_label(req.path), status); };
    return h;
  }

  HttpResponse handle(HttpRequest& req) {
    switch (route_of(req)) {
      case Route::Health:
        switch (queue.state()) {
          case GenerationQueue::State::Ready: return json_response(200, {{"status", "ok"}});
          case GenerationQueue::State::Loading: return json_response(503, {{"status", "loading"}});
          case GenerationQueue::State::Failed: return json_response(503, {{"status", "error"}, {"error", load_error()}});
        }
        break;
      case Route::Metrics: {
        HttpResponse r;
        r.content_type = "text/plain; version=0.0.4; charset=utf-8";
        r.body = metrics.prometheus_text();
        return r;
      }
      case Route::Models:
        if (auto e = unavailable()) return error_response(*e);
        return json_response(200, models_json(model_id, loaded_at));
      case Route::Model: {
        if (auto e = unavailable()) return error_response(*e);
        const std::string id = req.path.substr(std::string("/v1/models/").size());
        if (id != model_id) return error_response(unknown_model(id));
        return json_response(200, model_json(model_id, loaded_at));
      }
      case Route::ChatCompletions: return complete(req, true);
      case Route::Completions: return complete(req, false);
      case Route::None: break;
    }
    return error_response(make_api_error(404, "there is no route " + req.method + " " + req.path.substr(0, 200),
                                         "invalid_request_error", "", "unknown_url"));
  }

  ApiError unknown_model(const std::string& id) const {
    return make_api_error(404, "the model '" + id.substr(0, 200) + "' does not exist; this server serves '" + model_id + "'",
                          "invalid_request_error", "model", "model_not_found");
  }

  ApiError engine_error(int status, const std::string& what, std::string param = "") const {
    return make_api_error(status, without_server_paths(what, model_path), status >= 500 ? "server_error" : "invalid_request_error",
                          std::move(param), "");
  }

  HttpResponse complete(const HttpRequest& req, bool chat) {
    if (auto e = unavailable()) return error_response(*e);
    ParsedRequest parsed = chat ? parse_chat_request(req.body, config.sampling, config.default_max_tokens)
                                : parse_completion_request(req.body, config.sampling, config.default_max_tokens);
    if (auto* e = std::get_if<ApiError>(&parsed)) return error_response(*e);
    CompletionRequest& r = std::get<CompletionRequest>(parsed);
    if (config.strict_model_name && !r.model.empty() && r.model != model_id)
      return error_response(unknown_model(r.model));

    const char* prompt_field = chat ? "messages" : "prompt";
    std::vector<int32_t> tokens;
    std::string rendered;
    int32_t checkpoint_at = -1;
    if (chat) {
      const chat::ChatTemplateInput in = template_input(r);
      auto text = engine.render_chat_input(in);
      if (!text.ok()) {
        const bool unusable = text.error().kind == ErrorKind::Unsupported;
        return error_response(engine_error(unusable ? 500 : 400, "the chat template refused the conversation: " + text.error().message,
                                           unusable ? "" : "messages"));
      }
      rendered = *text;
      auto t = engine.chat_prompt_tokens(*text);
      if (!t.ok()) return error_response(engine_error(500, t.error().message));
      tokens = std::move(*t);
      // A model with recurrent state keeps it where the next request of this conversation starts.
      checkpoint_at = engine.conversation_checkpoint(in, tokens);
    } else {
      auto t = engine.tokenize(r.prompt, /*add_special=*/true, /*parse_special=*/true);
      if (!t.ok()) return error_response(engine_error(500, t.error().message));
      tokens = std::move(*t);
    }
    if (tokens.empty())
      return error_response(bad_request(prompt_field, std::string(prompt_field) + ": the prompt has no tokens"));
    const int32_t limit = config.max_prompt_tokens > 0 ? std::min(config.max_prompt_tokens, n_ctx) : n_ctx;
    if (static_cast<int64_t>(tokens.size()) > limit)
      return error_response(make_api_error(413,
                                           std::string(prompt_field) + ": the prompt has " + std::to_string(tokens.size()) +
                                               " tokens, more than the " + std::to_string(limit) +
                                               " this server accepts (the model's context is " + std::to_string(n_ctx) + ")",
                                           "invalid_request_error", prompt_field, "context_length_exceeded"));

    GenerationRequest g;
    g.prompt_tokens = std::move(tokens);
    g.state_checkpoint_at = checkpoint_at;
    g.n_predict = r.max_tokens;
    g.sampling = r.sampling;
    g.stop_at_end_of_generation = !r.ignore_eos;
    apply_output_settings(r, engine.output_format(), g);
    const bool split = g.split_reply;
    auto job = std::make_shared<Job>(std::move(g), r.stop);

    ResponseIds ids;
    ids.id = std::string(chat ? "chatcmpl-" : "cmpl-") + std::to_string(started_at) + "-" + std::to_string(next_id++);
    ids.created = unix_now();
    ids.model = model_id;
    // The answer is written as it is produced (chunked), streamed or not, so that a client that
    // goes away is noticed while it waits. The stream's end (or drop) ends the count.
    open_responses.fetch_add(1);  // before the job is visible to stop()
    HttpResponse res;
    ReplyEncoder encoder(ids, chat, r.stream, r.has_tools(), r.include_usage);
    if (split) encoder.split_reasoning(engine.output_format(), prompt_tail(rendered));
    res.status = 200;
    res.content_type = r.stream ? "text/event-stream" : "application/json";
    res.set_header("Cache-Control", "no-cache");
    res.stream = std::make_shared<JobStream>(job, std::move(encoder), model_path, open_responses);
    queue.submit(job);
    return res;
  }
};

Server::Server(Engine& engine, ServerConfig config, LoadFn load, Executor executor)
    : impl_(std::make_unique<Impl>(engine, std::move(config), std::move(load), std::move(executor))) {}

Server::~Server() { stop(); }

Status Server::start() {
  if (std::string bad = check_config(impl_->config); !bad.empty()) return make_error(ErrorKind::InvalidArgument, bad);
  Impl& s = *impl_;
  GenerationQueue::LoadFn queue_load = [&s](Engine& e) { return s.after_load(e); };
  if (s.loaded_by_owner) {
    // The model's facts are read here and the queue is ready before the first request: as a task
    // on the owner's thread this would wait behind the owner's own work (a chat reply being
    // generated), and until it ran every request, the model list too, would be answered 503.
    if (!s.engine.loaded()) return make_error(ErrorKind::InvalidArgument, "the server's engine has no model loaded");
    TESSERA_TRY(s.after_load(s.engine));
    queue_load = {};
  }
  if (std::string why = s.http.bind(s.config.host, s.config.port); !why.empty()) return make_error(ErrorKind::Io, why);
  if (std::string why = s.http.start(); !why.empty()) return make_error(ErrorKind::Io, why);
  if (std::string why = s.queue.start(std::move(queue_load)); !why.empty()) {
    s.http.stop();
    return make_error(ErrorKind::Io, why);
  }
  return {};
}

int Server::port() const { return impl_->http.port(); }

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
    for (int i = 0; i < 2000 && s.open_responses.load() > 0 && s.http.running(); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    s.http.stop();
  });
}

bool Server::running() const { return impl_->http.running(); }
int Server::connections() const { return impl_->http.connections(); }
const ServerConfig& Server::config() const { return impl_->config; }
const ServerMetrics& Server::metrics() const { return impl_->metrics; }
std::string Server::model_id() const { return impl_->model_id; }

}  // namespace tessera::server
