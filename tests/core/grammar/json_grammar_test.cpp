// The schema compiler's refusals, the matcher on hand-picked texts, and the token constraint's
// masks against a token-by-token check over a small vocabulary.
#include <gtest/gtest.h>

#include <random>

#include "grammar/json_constraint.h"
#include "grammar_test_util.h"

namespace tessera::grammar {
namespace {

using Json = nlohmann::ordered_json;

using test::compile;
using test::matches;

TEST(JsonSchemaCompile, RefusesKeywordsOutsideTheSubsetNamingThem) {
  struct Case {
    const char* schema;
    const char* names;
  };
  for (const Case& c : {Case{R"({"type":"string","minLength":3})", "minLength"},
                        Case{R"({"type":"object","properties":{"age":{"type":"integer","minimum":0}}})",
                             "properties.age.minimum"},
                        Case{R"({"oneOf":[{"type":"string"}]})", "oneOf"},
                        Case{R"({"type":"string","format":"date"})", "format"},
                        Case{R"({"type":"array","items":[{"type":"string"}]})", "items"},
                        Case{R"({"$ref":"http://example.com/s.json"})", "$ref"},
                        Case{R"({"type":"string","anyOf":[{"type":"string"}]})", "type"}}) {
    auto r = JsonSchema::compile(Json::parse(c.schema));
    ASSERT_FALSE(r.ok()) << c.schema;
    EXPECT_NE(r.error().message.find(c.names), std::string::npos) << r.error().message;
  }
}

TEST(JsonMatcher, StrictObjectInAnyOrderWithRequiredProperties) {
  auto s = compile(R"({"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"},
      "tags":{"type":"array","items":{"enum":["a","b"]}}},"required":["name","age"],"additionalProperties":false})");
  EXPECT_TRUE(matches(s, R"({"name":"Ann","age":3})"));
  EXPECT_TRUE(matches(s, R"({ "age" : 3 , "name" : "A\"nn\u00e9", "tags": ["a","b","a"] })"));
  EXPECT_FALSE(matches(s, R"({"name":"Ann"})"));                  // age is required
  EXPECT_FALSE(matches(s, R"({"name":"Ann","age":3,"x":1})"));    // no additional properties
  EXPECT_FALSE(matches(s, R"({"name":"Ann","age":3,"age":4})"));  // a property twice
  EXPECT_FALSE(matches(s, R"({"name":"Ann","age":3.5})"));
  EXPECT_FALSE(matches(s, R"({"name":"Ann","age":3.0})"));  // generation writes integers plainly...
  auto lenient = JsonSchema::compile(Json::parse(R"({"type":"integer"})"), JsonSchemaOptions{.zero_fractions = true});
  ASSERT_TRUE(lenient.ok());
  EXPECT_TRUE(matches(*lenient, "3.0"));  // ...JSON Schema's equality takes 3.0 too
  EXPECT_FALSE(matches(s, R"({"name":"Ann","age":3,"tags":["c"]})"));
  EXPECT_FALSE(matches(s, R"({"name":"Ann","age":03})"));
}

TEST(JsonMatcher, RefsAnyOfAndRecursion) {
  auto s = compile(R"({"$defs":{"node":{"type":"object","properties":{"v":{"type":"number"},
      "next":{"anyOf":[{"$ref":"#/$defs/node"},{"type":"null"}]}},"required":["v","next"],"additionalProperties":false}},
      "$ref":"#/$defs/node"})");
  EXPECT_TRUE(matches(s, R"({"v":1,"next":{"v":-2.5e3,"next":null}})"));
  EXPECT_FALSE(matches(s, R"({"v":1,"next":{"v":2}})"));
  EXPECT_FALSE(matches(s, R"({"v":1,"next":true})"));
}

