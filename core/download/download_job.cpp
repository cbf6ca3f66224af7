#include "download/download_job.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <set>

#include "download/content_digest.h"
#include "download/rate_meter.h"
#include "engine/model_info.h"

namespace tessera::download {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string errno_text(int err) { return std::strerror(err); }

// The progress of one run_download, reported at most every `interval` (and on every change of
// state, so a listener sees each file start, verify and finish).
class ProgressTracker {
 public:
  ProgressTracker(const ProgressFn& fn, std::chrono::milliseconds interval) : fn_(fn), interval_(interval) {}

  DownloadProgress& state() { return p_; }

  void set_state(size_t file, FileState s) {
    p_.current = file;
    p_.files[file].state = s;
    report(true);
  }
  // `n` bytes written to file `file` (received now, so they count for the speed).
  void received(size_t file, uint64_t n) {
    p_.files[file].done += n;
    p_.done += n;
    received_ += n;
    report(false);
  }
  // File `file` holds `done` bytes again (a resumed part counted, or a restart from 0).
  void set_done(size_t file, uint64_t done) {
    p_.done = p_.done - p_.files[file].done + done;
    p_.files[file].done = done;
    report(false);
  }
  void note(std::string text) {
    p_.note = std::move(text);
    report(true);
  }
  void report(bool force) {
    const auto now = Clock::now();
    meter_.sample(now, received_);
    if (!fn_ || (!force && now - last_ < interval_)) return;
    last_ = now;
    p_.bytes_per_second = meter_.bytes_per_second();
    p_.eta_seconds = meter_.eta_seconds(p_.total - std::min(p_.done, p_.total));
    fn_(p_);
  }

 private:
  const ProgressFn& fn_;
  std::chrono::milliseconds interval_;
  DownloadProgress p_;
  RateMeter meter_;
  uint64_t received_ = 0;
  Clock::time_point last_{};
};

// FOLDER/NAME.part, open for writing and locked against a second writer.
class PartFile {
 public:
  ~PartFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  static Result<std::unique_ptr<PartFile>> open(const std::string& path) {
    auto f = std::unique_ptr<PartFile>(new PartFile());
    f->path_ = path;
    f->fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (f->fd_ < 0) return make_error(ErrorKind::Io, "cannot open " + path + " for writing: " + errno_text(errno));
    if (::flock(f->fd_, LOCK_EX | LOCK_NB) != 0) {
      return make_error(ErrorKind::Io, "another download is writing " + path + " (it is locked); wait for it to end");
    }
    return f;
  }
  Result<uint64_t> size() const {
    struct stat st {};
    if (::fstat(fd_, &st) != 0) return make_error(ErrorKind::Io, "cannot read the size of " + path_ + ": " + errno_text(errno));
    return static_cast<uint64_t>(st.st_size);
  }
  // Appends at `at` (the bytes before it are the file's); the errno of a failed write, else 0.
  int write_at(uint64_t at, const uint8_t* data, size_t n) {
    while (n > 0) {
      const ssize_t w = ::pwrite(fd_, data, n, static_cast<off_t>(at));
      if (w < 0) {
        if (errno == EINTR) continue;
        return errno;
      }
      data += w;
      n -= static_cast<size_t>(w);
      at += static_cast<uint64_t>(w);
    }
    return 0;
  }
  Status truncate(uint64_t size) {
    if (::ftruncate(fd_, static_cast<off_t>(size)) != 0)
      return make_error(ErrorKind::Io, "cannot truncate " + path_ + ": " + errno_text(errno));
    return {};
  }
  Result<size_t> read_at(uint64_t at, uint8_t* out, size_t n) const {
    while (true) {
      const ssize_t r = ::pread(fd_, out, n, static_cast<off_t>(at));
      if (r >= 0) return static_cast<size_t>(r);
      if (errno != EINTR) return make_error(ErrorKind::Io, "cannot read " + path_ + ": " + errno_text(errno));
    }
  }
  Status sync() {
    if (::fdatasync(fd_) != 0) return make_error(ErrorKind::Io, "cannot write " + path_ + " to disk: " + errno_text(errno));
    return {};
  }
  const std::string& path() const { return path_; }

