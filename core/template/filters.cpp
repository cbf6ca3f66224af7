// jinja2's built-in filters (3.1), with Hugging Face's tojson. Each takes the input value and the
// call's arguments and behaves like its Python counterpart, including the quirks templates rely
// on (e.g. `sort` and `unique` ignore case by default, `int` parses "42.5" as 42).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "template/builtins.h"
#include "template/call_args.h"
#include "template/interpreter.h"
#include "template/json_value.h"
#include "template/operators.h"
#include "template/py_format.h"
#include "template/text.h"

namespace tessera::jinja {

namespace {

using FilterFn = Result<Value> (*)(Interpreter&, const Value&, CallArgs&);

std::string label(std::string_view name) { return "filter '" + std::string(name) + "'"; }

Value lower_if_string(const Value& v) { return v.is_string() ? Value::string(text::lower(v.get_string())) : v; }

// jinja2's make_attrgetter: "a.b.0" looks up each part with getitem (numbers as indices).
Result<Value> get_path(const Value& item, const Value& attribute) {
  if (!attribute.is_string()) return get_item(item, attribute);
  Value cur = item;
  for (const std::string& part : text::split(attribute.get_string(), std::string("."))) {
    auto idx = text::parse_int(part);
    const bool numeric = idx && !part.empty() && std::all_of(part.begin(), part.end(), ::isdigit);
    TESSERA_ASSIGN_OR_RETURN(cur, get_item(cur, numeric ? Value::integer(*idx) : Value::string(part)));
  }
  return cur;
}

// Sort key: the attribute (if any), lowercased for case-insensitive comparison.
Result<Value> sort_key(const Value& item, const std::optional<Value>& attribute, bool case_sensitive) {
  Value key = item;
  if (attribute && !attribute->is_none()) {
    TESSERA_ASSIGN_OR_RETURN(key, get_path(item, *attribute));
  }
  return case_sensitive ? key : lower_if_string(key);
}

// Stable sort of items by precomputed keys (Python's sorted(key=..., reverse=...)).
Result<std::vector<Value>> sorted_by(std::vector<Value> items, const std::vector<Value>& keys, bool reverse) {
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  Status failure;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (!failure.ok()) return false;
    auto c = reverse ? compare(keys[b], keys[a]) : compare(keys[a], keys[b]);
    if (!c.ok()) {
      failure = c.take_error();
      return false;
    }
    return *c < 0;
  });
  TESSERA_TRY(failure);
  std::vector<Value> out;
  out.reserve(items.size());
  for (size_t i : order) out.push_back(std::move(items[i]));
  return out;
}

Result<Value> f_abs(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_TRY(bind_args(label("abs"), args, {}));
  if (in.is_float()) return Value::number(std::fabs(in.get_float()));
  if (in.is_int() || in.is_bool()) return unary_op(in.get_int() < 0 ? UnaryOp::Neg : UnaryOp::Pos, in);
  if (in.is_undefined()) return undefined_error(in);
  return value_error("bad operand type for abs(): '" + type_name(in) + "'");
}

Result<Value> f_attr(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("attr"), args, {"name"}));
  TESSERA_ASSIGN_OR_RETURN(std::string name, string_arg(label("attr"), "name", a.get(0, Value::none())));
  // Python attributes only (jinja2's do_attr uses getattr): a dict's keys are not attributes.
  if (in.is_mapping() || in.is_string() || in.is_list()) {
    if (auto m = find_method(in, name)) return *m;
    return undefined_attribute(in, name);
  }
  return get_attr(in, name);
}

Result<Value> f_batch(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("batch"), args, {"linecount", "fill_with"}));
  TESSERA_ASSIGN_OR_RETURN(int64_t count, int_arg(label("batch"), "linecount", a.get(0, Value::none())));
  if (count <= 0) return value_error("filter 'batch': linecount must be positive");
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  std::vector<Value> out;
  std::vector<Value> cur;
  for (auto& item : items) {
    cur.push_back(std::move(item));
    if (static_cast<int64_t>(cur.size()) == count) {
      out.push_back(Value::list(std::move(cur)));
      cur.clear();
    }
  }
  if (!cur.empty()) {
    if (a.has(1) && !a.values[1]->is_none())
      while (static_cast<int64_t>(cur.size()) < count) cur.push_back(*a.values[1]);
    out.push_back(Value::list(std::move(cur)));
  }
  return Value::list(std::move(out));
}

