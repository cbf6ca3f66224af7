// The dynamic values a template computes with, modelled on the Python objects jinja2 sees.
//
// Lists and dicts are reference types (shared, like Python's), so `namespace` attributes and
// `list.append` mutate the one object every name refers to. Dicts keep insertion order (Python
// 3.7+), which `tojson`, `items` and iteration depend on. `Undefined` is jinja2's default
// Undefined: it prints as "", is false, iterates as empty, and any other use (arithmetic, attribute
// or item access, calling) is an error carrying the hint recorded where it was produced, e.g.
// "'foo' is undefined" or "'dict object' has no attribute 'bar'".
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "common/error.h"
#include "template/render_limits.h"

namespace tessera::jinja {

class Value;
class Interpreter;

struct CallArgs {
  std::vector<Value> positional;
  std::vector<std::pair<std::string, Value>> named;
};

struct ListData {
  std::vector<Value> items;
  bool tuple = false;  // a Python tuple: printed "(a, b)", otherwise a list

  ListData() = default;
  ListData(const ListData&) = default;
  ListData& operator=(const ListData&) = default;
  // Destroys nested lists and dicts with a loop, not recursion: a value nested a million deep
  // must not overflow the stack when it goes away.
  ~ListData();
};

enum class DictKind {
  Plain,      // a Python dict (a mapping)
  Namespace,  // jinja2's namespace(): attributes assignable with {% set ns.x = ... %}
  Loop,       // the `loop` variable inside a for loop
};

struct DictData;
// A function value: globals (range, namespace, ...), bound methods ("abc".upper), macros, caller.
// Receives the interpreter so it can render template code (macros) or apply filters.
using NativeFunction = std::function<Result<Value>(Interpreter&, CallArgs&)>;
struct FunctionData {
  std::string name;
  NativeFunction fn;
  // The object a bound method ("x".upper, l.append) belongs to, which `fn` also holds: the cycle
  // check (check_no_cycle) looks through it.
  std::vector<Value> bound;
};

class Value {
 public:
  enum class Type : uint8_t { Undefined, None, Bool, Int, Float, String, List, Dict, Function };

  Value() = default;  // Undefined without a hint
  static Value undefined(std::string hint);
  static Value none();
  static Value boolean(bool v);
  static Value integer(int64_t v);
  static Value number(double v);
  static Value string(std::string v);
  // A markupsafe.Markup string (what |safe and |escape return): `+` with a plain string
  // HTML-escapes the plain one, as Markup.__add__ does. Otherwise it behaves as a string.
  static Value markup(std::string v);
  static Value list(std::vector<Value> items = {});
  static Value tuple(std::vector<Value> items);
  static Value dict(DictKind kind = DictKind::Plain);
  static Value function(std::string name, NativeFunction fn);
  static Value method(std::string name, NativeFunction fn, Value self);

  Type type() const { return type_; }
  bool is_undefined() const { return type_ == Type::Undefined; }
  bool is_none() const { return type_ == Type::None; }
  bool is_bool() const { return type_ == Type::Bool; }
  bool is_int() const { return type_ == Type::Int; }
  bool is_float() const { return type_ == Type::Float; }
  // int, float or bool (Python's bool is an int)
  bool is_numeric() const { return type_ == Type::Int || type_ == Type::Float || type_ == Type::Bool; }
  bool is_string() const { return type_ == Type::String; }
  bool is_markup() const { return type_ == Type::String && markup_; }
  bool is_list() const { return type_ == Type::List; }  // list or tuple
  bool is_tuple() const;
  bool is_dict() const { return type_ == Type::Dict; }  // any DictKind
  bool is_mapping() const;                              // DictKind::Plain only
  bool is_namespace() const;
  bool is_function() const { return type_ == Type::Function; }