 private:
  PartFile() = default;
  std::string path_;
  int fd_ = -1;
};

Error stopped(const DownloadControl& control, const DownloadRequest& request) {
  if (control.request() == DownloadControl::Request::Cancel)
    return make_error(ErrorKind::Cancelled, "the download of " + request.repo + " was cancelled");
  return make_error(ErrorKind::Cancelled, "the download of " + request.repo +
                                              " was paused; its partial files stay in " + request.folder +
                                              " and the next download of it resumes from them");
}

// Parses "bytes START-END/TOTAL"; nullopt when the header says something else.
std::optional<uint64_t> content_range_start(const std::string& value) {
  if (value.rfind("bytes ", 0) != 0) return std::nullopt;
  uint64_t start = 0;
  size_t i = 6;
  if (i >= value.size() || !std::isdigit(static_cast<unsigned char>(value[i]))) return std::nullopt;
  for (; i < value.size() && std::isdigit(static_cast<unsigned char>(value[i])); ++i) {
    if (start > (UINT64_MAX - 9) / 10) return std::nullopt;
    start = start * 10 + static_cast<uint64_t>(value[i] - '0');
  }
  return i < value.size() && value[i] == '-' ? std::optional<uint64_t>(start) : std::nullopt;
}

std::chrono::milliseconds retry_after(const HttpResponse& r, std::chrono::milliseconds cap) {
  const std::string v = r.header("retry-after");
  if (v.empty() || v.size() > 9 || !std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::chrono::milliseconds(-1);  // absent, or an HTTP date: use the usual wait
  return std::min(cap, std::chrono::milliseconds(std::stoll(v) * 1000));
}

// One file's transfer, from whatever its .part holds to the checked, renamed file.
class FileTransfer {
 public:
  FileTransfer(HubClient& hub, const DownloadRequest& request, size_t index, DownloadControl& control,
               const DownloadOptions& options, ProgressTracker& progress)
      : hub_(hub), request_(request), index_(index), file_(request.files[index]), control_(control),
        options_(options), progress_(progress), url_(hub.file_url(request.repo, request.revision, file_.path)),
        final_path_(local_path(request, file_)) {}

  Status run() {
    TESSERA_ASSIGN_OR_RETURN(part_, PartFile::open(partial_path(final_path_)));
    TESSERA_ASSIGN_OR_RETURN(have_, part_->size());
    if (have_ > file_.size) {  // not this file's bytes
      TESSERA_TRY(part_->truncate(0));
      have_ = 0;
    }
    TESSERA_TRY(start_hash());
    int failures = 0;
    while (have_ < file_.size) {
      if (control_.stopping()) return stopped(control_, request_);
      const uint64_t before = have_;
      Attempt a = attempt();
      if (a.outcome == Outcome::Done) continue;
      if (a.outcome == Outcome::Stop) return stopped(control_, request_);
      if (a.outcome == Outcome::Fatal) return a.error;
      // Transient: again at once when bytes came, else after a wait, a bounded number of times.
      if (have_ > before) {
        failures = 0;
        progress_.note("resuming after " + format_bytes(have_) + ": " + a.error.message);
        continue;
      }
      if (++failures > options_.retry.max_retries) {
        return make_error(a.error.kind, "giving up on " + file_.name() + " after " + std::to_string(failures) +
                                            (failures == 1 ? " attempt" : " attempts") + ": " + a.error.message +
                                            (have_ > 0 ? " (the " + format_bytes(have_) + " received stay in " +
                                                             part_->path() + " for the next try)"
                                                       : ""));
      }
      auto wait = std::min(options_.retry.max_wait, options_.retry.first_wait * (1 << std::min(failures - 1, 16)));
      if (a.retry_after.count() >= 0) wait = a.retry_after;
      progress_.note("retrying in " + format_duration(static_cast<double>(wait.count()) / 1000.0) + ": " + a.error.message);
      const bool waited = options_.wait ? options_.wait(wait) : control_.wait_for(wait);
      if (!waited || control_.stopping()) return stopped(control_, request_);
    }
    return finish();
  }

 private:
  enum class Outcome { Done, Transient, Fatal, Stop };
  struct Attempt {
    Outcome outcome = Outcome::Done;
    Error error;
    std::chrono::milliseconds retry_after{-1};
  };

  Status start_hash() {
    if (const auto digest = file_.digest()) {
      TESSERA_ASSIGN_OR_RETURN(ContentHasher h, ContentHasher::make(digest->kind, file_.size));
      hasher_.emplace(std::move(h));
    }
    progress_.set_done(index_, have_);
    if (have_ == 0 || !hasher_) return {};
    // The part left by an earlier run: its bytes count towards the checksum.
    progress_.set_state(index_, FileState::CheckingPart);
    std::vector<uint8_t> buf(4u << 20);
    for (uint64_t at = 0; at < have_;) {
      if (control_.stopping()) return stopped(control_, request_);
      TESSERA_ASSIGN_OR_RETURN(size_t n, part_->read_at(at, buf.data(), std::min<uint64_t>(buf.size(), have_ - at)));
      if (n == 0) return make_error(ErrorKind::Io, part_->path() + " ended while it was read again");
      hasher_->update(buf.data(), n);
      at += n;
    }
    return {};
  }

  Status restart_from_zero() {
    TESSERA_TRY(part_->truncate(0));
    have_ = 0;
    progress_.set_done(index_, 0);
    hasher_.reset();
    return start_hash();
  }

  Attempt attempt() {
    progress_.set_state(index_, FileState::Downloading);
    HttpRequest req;
    req.url = url_;
    req.headers = hub_.request_headers();
    req.range_begin = have_;
    const uint64_t asked_from = have_;
    std::optional<Error> fatal, transient;  // why the sink or the check stopped the transfer
    const ResponseCheck check = [&](const HttpResponse& head) {
      if (head.status == 206) {
        const auto start = content_range_start(head.header("content-range"));
        if (start && *start == asked_from) return true;
        transient = make_error(ErrorKind::Io, display_url(url_) + " answered a request for the bytes from " +
                                                  std::to_string(asked_from) + " with " +
                                                  (start ? "bytes from " + std::to_string(*start) : "no usable Content-Range"));
        return false;
      }
      if (head.status == 200 && asked_from > 0) {  // the range was ignored: the file from its start
        if (Status s = restart_from_zero(); !s.ok()) {
          fatal = s.error();
          return false;
        }
        progress_.note(display_url(url_) + " ignored the request to resume; downloading from the start");
      }
      return true;
    };
    const BodySink sink = [&](const uint8_t* data, size_t n) {
      if (n > file_.size - have_) {
        fatal = make_error(ErrorKind::BadFile, display_url(url_) + " sent more than the " + std::to_string(file_.size) +
                                                   " bytes the listing gave for " + file_.path +
                                                   "; the file may have changed on the hub: download it again");
        return false;
      }
      if (const int err = part_->write_at(have_, data, n); err != 0) {
        fatal = make_error(ErrorKind::Io, "cannot write " + part_->path() + " after " + std::to_string(have_) +
                                              " bytes: " + errno_text(err) + " (the part is kept: make room and run the "
                                              "download again to resume)");
        return false;
      }
      if (hasher_) hasher_->update(data, n);
      have_ += n;
      progress_.received(index_, n);
      return true;
    };
    const KeepGoing keep_going = [&] { return !control_.stopping(); };
    auto r = hub_.http().fetch(req, sink, keep_going, check);
    if (fatal) return {Outcome::Fatal, *fatal, {}};
    if (control_.stopping()) return {Outcome::Stop, {}, {}};
    if (transient) return {Outcome::Transient, *transient, {}};
    if (!r.ok()) {
      const Error& e = r.error();
      return {e.kind == ErrorKind::Io ? Outcome::Transient : Outcome::Fatal, e, {}};
    }
    const HttpResponse& resp = *r;
    if (resp.status == 200 || resp.status == 206) {
      if (have_ < file_.size) {
        return {Outcome::Transient, make_error(ErrorKind::Io, display_url(url_) + " ended the file after " +
                                                                  std::to_string(have_) + " of " +
                                                                  std::to_string(file_.size) + " bytes"), {}};
      }
      return {Outcome::Done, {}, {}};
    }
    if (resp.status == 416) {  // the server's file is shorter than the part: start again
      if (Status s = restart_from_zero(); !s.ok()) return {Outcome::Fatal, s.error(), {}};
      return {Outcome::Transient, make_error(ErrorKind::Io, display_url(url_) + " refused to resume from byte " +
                                                                std::to_string(asked_from) + " (HTTP 416)"), {}};
    }
    Error e = hub_.http_error(resp, url_, request_.repo, file_.path);
    if (is_retryable_status(resp.status)) return {Outcome::Transient, e, retry_after(resp, options_.retry.max_wait)};
    return {Outcome::Fatal, e, {}};
  }

  Status finish() {
    progress_.set_state(index_, FileState::Verifying);
    if (hasher_) {
      const ExpectedDigest expected = *file_.digest();
      const std::string got = hasher_->finish_hex();
      if (got != expected.hex) {
        const std::string path = part_->path();
        part_.reset();
        std::error_code ec;
        fs::remove(path, ec);
        return make_error(ErrorKind::BadFile,
                          std::string("the ") + digest_kind_name(expected.kind) + " of " + file_.path + " from " +
                              display_url(url_) + " is " + got + ", but the hub lists " + expected.hex +
                              ": the bytes were damaged on the way, so they were removed (" + path +
                              "); download it again");
      }
    }
    TESSERA_TRY(part_->sync());
    std::error_code ec;
    fs::rename(part_->path(), final_path_, ec);
    if (ec) return make_error(ErrorKind::Io, "cannot rename " + part_->path() + " to " + final_path_ + ": " + ec.message());
    part_.reset();
    progress_.set_state(index_, FileState::Done);
    return {};
  }

  HubClient& hub_;
  const DownloadRequest& request_;
  size_t index_;
  const RepoFile& file_;
  DownloadControl& control_;
  const DownloadOptions& options_;
  ProgressTracker& progress_;
  std::string url_;
  std::string final_path_;
  std::unique_ptr<PartFile> part_;
  uint64_t have_ = 0;
  std::optional<ContentHasher> hasher_;
};

uint64_t file_size_or_zero(const std::string& path) {
  std::error_code ec;
  const auto st = fs::status(path, ec);
  if (ec || !fs::is_regular_file(st)) return 0;
  const auto n = fs::file_size(path, ec);
  return ec ? 0 : n;
}

bool complete_in_place(const std::string& path, uint64_t size) {
  std::error_code ec;
  return fs::is_regular_file(path, ec) && fs::file_size(path, ec) == size && !ec;
}

}  // namespace

const char* file_state_name(FileState state) {
  switch (state) {
    case FileState::Waiting: return "waiting";
    case FileState::CheckingPart: return "checking the part downloaded before";
    case FileState::Downloading: return "downloading";
    case FileState::Verifying: return "verifying";
    case FileState::Done: return "done";
  }
  return "?";
}

std::string local_path(const DownloadRequest& request, const RepoFile& file) {
  return (fs::path(request.folder) / file.name()).string();
}

std::string partial_path(const std::string& final_path) { return final_path + ".part"; }

Result<uint64_t> free_space_of(const std::string& folder) {
  struct statvfs st {};
  if (::statvfs(folder.c_str(), &st) != 0)
    return make_error(ErrorKind::Io, "cannot read the free space of " + folder + ": " + errno_text(errno));
  return static_cast<uint64_t>(st.f_bavail) * static_cast<uint64_t>(st.f_frsize);
}

Result<std::vector<std::string>> run_download(HubClient& hub, const DownloadRequest& request, DownloadControl& control,
                                              const DownloadOptions& options, const ProgressFn& progress) {
  TESSERA_TRY(check_repo_id(request.repo));
  if (request.files.empty()) return make_error(ErrorKind::InvalidArgument, "nothing to download from " + request.repo);
  std::set<std::string> names;
  for (const auto& f : request.files) {
    if (!names.insert(f.name()).second)
      return make_error(ErrorKind::InvalidArgument, "two files of the download are named " + f.name());
  }
  std::error_code ec;
  fs::create_directories(request.folder, ec);
  if (ec) return make_error(ErrorKind::Io, "cannot create the folder " + request.folder + ": " + ec.message());

  ProgressTracker tracker(progress, options.progress_interval);
  DownloadProgress& p = tracker.state();
  std::vector<std::string> paths;
  uint64_t needed = 0, resumable = 0;
  for (const auto& f : request.files) {
    paths.push_back(local_path(request, f));
    FileProgress fp{f.name(), 0, f.size, FileState::Waiting};
    if (complete_in_place(paths.back(), f.size)) {
      fp.done = f.size;
      fp.state = FileState::Done;
    } else {
      const uint64_t part = file_size_or_zero(partial_path(paths.back()));
      if (part <= f.size) {
        resumable += part;
        needed += f.size - part;
      } else {
        needed += f.size;
      }
    }
    p.total += f.size;
    p.files.push_back(fp);
  }
  for (const auto& fp : p.files)
    if (fp.state == FileState::Done) p.done += fp.size;
  if (needed > 0) {
    auto free = options.free_space ? options.free_space(request.folder) : free_space_of(request.folder);
    if (!free.ok()) return free.take_error();
    if (*free < needed) {
      return make_error(ErrorKind::Io, "not enough free space in " + request.folder + " for " + request.repo + ": " +
                                           format_bytes(needed) + " still to download" +
                                           (resumable > 0 ? " (" + format_bytes(resumable) + " are there already)" : "") +
                                           ", " + format_bytes(*free) + " free");
    }
  }
  tracker.report(true);

  control.set_waker([&hub] { hub.http().wake(); });
  struct ClearWaker {
    DownloadControl& c;
    ~ClearWaker() { c.set_waker({}); }
  } clear_waker{control};
  for (size_t i = 0; i < request.files.size(); ++i) {
    if (p.files[i].state == FileState::Done) continue;
    FileTransfer transfer(hub, request, i, control, options, tracker);
    Status st = transfer.run();
    if (!st.ok()) {
      if (control.request() == DownloadControl::Request::Cancel) {
        for (const auto& path : paths) fs::remove(partial_path(path), ec);
      }
      return st.take_error();
    }
  }
  tracker.note("");
  return paths;
}

}  // namespace tessera::download
