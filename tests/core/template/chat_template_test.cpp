// The public ChatTemplate API: inputs, the default template, errors with line numbers, limits.
#include <gtest/gtest.h>

#include <thread>

#include "python_literal.h"
#include "template/chat_template.h"
#include "template/lexer.h"
#include "template_test_util.h"

namespace tessera::chat {
namespace {

using json = nlohmann::ordered_json;

std::string error_of(const std::string& source, const std::string& vars = "{}") {
  auto out = render_with(source, vars);
  return out.ok() ? "(rendered: " + *out + ")" : out.error().message;
}

TEST(ChatTemplate, DefaultTemplateIsChatML) {
  auto tmpl = ChatTemplate::parse(default_chat_template());
  ASSERT_TRUE(tmpl.ok()) << tmpl.error().message;
  ChatTemplateInput in;
  in.messages = json::parse(R"([{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi ü"}])");
  in.bos_token = "<s>";
  auto out = tmpl->render(in);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(*out, "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi ü<|im_end|>\n<|im_start|>assistant\n");
  in.add_generation_prompt = false;
  out = tmpl->render(in);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(*out, "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi ü<|im_end|>\n");
}

TEST(ChatTemplate, PassesVariablesAndExtras) {
  auto tmpl = ChatTemplate::parse(
      "{{ bos_token }}{{ messages|length }}{{ add_generation_prompt }}{{ eos_token }}|{{ tools[0].name }}|"
      "{{ enable_thinking }}|{{ documents is defined }}");
  ASSERT_TRUE(tmpl.ok()) << tmpl.error().message;
  ChatTemplateInput in;
  in.messages = json::parse(R"([{"role": "user", "content": "x"}, {"role": "assistant", "content": "y"}])");
  in.bos_token = "<B>";
  in.eos_token = "<E>";
  in.extra = json::parse(R"({"tools": [{"name": "search"}], "enable_thinking": false})");
  auto out = tmpl->render(in);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(*out, "<B>2True<E>|search|False|False");

  in.extra = json::parse(R"({"bos_token": "override"})");  // extras win
  out = tmpl->render(in);
  ASSERT_FALSE(out.ok());  // tools is undefined now: tools[0] is an error
  EXPECT_NE(out.error().message.find("'tools' is undefined"), std::string::npos) << out.error().message;

  in.extra = json::array();
  out = tmpl->render(in);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("must be a JSON object"), std::string::npos);
}

TEST(ChatTemplate, AcceptsUnorderedJsonAndKeepsOrderOfOrderedJson) {
  auto tmpl = ChatTemplate::parse("{{ messages[0]|tojson }}");
  ASSERT_TRUE(tmpl.ok());
  ChatTemplateInput in;
  in.messages = json::parse(R"([{"role": "user", "content": "c", "a_key": 1}])");
  EXPECT_EQ(*tmpl->render(in), R"({"role": "user", "content": "c", "a_key": 1})");
  in.messages = nlohmann::json::parse(R"([{"role": "user", "content": "c"}])");  // std::map: sorted keys
  EXPECT_EQ(*tmpl->render(in), R"({"content": "c", "role": "user"})");
}

TEST(ChatTemplate, StrftimeNowUsesTheGivenDate) {
  auto tmpl = ChatTemplate::parse("{{ strftime_now('%d %b %Y') }}|{{ strftime_now('%A %B %-d, %H:%M %p %j') }}");
  ASSERT_TRUE(tmpl.ok());
  ChatTemplateInput in;
  in.now = DateTime{2026, 7, 4, 15, 5, 9};
  auto out = tmpl->render(in);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(*out, "04 Jul 2026|Saturday July 4, 15:05 PM 185");
  in.now.reset();  // the real clock: at least a plausible year
  out = tmpl->render(in);
  ASSERT_TRUE(out.ok());
  EXPECT_GE(std::stoi(out->substr(7, 4)), 2024);
}

TEST(ChatTemplate, FormatTimeDirectives) {
  const DateTime t{2024, 1, 2, 0, 7, 3};
  EXPECT_EQ(format_time(t, "%Y-%m-%d %H:%M:%S"), "2024-01-02 00:07:03");
  EXPECT_EQ(format_time(t, "%a %A %b %B %e %I %p %y %u %w %F %T %%"), "Tue Tuesday Jan January  2 12 AM 24 2 2 2024-01-02 00:07:03 %");
  EXPECT_EQ(format_time(t, "%-d/%-m %-I %c"), "2/1 12 Tue Jan  2 00:07:03 2024");
  EXPECT_EQ(format_time(t, "%Q stays"), "%Q stays");
}

