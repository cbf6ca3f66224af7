#include "http_server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <system_error>
#include <boost/asio/write.hpp>

#include <array>
#include <atomic>
#include <deque>
#include <future>
#include <map>
#include <set>
#include <thread>

#include "request_reader.h"

namespace tessera::server::http {
namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using boost::system::error_code;

namespace {

// After an answer that closes the connection, the client's unread bytes are drained this long
// (closing with unread bytes would reset the connection and could destroy the answer in flight).
constexpr auto kLinger = std::chrono::milliseconds(1000);
// Connections being refused (503) at once; past this they are closed without an answer.
constexpr size_t kMaxRejections = 64;
constexpr size_t kReadChunk = 16384;

std::string client_address(const tcp::endpoint& ep) {
  asio::ip::address a = ep.address();
  if (a.is_v6() && a.to_v6().is_v4_mapped()) a = asio::ip::make_address_v4(asio::ip::v4_mapped, a.to_v6());
  return a.to_string();
}

}  // namespace

class Connection;
class Rejection;

struct HttpServer::Impl {
  Impl(HttpLimits l, int threads, HttpHandlers h)
      : limits(l), pool_threads(std::max(1, threads)), handlers(std::move(h)), bodies(l.max_body_bytes_in_flight) {}

  void accept_next();
  void take(tcp::socket socket);
  void refuse(tcp::socket socket, const std::string& message);
  void forget(Connection* c, const std::string& client);
  void forget(Rejection* r);

  const HttpLimits limits;
  const int pool_threads;
  const HttpHandlers handlers;
  BodyBudget bodies;  // before `io`: connections still in io's queues give their bytes back to it
  std::atomic<int> port{0};
  std::atomic<bool> running{false};
  std::atomic<bool> stopped{false};
  std::atomic<int> open{0};

  asio::io_context io;
  std::optional<asio::executor_work_guard<asio::io_context::executor_type>> work;
  tcp::acceptor acceptor{io};
  asio::steady_timer accept_retry{io};
  std::unique_ptr<asio::thread_pool> pool;
  std::thread io_thread;
  // I/O thread only. The registry owns the open connections (a connection waiting for its
  // generation has no operation in flight that would keep it alive).
  std::map<std::string, int> per_client;
  std::map<Connection*, std::shared_ptr<Connection>> connections;
  std::map<Rejection*, std::shared_ptr<Rejection>> rejections;
};

// One client connection, on the I/O thread (the pool posts its results back; streams post wakes).
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(HttpServer::Impl& s, tcp::socket socket, std::string client)
      : s_(s), socket_(std::move(socket)), client_(std::move(client)), read_timer_(s.io), write_timer_(s.io),
        reader_(s.limits, &s.bodies) {}

  const std::string& client() const { return client_; }

  void start() {
    arm_read_timer(s_.limits.keep_alive_timeout);
    read_more();
  }

  // At once: the socket, the timers, a stream still running (close(false): its generation stops).
  void close() {
    if (closed_) return;
    closed_ = true;
    error_code ignored;
    read_timer_.cancel();
    write_timer_.cancel();
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    if (stream_) {
      stream_->close(false);
      stream_.reset();
    }
    if (phase_ == Phase::Responding) log(status_);
    reader_.reset();
    auto keep = shared_from_this();  // forget() drops the registry's reference
    s_.forget(this, client_);
  }

 private:
  enum class Phase { Idle, Reading, Handling, Responding, Lingering };

  void log(int status) {
    if (s_.handlers.log && request_known_) s_.handlers.log(request_, status);
  }

  // --- reading ---

  size_t max_buffered() const { return s_.limits.max_header_bytes + kReadChunk; }

  void read_more() {
    if (reading_ || closed_ || peer_done_) return;
    // Pipelined bytes wait while a response is written, up to a header's worth.
    if (phase_ != Phase::Lingering && in_.size() >= max_buffered()) return;
    reading_ = true;
    socket_.async_read_some(asio::buffer(chunk_), [self = shared_from_this()](error_code ec, size_t n) {
      self->on_read(ec, n);
    });
  }

