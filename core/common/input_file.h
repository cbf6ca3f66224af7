// Files a person names as input (a model, a template, a messages file, a text to score). Only
// regular files are opened: a FIFO would block for ever, /dev/zero and /dev/urandom never end, a
// directory reads as nothing. Whole-file reads are bounded, so a file far larger than any real
// input is an error naming the file and the bound, not an allocation of its size.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/error.h"

namespace tessera {

// An open file descriptor, closed when it goes out of scope.
class InputFile {
 public:
  InputFile() = default;
  explicit InputFile(int fd, uint64_t size) : fd_(fd), size_(size) {}
  ~InputFile();
  InputFile(InputFile&& other) noexcept;
  InputFile& operator=(InputFile&& other) noexcept;
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  int fd() const { return fd_; }
  uint64_t size() const { return size_; }  // at the time it was opened
  // Hands the descriptor over (e.g. to fdopen); this object no longer closes it.
  int release();

 private:
  int fd_ = -1;
  uint64_t size_ = 0;
};

// Opens `path` for reading when it is a regular file. `what` names the input in errors ("the
// template file"; empty: the path alone):
//   Io:      "cannot open the template file 'PATH': No such file or directory"
//   BadFile: "the template file 'PATH' is not a regular file (a directory)"  (a FIFO, a device, ...)
Result<InputFile> open_regular_file(const std::string& path, std::string_view what = {});

// The whole of the regular file `path`, at most `max_bytes` bytes; a larger file is an
// InvalidArgument error naming it and the bound: "the template file 'PATH' is 2147483648 bytes,
// more than the limit of 67108864 bytes".
Result<std::string> read_input_file(const std::string& path, uint64_t max_bytes, std::string_view what);

// All of the stream on `fd` (standard input: a pipe, a terminal or a file), at most `max_bytes`
// bytes: a longer (or endless) stream is an error naming `what` ("standard input") and the bound.
Result<std::string> read_input_stream(int fd, uint64_t max_bytes, std::string_view what);

}  // namespace tessera
