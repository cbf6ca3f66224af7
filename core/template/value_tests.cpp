// jinja2's built-in tests ({% if x is defined %}), as in jinja2.tests (3.1).
#include "template/builtins.h"
#include "template/call_args.h"
#include "template/operators.h"
#include "template/text.h"

namespace tessera::jinja {

namespace {

using TestFn = Result<bool> (*)(const Value&, CallArgs&);

Result<Value> one_arg(std::string_view test, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(BoundArgs a, bind_args("test '" + std::string(test) + "'", args, {"other"}));
  if (!a.has(0)) return value_error("test '" + std::string(test) + "' needs an argument");
  return *a.values[0];
}

Status no_args(std::string_view test, CallArgs& args) {
  TESSERA_TRY(bind_args("test '" + std::string(test) + "'", args, {}));
  return {};
}

#define SIMPLE_TEST(fn_name, test_name, expr)                 \
  Result<bool> fn_name(const Value& v, CallArgs& args) {      \
    TESSERA_TRY(no_args(test_name, args));                    \
    return (expr);                                            \
  }

SIMPLE_TEST(t_boolean, "boolean", v.is_bool())
SIMPLE_TEST(t_callable, "callable", v.is_function())
SIMPLE_TEST(t_defined, "defined", !v.is_undefined())
SIMPLE_TEST(t_undefined, "undefined", v.is_undefined())
SIMPLE_TEST(t_escaped, "escaped", false)
SIMPLE_TEST(t_false, "false", v.is_bool() && !v.get_bool())
SIMPLE_TEST(t_true, "true", v.is_bool() && v.get_bool())
SIMPLE_TEST(t_float, "float", v.is_float())
SIMPLE_TEST(t_integer, "integer", v.is_int())
SIMPLE_TEST(t_mapping, "mapping", v.is_mapping())
SIMPLE_TEST(t_none, "none", v.is_none())
SIMPLE_TEST(t_number, "number", v.is_numeric())
SIMPLE_TEST(t_string, "string", v.is_string())
// Python: has __iter__ (Undefined iterates as empty).
SIMPLE_TEST(t_iterable, "iterable", v.is_undefined() || v.is_string() || v.is_list() || v.is_mapping())
// Python: supports len() and __getitem__.
SIMPLE_TEST(t_sequence, "sequence", v.is_undefined() || v.is_string() || v.is_list() || v.is_mapping())

#undef SIMPLE_TEST

Result<bool> parity(const Value& v, CallArgs& args, const char* name, int64_t want) {
  TESSERA_TRY(no_args(name, args));
  TESSERA_ASSIGN_OR_RETURN(Value m, binary_op(BinaryOp::Mod, v, Value::integer(2)));
  return equals(m, Value::integer(want));
}
Result<bool> t_odd(const Value& v, CallArgs& args) { return parity(v, args, "odd", 1); }
Result<bool> t_even(const Value& v, CallArgs& args) { return parity(v, args, "even", 0); }

Result<bool> t_divisibleby(const Value& v, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(Value num, one_arg("divisibleby", args));
  TESSERA_ASSIGN_OR_RETURN(Value m, binary_op(BinaryOp::Mod, v, num));
  return equals(m, Value::integer(0));
}

Result<bool> t_eq(const Value& v, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(Value other, one_arg("eq", args));
  return equals(v, other);
}
Result<bool> t_ne(const Value& v, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(Value other, one_arg("ne", args));
  return !equals(v, other);
}

template <CompareOp Op>
Result<bool> t_order(const Value& v, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(Value other, one_arg("comparison", args));
  return compare_op(Op, v, other);
}

Result<bool> t_in(const Value& v, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(Value seq, one_arg("in", args));
  return contains(seq, v);
}

Result<bool> t_sameas(const Value& v, CallArgs& args) {
  TESSERA_ASSIGN_OR_RETURN(Value other, one_arg("sameas", args));
  if (v.type() != other.type()) return false;
  if (v.is_list()) return &v.list_data() == &other.list_data();
  if (v.is_dict()) return &v.dict_data() == &other.dict_data();
  return equals(v, other);
}

Result<bool> case_test(const Value& v, CallArgs& args, bool upper) {
  TESSERA_TRY(no_args(upper ? "upper" : "lower", args));
  if (!v.is_string()) return false;
  bool cased = false;
  for (char32_t c : text::decode(v.get_string())) {
    if (upper ? text::is_lower(c) : text::is_upper(c)) return false;
    if (text::is_cased(c)) cased = true;
  }
  return cased;
}
Result<bool> t_lower(const Value& v, CallArgs& args) { return case_test(v, args, false); }
Result<bool> t_upper(const Value& v, CallArgs& args) { return case_test(v, args, true); }

Result<bool> t_filter(const Value& v, CallArgs& args) {
  TESSERA_TRY(no_args("filter", args));
  return v.is_string() && is_known_filter(v.get_string());
}
Result<bool> t_test(const Value& v, CallArgs& args) {
  TESSERA_TRY(no_args("test", args));
  return v.is_string() && is_known_test(v.get_string());
}

struct TestEntry {
  const char* name;
  TestFn fn;
};

constexpr TestEntry kTests[] = {
    {"boolean", t_boolean},
    {"callable", t_callable},
    {"defined", t_defined},
    {"divisibleby", t_divisibleby},
    {"eq", t_eq},
    {"equalto", t_eq},
    {"==", t_eq},
    {"escaped", t_escaped},
    {"even", t_even},
    {"false", t_false},
    {"filter", t_filter},
    {"float", t_float},
    {"ge", t_order<CompareOp::Ge>},
    {">=", t_order<CompareOp::Ge>},
    {"gt", t_order<CompareOp::Gt>},
    {"greaterthan", t_order<CompareOp::Gt>},
    {">", t_order<CompareOp::Gt>},
    {"in", t_in},
    {"integer", t_integer},
    {"iterable", t_iterable},
    {"le", t_order<CompareOp::Le>},
    {"<=", t_order<CompareOp::Le>},
    {"lower", t_lower},
    {"lt", t_order<CompareOp::Lt>},
    {"lessthan", t_order<CompareOp::Lt>},
    {"<", t_order<CompareOp::Lt>},
    {"mapping", t_mapping},
    {"ne", t_ne},
    {"!=", t_ne},
    {"none", t_none},
    {"number", t_number},
    {"odd", t_odd},
    {"sameas", t_sameas},
    {"sequence", t_sequence},
    {"string", t_string},
    {"test", t_test},
    {"true", t_true},
    {"undefined", t_undefined},
    {"upper", t_upper},
};

const TestEntry* find_test(std::string_view name) {
  for (const auto& t : kTests)
    if (name == t.name) return &t;
  return nullptr;
}

}  // namespace

bool is_known_test(std::string_view name) { return find_test(name) != nullptr; }

Result<bool> apply_test(Interpreter&, std::string_view name, const Value& input, CallArgs& args) {
  const TestEntry* t = find_test(name);
  if (!t) return value_error("no test named '" + std::string(name) + "'");
  return t->fn(input, args);
}

}  // namespace tessera::jinja
