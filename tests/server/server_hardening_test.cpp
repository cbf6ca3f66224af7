// The server against clients that do not play by the rules, over real loopback sockets with raw
// bytes (raw_client.h): the exact requests browsers send for a page's cross-origin fetch, CORS
// preflights, framing that a proxy could read differently, pipelining, half-closed clients,
// connection caps and the whole-request deadline. One server per test where a limit differs.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>

#include "raw_client.h"
#include "server_harness.h"

namespace tessera {
namespace {

using nlohmann::json;
using test::raw_get;
using test::raw_post;
using test::RawClient;
using test::TestServer;
using ::testing::HasSubstr;

const std::string kChat =
    R"({"model":"tessera-tiny","messages":[{"role":"user","content":"Tell me a story."}],"max_tokens":2,"temperature":0})";

// What Chromium sends for fetch(url, {mode: 'no-cors', method: 'POST', headers: {'Content-Type':
// 'text/plain'}, body}) from a page on https://attacker.example (a "simple" request: no preflight).
std::string browser_no_cors_post(int port, const std::string& body) {
  return "POST /v1/chat/completions HTTP/1.1\r\n"
         "Host: 127.0.0.1:" + std::to_string(port) + "\r\n"
         "Connection: keep-alive\r\n"
         "Content-Length: " + std::to_string(body.size()) + "\r\n"
         "sec-ch-ua-platform: \"Linux\"\r\n"
         "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36\r\n"
         "sec-ch-ua: \"Chromium\";v=\"131\", \"Not_A Brand\";v=\"24\"\r\n"
         "Content-Type: text/plain;charset=UTF-8\r\n"
         "sec-ch-ua-mobile: ?0\r\n"
         "Accept: */*\r\n"
         "Origin: https://attacker.example\r\n"
         "Sec-Fetch-Site: cross-site\r\n"
         "Sec-Fetch-Mode: no-cors\r\n"
         "Sec-Fetch-Dest: empty\r\n"
         "Referer: https://attacker.example/\r\n"
         "Accept-Encoding: gzip, deflate, br, zstd\r\n"
         "Accept-Language: en-US,en;q=0.9\r\n"
         "\r\n" + body;
}

// What Chromium sends before fetch(url, {method: 'POST', headers: {'Content-Type':
// 'application/json', 'Authorization': 'Bearer K'}, body}) from `origin`.
std::string browser_preflight(int port, const std::string& origin) {
  return "OPTIONS /v1/chat/completions HTTP/1.1\r\n"
         "Host: 127.0.0.1:" + std::to_string(port) + "\r\n"
         "Connection: keep-alive\r\n"
         "Accept: */*\r\n"
         "Access-Control-Request-Method: POST\r\n"
         "Access-Control-Request-Headers: authorization,content-type\r\n"
         "Origin: " + origin + "\r\n"
         "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36\r\n"
         "Sec-Fetch-Mode: cors\r\n"
         "Sec-Fetch-Site: cross-site\r\n"
         "Sec-Fetch-Dest: empty\r\n"
         "Referer: " + origin + "/\r\n"
         "Accept-Encoding: gzip, deflate, br, zstd\r\n"
         "Accept-Language: en-US,en;q=0.9\r\n"
         "\r\n";
}

std::string browser_json_post(int port, const std::string& origin, const std::string& key, const std::string& body) {
  return "POST /v1/chat/completions HTTP/1.1\r\n"
         "Host: 127.0.0.1:" + std::to_string(port) + "\r\n"
         "Connection: keep-alive\r\n"
         "Content-Length: " + std::to_string(body.size()) + "\r\n"
         "authorization: Bearer " + key + "\r\n"
         "content-type: application/json\r\n"
         "Accept: */*\r\n"
         "Origin: " + origin + "\r\n"
         "Sec-Fetch-Site: cross-site\r\n"
         "Sec-Fetch-Mode: cors\r\n"
         "Sec-Fetch-Dest: empty\r\n"
         "Referer: " + origin + "/\r\n"
         "\r\n" + body;
}

class ServerHardening : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server::ServerConfig config;
    config.api_key = "sesame";
    config.allowed_origins = {"http://localhost:3000"};
    server_ = new TestServer(config);
    ASSERT_TRUE(server_->server().wait_until_loaded().ok());
  }
  static void TearDownTestSuite() { delete server_; }
  static int port() { return server_->port(); }
  static TestServer* server_;
};
TestServer* ServerHardening::server_ = nullptr;

