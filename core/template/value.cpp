#include "template/value.h"

#include "template/text.h"

namespace tessera::jinja {

Value Value::undefined(std::string hint) {
  Value v;
  v.data_ = std::move(hint);
  return v;
}

Value Value::none() {
  Value v;
  v.type_ = Type::None;
  v.data_ = std::monostate{};
  return v;
}

Value Value::boolean(bool b) {
  Value v;
  v.type_ = Type::Bool;
  v.data_ = b;
  return v;
}

Value Value::integer(int64_t i) {
  Value v;
  v.type_ = Type::Int;
  v.data_ = i;
  return v;
}

Value Value::number(double d) {
  Value v;
  v.type_ = Type::Float;
  v.data_ = d;
  return v;
}

Value Value::string(std::string s) {
  Value v;
  v.type_ = Type::String;
  v.data_ = std::move(s);
  return v;
}

Value Value::list(std::vector<Value> items) {
  Value v;
  v.type_ = Type::List;
  auto data = std::make_shared<ListData>();
  data->items = std::move(items);
  v.data_ = std::move(data);
  return v;
}

Value Value::tuple(std::vector<Value> items) {
  Value v = list(std::move(items));
  v.list_data().tuple = true;
  return v;
}

Value Value::dict(DictKind kind) {
  Value v;
  v.type_ = Type::Dict;
  auto data = std::make_shared<DictData>();
  data->kind = kind;
  v.data_ = std::move(data);
  return v;
}

Value Value::function(std::string name, NativeFunction fn) {
  Value v;
  v.type_ = Type::Function;
  v.data_ = std::make_shared<FunctionData>(FunctionData{std::move(name), std::move(fn)});
  return v;
}

bool Value::is_tuple() const { return is_list() && list_data().tuple; }
bool Value::is_mapping() const { return is_dict() && dict_data().kind == DictKind::Plain; }
bool Value::is_namespace() const { return is_dict() && dict_data().kind == DictKind::Namespace; }

int64_t Value::get_int() const { return type_ == Type::Bool ? (std::get<bool>(data_) ? 1 : 0) : std::get<int64_t>(data_); }

double Value::to_double() const {
  if (type_ == Type::Float) return std::get<double>(data_);
  return static_cast<double>(get_int());
}

const Value* DictData::find(const Value& key) const {
  for (const auto& [k, v] : entries)
    if (equals(k, key)) return &v;
  return nullptr;
}

const Value* DictData::find(std::string_view key) const {
  for (const auto& [k, v] : entries)
    if (k.is_string() && k.get_string() == key) return &v;
  return nullptr;
}

void DictData::set(Value key, Value value) {
  for (auto& [k, v] : entries) {
    if (equals(k, key)) {
      v = std::move(value);
      return;
    }
  }
  entries.emplace_back(std::move(key), std::move(value));
}

bool truthy(const Value& v) {
  switch (v.type()) {
    case Value::Type::Undefined:
    case Value::Type::None: return false;
    case Value::Type::Bool: return v.get_bool();
    case Value::Type::Int: return v.get_int() != 0;
    case Value::Type::Float: return v.get_float() != 0.0;
    case Value::Type::String: return !v.get_string().empty();
    case Value::Type::List: return !v.items().empty();
    case Value::Type::Dict: return v.dict_data().kind != DictKind::Plain || !v.dict_data().entries.empty();
    case Value::Type::Function: return true;
  }
  return false;
}

namespace {

std::string join_repr(const std::vector<Value>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += to_repr(items[i]);
  }
  return out;
}

std::string dict_repr(const DictData& d) {
  std::string out = "{";
  for (size_t i = 0; i < d.entries.size(); ++i) {
    if (i) out += ", ";
    out += to_repr(d.entries[i].first) + ": " + to_repr(d.entries[i].second);
  }
  return out + "}";
}

}  // namespace

std::string to_str(const Value& v) {
  switch (v.type()) {
    case Value::Type::Undefined: return "";
    case Value::Type::None: return "None";
    case Value::Type::Bool: return v.get_bool() ? "True" : "False";
    case Value::Type::Int: return std::to_string(v.get_int());
    case Value::Type::Float: return text::format_float(v.get_float());
    case Value::Type::String: return v.get_string();
    case Value::Type::List: {
      const auto& items = v.items();
      if (!v.is_tuple()) return "[" + join_repr(items) + "]";
      if (items.size() == 1) return "(" + to_repr(items[0]) + ",)";
      return "(" + join_repr(items) + ")";
    }
    case Value::Type::Dict: {
      const DictData& d = v.dict_data();
      if (d.kind == DictKind::Namespace) return "<Namespace " + dict_repr(d) + ">";
      if (d.kind == DictKind::Loop) {
        const Value* index = d.find("index");
        const Value* len = d.find("length");
        return "<LoopContext " + (index ? to_str(*index) : "?") + "/" + (len ? to_str(*len) : "?") + ">";
      }
      return dict_repr(d);
    }
    case Value::Type::Function: return "<function " + v.function_data().name + ">";
  }
  return "";
}

std::string to_repr(const Value& v) {
  if (v.is_string()) return text::repr(v.get_string());
  if (v.is_undefined()) return "Undefined";
  return to_str(v);
}

std::string type_name(const Value& v) {
  switch (v.type()) {
    case Value::Type::Undefined: return "Undefined";
    case Value::Type::None: return "NoneType";
    case Value::Type::Bool: return "bool";
    case Value::Type::Int: return "int";
    case Value::Type::Float: return "float";
    case Value::Type::String: return "str";
    case Value::Type::List: return v.is_tuple() ? "tuple" : "list";
    case Value::Type::Dict:
      switch (v.dict_data().kind) {
        case DictKind::Plain: return "dict";
        case DictKind::Namespace: return "Namespace";
        case DictKind::Loop: return "LoopContext";
      }
      return "dict";
    case Value::Type::Function: return "function";
  }
  return "object";
}