  void on_read(error_code ec, size_t n) {
    reading_ = false;
    if (closed_) return;
    if (ec) return peer_gone();
    if (phase_ == Phase::Lingering) return read_more();  // drained and dropped
    in_.append(chunk_.data(), n);
    if (phase_ == Phase::Idle) begin_request();
    if (phase_ == Phase::Reading) process();
    read_more();
  }

  // The client closed its side (or the connection failed).
  void peer_gone() {
    peer_done_ = true;
    switch (phase_) {
      case Phase::Idle:
      case Phase::Lingering: return close();
      case Phase::Reading:
        // What arrived may still hold whole requests (a client that sent them and half-closed).
        if (reader_.state() == RequestReader::State::NeedMore && in_.empty()) return close();
        return process();
      case Phase::Handling: return;  // answered() sees peer_done_
      case Phase::Responding:
        // A streamed answer is for a client that went away: stop it. A plain one is written out.
        if (stream_) return close();
        close_after_ = true;
        return;
    }
  }

  void begin_request() {
    phase_ = Phase::Reading;
    arm_read_timer(s_.limits.request_timeout);
  }

  void process() {
    while (!closed_ && phase_ == Phase::Reading) {
      if (reader_.state() == RequestReader::State::NeedMore) {
        if (!in_.empty()) in_.erase(0, reader_.feed(in_));
        if (reader_.state() == RequestReader::State::NeedMore) {
          if (peer_done_) close();  // cut short: nothing more will come
          return;
        }
      }
      switch (reader_.state()) {
        case RequestReader::State::NeedMore: return;
        case RequestReader::State::HeaderDone: {
          request_ = reader_.request();
          request_.client = client_;
          request_known_ = true;
          if (std::optional<HttpResponse> refused = s_.handlers.admit ? s_.handlers.admit(request_) : std::nullopt) {
            if (reader_.body_pending()) refused->close = true;  // its body is not read
            return respond(std::move(*refused));
          }
          if (request_.expect_continue && request_.version == 11 && reader_.body_pending())
            send("HTTP/1.1 100 Continue\r\n\r\n");
          reader_.read_body();
          continue;
        }
        case RequestReader::State::Complete: {
          HttpRequest request = reader_.take();
          request.client = client_;
          return dispatch(std::move(request));
        }
        case RequestReader::State::Failed: {
          if (!request_known_) request_ = reader_.request();
          request_known_ = !request_.method.empty();
          HttpResponse r = error_response(reader_.status(), reader_.message(), reader_.code());
          r.close = true;
          return respond(std::move(r));
        }
      }
    }
  }

  void arm_read_timer(std::chrono::milliseconds after) {
    read_timer_.expires_after(after);
    read_timer_.async_wait([self = shared_from_this()](error_code ec) {
      if (!ec) self->on_read_timer();
    });
  }

  void on_read_timer() {
    if (closed_) return;
    switch (phase_) {
      case Phase::Idle:
      case Phase::Lingering: return close();
      case Phase::Reading: {
        HttpResponse r = error_response(408,
                                        "the request did not arrive whole within " +
                                            std::to_string(s_.limits.request_timeout.count() / 1000.0).substr(0, 4) + " s",
                                        "request_timeout");
        r.close = true;
        return respond(std::move(r));
      }
      case Phase::Handling:
      case Phase::Responding: return;
    }
  }

  // --- handling ---

  void dispatch(HttpRequest request) {
    read_timer_.cancel();
    phase_ = Phase::Handling;
    auto shared = std::make_shared<HttpRequest>(std::move(request));
    if (s_.handlers.on_pool && s_.handlers.on_pool(*shared)) {
      asio::post(*s_.pool, [self = shared_from_this(), shared]() mutable {
        HttpResponse r = self->run_handler(*shared);
        shared.reset();  // the body is freed here, on the pool
        asio::post(self->s_.io, [self, r = std::move(r)]() mutable { self->answered(std::move(r)); });
      });
    } else {
      HttpResponse r = run_handler(*shared);
      answered(std::move(r));
    }
  }

