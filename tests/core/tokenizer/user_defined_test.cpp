// User-defined tokens (tokenizer.ggml.token_type 4: MPT's runs of spaces, DeepSeek's added pieces)
// are matched in plain text even without special-token parsing, as Hugging Face and llama.cpp do;
// Control and Unknown tokens only with parse_special.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "tokenizer/byte_unicode.h"
#include "tokenizer/tokenizer.h"

namespace tessera::tokenizer {
namespace {

using Ids = std::vector<int32_t>;

// ids 0..255: the byte characters; then the tokens added.
VocabData bpe_vocab() {
  VocabData d;
  d.kind = Kind::Bpe;
  d.pre = "gpt-2";
  d.source = "test-user-defined-bpe";
  for (int b = 0; b < 256; ++b) {
    d.tokens.emplace_back(byte_to_utf8(static_cast<uint8_t>(b)));
    d.types.push_back(TokenType::Normal);
  }
  d.merges = {"h i"};
  d.tokens.push_back("hi");
  d.types.push_back(TokenType::Normal);
  return d;
}

int32_t add(VocabData& d, std::string text, TokenType type) {
  d.tokens.push_back(std::move(text));
  d.types.push_back(type);
  if (!d.scores.empty()) d.scores.push_back(0.0f);
  return static_cast<int32_t>(d.tokens.size() - 1);
}

TEST(UserDefinedTokens, BpeMatchesThemWithoutSpecialParsing) {
  VocabData d = bpe_vocab();
  const int32_t hi = 256;
  const int32_t two_spaces = add(d, "  ", TokenType::UserDefined);   // stored as plain text
  const int32_t three_spaces = add(d, "   ", TokenType::UserDefined);
  const int32_t control = add(d, "<|x|>", TokenType::Control);
  auto tok = Tokenizer::from_vocab(d);
  ASSERT_TRUE(tok.ok()) << tok.error().describe();
  const Tokenizer& t = **tok;
  // The longest user-defined text wins at each position; the rest goes through BPE.
  EXPECT_EQ(t.encode("hi  hi", false, false), (Ids{hi, two_spaces, hi}));
  EXPECT_EQ(t.encode("hi     hi", false, false), (Ids{hi, three_spaces, two_spaces, hi}));
  EXPECT_EQ(t.encode("  ", false, false), (Ids{two_spaces}));
  EXPECT_EQ(t.decode(t.encode("hi     hi", false, false)), "hi     hi");
  // Control texts stay plain text unless asked for.
  EXPECT_EQ(t.encode("<|x|>", false, false).size(), 5u);
  EXPECT_EQ(t.encode("<|x|>", false, true), (Ids{control}));
  EXPECT_EQ(t.encode("hi  <|x|>", false, true), (Ids{hi, two_spaces, control}));
}

TEST(UserDefinedTokens, SpmMatchesThemAndPrefixesTheFollowingText) {
  VocabData d;
  d.kind = Kind::Spm;
  d.source = "test-user-defined-spm";
  add(d, "<unk>", TokenType::Unknown);
  const std::string sp = "\xE2\x96\x81";
  const int32_t a = add(d, "a", TokenType::Normal);
  const int32_t sp_a = add(d, sp + "a", TokenType::Normal);
  const int32_t sp_id = add(d, sp, TokenType::Normal);
  const int32_t added = add(d, "<added>", TokenType::UserDefined);
  d.unk_id = 0;
  auto tok = Tokenizer::from_vocab(d);
  ASSERT_TRUE(tok.ok()) << tok.error().describe();
  const Tokenizer& t = **tok;
  // As after a control token (llama.cpp's rule): the text after the token gets the space prefix.
  EXPECT_EQ(t.encode("a<added>a", false, false), (Ids{sp_a, added, sp_a}));
  EXPECT_EQ(t.encode("<added>", false, false), (Ids{added}));
  EXPECT_EQ(t.encode(" a", false, false), (Ids{sp_id, sp_a}));
  (void)a;
  // <unk> is a special text only with parse_special.
  EXPECT_EQ(t.encode("<unk>", false, true), (Ids{0}));
  EXPECT_NE(t.encode("<unk>", false, false), (Ids{0}));
}

TEST(UserDefinedTokens, ManySharingAFirstByteStillMatchLeftmostLongest) {
  VocabData d = bpe_vocab();
  std::vector<int32_t> ids;
  for (int i = 0; i < 5000; ++i) ids.push_back(add(d, "<u" + std::to_string(i) + ">", TokenType::UserDefined));
  const int32_t nested = add(d, "<u1><u2>", TokenType::UserDefined);
  auto tok = Tokenizer::from_vocab(d);
  ASSERT_TRUE(tok.ok()) << tok.error().describe();
  const Tokenizer& t = **tok;
  EXPECT_EQ(t.encode("<u123><u4999>hi", false, false), (Ids{ids[123], ids[4999], 256}));
  EXPECT_EQ(t.encode("<u1><u2><u1>", false, false), (Ids{nested, ids[1]}));
  EXPECT_EQ(t.encode("<u12", false, false).size(), 4u);  // a prefix of a token is plain text
  EXPECT_EQ(t.decode(t.encode("a<u77>b<u5000>", false, false)), "a<u77>b<u5000>");
}

}  // namespace
}  // namespace tessera::tokenizer
