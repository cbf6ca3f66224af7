// Methods templates call on values ("a,b".split(","), d.get("k"), d.items()) and the global
// functions every template sees (range, namespace, dict, joiner).
//
// Dict methods are the read-only ones Hugging Face's immutable sandbox allows. `list.append` is
// provided although that sandbox forbids it, so templates written for llama.cpp-style engines that
// collect items in a loop still render (a template valid under Hugging Face never calls it).
#include <algorithm>
#include <cmath>

#include "template/builtins.h"
#include "template/call_args.h"
#include "template/interpreter.h"
#include "template/py_format.h"
#include "template/text.h"

namespace tessera::jinja {

namespace {

using MethodFn = Result<Value> (*)(Interpreter& interp, const Value& self, CallArgs& args);

std::string mlabel(const char* type, const char* name) { return std::string(type) + "." + name + "()"; }

Result<std::optional<std::string>> opt_string(const BoundArgs& a, size_t i, const std::string& what) {
  if (!a.has(i) || a.values[i]->is_none()) return std::optional<std::string>();
  TESSERA_ASSIGN_OR_RETURN(std::string s, string_arg(what, "argument", *a.values[i]));
  return std::optional<std::string>(std::move(s));
}

Result<Value> strip_impl(const Value& self, CallArgs& args, bool left, bool right, const char* name) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(mlabel("str", name), args, {"chars"}));
  TESSERA_ASSIGN_OR_RETURN(auto chars, opt_string(a, 0, mlabel("str", name)));
  return Value::string(text::strip(self.get_string(), left, right, chars));
}
Result<Value> s_strip(Interpreter& interp, const Value& s, CallArgs& a) { return strip_impl(s, a, true, true, "strip"); }
Result<Value> s_lstrip(Interpreter& interp, const Value& s, CallArgs& a) { return strip_impl(s, a, true, false, "lstrip"); }
Result<Value> s_rstrip(Interpreter& interp, const Value& s, CallArgs& a) { return strip_impl(s, a, false, true, "rstrip"); }

Result<Value> split_impl(Interpreter& interp, const Value& self, CallArgs& args, bool reverse) {
  const std::string what = mlabel("str", reverse ? "rsplit" : "split");
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(what, args, {"sep", "maxsplit"}));
  TESSERA_ASSIGN_OR_RETURN(auto sep, opt_string(a, 0, what));
  if (sep && sep->empty()) return value_error("empty separator");
  TESSERA_ASSIGN_OR_RETURN(int64_t maxsplit, int_arg(what, "maxsplit", a.get(1, Value::integer(-1))));
  // Parts are at most one more than the separators (or half the length, for whitespace runs).
  const std::string& str = self.get_string();
  const uint64_t most = sep ? uint64_t(text::count(str, *sep)) + 1 : uint64_t(str.size()) / 2 + 1;
  TESSERA_TRY(interp.check_container_size(maxsplit >= 0 ? std::min<uint64_t>(most, uint64_t(maxsplit) + 1) : most, what));
  std::vector<Value> out;
  for (auto& part : reverse ? text::rsplit(self.get_string(), sep, maxsplit) : text::split(self.get_string(), sep, maxsplit))
    out.push_back(Value::string(std::move(part)));
  return Value::list(std::move(out));
}
Result<Value> s_split(Interpreter& interp, const Value& s, CallArgs& a) { return split_impl(interp, s, a, false); }
Result<Value> s_rsplit(Interpreter& interp, const Value& s, CallArgs& a) { return split_impl(interp, s, a, true); }

Result<Value> s_splitlines(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args("str.splitlines()", args, {"keepends"}));
  uint64_t breaks = 0;  // bytes that may end a line (an overcount for multi-byte breaks)
  for (unsigned char c : self.get_string()) breaks += (c >= 0x0a && c <= 0x0d) || (c >= 0x1c && c <= 0x1e) || c == 0x85 || c == 0xa8 || c == 0xa9;
  TESSERA_TRY(interp.check_container_size(breaks + 1, "str.splitlines()"));
  std::vector<Value> out;
  for (auto& line : text::splitlines(self.get_string(), a.has(0) && truthy(*a.values[0])))
    out.push_back(Value::string(std::move(line)));
  return Value::list(std::move(out));
}