TEST(JsonMatcher, PrefixesAreLiveAndWhitespaceIsBounded) {
  auto s = compile(R"({"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"],"additionalProperties":false})");
  JsonMatcher m(s);
  EXPECT_TRUE(m.feed(std::string_view("{\"o")));
  EXPECT_FALSE(m.accepting());
  EXPECT_FALSE(m.feed(std::string_view("x")));  // refused, state kept
  EXPECT_TRUE(m.feed(std::string_view("k\":tr")));
  EXPECT_FALSE(m.closed());
  EXPECT_TRUE(m.feed(std::string_view("ue}")));
  EXPECT_TRUE(m.closed());
  EXPECT_TRUE(m.accepting());
  EXPECT_FALSE(matches(s, "{" + std::string(kMaxWhitespace + 1, ' ') + R"("ok":true})"));
  EXPECT_TRUE(matches(s, "{" + std::string(kMaxWhitespace, ' ') + R"("ok":true})"));
}

TEST(JsonMatcher, EnumAndConstValuesAsJsonValues) {
  auto s = compile(R"({"enum":[1,"two",{"a":1,"b":[true,null]},[2]]})");
  EXPECT_TRUE(matches(s, "1"));
  EXPECT_FALSE(matches(s, "1.0"));
  EXPECT_TRUE(matches(s, R"("two")"));
  EXPECT_TRUE(matches(s, R"({"b":[true,null],"a":1})"));
  EXPECT_TRUE(matches(s, "[2]"));
  EXPECT_FALSE(matches(s, "12"));
  EXPECT_FALSE(matches(s, R"({"a":1})"));
  EXPECT_FALSE(matches(s, "[2,2]"));
}

TEST(JsonMatcher, AnyObjectForJsonObjectMode) {
  auto s = JsonSchema::any_object();
  EXPECT_TRUE(matches(s, R"({"x":[1,{"y":null}],"z":"w"})"));
  EXPECT_FALSE(matches(s, "[1]"));
  EXPECT_FALSE(matches(s, R"("text")"));
}

// A small vocabulary with multi-byte pieces, a control token (""), an end token and every
// printable ASCII byte (as real vocabularies have, so every JSON text can be written).
std::shared_ptr<const VocabularyTrie> small_vocab() {
  std::vector<std::string> pieces = {"", "</s>", "\":", "ok", "true", "tr", "ue", "false", "null", "12", "\"ok",
                                     "\":true}", "name", "age", "\"name\":\"", "x\"", "00e9", "\n  "};
  for (char c = 0x20; c < 0x7f; ++c) pieces.push_back(std::string(1, c));
  pieces.push_back("\n");
  return std::make_shared<VocabularyTrie>(pieces, std::vector<int32_t>{1});
}

TEST(JsonConstraint, MasksEqualTheTokenByTokenCheck) {
  auto s = compile(R"({"type":"object","properties":{"name":{"type":"string"},"ok":{"type":"boolean"},
      "age":{"type":"integer"}},"required":["ok"],"additionalProperties":false})");
  auto vocab = small_vocab();
  std::mt19937 rng(7);
  int steps = 0;
  for (int run = 0; run < 40; ++run) {
    JsonConstraint c(s, vocab);
    std::string text;
    for (int i = 0; i < 30; ++i) {
      const TokenMask& mask = c.mask();
      std::vector<int32_t> allowed;
      for (size_t t = 0; t < vocab->n_vocab(); ++t) {
        EXPECT_EQ(mask.test(static_cast<int32_t>(t)), c.allows(static_cast<int32_t>(t))) << "token " << t;
        if (mask.test(static_cast<int32_t>(t))) allowed.push_back(static_cast<int32_t>(t));
      }
      ASSERT_FALSE(allowed.empty()) << "after " << text;
      const int32_t pick = allowed[rng() % allowed.size()];
      if (vocab->is_end(pick)) break;
      ASSERT_TRUE(c.accept(pick));
      text += vocab->piece(pick);
      ++steps;
      if (c.closed()) break;
    }
  }
  EXPECT_GT(steps, 100);
}

}  // namespace
}  // namespace tessera::grammar

