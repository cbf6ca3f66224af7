// Python semantics of the template operators: arithmetic (+ - * / // % **), comparisons,
// attribute and item access, slicing. Errors carry no line (the interpreter adds it) and read
// like Python's TypeErrors, e.g. "can only concatenate str (not "int") to str".
#pragma once

#include <optional>
#include <string_view>

#include "common/error.h"
#include "template/ast.h"
#include "template/render_limits.h"
#include "template/value.h"

namespace tessera::jinja {

// Arithmetic binary operators (not And/Or/Concat, which the interpreter handles). Results that
// would exceed `limits` (string bytes, container items) are refused before they are built.
Result<Value> binary_op(BinaryOp op, const Value& a, const Value& b, const RenderLimits& limits = {});
Result<Value> unary_op(UnaryOp op, const Value& v);  // Neg / Pos
Result<bool> compare_op(CompareOp op, const Value& a, const Value& b);

// obj.name as jinja2's sandboxed getattr: methods of str/dict/list first, then dict keys, then
// Undefined. An Undefined `obj` is an error.
Result<Value> get_attr(const Value& obj, std::string_view name);
// obj[key] as jinja2's getitem: keys and indices first (negative indices count from the end),
// then methods for string keys, then Undefined.
Result<Value> get_item(const Value& obj, const Value& key);
// obj[start:stop:step] on lists, tuples and strings (code points), Python's rules.
Result<Value> slice_value(const Value& obj, std::optional<int64_t> start, std::optional<int64_t> stop,
                          std::optional<int64_t> step);

}  // namespace tessera::jinja
