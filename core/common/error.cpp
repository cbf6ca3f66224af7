#include "common/error.h"

namespace tessera {

const char* error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::BadFile: return "BadFile";
    case ErrorKind::Unsupported: return "Unsupported";
    case ErrorKind::OutOfMemory: return "OutOfMemory";
    case ErrorKind::Device: return "Device";
    case ErrorKind::Cancelled: return "Cancelled";
    case ErrorKind::InvalidArgument: return "InvalidArgument";
    case ErrorKind::Io: return "Io";
  }
  return "Unknown";
}

std::string Error::describe() const { return std::string(error_kind_name(kind)) + ": " + message; }

void throw_bad_result_access(const Error* error) {
  if (error != nullptr) throw BadResultAccess("the value of a Result that holds an error was read: " + error->describe());
  throw BadResultAccess("the error of a Result that holds a value was read");
}

}  // namespace tessera