Result<Value> f_capitalize(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_TRY(bind_args(label("capitalize"), args, {}));
  return Value::string(text::capitalize(in_text));
}

Result<Value> f_center(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("center"), args, {"width"}));
  TESSERA_ASSIGN_OR_RETURN(int64_t width, int_arg(label("center"), "width", a.get(0, Value::integer(80))));
  const std::string& s = in_text;
  const auto len = static_cast<int64_t>(text::length(s));
  if (width <= len) return Value::string(s);
  const int64_t marg = width - len;
  TESSERA_TRY(interp.check_string_size(uint64_t(s.size()) + uint64_t(marg), label("center")));
  const int64_t left = marg / 2 + (marg & width & 1);
  return Value::string(std::string(static_cast<size_t>(left), ' ') + s +
                       std::string(static_cast<size_t>(marg - left), ' '));
}

Result<Value> f_default(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("default"), args, {"default_value", "boolean"}));
  const bool boolean = a.has(1) && truthy(*a.values[1]);
  if (in.is_undefined() || (boolean && !truthy(in))) return a.has(0) ? *a.values[0] : Value::string("");
  return in;
}

Result<Value> f_dictsort(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("dictsort"), args, {"case_sensitive", "by", "reverse"}));
  if (!in.is_mapping()) return value_error("filter 'dictsort': expected a mapping, got " + type_name(in));
  const bool case_sensitive = a.has(0) && truthy(*a.values[0]);
  TESSERA_ASSIGN_OR_RETURN(std::string by, string_arg(label("dictsort"), "by", a.get(1, Value::string("key"))));
  if (by != "key" && by != "value") return value_error("You can only sort by either 'key' or 'value'");
  const int pos = by == "key" ? 0 : 1;
  std::vector<Value> items, keys;
  for (const auto& [k, v] : in.dict_data().entries) {
    items.push_back(Value::tuple({k, v}));
    keys.push_back(case_sensitive ? (pos ? v : k) : lower_if_string(pos ? v : k));
  }
  TESSERA_ASSIGN_OR_RETURN(items, sorted_by(std::move(items), keys, a.has(2) && truthy(*a.values[2])));
  return Value::list(std::move(items));
}

Result<Value> escape_impl(Interpreter& interp, const Value& in, CallArgs& args, const char* name, bool force) {
  TESSERA_TRY(bind_args(label(name), args, {}));
  if (in.is_markup() && !force) return in;  // already safe
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_TRY(interp.check_string_size(text::html_escaped_size(in_text), label(name)));
  return Value::markup(text::html_escape(in_text));
}
Result<Value> f_escape(Interpreter& interp, const Value& in, CallArgs& args) {
  return escape_impl(interp, in, args, "escape", false);
}
Result<Value> f_forceescape(Interpreter& interp, const Value& in, CallArgs& args) {
  return escape_impl(interp, in, args, "forceescape", true);
}

Result<Value> f_first(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_TRY(bind_args(label("first"), args, {}));
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  if (items.empty()) return Value::undefined("No first item, sequence was empty.");
  return items.front();
}

Result<Value> f_last(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_TRY(bind_args(label("last"), args, {}));
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  if (items.empty()) return Value::undefined("No last item, sequence was empty.");
  return items.back();
}

Result<Value> f_float(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("float"), args, {"default"}));
  if (in.is_undefined()) return undefined_error(in);
  if (in.is_numeric()) return Value::number(in.to_double());
  if (in.is_string())
    if (auto v = text::parse_float(in.get_string())) return Value::number(*v);
  return a.has(0) ? *a.values[0] : Value::number(0.0);
}

Result<Value> f_format(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  if (!args.positional.empty() && !args.named.empty())
    return value_error("filter 'format': can't handle positional and keyword arguments at the same time");
  Value params;
  if (!args.named.empty()) {
    params = Value::dict();
    for (const auto& [k, v] : args.named) params.dict_data().set(k, v);
  } else {
    params = Value::tuple(args.positional);
  }
  TESSERA_ASSIGN_OR_RETURN(std::string s, percent_format(in_text, params, interp.limits()));
  return Value::string(std::move(s));
}

