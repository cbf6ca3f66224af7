#include "template/operators.h"

#include <cmath>

#include "template/builtins.h"
#include "template/py_format.h"
#include "template/text.h"

namespace tessera::jinja {

namespace {

const char* op_symbol(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::FloorDiv: return "//";
    case BinaryOp::Mod: return "%";
    case BinaryOp::Pow: return "** or pow()";
    case BinaryOp::Concat: return "~";
    case BinaryOp::And: return "and";
    case BinaryOp::Or: return "or";
  }
  return "?";
}

Error unsupported(BinaryOp op, const Value& a, const Value& b) {
  return value_error(std::string("unsupported operand type(s) for ") + op_symbol(op) + ": '" + type_name(a) + "' and '" +
                     type_name(b) + "'");
}

Error overflow() { return value_error("integer overflow: the result does not fit in 64 bits"); }

Result<Value> repeat(const Value& seq, int64_t times, const RenderLimits& limits) {
  if (times < 0) times = 0;
  if (seq.is_string()) {
    const std::string& s = seq.get_string();
    if (!s.empty() && static_cast<uint64_t>(times) > limits.max_string_bytes / s.size())
      return value_error("string repetition would exceed " + std::to_string(limits.max_string_bytes >> 20) +
                         " MiB: " + limit_text("max_string_bytes", limits.max_string_bytes, " bytes"));
    std::string out;
    out.reserve(s.size() * static_cast<size_t>(times));
    for (int64_t i = 0; i < times; ++i) out += s;
    return Value::string(std::move(out));
  }
  const auto& items = seq.items();
  if (!items.empty() && static_cast<uint64_t>(times) > limits.max_container_items / items.size())
    return value_error("list repetition would make more than " +
                       limit_text("max_container_items", limits.max_container_items, " items"));
  std::vector<Value> out;
  out.reserve(items.size() * static_cast<size_t>(times));
  for (int64_t i = 0; i < times; ++i) out.insert(out.end(), items.begin(), items.end());
  return seq.is_tuple() ? Value::tuple(std::move(out)) : Value::list(std::move(out));
}

Result<Value> int_pow(int64_t base, int64_t exp) {
  int64_t result = 1;
  while (exp > 0) {
    if (exp & 1) {
      if (__builtin_mul_overflow(result, base, &result)) return overflow();
    }
    exp >>= 1;
    if (exp > 0 && __builtin_mul_overflow(base, base, &base)) return overflow();
  }
  return Value::integer(result);
}

Result<Value> numeric_op(BinaryOp op, const Value& a, const Value& b) {
  const bool floating = a.is_float() || b.is_float();
  if (!floating) {
    const int64_t x = a.get_int(), y = b.get_int();
    int64_t r = 0;
    switch (op) {
      case BinaryOp::Add:
        if (__builtin_add_overflow(x, y, &r)) return overflow();
        return Value::integer(r);
      case BinaryOp::Sub:
        if (__builtin_sub_overflow(x, y, &r)) return overflow();
        return Value::integer(r);
      case BinaryOp::Mul:
        if (__builtin_mul_overflow(x, y, &r)) return overflow();
        return Value::integer(r);
      case BinaryOp::Div:
        if (y == 0) return value_error("division by zero");
        return Value::number(static_cast<double>(x) / static_cast<double>(y));
      case BinaryOp::FloorDiv: {
        if (y == 0) return value_error("integer division or modulo by zero");
        if (x == INT64_MIN && y == -1) return overflow();
        int64_t q = x / y;
        if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
        return Value::integer(q);
      }
      case BinaryOp::Mod: {
        if (y == 0) return value_error("integer division or modulo by zero");
        if (y == -1) return Value::integer(0);
        int64_t m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) m += y;
        return Value::integer(m);
      }
      case BinaryOp::Pow:
        if (y >= 0) return int_pow(x, y);
        if (x == 0) return value_error("0.0 cannot be raised to a negative power");
        return Value::number(std::pow(static_cast<double>(x), static_cast<double>(y)));
      default: break;
    }
    return unsupported(op, a, b);
  }
  const double x = a.to_double(), y = b.to_double();
  switch (op) {
    case BinaryOp::Add: return Value::number(x + y);
    case BinaryOp::Sub: return Value::number(x - y);
    case BinaryOp::Mul: return Value::number(x * y);
    case BinaryOp::Div:
      if (y == 0) return value_error("float division by zero");
      return Value::number(x / y);
    case BinaryOp::FloorDiv:
      if (y == 0) return value_error("float floor division by zero");
      return Value::number(std::floor(x / y));
    case BinaryOp::Mod: {
      if (y == 0) return value_error("float modulo");
      double m = std::fmod(x, y);
      if (m != 0 && ((m < 0) != (y < 0))) m += y;
      if (m == 0) m = std::copysign(0.0, y);
      return Value::number(m);
    }
    case BinaryOp::Pow:
      if (x == 0 && y < 0) return value_error("0.0 cannot be raised to a negative power");
      if (x < 0 && y != std::floor(y)) return value_error("a negative number raised to a fractional power is complex");
      return Value::number(std::pow(x, y));
    default: break;
  }
  return unsupported(op, a, b);
}

}  // namespace

