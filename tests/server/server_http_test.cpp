// The OpenAI-compatible server over real HTTP: a server on an ephemeral loopback port with the
// tiny model, cpp-httplib clients, and the engine itself as the reference for what greedy
// generation must return.
#include <atomic>
#include <future>
#include <mutex>
#include <set>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "server_harness.h"

namespace tessera {
namespace {

using nlohmann::json;
using test::eventually;
using test::post_stream;
using test::TestServer;
using ::testing::HasSubstr;

json chat_body(int max_tokens, bool stream = false) {
  return {{"model", "tessera-tiny"},
          {"messages", {{{"role", "system"}, {"content", "You are a helpful assistant."}},
                        {{"role", "user"}, {"content", "Tell me a story about a cat."}}}},
          {"max_tokens", max_tokens},
          {"temperature", 0},
          {"stream", stream}};
}

json completion_body(const std::string& prompt, int max_tokens) {
  return {{"model", "tessera-tiny"}, {"prompt", prompt}, {"max_tokens", max_tokens}, {"temperature", 0}};
}

json post(httplib::Client& c, const std::string& path, const json& body, int* status = nullptr) {
  auto res = c.Post(path, body.dump(), "application/json");
  if (!res) {
    ADD_FAILURE() << "no response from " << path << ": " << httplib::to_string(res.error());
    return json();
  }
  if (status) *status = res->status;
  return json::parse(res->body);
}

// What the engine itself generates greedily for the same input (the reference).
struct Reference {
  Engine engine;
  Reference() { EXPECT_TRUE(engine.load(test::tiny_model_path(), test::tiny_load_settings()).ok()); }
  std::string chat(const std::vector<ChatMessage>& messages, int n) {
    GenerationRequest r;
    r.n_predict = n;
    r.sampling.temperature = 0;
    auto out = engine.chat(messages, r);
    EXPECT_TRUE(out.ok());
    return out.ok() ? out->text : "";
  }
  std::string complete(const std::string& prompt, int n, bool ignore_eos = false) {
    GenerationRequest r;
    r.prompt = prompt;
    r.parse_special = true;
    r.n_predict = n;
    r.sampling.temperature = 0;
    r.stop_at_end_of_generation = !ignore_eos;
    auto out = engine.generate(r);
    EXPECT_TRUE(out.ok());
    return out.ok() ? out->text : "";
  }
};

class ServerHttp : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new TestServer();
    ASSERT_TRUE(server_->server().wait_until_loaded().ok());
    reference_ = new Reference();
  }
  static void TearDownTestSuite() {
    delete server_;
    delete reference_;
  }
  static TestServer* server_;
  static Reference* reference_;
};
TestServer* ServerHttp::server_ = nullptr;
Reference* ServerHttp::reference_ = nullptr;

const std::vector<ChatMessage> kStoryChat = {{"system", "You are a helpful assistant."},
                                             {"user", "Tell me a story about a cat."}};

TEST_F(ServerHttp, HealthAndModels) {
  auto c = server_->client();
  auto health = c->Get("/health");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);
  EXPECT_EQ(json::parse(health->body)["status"], "ok");
  auto models = c->Get("/v1/models");
  ASSERT_TRUE(models);
  ASSERT_EQ(models->status, 200);
  const json m = json::parse(models->body);
  EXPECT_EQ(m["object"], "list");
  ASSERT_EQ(m["data"].size(), 1u);
  EXPECT_EQ(m["data"][0]["id"], "tessera-tiny");
  EXPECT_EQ(m["data"][0]["object"], "model");
  auto one = c->Get("/v1/models/tessera-tiny");
  ASSERT_TRUE(one);
  EXPECT_EQ(one->status, 200);
  auto missing = c->Get("/v1/models/gpt-4");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
  EXPECT_EQ(json::parse(missing->body)["error"]["code"], "model_not_found");
}

