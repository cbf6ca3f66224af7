// Byte-level BPE tokenizer on small vocabularies built in the test, one per pre-tokenizer family.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "tokenizer/byte_unicode.h"
#include "tokenizer/pretokenizer.h"
#include "tokenizer/tokenizer.h"

namespace tessera::tokenizer {
namespace {

using Ids = std::vector<int32_t>;

// Byte-level text of raw bytes ("a b" -> "aĠb").
std::string bl(const std::string& raw) {
  std::string out;
  bytes_to_unicode_text(raw, out);
  return out;
}

// ids 0..255: the 256 byte characters in byte order; merges add their results after that.
struct BpeBuilder {
  VocabData d;
  explicit BpeBuilder(std::string pre = "gpt-2") {
    d.kind = Kind::Bpe;
    d.pre = std::move(pre);
    d.source = "test-bpe";
    for (int b = 0; b < 256; ++b) add(std::string(byte_to_utf8(static_cast<uint8_t>(b))));
  }
  int32_t add(const std::string& text, TokenType type = TokenType::Normal) {
    d.tokens.push_back(text);
    d.types.push_back(type);
    return static_cast<int32_t>(d.tokens.size() - 1);
  }
  // Merge of two raw-byte strings; adds the result token when new. Returns its id.
  int32_t merge(const std::string& left, const std::string& right) {
    d.merges.push_back(bl(left) + " " + bl(right));
    const std::string joined = bl(left + right);
    for (size_t i = 0; i < d.tokens.size(); ++i)
      if (d.tokens[i] == joined) return static_cast<int32_t>(i);
    return add(joined);
  }
  std::unique_ptr<Tokenizer> build() const {
    auto t = Tokenizer::from_vocab(d);
    EXPECT_TRUE(t.ok()) << (t.ok() ? "" : t.error().describe());
    return t.ok() ? std::move(t).value() : nullptr;
  }
};

int32_t byte_id(char c) { return static_cast<uint8_t>(c); }

TEST(BpeTokenizer, LowestRankMergesFirst) {
  {
    BpeBuilder b;
    const int32_t bc = b.merge("b", "c");
    b.merge("a", "b");
    auto tok = b.build();
    ASSERT_NE(tok, nullptr);
    EXPECT_EQ(tok->encode("abc", false, false), (Ids{byte_id('a'), bc}));
  }
  {
    BpeBuilder b;
    const int32_t ab = b.merge("a", "b");
    b.merge("b", "c");
    auto tok = b.build();
    ASSERT_NE(tok, nullptr);
    EXPECT_EQ(tok->encode("abc", false, false), (Ids{ab, byte_id('c')}));
  }
  {
    BpeBuilder b;
    const int32_t aa = b.merge("a", "a");
    auto tok = b.build();
    ASSERT_NE(tok, nullptr);
    EXPECT_EQ(tok->encode("aaa", false, false), (Ids{aa, byte_id('a')}));  // leftmost first
    EXPECT_EQ(tok->encode("aaaa", false, false), (Ids{aa, aa}));
  }
}

TEST(BpeTokenizer, SpacesAreByteMappedAndMergesStayInsidePieces) {
  BpeBuilder b;
  const int32_t sp_h = b.merge(" ", "h");
  const int32_t hi = b.merge("h", "i");
  const int32_t sp_hi = b.merge(" h", "i");
  b.merge("i", " ");  // would cross a piece boundary: never applies
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  EXPECT_EQ(tok->encode("hi hi", false, false), (Ids{hi, sp_hi}));
  EXPECT_EQ(tok->encode(" h", false, false), (Ids{sp_h}));
  EXPECT_EQ(tok->token_to_piece(sp_hi), " hi");
  EXPECT_EQ(tok->token_text(sp_hi), "\xC4\xA0hi");  // Ġhi
  EXPECT_TRUE(tok->warnings().empty());
}

TEST(BpeTokenizer, EveryByteRoundTrips) {
  BpeBuilder b;
  b.merge("\xC3", "\xA9");
  b.merge(" ", " ");
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  std::string all;
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<char>(i));
  for (const std::string& s : {all, std::string("x\xFF\xC3 \x80 \xC3\xA9\xF0\x9F\xA6\x99  \n\n\t")})
    EXPECT_EQ(tok->decode(tok->encode(s, false, false)), s);
}

// Quadratic reference: pieces from the pre-tokenizer, then repeatedly the lowest-rank adjacent
// pair (leftmost on ties), then the tokens.
Ids reference_bpe(const BpeBuilder& b, const Tokenizer& tok, const std::string& text) {
  auto pre = PreTokenizer::create(b.d.pre);
  EXPECT_TRUE(pre.ok());
  Ids out;
  for (std::string_view piece : pre->split(text)) {
    std::vector<std::string> sym;
    for (char c : piece) sym.push_back(bl(std::string(1, c)));
    for (;;) {
      size_t best = SIZE_MAX, best_rank = SIZE_MAX;
      for (size_t i = 0; i + 1 < sym.size(); ++i) {
        const auto it = std::find(b.d.merges.begin(), b.d.merges.end(), sym[i] + " " + sym[i + 1]);
        const auto rank = static_cast<size_t>(it - b.d.merges.begin());
        if (it != b.d.merges.end() && rank < best_rank) {
          best = i;
          best_rank = rank;
        }
      }
      if (best == SIZE_MAX) break;
      sym[best] += sym[best + 1];
      sym.erase(sym.begin() + static_cast<std::ptrdiff_t>(best) + 1);
    }
    for (const std::string& s : sym) out.push_back(tok.find_token(s));
  }
  return out;
}

TEST(BpeTokenizer, MatchesTheQuadraticReferenceOnRandomText) {
  BpeBuilder b;
  for (const auto& [l, r] : std::vector<std::pair<std::string, std::string>>{
           {" ", "t"}, {"h", "e"}, {" t", "he"}, {"a", "b"}, {"b", "a"}, {"ab", "a"}, {"a", "a"}, {"aa", "b"},
           {" ", " "}, {"  ", " "}, {"1", "2"}, {"12", "3"}, {"\xC3", "\xA9"}, {"e", "\xC3\xA9"}, {" ", "a"}}) {
    b.merge(l, r);
  }
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  const std::vector<std::string> atoms = {"a", "b", "t", "he", " ", "  ", "1", "23", "\xC3\xA9", "!", "'s", "\n"};
  std::mt19937 rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    std::string text;
    const int n = 1 + static_cast<int>(rng() % 30);
    for (int i = 0; i < n; ++i) text += atoms[rng() % atoms.size()];
    EXPECT_EQ(tok->encode(text, false, false), reference_bpe(b, *tok, text)) << "[" << text << "]";
    EXPECT_EQ(tok->decode(tok->encode(text, false, false)), text);
  }
}