  HttpResponse run_handler(HttpRequest& request) {
    try {
      return s_.handlers.handle(request);
    } catch (...) {
      return error_response(500, "internal error while answering the request", "");
    }
  }

  void answered(HttpResponse r) {
    reader_.release_budget();  // the handler is done with the body
    if (closed_) {
      if (r.stream) r.stream->close(false);
      return log(r.status);
    }
    respond(std::move(r));
  }

  // --- writing ---

  void respond(HttpResponse r) {
    if (s_.handlers.decorate && request_known_) s_.handlers.decorate(request_, r);
    phase_ = Phase::Responding;
    status_ = r.status;
    close_after_ = r.close || !request_.keep_alive;
    const int version = request_known_ ? request_.version : 11;
    if (!r.stream) {
      std::string bytes = serialize_head(r, version, false, true, close_after_);
      if (request_.method != "HEAD") bytes += r.body;
      send(std::move(bytes));
      done_when_written_ = true;
      return;
    }
    if (peer_done_) {  // a stream for a client that has gone: its generation is not started
      r.stream->close(false);
      return close();
    }
    chunked_ = version == 11;
    if (!chunked_) close_after_ = true;  // HTTP/1.0: the end of the body is the end of the connection
    send(serialize_head(r, version, chunked_, false, close_after_));
    stream_ = std::move(r.stream);
    stream_ended_ = false;
    // Wakes come from the generating thread; at most one pump is queued at a time.
    auto pending = std::make_shared<std::atomic<bool>>(false);
    std::weak_ptr<Connection> weak = shared_from_this();
    asio::io_context& io = s_.io;
    stream_->start([weak, pending, &io] {
      if (pending->exchange(true)) return;
      asio::post(io, [weak, pending] {
        pending->store(false);
        if (auto c = weak.lock()) c->pump();
      });
    });
    pump();
  }

  void pump() {
    if (closed_ || !stream_ || stream_ended_ || writing_) return;  // a write in flight pumps when it ends
    bool ended = false;
    const std::string text = stream_->read(ended);
    std::string bytes = chunked_ ? chunk_frame(text) : text;
    if (ended) {
      stream_ended_ = true;
      done_when_written_ = true;
      if (chunked_) bytes += kLastChunk;
    }
    if (!bytes.empty()) return send(std::move(bytes));
    if (ended) finish_response();
  }

  void send(std::string bytes) {
    out_.push_back(std::move(bytes));
    if (!writing_) write_next();
  }

  void write_next() {
    writing_ = true;
    write_timer_.expires_after(s_.limits.write_timeout);
    write_timer_.async_wait([self = shared_from_this()](error_code ec) {
      if (!ec && self->writing_) self->close();  // the client stopped reading
    });
    asio::async_write(socket_, asio::buffer(out_.front()),
                      [self = shared_from_this()](error_code ec, size_t) { self->on_written(ec); });
  }

  void on_written(error_code ec) {
    writing_ = false;
    write_timer_.cancel();
    if (closed_) return;
    if (ec) return close();  // the client went away
    out_.pop_front();
    if (!out_.empty()) return write_next();
    if (stream_ && !stream_ended_) return pump();
    if (done_when_written_ && phase_ == Phase::Responding) finish_response();
  }

  void finish_response() {
    if (writing_ || !out_.empty()) return;
    done_when_written_ = false;
    if (stream_) {
      stream_->close(true);
      stream_.reset();
    }
    log(status_);
    phase_ = Phase::Idle;  // logged: a close from here on is not a cut-short response
    reader_.reset();
    request_known_ = false;
    request_ = HttpRequest();
    if (close_after_) return linger();
    if (!in_.empty()) {
      begin_request();
      process();
    } else if (peer_done_) {
      return close();
    } else {
      arm_read_timer(s_.limits.keep_alive_timeout);
    }
    read_more();
  }

