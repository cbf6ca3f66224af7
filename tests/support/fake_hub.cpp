#include "support/fake_hub.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <openssl/evp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <optional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace tessera::test {
namespace {

std::string hex(const unsigned char* d, unsigned n) {
  static const char* k = "0123456789abcdef";
  std::string s;
  for (unsigned i = 0; i < n; ++i) {
    s.push_back(k[d[i] >> 4]);
    s.push_back(k[d[i] & 15]);
  }
  return s;
}

std::string digest_hex(const EVP_MD* md, const std::string& prefix, const std::vector<uint8_t>& bytes) {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  EVP_DigestInit_ex(ctx, md, nullptr);
  EVP_DigestUpdate(ctx, prefix.data(), prefix.size());
  EVP_DigestUpdate(ctx, bytes.data(), bytes.size());
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned n = 0;
  EVP_DigestFinal_ex(ctx, out, &n);
  EVP_MD_CTX_free(ctx);
  return hex(out, n);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string url_decode(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      out.push_back(static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(s[i] == '+' ? ' ' : s[i]);
    }
  }
  return out;
}

bool send_all(int fd, const void* data, size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = ::send(fd, p, n, MSG_NOSIGNAL);
    if (w <= 0) return false;
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

bool send_text(int fd, const std::string& s) { return send_all(fd, s.data(), s.size()); }

const char* reason(int status) {
  switch (status) {
    case 200: return "OK";
    case 206: return "Partial Content";
    case 302: return "Found";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 416: return "Range Not Satisfiable";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
  }
  return "Status";
}

void respond(int fd, int status, const std::string& body, const std::vector<std::string>& headers = {},
             const std::string& type = "application/json") {
  std::ostringstream out;
  out << "HTTP/1.1 " << status << " " << reason(status) << "\r\nConnection: close\r\nContent-Type: " << type
      << "\r\nContent-Length: " << body.size() << "\r\n";
  for (const auto& h : headers) out << h << "\r\n";
  out << "\r\n" << body;
  send_text(fd, out.str());
}

void error_response(int fd, int status, const std::string& code, const std::string& message) {
  std::vector<std::string> h;
  if (!code.empty()) h.push_back("X-Error-Code: " + code);
  if (!message.empty()) h.push_back("X-Error-Message: " + message);
  respond(fd, status, nlohmann::json{{"error", message}}.dump(), h);
}

}  // namespace

struct FakeHub::Http {
  std::string method, target, path, query;
  std::map<std::string, std::string> headers;  // lower-case names
  std::string header(const std::string& name) const {
    const auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
  }
  std::string param(const std::string& name) const {
    std::istringstream q(query);
    std::string kv;
    while (std::getline(q, kv, '&')) {
      const size_t eq = kv.find('=');
      if (kv.substr(0, eq) == name) return eq == std::string::npos ? "" : url_decode(kv.substr(eq + 1));
    }
    return {};
  }
};

struct FakeHub::Listener {
  std::string name;
  int fd = -1;
  uint16_t port = 0;
  std::thread thread;
};

std::string FakeHub::sha256_hex(const std::vector<uint8_t>& bytes) { return digest_hex(EVP_sha256(), "", bytes); }

FakeHub::FakeHub() {
  for (auto* slot : {&hub_, &cdn_}) {
    auto l = std::make_unique<Listener>();
    l->name = slot == &hub_ ? "hub" : "cdn";
    l->fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    if (l->fd < 0 || ::bind(l->fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(l->fd, 64) != 0)
      throw std::runtime_error("FakeHub: cannot listen on 127.0.0.1");
    socklen_t len = sizeof addr;
    ::getsockname(l->fd, reinterpret_cast<sockaddr*>(&addr), &len);
    l->port = ntohs(addr.sin_port);
    *slot = std::move(l);
  }
  hub_->thread = std::thread([this] { serve(*hub_); });
  cdn_->thread = std::thread([this] { serve(*cdn_); });
}

FakeHub::~FakeHub() {
  std::vector<std::thread> threads;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    for (int fd : connections_) ::shutdown(fd, SHUT_RDWR);
  }
  changed_.notify_all();
  for (auto* l : {hub_.get(), cdn_.get()}) {
    ::shutdown(l->fd, SHUT_RDWR);
    ::close(l->fd);
    l->thread.join();
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    threads.swap(threads_);
  }
  for (auto& t : threads) t.join();
}

std::string FakeHub::endpoint() const { return "http://127.0.0.1:" + std::to_string(hub_->port); }
std::string FakeHub::cdn() const { return "http://127.0.0.1:" + std::to_string(cdn_->port); }

void FakeHub::add_file(const std::string& repo, const std::string& path, const std::filesystem::path& source, bool lfs) {
  File f;
  f.path = path;
  f.source = source;
  f.lfs = lfs;
  const std::vector<uint8_t> bytes = [&] {
    std::ifstream in(source, std::ios::binary);
    if (!in) throw std::runtime_error("FakeHub: cannot read " + source.string());
    return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }();
  f.size = bytes.size();
  f.sha256 = f.listed_sha256 = sha256_hex(bytes);
  f.git_oid = digest_hex(EVP_sha1(), "blob " + std::to_string(bytes.size()) + std::string(1, '\0'), bytes);
  std::lock_guard<std::mutex> lock(mutex_);
  repos_[repo].files.push_back(std::move(f));
}

void FakeHub::add_file_bytes(const std::string& repo, const std::string& path, std::vector<uint8_t> bytes, bool lfs) {
  File f;
  f.path = path;
  f.lfs = lfs;
  f.size = bytes.size();
  f.sha256 = f.listed_sha256 = sha256_hex(bytes);
  f.git_oid = digest_hex(EVP_sha1(), "blob " + std::to_string(bytes.size()) + std::string(1, '\0'), bytes);
  f.bytes = std::move(bytes);
  std::lock_guard<std::mutex> lock(mutex_);
  repos_[repo].files.push_back(std::move(f));
}

void FakeHub::set_stats(const std::string& repo, uint64_t downloads, uint64_t likes) {
  std::lock_guard<std::mutex> lock(mutex_);
  repos_[repo].downloads = downloads;
  repos_[repo].likes = likes;
}

void FakeHub::set_gated(const std::string& repo, const std::string& token) {
  std::lock_guard<std::mutex> lock(mutex_);
  repos_[repo].token = token;
}

void FakeHub::set_page_size(size_t entries) {
  std::lock_guard<std::mutex> lock(mutex_);
  page_size_ = entries;
}

void FakeHub::set_listed_sha256(const std::string& repo, const std::string& path, const std::string& hex_digest) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (File* f = find_file(repo, path)) f->listed_sha256 = hex_digest;
}