TEST_F(ServerHttp, ChatCompletionIsTheEngineGreedyReplyWithUsage) {
  auto c = server_->client();
  int status = 0;
  const json r = post(*c, "/v1/chat/completions", chat_body(12), &status);
  ASSERT_EQ(status, 200) << r.dump();
  EXPECT_EQ(r["object"], "chat.completion");
  EXPECT_EQ(r["model"], "tessera-tiny");
  const json& choice = r["choices"][0];
  EXPECT_EQ(choice["message"]["role"], "assistant");
  EXPECT_EQ(choice["message"]["content"], reference_->chat(kStoryChat, 12));
  EXPECT_EQ(choice["finish_reason"], "length");
  EXPECT_EQ(r["usage"]["completion_tokens"], 12);
  EXPECT_GT(r["usage"]["prompt_tokens"].get<int>(), 5);
  EXPECT_EQ(r["usage"]["total_tokens"], r["usage"]["prompt_tokens"].get<int>() + 12);
}

TEST_F(ServerHttp, ChatStreamMatchesTheNonStreamedReply) {
  json body = chat_body(12, true);
  body["stream_options"] = {{"include_usage", true}};
  const test::SseStream s = post_stream(server_->port(), "/v1/chat/completions", body);
  ASSERT_EQ(s.status, 200) << s.raw;
  EXPECT_TRUE(s.done) << "no data: [DONE] at the end";
  ASSERT_GE(s.events.size(), 3u);
  EXPECT_EQ(s.events.front()["choices"][0]["delta"]["role"], "assistant");
  std::string text;
  std::string finish;
  json usage;
  for (const auto& e : s.events) {
    EXPECT_EQ(e["object"], "chat.completion.chunk");
    if (e.contains("usage")) usage = e["usage"];
    if (e["choices"].empty()) continue;
    const json& ch = e["choices"][0];
    if (ch["delta"].contains("content")) text += ch["delta"]["content"].get<std::string>();
    if (!ch["finish_reason"].is_null()) finish = ch["finish_reason"];
  }
  EXPECT_EQ(text, reference_->chat(kStoryChat, 12));
  EXPECT_EQ(finish, "length");
  ASSERT_TRUE(usage.is_object()) << "include_usage asked for a usage chunk";
  EXPECT_EQ(usage["completion_tokens"], 12);
  EXPECT_TRUE(s.events.back()["choices"].empty()) << "the usage chunk comes last, with no choices";
}

TEST_F(ServerHttp, CompletionAndStopSequence) {
  auto c = server_->client();
  const std::string prompt = "Once upon a time";
  const std::string full = reference_->complete(prompt, 24);
  int status = 0;
  const json r = post(*c, "/v1/completions", completion_body(prompt, 24), &status);
  ASSERT_EQ(status, 200) << r.dump();
  EXPECT_EQ(r["object"], "text_completion");
  EXPECT_EQ(r["choices"][0]["text"], full);
  // A stop sequence taken from the middle of that reply: the text ends right before it.
  const std::string stop = full.substr(full.size() / 2, 4);
  const size_t at = full.find(stop);
  json body = completion_body(prompt, 24);
  body["stop"] = json::array({"never appears here", stop});
  const json stopped = post(*c, "/v1/completions", body, &status);
  ASSERT_EQ(status, 200) << stopped.dump();
  EXPECT_EQ(stopped["choices"][0]["text"], full.substr(0, at));
  EXPECT_EQ(stopped["choices"][0]["finish_reason"], "stop");
  EXPECT_LT(stopped["usage"]["completion_tokens"].get<int>(), 24);
  // The same as a single string, streamed.
  body["stop"] = stop;
  body["stream"] = true;
  const test::SseStream s = post_stream(server_->port(), "/v1/completions", body);
  std::string text;
  for (const auto& e : s.events)
    if (!e["choices"].empty()) text += e["choices"][0]["text"].get<std::string>();
  EXPECT_EQ(text, full.substr(0, at));
  EXPECT_TRUE(s.done);
}

