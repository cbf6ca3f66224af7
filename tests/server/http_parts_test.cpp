// The HTTP front's parts without sockets: the request reader's limits and framing rules
// (server/http/request_reader.h), the access policy (Host, Origin, CORS, API key, body type;
// server/http/access_policy.h) and the path scrubbing of client-facing messages (api_error.h).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "api_error.h"
#include "http/access_policy.h"
#include "http/request_reader.h"

namespace tessera::server::http {
namespace {

using ::testing::HasSubstr;
using State = RequestReader::State;

// Feeds `bytes` (in pieces of `step`, as a connection would), reading the body once the header
// is done; returns the reader's final state. `rest` gets what was not consumed.
State read_all(RequestReader& r, const std::string& bytes, size_t step = 1 << 20, std::string* rest = nullptr) {
  std::string pending;
  size_t given = 0;
  for (;;) {
    if (r.state() == State::HeaderDone) r.read_body();
    if (r.state() == State::NeedMore) {
      if (pending.empty() && given == bytes.size()) break;
      const size_t n = std::min(step, bytes.size() - given);
      pending.append(bytes, given, n);
      given += n;
      pending.erase(0, r.feed(pending));
      if (r.state() == State::NeedMore && given == bytes.size()) break;
      continue;
    }
    break;
  }
  if (rest) *rest = pending + bytes.substr(given);
  return r.state();
}

const std::string kHost = "Host: 127.0.0.1:8080\r\n";

TEST(RequestReader, AGetAndAPostWithABody) {
  HttpLimits limits;
  RequestReader r(limits, nullptr);
  EXPECT_EQ(read_all(r, "GET /v1/models/a%20b?x=1 HTTP/1.1\r\n" + kHost + "\r\n"), State::Complete);
  EXPECT_EQ(r.request().method, "GET");
  EXPECT_EQ(r.request().path, "/v1/models/a b");
  EXPECT_EQ(r.request().host, "127.0.0.1:8080");
  EXPECT_TRUE(r.request().keep_alive);
  r.reset();
  const std::string post = "POST /v1/completions HTTP/1.1\r\n" + kHost +
                           "content-type: application/json\r\nAuthorization: Bearer k\r\nContent-Length: 7\r\n\r\n{\"a\":1}";
  EXPECT_EQ(read_all(r, post, 3), State::Complete) << "fed three bytes at a time";
  EXPECT_EQ(r.request().body, "{\"a\":1}");
  EXPECT_EQ(r.request().content_type, "application/json");
  EXPECT_EQ(r.request().authorization, "Bearer k");
}

TEST(RequestReader, StopsAfterTheHeaderSoThatTheBodyCanBeRefusedUnread) {
  HttpLimits limits;
  RequestReader r(limits, nullptr);
  const std::string post = "POST /v1/completions HTTP/1.1\r\n" + kHost + "Content-Length: 5\r\n\r\nhello";
  const size_t used = r.feed(post);
  EXPECT_EQ(r.state(), State::HeaderDone);
  EXPECT_EQ(post.substr(used), "hello") << "the body is left for after the decision";
  EXPECT_TRUE(r.body_pending());
  r.read_body();
  r.feed(post.substr(used));
  EXPECT_EQ(r.state(), State::Complete);
  EXPECT_EQ(r.request().body, "hello");
}

TEST(RequestReader, ChunkedBodiesCountAgainstTheBodyLimit) {
  HttpLimits limits;
  limits.max_body_bytes = 10;
  RequestReader r(limits, nullptr);
  const std::string head = "POST /v1/completions HTTP/1.1\r\n" + kHost + "Transfer-Encoding: chunked\r\n\r\n";
  EXPECT_EQ(read_all(r, head + "5\r\nhello\r\n5\r\nworld\r\n0\r\n\r\n"), State::Complete);
  EXPECT_EQ(r.request().body, "helloworld");
  r.reset();
  // The third chunk passes the limit: refused there, whatever follows.
  EXPECT_EQ(read_all(r, head + "5\r\nhello\r\n5\r\nworld\r\n1\r\n!\r\n0\r\n\r\n", 2), State::Failed);
  EXPECT_EQ(r.status(), 413);
  r.reset();
  // A chunk announcing more than the limit is refused before its bytes come.
  EXPECT_EQ(read_all(r, head + "ffffffff\r\n"), State::Failed);
  EXPECT_EQ(r.status(), 413);
  r.reset();
  EXPECT_EQ(read_all(r, head + "5;" + std::string(8000, 'x')), State::Failed) << "chunk extensions without end";
  EXPECT_EQ(r.status(), 400);
}

// Chunked bodies arriving in any split, down to a byte at a time: every one completes with its
// body (fed a byte at a time, Beast's parser once met the end of the last chunk with fewer bytes
// than it assumes and aborted a build with assertions on, such as the ASan one; found by http_fuzz).
TEST(RequestReader, ChunkedBodiesCompleteWhateverTheSplit) {
  HttpLimits limits;
  const std::string head = "POST /v1/completions HTTP/1.1\r\n" + kHost + "Transfer-Encoding: chunked\r\n\r\n";
  for (const std::string& body : {std::string("0\r\n\r\n"), std::string("2\r\nhi\r\n0\r\n\r\n"),
                                  std::string("1;ext=1\r\nh\r\n1\r\ni\r\n0\r\nX-Trailer: t\r\n\r\n")}) {
    for (size_t step = 1; step <= 8; ++step) {
      RequestReader r(limits, nullptr);
      std::string rest;
      EXPECT_EQ(read_all(r, head + body, step, &rest), State::Complete) << "step " << step << ": " << body;
      EXPECT_EQ(r.request().body, body.size() == 5 ? "" : "hi") << "step " << step;
      EXPECT_EQ(rest, "") << "step " << step;
    }
  }
}

TEST(RequestReader, AContentLengthOverTheLimitIsRefusedBeforeItsBody) {
  HttpLimits limits;
  limits.max_body_bytes = 100;
  RequestReader r(limits, nullptr);
  EXPECT_EQ(read_all(r, "POST /v1/completions HTTP/1.1\r\n" + kHost + "Content-Length: 101\r\n\r\n"), State::Failed);
  EXPECT_EQ(r.status(), 413);
  EXPECT_EQ(std::string(r.code()), "request_too_large");
}

TEST(RequestReader, DuplicateOrConflictingFramingIsRefused) {
  HttpLimits limits;
  RequestReader r(limits, nullptr);
  const std::string line = "POST /v1/completions HTTP/1.1\r\n" + kHost;
  for (const std::string& fields :
       {std::string("Content-Length: 5\r\nContent-Length: 6\r\n"), std::string("Content-Length: 5\r\nContent-Length: 5\r\n"),
        std::string("Content-Length: 5, 5\r\n"), std::string("Content-Length: +5\r\n"),
        std::string("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n"),
        std::string("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n"),
        std::string("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n"), std::string("Host: other\r\n")}) {
    r.reset();
    EXPECT_EQ(read_all(r, line + fields + "\r\nhello"), State::Failed) << fields;
    EXPECT_EQ(r.status(), 400) << fields;
  }
  r.reset();
  EXPECT_EQ(read_all(r, line + "Transfer-Encoding: gzip, chunked\r\n\r\n"), State::Failed);
  EXPECT_EQ(r.status(), 501) << "only chunked is understood";
  r.reset();
  EXPECT_EQ(read_all(r, "GET /health HTTP/1.1\r\n\r\n"), State::Failed);
  EXPECT_EQ(r.status(), 400) << "HTTP/1.1 without Host";
  r.reset();
  EXPECT_EQ(read_all(r, "GET /health HTTP/1.0\r\n\r\n"), State::Complete) << "HTTP/1.0 needs no Host";
  EXPECT_FALSE(r.request().keep_alive);
}

TEST(RequestReader, HeaderAndRequestLineLimits) {
  HttpLimits limits;
  limits.max_header_fields = 10;
  limits.max_header_bytes = 4096;
  limits.max_request_line_bytes = 1024;
  RequestReader r(limits, nullptr);
  std::string fields;
  for (int i = 0; i < 11; ++i) fields += "X-" + std::to_string(i) + ": y\r\n";
  EXPECT_EQ(read_all(r, "GET /health HTTP/1.1\r\n" + kHost + fields + "\r\n"), State::Failed);
  EXPECT_EQ(r.status(), 431);
  r.reset();
  // Bytes without an end: refused once they pass the limit, not buffered for ever.
  EXPECT_EQ(read_all(r, "GET /health HTTP/1.1\r\n" + kHost + "X-Long: " + std::string(100000, 'a'), 1000), State::Failed);
  EXPECT_EQ(r.status(), 431);
  r.reset();
  EXPECT_EQ(read_all(r, "GET /" + std::string(2000, 'a'), 100), State::Failed);
  EXPECT_EQ(r.status(), 414);
  r.reset();
  EXPECT_EQ(read_all(r, "GET /" + std::string(2000, 'a') + " HTTP/1.1\r\n" + kHost + "\r\n"), State::Failed);
  EXPECT_EQ(r.status(), 414);
}

TEST(RequestReader, VersionsTargetsAndExpectations) {
  HttpLimits limits;
  RequestReader r(limits, nullptr);
  EXPECT_EQ(read_all(r, "GET /health HTTP/2.0\r\n" + kHost + "\r\n"), State::Failed);
  EXPECT_EQ(r.status(), 505);
  r.reset();
  EXPECT_EQ(read_all(r, "GET http://evil/health HTTP/1.1\r\n" + kHost + "\r\n"), State::Failed);
  EXPECT_EQ(r.status(), 400);
  r.reset();
  EXPECT_EQ(read_all(r, "POST /v1/completions HTTP/1.1\r\n" + kHost + "Expect: magic\r\n\r\n"), State::Failed);
  EXPECT_EQ(r.status(), 417);
  r.reset();
  EXPECT_EQ(read_all(r, "GARBAGE\r\n\r\n"), State::Failed);
  EXPECT_EQ(r.status(), 400);
}

TEST(RequestReader, PipelinedRequestsAreReadOneAtATime) {
  HttpLimits limits;
  RequestReader r(limits, nullptr);
  const std::string two = "GET /health HTTP/1.1\r\n" + kHost + "\r\nGET /metrics HTTP/1.1\r\n" + kHost + "\r\n";
  std::string rest;
  EXPECT_EQ(read_all(r, two, 1 << 20, &rest), State::Complete);
  EXPECT_EQ(r.request().path, "/health");
  r.reset();
  EXPECT_EQ(read_all(r, rest, 1 << 20, &rest), State::Complete);
  EXPECT_EQ(r.request().path, "/metrics");
  EXPECT_EQ(rest, "");
}

TEST(RequestReader, TheSharedBodyBudgetRefusesWith503AndIsGivenBack) {
  HttpLimits limits;
  BodyBudget budget(10);
  RequestReader a(limits, &budget);
  RequestReader b(limits, &budget);
  const std::string head = "POST /v1/completions HTTP/1.1\r\n" + kHost + "Content-Length: 8\r\n\r\n";
  EXPECT_EQ(read_all(a, head + "12345678"), State::Complete);
  EXPECT_EQ(budget.used(), 8u);
  EXPECT_EQ(read_all(b, head + "12345678"), State::Failed);
  EXPECT_EQ(b.status(), 503);
  a.reset();
  EXPECT_EQ(budget.used(), 0u);
  b.reset();
  EXPECT_EQ(read_all(b, head + "12345678"), State::Complete);
}

HttpRequest request(std::string method, std::string path) {
  HttpRequest r;
  r.method = std::move(method);
  r.path = std::move(path);
  r.host = "127.0.0.1:8080";
  return r;
}

TEST(AccessPolicy, OriginsMatchAsBrowsersSendThem) {
  const auto list = parse_origin_list(" http://localhost:3000/ ,https://*.example.com,, chrome-extension://abc ");
  EXPECT_EQ(list, (std::vector<std::string>{"http://localhost:3000", "https://*.example.com", "chrome-extension://abc"}));
  EXPECT_EQ(check_origin_list(list), "");
  EXPECT_TRUE(origin_allowed("http://localhost:3000", list));
  EXPECT_TRUE(origin_allowed("HTTP://LOCALHOST:3000", list));
  EXPECT_TRUE(origin_allowed("https://app.example.com", list));
  EXPECT_FALSE(origin_allowed("http://localhost:3001", list));
  EXPECT_FALSE(origin_allowed("https://example.com.evil.org", list));
  EXPECT_FALSE(origin_allowed("null", list));
  EXPECT_TRUE(origin_allowed("null", {"*"}));
  EXPECT_TRUE(origin_allowed("http://localhost:5173", {"http://localhost:*"}));
  EXPECT_FALSE(origin_allowed("anything", {}));
  EXPECT_THAT(check_origin_list({"localhost:3000"}), HasSubstr("'localhost:3000' is not an origin"));
  EXPECT_THAT(check_origin_list({"http://a.example/path"}), HasSubstr("no path"));
}

TEST(AccessPolicy, TheBearerSchemeIsCaseInsensitive) {
  for (const char* h : {"Bearer sesame", "bearer sesame", "BEARER sesame", "  Bearer   sesame  "})
    EXPECT_TRUE(bearer_matches(h, "sesame")) << h;
  for (const char* h : {"Bearer sesam", "Bearer sesame2", "Basic sesame", "sesame", "Bearer", "Bearersesame", ""})
    EXPECT_FALSE(bearer_matches(h, "sesame")) << h;
  EXPECT_FALSE(bearer_matches("Bearer ", "")) << "no key is never a match";
}

TEST(AccessPolicy, AWebPagesSimplePostIsRefused) {
  AccessRules rules{"127.0.0.1", "", {}};
  // fetch(url, {mode: 'no-cors', method: 'POST', headers: {'Content-Type': 'text/plain'}, body})
  HttpRequest page = request("POST", "/v1/chat/completions");
  page.has_origin = true;
  page.origin = "https://attacker.example";
  page.content_type = "text/plain;charset=UTF-8";
  auto refused = check_access(page, rules);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 403);
  EXPECT_THAT(refused->body, HasSubstr("forbidden_origin"));
  EXPECT_THAT(refused->body, HasSubstr("--allowed-origins"));
  // Allowed origin: still not JSON, so 415.
  rules.allowed_origins = {"https://attacker.example"};
  refused = check_access(page, rules);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 415);
  EXPECT_THAT(refused->body, HasSubstr("Content-Type: application/json"));
  // A program (no Origin) sending text/plain: 415 as well.
  HttpRequest program = request("POST", "/v1/completions");
  program.content_type = "text/plain";
  refused = check_access(program, {"127.0.0.1", "", {}});
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 415);
  program.content_type = "Application/JSON; charset=utf-8";
  EXPECT_FALSE(check_access(program, {"127.0.0.1", "", {}}));
}

