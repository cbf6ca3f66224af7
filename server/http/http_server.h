// The server's HTTP/1.1 front: a listening socket, its connections and their limits, on
// Boost.Asio (event-driven: one I/O thread reads and writes every connection, so a slow client
// holds no thread) with Boost.Beast's request parser (request_reader.h). Handlers that take time
// (a POST: JSON, the chat template, the tokenizer) run on a small pool; streamed bodies
// (http_message.h's BodyStream) are written as they come, without a thread per stream.
//
// Per connection: requests are answered one at a time in arrival order (pipelined requests wait
// their turn); each must arrive whole within HttpLimits::request_timeout (else 408 and closed),
// idle connections close after keep_alive_timeout, a write the client does not take within
// write_timeout closes it. A client that closes its connection (reads see the end) while its
// response is still being produced ends the stream with close(false): the generation stops. A
// client that only half-closed its side still gets every answer that does not stream.
// Connections past max_connections, or past max_connections_per_client from one address, are
// answered 503 and closed. See docs/server.md for the values.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "http_limits.h"
#include "http_message.h"

namespace tessera::server::http {

struct HttpHandlers {
  // Once a request's header has arrived, before its body is read: a response refuses it (its
  // body, if any, is not read and the connection closes after the answer); nullopt lets it go on.
  // Runs on the I/O thread: must be quick.
  std::function<std::optional<HttpResponse>(const HttpRequest&)> admit;
  // Answers a complete request: on the pool when `on_pool(request)` says so, else on the I/O
  // thread. Exceptions become a 500.
  std::function<bool(const HttpRequest&)> on_pool;
  std::function<HttpResponse(HttpRequest&)> handle;
  // Every response to a request whose header was read (errors of the HTTP layer included) passes
  // here just before it is written (e.g. CORS fields). May be empty.
  std::function<void(const HttpRequest&, HttpResponse&)> decorate;
  // A response ended (written whole, or cut short): the request's method and path, the status.
  std::function<void(const HttpRequest&, int status)> log;
};

class HttpServer {
 public:
  // `pool_threads` handler threads (at least 1).
  HttpServer(HttpLimits limits, int pool_threads, HttpHandlers handlers);
  ~HttpServer();  // stop()
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds host:port (port 0: an ephemeral one). "" when bound, else why not (names host and port).
  std::string bind(const std::string& host, int port);
  int port() const;
  // Serves on its own threads until stop(). "" when serving, else why not (the operating system
  // refused a thread: the message says how many were asked for).
  std::string start();
  // Closes the listener and every connection (streams get close(false)), waits for the handlers
  // running on the pool, joins the threads. Idempotent. Not from a handler.
  void stop();
  bool running() const;

  // Open connections now (tests: a closed client's connection is gone).
  int connections() const;

  struct Impl;  // the .cpp's (its connections use it)

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace tessera::server::http
