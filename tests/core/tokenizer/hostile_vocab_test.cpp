// Vocabularies come from downloaded files, so they are hostile input: an enormous token, or many
// long runs of one letter, must neither take time quadratic in a token's length nor be accepted
// beyond the length cap. The work bound is asserted through SpmEncoder::build_work() (bytes hashed
// or trie steps), never through wall time.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "tokenizer/piece_trie.h"
#include "tokenizer/spm.h"
#include "tokenizer/tokenizer.h"
#include "tokenizer/vocab.h"

namespace tessera::tokenizer {
namespace {

using Ids = std::vector<int32_t>;

struct Builder {
  VocabData d;
  explicit Builder(Kind kind) {
    d.kind = kind;
    d.source = "hostile-vocab";
    if (kind == Kind::Spm) {
      add("<unk>", 0, TokenType::Unknown);
      d.unk_id = 0;
      for (int b = 0; b < 256; ++b) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "<0x%02X>", b);
        add(buf, 0, TokenType::Byte);
      }
    }
    d.add_space_prefix = false;
  }
  int32_t add(std::string text, float score, TokenType type = TokenType::Normal) {
    d.tokens.push_back(std::move(text));
    d.scores.push_back(score);
    d.types.push_back(type);
    return static_cast<int32_t>(d.tokens.size() - 1);
  }
  size_t bytes() const {
    size_t n = 0;
    for (const auto& t : d.tokens) n += t.size();
    return n;
  }
};

std::string run(const std::string& piece, size_t times) {
  std::string s;
  s.reserve(piece.size() * times);
  for (size_t i = 0; i < times; ++i) s += piece;
  return s;
}

TEST(HostileVocab, TokenLongerThanTheCapIsRefusedNamingIdLengthAndCap) {
  for (Kind kind : {Kind::Spm, Kind::Bpe}) {
    Builder b(kind);
    b.add("a", 0);
    const int32_t huge = b.add(std::string(1024 * 1024, 'a'), 0);
    if (kind == Kind::Bpe) b.d.merges = {"a a"};
    auto tok = Tokenizer::from_vocab(b.d);
    ASSERT_FALSE(tok.ok()) << kind_name(kind);
    const std::string msg = tok.error().describe();
    EXPECT_NE(msg.find("token " + std::to_string(huge)), std::string::npos) << msg;
    EXPECT_NE(msg.find("1048576"), std::string::npos) << msg;
    EXPECT_NE(msg.find(std::to_string(kMaxTokenBytes)), std::string::npos) << msg;
    EXPECT_NE(msg.find("hostile-vocab"), std::string::npos) << msg;
  }
  // Exactly at the cap is fine.
  Builder b(Kind::Spm);
  b.add(std::string(kMaxTokenBytes, 'z'), 0);
  EXPECT_TRUE(Tokenizer::from_vocab(b.d).ok());
}

TEST(HostileVocab, SpmLongRunsBuildInLinearWorkAndStillTokenize) {
  Builder b(Kind::Spm);
  // 'a'^1 .. 'a'^512 (scores favour longer runs): every split of every run is a pair, and most
  // parts are over the direct-lookup length.
  std::vector<int32_t> a_run(513, kNoToken);
  for (size_t k = 1; k <= 512; ++k) a_run[k] = b.add(std::string(k, 'a'), static_cast<float>(k));
  // Doubling runs up to the cap: 'b', 'bb', ..., 'b'^65536, and the same for a two-byte letter.
  int32_t b_full = kNoToken;
  for (size_t k = 1; k <= kMaxTokenBytes; k *= 2) b_full = b.add(std::string(k, 'b'), static_cast<float>(k));
  const std::string e_acute = "\xC3\xA9";
  int32_t e_full = kNoToken;
  for (size_t k = 1; 2 * k <= kMaxTokenBytes; k *= 2) e_full = b.add(run(e_acute, k), static_cast<float>(k));
  // Many long runs of other letters that pair with nothing.
  for (char c = 'c'; c <= 'z'; ++c) b.add(std::string(kMaxTokenBytes - static_cast<size_t>(c), c), 1.0f);
  const size_t vocab_bytes = b.bytes();

  auto vocab = Vocab::build(b.d);
  ASSERT_TRUE(vocab.ok()) << vocab.error().describe();
  const SpmEncoder enc(*vocab);
  // Hashing every prefix and suffix would cost ~ the sum of the squared lengths (> 10^10 here).
  EXPECT_LE(enc.build_work(), 80 * vocab_bytes) << "vocabulary bytes: " << vocab_bytes;

  Ids out;
  enc.encode(std::string(512, 'a'), false, out);
  EXPECT_EQ(out, (Ids{a_run[512]}));
  out.clear();
  enc.encode(std::string(700, 'a'), false, out);
  EXPECT_EQ(out, (Ids{a_run[512], a_run[188]}));
  out.clear();
  enc.encode(std::string(kMaxTokenBytes, 'b'), false, out);
  EXPECT_EQ(out, (Ids{b_full}));
  out.clear();
  enc.encode(run(e_acute, kMaxTokenBytes / 2), false, out);
  EXPECT_EQ(out, (Ids{e_full}));
  out.clear();
  enc.encode(std::string(3, 'c'), false, out);  // no short 'c' tokens: byte fallback
  EXPECT_EQ(out, (Ids{1 + 'c', 1 + 'c', 1 + 'c'}));
}