Result<Value> binary_op(BinaryOp op, const Value& a, const Value& b, const RenderLimits& limits) {
  // str % x formats x with str() first, so an Undefined argument formats as "" (Python calls
  // str.__mod__ before the Undefined's own operator).
  if (op == BinaryOp::Mod && a.is_string()) {
    TESSERA_ASSIGN_OR_RETURN(std::string s, percent_format(a.get_string(), b, limits));
    return Value::string(std::move(s));
  }
  if (a.is_undefined()) return undefined_error(a);
  if (b.is_undefined()) return undefined_error(b);
  if (a.is_numeric() && b.is_numeric()) return numeric_op(op, a, b);
  switch (op) {
    case BinaryOp::Add:
      if (a.is_string() && b.is_string() && a.is_markup() != b.is_markup()) {
        // Markup + str escapes the str (Markup.__add__ / __radd__); the result is Markup.
        const std::string& plain = a.is_markup() ? b.get_string() : a.get_string();
        const uint64_t size = a.get_string().size() + b.get_string().size() - plain.size() + text::html_escaped_size(plain);
        if (size > limits.max_string_bytes)
          return value_error("string concatenation would exceed " + std::to_string(limits.max_string_bytes >> 20) +
                             " MiB: " + limit_text("max_string_bytes", limits.max_string_bytes, " bytes"));
        if (a.is_markup()) return Value::markup(a.get_string() + text::html_escape(plain));
        return Value::markup(text::html_escape(plain) + b.get_string());
      }
      if (a.is_string() && b.is_string()) {
        if (a.get_string().size() + b.get_string().size() > limits.max_string_bytes)
          return value_error("string concatenation would exceed " + std::to_string(limits.max_string_bytes >> 20) +
                             " MiB: " + limit_text("max_string_bytes", limits.max_string_bytes, " bytes"));
        if (a.is_markup()) return Value::markup(a.get_string() + b.get_string());
        return Value::string(a.get_string() + b.get_string());
      }
      if (a.is_list() && b.is_list() && a.is_tuple() == b.is_tuple()) {
        if (a.items().size() + b.items().size() > limits.max_container_items)
          return value_error("list concatenation would make " + std::to_string(a.items().size() + b.items().size()) +
                             " items, more than " +
                             limit_text("max_container_items", limits.max_container_items, " items"));
        std::vector<Value> items;
        items.reserve(a.items().size() + b.items().size());
        items = a.items();
        items.insert(items.end(), b.items().begin(), b.items().end());
        return a.is_tuple() ? Value::tuple(std::move(items)) : Value::list(std::move(items));
      }
      if (a.is_string()) return value_error("can only concatenate str (not \"" + type_name(b) + "\") to str");
      if (a.is_list())
        return value_error("can only concatenate " + type_name(a) + " (not \"" + type_name(b) + "\") to " + type_name(a));
      break;
    case BinaryOp::Mul:
      if ((a.is_string() || a.is_list()) && (b.is_int() || b.is_bool())) return repeat(a, b.get_int(), limits);
      if ((b.is_string() || b.is_list()) && (a.is_int() || a.is_bool())) return repeat(b, a.get_int(), limits);
      break;
    default: break;
  }
  return unsupported(op, a, b);
}

Result<Value> unary_op(UnaryOp op, const Value& v) {
  if (v.is_undefined()) return undefined_error(v);
  if (op == UnaryOp::Not) return Value::boolean(!truthy(v));
  if (v.is_float()) return Value::number(op == UnaryOp::Neg ? -v.get_float() : v.get_float());
  if (v.is_int() || v.is_bool()) {
    const int64_t i = v.get_int();
    if (op == UnaryOp::Pos) return Value::integer(i);
    if (i == INT64_MIN) return overflow();
    return Value::integer(-i);
  }
  return value_error(std::string("bad operand type for unary ") + (op == UnaryOp::Neg ? "-" : "+") + ": '" +
                     type_name(v) + "'");
}

