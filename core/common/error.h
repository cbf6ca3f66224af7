// Error values for the whole engine: every fallible function returns Result<T> (or Status).
// Library code never exits or aborts; it returns an Error with a kind and a message that names
// the file, field, device, or byte counts a person needs to act on it.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace tessera {

enum class ErrorKind {
  BadFile,          // malformed or inconsistent input file
  Unsupported,      // understood but not supported (tensor type, architecture, ...)
  OutOfMemory,      // host or device allocation failed or would not fit
  Device,           // a driver/runtime call failed
  Cancelled,        // the caller asked to stop
  InvalidArgument,  // the caller passed something unusable
  Io,               // the operating system refused (open, mmap, read, write)
};

const char* error_kind_name(ErrorKind kind);

struct Error {
  ErrorKind kind = ErrorKind::InvalidArgument;
  std::string message;

  Error() = default;
  Error(ErrorKind k, std::string m) : kind(k), message(std::move(m)) {}

  // "BadFile: ..." form for logs and the CLI.
  std::string describe() const;
};

// Reading the value of a Result that holds an error (or the error of one that holds a value) is a
// bug in the caller, who must test ok() first. It is checked in every build, not only by assert:
// it throws this (std::expected's bad_expected_access is the model), naming the error that was
// ignored, instead of reading the wrong alternative.
class BadResultAccess : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};
// Throws BadResultAccess: `error` is the ignored error (value access), or null (error access).
[[noreturn]] void throw_bad_result_access(const Error* error);

// A value or an Error. Deliberately small: C++20 has no std::expected.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::in_place_index<0>, std::move(value)) {}
  Result(Error error) : data_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    check_value();
    return std::get<0>(data_);
  }
  const T& value() const& {
    check_value();
    return std::get<0>(data_);
  }
  T&& value() && {
    check_value();
    return std::get<0>(std::move(data_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const {
    if (ok()) throw_bad_result_access(nullptr);
    return std::get<1>(data_);
  }
  Error&& take_error() {
    if (ok()) throw_bad_result_access(nullptr);
    return std::get<1>(std::move(data_));
  }

 private:
  void check_value() const {
    if (!ok()) throw_bad_result_access(&std::get<1>(data_));
  }

  std::variant<T, Error> data_;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : error_(std::move(error)) {}

  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const {
    if (ok()) throw_bad_result_access(nullptr);
    return *error_;
  }
  Error&& take_error() {
    if (ok()) throw_bad_result_access(nullptr);
    return std::move(*error_);
  }

 private:
  std::optional<Error> error_;
};

using Status = Result<void>;

inline Error make_error(ErrorKind kind, std::string message) { return Error(kind, std::move(message)); }

}  // namespace tessera

// Propagate an error from an expression returning Status/Result<T>.
// Variadic so that template arguments with commas need no extra parentheses.
#define TESSERA_TRY(...)                                    \
  do {                                                      \
    auto tessera_try_result_ = (__VA_ARGS__);               \
    if (!tessera_try_result_.ok()) return tessera_try_result_.take_error(); \
  } while (0)

#define TESSERA_CONCAT_INNER_(a, b) a##b
#define TESSERA_CONCAT_(a, b) TESSERA_CONCAT_INNER_(a, b)
// TESSERA_ASSIGN_OR_RETURN(auto x, make_x()); declares x from a Result or returns its error.
#define TESSERA_ASSIGN_OR_RETURN(decl, ...)                                      \
  auto TESSERA_CONCAT_(tessera_result_, __LINE__) = (__VA_ARGS__);               \
  if (!TESSERA_CONCAT_(tessera_result_, __LINE__).ok())                          \
    return TESSERA_CONCAT_(tessera_result_, __LINE__).take_error();              \
  decl = std::move(TESSERA_CONCAT_(tessera_result_, __LINE__)).value()