// Inputs built by a program (no parser's JSON limit applies) nested deeper than the template's
// value limit are an error naming it, found without recursing past the limit; within it they render.
TEST(ChatTemplate, InputsNestedPastTheValueLimitAreAnError) {
  auto tmpl = ChatTemplate::parse("{{ messages | length }}", "deep.jinja");
  ASSERT_TRUE(tmpl.ok());
  auto message_holding = [](json value) {
    json m = json::object();
    m["role"] = "user";
    m["content"] = std::move(value);  // moved, never copied: a copy of a deep value recurses
    json all = json::array();
    all.push_back(std::move(m));
    return all;
  };
  json deep = 1;
  for (int i = 0; i < 100000; ++i) deep = json::array({std::move(deep)});
  ChatTemplateInput in;
  in.messages = message_holding(std::move(deep));
  auto out = tmpl->render(in);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("more than the limit of 256 levels (RenderLimits::max_value_depth)"),
            std::string::npos)
      << out.error().message;

  in.messages = message_holding(json::parse("[[[1]]]"));  // 5 levels with the list and the message
  in.limits.max_value_depth = 5;
  EXPECT_TRUE(tmpl->render(in).ok());
  in.limits.max_value_depth = 4;
  EXPECT_FALSE(tmpl->render(in).ok());
  in.messages = json::array();
  in.extra = json::parse(R"({"tools": [[[[[1]]]]]})");
  EXPECT_FALSE(tmpl->render(in).ok());
}

TEST(ChatTemplate, RaiseExceptionCarriesMessageAndLine) {
  auto tmpl = ChatTemplate::parse("{% if messages[0]['role'] == 'system' %}\n{{ raise_exception('System role not supported') }}\n{% endif %}",
                                  "gemma.jinja");
  ASSERT_TRUE(tmpl.ok());
  ChatTemplateInput in;
  in.messages = json::parse(R"([{"role": "system", "content": "x"}])");
  auto out = tmpl->render(in);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().kind, ErrorKind::InvalidArgument);
  EXPECT_EQ(out.error().message, "gemma.jinja, line 2: System role not supported");
}

TEST(ChatTemplate, SyntaxErrorsNameTheLine) {
  struct Case {
    const char* source;
    const char* expected;
  };
  const Case cases[] = {
      {"a\n{% do x %}", "test template, line 2: unknown tag 'do'"},
      {"{{ x|nosuchfilter }}", "test template, line 1: no filter named 'nosuchfilter'"},
      {"\n{{ x is nosuchtest }}", "test template, line 2: no test named 'nosuchtest'"},
      {"{% for x in y %}\n{% if x %}\nbody\n", "line 3: unexpected end of template: expected 'elif' or 'else' or 'endif' to close the 'if' block opened on line 2"},
      {"{% if x %}{% endfor %}", "line 1: unexpected 'endfor' inside the 'if' block opened on line 1"},
      {"x\n\n{{ 'abc }}", "line 3: unterminated string literal"},
      {"{{ a ? b }}", "line 1: unexpected character '?'"},
      {"{% break %}", "line 1: 'break' outside of a for loop"},
      {"{{ }}", "line 1: expected an expression, got '}}'"},
      {"{{ (1 }}", "line 1: unexpected '}', expected ')'"},
      {"{# never closed", "line 1: missing end of comment tag"},
      {"{% for x in y recursive %}{% endfor %}", "recursive for loops are not supported"},
      {"{% macro m(a=1, b) %}{% endmacro %}", "without a default follows a parameter with a default"},
      {"{{ f(a=1, 2) }}", "positional argument follows keyword argument"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.source);
    auto tmpl = ChatTemplate::parse(c.source, "test template");
    ASSERT_FALSE(tmpl.ok());
    EXPECT_NE(tmpl.error().message.find(c.expected), std::string::npos) << tmpl.error().message;
  }
}

TEST(ChatTemplate, GenerationTagRendersItsBody) {
  auto out = render_with("{% generation %}{{ 'answer' }}{% set inner = 1 %}{% endgeneration %}[{{ inner }}]");
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(*out, "answer[]");
}

TEST(ChatTemplate, ListAppendWorksForNamespaceStyleCollection) {
  auto out = render_with("{% set ns = namespace(items=[]) %}{% for m in messages %}{% set _ = ns.items.append(m.role) %}{% endfor %}{{ ns.items|join(',') }}",
                         R"({"messages": [{"role": "user"}, {"role": "assistant"}]})");
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(*out, "user,assistant");
}

