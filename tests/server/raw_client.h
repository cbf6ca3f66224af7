// A raw HTTP/1.1 client over a loopback socket for the hardening and load suites: sends exactly
// the bytes a test gives (malformed, slow, pipelined, what a browser sends) and reads responses
// with a deadline. Test support only.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace tessera::test {

struct RawResponse {
  int status = 0;
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;                             // de-chunked
  std::string header(const std::string& lower_name) const {
    auto it = headers.find(lower_name);
    return it == headers.end() ? std::string() : it->second;
  }
};

class RawClient {
 public:
  explicit RawClient(int port);  // connects to 127.0.0.1:port; connected() tells whether it did
  ~RawClient();
  RawClient(const RawClient&) = delete;
  RawClient& operator=(const RawClient&) = delete;

  bool connected() const { return fd_ >= 0; }
  // Sends all of `bytes`; false once the server has closed (or reset) the connection.
  bool send(std::string_view bytes);
  // No more from this side (the server sees the end of the stream), reading stays open.
  void shutdown_write();
  // The next response (status, fields, body by Content-Length, chunked or up to the close), or
  // nullopt when none arrived whole within `timeout`.
  std::optional<RawResponse> read_response(std::chrono::milliseconds timeout = std::chrono::seconds(20));
  // Whether the server closed the connection within `timeout` (pending bytes are read and dropped).
  bool closed_by_server(std::chrono::milliseconds timeout);

  // `data` as one chunk of a chunked body.
  static std::string chunk(const std::string& data);

 private:
  // Appends what arrives within the deadline; false on timeout, true otherwise (eof_ on close).
  bool fill(std::chrono::steady_clock::time_point deadline);

  int fd_ = -1;
  std::string in_;
  bool eof_ = false;
};

// "GET PATH HTTP/1.1" with Host: 127.0.0.1:PORT and `extra` header lines ("Name: value\r\n" each).
std::string raw_get(int port, const std::string& path, const std::string& extra = "");
// A POST with Content-Length and Content-Type `type`.
std::string raw_post(int port, const std::string& path, const std::string& body,
                     const std::string& type = "application/json", const std::string& extra = "");

// This process's resident memory (VmRSS), in bytes.
size_t resident_bytes();

}  // namespace tessera::test