TEST(HostileVocab, SpmCharacterOutsideTheVocabularyNextToALongRun) {
  Builder b(Kind::Spm);
  std::vector<int32_t> a_run(601, kNoToken);
  for (size_t k = 1; k <= 600; ++k) a_run[k] = b.add(std::string(k, 'a'), static_cast<float>(k));
  const std::string snowman = "\xE2\x98\x83";  // not a token on its own
  const int32_t snow_a = b.add(snowman + "a", 5000.0f);
  auto vocab = Vocab::build(b.d);
  ASSERT_TRUE(vocab.ok()) << vocab.error().describe();
  const SpmEncoder enc(*vocab);
  Ids out;
  enc.encode(std::string(600, 'a') + snowman + "a" + snowman, false, out);
  // The run merges into one token; "☃a" still forms; the last snowman falls back to its bytes.
  EXPECT_EQ(out, (Ids{a_run[600], snow_a, 1 + 0xE2, 1 + 0x98, 1 + 0x83}));
}

TEST(HostileVocab, BpeLongRunsBuildAndTokenize) {
  Builder b(Kind::Bpe);
  b.add("a", 0);  // 'a' is its own GPT-2 character
  // Doubling runs up to the cap, each the merge of two halves, and long runs that merge nothing.
  std::vector<int32_t> ids;
  for (size_t k = 2; k <= kMaxTokenBytes; k *= 2) {
    ids.push_back(b.add(std::string(k, 'a'), 0));
    b.d.merges.push_back(std::string(k / 2, 'a') + " " + std::string(k / 2, 'a'));
  }
  for (char c = 'c'; c <= 'z'; ++c) b.add(std::string(kMaxTokenBytes - static_cast<size_t>(c), c), 0);
  auto tok = Tokenizer::from_vocab(b.d);
  ASSERT_TRUE(tok.ok()) << tok.error().describe();
  EXPECT_EQ((*tok)->encode(std::string(kMaxTokenBytes, 'a'), false, false), (Ids{ids.back()}));
  EXPECT_EQ((*tok)->encode(std::string(kMaxTokenBytes + 2, 'a'), false, false), (Ids{ids.back(), ids.front()}));
}

// The vocabulary of the report (a 36 MB GGUF that took 33 s and 3.3 GB to load): runs 'a' x i and
// '▁a' x i. Every split of every run is a pair of tokens; a table of all of them grows with the
// square of the longest run (18 million pairs at 6000). Here runs up to 2000 (4 MB of text, 4
// million such pairs): the encoder's tables must stay a small fraction of the vocabulary, and the
// build well under a second (the bound is loose for a loaded CI machine and a sanitizer build).
TEST(HostileVocab, SpmQuadraticRunsBuildInLinearTimeAndMemory) {
  constexpr size_t kRuns = 2000;
  Builder b(Kind::Spm);
  const std::string mark = "\xE2\x96\x81";
  std::vector<int32_t> a_run(kRuns + 1, kNoToken), mark_run(kRuns + 1, kNoToken);
  b.add(mark, 0.0f);
  for (size_t k = 1; k <= kRuns; ++k) {
    a_run[k] = b.add(std::string(k, 'a'), static_cast<float>(k));
    mark_run[k] = b.add(mark + std::string(k, 'a'), static_cast<float>(k) + 0.5f);
  }
  const size_t vocab_bytes = b.bytes();
  ASSERT_GT(vocab_bytes, kRuns * kRuns);

  const auto t0 = std::chrono::steady_clock::now();
  auto tok = Tokenizer::from_vocab(b.d);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_TRUE(tok.ok()) << tok.error().describe();
  EXPECT_LT(seconds, 10.0) << "quadratic construction? (about 0.05 s in a release build)";

  auto vocab = Vocab::build(b.d);
  ASSERT_TRUE(vocab.ok()) << vocab.error().describe();
  const SpmEncoder enc(*vocab);
  EXPECT_LE(enc.build_work(), 8 * vocab_bytes);
  // Tables of about 30 bytes per token; a pair per split would be ~16 bytes x 4 million.
  EXPECT_LE(enc.memory_bytes(), vocab_bytes / 8) << "vocabulary bytes: " << vocab_bytes;

  // The long runs still merge as the scores say (longer runs score higher).
  EXPECT_EQ((*tok)->encode(std::string(kRuns, 'a'), false, false), (Ids{a_run[kRuns]}));
  EXPECT_EQ((*tok)->encode(std::string(kRuns + 7, 'a'), false, false), (Ids{a_run[kRuns], a_run[7]}));
  EXPECT_EQ((*tok)->encode(" " + std::string(kRuns - 1, 'a'), false, false), (Ids{mark_run[kRuns - 1]}));
}

