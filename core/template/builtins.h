// Built-in filters ({{ x | trim }}), tests ({% if x is defined %}), methods on values
// ("a,b".split(",")) and global functions (range, namespace, dict). Each table is constant.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/error.h"
#include "template/value.h"

namespace tessera::jinja {

bool is_known_filter(std::string_view name);
bool is_known_test(std::string_view name);

// Applies filter `name` to `input`. Errors carry no line number (the interpreter adds it).
Result<Value> apply_filter(Interpreter& interp, std::string_view name, const Value& input, CallArgs& args);
// Evaluates test `name` on `input`.
Result<bool> apply_test(Interpreter& interp, std::string_view name, const Value& input, CallArgs& args);

// The bound method `obj.name` for str, dict and list values, or nullopt when there is none.
std::optional<Value> find_method(const Value& obj, std::string_view name);

// An error when s.replace(old_text, new_text, count) would be longer than the string limit;
// computed from the number of matches, before anything is built.
Status check_replace_size(Interpreter& interp, std::string_view s, std::string_view old_text, std::string_view new_text,
                          int64_t count, std::string_view what);

// Global functions every template sees: range, namespace, dict, joiner.
// (raise_exception and strftime_now are added by the chat template layer.)
std::vector<std::pair<std::string, Value>> builtin_globals();

}  // namespace tessera::jinja