void FakeHub::add_fault(const std::string& repo, const std::string& path, Fault fault, int times) {
  std::lock_guard<std::mutex> lock(mutex_);
  File* f = find_file(repo, path);
  if (f == nullptr) throw std::runtime_error("FakeHub: no file " + repo + "/" + path);
  for (int i = 0; i < times; ++i) f->faults.push_back(fault);
}

void FakeHub::release_stalls() {
  std::lock_guard<std::mutex> lock(mutex_);
  stalls_released_ = true;
  changed_.notify_all();
}

bool FakeHub::wait_for_stall(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  return changed_.wait_for(lock, timeout, [this] { return stalled_ > 0; });
}

std::vector<FakeHub::Request> FakeHub::requests() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return requests_;
}

FakeHub::File* FakeHub::find_file(const std::string& repo, const std::string& path) {
  auto it = repos_.find(repo);
  if (it == repos_.end()) return nullptr;
  for (auto& f : it->second.files)
    if (f.path == path) return &f;
  return nullptr;
}

std::vector<uint8_t> FakeHub::read_file(const File& f, uint64_t offset, uint64_t length) const {
  if (f.source.empty()) return std::vector<uint8_t>(f.bytes.begin() + offset, f.bytes.begin() + offset + length);
  std::ifstream in(f.source, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(offset));
  std::vector<uint8_t> out(length);
  in.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(length));
  return out;
}

void FakeHub::serve(Listener& l) {
  while (true) {
    const int fd = ::accept4(l.fd, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) return;
      continue;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) {
      ::close(fd);
      return;
    }
    connections_.push_back(fd);
    threads_.emplace_back([this, fd, name = l.name] {
      handle(fd, name);
      std::lock_guard<std::mutex> guard(mutex_);
      connections_.erase(std::find(connections_.begin(), connections_.end(), fd));
      ::close(fd);
    });
  }
}