Result<Value> f_indent(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("indent"), args, {"width", "first", "blank"}));
  Value width = a.get(0, Value::integer(4));
  std::string indention;
  if (width.is_string()) {
    indention = width.get_string();
  } else {
    TESSERA_ASSIGN_OR_RETURN(int64_t w, int_arg(label("indent"), "width", width));
    TESSERA_TRY(interp.check_string_size(uint64_t(std::max<int64_t>(w, 0)), label("indent")));
    indention = std::string(static_cast<size_t>(std::max<int64_t>(w, 0)), ' ');
  }
  const bool first = a.has(1) && truthy(*a.values[1]);
  const bool blank = a.has(2) && truthy(*a.values[2]);
  if (!in.is_string()) {  // jinja2 does `s += "\n"` without converting s first
    auto sum = binary_op(BinaryOp::Add, in, Value::string("\n"));
    if (!sum.ok()) {
      Error e = sum.take_error();
      if (e.message.compare(0, 36, "unsupported operand type(s) for +: '") == 0) e.message.insert(33, "=");
      return e;
    }
  }
  std::string s = in.get_string() + "\n";  // jinja2's quirk so that splitlines keeps a trailing empty line
  uint64_t breaks = 0;  // bytes that may end a line (an overcount for multi-byte breaks)
  for (unsigned char c : s) breaks += (c >= 0x0a && c <= 0x0d) || (c >= 0x1c && c <= 0x1e) || c == 0x85 || c == 0xa8 || c == 0xa9;
  TESSERA_TRY(interp.check_container_size(breaks + 1, label("indent")));
  TESSERA_TRY(interp.check_string_size(uint64_t(s.size()) + (breaks + 1) * indention.size(), label("indent")));
  std::vector<std::string> lines = text::splitlines(s);
  std::string rv;
  if (blank) {
    for (size_t i = 0; i < lines.size(); ++i) rv += (i ? "\n" + indention : "") + lines[i];
  } else {
    rv = lines.empty() ? "" : lines[0];
    for (size_t i = 1; i < lines.size(); ++i) rv += "\n" + (lines[i].empty() ? lines[i] : indention + lines[i]);
  }
  if (first) rv = indention + rv;
  return Value::string(std::move(rv));
}

Result<Value> f_int(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("int"), args, {"default", "base"}));
  TESSERA_ASSIGN_OR_RETURN(int64_t base, int_arg(label("int"), "base", a.get(1, Value::integer(10))));
  if (in.is_undefined()) return undefined_error(in);
  if (in.is_int() || in.is_bool()) return Value::integer(in.get_int());
  if (in.is_float()) {
    const double d = in.get_float();
    if (std::isnan(d) || std::isinf(d) || std::fabs(d) >= 9.2e18)
      return value_error("cannot convert float " + text::format_float(in.get_float()) + " to integer");
    return Value::integer(static_cast<int64_t>(d));
  }
  if (in.is_string()) {
    if (base >= 2 && base <= 36)
      if (auto v = text::parse_int(in.get_string(), static_cast<int>(base))) return Value::integer(*v);
    if (auto d = text::parse_float(in.get_string()); d && std::isfinite(*d) && std::fabs(*d) < 9.2e18)
      return Value::integer(static_cast<int64_t>(*d));
  }
  return a.has(0) ? *a.values[0] : Value::integer(0);
}

Result<Value> f_items(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_TRY(bind_args(label("items"), args, {}));
  if (in.is_undefined()) return Value::list();
  if (!in.is_mapping()) return value_error("Can only get item pairs from a mapping.");
  std::vector<Value> out;
  for (const auto& [k, v] : in.dict_data().entries) out.push_back(Value::tuple({k, v}));
  return Value::list(std::move(out));
}

Result<Value> f_join(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("join"), args, {"d", "attribute"}));
  TESSERA_ASSIGN_OR_RETURN(const std::string sep, interp.str(a.get(0, Value::string(""))));
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    Value item = items[i];
    if (a.has(1) && !a.values[1]->is_none()) {
      TESSERA_ASSIGN_OR_RETURN(item, get_path(item, *a.values[1]));
    }
    TESSERA_ASSIGN_OR_RETURN(std::string part, interp.str(item));
    TESSERA_TRY(interp.check_string_size(uint64_t(out.size()) + (i ? sep.size() : 0) + part.size(), label("join")));
    if (i) out += sep;
    out += part;
  }
  return Value::string(std::move(out));
}

Result<Value> f_length(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_TRY(bind_args(label("length"), args, {}));
  TESSERA_ASSIGN_OR_RETURN(int64_t n, length(in));
  return Value::integer(n);
}