TEST_F(ServerHttp, MaxTokensEndsWithLength) {
  auto c = server_->client();
  int status = 0;
  const json r = post(*c, "/v1/completions", completion_body("The dog", 3), &status);
  ASSERT_EQ(status, 200);
  EXPECT_EQ(r["choices"][0]["finish_reason"], "length");
  EXPECT_EQ(r["usage"]["completion_tokens"], 3);
}

TEST_F(ServerHttp, SeedReproducesASampledReply) {
  auto c = server_->client();
  json body = completion_body("Once upon a time", 8);
  body["temperature"] = 1.0;
  body["top_k"] = 50;
  body["top_p"] = 0.9;
  body["min_p"] = 0.02;
  body["presence_penalty"] = 0.5;
  body["frequency_penalty"] = 0.3;
  body["seed"] = 1234;
  const json first = post(*c, "/v1/completions", body);
  const json again = post(*c, "/v1/completions", body);
  EXPECT_EQ(first["choices"][0]["text"], again["choices"][0]["text"]);
  std::set<std::string> seen;
  for (int seed = 1; seed <= 3; ++seed) {
    body["seed"] = seed;
    seen.insert(post(*c, "/v1/completions", body)["choices"][0]["text"].get<std::string>());
  }
  EXPECT_GT(seen.size(), 1u) << "the seed (and the sampling settings) reach the sampler";
}

TEST_F(ServerHttp, BadRequestsName400Fields) {
  auto c = server_->client();
  struct Case {
    json body;
    std::string param;
  };
  const std::vector<Case> cases = {
      {{{"messages", json::array()}}, "messages"},
      {{{"max_tokens", 4}}, "messages"},
      {{{"messages", {{{"role", "user"}, {"content", "hi"}}}}, {"max_tokens", "many"}}, "max_tokens"},
      {{{"messages", {{{"role", "user"}, {"content", "hi"}}}}, {"temperature", 7}}, "temperature"},
      {{{"messages", {{{"role", "user"}, {"content", "hi"}}}}, {"top_p", -1}}, "top_p"},
      {{{"messages", {{{"role", "user"}, {"content", "hi"}}}}, {"stop", 3}}, "stop"},
      {{{"messages", {{{"role", "wizard"}, {"content", "hi"}}}}}, "messages[0].role"},
      {{{"messages", {{{"role", "user"}, {"content", "hi"}}}}, {"tools", {{{"type", "function"}}}}}, "tools[0]"},
  };
  for (const auto& k : cases) {
    int status = 0;
    const json r = post(*c, "/v1/chat/completions", k.body, &status);
    EXPECT_EQ(status, 400) << k.body.dump();
    EXPECT_EQ(r["error"]["param"], k.param) << r.dump();
    EXPECT_EQ(r["error"]["type"], "invalid_request_error");
    EXPECT_THAT(r["error"]["message"].get<std::string>(), HasSubstr(k.param));
  }
  auto res = c->Post("/v1/chat/completions", "{not json", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_THAT(res->body, HasSubstr("not valid JSON"));
}

TEST_F(ServerHttp, UnknownRouteIs404AndAnotherModelNameIsServed) {
  auto c = server_->client();
  for (const char* path : {"/v2/chat", "/etc/passwd", "/../README.md", "/index.html"}) {
    auto res = c->Get(path);
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 404) << path;
    EXPECT_EQ(json::parse(res->body)["error"]["code"], "unknown_url") << path;
  }
  // As llama-server: the served model answers, and says so (--strict-model-name refuses instead:
  // server_reasoning_test.cpp).
  json body = chat_body(2);
  body["model"] = "gpt-4o";
  int status = 0;
  const json r = post(*c, "/v1/chat/completions", body, &status);
  EXPECT_EQ(status, 200);
  EXPECT_EQ(r["model"], "tessera-tiny");
}