void FakeHub::handle(int fd, const std::string& server) {
  std::string head;
  char buf[4096];
  while (head.find("\r\n\r\n") == std::string::npos) {
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0 || head.size() > (1u << 20)) return;
    head.append(buf, static_cast<size_t>(n));
  }
  Http req;
  std::istringstream lines(head.substr(0, head.find("\r\n\r\n")));
  std::string line;
  std::getline(lines, line);
  std::istringstream first(line);
  first >> req.method >> req.target;
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    size_t v = colon + 1;
    while (v < line.size() && line[v] == ' ') ++v;
    req.headers[lower(line.substr(0, colon))] = line.substr(v);
  }
  const size_t q = req.target.find('?');
  req.path = url_decode(req.target.substr(0, q));
  req.query = q == std::string::npos ? "" : req.target.substr(q + 1);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    requests_.push_back({server, req.method, req.target, req.header("range"), req.header("authorization")});
  }
  if (server == "hub")
    answer_hub(fd, req);
  else
    answer_cdn(fd, req);
}

void FakeHub::answer_hub(int fd, const Http& req) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (req.path == "/api/models") {
    const std::string search = lower(req.param("search"));
    nlohmann::json out = nlohmann::json::array();
    for (const auto& [id, repo] : repos_) {
      if (lower(id).find(search) == std::string::npos) continue;
      out.push_back({{"_id", "x" + id}, {"id", id}, {"downloads", repo.downloads}, {"likes", repo.likes},
                     {"tags", {"gguf"}}, {"private", false}});
    }
    lock.unlock();
    respond(fd, 200, out.dump());
    return;
  }
  // /api/models/OWNER/NAME/tree/REV  or  /OWNER/NAME/resolve/REV/PATH
  std::vector<std::string> parts;
  std::istringstream segs(req.path);
  std::string seg;
  while (std::getline(segs, seg, '/'))
    if (!seg.empty()) parts.push_back(seg);
  const bool tree = parts.size() == 6 && parts[0] == "api" && parts[1] == "models" && parts[4] == "tree";
  const bool resolve = parts.size() >= 5 && parts[2] == "resolve";
  if (!tree && !resolve) {
    lock.unlock();
    error_response(fd, 404, "", "no route " + req.path);
    return;
  }
  const std::string id = tree ? parts[2] + "/" + parts[3] : parts[0] + "/" + parts[1];
  auto it = repos_.find(id);
  if (it == repos_.end()) {
    lock.unlock();
    error_response(fd, 401, "RepoNotFound", "Repository not found");
    return;
  }
  const Repo& repo = it->second;
  const std::string auth = req.header("authorization");
  if (!repo.token.empty() && auth != "Bearer " + repo.token) {
    lock.unlock();
    if (auth.empty())
      error_response(fd, 401, "GatedRepo", "Access to model " + id + " is restricted. You must be authenticated.");
    else
      error_response(fd, 403, "GatedRepo", "Access to model " + id + " is restricted and you are not in the authorized list.");
    return;
  }
  if (tree) {
    const size_t cursor = req.param("cursor").empty() ? 0 : std::stoul(req.param("cursor"));
    const size_t page = page_size_ == 0 ? repo.files.size() : page_size_;
    nlohmann::json out = nlohmann::json::array();
    for (size_t i = cursor; i < std::min(repo.files.size(), cursor + page); ++i) {
      const File& f = repo.files[i];
      nlohmann::json e = {{"type", "file"}, {"oid", f.git_oid}, {"size", f.size}, {"path", f.path}};
      if (f.lfs) e["lfs"] = {{"oid", f.listed_sha256}, {"size", f.size}, {"pointerSize", 134}};
      out.push_back(e);
    }
    if (cursor == 0) out.push_back({{"type", "directory"}, {"oid", std::string(40, '0')}, {"size", 0}, {"path", "docs"}});
    std::vector<std::string> headers;
    if (cursor + page < repo.files.size()) {
      headers.push_back("Link: <" + endpoint() + "/api/models/" + id + "/tree/" + parts[5] +
                        "?recursive=true&cursor=" + std::to_string(cursor + page) + ">; rel=\"next\"");
    }
    lock.unlock();
    respond(fd, 200, out.dump(), headers);
    return;
  }
  std::string path;
  for (size_t i = 4; i < parts.size(); ++i) path += (path.empty() ? "" : "/") + parts[i];
  const File* f = find_file(id, path);
  if (f == nullptr) {
    lock.unlock();
    error_response(fd, 404, "EntryNotFound", path + " does not exist on \"main\"");
    return;
  }
  std::vector<std::string> headers = {"Location: " + cdn() + "/cdn/" + id + "/" + path,
                                      "X-Linked-Size: " + std::to_string(f->size),
                                      "X-Linked-Etag: \"" + f->sha256 + "\"", "X-Repo-Commit: 0123456789abcdef"};
  lock.unlock();
  respond(fd, 302, "", headers, "text/plain");
}