Result<Value> f_list(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_TRY(bind_args(label("list"), args, {}));
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  return Value::list(std::move(items));
}

Result<Value> f_lower(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_TRY(bind_args(label("lower"), args, {}));
  return Value::string(text::lower(in_text));
}

Result<Value> f_upper(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_TRY(bind_args(label("upper"), args, {}));
  return Value::string(text::upper(in_text));
}

Result<Value> f_map(Interpreter& interp, const Value& in, CallArgs& args) {
  if (!truthy(in)) return Value::list();  // jinja2: `if value: for item in value: ...`, so none|map is empty
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  std::vector<Value> out;
  if (args.positional.empty()) {
    std::optional<Value> attribute, fallback;
    for (const auto& [k, v] : args.named) {
      if (k == "attribute") attribute = v;
      else if (k == "default") fallback = v;
      else return value_error("filter 'map' got an unexpected keyword argument '" + k + "'");
    }
    if (!attribute) return value_error("filter 'map' needs a filter name or attribute=...");
    for (const auto& item : items) {
      TESSERA_ASSIGN_OR_RETURN(Value v, get_path(item, *attribute));
      if (v.is_undefined() && fallback) v = *fallback;
      out.push_back(std::move(v));
    }
    return Value::list(std::move(out));
  }
  if (!args.positional[0].is_string()) return value_error("filter 'map': the filter name must be a string");
  const std::string name = args.positional[0].get_string();
  if (!is_known_filter(name)) return value_error("filter 'map': no filter named '" + name + "'");
  CallArgs rest;
  rest.positional.assign(args.positional.begin() + 1, args.positional.end());
  rest.named = args.named;
  for (const auto& item : items) {
    CallArgs copy = rest;
    TESSERA_ASSIGN_OR_RETURN(Value v, apply_filter(interp, name, item, copy));
    out.push_back(std::move(v));
  }
  return Value::list(std::move(out));
}

Result<Value> min_max(Interpreter& interp, const Value& in, CallArgs& args, bool want_max) {
  const char* name = want_max ? "max" : "min";
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label(name), args, {"case_sensitive", "attribute"}));
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  if (items.empty()) return Value::undefined("No aggregated item, sequence was empty.");
  const bool case_sensitive = a.has(0) && truthy(*a.values[0]);
  size_t best = 0;
  TESSERA_ASSIGN_OR_RETURN(Value best_key, sort_key(items[0], a.values[1], case_sensitive));
  for (size_t i = 1; i < items.size(); ++i) {
    TESSERA_ASSIGN_OR_RETURN(Value key, sort_key(items[i], a.values[1], case_sensitive));
    TESSERA_ASSIGN_OR_RETURN(int c, compare(key, best_key));
    if (want_max ? c > 0 : c < 0) {
      best = i;
      best_key = key;
    }
  }
  return items[best];
}

Result<Value> f_max(Interpreter& interp, const Value& in, CallArgs& args) { return min_max(interp, in, args, true); }
Result<Value> f_min(Interpreter& interp, const Value& in, CallArgs& args) { return min_max(interp, in, args, false); }

// select / reject / selectattr / rejectattr
Result<Value> select_impl(Interpreter& interp, const Value& in, CallArgs& args, bool keep_on, bool by_attr) {
  if (!truthy(in)) return Value::list();  // jinja2: `if value: for item in value: ...`, so none|select is empty
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  size_t next = 0;
  std::optional<Value> attribute;
  if (by_attr) {
    if (args.positional.empty()) return value_error("selectattr/rejectattr need an attribute name");
    attribute = args.positional[next++];
  }
  std::optional<std::string> test;
  if (next < args.positional.size()) {
    if (!args.positional[next].is_string()) return value_error("the test name must be a string");
    test = args.positional[next++].get_string();
    if (!is_known_test(*test)) return value_error("no test named '" + *test + "'");
  }
  CallArgs test_args;
  test_args.positional.assign(args.positional.begin() + static_cast<ptrdiff_t>(next), args.positional.end());
  test_args.named = args.named;
  std::vector<Value> out;
  for (const auto& item : items) {
    Value subject = item;
    if (attribute) {
      TESSERA_ASSIGN_OR_RETURN(subject, get_path(item, *attribute));
    }
    bool pass;
    if (test) {
      CallArgs copy = test_args;
      TESSERA_ASSIGN_OR_RETURN(pass, apply_test(interp, *test, subject, copy));
    } else {
      pass = truthy(subject);
    }
    if (pass == keep_on) out.push_back(item);
  }
  return Value::list(std::move(out));
}