TEST_F(ServerHttp, PromptLongerThanTheContextIs413) {
  auto c = server_->client();
  std::string text;
  for (int i = 0; i < 1500; ++i) text += "cat dog ";
  int status = 0;
  const json r = post(*c, "/v1/completions", completion_body(text, 4), &status);
  EXPECT_EQ(status, 413) << r.dump();
  EXPECT_EQ(r["error"]["code"], "context_length_exceeded");
  EXPECT_EQ(r["error"]["param"], "prompt");
  EXPECT_THAT(r["error"]["message"].get<std::string>(), HasSubstr("2048"));
}

TEST_F(ServerHttp, TwoConcurrentStreamsBothComplete) {
  const std::string prompt = "Once upon a time";
  const std::string expected = reference_->complete(prompt, 24, true);
  json body = completion_body(prompt, 24);
  body["stream"] = true;
  body["ignore_eos"] = true;
  auto run = [&] { return post_stream(server_->port(), "/v1/completions", body); };
  auto a = std::async(std::launch::async, run);
  auto b = std::async(std::launch::async, run);
  for (auto* f : {&a, &b}) {
    ASSERT_EQ(f->wait_for(std::chrono::seconds(100)), std::future_status::ready);
    const test::SseStream s = f->get();
    EXPECT_EQ(s.status, 200);
    EXPECT_TRUE(s.done);
    std::string text;
    for (const auto& e : s.events) text += e["choices"][0]["text"].get<std::string>();
    EXPECT_EQ(text, expected) << "queued requests generate one at a time, each as if alone";
  }
  EXPECT_EQ(server_->server().metrics().queue_depth.load(), 0);
}

TEST_F(ServerHttp, ClosingTheConnectionCancelsTheGeneration) {
  const auto& metrics = server_->server().metrics();
  const int64_t cancelled_before = metrics.cancelled();
  const int64_t tokens_before = metrics.generated_tokens();
  json body = completion_body("Once upon a time", 100000);
  body["stream"] = true;
  body["ignore_eos"] = true;  // left alone it would fill the 2048-token context
  int received = 0;
  post_stream(server_->port(), "/v1/completions", body, [&](const json&) { return ++received < 3; });
  ASSERT_TRUE(eventually([&] { return metrics.cancelled() == cancelled_before + 1; }))
      << "the server did not notice the closed connection";
  ASSERT_TRUE(eventually([&] { return metrics.active.load() == 0; }));
  const int64_t generated = metrics.generated_tokens() - tokens_before;
  // Stopped at the next token after the failed write: what was in flight in the socket, not the
  // 2000 tokens the context allows.
  EXPECT_LT(generated, 200) << "tokens generated for a client that had gone";
  // And the server still serves.
  auto c = server_->client();
  int status = 0;
  post(*c, "/v1/completions", completion_body("The dog", 2), &status);
  EXPECT_EQ(status, 200);
  auto m = c->Get("/metrics");
  ASSERT_TRUE(m);
  EXPECT_THAT(m->body, HasSubstr("tessera_requests_cancelled_total " + std::to_string(cancelled_before + 1)));
  EXPECT_THAT(m->body, HasSubstr("tessera_queue_depth 0"));
  EXPECT_THAT(m->body, HasSubstr("tessera_requests_active 0"));
}

