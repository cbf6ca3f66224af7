// SentencePiece-style tokenizer on small vocabularies built in the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "tokenizer/tokenizer.h"

namespace tessera::tokenizer {
namespace {

using Ids = std::vector<int32_t>;
const std::string kSp = "\xE2\x96\x81";  // ▁

// ids: 0 <unk>, 1 <s>, 2 </s>, 3..258 <0x00>..<0xFF> (when with_bytes), then the pieces given.
struct SpmBuilder {
  VocabData d;
  explicit SpmBuilder(bool with_bytes = true) {
    d.kind = Kind::Spm;
    d.source = "test-spm";
    add("<unk>", 0, TokenType::Unknown);
    add("<s>", 0, TokenType::Control);
    add("</s>", 0, TokenType::Control);
    if (with_bytes) {
      for (int b = 0; b < 256; ++b) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "<0x%02X>", b);
        add(buf, 0, TokenType::Byte);
      }
    }
    d.unk_id = 0;
    d.bos_id = 1;
    d.eos_id = 2;
  }
  int32_t add(const std::string& text, float score, TokenType type = TokenType::Normal) {
    d.tokens.push_back(text);
    d.scores.push_back(score);
    d.types.push_back(type);
    return static_cast<int32_t>(d.tokens.size() - 1);
  }
  std::unique_ptr<Tokenizer> build() {
    auto t = Tokenizer::from_vocab(d);
    EXPECT_TRUE(t.ok()) << (t.ok() ? "" : t.error().describe());
    return t.ok() ? std::move(t).value() : nullptr;
  }
};

int32_t byte_id(uint8_t b) { return 3 + b; }

TEST(SpmTokenizer, HighestScoreMergesFirst) {
  SpmBuilder b;
  const int32_t a = b.add("a", -10), bb = b.add("b", -10), c = b.add("c", -10);
  const int32_t ab = b.add("ab", -2), bc = b.add("bc", -1);
  b.d.add_space_prefix = false;
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  EXPECT_EQ(tok->encode("abc", false, false), (Ids{a, bc}));  // "bc" scores higher than "ab"
  EXPECT_EQ(tok->encode("ab", false, false), (Ids{ab}));
  EXPECT_EQ(tok->encode("cba", false, false), (Ids{c, bb, a}));
}

TEST(SpmTokenizer, EqualScoresMergeLeftmostFirst) {
  SpmBuilder b;
  b.add("a", -10);
  b.add("b", -10);
  const int32_t c = b.add("c", -10);
  const int32_t ab = b.add("ab", -1);
  b.add("bc", -1);
  b.d.add_space_prefix = false;
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  EXPECT_EQ(tok->encode("abc", false, false), (Ids{ab, c}));
}

TEST(SpmTokenizer, MergesChainAcrossLevels) {
  SpmBuilder b;
  b.add(kSp, -10);
  b.add("h", -10);
  b.add("i", -10);
  b.add("hi", -3);
  const int32_t sphi = b.add(kSp + "hi", -1);
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  EXPECT_EQ(tok->encode("hi hi", false, false), (Ids{sphi, sphi}));
  EXPECT_EQ(tok->decode(tok->encode("hi hi", false, false)), "hi hi");
}

TEST(SpmTokenizer, ByteFallbackForCharactersOutsideTheVocabulary) {
  SpmBuilder b;
  const int32_t sp = b.add(kSp, -10);
  const int32_t x = b.add("x", -10);
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  // "é" = C3 A9; "🦙" = F0 9F A6 99.
  EXPECT_EQ(tok->encode("x\xC3\xA9", false, false), (Ids{sp, x, byte_id(0xC3), byte_id(0xA9)}));
  EXPECT_EQ(tok->encode("\xF0\x9F\xA6\x99", false, false),
            (Ids{sp, byte_id(0xF0), byte_id(0x9F), byte_id(0xA6), byte_id(0x99)}));
  EXPECT_EQ(tok->decode(tok->encode("x\xC3\xA9\xF0\x9F\xA6\x99", false, false)), "x\xC3\xA9\xF0\x9F\xA6\x99");
  // Invalid UTF-8 survives the round trip byte for byte.
  const std::string bad = "x\xFF\xC3 \x80";
  EXPECT_EQ(tok->decode(tok->encode(bad, true, false)), bad);
}

TEST(SpmTokenizer, UnknownTokenWithoutByteTokens) {
  SpmBuilder b(/*with_bytes=*/false);
  const int32_t sp = b.add(kSp, -10);
  const int32_t x = b.add("x", -10);
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  EXPECT_EQ(tok->encode("x\xC3\xA9x", false, false), (Ids{sp, x, 0, x}));  // one <unk> per character
  EXPECT_EQ(tok->decode(Ids{sp, x, 0, x}), "xx");                         // <unk> renders as nothing
  EXPECT_EQ(tok->decode(Ids{sp, x, 0, x}, DecodeOptions{true, true}), "x<unk>x");
}