Result<Value> affix_impl(const Value& self, CallArgs& args, bool prefix) {
  const std::string what = mlabel("str", prefix ? "startswith" : "endswith");
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(what, args, {"prefix", "start", "end"}));
  if (!a.has(0)) return value_error(what + " needs an argument");
  std::string s = self.get_string();
  if (a.has(1) || a.has(2)) {
    std::u32string cps = text::decode(s);
    const auto n = static_cast<int64_t>(cps.size());
    auto clamp = [&](const Value& v, int64_t dflt) -> Result<int64_t> {
      if (v.is_none()) return dflt;
      TESSERA_ASSIGN_OR_RETURN(int64_t x, int_arg(what, "start/end", v));
      if (x < 0) x += n;
      return std::clamp<int64_t>(x, 0, n);
    };
    TESSERA_ASSIGN_OR_RETURN(int64_t b, clamp(a.get(1, Value::none()), 0));
    TESSERA_ASSIGN_OR_RETURN(int64_t e, clamp(a.get(2, Value::none()), n));
    if (b > e) return Value::boolean(false);
    s = text::encode(std::u32string_view(cps).substr(static_cast<size_t>(b), static_cast<size_t>(e - b)));
  }
  std::vector<Value> candidates;
  if (a.values[0]->is_tuple()) candidates = a.values[0]->items();
  else candidates.push_back(*a.values[0]);
  for (const auto& c : candidates) {
    if (!c.is_string()) return value_error(what + " first arg must be str or a tuple of str, not " + type_name(c));
    const std::string& x = c.get_string();
    if (x.size() > s.size()) continue;
    if (prefix ? s.compare(0, x.size(), x) == 0 : s.compare(s.size() - x.size(), x.size(), x) == 0)
      return Value::boolean(true);
  }
  return Value::boolean(false);
}
Result<Value> s_startswith(Interpreter& interp, const Value& s, CallArgs& a) { return affix_impl(s, a, true); }
Result<Value> s_endswith(Interpreter& interp, const Value& s, CallArgs& a) { return affix_impl(s, a, false); }

#define STR_TRANSFORM(fn_name, method, expr)                   \
  Result<Value> fn_name(Interpreter& interp, const Value& self, CallArgs& args) {  \
    TESSERA_TRY(bind_args("str." method "()", args, {}));     \
    const std::string& s = self.get_string();                 \
    return Value::string(expr);                               \
  }
STR_TRANSFORM(s_upper, "upper", text::upper(s))
STR_TRANSFORM(s_lower, "lower", text::lower(s))
STR_TRANSFORM(s_casefold, "casefold", text::lower(s))
STR_TRANSFORM(s_title, "title", text::title(s))
STR_TRANSFORM(s_capitalize, "capitalize", text::capitalize(s))
#undef STR_TRANSFORM

Result<Value> s_swapcase(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_TRY(bind_args("str.swapcase()", args, {}));
  std::string out;
  for (char32_t c : text::decode(self.get_string()))
    text::append_utf8(out, text::is_upper(c) ? text::to_lower(c) : text::to_upper(c));
  return Value::string(std::move(out));
}

Result<Value> s_replace(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args("str.replace()", args, {"old", "new", "count"}));
  if (!a.has(0) || !a.has(1)) return value_error("str.replace() needs the old and new strings");
  TESSERA_ASSIGN_OR_RETURN(std::string o, string_arg("str.replace()", "old", *a.values[0]));
  TESSERA_ASSIGN_OR_RETURN(std::string n, string_arg("str.replace()", "new", *a.values[1]));
  TESSERA_ASSIGN_OR_RETURN(int64_t count, int_arg("str.replace()", "count", a.get(2, Value::integer(-1))));
  TESSERA_TRY(check_replace_size(interp, self.get_string(), o, n, count, "str.replace()"));
  return Value::string(text::replace(self.get_string(), o, n, count));
}

Result<Value> s_format(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(std::string s, brace_format(self.get_string(), args, interp.limits()));
  return Value::string(std::move(s));
}

Result<Value> s_join(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args("str.join()", args, {"iterable"}));
  if (!a.has(0)) return value_error("str.join() takes exactly one argument");
  TESSERA_ASSIGN_OR_RETURN(std::vector<Value> items, iterate(*a.values[0], interp.limits().max_container_items));
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!items[i].is_string())
      return value_error("sequence item " + std::to_string(i) + ": expected str instance, " + type_name(items[i]) +
                         " found");
    TESSERA_TRY(interp.check_string_size(uint64_t(out.size()) + self.get_string().size() + items[i].get_string().size(),
                                         "str.join()"));
    if (i) out += self.get_string();
    out += items[i].get_string();
  }
  return Value::string(std::move(out));
}

