// A stand-in for the Hugging Face hub for the download suites, on 127.0.0.1 only: never the
// internet. Two listeners, like huggingface.co and the CDN its downloads redirect to (on another
// port, so that a token sent to the hub must not follow the redirect):
//   hub  GET /api/models?search=TEXT&filter=gguf...     the added models whose id contains TEXT
//        GET /api/models/OWNER/NAME/tree/REV?recursive=true[&cursor=N]
//                                   files with size, oid and lfs {oid: sha256, size}; pages of
//                                   set_page_size() entries with a Link rel="next" header
//        GET /OWNER/NAME/resolve/REV/PATH      302 to the CDN (X-Linked-Size, X-Linked-Etag)
//        unknown repository: 401 with X-Error-Code RepoNotFound, missing file: 404 EntryNotFound,
//        a gated repository without its token: 401 (no token) or 403 (another token), GatedRepo
//   cdn  GET /cdn/OWNER/NAME/PATH       the bytes, with Range requests answered 206
// Files are served from memory or read in place from disk (fixtures are never copied).
//
// Faults, queued per file and taken one per request for its bytes (at the CDN): drop the
// connection halfway, stall halfway until released, corrupt a byte, ignore the Range header,
// or answer 401/403/404/429 (Retry-After: 7)/500/503.
//
// A raw-socket HTTP/1.1 server (one request per connection) rather than cpp-httplib: the faults
// need the byte stream itself (a declared length and half the bytes, a body stopped mid-way).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tessera::test {

class FakeHub {
 public:
  enum class Fault { DropHalfway, StallHalfway, CorruptByte, IgnoreRange, Status401, Status403, Status404, Status429,
                     Status500, Status503 };

  struct Request {
    std::string server;  // "hub" or "cdn"
    std::string method;
    std::string target;
    std::string range;          // the Range header, "" when absent
    std::string authorization;  // the Authorization header, "" when absent
  };

  FakeHub();
  ~FakeHub();
  FakeHub(const FakeHub&) = delete;
  FakeHub& operator=(const FakeHub&) = delete;

  std::string endpoint() const;  // "http://127.0.0.1:PORT"
  std::string cdn() const;

  // A file of `repo` ("owner/name"), read in place from `source`; `lfs`: listed with its SHA-256
  // (else only the git blob id).
  void add_file(const std::string& repo, const std::string& path, const std::filesystem::path& source, bool lfs = true);
  void add_file_bytes(const std::string& repo, const std::string& path, std::vector<uint8_t> bytes, bool lfs = true);
  // Search results carry downloads and likes; every repository with a file is listed too.
  void set_stats(const std::string& repo, uint64_t downloads, uint64_t likes);
  // Requests for the repository's listing and files need "Authorization: Bearer TOKEN".
  void set_gated(const std::string& repo, const std::string& token);
  void set_page_size(size_t entries);
  // The listing claims this SHA-256 for the file (its bytes stay right).
  void set_listed_sha256(const std::string& repo, const std::string& path, const std::string& hex);
  void add_fault(const std::string& repo, const std::string& path, Fault fault, int times = 1);

  // Stalled responses go on (and end their connection).
  void release_stalls();
  // Waits until a response is stalled; false after `timeout`.
  bool wait_for_stall(std::chrono::milliseconds timeout);

  std::vector<Request> requests() const;
  uint64_t body_bytes_sent() const { return body_bytes_sent_.load(); }

  // The SHA-256 of bytes, in hex (the same computation the listing uses).
  static std::string sha256_hex(const std::vector<uint8_t>& bytes);

 private:
  struct File {
    std::string path;
    std::filesystem::path source;  // empty: `bytes`
    std::vector<uint8_t> bytes;
    uint64_t size = 0;
    std::string sha256;
    std::string listed_sha256;  // what the listing says (normally sha256)
    std::string git_oid;
    bool lfs = true;
    std::deque<Fault> faults;
  };
  struct Repo {
    std::vector<File> files;
    uint64_t downloads = 0, likes = 0;
    std::string token;  // gated when not empty
  };
  struct Listener;
  struct Http;  // one request as parsed

  void serve(Listener& l);
  void handle(int fd, const std::string& server);
  void answer_hub(int fd, const Http& req);
  void answer_cdn(int fd, const Http& req);
  File* find_file(const std::string& repo, const std::string& path);
  std::vector<uint8_t> read_file(const File& f, uint64_t offset, uint64_t length) const;

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, Repo> repos_;
  size_t page_size_ = 0;  // 0: one page
  std::vector<Request> requests_;
  bool stalls_released_ = false;
  int stalled_ = 0;
  bool stopping_ = false;
  std::atomic<uint64_t> body_bytes_sent_{0};
  std::vector<int> connections_;
  std::vector<std::thread> threads_;
  std::unique_ptr<Listener> hub_, cdn_;
};

}  // namespace tessera::test