TEST(SpmTokenizer, SpacePrefixRule) {
  SpmBuilder b;
  const int32_t sp = b.add(kSp, -10);
  const int32_t spsp = b.add(kSp + kSp, -5);
  const int32_t h = b.add("h", -10);
  const int32_t sph = b.add(kSp + "h", -1);
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  EXPECT_TRUE(tok->add_space_prefix());
  EXPECT_EQ(tok->encode("h", false, false), (Ids{sph}));
  // Dummy space + the input's space: "▁h" outscores "▁▁", so the first '▁' stays alone.
  EXPECT_EQ(tok->encode(" h", false, false), (Ids{sp, sph}));
  EXPECT_EQ(tok->encode("", false, false), Ids{});
  EXPECT_EQ(tok->encode(" ", false, false), (Ids{spsp}));
  for (const std::string s : {"h", " h", "  h h ", " ", "hh\th"}) EXPECT_EQ(tok->decode(tok->encode(s, true, false)), s);
  EXPECT_EQ(tok->encode("  ", false, false), (Ids{spsp, sp}));  // equal pairs: leftmost first
  // Without the prefix flag nothing is added and nothing is stripped.
  b.d.add_space_prefix = false;
  auto raw = b.build();
  ASSERT_NE(raw, nullptr);
  EXPECT_EQ(raw->encode("h", false, false), (Ids{h}));
  EXPECT_EQ(raw->decode(Ids{sph}), " h");
  (void)h;
}

TEST(SpmTokenizer, AddBosAndEosFlags) {
  SpmBuilder b;
  const int32_t sph = b.add(kSp + "h", -1);
  b.add("h", -10);
  b.add(kSp, -10);
  {
    auto tok = b.build();  // defaults: add_bos = true, add_eos = false
    ASSERT_NE(tok, nullptr);
    EXPECT_EQ(tok->encode("h", true, false), (Ids{1, sph}));
    EXPECT_EQ(tok->encode("h", false, false), (Ids{sph}));
    EXPECT_EQ(tok->encode("", true, false), (Ids{1}));
  }
  b.d.add_bos = false;
  b.d.add_eos = true;
  {
    auto tok = b.build();
    ASSERT_NE(tok, nullptr);
    EXPECT_EQ(tok->encode("h", true, false), (Ids{sph, 2}));
    EXPECT_EQ(tok->decode(Ids{sph, 2}), "h");
    EXPECT_TRUE(tok->is_end_of_generation(2));
  }
}

TEST(SpmTokenizer, SpecialTokensOnlyWhenParsingIsOn) {
  SpmBuilder b;
  const int32_t sp = b.add(kSp, -10);
  const int32_t h = b.add("h", -10);
  const int32_t sph = b.add(kSp + "h", -1);
  const int32_t lt = b.add("<", -10), s = b.add("s", -10), gt = b.add(">", -10), slash = b.add("/", -10);
  const int32_t user = b.add("<|user|>", 0, TokenType::UserDefined);
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  // Parsed: BOS/EOS texts become the control tokens; text after a special token gets a space prefix.
  EXPECT_EQ(tok->encode("<s>h</s>", false, true), (Ids{1, sph, 2}));
  EXPECT_EQ(tok->encode("h<|user|>h", false, true), (Ids{sph, user, sph}));
  // Not parsed: control texts are ordinary text; user-defined tokens still match (as in llama.cpp).
  EXPECT_EQ(tok->encode("<s>h</s>", false, false), (Ids{sp, lt, s, gt, h, lt, slash, s, gt}));
  const Ids plain = tok->encode("h<|user|>", false, false);
  EXPECT_EQ(plain, (Ids{sph, user}));
  EXPECT_EQ(tok->decode(plain), "h<|user|>");
  // Control tokens render only when asked; user-defined ones always.
  EXPECT_EQ(tok->decode(Ids{1, sph, user, 2}), "h<|user|>");
  EXPECT_EQ(tok->decode(Ids{1, sph, 2}, DecodeOptions{true, true}), "<s>h</s>");
  EXPECT_TRUE(tok->is_special(user));
  EXPECT_FALSE(tok->is_special(h));
}

