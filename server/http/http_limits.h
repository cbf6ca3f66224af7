// What one client may send before and around authentication, and how many may be connected. The
// HTTP layer (http_server.h, request_reader.h) enforces every value; docs/server.md lists them.
#pragma once

#include <chrono>
#include <cstddef>

namespace tessera::server::http {

struct HttpLimits {
  size_t max_request_line_bytes = 8u << 10;  // "POST /v1/... HTTP/1.1": longer -> 414
  size_t max_header_bytes = 32u << 10;       // request line and header fields together -> 431
  size_t max_header_fields = 100;            // header lines (chunked trailers included) -> 431
  size_t max_body_bytes = 8u << 20;          // a body, Content-Length or chunked -> 413
  // Bodies being received at once on all connections together; past it a request is answered 503
  // instead of growing memory (a request's body counts until its handler has returned).
  size_t max_body_bytes_in_flight = 64u << 20;
  // From a request's first byte to the end of its body (a slow client, slowloris): 408, closed.
  std::chrono::milliseconds request_timeout{30000};
  // An idle connection (before a first request or between requests) is closed after this.
  std::chrono::milliseconds keep_alive_timeout{5000};
  // One write that the client does not take (it stopped reading): the connection is closed and its
  // generation cancelled.
  std::chrono::milliseconds write_timeout{60000};
  int max_connections = 512;            // open at once; more are answered 503 and closed
  int max_connections_per_client = 128;  // from one client address (every local program is 127.0.0.1)
};

}  // namespace tessera::server::http
