// What structured output writes is JSON a strict parser reads (found by tests/fuzz/schema_entry.cpp,
// whose oracle is nlohmann's parser): UTF-8 strings, paired surrogate escapes, finite numbers, and
// no text started that the schema can never let end. Each expectation here is also checked against
// nlohmann::json::accept, the reference nobody here wrote.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "grammar/json_matcher.h"
#include "grammar/json_schema.h"
#include "grammar_test_util.h"

namespace tessera::grammar {
namespace {

using Json = nlohmann::ordered_json;

using test::compile;
using test::matches;

// The longest prefix of `text` the matcher takes.
size_t taken(const std::shared_ptr<const JsonSchema>& s, std::string_view text) {
  JsonMatcher m(s);
  size_t n = 0;
  while (n < text.size() && m.feed(static_cast<uint8_t>(text[n]))) ++n;
  return n;
}

TEST(JsonStrictness, StringsAreWellFormedUtf8) {
  auto s = compile(R"({"type":"string"})");
  for (const char* good : {"\"\xc3\xa9\"", "\"\xe6\x97\xa5\xe6\x9c\xac\"", "\"\xf0\x9f\x98\x80\"", "\"\xed\x9f\xbf\"",
                           "\"\xef\xbf\xbd\"", "\"\xf4\x8f\xbf\xbf\""}) {
    EXPECT_TRUE(matches(s, good)) << good;
    EXPECT_TRUE(nlohmann::json::accept(good)) << good;
  }
  struct Bad {
    const char* text;
    size_t taken;  // the opening quote and the bytes before the one refused
  };
  for (const Bad& b : {Bad{"\"\xff\"", 1},                  // never in UTF-8
                       Bad{"\"\x80\"", 1},                  // a continuation byte without a lead
                       Bad{"\"\xc0\xaf\"", 1},              // an overlong '/'
                       Bad{"\"\xe0\x80\xaf\"", 2},          // an overlong 3-byte form
                       Bad{"\"\xed\xa0\x80\"", 2},          // an encoded surrogate (U+D800)
                       Bad{"\"\xf4\x90\x80\x80\"", 2},      // past U+10FFFF
                       Bad{"\"\xc3\"", 2},                  // a character cut short by the quote
                       Bad{"\"\xe6\x97\x41\"", 3}}) {       // ... or by an ASCII byte
    EXPECT_EQ(taken(s, b.text), b.taken) << b.text;
    EXPECT_FALSE(nlohmann::json::accept(b.text)) << b.text;
  }
}

TEST(JsonStrictness, SurrogateEscapesComeInPairs) {
  auto s = compile(R"({"type":"string"})");
  for (const char* good : {R"("\ud83d\ude00")", R"("\uD83D\uDE00")", R"("\ud7ff\ue000")", R"("\u00e9\u0041")"}) {
    EXPECT_TRUE(matches(s, good)) << good;
    EXPECT_TRUE(nlohmann::json::accept(good)) << good;
  }
  for (const char* bad : {R"("\ud83d")", R"("\ud83dx")", R"("\ude00")", R"("\ud83d\u0041")", R"("\ud83d\ud83d")"}) {
    EXPECT_FALSE(matches(s, bad)) << bad;
    EXPECT_FALSE(nlohmann::json::accept(bad)) << bad;
  }
  // Keys follow the same rules (a free key here).
  auto obj = compile(R"({"type":"object"})");
  EXPECT_TRUE(matches(obj, "{\"caf\xc3\xa9\": 1, \"\\ud83d\\ude00\": 2}"));
  EXPECT_FALSE(matches(obj, "{\"\xff\": 1}"));
  EXPECT_FALSE(matches(obj, R"({"\udc00": 1})"));
}

TEST(JsonStrictness, NumbersStayFiniteDoubles) {
  auto s = compile(R"({"type":"number"})");
  EXPECT_TRUE(matches(s, "-12345678901234567890.5e-99"));
  EXPECT_TRUE(matches(s, "1E+99"));
  EXPECT_FALSE(matches(s, "1e100"));  // a third exponent digit: 1e400 is past every double
  EXPECT_FALSE(nlohmann::json::accept("1e400"));
}

TEST(JsonStrictness, SchemasThatNoValueMatchesAreRefused) {
  for (const char* schema : {"false", R"({"anyOf":[false,false]})",
                             R"({"type":"object","properties":{"a":false},"required":["a"]})",
                             R"({"type":"object","required":["a"],"additionalProperties":false})",
                             R"({"type":"array","items":{"type":"object","required":["x"],"additionalProperties":false},
                                 "enum":[]})"}) {
    auto r = JsonSchema::compile(Json::parse(schema));
    ASSERT_FALSE(r.ok()) << schema;
    EXPECT_NE(r.error().message.find("no JSON value"), std::string::npos) << r.error().message;
  }
}

TEST(JsonStrictness, NothingIsStartedThatCannotEnd) {
  // A forbidden property is refused at its closing quote, also where other keys are free.
  auto s = compile(R"({"type":"object","properties":{"bar":false,"baz":{"type":"integer"}}})");
  EXPECT_EQ(taken(s, R"({"bar": 1})"), 5u);
  EXPECT_TRUE(matches(s, R"({"bart": 1, "baz": 2})"));
  {
    // ... so from {"bar the fewest bytes to a complete value are 5: a character, '"', ':', 0, '}'.
    JsonMatcher m(s);
    ASSERT_TRUE(m.feed(R"({"bar)"));
    EXPECT_EQ(m.bytes_to_close(), 5u);
    ASSERT_TRUE(m.feed("t"));
    EXPECT_EQ(m.bytes_to_close(), 4u);
  }
  // Without free keys, the forbidden one cannot even be begun, and no comma asks for it.
  auto closed = compile(R"({"type":"object","properties":{"bar":false,"baz":{"type":"integer"}},
                            "additionalProperties":false})");
  EXPECT_EQ(taken(closed, R"({"b)"), 3u);
  EXPECT_EQ(taken(closed, R"({"bar)"), 4u);
  EXPECT_EQ(taken(closed, R"({"baz": 1, )"), 9u);
  // An object whose required property no key may name is never opened; the node's other types
  // still are.
  auto other = compile(R"({"properties":{},"required":["a"],"additionalProperties":false})");
  EXPECT_EQ(taken(other, "{"), 0u);
  EXPECT_TRUE(matches(other, "[1]"));
  // An array whose items can be nothing is only ever empty.
  auto empty = compile(R"({"type":"array","items":false})");
  EXPECT_TRUE(matches(empty, "[ ]"));
  EXPECT_EQ(taken(empty, "[1]"), 1u);
  for (auto* schema : {&s, &closed, &other, &empty}) {
    JsonMatcher m(*schema);
    EXPECT_LT(m.bytes_to_close(), kNever);
  }
}

}  // namespace
}  // namespace tessera::grammar