TEST(SpmTokenizer, EndOfGenerationByName) {
  SpmBuilder b;
  b.add(kSp, -10);
  const int32_t eot = b.add("<end_of_turn>", 0, TokenType::Control);
  const int32_t im_end = b.add("<|im_end|>", 0, TokenType::UserDefined);
  const int32_t plain_end = b.add("<|end|>", 0, TokenType::Normal);  // not special: ignored
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  EXPECT_TRUE(tok->is_end_of_generation(2));
  EXPECT_TRUE(tok->is_end_of_generation(eot));
  EXPECT_TRUE(tok->is_end_of_generation(im_end));
  EXPECT_FALSE(tok->is_end_of_generation(plain_end));
  EXPECT_FALSE(tok->is_end_of_generation(1));
  EXPECT_FALSE(tok->is_end_of_generation(-1));
  EXPECT_FALSE(tok->is_end_of_generation(100000));
}

// The textbook algorithm, quadratic and obviously right: over the whole text, merge the adjacent
// pair forming the highest-scoring token (leftmost on ties) until none forms a token.
Ids reference_spm(const VocabData& d, const std::string& text) {
  std::string esc = kSp;
  for (char c : text) esc += c == ' ' ? kSp : std::string(1, c);
  std::vector<std::string> sym;
  for (size_t i = 0; i < esc.size();) {
    const auto lead = static_cast<uint8_t>(esc[i]);
    const size_t n = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    sym.push_back(esc.substr(i, n));
    i += n;
  }
  auto find = [&](const std::string& t) -> int32_t {
    for (size_t i = d.tokens.size(); i-- > 0;)
      if (d.tokens[i] == t && d.types[i] == TokenType::Normal) return static_cast<int32_t>(i);
    return -1;
  };
  for (;;) {
    int best = -1;
    float best_score = 0;
    for (size_t i = 0; i + 1 < sym.size(); ++i) {
      const int32_t id = find(sym[i] + sym[i + 1]);
      if (id >= 0 && (best < 0 || d.scores[static_cast<size_t>(id)] > best_score)) {
        best = static_cast<int>(i);
        best_score = d.scores[static_cast<size_t>(id)];
      }
    }
    if (best < 0) break;
    sym[static_cast<size_t>(best)] += sym[static_cast<size_t>(best) + 1];
    sym.erase(sym.begin() + best + 1);
  }
  Ids out;
  for (const std::string& s : sym) {
    const int32_t id = find(s);
    if (id >= 0) out.push_back(id);
    else
      for (char c : s) out.push_back(byte_id(static_cast<uint8_t>(c)));
  }
  return out;
}

TEST(SpmTokenizer, MatchesTheQuadraticReferenceOnRandomText) {
  // Runs of '▁' are tokens that span word starts, so the segmenting fast path must not cut there.
  SpmBuilder b;
  b.add(kSp, -10);
  b.add(kSp + kSp, -3);
  b.add(kSp + kSp + kSp, -2.5f);
  b.add(kSp + kSp + kSp + kSp, -2);
  b.add("a", -10);
  b.add("b", -9);
  b.add(kSp + "a", -1);
  b.add(kSp + "b", -1);  // same score as ▁a: ties go to the leftmost pair
  b.add("aa", -4);
  b.add("ab", -2);
  b.add("bab", -0.5f);
  b.add("a" + kSp, -6);  // a token that crosses a word start
  b.add("\xC3\xA9", -10);
  auto tok = b.build();
  ASSERT_NE(tok, nullptr);
  const std::vector<std::string> atoms = {"a", "b", " ", "  ", "\xC3\xA9", "x", "\xF0\x9F\xA6\x99"};
  std::mt19937 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    std::string text;
    const int n = 1 + static_cast<int>(rng() % 40);
    for (int i = 0; i < n; ++i) text += atoms[rng() % atoms.size()];
    EXPECT_EQ(tok->encode(text, false, false), reference_spm(b.d, text)) << "[" << text << "]";
    EXPECT_EQ(tok->decode(tok->encode(text, false, false)), text);
  }
}

TEST(SpmTokenizer, BadVocabulariesAreErrors) {
  {
    VocabData d;
    auto t = Tokenizer::from_vocab(d);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().kind, ErrorKind::InvalidArgument);
  }
  {
    SpmBuilder b;
    b.d.scores.pop_back();
    auto t = Tokenizer::from_vocab(b.d);
    ASSERT_FALSE(t.ok());
    EXPECT_NE(t.error().message.find("scores"), std::string::npos);
  }
  {
    SpmBuilder b;
    b.d.bos_id = 5000;
    auto t = Tokenizer::from_vocab(b.d);
    ASSERT_FALSE(t.ok());
    EXPECT_NE(t.error().message.find("bos_token_id = 5000"), std::string::npos);
  }
}

}  // namespace
}  // namespace tessera::tokenizer