// Every merge the long-pair hash finds is the one a plain text lookup finds: an encoder that
// looks each candidate pair up by its text (llama.cpp's way), on vocabularies of every substring
// of a few strings over 'a', 'b' and '▁' (many tokens longer than the pair table's 32 bytes, each
// reachable through merges), and texts cut from those strings.
TEST(HostileVocab, SpmLongMergesMatchPlainTextLookups) {
  const std::string mark = "\xE2\x96\x81";
  std::mt19937 rng(7);
  auto random_chars = [&](size_t n) {
    std::vector<std::string> c;
    for (size_t i = 0; i < n; ++i) {
      const auto r = rng() % 3;
      c.push_back(r == 0 ? "a" : r == 1 ? "b" : mark);
    }
    return c;
  };
  for (int round = 0; round < 3; ++round) {
    Builder b(Kind::Spm);
    std::map<std::string, int32_t> ids;
    std::map<int32_t, float> scores;
    std::vector<std::vector<std::string>> sources;
    for (int s = 0; s < 4; ++s) sources.push_back(random_chars(30));
    for (const auto& src : sources)
      for (size_t i = 0; i < src.size(); ++i) {
        std::string t;
        for (size_t j = i; j < src.size(); ++j) {
          t += src[j];
          if (ids.count(t)) continue;
          // Coarse random scores: many ties, which position must break.
          const float score = static_cast<float>(rng() % 8);
          ids[t] = b.add(t, score);
          scores[ids[t]] = score;
        }
      }
    auto vocab = Vocab::build(b.d);
    ASSERT_TRUE(vocab.ok()) << vocab.error().describe();
    const SpmEncoder enc(*vocab);
    for (int text_no = 0; text_no < 40; ++text_no) {
      // Pieces of the sources and stray characters, joined.
      std::vector<std::string> chars;
      while (chars.size() < 80) {
        const auto& src = sources[rng() % sources.size()];
        const size_t from = rng() % src.size(), n = 1 + rng() % 25;
        for (size_t j = from; j < std::min(src.size(), from + n); ++j) chars.push_back(src[j]);
        if (rng() % 3 == 0)
          for (const auto& c : random_chars(1 + rng() % 3)) chars.push_back(c);
      }
      // The reference: merge the best adjacent pair (highest score, then leftmost) until none.
      std::vector<std::string> sym = chars;
      for (;;) {
        size_t best = sym.size();
        float best_score = 0.0f;
        for (size_t i = 0; i + 1 < sym.size(); ++i) {
          auto it = ids.find(sym[i] + sym[i + 1]);
          if (it == ids.end()) continue;
          if (best == sym.size() || scores[it->second] > best_score) {
            best = i;
            best_score = scores[it->second];
          }
        }
        if (best == sym.size()) break;
        sym[best] += sym[best + 1];
        sym.erase(sym.begin() + static_cast<std::ptrdiff_t>(best) + 1);
      }
      Ids expected;
      for (const auto& t : sym) expected.push_back(ids.at(t));
      std::string text;
      for (const auto& c : chars) text += c == mark ? std::string(" ") : c;
      Ids got;
      enc.encode(text, false, got);
      ASSERT_EQ(got, expected) << "round " << round << ", text " << text_no << ": \"" << text << "\"";
    }
  }
}

TEST(PieceTrie, FindsEveryInsertedPrefixAndSuffix) {
  const std::vector<std::string> texts = {"abc", "ab", "abcdef", "abd", "x", "def", "cdef", "f"};
  PieceTrie pre(PieceTrie::Direction::Prefixes);
  PieceTrie suf(PieceTrie::Direction::Suffixes);
  for (size_t i = 0; i < texts.size(); ++i) {
    pre.insert(texts[i], static_cast<int32_t>(i));
    suf.insert(texts[i], static_cast<int32_t>(i));
  }
  pre.insert("ab", 10);  // later id wins
  std::vector<std::pair<size_t, int32_t>> got;
  pre.walk("abcdefg", [&](size_t len, int32_t id) { got.emplace_back(len, id); });
  EXPECT_EQ(got, (std::vector<std::pair<size_t, int32_t>>{{2, 10}, {3, 0}, {6, 2}}));
  got.clear();
  suf.walk("abcdef", [&](size_t len, int32_t id) { got.emplace_back(len, id); });
  EXPECT_EQ(got, (std::vector<std::pair<size_t, int32_t>>{{1, 7}, {3, 5}, {4, 6}, {6, 2}}));
  got.clear();
  pre.walk("abx", [&](size_t len, int32_t id) { got.emplace_back(len, id); });
  EXPECT_EQ(got, (std::vector<std::pair<size_t, int32_t>>{{2, 10}}));
  EXPECT_LE(pre.node_count(), 2 * texts.size() + 1);
}

}  // namespace
}  // namespace tessera::tokenizer
