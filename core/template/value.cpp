#include "template/value.h"

#include <unordered_set>

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

Value Value::markup(std::string s) {
  Value v = string(std::move(s));
  v.markup_ = true;
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
  v.data_ = std::make_shared<FunctionData>(FunctionData{std::move(name), std::move(fn), {}});
  return v;
}

Value Value::method(std::string name, NativeFunction fn, Value self) {
  Value v = function(std::move(name), std::move(fn));
  std::get<std::shared_ptr<FunctionData>>(v.data_)->bound.push_back(std::move(self));
  return v;
}

const void* Value::container_id() const {
  if (type_ == Type::List) return std::get<std::shared_ptr<ListData>>(data_).get();
  if (type_ == Type::Dict) return std::get<std::shared_ptr<DictData>>(data_).get();
  return nullptr;
}

void Value::take_children_if_last(std::vector<Value>& out) {
  if (type_ == Type::List) {
    auto& p = std::get<std::shared_ptr<ListData>>(data_);
    if (p.use_count() != 1) return;
    for (auto& x : p->items) out.push_back(std::move(x));
    p->items.clear();
  } else if (type_ == Type::Dict) {
    auto& p = std::get<std::shared_ptr<DictData>>(data_);
    if (p.use_count() != 1) return;
    for (auto& [k, x] : p->entries) {
      out.push_back(std::move(k));
      out.push_back(std::move(x));
    }
    p->entries.clear();
  }
}

namespace {

// Destroys `pending` and everything only it holds, depth first, without recursion.
void destroy_iteratively(std::vector<Value> pending) {
  while (!pending.empty()) {
    Value v = std::move(pending.back());
    pending.pop_back();
    v.take_children_if_last(pending);
  }  // each v dies here with no children left, so its destructor does not recurse
}

}  // namespace

ListData::~ListData() {
  if (!items.empty()) destroy_iteratively(std::move(items));
}

DictData::~DictData() {
  if (entries.empty()) return;
  std::vector<Value> pending;
  pending.reserve(entries.size() * 2);
  for (auto& [k, v] : entries) {
    pending.push_back(std::move(k));
    pending.push_back(std::move(v));
  }
  entries.clear();
  destroy_iteratively(std::move(pending));
}

Status check_no_cycle(const Value& container, const Value& item, std::string_view what, size_t* visited) {
  const void* target = container.container_id();
  if (visited) *visited = 0;
  if (!target) return {};
  std::vector<const Value*> stack{&item};
  std::unordered_set<const void*> seen;
  while (!stack.empty()) {
    const Value* v = stack.back();
    stack.pop_back();
    if (v->is_function()) {
      for (const auto& b : v->function_data().bound) stack.push_back(&b);
      continue;
    }
    const void* id = v->container_id();
    if (!id) continue;
    if (id == target)
      return value_error(std::string(what) + " would make a " + type_name(container) +
                         " that contains itself (reference cycles are not supported)");
    if (!seen.insert(id).second) continue;
    if (visited) ++*visited;
    if (v->is_list()) {
      for (const auto& x : v->items()) stack.push_back(&x);
    } else {
      for (const auto& [k, x] : v->dict_data().entries) {
        stack.push_back(&k);
        stack.push_back(&x);
      }
    }
  }
  return {};
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

// str()/repr() with a bound on nesting and on the length of the result, so that a value nested
// a million deep or a list holding the same big list many times fails cleanly.
class Printer {
 public:
  explicit Printer(const RenderLimits& limits) : limits_(limits) {}

  Status print(const Value& v, bool repr, int depth, std::string& out) {
    switch (v.type()) {
      case Value::Type::Undefined: return put(repr ? "Undefined" : "", out);
      case Value::Type::None: return put("None", out);
      case Value::Type::Bool: return put(v.get_bool() ? "True" : "False", out);
      case Value::Type::Int: return put(std::to_string(v.get_int()), out);
      case Value::Type::Float: return put(text::format_float(v.get_float()), out);
      case Value::Type::String:
        if (!repr) return put(v.get_string(), out);
        TESSERA_TRY(fits(out.size() + v.get_string().size()));  // repr is at most 4x longer; checked again below
        return put(text::repr(v.get_string()), out);
      case Value::Type::List: {
        TESSERA_TRY(nest(depth));
        const auto& items = v.items();
        TESSERA_TRY(put(v.is_tuple() ? "(" : "[", out));
        for (size_t i = 0; i < items.size(); ++i) {
          if (i) TESSERA_TRY(put(", ", out));
          TESSERA_TRY(print(items[i], true, depth + 1, out));
        }
        if (v.is_tuple() && items.size() == 1) TESSERA_TRY(put(",", out));
        return put(v.is_tuple() ? ")" : "]", out);
      }
      case Value::Type::Dict: {
        TESSERA_TRY(nest(depth));
        const DictData& d = v.dict_data();
        if (d.kind == DictKind::Loop) {
          const Value* index = d.find("index");
          const Value* len = d.find("length");
          return put("<LoopContext " + (index ? to_str(*index) : "?") + "/" + (len ? to_str(*len) : "?") + ">", out);
        }
        if (d.kind == DictKind::Namespace) TESSERA_TRY(put("<Namespace ", out));
        TESSERA_TRY(put("{", out));
        for (size_t i = 0; i < d.entries.size(); ++i) {
          if (i) TESSERA_TRY(put(", ", out));
          TESSERA_TRY(print(d.entries[i].first, true, depth + 1, out));
          TESSERA_TRY(put(": ", out));
          TESSERA_TRY(print(d.entries[i].second, true, depth + 1, out));
        }
        TESSERA_TRY(put("}", out));
        if (d.kind == DictKind::Namespace) TESSERA_TRY(put(">", out));
        return {};
      }
      case Value::Type::Function: return put("<function " + v.function_data().name + ">", out);
    }
    return {};
  }

 private:
  Status fits(uint64_t bytes) const {
    if (bytes > limits_.max_string_bytes)
      return value_error("printing this value would make a string of more than " +
                         limit_text("max_string_bytes", limits_.max_string_bytes, " bytes"));
    return {};
  }
  Status put(std::string_view s, std::string& out) const {
    TESSERA_TRY(fits(uint64_t(out.size()) + s.size()));
    out += s;
    return {};
  }
  Status nest(int depth) const {
    if (depth >= limits_.max_value_depth)
      return value_error("cannot print a value nested more than " +
                         limit_text("max_value_depth", uint64_t(limits_.max_value_depth), " levels") + " deep");
    return {};
  }

  const RenderLimits& limits_;
};

// For messages: what fits, then "...".
std::string bounded_text(const Value& v, bool repr) {
  static const RenderLimits kDefaults;
  std::string out;
  if (!Printer(kDefaults).print(v, repr, 0, out).ok()) {
    out.resize(std::min<size_t>(out.size(), 1u << 16));
    out += "...";
  }
  return out;
}

}  // namespace