std::string object_type_repr(const Value& v) {
  if (v.is_none()) return "None";
  if (v.is_undefined()) return "jinja2.runtime.Undefined object";
  if (v.is_namespace()) return "jinja2.utils.Namespace object";
  if (v.is_dict() && v.dict_data().kind == DictKind::Loop) return "jinja2.runtime.LoopContext object";
  return type_name(v) + " object";
}

bool equals(const Value& a, const Value& b) {
  if (a.is_numeric() && b.is_numeric()) {
    if (a.is_float() || b.is_float()) return a.to_double() == b.to_double();
    return a.get_int() == b.get_int();
  }
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case Value::Type::Undefined:
    case Value::Type::None: return true;
    case Value::Type::String: return a.get_string() == b.get_string();
    case Value::Type::List: {
      if (a.is_tuple() != b.is_tuple()) return false;
      const auto& x = a.items();
      const auto& y = b.items();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!equals(x[i], y[i])) return false;
      return true;
    }
    case Value::Type::Dict: {
      const DictData& x = a.dict_data();
      const DictData& y = b.dict_data();
      if (&x == &y) return true;
      if (x.kind != DictKind::Plain || y.kind != DictKind::Plain) return false;
      if (x.entries.size() != y.entries.size()) return false;
      for (const auto& [k, v] : x.entries) {
        const Value* other = y.find(k);
        if (!other || !equals(v, *other)) return false;
      }
      return true;
    }
    case Value::Type::Function: return &a.function_data() == &b.function_data();
    default: return false;
  }
}

Result<int> compare(const Value& a, const Value& b, std::string_view op) {
  if (a.is_undefined()) return undefined_error(a);
  if (b.is_undefined()) return undefined_error(b);
  if (a.is_numeric() && b.is_numeric()) {
    if (a.is_float() || b.is_float()) {
      double x = a.to_double(), y = b.to_double();
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    int64_t x = a.get_int(), y = b.get_int();
    return x < y ? -1 : (x > y ? 1 : 0);
  }
  if (a.is_string() && b.is_string()) {
    int c = a.get_string().compare(b.get_string());
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  if (a.is_list() && b.is_list() && a.is_tuple() == b.is_tuple()) {
    const auto& x = a.items();
    const auto& y = b.items();
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      if (equals(x[i], y[i])) continue;
      return compare(x[i], y[i], op);
    }
    return x.size() < y.size() ? -1 : (x.size() > y.size() ? 1 : 0);
  }
  return value_error("'" + std::string(op) + "' not supported between instances of '" + type_name(a) + "' and '" +
                     type_name(b) + "'");
}

Result<std::vector<Value>> iterate(const Value& v) {
  switch (v.type()) {
    case Value::Type::Undefined: return std::vector<Value>{};
    case Value::Type::List: return v.items();
    case Value::Type::Dict:
      if (v.dict_data().kind == DictKind::Plain) {
        std::vector<Value> keys;
        keys.reserve(v.dict_data().entries.size());
        for (const auto& e : v.dict_data().entries) keys.push_back(e.first);
        return keys;
      }
      break;
    case Value::Type::String: {
      std::vector<Value> chars;
      for (char32_t c : text::decode(v.get_string())) {
        std::string s;
        text::append_utf8(s, c);
        chars.push_back(Value::string(std::move(s)));
      }
      return chars;
    }
    default: break;
  }
  return value_error("'" + type_name(v) + "' object is not iterable");
}

Result<int64_t> length(const Value& v) {
  switch (v.type()) {
    case Value::Type::Undefined: return int64_t{0};
    case Value::Type::String: return static_cast<int64_t>(text::length(v.get_string()));
    case Value::Type::List: return static_cast<int64_t>(v.items().size());
    case Value::Type::Dict:
      if (v.dict_data().kind == DictKind::Plain) return static_cast<int64_t>(v.dict_data().entries.size());
      break;
    default: break;
  }
  return value_error("object of type '" + type_name(v) + "' has no len()");
}

Result<bool> contains(const Value& container, const Value& item) {
  switch (container.type()) {
    case Value::Type::Undefined: return false;
    case Value::Type::String:
      if (!item.is_string())
        return value_error("'in <string>' requires string as left operand, not " + type_name(item));
      return container.get_string().find(item.get_string()) != std::string::npos;
    case Value::Type::List:
      for (const auto& x : container.items())
        if (equals(x, item)) return true;
      return false;
    case Value::Type::Dict:
      if (container.dict_data().kind == DictKind::Plain) return container.dict_data().find(item) != nullptr;
      break;
    default: break;
  }
  return value_error("argument of type '" + type_name(container) + "' is not iterable");
}

Value undefined_name(std::string_view name) { return Value::undefined(text::repr(name) + " is undefined"); }

Value undefined_attribute(const Value& obj, std::string_view name) {
  return Value::undefined(text::repr(object_type_repr(obj)) + " has no attribute " + text::repr(name));
}

Value undefined_element(const Value& obj, const Value& key) {
  if (key.is_string()) return undefined_attribute(obj, key.get_string());
  return Value::undefined(object_type_repr(obj) + " has no element " + to_repr(key));
}

Error undefined_error(const Value& v) {
  const std::string& hint = v.is_undefined() ? v.undefined_hint() : std::string();
  return value_error(hint.empty() ? "undefined value" : hint);
}

}  // namespace tessera::jinja
