// The server under hostile load, bounded and on loopback only (ctest label server): while 8
// slowloris connections send a byte a second, header floods, oversized chunked bodies, compressed
// bodies, deeply nested JSON and 100 concurrent streams arrive; meanwhile /health must answer
// within a second every time, a chat must complete, and the process's resident memory must stay
// within kRssGrowthBound of what it was before. Takes a few seconds (Release); prints its figures.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

#include "openai_request.h"
#include "raw_client.h"
#include "server_harness.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using nlohmann::json;
using test::raw_get;
using test::raw_post;
using test::RawClient;
using namespace std::chrono_literals;

// Bodies in flight are capped at 64 MiB (HttpLimits::max_body_bytes_in_flight); headers at 32 KiB
// a connection. 128 MiB leaves room for the allocator's slack, not for a flood kept in memory.
constexpr size_t kRssGrowthBound = 128u << 20;
const std::string kKey = "Authorization: Bearer k\r\n";

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAsan = true;  // its quarantine holds freed memory: RSS says nothing there
#else
constexpr bool kAsan = false;
#endif

// Whether the server's JSON parsing bounds nesting (issue 38, item 1: a refusal that says so). If
// it does, the test sends JSON nested 100,000 deep (the audit's crash); if not, a depth that the
// unbounded parser survives, so that this suite does not crash before that fix is in.
bool json_nesting_is_bounded() {
  const std::string deep = "{\"messages\":" + std::string(1000, '[') + std::string(1000, ']') + "}";
  auto parsed = server::parse_chat_request(deep, {}, -1);
  auto* e = std::get_if<server::ApiError>(&parsed);
  if (!e) return false;
  std::string m = e->message;
  std::transform(m.begin(), m.end(), m.begin(), [](unsigned char c) { return std::tolower(c); });
  return m.find("nest") != std::string::npos || m.find("deep") != std::string::npos;
}

// Stops the background clients: they wait on it instead of sleeping.
struct StopFlag {
  std::mutex mutex;
  std::condition_variable cv;
  bool stop = false;
  // Waits `d` or until stopped; true when stopped.
  bool wait(std::chrono::milliseconds d) {
    std::unique_lock lock(mutex);
    return cv.wait_for(lock, d, [&] { return stop; });
  }
  void set() {
    {
      std::lock_guard lock(mutex);
      stop = true;
    }
    cv.notify_all();
  }
};

// Runs `n` copies of `f(i)` at once and returns their results.
template <class F>
std::vector<int> in_parallel(int n, F f) {
  std::vector<int> out(static_cast<size_t>(n));
  std::vector<std::thread> threads;
  for (int i = 0; i < n; ++i) threads.emplace_back([&, i] { out[static_cast<size_t>(i)] = f(i); });
  for (auto& t : threads) t.join();
  return out;
}

int status_of(RawClient& c, std::chrono::milliseconds timeout = 20s) {
  auto r = c.read_response(timeout);
  return r ? r->status : 0;  // 0: no answer (the connection was reset first)
}

std::string counts(const std::vector<int>& statuses) {
  std::map<int, int> n;
  for (int s : statuses) ++n[s];
  std::string out;
  for (auto [s, k] : n) out += (out.empty() ? "" : ", ") + std::to_string(k) + "x" + std::to_string(s);
  return out;
}

// The model generating for the 100 streams: stories260K (a fixture; 1.2 MB, ~50x faster than the
// tiny model, which keeps the ASan run short), else the tiny model.
std::string load_test_model() {
  const auto small = test::fixture("models/stories260K-f32.gguf");
  std::error_code ec;
  return std::filesystem::is_regular_file(small, ec) ? small.string() : test::tiny_model_path();
}

