// JSON from outside (common/json_input.h): nesting bounded while parsing, whatever the shape of the
// deep part, and quoted values bounded whatever their size or depth.
#include "common/json_input.h"

#include <gtest/gtest.h>

#include <string>

namespace tessera {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

std::string arrays(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(JsonInput, NestingUpToTheLimitParsesBeyondItIsRefused) {
  auto ok = parse_json<json>(arrays(kMaxJsonDepth));
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  auto deep = parse_json<json>(arrays(kMaxJsonDepth + 1));
  ASSERT_FALSE(deep.ok());
  EXPECT_EQ(deep.error().kind, ErrorKind::Unsupported);
  EXPECT_EQ(deep.error().message, "nests arrays and objects more than 64 levels deep (the limit for JSON input)");
  // Objects count as arrays do; a caller may ask for less.
  EXPECT_TRUE(parse_json<ordered_json>(R"({"a": {"b": [1]}})", 3).ok());
  EXPECT_FALSE(parse_json<ordered_json>(R"({"a": {"b": [1]}})", 2).ok());
}

TEST(JsonInput, HundredThousandLevelsAreRefusedWithoutRecursion) {
  // ~200 KB: balanced, never closed, objects in arrays, and deep after a long valid prefix.
  std::string mixed;
  for (int i = 0; i < 50000; ++i) mixed += "[{\"k\":";
  const std::string long_prefix = "[" + std::string(100000, ' ') + "1," + arrays(100000) + "]";
  for (const std::string& text : {arrays(100000), std::string(100000, '['), mixed, long_prefix}) {
    auto r = parse_json<ordered_json>(text);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, ErrorKind::Unsupported) << r.error().message;
  }
}

TEST(JsonInput, SyntaxErrorsNameTheByteButNotTheText) {
  const std::string secret(100000, 'x');
  auto r = parse_json<json>("{\"a\": \"" + secret);  // an unterminated string: nlohmann's message quotes it all
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::InvalidArgument);
  EXPECT_LT(r.error().message.size(), 100u) << r.error().message.substr(0, 200);
  EXPECT_NE(r.error().message.find("is not valid JSON (syntax error at byte"), std::string::npos);
  EXPECT_FALSE(parse_json<json>("").ok());
  EXPECT_FALSE(parse_json<json>("[1] 2").ok());
  EXPECT_FALSE(parse_json<json>("\"\xff\"").ok());  // invalid UTF-8
}

TEST(JsonInput, ExcerptsAreBoundedWhateverTheValue) {
  EXPECT_EQ(json_excerpt(json::parse(R"({"a": [1, 2.5, null, true, "x\"y"]})")), R"({"a":[1,2.5,null,true,"x\"y"]})");
  const std::string huge(1 << 20, 'x');
  const std::string shown = json_excerpt(json(huge));
  EXPECT_LE(shown.size(), kJsonExcerptBytes + 3);
  EXPECT_EQ(shown.substr(0, 5), "\"xxxx");
  EXPECT_EQ(shown.substr(shown.size() - 3), "...");
  // Many items: written until the bound, not all.
  json many = json::array();
  for (int i = 0; i < 100000; ++i) many.push_back(i);
  EXPECT_LE(json_excerpt(many, 50).size(), 53u);
  // A value built deeper than any parse allows (by a program, not a parser) is still safe to quote.
  ordered_json deep = 1;
  for (int i = 0; i < 100000; ++i) deep = ordered_json::array({std::move(deep)});
  const std::string d = json_excerpt(deep);
  EXPECT_LE(d.size(), kJsonExcerptBytes + 3);
  EXPECT_EQ(json_excerpt(deep, 1000).find("[...]"), size_t{kMaxJsonDepth});
  // A cut never splits a UTF-8 character.
  EXPECT_LE(json_excerpt(json(std::string(300, '\xC3') + "x"), 10).size(), 13u);  // invalid UTF-8: replaced
  const std::string accents = json_excerpt(json("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"), 6);
  EXPECT_EQ(accents, "\"\xC3\xA9\xC3\xA9...");
}

}  // namespace
}  // namespace tessera