TEST(BpeTokenizer, PreTokenizerFamiliesShapeTheTokens) {
  // The same digit merges under each family: "3412" splits differently before merging.
  struct Expect {
    const char* pre;
    std::vector<std::string> pieces;  // raw text of the expected tokens
  };
  const Expect cases[] = {
      {"gpt-2", {"34", "12"}},       {"default", {"34", "12"}},     {"mpt", {"34", "12"}},
      {"gpt-neox", {"34", "12"}},    {"llama-bpe", {"34", "1", "2"}}, {"llama3", {"34", "1", "2"}},
      {"qwen2", {"3", "4", "1", "2"}}, {"deepseek-llm", {"34", "12"}}, {"deepseek-coder", {"3", "4", "1", "2"}},
      {"falcon", {"34", "1", "2"}}, {"starcoder", {"3", "4", "1", "2"}}, {"refact", {"3", "4", "1", "2"}},
  };
  const std::string mixed = "Hello, W\xC3\xB6rld! It's 2024-12-31 \xE4\xBD\xA0\xE5\xA5\xBD \xF0\x9F\xA6\x99\n\n  x";
  for (const Expect& e : cases) {
    BpeBuilder b(e.pre);
    b.merge("1", "2");
    b.merge("3", "4");
    b.merge("4", "1");
    auto tok = b.build();
    ASSERT_NE(tok, nullptr) << e.pre;
    EXPECT_TRUE(tok->warnings().empty()) << e.pre << ": " << tok->warnings().front();
    Ids want;
    for (const std::string& p : e.pieces) want.push_back(tok->find_token(bl(p)));
    EXPECT_EQ(tok->encode("3412", false, false), want) << e.pre;
    EXPECT_EQ(tok->decode(tok->encode(mixed, false, false)), mixed) << e.pre;
  }
}