  // After an answer that ends the connection: no more from us, drain the client's bytes a moment.
  void linger() {
    phase_ = Phase::Lingering;
    in_.clear();
    error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_send, ignored);
    if (peer_done_) return close();
    arm_read_timer(std::chrono::duration_cast<std::chrono::milliseconds>(kLinger));
    read_more();
  }

  HttpServer::Impl& s_;
  tcp::socket socket_;
  const std::string client_;
  asio::steady_timer read_timer_, write_timer_;
  std::array<char, kReadChunk> chunk_{};
  std::string in_;  // received, not consumed by the reader yet
  RequestReader reader_;
  Phase phase_ = Phase::Idle;
  bool reading_ = false;
  bool peer_done_ = false;
  bool closed_ = false;
  // The request being answered (its header; the body went to the handler).
  HttpRequest request_;
  bool request_known_ = false;
  // The response being written.
  int status_ = 0;
  bool close_after_ = false;
  bool chunked_ = false;
  bool done_when_written_ = false;
  std::shared_ptr<BodyStream> stream_;
  bool stream_ended_ = false;
  std::deque<std::string> out_;
  bool writing_ = false;
};

// A connection over a limit: a 503 that says which, then closed.
class Rejection : public std::enable_shared_from_this<Rejection> {
 public:
  Rejection(HttpServer::Impl& s, tcp::socket socket) : s_(s), socket_(std::move(socket)), timer_(s.io) {}

  void start(const std::string& message) {
    HttpResponse r = error_response(503, message, "too_many_connections");
    r.set_header("Retry-After", "1");
    out_ = serialize_head(r, 11, false, true, true) + r.body;
    timer_.expires_after(kLinger);
    timer_.async_wait([self = shared_from_this()](error_code ec) {
      if (!ec) self->close();
    });
    asio::async_write(socket_, asio::buffer(out_), [self = shared_from_this()](error_code ec, size_t) {
      if (ec) return self->close();
      error_code ignored;
      self->socket_.shutdown(tcp::socket::shutdown_send, ignored);
      self->drain();
    });
  }

  void close() {
    if (closed_) return;
    closed_ = true;
    error_code ignored;
    timer_.cancel();
    socket_.close(ignored);
    auto keep = shared_from_this();
    s_.forget(this);
  }

 private:
  void drain() {
    socket_.async_read_some(asio::buffer(sink_), [self = shared_from_this()](error_code ec, size_t) {
      if (ec) return self->close();
      self->drain();
    });
  }

  HttpServer::Impl& s_;
  tcp::socket socket_;
  asio::steady_timer timer_;
  std::string out_;
  std::array<char, 4096> sink_{};
  bool closed_ = false;
};

void HttpServer::Impl::accept_next() {
  acceptor.async_accept([this](error_code ec, tcp::socket socket) {
    if (!acceptor.is_open()) return;
    if (ec) {
      // Out of descriptors (or a connection reset before it was accepted): try again shortly.
      accept_retry.expires_after(std::chrono::milliseconds(50));
      accept_retry.async_wait([this](error_code e) {
        if (!e) accept_next();
      });
      return;
    }
    take(std::move(socket));
    accept_next();
  });
}

void HttpServer::Impl::take(tcp::socket socket) {
  error_code ec;
  const tcp::endpoint peer = socket.remote_endpoint(ec);
  if (ec) return;  // gone already
  socket.set_option(tcp::no_delay(true), ec);  // stream events are small writes: no Nagle delay
  const std::string client = client_address(peer);
  if (open.load() >= limits.max_connections)
    return refuse(std::move(socket), "the server has " + std::to_string(limits.max_connections) +
                                         " connections open, its limit; retry shortly");
  int& mine = per_client[client];
  if (mine >= limits.max_connections_per_client) {
    if (mine == 0) per_client.erase(client);  // a limit of 0
    return refuse(std::move(socket), "this client (" + client + ") has " + std::to_string(limits.max_connections_per_client) +
                                         " connections open, the limit for one address; close some or retry shortly");
  }
  ++mine;
  open.fetch_add(1);
  auto c = std::make_shared<Connection>(*this, std::move(socket), client);
  connections.emplace(c.get(), c);
  c->start();
}