TEST_F(ServerHardening, AWebPagesNoCorsPostIsRefusedBeforeAnythingRuns) {
  const int64_t generations = server_->server().metrics().generations();
  RawClient c(port());
  ASSERT_TRUE(c.send(browser_no_cors_post(port(), kChat)));
  auto r = c.read_response();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403);
  EXPECT_EQ(json::parse(r->body)["error"]["code"], "forbidden_origin");
  EXPECT_EQ(r->header("access-control-allow-origin"), "") << "the page may not even read the refusal";
  // From an allowed origin the same simple request is still refused: it is not JSON (a no-cors
  // request cannot carry a key; given one, the type alone refuses it).
  std::string allowed = browser_no_cors_post(port(), kChat);
  allowed.replace(allowed.find("https://attacker.example"), 24, "http://localhost:3000");
  allowed.insert(allowed.find("Accept: */*"), "Authorization: Bearer sesame\r\n");
  RawClient d(port());
  ASSERT_TRUE(d.send(allowed));
  r = d.read_response();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 415);
  EXPECT_THAT(r->body, HasSubstr("application/json"));
  EXPECT_EQ(server_->server().metrics().generations(), generations) << "nothing generated for a page";
}

TEST_F(ServerHardening, APreflightedJsonRequestWorksOnlyFromAnAllowedOrigin) {
  RawClient evil(port());
  ASSERT_TRUE(evil.send(browser_preflight(port(), "https://attacker.example")));
  auto r = evil.read_response();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403);
  EXPECT_EQ(r->header("access-control-allow-origin"), "");

  RawClient page(port());
  ASSERT_TRUE(page.send(browser_preflight(port(), "http://localhost:3000")));
  r = page.read_response();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 204);
  EXPECT_EQ(r->header("access-control-allow-origin"), "http://localhost:3000");
  EXPECT_THAT(r->header("access-control-allow-methods"), HasSubstr("POST"));
  EXPECT_THAT(r->header("access-control-allow-headers"), HasSubstr("authorization"));
  EXPECT_THAT(r->header("access-control-allow-headers"), HasSubstr("content-type"));
  // The request itself, on the same connection (keep-alive), with the key in lower case.
  ASSERT_TRUE(page.send(browser_json_post(port(), "http://localhost:3000", "sesame", kChat)));
  r = page.read_response(std::chrono::seconds(60));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(r->header("access-control-allow-origin"), "http://localhost:3000");
  EXPECT_EQ(json::parse(r->body)["object"], "chat.completion");
  // A wrong key from the allowed page: the page may read why.
  ASSERT_TRUE(page.send(browser_json_post(port(), "http://localhost:3000", "sesam", kChat)));
  r = page.read_response();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 401);
  EXPECT_EQ(r->header("access-control-allow-origin"), "http://localhost:3000");
}

TEST_F(ServerHardening, TheBearerSchemeIsCaseInsensitive) {
  for (const char* scheme : {"Bearer", "bearer", "BEARER"}) {
    RawClient c(port());
    ASSERT_TRUE(c.send(raw_get(port(), "/v1/models", std::string("Authorization: ") + scheme + " sesame\r\n")));
    auto r = c.read_response();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200) << scheme;
  }
}

TEST_F(ServerHardening, FramingThatAProxyCouldReadDifferentlyIs400) {
  const std::string head = "POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sesame\r\n"
                           "Content-Type: application/json\r\n";
  for (const std::string& framing : {std::string("Content-Length: 2\r\nContent-Length: 3\r\n"),
                                     std::string("Content-Length: 2\r\nContent-Length: 2\r\n"),
                                     std::string("Content-Length: 2\r\nTransfer-Encoding: chunked\r\n"),
                                     std::string("Transfer-Encoding: chunked\r\nContent-Length: 2\r\n")}) {
    RawClient c(port());
    ASSERT_TRUE(c.send(head + framing + "\r\n{}"));
    auto r = c.read_response();
    ASSERT_TRUE(r) << framing;
    EXPECT_EQ(r->status, 400) << framing;
    EXPECT_EQ(r->header("connection"), "close");
    EXPECT_TRUE(c.closed_by_server(std::chrono::seconds(5))) << "nothing after an unframed body is read as a request";
  }
}

TEST_F(ServerHardening, CompressedAndChunkedBodies) {
  const std::string head = "POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sesame\r\n"
                           "Content-Type: application/json\r\n";
  RawClient gz(port());
  ASSERT_TRUE(gz.send(head + "Content-Encoding: gzip\r\nContent-Length: 4\r\n\r\n\x1f\x8b\x08\x00"));
  auto r = gz.read_response();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 415);
  EXPECT_EQ(json::parse(r->body)["error"]["code"], "unsupported_content_encoding");
  // A chunked body is read and answered like any other.
  const std::string body = R"({"prompt":"The cat","max_tokens":2,"temperature":0})";
  RawClient chunked(port());
  ASSERT_TRUE(chunked.send(head + "Transfer-Encoding: chunked\r\n\r\n" + test::RawClient::chunk(body.substr(0, 10)) +
                           test::RawClient::chunk(body.substr(10)) + "0\r\n\r\n"));
  r = chunked.read_response(std::chrono::seconds(60));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(json::parse(r->body)["object"], "text_completion");
}