TEST(BpeTokenizer, Llama3IgnoresMergesForWholeTokenPieces) {
  for (const char* pre : {"llama-bpe", "gpt-2"}) {
    BpeBuilder b(pre);
    b.merge("h", "e");
    const int32_t hello = b.add(bl("hello"));  // no merge path leads here
    auto tok = b.build();
    ASSERT_NE(tok, nullptr);
    const Ids ids = tok->encode("hello", false, false);
    if (std::string(pre) == "llama-bpe") {
      EXPECT_EQ(ids, Ids{hello});
      EXPECT_TRUE(tok->add_bos());  // Llama 3 default
    } else {
      EXPECT_EQ(ids.size(), 4u);  // he l l o
      EXPECT_FALSE(tok->add_bos());
    }
  }
}

TEST(BpeTokenizer, SpecialTokensAndEndOfGeneration) {
  BpeBuilder b("qwen2");
  b.merge("h", "i");
  const int32_t start = b.add("<|im_start|>", TokenType::Control);
  const int32_t end = b.add("<|im_end|>", TokenType::Control);
  const int32_t eot = b.add("<|endoftext|>", TokenType::Control);
  b.d.eos_id = eot;
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  const Ids parsed = tok->encode("<|im_start|>user\nhi<|im_end|>", false, true);
  ASSERT_GE(parsed.size(), 4u);
  EXPECT_EQ(parsed.front(), start);
  EXPECT_EQ(parsed.back(), end);
  const Ids plain = tok->encode("<|im_start|>user\nhi<|im_end|>", false, false);
  EXPECT_EQ(std::count(plain.begin(), plain.end(), start), 0);
  EXPECT_EQ(tok->decode(plain), "<|im_start|>user\nhi<|im_end|>");
  EXPECT_EQ(tok->decode(parsed), "user\nhi");
  EXPECT_EQ(tok->decode(parsed, DecodeOptions{true, true}), "<|im_start|>user\nhi<|im_end|>");
  EXPECT_TRUE(tok->is_end_of_generation(end));
  EXPECT_TRUE(tok->is_end_of_generation(eot));
  EXPECT_FALSE(tok->is_end_of_generation(start));
  EXPECT_EQ(tok->end_of_generation_ids(), (Ids{end, eot}));
}

TEST(BpeTokenizer, LongestSpecialTokenWins) {
  BpeBuilder b;
  b.merge("a", "b");
  const int32_t shorter = b.add("<|a|>", TokenType::Control);
  const int32_t longer = b.add("<|a|><|b|>", TokenType::UserDefined);
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  EXPECT_EQ(tok->encode("<|a|><|b|><|a|>", false, true), (Ids{longer, shorter}));
}

TEST(BpeTokenizer, WarningsForUnknownPreAndUnusableMerges) {
  BpeBuilder b("brand-new-model");
  b.merge("a", "b");
  b.d.merges.push_back("zz qq");      // parts are not tokens
  b.d.merges.push_back("nospace");    // not a pair
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  EXPECT_EQ(tok->pre_tokenizer(), "gpt-2");
  ASSERT_EQ(tok->warnings().size(), 2u);
  EXPECT_NE(tok->warnings()[0].find("brand-new-model"), std::string::npos);
  EXPECT_NE(tok->warnings()[1].find("2 of 3"), std::string::npos);
}

TEST(BpeTokenizer, NoUsableMergesIsAnError) {
  BpeBuilder b;
  b.d.merges = {"zz qq"};
  auto t = Tokenizer::from_vocab(b.d);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.error().message.find("merges"), std::string::npos);
}

}  // namespace
}  // namespace tessera::tokenizer