TEST_F(ServerHttp, QueuedRequestsRunInArrivalOrderAndAClosedOneIsDropped) {
  const auto& metrics = server_->server().metrics();
  const int64_t generations_before = metrics.generations();
  const int64_t cancelled_before = metrics.cancelled();
  // Long enough for three more requests to queue behind it (it takes 0.3 to 10 s: Release to ASan).
  json long_body = completion_body("Once upon a time", 100);
  long_body["ignore_eos"] = true;
  long_body["stream"] = true;
  std::atomic<bool> generating{false};
  auto a = std::async(std::launch::async, [&] {
    return post_stream(server_->port(), "/v1/completions", long_body, [&](const json&) {
      generating = true;
      return true;
    });
  });
  ASSERT_TRUE(eventually([&] { return generating.load(); }));
  std::mutex mutex;
  std::vector<int> finished;
  auto submit = [&](int id) {
    return std::async(std::launch::async, [&, id] {
      auto c = server_->client(/*read_timeout_s=*/100);  // nothing arrives while it waits its turn
      int status = 0;
      post(*c, "/v1/completions", completion_body("The dog", 4), &status);
      EXPECT_EQ(status, 200);
      std::lock_guard lock(mutex);
      finished.push_back(id);
    });
  };
  auto b = submit(1);
  ASSERT_TRUE(eventually([&] { return metrics.queue_depth.load() == 1; }));
  auto c = submit(2);
  ASSERT_TRUE(eventually([&] { return metrics.queue_depth.load() == 2; }));
  // A third one waits too, and its client goes away before its turn (after the role chunk).
  const test::SseStream gone = post_stream(server_->port(), "/v1/chat/completions", chat_body(50, true),
                                           [](const json&) { return false; });
  EXPECT_EQ(gone.events.size(), 1u);
  auto m = server_->client()->Get("/metrics");
  ASSERT_TRUE(m);
  EXPECT_THAT(m->body, HasSubstr("tessera_queue_depth 3"));
  EXPECT_THAT(m->body, HasSubstr("tessera_requests_active 1"));
  ASSERT_EQ(a.wait_for(std::chrono::seconds(100)), std::future_status::ready);
  EXPECT_TRUE(a.get().done);
  b.wait();
  c.wait();
  EXPECT_EQ(finished, (std::vector<int>{1, 2})) << "first come, first served";
  ASSERT_TRUE(eventually([&] { return metrics.cancelled() == cancelled_before + 1; }));
  EXPECT_EQ(metrics.generations(), generations_before + 3) << "the closed request never generated";
  EXPECT_EQ(metrics.queue_depth.load(), 0);
}

TEST_F(ServerHttp, MetricsArePrometheusText) {
  auto c = server_->client();
  post(*c, "/v1/completions", completion_body("The cat", 2));
  // A request is counted once its response is written, just after the client has it.
  std::string body, type;
  EXPECT_TRUE(eventually([&] {
    auto m = c->Get("/metrics");
    if (!m || m->status != 200) return false;
    body = m->body;
    type = m->get_header_value("Content-Type");
    return body.find("tessera_requests_total{route=\"/v1/completions\",code=\"200\"}") != std::string::npos;
  }));
  EXPECT_THAT(type, HasSubstr("text/plain"));
  for (const char* family : {"# TYPE tessera_requests_total counter", "tessera_requests_total{route=\"/v1/completions\",code=\"200\"}",
                             "# TYPE tessera_generation_tokens_per_second gauge", "# TYPE tessera_queue_depth gauge",
                             "tessera_generated_tokens_total ", "tessera_model_loaded 1"})
    EXPECT_THAT(body, HasSubstr(family));
}

TEST(ServerSecurity, ApiKeyIsRequiredExceptForHealth) {
  server::ServerConfig config;
  config.api_key = "sesame";
  TestServer s(config);
  ASSERT_TRUE(s.server().wait_until_loaded().ok());
  auto c = s.client();
  auto none = c->Get("/v1/models");
  ASSERT_TRUE(none);
  EXPECT_EQ(none->status, 401);
  EXPECT_EQ(json::parse(none->body)["error"]["code"], "invalid_api_key");
  auto wrong = c->Get("/v1/models", {{"Authorization", "Bearer sesam"}});
  ASSERT_TRUE(wrong);
  EXPECT_EQ(wrong->status, 401);
  auto metrics = c->Get("/metrics");
  ASSERT_TRUE(metrics);
  EXPECT_EQ(metrics->status, 401);
  auto right = c->Get("/v1/models", {{"Authorization", "Bearer sesame"}});
  ASSERT_TRUE(right);
  EXPECT_EQ(right->status, 200);
  auto health = c->Get("/health");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);
}