Result<Value> find_impl(const Value& self, CallArgs& args, const char* name, bool reverse, bool raise) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(mlabel("str", name), args, {"sub"}));
  TESSERA_ASSIGN_OR_RETURN(std::string sub, string_arg(mlabel("str", name), "sub", a.get(0, Value::none())));
  const std::string& s = self.get_string();
  size_t hit = reverse ? s.rfind(sub) : s.find(sub);
  if (hit == std::string::npos) {
    if (raise) return value_error("substring not found");
    return Value::integer(-1);
  }
  return Value::integer(static_cast<int64_t>(text::length(std::string_view(s).substr(0, hit))));
}
Result<Value> s_find(Interpreter& interp, const Value& s, CallArgs& a) { return find_impl(s, a, "find", false, false); }
Result<Value> s_rfind(Interpreter& interp, const Value& s, CallArgs& a) { return find_impl(s, a, "rfind", true, false); }
Result<Value> s_index(Interpreter& interp, const Value& s, CallArgs& a) { return find_impl(s, a, "index", false, true); }
Result<Value> s_rindex(Interpreter& interp, const Value& s, CallArgs& a) { return find_impl(s, a, "rindex", true, true); }

Result<Value> s_count(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args("str.count()", args, {"sub"}));
  TESSERA_ASSIGN_OR_RETURN(std::string sub, string_arg("str.count()", "sub", a.get(0, Value::none())));
  return Value::integer(text::count(self.get_string(), sub));
}

template <bool (*Pred)(char32_t)>
Result<Value> all_chars(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_TRY(bind_args("str.is...()", args, {}));
  std::u32string cps = text::decode(self.get_string());
  if (cps.empty()) return Value::boolean(false);
  return Value::boolean(std::all_of(cps.begin(), cps.end(), Pred));
}
bool is_alnum(char32_t c) { return text::is_alpha(c) || text::is_digit(c); }

Result<Value> case_check(const Value& self, CallArgs& args, bool upper) {
  TESSERA_TRY(bind_args(upper ? "str.isupper()" : "str.islower()", args, {}));
  bool cased = false;
  for (char32_t c : text::decode(self.get_string())) {
    if (upper ? text::is_lower(c) : text::is_upper(c)) return Value::boolean(false);
    cased = cased || text::is_cased(c);
  }
  return Value::boolean(cased);
}
Result<Value> s_isupper(Interpreter& interp, const Value& s, CallArgs& a) { return case_check(s, a, true); }
Result<Value> s_islower(Interpreter& interp, const Value& s, CallArgs& a) { return case_check(s, a, false); }

Result<Value> justify(Interpreter& interp, const Value& self, CallArgs& args, const char* name, char how) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(mlabel("str", name), args, {"width", "fillchar"}));
  TESSERA_ASSIGN_OR_RETURN(int64_t width, int_arg(mlabel("str", name), "width", a.get(0, Value::none())));
  std::string fill = to_str(a.get(1, Value::string(" ")));
  if (text::length(fill) != 1) return value_error("The fill character must be exactly one character long");
  const std::string& s = self.get_string();
  const auto len = static_cast<int64_t>(text::length(s));
  if (width <= len) return self;
  const int64_t marg = width - len;
  TESSERA_TRY(interp.check_string_size(uint64_t(s.size()) + uint64_t(marg) * fill.size(), mlabel("str", name)));
  int64_t left = how == 'l' ? 0 : (how == 'r' ? marg : marg / 2 + (marg & width & 1));
  std::string out;
  for (int64_t i = 0; i < left; ++i) out += fill;
  out += s;
  for (int64_t i = left; i < marg; ++i) out += fill;
  return Value::string(std::move(out));
}
Result<Value> s_center(Interpreter& interp, const Value& s, CallArgs& a) { return justify(interp, s, a, "center", 'c'); }
Result<Value> s_ljust(Interpreter& interp, const Value& s, CallArgs& a) { return justify(interp, s, a, "ljust", 'l'); }
Result<Value> s_rjust(Interpreter& interp, const Value& s, CallArgs& a) { return justify(interp, s, a, "rjust", 'r'); }

