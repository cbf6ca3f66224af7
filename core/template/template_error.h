// Template errors carry the template line they happened on as a "line N: " message prefix.
// Errors from value operations and filters are raised without a line; the interpreter adds the
// line of the expression or statement being evaluated, once (an error that already has a line
// keeps the innermost one).
#pragma once

#include <cctype>
#include <string>

#include "common/error.h"

namespace tessera::jinja {

inline bool has_line(const Error& e) {
  const std::string& m = e.message;
  if (m.compare(0, 5, "line ") != 0) return false;
  size_t i = 5;
  while (i < m.size() && std::isdigit(static_cast<unsigned char>(m[i]))) ++i;
  return i > 5 && m.compare(i, 2, ": ") == 0;
}

inline Error error_at(int line, std::string message) {
  return Error(ErrorKind::InvalidArgument, "line " + std::to_string(line) + ": " + message);
}

inline Error with_line(int line, Error e) {
  if (has_line(e)) return e;
  e.message = "line " + std::to_string(line) + ": " + e.message;
  return e;
}

}  // namespace tessera::jinja