TEST_F(ServerHardening, PipelinedRequestsAreAnsweredInOrder) {
  const std::string key = "Authorization: Bearer sesame\r\n";
  RawClient c(port());
  ASSERT_TRUE(c.send(raw_get(port(), "/health") + raw_post(port(), "/v1/completions",
                                                          R"({"prompt":"The dog","max_tokens":2,"temperature":0})",
                                                          "application/json", key) +
                     raw_get(port(), "/v1/models", key) + raw_get(port(), "/nothing", key)));
  auto a = c.read_response();
  auto b = c.read_response(std::chrono::seconds(60));
  auto m = c.read_response();
  auto n = c.read_response();
  ASSERT_TRUE(a && b && m && n);
  EXPECT_EQ(a->status, 200);
  EXPECT_EQ(json::parse(a->body)["status"], "ok");
  EXPECT_EQ(b->status, 200);
  EXPECT_EQ(json::parse(b->body)["object"], "text_completion");
  EXPECT_EQ(m->status, 200);
  EXPECT_EQ(json::parse(m->body)["object"], "list");
  EXPECT_EQ(n->status, 404);
}

TEST_F(ServerHardening, AHalfClosedClientStillGetsItsAnswers) {
  RawClient c(port());
  ASSERT_TRUE(c.send(raw_get(port(), "/health") + raw_get(port(), "/v1/models", "Authorization: Bearer sesame\r\n")));
  c.shutdown_write();
  auto a = c.read_response();
  auto b = c.read_response();
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->status, 200);
  EXPECT_EQ(b->status, 200);
  EXPECT_TRUE(c.closed_by_server(std::chrono::seconds(5)));
}

TEST_F(ServerHardening, HttpOneZeroIsAnsweredAndClosed) {
  RawClient c(port());
  ASSERT_TRUE(c.send("GET /health HTTP/1.0\r\n\r\n"));
  auto r = c.read_response();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_TRUE(c.closed_by_server(std::chrono::seconds(5)));
}

TEST(ServerLimits, ConnectionsPerClientAreCapped) {
  server::ServerConfig config;
  config.limits.max_connections_per_client = 4;
  TestServer s(config, [](Engine&) { return Status{}; });  // no model: /health answers 503, enough here
  std::vector<std::unique_ptr<RawClient>> held;
  for (int i = 0; i < 4; ++i) held.push_back(std::make_unique<RawClient>(s.port()));
  // The server counts a connection once it has accepted it: wait until all four are.
  ASSERT_TRUE(test::eventually([&] { return s.server().connections() == 4; }));
  RawClient fifth(s.port());
  auto r = fifth.read_response();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 503);
  EXPECT_EQ(json::parse(r->body)["error"]["code"], "too_many_connections");
  EXPECT_THAT(r->body, HasSubstr("127.0.0.1"));
  held.pop_back();
  ASSERT_TRUE(test::eventually([&] { return s.server().connections() == 3; }));
  RawClient again(s.port());
  ASSERT_TRUE(again.send(raw_get(s.port(), "/health")));
  r = again.read_response();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 503);
  EXPECT_EQ(json::parse(r->body)["status"], "error") << "served (no model loaded), not refused";
}

TEST(ServerLimits, ARequestMustArriveWithinTheDeadline) {
  server::ServerConfig config;
  config.limits.request_timeout = std::chrono::milliseconds(300);
  TestServer s(config, [](Engine&) { return Status{}; });
  RawClient slow(s.port());
  ASSERT_TRUE(slow.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
  const auto start = std::chrono::steady_clock::now();
  // It keeps sending, a byte at a time: the deadline counts from the request's first byte.
  std::optional<test::RawResponse> r;
  for (int i = 0; i < 40 && !r; ++i) {
    slow.send("a");
    r = slow.read_response(std::chrono::milliseconds(50));
  }
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 408);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  EXPECT_TRUE(slow.closed_by_server(std::chrono::seconds(5)));
}

TEST(ServerLimits, AFailedLoadNamesNoServerPath) {
  TestServer s({}, [](Engine& e) { return e.load("/nonexistent/dir/model.gguf", test::tiny_load_settings()); });
  EXPECT_FALSE(s.server().wait_until_loaded().ok());
  for (const char* path : {"/health", "/v1/models"}) {
    RawClient c(s.port());
    ASSERT_TRUE(c.send(raw_get(s.port(), path)));
    auto r = c.read_response();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 503);
    EXPECT_THAT(r->body, HasSubstr("model.gguf")) << path;
    EXPECT_THAT(r->body, ::testing::Not(HasSubstr("/nonexistent"))) << path;
  }
}

}  // namespace
}  // namespace tessera