Result<Value> s_zfill(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args("str.zfill()", args, {"width"}));
  TESSERA_ASSIGN_OR_RETURN(int64_t width, int_arg("str.zfill()", "width", a.get(0, Value::none())));
  std::string s = self.get_string();
  const auto len = static_cast<int64_t>(text::length(s));
  if (width <= len) return self;
  TESSERA_TRY(interp.check_string_size(uint64_t(s.size()) + uint64_t(width - len), "str.zfill()"));
  const size_t sign = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  s.insert(sign, std::string(static_cast<size_t>(width - len), '0'));
  return Value::string(std::move(s));
}

Result<Value> affix_remove(const Value& self, CallArgs& args, bool prefix) {
  const std::string what = prefix ? "str.removeprefix()" : "str.removesuffix()";
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(what, args, {"affix"}));
  TESSERA_ASSIGN_OR_RETURN(std::string x, string_arg(what, "affix", a.get(0, Value::none())));
  const std::string& s = self.get_string();
  if (x.size() <= s.size()) {
    if (prefix && s.compare(0, x.size(), x) == 0) return Value::string(s.substr(x.size()));
    if (!prefix && s.compare(s.size() - x.size(), x.size(), x) == 0) return Value::string(s.substr(0, s.size() - x.size()));
  }
  return self;
}
Result<Value> s_removeprefix(Interpreter& interp, const Value& s, CallArgs& a) { return affix_remove(s, a, true); }
Result<Value> s_removesuffix(Interpreter& interp, const Value& s, CallArgs& a) { return affix_remove(s, a, false); }

Result<Value> partition_impl(const Value& self, CallArgs& args, bool reverse) {
  const std::string what = reverse ? "str.rpartition()" : "str.partition()";
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args(what, args, {"sep"}));
  TESSERA_ASSIGN_OR_RETURN(std::string sep, string_arg(what, "sep", a.get(0, Value::none())));
  if (sep.empty()) return value_error("empty separator");
  const std::string& s = self.get_string();
  size_t hit = reverse ? s.rfind(sep) : s.find(sep);
  if (hit == std::string::npos) {
    if (reverse) return Value::tuple({Value::string(""), Value::string(""), self});
    return Value::tuple({self, Value::string(""), Value::string("")});
  }
  return Value::tuple({Value::string(s.substr(0, hit)), Value::string(sep), Value::string(s.substr(hit + sep.size()))});
}
Result<Value> s_partition(Interpreter& interp, const Value& s, CallArgs& a) { return partition_impl(s, a, false); }
Result<Value> s_rpartition(Interpreter& interp, const Value& s, CallArgs& a) { return partition_impl(s, a, true); }

// ---- dict ----

Result<Value> d_get(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args("dict.get()", args, {"key", "default"}));
  if (!a.has(0)) return value_error("dict.get() needs a key");
  if (const Value* v = self.dict_data().find(*a.values[0])) return *v;
  return a.has(1) ? *a.values[1] : Value::none();
}

Result<Value> d_items(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_TRY(bind_args("dict.items()", args, {}));
  std::vector<Value> out;
  for (const auto& [k, v] : self.dict_data().entries) out.push_back(Value::tuple({k, v}));
  return Value::list(std::move(out));
}

Result<Value> d_keys(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_TRY(bind_args("dict.keys()", args, {}));
  std::vector<Value> out;
  for (const auto& e : self.dict_data().entries) out.push_back(e.first);
  return Value::list(std::move(out));
}

Result<Value> d_values(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_TRY(bind_args("dict.values()", args, {}));
  std::vector<Value> out;
  for (const auto& e : self.dict_data().entries) out.push_back(e.second);
  return Value::list(std::move(out));
}

Result<Value> d_copy(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_TRY(bind_args("dict.copy()", args, {}));
  Value d = Value::dict();
  d.dict_data().entries = self.dict_data().entries;
  return d;
}

// ---- list ----

Result<Value> l_append(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args("list.append()", args, {"object"}));
  if (!a.has(0)) return value_error("list.append() takes exactly one argument (0 given)");
  if (self.is_tuple()) return value_error("'tuple' object has no attribute 'append'");
  TESSERA_TRY(interp.check_container_size(uint64_t(self.items().size()) + 1, "list.append()"));
  size_t visited = 0;
  TESSERA_TRY(check_no_cycle(self, *a.values[0], "list.append()", &visited));
  TESSERA_TRY(interp.charge(static_cast<int64_t>(visited)));
  self.items().push_back(*a.values[0]);
  return Value::none();
}