  bool get_bool() const { return std::get<bool>(data_); }
  int64_t get_int() const;  // Int, or Bool as 0/1
  double get_float() const { return std::get<double>(data_); }
  double to_double() const;  // Int, Float or Bool
  const std::string& get_string() const { return std::get<std::string>(data_); }
  // The message an Undefined reports when used; "" when none was recorded.
  const std::string& undefined_hint() const { return std::get<std::string>(data_); }
  ListData& list_data() const { return *std::get<std::shared_ptr<ListData>>(data_); }
  std::vector<Value>& items() const { return list_data().items; }
  DictData& dict_data() const { return *std::get<std::shared_ptr<DictData>>(data_); }
  const FunctionData& function_data() const { return *std::get<std::shared_ptr<FunctionData>>(data_); }
  // Identity of a list or dict (what Python's `is` compares); null for other types.
  const void* container_id() const;
  // For the iterative destructors: when this is the last reference to a list or dict, moves its
  // items (keys and values) to `out`, leaving it empty.
  void take_children_if_last(std::vector<Value>& out);

 private:
  Type type_ = Type::Undefined;
  bool markup_ = false;
  std::variant<std::monostate, bool, int64_t, double, std::string, std::shared_ptr<ListData>,
               std::shared_ptr<DictData>, std::shared_ptr<FunctionData>>
      data_ = std::string();
};

struct DictData {
  DictKind kind = DictKind::Plain;
  std::vector<std::pair<Value, Value>> entries;  // insertion order

  DictData() = default;
  DictData(const DictData&) = default;
  DictData& operator=(const DictData&) = default;
  ~DictData();  // iterative, as ~ListData

  const Value* find(const Value& key) const;
  const Value* find(std::string_view key) const;
  void set(Value key, Value value);
  void set(std::string_view key, Value value) { set(Value::string(std::string(key)), std::move(value)); }
};

// Python truthiness: "", 0, 0.0, None, [], {} and Undefined are false.
bool truthy(const Value& v);
// Python str(): what {{ v }} prints. Undefined prints "". Lists and dicts nested deeper than
// limits.max_value_depth, or a result longer than limits.max_string_bytes, are errors. (Values
// never contain themselves: list.append and namespace assignment refuse to make a cycle.)
Result<std::string> to_text(const Value& v, const RenderLimits& limits, bool repr = false);
// to_text with the default limits, for messages and small values: a value over them prints
// as far as it fits, then "...".
std::string to_str(const Value& v);
// Python repr(): strings quoted, used inside printed lists and dicts (bounded as to_str).
std::string to_repr(const Value& v);
// An error when storing `item` inside `container` would make the container contain itself
// (`{% set _ = l.append(l) %}`); `what` names the operation. Such cycles would leak (values are
// reference counted) and make printing and comparing endless. Visits each container in `item`
// once; `visited` (may be null) receives how many, for the caller's step budget.
Status check_no_cycle(const Value& container, const Value& item, std::string_view what, size_t* visited = nullptr);
// Python type name for messages: "int", "str", "list", "dict", "NoneType", ...
std::string type_name(const Value& v);
// jinja2's object_type_repr: "dict object", "None", ... (used in undefined hints).
std::string object_type_repr(const Value& v);

// Python ==: numbers compare by value (True == 1), containers deeply, Undefined == Undefined.
// Containers nested deeper than RenderLimits::max_value_depth's default compare unequal (Python
// would raise RecursionError).
bool equals(const Value& a, const Value& b);
// Python ordering (<): numbers, strings (code point order), lists/tuples lexicographically.
// Returns <0, 0, >0; mismatched types are an error like Python's TypeError.
Result<int> compare(const Value& a, const Value& b, std::string_view op = "<");
// Python iteration: list items, dict keys, string characters; Undefined iterates as empty.
// More than `max_items` items is an error (checked before they are built).
Result<std::vector<Value>> iterate(const Value& v, size_t max_items = RenderLimits{}.max_container_items);
// Python len(): code points for strings; Undefined has length 0.
Result<int64_t> length(const Value& v);
// Python `item in container`.
Result<bool> contains(const Value& container, const Value& item);

// Undefined values carrying jinja2's hints.
Value undefined_name(std::string_view name);                      // 'x' is undefined
Value undefined_attribute(const Value& obj, std::string_view name);  // 'dict object' has no attribute 'x'
Value undefined_element(const Value& obj, const Value& key);       // list object has no element 3
// The error raised when an Undefined is used where a value is needed.
Error undefined_error(const Value& v);

// Plain error for the template's misuse of a value (TypeError, ValueError, ...). The interpreter
// adds the template line number.
inline Error value_error(std::string message) { return Error(ErrorKind::InvalidArgument, std::move(message)); }

}  // namespace tessera::jinja