TEST(AccessPolicy, PreflightsAreAnsweredOnlyForAllowedOrigins) {
  HttpRequest preflight = request("OPTIONS", "/v1/chat/completions");
  preflight.has_origin = true;
  preflight.origin = "http://localhost:3000";
  preflight.cors_request_method = "POST";
  preflight.cors_request_headers = "authorization,content-type";
  auto r = check_access(preflight, {"127.0.0.1", "key", {}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403);
  r = check_access(preflight, {"127.0.0.1", "key", {"http://localhost:3000"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 204) << "a preflight carries no key and needs none";
  std::map<std::string, std::string> h(r->headers.begin(), r->headers.end());
  EXPECT_EQ(h["Access-Control-Allow-Origin"], "http://localhost:3000");
  EXPECT_THAT(h["Access-Control-Allow-Methods"], HasSubstr("POST"));
  EXPECT_EQ(h["Access-Control-Allow-Headers"], "authorization,content-type");
  EXPECT_EQ(h["Vary"], "Origin");
  // The actual request then gets the origin back on its answer.
  HttpRequest post = request("POST", "/v1/chat/completions");
  post.has_origin = true;
  post.origin = "http://localhost:3000";
  post.content_type = "application/json";
  post.authorization = "Bearer key";
  const AccessRules rules{"127.0.0.1", "key", {"http://localhost:3000"}};
  EXPECT_FALSE(check_access(post, rules));
  HttpResponse answer;
  add_cors_headers(post, rules, answer);
  ASSERT_EQ(answer.headers.size(), 2u);
  EXPECT_EQ(answer.headers[0].second, "http://localhost:3000");
}

TEST(AccessPolicy, HostKeyAndCompression) {
  const AccessRules rules{"127.0.0.1", "key", {}};
  HttpRequest r = request("GET", "/v1/models");
  r.host = "attacker.example:8080";
  auto refused = check_access(r, rules);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 403);
  r.host = "localhost:8080";
  refused = check_access(r, rules);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 401);
  r.authorization = "bearer key";
  EXPECT_FALSE(check_access(r, rules));
  r.content_encoding = "gzip";
  refused = check_access(r, rules);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 415);
  EXPECT_THAT(refused->body, HasSubstr("uncompressed"));
  r.content_encoding = "identity";
  EXPECT_FALSE(check_access(r, rules));
  HttpRequest health = request("GET", "/health");
  EXPECT_FALSE(check_access(health, rules)) << "/health needs no key";
}

TEST(ClientMessages, NameNoServerPaths) {
  EXPECT_EQ(without_server_paths("the chat template of /home/me/models/m.gguf cannot be used: x",
                                 "/home/me/models/m.gguf"),
            "the chat template of m.gguf cannot be used: x");
  EXPECT_EQ(without_server_paths("chat template of /srv/My Models/q.gguf:3:1: error", "/srv/My Models/q.gguf"),
            "chat template of q.gguf:3:1: error");
  EXPECT_EQ(without_server_paths("cannot open '/nonexistent/model.gguf' (No such file)"),
            "cannot open 'model.gguf' (No such file)");
  EXPECT_EQ(without_server_paths("needs 3/4 of /tmp"), "needs 3/4 of /tmp") << "one slash: not a path to hide";
}

}  // namespace
}  // namespace tessera::server::http