Result<Value> l_index(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args("list.index()", args, {"value"}));
  if (!a.has(0)) return value_error("list.index() takes exactly one argument");
  const auto& items = self.items();
  for (size_t i = 0; i < items.size(); ++i)
    if (equals(items[i], *a.values[0])) return Value::integer(static_cast<int64_t>(i));
  return value_error(to_repr(*a.values[0]) + " is not in list");
}

Result<Value> l_count(Interpreter& interp, const Value& self, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args("list.count()", args, {"value"}));
  if (!a.has(0)) return value_error("list.count() takes exactly one argument");
  int64_t n = 0;
  for (const auto& item : self.items()) n += equals(item, *a.values[0]) ? 1 : 0;
  return Value::integer(n);
}

struct MethodEntry {
  Value::Type type;
  const char* name;
  MethodFn fn;
};

constexpr MethodEntry kMethods[] = {
    {Value::Type::String, "strip", s_strip},
    {Value::Type::String, "lstrip", s_lstrip},
    {Value::Type::String, "rstrip", s_rstrip},
    {Value::Type::String, "split", s_split},
    {Value::Type::String, "rsplit", s_rsplit},
    {Value::Type::String, "splitlines", s_splitlines},
    {Value::Type::String, "startswith", s_startswith},
    {Value::Type::String, "endswith", s_endswith},
    {Value::Type::String, "upper", s_upper},
    {Value::Type::String, "lower", s_lower},
    {Value::Type::String, "casefold", s_casefold},
    {Value::Type::String, "title", s_title},
    {Value::Type::String, "capitalize", s_capitalize},
    {Value::Type::String, "swapcase", s_swapcase},
    {Value::Type::String, "replace", s_replace},
    {Value::Type::String, "format", s_format},
    {Value::Type::String, "join", s_join},
    {Value::Type::String, "find", s_find},
    {Value::Type::String, "rfind", s_rfind},
    {Value::Type::String, "index", s_index},
    {Value::Type::String, "rindex", s_rindex},
    {Value::Type::String, "count", s_count},
    {Value::Type::String, "isdigit", all_chars<text::is_digit>},
    {Value::Type::String, "isdecimal", all_chars<text::is_digit>},
    {Value::Type::String, "isnumeric", all_chars<text::is_digit>},
    {Value::Type::String, "isalpha", all_chars<text::is_alpha>},
    {Value::Type::String, "isalnum", all_chars<is_alnum>},
    {Value::Type::String, "isspace", all_chars<text::is_space>},
    {Value::Type::String, "isupper", s_isupper},
    {Value::Type::String, "islower", s_islower},
    {Value::Type::String, "center", s_center},
    {Value::Type::String, "ljust", s_ljust},
    {Value::Type::String, "rjust", s_rjust},
    {Value::Type::String, "zfill", s_zfill},
    {Value::Type::String, "removeprefix", s_removeprefix},
    {Value::Type::String, "removesuffix", s_removesuffix},
    {Value::Type::String, "partition", s_partition},
    {Value::Type::String, "rpartition", s_rpartition},
    {Value::Type::Dict, "get", d_get},
    {Value::Type::Dict, "items", d_items},
    {Value::Type::Dict, "keys", d_keys},
    {Value::Type::Dict, "values", d_values},
    {Value::Type::Dict, "copy", d_copy},
    {Value::Type::List, "append", l_append},
    {Value::Type::List, "index", l_index},
    {Value::Type::List, "count", l_count},
};

// ---- globals ----

}  // namespace

Status check_replace_size(Interpreter& interp, std::string_view s, std::string_view old_text, std::string_view new_text,
                          int64_t count, std::string_view what) {
  uint64_t hits;
  if (old_text.empty()) hits = text::length(s) + 1;  // an insertion between every two code points
  else hits = static_cast<uint64_t>(text::count(s, old_text));
  if (count >= 0) hits = std::min<uint64_t>(hits, static_cast<uint64_t>(count));
  const uint64_t size = uint64_t(s.size()) - hits * old_text.size() + hits * new_text.size();
  TESSERA_TRY(interp.charge(static_cast<int64_t>(s.size() >> 10)));
  return interp.check_string_size(size, what);
}