namespace tessera::grammar {
namespace {

TEST(JsonConstraint, ClosingInTimeEndsWithCompleteJsonWithinTheDistance) {
  auto s = compile(R"({"$defs":{"p":{"type":"object","properties":{"x":{"type":"integer"},"tags":{"type":"array",
      "items":{"enum":["a","bb"]}}},"required":["x","tags"],"additionalProperties":false}},
      "type":"object","properties":{"name":{"type":"string"},"points":{"type":"array","items":{"$ref":"#/$defs/p"}},
      "mode":{"anyOf":[{"const":"fast"},{"type":"null"}]}},"required":["name","points","mode"],"additionalProperties":false})");
  EXPECT_EQ(JsonMatcher(s).bytes_to_close(), std::string(R"({"name":"","points":[],"mode":null})").size());
  auto vocab = small_vocab();
  std::mt19937 rng(11);
  for (int run = 0; run < 60; ++run) {
    JsonConstraint c(s, vocab);
    std::string text;
    // Wander freely for a while...
    const int free_steps = static_cast<int>(rng() % 40);
    for (int i = 0; i < free_steps && !c.closed(); ++i) {
      std::vector<int32_t> allowed;
      const TokenMask& m = c.mask();
      for (size_t t = 0; t < vocab->n_vocab(); ++t)
        if (m.test(static_cast<int32_t>(t)) && !vocab->is_end(static_cast<int32_t>(t))) allowed.push_back(static_cast<int32_t>(t));
      if (allowed.empty()) break;
      const int32_t pick = allowed[rng() % allowed.size()];
      ASSERT_TRUE(c.accept(pick));
      text += vocab->piece(pick);
    }
    // ...then a budget of exactly the bytes still needed: every step keeps the rest within what is
    // left, and the text ends complete in time.
    const uint32_t distance = c.bytes_to_close();
    ASSERT_LT(distance, kNever) << text;
    uint32_t left = distance;
    while (!c.accepting()) {
      ASSERT_GT(left, 0u) << "out of budget: " << text;
      const TokenMask& m = c.mask(left - 1);
      std::vector<int32_t> allowed;
      for (size_t t = 0; t < vocab->n_vocab(); ++t) {
        EXPECT_EQ(m.test(static_cast<int32_t>(t)), c.allows(static_cast<int32_t>(t), left - 1)) << "token " << t << " after " << text;
        if (m.test(static_cast<int32_t>(t)) && !vocab->is_end(static_cast<int32_t>(t))) allowed.push_back(static_cast<int32_t>(t));
      }
      ASSERT_FALSE(allowed.empty()) << "no token closes " << text;
      const int32_t pick = allowed[rng() % allowed.size()];
      ASSERT_TRUE(c.accept(pick));
      text += vocab->piece(pick);
      --left;
    }
    JsonMatcher check(s);
    EXPECT_TRUE(check.feed(text) && check.accepting()) << text;
  }
}

}  // namespace
}  // namespace tessera::grammar

namespace tessera::grammar {
namespace {

TEST(JsonConstraint, ABudgetBelowTheShortestValueTakesTheClosestTokens) {
  auto s = compile(R"({"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"],"additionalProperties":false})");
  auto vocab = small_vocab();
  JsonConstraint d(s, vocab);
  int32_t brace = -1, ok_true = -1;
  for (size_t t = 0; t < vocab->n_vocab(); ++t) {
    if (vocab->piece(static_cast<int32_t>(t)) == "{") brace = static_cast<int32_t>(t);
    if (vocab->piece(static_cast<int32_t>(t)) == "\":true}") ok_true = static_cast<int32_t>(t);
  }
  ASSERT_TRUE(d.accept(brace));
  ASSERT_EQ(vocab->piece(10), "\"ok");
  // No token leaves nothing to write after '{': the closest ('"ok', 7 bytes left) is taken.
  const TokenMask& closest = d.mask(0);
  EXPECT_TRUE(closest.test(10));
  EXPECT_EQ(closest.count(), 1u);
  ASSERT_TRUE(d.accept(10));
  // 0 bytes of budget and 7 still needed: the one token that writes them all fits.
  const TokenMask& m = d.mask(0);
  EXPECT_TRUE(m.test(ok_true));
  EXPECT_EQ(m.count(), 1u);
}

}  // namespace
}  // namespace tessera::grammar