void FakeHub::answer_cdn(int fd, const Http& req) {
  std::unique_lock<std::mutex> lock(mutex_);
  // /cdn/OWNER/NAME/PATH
  std::string rest = req.path.substr(std::min<size_t>(req.path.size(), 5));
  const size_t a = rest.find('/');
  const size_t b = a == std::string::npos ? std::string::npos : rest.find('/', a + 1);
  File* f = b == std::string::npos ? nullptr : find_file(rest.substr(0, b), rest.substr(b + 1));
  if (req.path.rfind("/cdn/", 0) != 0 || f == nullptr) {
    lock.unlock();
    error_response(fd, 404, "", "no such object");
    return;
  }
  std::optional<Fault> fault;
  if (!f->faults.empty()) {
    fault = f->faults.front();
    f->faults.pop_front();
  }
  const File file = *f;  // a copy (bytes included), served without the lock
  lock.unlock();

  const auto status_fault = [&](Fault x, int status) {
    if (fault != x) return false;
    std::vector<std::string> h;
    if (status == 429) h.push_back("Retry-After: 7");
    respond(fd, status, "{\"error\":\"" + std::string(reason(status)) + "\"}", h);
    return true;
  };
  if (status_fault(Fault::Status401, 401) || status_fault(Fault::Status403, 403) || status_fault(Fault::Status404, 404) ||
      status_fault(Fault::Status429, 429) || status_fault(Fault::Status500, 500) || status_fault(Fault::Status503, 503))
    return;

  uint64_t begin = 0, end = file.size;  // [begin, end)
  bool partial = false;
  const std::string range = req.header("range");
  if (!range.empty() && fault != Fault::IgnoreRange) {
    // bytes=A- or bytes=A-B
    const size_t dash = range.find('-');
    if (range.rfind("bytes=", 0) != 0 || dash == std::string::npos) {
      respond(fd, 416, "", {"Content-Range: bytes */" + std::to_string(file.size)});
      return;
    }
    begin = std::stoull(range.substr(6, dash - 6));
    if (dash + 1 < range.size()) end = std::min<uint64_t>(file.size, std::stoull(range.substr(dash + 1)) + 1);
    if (begin >= file.size || begin >= end) {
      respond(fd, 416, "", {"Content-Range: bytes */" + std::to_string(file.size)});
      return;
    }
    partial = true;
  }
  std::vector<uint8_t> body = read_file(file, begin, end - begin);
  if (fault == Fault::CorruptByte && !body.empty()) body[body.size() / 2] ^= 0x5A;
  std::ostringstream head;
  head << "HTTP/1.1 " << (partial ? 206 : 200) << " " << reason(partial ? 206 : 200)
       << "\r\nConnection: close\r\nAccept-Ranges: bytes\r\nContent-Type: application/octet-stream\r\nContent-Length: "
       << body.size() << "\r\n";
  if (partial) head << "Content-Range: bytes " << begin << "-" << (end - 1) << "/" << file.size << "\r\n";
  head << "\r\n";
  if (!send_text(fd, head.str())) return;
  size_t to_send = body.size();
  if (fault == Fault::DropHalfway || fault == Fault::StallHalfway) to_send /= 2;
  if (!send_all(fd, body.data(), to_send)) return;
  body_bytes_sent_ += to_send;
  if (fault == Fault::StallHalfway) {
    std::unique_lock<std::mutex> wait(mutex_);
    ++stalled_;
    changed_.notify_all();
    changed_.wait(wait, [this] { return stalls_released_ || stopping_; });
    --stalled_;
    return;  // the connection closes with the body cut short
  }
  if (fault == Fault::DropHalfway) return;
  if (send_all(fd, body.data() + to_send, body.size() - to_send)) body_bytes_sent_ += body.size() - to_send;
}

}  // namespace tessera::test