TEST(ServerLoad, HostileClientsNeitherStallTheServerNorGrowIt) {
  server::ServerConfig config;
  config.api_key = "k";  // the floods arrive before authentication, as an attacker's would
  const std::string model = load_test_model();
  test::TestServer s(config, [&](Engine& e) { return e.load(model, test::tiny_load_settings(512)); });
  ASSERT_TRUE(s.server().wait_until_loaded().ok());
  const int port = s.port();
  {
    RawClient warm(port);  // a first generation's allocations belong to the baseline
    warm.send(raw_post(port, "/v1/completions", R"({"prompt":"Once","max_tokens":2,"temperature":0})", "application/json", kKey));
    ASSERT_EQ(status_of(warm, 60s), 200);
  }
  const size_t rss_before = test::resident_bytes();
  std::atomic<size_t> rss_peak{rss_before};
  const auto started = std::chrono::steady_clock::now();

  StopFlag stop;
  // /health every 50 ms on a new connection: the slowest answer, and any failure.
  std::atomic<int64_t> worst_health_us{0};
  std::atomic<int> health_answers{0}, health_failures{0};
  std::thread prober([&] {
    do {
      const auto t0 = std::chrono::steady_clock::now();
      RawClient c(port);
      std::optional<test::RawResponse> r;
      if (c.send(raw_get(port, "/health"))) r = c.read_response(5s);
      const int64_t us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count();
      if (r && r->status == 200)
        ++health_answers;
      else
        ++health_failures;
      worst_health_us.store(std::max(worst_health_us.load(), us));
      rss_peak.store(std::max(rss_peak.load(), test::resident_bytes()));
    } while (!stop.wait(50ms));
  });
  // Slowloris: 8 connections sending a request a byte a second, for as long as the test runs.
  std::vector<std::thread> slow;
  for (int i = 0; i < 8; ++i)
    slow.emplace_back([&] {
      RawClient c(port);
      const std::string request = raw_get(port, "/v1/models", kKey + "X-Slow: " + std::string(200, 'a') + "\r\n");
      for (size_t at = 0; at < request.size() && c.send(request.substr(at, 1)); ++at)
        if (stop.wait(1000ms)) break;
    });

  // Header floods: a megabyte of header lines each, 8 at once: 431 after 32 KiB, nothing kept.
  const std::string line = "X-Flood: " + std::string(100, 'b') + "\r\n";
  std::string megabyte;
  while (megabyte.size() < (1u << 20)) megabyte += line;
  const auto header_floods = in_parallel(8, [&](int) {
    RawClient c(port);
    c.send("GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    c.send(megabyte);
    return status_of(c);
  });
  std::string many_fields;
  for (int i = 0; i < 2000; ++i) many_fields += "a" + std::to_string(i) + ": b\r\n";
  const auto field_floods = in_parallel(4, [&](int) {
    RawClient c(port);
    c.send("GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\n" + many_fields + "\r\n");
    return status_of(c);
  });
  const auto long_lines = in_parallel(4, [&](int) {
    RawClient c(port);
    c.send("GET /" + std::string(1u << 20, 'x') + " HTTP/1.1\r\n");
    return status_of(c);
  });
  // Chunked bodies of 9 MiB, 8 at once: 413 at 8 MiB each (or 503 when all bodies in flight
  // together pass 64 MiB), whatever the sender goes on sending.
  const std::string chunk = RawClient::chunk(std::string(64u << 10, 'c'));
  const auto chunked_floods = in_parallel(8, [&](int) {
    RawClient c(port);
    c.send("POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n" + kKey +
           "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
    for (int i = 0; i < 144 && c.send(chunk); ++i) {
    }
    return status_of(c);
  });
  // Compressed bodies: refused at the header, the body never read (or inflated).
  const auto compressed = in_parallel(4, [&](int) {
    RawClient c(port);
    c.send("POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n" + kKey +
           "Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 8000000\r\n\r\n");
    c.send(std::string(1u << 20, '\x1f'));
    return status_of(c);
  });
  // Deeply nested JSON.
  const bool bounded = json_nesting_is_bounded();
  const size_t depth = bounded ? 100000 : 2000;
  const std::string deep = "{\"messages\":" + std::string(depth, '[') + std::string(depth, ']') + "}";
  const auto deep_json = in_parallel(4, [&](int) {
    RawClient c(port);
    c.send(raw_post(port, "/v1/chat/completions", deep, "application/json", kKey));
    return status_of(c);
  });

  // 100 streams at once: all connected and asked before any is read, 8 tokens each.
  const std::string stream_body =
      R"({"prompt":"Once upon","max_tokens":8,"ignore_eos":true,"temperature":0,"stream":true})";
  std::vector<std::unique_ptr<RawClient>> streams;
  for (int i = 0; i < 100; ++i) {
    streams.push_back(std::make_unique<RawClient>(port));
    streams.back()->send(raw_post(port, "/v1/completions", stream_body, "application/json", kKey));
  }
  int64_t deepest_queue = 0;
  const bool all_open = test::eventually([&] {
    deepest_queue = std::max(deepest_queue, s.server().metrics().queue_depth.load());
    return s.server().connections() >= 100;
  });
  int streams_done = 0;
  for (auto& c : streams) {
    deepest_queue = std::max(deepest_queue, s.server().metrics().queue_depth.load());
    auto r = c->read_response(60s);
    if (r && r->status == 200 && r->body.find("data: [DONE]") != std::string::npos) ++streams_done;
  }
  streams.clear();
  // And a chat, with the slow clients still there.
  RawClient chat(port);
  chat.send(raw_post(port, "/v1/chat/completions",
                     R"({"messages":[{"role":"user","content":"Hello"}],"max_tokens":4,"temperature":0})",
                     "application/json", kKey));
  const int chat_status = status_of(chat, 60s);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  stop.set();
  prober.join();
  for (auto& t : slow) t.join();
  rss_peak.store(std::max(rss_peak.load(), test::resident_bytes()));
  const double growth_mib = (static_cast<double>(rss_peak.load()) - static_cast<double>(rss_before)) / (1 << 20);

  std::printf("load (%s): %.1f s; /health %d answers, %d failures, slowest %.1f ms; 100 streams: %d completed, deepest queue %lld; "
              "chat %d; RSS %.0f MiB before, peak growth %.1f MiB%s\n"
              "      header floods [%s], field floods [%s], long request lines [%s], chunked floods [%s], "
              "compressed [%s], JSON nested %zu deep [%s]\n",
              std::filesystem::path(model).filename().c_str(), seconds, health_answers.load(), health_failures.load(), worst_health_us.load() / 1000.0, streams_done,
              static_cast<long long>(deepest_queue), chat_status, rss_before / double(1 << 20), growth_mib,
              kAsan ? " (ASan: not checked)" : "", counts(header_floods).c_str(), counts(field_floods).c_str(),
              counts(long_lines).c_str(), counts(chunked_floods).c_str(), counts(compressed).c_str(), depth,
              counts(deep_json).c_str());

  EXPECT_EQ(health_failures.load(), 0);
  EXPECT_GT(health_answers.load(), 3);
  EXPECT_LT(worst_health_us.load(), 1'000'000) << "/health took longer than a second";
  EXPECT_TRUE(all_open) << "the 100 streams were not all connected at once";
  EXPECT_EQ(streams_done, 100);
  EXPECT_EQ(chat_status, 200);
  // Every flood was answered with its limit's status (0 would be a connection reset first).
  for (int st : header_floods) EXPECT_EQ(st, 431);
  for (int st : field_floods) EXPECT_EQ(st, 431);
  for (int st : long_lines) EXPECT_EQ(st, 414);
  for (int st : chunked_floods) EXPECT_TRUE(st == 413 || st == 503) << st;
  for (int st : compressed) EXPECT_EQ(st, 415);
  for (int st : deep_json) EXPECT_EQ(st, 400) << "JSON nested " << depth << " deep";
  if (!kAsan) {
    EXPECT_LT(rss_peak.load() - std::min(rss_peak.load(), rss_before), kRssGrowthBound);
  }
}

}  // namespace
}  // namespace tessera