Result<Value> f_select(Interpreter& i, const Value& in, CallArgs& a) { return select_impl(i, in, a, true, false); }
Result<Value> f_reject(Interpreter& i, const Value& in, CallArgs& a) { return select_impl(i, in, a, false, false); }
Result<Value> f_selectattr(Interpreter& i, const Value& in, CallArgs& a) { return select_impl(i, in, a, true, true); }
Result<Value> f_rejectattr(Interpreter& i, const Value& in, CallArgs& a) { return select_impl(i, in, a, false, true); }

Result<Value> f_replace(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("replace"), args, {"old", "new", "count"}));
  if (!a.has(0) || !a.has(1)) return value_error("filter 'replace' needs the old and new strings");
  TESSERA_ASSIGN_OR_RETURN(const std::string old_s, interp.str(*a.values[0]));  // jinja2 applies str() to all three
  TESSERA_ASSIGN_OR_RETURN(const std::string new_s, interp.str(*a.values[1]));
  int64_t count = -1;
  if (a.has(2) && !a.values[2]->is_none()) {
    TESSERA_ASSIGN_OR_RETURN(count, int_arg(label("replace"), "count", *a.values[2]));
  }
  TESSERA_TRY(check_replace_size(interp, in_text, old_s, new_s, count, label("replace")));
  return Value::string(text::replace(in_text, old_s, new_s, count));
}

Result<Value> f_reverse(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_TRY(bind_args(label("reverse"), args, {}));
  if (in.is_string()) {
    std::u32string cps = text::decode(in.get_string());
    std::reverse(cps.begin(), cps.end());
    return Value::string(text::encode(cps));
  }
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  std::reverse(items.begin(), items.end());
  return Value::list(std::move(items));
}

// Python's round(x, ndigits) for floats: correctly rounded, ties to even on the exact binary value.
double python_round(double x, int64_t ndigits) {
  if (!std::isfinite(x)) return x;
  if (ndigits >= 0) {
    if (ndigits > 330) return x;  // past the last digit a double has
    char buf[720];                // 309 integer digits, '.', 330 decimals
    std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(ndigits), x);
    return std::strtod(buf, nullptr);
  }
  if (ndigits < -308) return std::copysign(0.0, x);  // every double is below half of 10**-ndigits
  const double p = std::pow(10.0, static_cast<double>(-ndigits));
  return std::nearbyint(x / p) * p;
}

// Python's round(int, ndigits < 0): exact, ties to even. Errors when the result leaves 64 bits.
Result<int64_t> python_round_int(int64_t v, int64_t ndigits) {
  if (ndigits >= 0) return v;
  if (ndigits < -38) return int64_t{0};  // 10**39 > 2 * |v| for every 64-bit v
  __int128 p = 1;
  for (int64_t k = 0; k < -ndigits; ++k) p *= 10;
  __int128 q = v / p, r = v % p;
  if (r < 0) {  // floor division, as Python's divmod
    r += p;
    q -= 1;
  }
  if (2 * r > p || (2 * r == p && (q & 1))) q += 1;
  const __int128 result = q * p;
  if (result > INT64_MAX || result < INT64_MIN)
    return value_error("filter 'round': the result does not fit in 64 bits");
  return static_cast<int64_t>(result);
}

Result<Value> f_round(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("round"), args, {"precision", "method"}));
  TESSERA_ASSIGN_OR_RETURN(int64_t precision, int_arg(label("round"), "precision", a.get(0, Value::integer(0))));
  TESSERA_ASSIGN_OR_RETURN(std::string method, string_arg(label("round"), "method", a.get(1, Value::string("common"))));
  if (method != "common" && method != "ceil" && method != "floor")
    return value_error("method must be common, ceil or floor");
  if (in.is_undefined()) return undefined_error(in);
  if (!in.is_numeric()) return value_error("type " + type_name(in) + " doesn't define __round__ method");
  if (method == "common") {
    if (in.is_int() || in.is_bool()) {
      TESSERA_ASSIGN_OR_RETURN(int64_t r, python_round_int(in.get_int(), precision));
      return Value::integer(r);
    }
    return Value::number(python_round(in.get_float(), precision));
  }
  if (precision > 308 || precision < -308)
    return value_error("filter 'round': precision " + std::to_string(precision) +
                       " is out of range for the ceil and floor methods (-308 to 308)");
  const double scale = std::pow(10.0, static_cast<double>(precision));
  const double x = in.to_double() * scale;
  return Value::number((method == "ceil" ? std::ceil(x) : std::floor(x)) / scale);
}

