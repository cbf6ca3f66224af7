// Conversion between JSON documents and template values, and Python's json.dumps.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "template/render_limits.h"
#include "template/value.h"

namespace tessera::jinja {

// JSON -> Value: objects become insertion-ordered dicts, arrays lists, integers Int (unsigned
// values above INT64_MAX become Float), null None. Arrays and objects nested more than `max_depth`
// deep are an error (before they are converted: the conversion recurses once per level).
Result<Value> from_json(const nlohmann::ordered_json& json, int max_depth = RenderLimits{}.max_value_depth);

// Python's json.dumps(value, ensure_ascii, indent, separators, sort_keys), byte for byte.
struct JsonDumpOptions {
  std::optional<std::string> indent;  // none: one line; "" or spaces: one item per line
  std::string item_separator = ", ";  // Python's default is "," when indent is given
  std::string key_separator = ": ";
  bool sort_keys = false;
  bool ensure_ascii = false;          // true: non-ASCII as \uXXXX escapes
  size_t max_bytes = RenderLimits{}.max_string_bytes;  // a longer result is an error
  int max_depth = RenderLimits{}.max_value_depth;      // deeper nesting is an error
};
Result<std::string> to_json(const Value& value, const JsonDumpOptions& options);

}  // namespace tessera::jinja