namespace {

Result<Value> g_range(Interpreter&, CallArgs& args) {
  if (!args.named.empty()) return value_error("range() takes no keyword arguments");
  if (args.positional.empty() || args.positional.size() > 3)
    return value_error("range expected 1 to 3 arguments, got " + std::to_string(args.positional.size()));
  std::vector<int64_t> v;
  for (const auto& a : args.positional) {
    TESSERA_ASSIGN_OR_RETURN(int64_t x, int_arg("range()", "bounds", a));
    v.push_back(x);
  }
  int64_t start = 0, stop, step = 1;
  if (v.size() == 1) {
    stop = v[0];
  } else {
    start = v[0];
    stop = v[1];
    if (v.size() == 3) step = v[2];
  }
  if (step == 0) return value_error("range() arg 3 must not be zero");
  // Same limit as jinja2's sandbox (MAX_RANGE).
  const double count = step > 0 ? std::ceil((static_cast<double>(stop) - static_cast<double>(start)) / static_cast<double>(step))
                                 : std::ceil((static_cast<double>(start) - static_cast<double>(stop)) / static_cast<double>(-step));
  if (count > 100000)
    return value_error("Range too big. The sandbox blocks ranges larger than MAX_RANGE (100000).");
  std::vector<Value> out;
  if (step > 0)
    for (int64_t i = start; i < stop; i += step) out.push_back(Value::integer(i));
  else
    for (int64_t i = start; i > stop; i += step) out.push_back(Value::integer(i));
  return Value::list(std::move(out));
}

// dict(mapping or pairs, **kwargs) semantics, shared by dict() and namespace().
Result<Value> dict_from_args(CallArgs& args, DictKind kind, const char* name) {
  if (args.positional.size() > 1)
    return value_error(std::string(name) + "() expected at most 1 positional argument, got " +
                       std::to_string(args.positional.size()));
  Value d = Value::dict(kind);
  if (!args.positional.empty()) {
    const Value& src = args.positional[0];
    if (src.is_mapping()) {
      for (const auto& [k, v] : src.dict_data().entries) d.dict_data().set(k, v);
    } else {
      TESSERA_ASSIGN_OR_RETURN(std::vector<Value> pairs, iterate(src));
      for (const auto& p : pairs) {
        TESSERA_ASSIGN_OR_RETURN(std::vector<Value> kv, iterate(p));
        if (kv.size() != 2) return value_error(std::string(name) + "(): sequence elements must have length 2");
        d.dict_data().set(kv[0], kv[1]);
      }
    }
  }
  for (auto& [k, v] : args.named) d.dict_data().set(k, v);
  return d;
}

Result<Value> g_namespace(Interpreter&, CallArgs& args) { return dict_from_args(args, DictKind::Namespace, "namespace"); }
Result<Value> g_dict(Interpreter&, CallArgs& args) { return dict_from_args(args, DictKind::Plain, "dict"); }

Result<Value> g_joiner(Interpreter&, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args("joiner()", args, {"sep"}));
  std::string sep = to_str(a.get(0, Value::string(", ")));
  auto used = std::make_shared<bool>(false);
  return Value::function("joiner", [sep, used](Interpreter&, CallArgs&) -> Result<Value> {
    if (!*used) {
      *used = true;
      return Value::string("");
    }
    return Value::string(sep);
  });
}

}  // namespace

std::optional<Value> find_method(const Value& obj, std::string_view name) {
  Value::Type type = obj.type();
  if (type == Value::Type::Dict && !obj.is_mapping()) return std::nullopt;
  for (const auto& m : kMethods) {
    if (m.type != type || name != m.name) continue;
    MethodFn fn = m.fn;
    return Value::method(std::string(name), [obj, fn](Interpreter& interp, CallArgs& args) { return fn(interp, obj, args); },
                         obj);
  }
  return std::nullopt;
}

std::vector<std::pair<std::string, Value>> builtin_globals() {
  return {
      {"range", Value::function("range", g_range)},
      {"namespace", Value::function("namespace", g_namespace)},
      {"dict", Value::function("dict", g_dict)},
      {"joiner", Value::function("joiner", g_joiner)},
  };
}

}  // namespace tessera::jinja
