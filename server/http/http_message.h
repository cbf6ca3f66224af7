// An HTTP/1.1 request as the server's handlers see it, and the response they give back: plain
// values, no I/O. A response's body is either a string or, for answers produced over time (a
// generation), a BodyStream that the connection pulls from whenever the stream says it has more.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera::server::http {

struct HttpRequest {
  std::string method;      // as sent: "GET", "POST", "OPTIONS", ...
  std::string target;      // the request-target as sent: "/v1/models?x=1", or "*"
  std::string path;        // its path, percent-decoded: "/v1/models"
  int version = 11;        // 10 (HTTP/1.0) or 11 (HTTP/1.1)
  bool keep_alive = true;  // the connection may carry another request after this one
  // The header fields the server acts on; the others are counted against the limits and dropped.
  std::string host;
  bool has_origin = false;
  std::string origin;
  std::string authorization;
  std::string content_type;
  std::string content_encoding;     // "" when absent
  bool expect_continue = false;     // "Expect: 100-continue"
  std::string cors_request_method;  // Access-Control-Request-Method (a CORS preflight)
  std::string cors_request_headers;
  std::string body;
  std::string client;  // the peer's address: "127.0.0.1"
};

// A response body produced over time on another thread. The connection calls start() once, then
// read() on its I/O thread whenever `wake` was called (and once at once), until read() says
// `ended`; then close(true). A connection that fails or whose client goes away calls close(false)
// instead, at any point. Implementations must tolerate close() without start() and wake calls
// after close().
class BodyStream {
 public:
  virtual ~BodyStream() = default;
  // `wake` may be called from any thread, any number of times.
  virtual void start(std::function<void()> wake) = 0;
  // What is ready now (may be ""); `ended` is set with the last piece. Never blocks.
  virtual std::string read(bool& ended) = 0;
  virtual void close(bool completed) = 0;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::vector<std::pair<std::string, std::string>> headers;  // extra fields, sent as given
  std::string body;
  std::shared_ptr<BodyStream> stream;  // set: the body comes from it (chunked), `body` is unused
  bool close = false;                  // close the connection after this response

  void set_header(std::string name, std::string value) { headers.emplace_back(std::move(name), std::move(value)); }
};

// The status line's reason phrase ("Not Found"); "Unknown" for codes this server never sends.
const char* reason_phrase(int status);

// The status line and header fields of `r`, ending with the empty line. `chunked`: the body
// follows in chunks (Transfer-Encoding); otherwise Content-Length is `r.body`'s size unless
// `length_known` is false (an HTTP/1.0 stream, delimited by closing). `close`: "Connection: close".
std::string serialize_head(const HttpResponse& r, int version, bool chunked, bool length_known, bool close);
// One chunk of a chunked body ("" gives nothing: an empty chunk would end the body).
std::string chunk_frame(std::string_view data);
// The last chunk, ending a chunked body.
inline constexpr std::string_view kLastChunk = "0\r\n\r\n";

// An error response in OpenAI's shape ({"error": {...}}) made by the HTTP layer itself.
HttpResponse error_response(int status, const std::string& message, const std::string& code);

}  // namespace tessera::server::http