Result<Value> f_safe(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_TRY(bind_args(label("safe"), args, {}));
  return Value::markup(in_text);
}

Result<Value> f_sort(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("sort"), args, {"reverse", "case_sensitive", "attribute"}));
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  const bool case_sensitive = a.has(1) && truthy(*a.values[1]);
  std::vector<Value> keys;
  for (const auto& item : items) {
    TESSERA_ASSIGN_OR_RETURN(Value k, sort_key(item, a.values[2], case_sensitive));
    keys.push_back(std::move(k));
  }
  TESSERA_ASSIGN_OR_RETURN(items, sorted_by(std::move(items), keys, a.has(0) && truthy(*a.values[0])));
  return Value::list(std::move(items));
}

Result<Value> f_string(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_TRY(bind_args(label("string"), args, {}));
  return Value::string(in_text);
}

Result<Value> f_sum(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("sum"), args, {"attribute", "start"}));
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  Value total = a.get(1, Value::integer(0));
  for (const auto& item : items) {
    Value v = item;
    if (a.has(0) && !a.values[0]->is_none()) {
      TESSERA_ASSIGN_OR_RETURN(v, get_path(item, *a.values[0]));
    }
    TESSERA_ASSIGN_OR_RETURN(total, binary_op(BinaryOp::Add, total, v, interp.limits()));
  }
  return total;
}

// jinja2's title: upper-case the first character of each word, where words are separated by
// runs of '-', whitespace, '(', '{', '[', '<'; lower-case the rest.
Result<Value> f_title(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_TRY(bind_args(label("title"), args, {}));
  std::string out;
  bool word_start = true;
  for (char32_t c : text::decode(in_text)) {
    const bool sep = c == '-' || c == '(' || c == '{' || c == '[' || c == '<' || text::is_space(c);
    if (sep) {
      text::append_utf8(out, c);
      word_start = true;
    } else {
      if (word_start && c == 0xDF) out += "SS";
      else text::append_utf8(out, word_start ? text::to_upper(c) : text::to_lower(c));
      word_start = false;
    }
  }
  return Value::string(std::move(out));
}

// Hugging Face's tojson: json.dumps(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False).
Result<Value> f_tojson(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a,
                           bind_args(label("tojson"), args, {"ensure_ascii", "indent", "separators", "sort_keys"}));
  JsonDumpOptions o;
  o.ensure_ascii = a.has(0) && truthy(*a.values[0]);
  if (a.has(1) && !a.values[1]->is_none()) {
    const Value& indent = *a.values[1];
    if (indent.is_string()) {
      o.indent = indent.get_string();
    } else {
      TESSERA_ASSIGN_OR_RETURN(int64_t n, int_arg(label("tojson"), "indent", indent));
      TESSERA_TRY(interp.check_string_size(uint64_t(std::max<int64_t>(n, 0)), label("tojson")));
      o.indent = std::string(static_cast<size_t>(std::max<int64_t>(n, 0)), ' ');
    }
    o.item_separator = ",";
  }
  if (a.has(2) && !a.values[2]->is_none()) {
    const Value& sep = *a.values[2];
    if (!sep.is_list() || sep.items().size() != 2 || !sep.items()[0].is_string() || !sep.items()[1].is_string())
      return value_error("filter 'tojson': separators must be a pair of strings like (',', ': ')");
    o.item_separator = sep.items()[0].get_string();
    o.key_separator = sep.items()[1].get_string();
  }
  o.sort_keys = a.has(3) && truthy(*a.values[3]);
  o.max_bytes = interp.limits().max_string_bytes;
  o.max_depth = interp.limits().max_value_depth;
  TESSERA_ASSIGN_OR_RETURN(std::string s, to_json(in, o));
  return Value::string(std::move(s));
}

Result<Value> f_trim(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("trim"), args, {"chars"}));
  std::optional<std::string> chars;
  if (a.has(0) && !a.values[0]->is_none()) {
    TESSERA_ASSIGN_OR_RETURN(chars, interp.str(*a.values[0]));
  }
  return Value::string(text::strip(in_text, true, true, chars));
}