TEST(ChatTemplate, LimitsStopRunawayTemplates) {
  EXPECT_NE(error_of("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}").find("maximum call depth exceeded"),
            std::string::npos);
  EXPECT_NE(error_of("{% for i in range(70) %}{{ 'x' * 1000000 }}{% endfor %}").find("more than 64 MiB"), std::string::npos);
  EXPECT_NE(error_of("{{ 'x' * 100000000000 }}").find("string repetition would exceed"), std::string::npos);
  EXPECT_NE(error_of("{{ 9223372036854775807 + 1 }}").find("integer overflow"), std::string::npos);
  const std::string deep = "{{ " + std::string(1000, '(') + "1" + std::string(1000, ')') + " }}";
  EXPECT_NE(error_of(deep).find("nested too deeply"), std::string::npos);
  std::string nested_blocks;
  for (int i = 0; i < 500; ++i) nested_blocks += "{% if true %}";
  EXPECT_NE(error_of(nested_blocks).find("nested too deeply"), std::string::npos);
}

TEST(ChatTemplate, InvalidUtf8PassesThroughUnchanged) {
  const std::string bad = "a\xff\xfe" "b\xc3";  // 5 code points: invalid bytes count as one each
  auto tmpl = ChatTemplate::parse("{{ messages[0].content }}|{{ messages[0].content|length }}|"
                                  "{{ messages[0].content[1:3] }}|{{ messages[0].content|upper }}|" + bad);
  ASSERT_TRUE(tmpl.ok()) << tmpl.error().message;
  ChatTemplateInput in;
  in.messages = json::array({json{{"content", bad}}});
  auto out = tmpl->render(in);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(*out, bad + "|5|\xff\xfe|A\xff\xfe" "B\xc3|" + bad);
}

TEST(ChatTemplate, RendersConcurrentlyFromOneParsedTemplate) {
  auto tmpl = ChatTemplate::parse(
      "{% set ns = namespace(n=0) %}{% for m in messages %}{% set ns.n = ns.n + 1 %}{{ m.content }}{% endfor %}{{ ns.n }}");
  ASSERT_TRUE(tmpl.ok());
  std::vector<std::string> results(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      ChatTemplateInput in;
      for (int i = 0; i <= t; ++i) in.messages.push_back(json{{"content", std::to_string(t)}});
      for (int rep = 0; rep < 50; ++rep) results[static_cast<size_t>(t)] = *tmpl->render(in);
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(results[0], "01");
  EXPECT_EQ(results[1], "112");
  EXPECT_EQ(results[2], "2223");
  EXPECT_EQ(results[3], "33334");
}

TEST(Lexer, TokensCarryLinesAndWhitespaceControl) {
  auto tokens = jinja::tokenize("a\n  {%- if x -%}\n b {{ 'q' ~ 1.5 }}{% endif %}\n");
  ASSERT_TRUE(tokens.ok()) << tokens.error().message;
  std::vector<std::string> seen;
  for (const auto& t : *tokens) seen.push_back(std::to_string(t.line) + ":" + jinja::token_type_name(t.type) + ":" + t.text);
  const std::vector<std::string> expected = {
      "1:template data:a", "2:'{%':",    "2:name:if",  "2:name:x",          "2:'%}':",
      "3:template data:b ", "3:'{{':",   "3:string:q", "3:operator:~",      "3:float:",
      "3:'}}':",           "3:'{%':",    "3:name:endif", "3:'%}':",         "3:end of template:"};
  EXPECT_EQ(seen, expected);
  EXPECT_DOUBLE_EQ((*tokens)[9].float_value, 1.5);
}

TEST(PythonLiteral, ConvertsReprOfMessages) {
  auto j = test::python_literal_to_json(
      "[{'role': 'user', 'content': \"it's\\n\\u00e9\", 'n': -3, 'x': 1.5, 'ok': True, 'none': None, 't': (1, 2)}]");
  ASSERT_TRUE(j.ok()) << j.error().message;
  EXPECT_EQ(j->dump(), R"([{"role":"user","content":"it's\né","n":-3,"x":1.5,"ok":true,"none":null,"t":[1,2]}])");
  EXPECT_FALSE(test::python_literal_to_json("[{'a': }]").ok());
}

}  // namespace
}  // namespace tessera::chat
