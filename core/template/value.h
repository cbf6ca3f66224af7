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
  static Value list(std::vector<Value> items = {});
  static Value tuple(std::vector<Value> items);
  static Value dict(DictKind kind = DictKind::Plain);
  static Value function(std::string name, NativeFunction fn);

  Type type() const { return type_; }
  bool is_undefined() const { return type_ == Type::Undefined; }
  bool is_none() const { return type_ == Type::None; }
  bool is_bool() const { return type_ == Type::Bool; }
  bool is_int() const { return type_ == Type::Int; }
  bool is_float() const { return type_ == Type::Float; }
  // int, float or bool (Python's bool is an int)
  bool is_numeric() const { return type_ == Type::Int || type_ == Type::Float || type_ == Type::Bool; }
  bool is_string() const { return type_ == Type::String; }
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

 private:
  Type type_ = Type::Undefined;
  std::variant<std::monostate, bool, int64_t, double, std::string, std::shared_ptr<ListData>,
               std::shared_ptr<DictData>, std::shared_ptr<FunctionData>>
      data_ = std::string();
};

struct DictData {
  DictKind kind = DictKind::Plain;
  std::vector<std::pair<Value, Value>> entries;  // insertion order

  const Value* find(const Value& key) const;
  const Value* find(std::string_view key) const;
  void set(Value key, Value value);
  void set(std::string_view key, Value value) { set(Value::string(std::string(key)), std::move(value)); }
};

// Python truthiness: "", 0, 0.0, None, [], {} and Undefined are false.
bool truthy(const Value& v);
// Python str(): what {{ v }} prints. Undefined prints "".
std::string to_str(const Value& v);
// Python repr(): strings quoted, used inside printed lists and dicts.
std::string to_repr(const Value& v);
// Python type name for messages: "int", "str", "list", "dict", "NoneType", ...
std::string type_name(const Value& v);
// jinja2's object_type_repr: "dict object", "None", ... (used in undefined hints).
std::string object_type_repr(const Value& v);

// Python ==: numbers compare by value (True == 1), containers deeply, Undefined == Undefined.
bool equals(const Value& a, const Value& b);
// Python ordering (<): numbers, strings (code point order), lists/tuples lexicographically.
// Returns <0, 0, >0; mismatched types are an error like Python's TypeError.
Result<int> compare(const Value& a, const Value& b, std::string_view op = "<");
// Python iteration: list items, dict keys, string characters; Undefined iterates as empty.
Result<std::vector<Value>> iterate(const Value& v);
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
