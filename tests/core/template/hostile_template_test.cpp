// Hostile templates (a chat template comes from a downloaded model file): every construct that
// could crash, hang or exhaust memory ends in an error naming the line and the RenderLimits field.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "template/chat_template.h"
#include "template/template_fuzz_entry.h"
#include "template_test_util.h"

namespace tessera::chat {
namespace {

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// The parse or render error, or "(rendered: ...)" when there was none.
std::string error_of(const std::string& source, const std::string& vars = "{}") {
  auto out = render_with(source, vars);
  return out.ok() ? "(rendered: " + out->substr(0, 200) + ")" : out.error().message;
}

// As error_of, with a budget of 100M steps so that another limit is reached first.
std::string error_with_time(const std::string& source) {
  auto tmpl = ChatTemplate::parse(source, "test template");
  if (!tmpl.ok()) return tmpl.error().message;
  ChatTemplateInput in;
  in.limits.max_steps = 100'000'000;
  auto out = tmpl->render(in);
  return out.ok() ? "(rendered: " + out->substr(0, 200) + ")" : out.error().message;
}

#define EXPECT_CONTAINS(haystack, needle)                                        \
  do {                                                                           \
    const std::string h_ = (haystack);                                           \
    EXPECT_NE(h_.find(needle), std::string::npos) << "missing \"" << (needle) << "\" in: " << h_; \
  } while (0)

TEST(HostileTemplate, LongOperatorChainsAreParseErrorsNotStackOverflows) {
  const int n = 20000;
  const std::vector<std::string> chains = {
      "1" + repeat(" + 1", n),        "1" + repeat(" * 1", n),      "1" + repeat(" ** 1", n),
      "'a'" + repeat(" ~ 'a'", n),    "a" + repeat(".b", n),        "x" + repeat("|string", n),
      "f" + repeat("()", n),          "x" + repeat("[0]", n),       "x" + repeat("[0:1]", n),
      "1" + repeat(" and 1", n),      "1" + repeat(" or 1", n),     repeat("not ", n) + "1",
      repeat("-", n) + "1",           "x" + repeat(" is defined", 1) + repeat(" and x is defined", n),
      repeat("(", n) + "1" + repeat(")", n), repeat("[", n) + repeat("]", n),
      repeat("{'a': ", n) + "1" + repeat("}", n), "1" + repeat(" if 1 else 1", n),
      "f" + repeat("(1, ", n) + repeat(")", n), "x" + repeat("|default(x", n) + repeat(")", n),
  };
  for (const auto& chain : chains) {
    SCOPED_TRACE(chain.substr(0, 40));
    const std::string e = error_of("line one\n{{ " + chain + " }}");
    EXPECT_CONTAINS(e, "line 2: ");
    EXPECT_CONTAINS(e, "nested too deeply");
    EXPECT_CONTAINS(e, "RenderLimits::max_syntax_depth");
  }
  // Comparison chains are flat (one node), so they are not deep.
  EXPECT_EQ(error_of("{{ 1" + repeat(" == 1", n) + " }}"), "(rendered: True)");
}

TEST(HostileTemplate, DeepStatementNestingIsAParseError) {
  const int n = 10000;
  for (const std::string open : {"{% if 1 %}", "{% for x in [1] %}", "{% with a = 1 %}", "{% filter upper %}",
                                 "{% macro m() %}", "{% set x %}"}) {
    SCOPED_TRACE(open);
    EXPECT_CONTAINS(error_of(repeat(open, n)), "RenderLimits::max_syntax_depth");
  }
}

TEST(HostileTemplate, SyntaxDepthLimitIsConfigurable) {
  jinja::RenderLimits limits;
  limits.max_syntax_depth = 3;
  EXPECT_TRUE(ChatTemplate::parse("{{ 1 + 1 }}", "t", limits).ok());
  auto deep = ChatTemplate::parse("{{ 1 + 1 + 1 + 1 }}", "t", limits);
  ASSERT_FALSE(deep.ok());
  EXPECT_CONTAINS(deep.error().message, "the limit of 3 (RenderLimits::max_syntax_depth)");
}

TEST(HostileTemplate, DeeplyNestedValuesPrintAsErrorsAndAreDestroyedWithoutRecursion) {
  // A chain root -> [child] -> [grandchild] ... 100,000 deep, built in O(1) per level.
  auto chain = [](const std::string& root, int depth = 2000) {
    return "{% set " + root + " = [] %}{% set ns = namespace(c=" + root + ") %}{% for i in range(" +
           std::to_string(depth) + ") %}"
           "{% set n = [] %}{% set _ = ns.c.append(n) %}{% set ns.c = n %}{% endfor %}";
  };
  EXPECT_EQ(error_with_time(chain("l", 50000) + "{{ l|length }}"), "(rendered: 1)");  // destroying it must not crash
  const std::string build = chain("l");
  EXPECT_CONTAINS(error_with_time(build + "\n{{ l }}"), "line 2: ");
  EXPECT_CONTAINS(error_with_time(build + "{{ l }}"), "RenderLimits::max_value_depth");
  EXPECT_CONTAINS(error_with_time(build + "{{ l|tojson }}"), "RenderLimits::max_value_depth");
  EXPECT_CONTAINS(error_with_time(build + "{{ l ~ '' }}"), "RenderLimits::max_value_depth");
  EXPECT_CONTAINS(error_with_time(build + "{{ '%s'|format(l) }}"), "RenderLimits::max_value_depth");
  // Comparing two different deep values neither crashes nor hangs.
  const std::string two = chain("a") + chain("b");
  EXPECT_NE(error_with_time(two + "{{ a == b }}{{ a in [b] }}").find("rendered"), std::string::npos);
  EXPECT_CONTAINS(error_with_time(two + "{{ a < b }}"), "max_value_depth");
  // Dicts nested deep go away too.
  EXPECT_EQ(error_with_time("{% set root = namespace() %}{% set ns = namespace(c=root) %}{% for i in range(100000) %}"
                            "{% set n = namespace() %}{% set p = ns.c %}{% set p.k = n %}{% set ns.c = n %}{% endfor %}ok"),
            "(rendered: ok)");
}

TEST(HostileTemplate, ValuesCannotContainThemselves) {
  EXPECT_CONTAINS(error_of("{% set l = [] %}\n{% set _ = l.append(l) %}{{ l }}"),
                  "line 2: list.append() would make a list that contains itself");
  EXPECT_CONTAINS(error_of("{% set a = [] %}{% set b = [[a]] %}{{ a.append(b) }}"), "contains itself");
  EXPECT_CONTAINS(error_of("{% set a = [] %}{% set b = {'k': a} %}{{ a.append(b) }}"), "contains itself");
  EXPECT_CONTAINS(error_of("{% set l = [] %}{% set m = [l.append] %}{{ l.append(m) }}"), "contains itself");
  EXPECT_CONTAINS(error_of("{% set ns = namespace() %}{% set ns.me = ns %}"), "contains itself");
  EXPECT_CONTAINS(error_of("{% set ns = namespace(l=[]) %}{% set ns.l = ns.l + [ns] %}"), "contains itself");
  // Sharing without a cycle is fine.
  EXPECT_EQ(error_of("{% set a = [1] %}{% set b = [] %}{% set _ = b.append(a) %}{% set _ = b.append(a) %}{{ b }}"),
            "(rendered: [[1], [1]])");
  // loop.changed(loop) holds the loop object; it must not leak (checked under ASan).
  EXPECT_EQ(error_of("{% for i in [1, 2] %}{{ loop.changed(loop) }}{% endfor %}"), "(rendered: TrueTrue)");
}

TEST(HostileTemplate, HugeWidthsAreErrorsBeforeAllocating) {
  for (const std::string t : {"{{ 'a'|center(10**12) }}", "{{ 'a'.center(10**12) }}", "{{ 'a'.ljust(10**12) }}",
                              "{{ 'a'.rjust(10**12) }}", "{{ 'a'.zfill(10**12) }}", "{{ 'a\nb'|indent(10**12) }}",
                              "{{ [1]|tojson(indent=10**12) }}", "{{ '%999999999d'|format(1) }}",
                              "{{ '%.999999999f'|format(1.0) }}", "{{ '{:999999999}'.format(1) }}",
                              "{{ '%99999999999999999999999d'|format(1) }}"}) {
    SCOPED_TRACE(t);
    EXPECT_CONTAINS(error_of(t), "RenderLimits::max_string_bytes");
  }
  EXPECT_EQ(error_of("{{ 'ab'|center(6) }}|{{ 'ab'.center(7, '*') }}"), "(rendered:   ab  |***ab**)");
}

TEST(HostileTemplate, WidthsBelowTheLimitAreHonouredInFull) {
  // Formerly cut at 127/200/4096/16M characters without a word.
  auto length_of = [](const std::string& expr) {
    auto out = render_with("{{ (" + expr + ")|length }}");
    return out.ok() ? *out : out.error().message;
  };
  EXPECT_EQ(length_of("'%300d'|format(7)"), "300");
  EXPECT_EQ(length_of("'%.300d'|format(7)"), "300");
  EXPECT_EQ(length_of("'%250.3f'|format(1.5)"), "250");
  EXPECT_EQ(length_of("'%.150f'|format(1.0)"), "152");
  EXPECT_EQ(length_of("'{:.150f}'.format(1.0)"), "152");
  EXPECT_EQ(length_of("'{:>100001}'.format('x')"), "100001");
  EXPECT_EQ(length_of("'x'.ljust(17000000)"), "17000000");
  EXPECT_EQ(length_of("'7'.zfill(17000000)"), "17000000");
  EXPECT_EQ(length_of("'a\nb'|indent(5000)"), "5003");
  EXPECT_EQ(length_of("[1]|tojson(indent=300)"), "305");
  EXPECT_EQ(error_of("{{ '%5d|%-5d|%05.1f'|format(42, 7, 2.25) }}"), "(rendered:    42|7    |002.2)");
}

TEST(HostileTemplate, GrowingStringsAndListsStopAtTheirLimits) {
  EXPECT_CONTAINS(error_of("{% set ns = namespace(l=[1]) %}{% for i in range(64) %}\n{% set ns.l = ns.l + ns.l %}"
                           "{% endfor %}"),
                  "line 2: list concatenation would make 2097152 items, more than the limit of 1048576 items "
                  "(RenderLimits::max_container_items)");
  EXPECT_CONTAINS(error_with_time("{% set ns = namespace(s='a') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}"
                                  "{% endfor %}"),
                  "RenderLimits::max_string_bytes");
  EXPECT_CONTAINS(error_with_time("{% set ns = namespace(s='a') %}{% for i in range(64) %}{% set ns.s = ns.s + ns.s %}"
                                  "{% endfor %}"),
                  "RenderLimits::max_string_bytes");
  EXPECT_CONTAINS(error_of("{{ [1, 2, 3] * 100000000 }}"), "RenderLimits::max_container_items");
  EXPECT_CONTAINS(error_of("{{ 'ab' * 100000000 }}"), "RenderLimits::max_string_bytes");
  EXPECT_CONTAINS(error_of("{% set l = [0] * 1048576 %}{% set _ = l.append(1) %}"),
                  "list.append() would make a container of 1048577 items, more than the limit of 1048576 items");
  // The size is known from the number of matches, before anything is built.
  const std::string big = "{% set s = 'a' * 1000000 %}";
  EXPECT_CONTAINS(error_of(big + "{{ s.replace('a', 'b' * 2000) }}"), "RenderLimits::max_string_bytes");
  EXPECT_CONTAINS(error_of(big + "{{ s|replace('a', 'b' * 2000) }}"), "RenderLimits::max_string_bytes");
  EXPECT_CONTAINS(error_of(big + "{{ s.replace('', 'b' * 100) }}"), "RenderLimits::max_string_bytes");
  EXPECT_CONTAINS(error_of("{{ (',' * 2000000).split(',') }}"), "RenderLimits::max_container_items");
  EXPECT_CONTAINS(error_of("{% for c in 'a' * 2000000 %}{% endfor %}"), "RenderLimits::max_container_items");
  EXPECT_EQ(error_of("{{ 'a-b-a'.replace('a', 'xy') }}|{{ 'ab'|replace('', '.') }}"), "(rendered: xy-b-xy|.a.b.)");
}

TEST(HostileTemplate, RunawayWorkStopsAtTheStepBudget) {
  const auto start = std::chrono::steady_clock::now();
  EXPECT_CONTAINS(error_of("{% for i in range(100000) %}\n{% for j in range(100000) %}{% endfor %}{% endfor %}"),
                  "line 2: the template ran too long: more than the limit of 5000000 steps (RenderLimits::max_steps)");
  EXPECT_CONTAINS(error_of("{% macro f(n) %}{% if n > 0 %}{% set a = f(n - 1) %}{% set b = f(n - 1) %}{% endif %}"
                           "{% endmacro %}{% set _ = f(60) %}"),
                  "RenderLimits::max_steps");
  EXPECT_CONTAINS(error_of("{% set s = 'x' * 60000000 %}{% for i in range(100000) %}{% set t = s|length %}{% endfor %}"),
                  "RenderLimits::max_steps");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
#if !defined(__SANITIZE_ADDRESS__)
  EXPECT_LT(seconds, 60.0);  // a few seconds in a Release build (sanitizer builds run ~30x slower)
#else
  (void)seconds;
#endif
}

TEST(HostileTemplate, EveryRenderLimitIsConfigurableAndNamedInItsError) {
  auto render = [](const std::string& source, jinja::RenderLimits limits) {
    auto tmpl = ChatTemplate::parse(source, "t", limits);
    if (!tmpl.ok()) return tmpl.error().message;
    ChatTemplateInput in;
    in.limits = limits;
    auto out = tmpl->render(in);
    return out.ok() ? "(rendered: " + *out + ")" : out.error().message;
  };
  jinja::RenderLimits l;
  l.max_steps = 50;
  EXPECT_CONTAINS(render("{% for i in range(100) %}{% endfor %}", l), "the limit of 50 steps (RenderLimits::max_steps)");
  l = {};
  l.max_output_bytes = 5;
  EXPECT_CONTAINS(render("{{ 'abcdef' }}", l), "the limit of 5 bytes (RenderLimits::max_output_bytes)");
  l = {};
  l.max_string_bytes = 8;
  EXPECT_CONTAINS(render("{{ 'abcde' ~ 'fghij' }}", l), "the limit of 8 bytes (RenderLimits::max_string_bytes)");
  l = {};
  l.max_container_items = 3;
  EXPECT_CONTAINS(render("{{ [1, 2] + [3, 4] }}", l), "the limit of 3 items (RenderLimits::max_container_items)");
  l = {};
  l.max_call_depth = 4;
  EXPECT_CONTAINS(render("{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}", l),
                  "the limit of 4 (RenderLimits::max_call_depth)");
  l = {};
  l.max_eval_depth = 20;
  EXPECT_CONTAINS(render("{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}", l),
                  "the limit of 20 levels (RenderLimits::max_eval_depth)");
  l = {};
  l.max_value_depth = 2;
  EXPECT_CONTAINS(render("{{ [[[1]]] }}", l), "the limit of 2 levels (RenderLimits::max_value_depth)");
  EXPECT_EQ(render("{{ [[1]] }}", l), "(rendered: [[1]])");
}

TEST(HostileTemplate, DeepRecursionThroughMacrosStaysOnTheStack) {
  // Up to 100 nested calls, each inside 200-deep statements and expressions: the evaluation depth
  // limit (2000 levels) or the stack limit (2 MiB; ASan's frames are larger) is reached first,
  // well before the stack ends.
  auto depth_error = [](const std::string& e) {
    return e.find("(RenderLimits::max_eval_depth)") != std::string::npos ||
           e.find("(RenderLimits::max_stack_bytes)") != std::string::npos;
  };
  const std::string deep_expr = "f(n)" + repeat(" ~ ''", 150);
  const std::string body = repeat("{% if true %}", 50) + "{{ " + deep_expr + " }}" + repeat("{% endif %}", 50);
  std::string e = error_of("{% macro f(n) %}" + body + "{% endmacro %}{{ f(1) }}");
  EXPECT_TRUE(depth_error(e)) << e;
  const std::string filters = "f(n)" + repeat("|string", 150);
  e = error_of("{% macro f(n) %}{% for x in [1] %}{{ " + filters + " }}{% endfor %}{% endmacro %}{{ f(1) }}");
  EXPECT_TRUE(depth_error(e)) << e;
  // The stack limit itself, set low.
  auto tmpl = ChatTemplate::parse("{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}", "t");
  ASSERT_TRUE(tmpl.ok());
  ChatTemplateInput in;
  in.limits.max_stack_bytes = 4096;
  auto out = tmpl->render(in);
  ASSERT_FALSE(out.ok());
  EXPECT_CONTAINS(out.error().message, "the limit of 4096 bytes (RenderLimits::max_stack_bytes)");
}

TEST(HostileTemplate, RoundAndIntegerFormattingHaveNoUndefinedBehaviour) {
  EXPECT_EQ(error_of("{{ 5|round(-1000000000) }}|{{ 1.5|round(-1000000000) }}|{{ (-2.5)|round(-400) }}"),
            "(rendered: 0|0.0|-0.0)");
  EXPECT_EQ(error_of("{{ 123456|round(-2) }}|{{ 125|round(-1) }}|{{ 135|round(-1) }}|{{ (-125)|round(-1) }}|"
                     "{{ 7|round(3) }}|{{ 2.675|round(2) }}|{{ 1e308|round(-308) }}"),
            "(rendered: 123500|120|140|-120|7|2.67|1e+308)");
  EXPECT_CONTAINS(error_of("{{ 9223372036854775807|round(-19) }}"), "does not fit in 64 bits");
  EXPECT_EQ(error_of("{{ 9223372036854775807|round(-20) }}"), "(rendered: 0)");
  EXPECT_CONTAINS(error_of("{{ 1.5|round(-1000000000, 'ceil') }}"), "out of range");
  EXPECT_CONTAINS(error_of("{{ '%d'|format(1e300) }}"), "outside the 64-bit integer range");
  EXPECT_CONTAINS(error_of("{{ '%x'|format(-1e19) }}"), "outside the 64-bit integer range");
  EXPECT_EQ(error_of("{{ '%d'|format(-3.9) }}|{{ '%c'|format(65) }}"), "(rendered: -3|A)");
  EXPECT_CONTAINS(error_of("{{ '%c'|format(-1) }}"), "not in range");
  EXPECT_CONTAINS(error_of("{{ '{:c}'.format(99999999) }}"), "not in range");
}

TEST(JinjaConformance, FalsyInputToSelectAndMapIsAnEmptySequence) {
  EXPECT_EQ(error_of("{{ none|selectattr('type', 'equalto', 'x')|list }}|{{ none|rejectattr('a')|list }}|"
                     "{{ none|select|list }}|{{ none|reject('none')|list }}|{{ none|map(attribute='a')|list }}|"
                     "{{ none|map('upper')|list }}|{{ undefined_var|selectattr('a')|list }}"),
            "(rendered: []|[]|[]|[]|[]|[]|[])");
  EXPECT_EQ(error_of("{% for t in tools|selectattr('type', 'equalto', 'function') %}{{ t.name }}{% endfor %}.",
                     R"({"tools": null})"),
            "(rendered: .)");
  EXPECT_EQ(error_of("{{ [1, none, 2]|select|list }}"), "(rendered: [1, 2])");
}

TEST(JinjaConformance, UnknownFiltersAndTestsInConditionalsFailOnlyWhenEvaluated) {
  // jinja2 3.x compiles if statements and inline ifs in a "soft" frame.
  EXPECT_EQ(error_of("{% if false %}{{ x|no_such_filter }}{% endif %}ok"), "(rendered: ok)");
  EXPECT_EQ(error_of("{% if false %}{% elif false %}{{ x|nf }}{% else %}ok{% endif %}"), "(rendered: ok)");
  EXPECT_EQ(error_of("{% if true %}ok{% else %}{{ x is no_such_test }}{% endif %}"), "(rendered: ok)");
  EXPECT_EQ(error_of("{% if x is defined and x|nf %}no{% endif %}ok"), "(rendered: ok)");
  EXPECT_EQ(error_of("{% if true %}{% if false %}{{ x|nf }}{% endif %}{% endif %}ok"), "(rendered: ok)");
  EXPECT_EQ(error_of("{{ x|nf if false else 'ok' }}|{{ 'ok' if true else x|nf }}|{{ 'ok' if x is defined and x is nt "
                     "else 'ok' }}"),
            "(rendered: ok|ok|ok)");
  // Taken, they fail at render time with the line.
  EXPECT_CONTAINS(error_of("{% if true %}\n{{ x|nf }}{% endif %}"), "line 2: no filter named 'nf'");
  EXPECT_CONTAINS(error_of("\n{{ 2 if false else 1 is nt }}"), "line 2: no test named 'nt'");
  EXPECT_EQ(error_of("{{ (1 is nt) if false else 2 }}"), "(rendered: 2)");
  // Outside a conditional, and in loops or macros inside one, they fail at parse time, as jinja2.
  for (const std::string t : {"{{ x|nf }}", "{% set y = x|nf %}", "{% for a in b %}{{ a|nf }}{% endfor %}",
                              "{% if false %}{% for a in b %}{{ a|nf }}{% endfor %}{% endif %}",
                              "{% if false %}{% macro m() %}{{ a|nf }}{% endmacro %}{% endif %}",
                              "{{ [x|nf, 1 if true else 2] }}"}) {
    SCOPED_TRACE(t);
    auto tmpl = ChatTemplate::parse(t, "t");
    ASSERT_FALSE(tmpl.ok());
    EXPECT_CONTAINS(tmpl.error().message, "no filter named 'nf'");
  }
}

// Random combinations of risky constructs, with a fixed seed: each render succeeds or fails with an
// error value, within a small budget, never crashes (run under ASan/UBSan too).
TEST(HostileTemplate, SeededRandomStress) {
  const std::vector<std::string> atoms = {
      "1", "-1", "0", "10**18", "1e308", "'ab'", "''", "[1, 2]", "[]", "{'k': [1]}", "none", "x", "messages",
      "ns.l", "range(5)", "'%5d'", "'{:>4}'", "true", "(1, 2)", "9223372036854775807", "'a\nb'"};
  const std::vector<std::string> binary = {" + ", " - ", " * ", " / ", " // ", " % ", " ** ", " ~ ", " and ",
                                           " or ", " == ", " < ", " in "};
  const std::vector<std::string> postfix = {"|string", "|length", "|list", "|upper", "|tojson", "|first", "|reverse",
                                            "|round(-3)", "|center(20)", "|indent(2)", "|format(1)", "|join(',')",
                                            "|selectattr('a')|list", "|map('string')|list", "|sort", "|unique|list",
                                            "|batch(2)|list", "|replace('a', 'bb')", "|default(1)", "|int", "|float",
                                            "[0]", "[1:]", ".upper()", ".split()", "|items|list", "|sum",
                                            ".append(ns.l)", "|dictsort"};
  const std::vector<std::string> statements = {
      "{{ E }}", "{% set x = E %}", "{% set ns.l = E %}", "{% for i in E %}{{ i }}{% endfor %}",
      "{% if E %}a{% else %}b{% endif %}", "{% set _ = ns.l.append(E) %}",
      "{% macro m(a) %}{{ a }}{{ m(E) }}{% endmacro %}{{ m(1) }}", "{% for i in range(50) %}{% set ns.l = ns.l + [E] %}{% endfor %}",
      "{% filter upper %}{{ E }}{% endfilter %}"};
  std::mt19937 rng(20260704);
  auto pick = [&](const std::vector<std::string>& v) { return v[rng() % v.size()]; };
  std::function<std::string(int)> expr = [&](int depth) -> std::string {
    std::string e = depth > 0 && rng() % 3 == 0 ? "(" + expr(depth - 1) + ")" : pick(atoms);
    for (int k = static_cast<int>(rng() % 3); k > 0; --k) e += pick(postfix);
    if (depth > 0 && rng() % 2) e += pick(binary) + expr(depth - 1);
    return e;
  };
  jinja::RenderLimits small;
  small.max_steps = 200'000;
  small.max_string_bytes = 1 << 20;
  small.max_output_bytes = 1 << 20;
  small.max_container_items = 20'000;
  int rendered = 0, failed = 0;
  for (int iter = 0; iter < 400; ++iter) {
    std::string source = "{% set ns = namespace(l=[1, 'a']) %}";
    for (int s = 1 + static_cast<int>(rng() % 4); s > 0; --s) {
      std::string st = pick(statements);
      st.replace(st.find('E'), 1, expr(3));
      source += st;
    }
    SCOPED_TRACE(source);
    auto tmpl = ChatTemplate::parse(source, "stress", small);
    if (!tmpl.ok()) {
      ++failed;
      continue;
    }
    ChatTemplateInput in;
    in.messages = nlohmann::ordered_json::parse(R"([{"role": "user", "content": "hi"}])");
    in.limits = small;
    auto out = tmpl->render(in);
    if (out.ok()) {
      ++rendered;
    } else {
      ++failed;
      EXPECT_FALSE(out.error().message.empty());
    }
    jinja::render_untrusted_template(source);
  }
  EXPECT_GT(rendered, 20);
  EXPECT_GT(failed, 20);
}

}  // namespace
}  // namespace tessera::chat

namespace tessera::chat {
namespace {

TEST(JinjaConformance, SafeStringsEscapeWhatIsAddedToThem) {
  // markupsafe.Markup.__add__/__radd__ escape the plain operand; ~ is plain str joining (no autoescape).
  EXPECT_EQ(error_of("{{ 'a'|safe + '\"<b>&' }}|{{ '<i>' + 'a'|safe }}|{{ 'a'|safe ~ '<b>' }}|{{ 'x'|safe + 'y'|safe }}"),
            "(rendered: a&#34;&lt;b&gt;&amp;|&lt;i&gt;a|a<b>|xy)");
  EXPECT_EQ(error_of("{{ ('<'|e)|e }}|{{ ('<'|e)|forceescape }}|{{ '<'|e + '>' }}|{{ 'a' + 'b' }}"),
            "(rendered: &lt;|&amp;lt;|&lt;&gt;|ab)");
}

}  // namespace
}  // namespace tessera::chat
