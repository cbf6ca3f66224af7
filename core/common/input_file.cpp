#include "common/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace tessera {
namespace {

const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return "not a file";
}

// "the template file 'PATH'", or "'PATH'" when `what` is empty.
std::string named(const std::string& path, std::string_view what) {
  return what.empty() ? "'" + path + "'" : std::string(what) + " '" + path + "'";
}

// Appends up to `max_bytes + 1` bytes from `fd` to `out`; false on a read error (errno set).
bool read_bounded(int fd, uint64_t max_bytes, std::string& out) {
  char buf[65536];
  while (out.size() <= max_bytes) {
    const size_t want = static_cast<size_t>(std::min<uint64_t>(sizeof buf, max_bytes + 1 - out.size()));
    const ssize_t n = ::read(fd, buf, want);
    if (n == 0) return true;
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    out.append(buf, static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

InputFile::InputFile(InputFile&& other) noexcept : fd_(std::exchange(other.fd_, -1)), size_(other.size_) {}

InputFile& InputFile::operator=(InputFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    size_ = other.size_;
  }
  return *this;
}

int InputFile::release() { return std::exchange(fd_, -1); }

Result<InputFile> open_regular_file(const std::string& path, std::string_view what) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer before fstat can
  // refuse it. It changes nothing for regular files.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return make_error(ErrorKind::Io, "cannot open " + named(path, what) + ": " + std::strerror(errno));
  InputFile file(fd, 0);
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    return make_error(ErrorKind::Io, "cannot stat " + named(path, what) + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    return make_error(ErrorKind::BadFile, named(path, what) + " is not a regular file (" + file_kind(st.st_mode) + ")");
  return InputFile(file.release(), static_cast<uint64_t>(st.st_size));
}

Result<std::string> read_input_file(const std::string& path, uint64_t max_bytes, std::string_view what) {
  TESSERA_ASSIGN_OR_RETURN(InputFile file, open_regular_file(path, what));
  const std::string limit = ", more than the limit of " + std::to_string(max_bytes) + " bytes";
  if (file.size() > max_bytes)
    return make_error(ErrorKind::InvalidArgument, named(path, what) + " is " + std::to_string(file.size()) + " bytes" + limit);
  std::string text;
  text.reserve(static_cast<size_t>(file.size()));
  if (!read_bounded(file.fd(), max_bytes, text))
    return make_error(ErrorKind::Io, "cannot read " + named(path, what) + ": " + std::strerror(errno));
  if (text.size() > max_bytes)  // it grew while being read
    return make_error(ErrorKind::InvalidArgument, named(path, what) + " grew while being read" + limit);
  return text;
}

Result<std::string> read_input_stream(int fd, uint64_t max_bytes, std::string_view what) {
  std::string text;
  if (!read_bounded(fd, max_bytes, text))
    return make_error(ErrorKind::Io, "cannot read " + std::string(what) + ": " + std::strerror(errno));
  if (text.size() > max_bytes)
    return make_error(ErrorKind::InvalidArgument,
                      std::string(what) + " is longer than the limit of " + std::to_string(max_bytes) + " bytes");
  return text;
}

}  // namespace tessera