TEST_F(ServerHttp, ALoopbackServerRefusesOtherHostNames) {
  auto c = server_->client();
  auto evil = c->Get("/v1/models", {{"Host", "attacker.example:8080"}});
  ASSERT_TRUE(evil);
  EXPECT_EQ(evil->status, 403);
  EXPECT_EQ(json::parse(evil->body)["error"]["code"], "forbidden_host");
  for (const char* host : {"localhost:8080", "127.0.0.1", "[::1]:80"}) {
    auto ok = c->Get("/v1/models", {{"Host", host}});
    ASSERT_TRUE(ok);
    EXPECT_EQ(ok->status, 200) << host;
  }
}

TEST(ServerSecurity, BodyOverTheLimitIs413) {
  server::ServerConfig config;
  config.limits.max_body_bytes = 4096;
  TestServer s(config);
  ASSERT_TRUE(s.server().wait_until_loaded().ok());
  auto c = s.client();
  const json body = completion_body(std::string(8000, 'a'), 2);
  auto res = c->Post("/v1/completions", body.dump(), "application/json");
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  EXPECT_EQ(res->status, 413);
  EXPECT_EQ(json::parse(res->body)["error"]["code"], "request_too_large");
  auto small = c->Post("/v1/completions", completion_body("The cat", 2).dump(), "application/json");
  ASSERT_TRUE(small);
  EXPECT_EQ(small->status, 200);
}

TEST(ServerSecurity, PromptTokenLimitIs413) {
  server::ServerConfig config;
  config.max_prompt_tokens = 8;
  TestServer s(config);
  ASSERT_TRUE(s.server().wait_until_loaded().ok());
  auto c = s.client();
  auto res = c->Post("/v1/completions", completion_body("one two three four five six seven eight nine ten", 2).dump(),
                     "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 413);
}

TEST(ServerSecurity, NonLoopbackHostNeedsAKeyOrInsecure) {
  server::ServerConfig config;
  config.host = "0.0.0.0";
  EXPECT_THAT(server::check_config(config), HasSubstr("--api-key"));
  config.api_key = "k";
  EXPECT_EQ(server::check_config(config), "");
  config.api_key.clear();
  config.insecure = true;
  EXPECT_EQ(server::check_config(config), "");
  for (const char* loopback : {"127.0.0.1", "127.1.2.3", "localhost", "::1"}) EXPECT_TRUE(server::is_loopback_host(loopback));
  for (const char* other : {"0.0.0.0", "192.168.1.2", "::", "example.com"}) EXPECT_FALSE(server::is_loopback_host(other));
}

TEST(ServerLoading, Answers503UntilTheModelIsLoaded) {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  TestServer s({}, [released](Engine& e) {
    released.wait_for(std::chrono::seconds(20));
    return e.load(test::tiny_model_path(), test::tiny_load_settings(256));
  });
  auto c = s.client();
  auto health = c->Get("/health");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 503);
  EXPECT_EQ(json::parse(health->body)["status"], "loading");
  int status = 0;
  const json r = post(*c, "/v1/chat/completions", chat_body(2), &status);
  EXPECT_EQ(status, 503);
  EXPECT_EQ(r["error"]["code"], "model_loading");
  release.set_value();
  ASSERT_TRUE(s.server().wait_until_loaded().ok());
  post(*c, "/v1/chat/completions", chat_body(2), &status);
  EXPECT_EQ(status, 200);
}

TEST(ServerLoading, AFailedLoadIsReportedAnd503) {
  TestServer s({}, [](Engine& e) { return e.load("/nonexistent/model.gguf", test::tiny_load_settings()); });
  EXPECT_FALSE(s.server().wait_until_loaded().ok());
  auto c = s.client();
  auto health = c->Get("/health");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 503);
  EXPECT_EQ(json::parse(health->body)["status"], "error");
  int status = 0;
  post(*c, "/v1/completions", completion_body("x", 1), &status);
  EXPECT_EQ(status, 503);
}

}  // namespace
}  // namespace tessera
