// Reads the requests of one connection from its bytes, one at a time, within HttpLimits; no I/O
// (the connection feeds it what arrives; the fuzz target feeds it anything). The parsing is
// Boost.Beast's (basic_parser: request line, fields, Content-Length and chunked framing, header
// and body limits); on top of it this refuses what Beast lets through and this server will not
// take: more than one Content-Length or Host, a Transfer-Encoding other than "chunked", too many
// header fields, a version other than HTTP/1.x, a request target that is not a path, HTTP/1.1
// without Host.
//
// Use: feed(bytes) until state() is HeaderDone (the header is complete, the body not read yet:
// the caller decides whether to accept it, e.g. checks the API key first), then read_body() and
// feed until Complete (take() the request) or Failed (status() and message() say why, with the
// HTTP status to answer). Bytes after a complete request (a pipelined next one) are not consumed;
// reset() readies the reader for it.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "http_limits.h"
#include "http_message.h"

namespace tessera::server::http {

// Bytes of request bodies held at once by all connections (HttpLimits::max_body_bytes_in_flight).
class BodyBudget {
 public:
  explicit BodyBudget(size_t limit) : limit_(limit) {}
  bool take(size_t n);
  void give(size_t n) { used_.fetch_sub(n); }
  size_t used() const { return used_.load(); }

 private:
  const size_t limit_;
  std::atomic<size_t> used_{0};
};

class RequestReader {
 public:
  enum class State { NeedMore, HeaderDone, Complete, Failed };

  // `budget` may be null (no shared limit); it must outlive the reader.
  RequestReader(const HttpLimits& limits, BodyBudget* budget);
  ~RequestReader();
  RequestReader(const RequestReader&) = delete;
  RequestReader& operator=(const RequestReader&) = delete;

  // Parses from the start of `data`: every byte not yet consumed, old and new (the caller keeps
  // what is not consumed and passes it again with what arrives next). Returns the bytes consumed.
  size_t feed(std::string_view data);
  State state() const { return state_; }
  // Some bytes of a request have been consumed (a connection closing now cuts a request short).
  bool started() const { return started_; }

  // HeaderDone: goes on to the body (Complete at once when there is none).
  void read_body();
  // The body is not complete yet (HeaderDone or NeedMore after read_body()).
  bool body_pending() const;

  // The request: the header's fields from HeaderDone on, the body once Complete.
  const HttpRequest& request() const { return request_; }
  HttpRequest take();
  // Failed: the status to answer (400, 413, 414, 417, 431, 501, 503, 505) and why.
  int status() const { return status_; }
  const std::string& message() const { return message_; }
  const char* code() const { return code_; }

  // Gives the body's bytes back to the budget (the caller is done with them); reset() does too.
  void release_budget();
  // Ready for the next request on the connection.
  void reset();

 private:
  class Parser;
  friend class Parser;
  void fail(int status, std::string message, const char* code);

  const HttpLimits& limits_;
  BodyBudget* budget_;
  std::unique_ptr<Parser> parser_;
  State state_ = State::NeedMore;
  bool started_ = false;
  bool request_line_seen_ = false;
  size_t fields_ = 0;
  int content_lengths_ = 0;
  size_t budget_taken_ = 0;
  HttpRequest request_;
  int status_ = 0;
  std::string message_;
  const char* code_ = "";
};

// Whether a header value's media type is `type` ("application/json; charset=utf-8" is
// application/json), case-insensitively.
bool media_type_is(std::string_view value, std::string_view type);
// Lower-cased ASCII.
std::string ascii_lower(std::string_view s);

}  // namespace tessera::server::http