void HttpServer::Impl::refuse(tcp::socket socket, const std::string& message) {
  if (rejections.size() >= kMaxRejections) return;  // the socket closes as it goes out of scope
  auto r = std::make_shared<Rejection>(*this, std::move(socket));
  rejections.emplace(r.get(), r);
  r->start(message);
}

void HttpServer::Impl::forget(Connection* c, const std::string& client) {
  if (connections.erase(c) == 0) return;
  open.fetch_sub(1);
  if (auto it = per_client.find(client); it != per_client.end() && --it->second <= 0) per_client.erase(it);
}

void HttpServer::Impl::forget(Rejection* r) { rejections.erase(r); }

HttpServer::HttpServer(HttpLimits limits, int pool_threads, HttpHandlers handlers)
    : impl_(std::make_unique<Impl>(limits, pool_threads, std::move(handlers))) {}

HttpServer::~HttpServer() { stop(); }

std::string HttpServer::bind(const std::string& host, int port) {
  Impl& s = *impl_;
  const std::string where = host + ":" + (port == 0 ? std::string("(an ephemeral port)") : std::to_string(port));
  error_code ec;
  tcp::resolver resolver(s.io);
  auto found = resolver.resolve(host, std::to_string(port), tcp::resolver::numeric_service, ec);
  if (ec || found.empty()) return "cannot listen on " + where + ": the address is not valid (" + ec.message() + ")";
  const tcp::endpoint ep = found.begin()->endpoint();
  s.acceptor.open(ep.protocol(), ec);
  if (!ec) s.acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) s.acceptor.bind(ep, ec);
  if (!ec) s.acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    error_code ignored;
    s.acceptor.close(ignored);
    return "cannot listen on " + where + " (" + ec.message() + "; is the port taken, or the address not this machine's?)";
  }
  s.port = s.acceptor.local_endpoint(ec).port();
  return {};
}

int HttpServer::port() const { return impl_->port.load(); }

std::string HttpServer::start() {
  Impl& s = *impl_;
  if (s.running.load() || s.stopped.load() || !s.acceptor.is_open()) return {};
  // Thread creation throws std::system_error when the operating system refuses (a thread limit):
  // an error value for the caller, never an exception out of the library.
  try {
    s.pool = std::make_unique<asio::thread_pool>(static_cast<size_t>(s.pool_threads));
  } catch (const std::system_error& e) {
    return "cannot start " + std::to_string(s.pool_threads) + " HTTP worker threads (" + e.what() +
           "); use fewer (--http-threads)";
  }
  s.running = true;
  s.work.emplace(s.io.get_executor());
  s.accept_next();
  try {
    s.io_thread = std::thread([&s] {
    for (;;) {
      try {
        s.io.run();
        return;
      } catch (...) {
        // A handler threw (out of memory): that connection's state may be lost, the rest serve on.
      }
    }
  });
  } catch (const std::system_error& e) {
    s.work.reset();
    s.running = false;
    s.pool->stop();
    s.pool->join();
    return std::string("cannot start the HTTP I/O thread (") + e.what() + ")";
  }
  return {};
}

void HttpServer::stop() {
  Impl& s = *impl_;
  if (s.stopped.exchange(true)) return;
  if (s.io_thread.joinable()) {
    std::promise<void> closed;
    asio::post(s.io, [&s, &closed] {
      error_code ignored;
      s.acceptor.close(ignored);
      s.accept_retry.cancel();
      for (auto& [c, keep] : std::map(s.connections)) keep->close();
      for (auto& [r, keep] : std::map(s.rejections)) keep->close();
      closed.set_value();
    });
    closed.get_future().wait();
    // Handlers still running finish (their answers find closed connections); queued ones are dropped.
    s.pool->stop();
    s.pool->join();
    s.work.reset();
    s.io.stop();
    s.io_thread.join();
  } else {
    error_code ignored;
    s.acceptor.close(ignored);
  }
  s.running = false;
}

bool HttpServer::running() const { return impl_->running.load(); }

int HttpServer::connections() const { return impl_->open.load(); }

}  // namespace tessera::server::http
