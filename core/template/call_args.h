// Binding a call's positional and keyword arguments to parameter names, as Python does, for the
// built-in filters, tests, methods and globals.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "template/value.h"

namespace tessera::jinja {

struct BoundArgs {
  std::vector<std::optional<Value>> values;  // one per parameter name; nullopt when not passed

  bool has(size_t i) const { return values[i].has_value(); }
  // The argument, or `fallback` when it was not passed or is None.
  Value get(size_t i, Value fallback) const {
    return values[i] && !values[i]->is_none() ? *values[i] : std::move(fallback);
  }
};

// `what` names the callee in messages ("filter 'indent'"). Errors for too many positional
// arguments, unknown keywords and a parameter given twice.
inline Result<BoundArgs> bind_args(std::string_view what, const CallArgs& args,
                                   std::initializer_list<std::string_view> names) {
  BoundArgs bound;
  bound.values.resize(names.size());
  if (args.positional.size() > names.size())
    return value_error(std::string(what) + " takes at most " + std::to_string(names.size()) + " argument(s) (" +
                       std::to_string(args.positional.size()) + " given)");
  for (size_t i = 0; i < args.positional.size(); ++i) bound.values[i] = args.positional[i];
  for (const auto& [key, value] : args.named) {
    size_t i = 0;
    for (auto name : names) {
      if (name == key) break;
      ++i;
    }
    if (i == names.size()) return value_error(std::string(what) + " got an unexpected keyword argument '" + key + "'");
    if (bound.values[i]) return value_error(std::string(what) + " got multiple values for argument '" + key + "'");
    bound.values[i] = value;
  }
  return bound;
}

// Integer argument check with a readable message.
inline Result<int64_t> int_arg(std::string_view what, std::string_view param, const Value& v) {
  if (v.is_int() || v.is_bool()) return v.get_int();
  return value_error(std::string(what) + ": '" + std::string(param) + "' must be an integer, not " + type_name(v));
}

inline Result<std::string> string_arg(std::string_view what, std::string_view param, const Value& v) {
  if (v.is_string()) return v.get_string();
  return value_error(std::string(what) + ": '" + std::string(param) + "' must be a string, not " + type_name(v));
}

}  // namespace tessera::jinja