Result<Value> f_truncate(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("truncate"), args, {"length", "killwords", "end", "leeway"}));
  TESSERA_ASSIGN_OR_RETURN(int64_t len, int_arg(label("truncate"), "length", a.get(0, Value::integer(255))));
  const bool killwords = a.has(1) && truthy(*a.values[1]);
  const std::string end = to_str(a.get(2, Value::string("...")));
  TESSERA_ASSIGN_OR_RETURN(int64_t leeway, int_arg(label("truncate"), "leeway", a.get(3, Value::integer(5))));
  const auto end_len = static_cast<int64_t>(text::length(end));
  if (len < end_len) return value_error("filter 'truncate': expected length >= " + std::to_string(end_len));
  if (leeway < 0) return value_error("filter 'truncate': expected leeway >= 0");
  if (!in.is_string()) {  // jinja2 does not convert: short sequences come back unchanged
    TESSERA_ASSIGN_OR_RETURN(int64_t n, length(in));
    if (n <= len + leeway) return in;
    return value_error("filter 'truncate' needs a string, got " + type_name(in));
  }
  std::u32string s = text::decode(in_text);
  if (static_cast<int64_t>(s.size()) <= len + leeway) return Value::string(text::encode(s));
  std::string head = text::encode(std::u32string_view(s).substr(0, static_cast<size_t>(len - end_len)));
  if (killwords) return Value::string(head + end);
  return Value::string(text::rsplit(head, std::string(" "), 1)[0] + end);
}

Result<Value> f_unique(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(label("unique"), args, {"case_sensitive", "attribute"}));
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(in, interp.limits().max_container_items));
  const bool case_sensitive = a.has(0) && truthy(*a.values[0]);
  std::vector<Value> out, seen;
  for (const auto& item : items) {
    TESSERA_ASSIGN_OR_RETURN(Value key, sort_key(item, a.values[1], case_sensitive));
    if (std::any_of(seen.begin(), seen.end(), [&](const Value& s) { return equals(s, key); })) continue;
    seen.push_back(std::move(key));
    out.push_back(item);
  }
  return Value::list(std::move(out));
}

Result<Value> f_wordcount(Interpreter& interp, const Value& in, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(const std::string in_text, interp.str(in));
  TESSERA_TRY(bind_args(label("wordcount"), args, {}));
  int64_t words = 0;
  bool in_word = false;
  for (char32_t c : text::decode(in_text)) {
    const bool w = text::is_word(c);
    if (w && !in_word) ++words;
    in_word = w;
  }
  return Value::integer(words);
}

struct FilterEntry {
  const char* name;
  FilterFn fn;
};

constexpr FilterEntry kFilters[] = {
    {"abs", f_abs},           {"attr", f_attr},
    {"batch", f_batch},       {"capitalize", f_capitalize},
    {"center", f_center},     {"count", f_length},
    {"d", f_default},         {"default", f_default},
    {"dictsort", f_dictsort}, {"e", f_escape},
    {"escape", f_escape},     {"first", f_first},
    {"float", f_float},       {"forceescape", f_forceescape},
    {"format", f_format},     {"indent", f_indent},
    {"int", f_int},           {"items", f_items},
    {"join", f_join},         {"last", f_last},
    {"length", f_length},     {"list", f_list},
    {"lower", f_lower},       {"map", f_map},
    {"max", f_max},           {"min", f_min},
    {"reject", f_reject},     {"rejectattr", f_rejectattr},
    {"replace", f_replace},   {"reverse", f_reverse},
    {"round", f_round},       {"safe", f_safe},
    {"select", f_select},     {"selectattr", f_selectattr},
    {"sort", f_sort},         {"string", f_string},
    {"sum", f_sum},           {"title", f_title},
    {"tojson", f_tojson},     {"trim", f_trim},
    {"truncate", f_truncate}, {"unique", f_unique},
    {"upper", f_upper},       {"wordcount", f_wordcount},
};

const FilterEntry* find_filter(std::string_view name) {
  for (const auto& f : kFilters)
    if (name == f.name) return &f;
  return nullptr;
}

}  // namespace

bool is_known_filter(std::string_view name) { return find_filter(name) != nullptr; }

Result<Value> apply_filter(Interpreter& interp, std::string_view name, const Value& input, CallArgs& args) {
  const FilterEntry* f = find_filter(name);
  if (!f) return value_error("no filter named '" + std::string(name) + "'");
  return f->fn(interp, input, args);
}

}  // namespace tessera::jinja