Result<bool> compare_op(CompareOp op, const Value& a, const Value& b) {
  switch (op) {
    case CompareOp::Eq: return equals(a, b);
    case CompareOp::Ne: return !equals(a, b);
    case CompareOp::In: return contains(b, a);
    case CompareOp::NotIn: {
      TESSERA_ASSIGN_OR_RETURN(bool in, contains(b, a));
      return !in;
    }
    case CompareOp::Lt: {
      TESSERA_ASSIGN_OR_RETURN(int c, compare(a, b, "<"));
      return c < 0;
    }
    case CompareOp::Le: {
      TESSERA_ASSIGN_OR_RETURN(int c, compare(a, b, "<="));
      return c <= 0;
    }
    case CompareOp::Gt: {
      TESSERA_ASSIGN_OR_RETURN(int c, compare(a, b, ">"));
      return c > 0;
    }
    case CompareOp::Ge: {
      TESSERA_ASSIGN_OR_RETURN(int c, compare(a, b, ">="));
      return c >= 0;
    }
  }
  return false;
}

Result<Value> get_attr(const Value& obj, std::string_view name) {
  if (obj.is_undefined()) return undefined_error(obj);
  if (obj.is_dict()) {
    const DictData& d = obj.dict_data();
    if (d.kind == DictKind::Plain) {
      if (auto m = find_method(obj, name)) return *m;
    }
    if (const Value* v = d.find(name)) return *v;
    if (d.kind == DictKind::Loop) {
      if (name == "previtem") return Value::undefined("there is no previous item");
      if (name == "nextitem") return Value::undefined("there is no next item");
    }
    return undefined_attribute(obj, name);
  }
  if (obj.is_string() || obj.is_list()) {
    if (auto m = find_method(obj, name)) return *m;
  }
  return undefined_attribute(obj, name);
}

Result<Value> get_item(const Value& obj, const Value& key) {
  if (obj.is_undefined()) return undefined_error(obj);
  if (obj.is_dict()) {
    const DictData& d = obj.dict_data();
    if (d.kind == DictKind::Plain) {
      if (const Value* v = d.find(key)) return *v;
      if (key.is_string()) {
        if (auto m = find_method(obj, key.get_string())) return *m;
      }
      return undefined_element(obj, key);
    }
    if (key.is_string()) return get_attr(obj, key.get_string());
    return undefined_element(obj, key);
  }
  if ((obj.is_list() || obj.is_string()) && (key.is_int() || key.is_bool())) {
    int64_t i = key.get_int();
    if (obj.is_list()) {
      const auto n = static_cast<int64_t>(obj.items().size());
      if (i < 0) i += n;
      if (i < 0 || i >= n) return undefined_element(obj, key);
      return obj.items()[static_cast<size_t>(i)];
    }
    std::u32string cps = text::decode(obj.get_string());
    const auto n = static_cast<int64_t>(cps.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) return undefined_element(obj, key);
    std::string ch;
    text::append_utf8(ch, cps[static_cast<size_t>(i)]);
    return Value::string(std::move(ch));
  }
  if (key.is_string()) return get_attr(obj, key.get_string());
  return undefined_element(obj, key);
}

Result<Value> slice_value(const Value& obj, std::optional<int64_t> start_in, std::optional<int64_t> stop_in,
                          std::optional<int64_t> step_in) {
  // jinja2 compiles slices to plain Python subscripts (bypassing its getitem), so slicing
  // anything but a sequence is an error rather than an Undefined.
  if (obj.is_undefined()) return undefined_error(obj);
  if (obj.is_mapping()) return value_error("unhashable type: 'slice'");
  if (!obj.is_list() && !obj.is_string()) return value_error("'" + type_name(obj) + "' object is not subscriptable");
  const int64_t step = step_in.value_or(1);
  if (step == 0) return value_error("slice step cannot be zero");
  std::u32string cps;
  int64_t len;
  if (obj.is_string()) {
    cps = text::decode(obj.get_string());
    len = static_cast<int64_t>(cps.size());
  } else {
    len = static_cast<int64_t>(obj.items().size());
  }
  auto adjust = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v) return dflt;
    int64_t x = *v;
    if (x < 0) {
      x += len;
      if (x < 0) x = step < 0 ? -1 : 0;
    } else if (x >= len) {
      x = step < 0 ? len - 1 : len;
    }
    return x;
  };
  const int64_t start = adjust(start_in, step < 0 ? len - 1 : 0);
  const int64_t stop = adjust(stop_in, step < 0 ? -1 : len);
  std::vector<int64_t> picks;
  if (step > 0)
    for (int64_t i = start; i < stop; i += step) picks.push_back(i);
  else
    for (int64_t i = start; i > stop; i += step) picks.push_back(i);
  if (obj.is_string()) {
    std::u32string out;
    for (int64_t i : picks) out.push_back(cps[static_cast<size_t>(i)]);
    return Value::string(text::encode(out));
  }
  std::vector<Value> out;
  for (int64_t i : picks) out.push_back(obj.items()[static_cast<size_t>(i)]);
  return obj.is_tuple() ? Value::tuple(std::move(out)) : Value::list(std::move(out));
}

}  // namespace tessera::jinja