Result<std::string> to_text(const Value& v, const RenderLimits& limits, bool repr) {
  if (v.is_string() && !repr) {  // the common case: no printer needed
    if (v.get_string().size() > limits.max_string_bytes)
      return value_error("string longer than " + limit_text("max_string_bytes", limits.max_string_bytes, " bytes"));
    return v.get_string();
  }
  std::string out;
  TESSERA_TRY(Printer(limits).print(v, repr, 0, out));
  return out;
}

std::string to_str(const Value& v) {
  if (v.is_string()) return v.get_string();
  return bounded_text(v, false);
}

std::string to_repr(const Value& v) { return bounded_text(v, true); }

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

namespace {

bool equals_at(const Value& a, const Value& b, int depth) {
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
      if (&x == &y) return true;
      if (depth >= RenderLimits{}.max_value_depth) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!equals_at(x[i], y[i], depth + 1)) return false;
      return true;
    }
    case Value::Type::Dict: {
      const DictData& x = a.dict_data();
      const DictData& y = b.dict_data();
      if (&x == &y) return true;
      if (x.kind != DictKind::Plain || y.kind != DictKind::Plain) return false;
      if (x.entries.size() != y.entries.size()) return false;
      if (depth >= RenderLimits{}.max_value_depth) return false;
      for (const auto& [k, v] : x.entries) {
        const Value* other = y.find(k);
        if (!other || !equals_at(v, *other, depth + 1)) return false;
      }
      return true;
    }
    case Value::Type::Function: return &a.function_data() == &b.function_data();
    default: return false;
  }
}

Result<int> compare_at(const Value& a, const Value& b, std::string_view op, int depth);

}  // namespace

bool equals(const Value& a, const Value& b) { return equals_at(a, b, 0); }

Result<int> compare(const Value& a, const Value& b, std::string_view op) { return compare_at(a, b, op, 0); }

namespace {

Result<int> compare_at(const Value& a, const Value& b, std::string_view op, int depth) {
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
    if (depth >= RenderLimits{}.max_value_depth)
      return value_error("cannot compare values nested more than " +
                         limit_text("max_value_depth", uint64_t(RenderLimits{}.max_value_depth), " levels") + " deep");
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      if (equals(x[i], y[i])) continue;
      return compare_at(x[i], y[i], op, depth + 1);
    }
    return x.size() < y.size() ? -1 : (x.size() > y.size() ? 1 : 0);
  }
  return value_error("'" + std::string(op) + "' not supported between instances of '" + type_name(a) + "' and '" +
                     type_name(b) + "'");
}

}  // namespace

Result<std::vector<Value>> iterate(const Value& v, size_t max_items) {
  auto too_many = [&](size_t n) {
    return value_error("iterating over " + std::to_string(n) + " items is more than " +
                       limit_text("max_container_items", max_items, " items"));
  };
  switch (v.type()) {
    case Value::Type::Undefined: return std::vector<Value>{};
    case Value::Type::List:
      if (v.items().size() > max_items) return too_many(v.items().size());
      return v.items();
    case Value::Type::Dict:
      if (v.dict_data().kind == DictKind::Plain) {
        std::vector<Value> keys;
        keys.reserve(v.dict_data().entries.size());
        for (const auto& e : v.dict_data().entries) keys.push_back(e.first);
        return keys;
      }
      break;
    case Value::Type::String: {
      if (const size_t n = text::length(v.get_string()); n > max_items) return too_many(n);
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
