#include "raw_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>

namespace tessera::test {

RawClient::RawClient(int port) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) return;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd_);
    fd_ = -1;
    return;
  }
  int one = 1;
  ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

RawClient::~RawClient() {
  if (fd_ >= 0) ::close(fd_);
}

bool RawClient::send(std::string_view bytes) {
  while (!bytes.empty() && fd_ >= 0) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return fd_ >= 0;
}

void RawClient::shutdown_write() {
  if (fd_ >= 0) ::shutdown(fd_, SHUT_WR);
}

bool RawClient::fill(std::chrono::steady_clock::time_point deadline) {
  if (eof_ || fd_ < 0) return true;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  if (left.count() <= 0) return false;
  pollfd p{fd_, POLLIN, 0};
  if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
  char buf[65536];
  const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
  if (n <= 0) {
    eof_ = true;  // closed, or reset
    return true;
  }
  in_.append(buf, static_cast<size_t>(n));
  return true;
}

std::optional<RawResponse> RawClient::read_response(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  size_t head_end;
  for (;;) {
    // An interim 100 Continue is skipped.
    while (in_.rfind("HTTP/1.1 100", 0) == 0 && in_.find("\r\n\r\n") != std::string::npos)
      in_.erase(0, in_.find("\r\n\r\n") + 4);
    head_end = in_.find("\r\n\r\n");
    if (head_end != std::string::npos) break;
    if (eof_ || !fill(deadline)) return std::nullopt;
  }
  RawResponse r;
  const std::string head = in_.substr(0, head_end);
  size_t pos = head.find(' ');
  if (pos == std::string::npos) return std::nullopt;
  r.status = std::atoi(head.c_str() + pos + 1);
  for (size_t line = head.find("\r\n"); line != std::string::npos;) {
    const size_t next = head.find("\r\n", line + 2);
    const std::string field = head.substr(line + 2, next == std::string::npos ? std::string::npos : next - line - 2);
    const size_t colon = field.find(':');
    if (colon != std::string::npos) {
      std::string name = field.substr(0, colon);
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      r.headers[name] = field.substr(field.find_first_not_of(' ', colon + 1));
    }
    line = next;
  }
  size_t at = head_end + 4;
  if (r.header("transfer-encoding") == "chunked") {
    for (;;) {
      size_t line_end;
      while ((line_end = in_.find("\r\n", at)) == std::string::npos)
        if (eof_ || !fill(deadline)) return std::nullopt;
      const size_t size = std::strtoul(in_.c_str() + at, nullptr, 16);
      while (in_.size() < line_end + 2 + size + 2)
        if (eof_ || !fill(deadline)) return std::nullopt;
      r.body.append(in_, line_end + 2, size);
      at = line_end + 2 + size + 2;
      if (size == 0) break;
    }
  } else if (!r.header("content-length").empty()) {
    const size_t n = std::strtoul(r.header("content-length").c_str(), nullptr, 10);
    while (in_.size() < at + n)
      if (eof_ || !fill(deadline)) return std::nullopt;
    r.body = in_.substr(at, n);
    at += n;
  } else if (r.status != 204 && r.status / 100 != 1) {
    while (!eof_)
      if (!fill(deadline)) return std::nullopt;
    r.body = in_.substr(at);
    at = in_.size();
  }
  in_.erase(0, at);
  return r;
}

bool RawClient::closed_by_server(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!eof_) {
    if (!fill(deadline)) return false;
    in_.clear();
  }
  return true;
}

std::string RawClient::chunk(const std::string& data) {
  char size[32];
  std::snprintf(size, sizeof size, "%zx\r\n", data.size());
  return size + data + "\r\n";
}

std::string raw_get(int port, const std::string& path, const std::string& extra) {
  return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n" + extra + "\r\n";
}

std::string raw_post(int port, const std::string& path, const std::string& body, const std::string& type,
                     const std::string& extra) {
  return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\nContent-Type: " + type +
         "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n" + extra + "\r\n" + body;
}

size_t resident_bytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::strtoull(line.c_str() + 6, nullptr, 10) * 1024;
  return 0;
}

}  // namespace tessera::test
