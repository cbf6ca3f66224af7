// Regex pre-tokenizers: the pieces each family cuts text into.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "tokenizer/pretokenizer.h"

namespace tessera::tokenizer {
namespace {

using Pieces = std::vector<std::string>;

Pieces split(const std::string& pre, const std::string& text) {
  std::string warning;
  auto p = PreTokenizer::create(pre, &warning);
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.error().describe());
  EXPECT_TRUE(warning.empty()) << warning;
  if (!p.ok()) return {};
  Pieces out;
  for (std::string_view v : p->split(text)) out.emplace_back(v);
  return out;
}

TEST(PreTokenizer, Gpt2) {
  EXPECT_EQ(split("gpt-2", "Hello world's 12345 !!"), (Pieces{"Hello", " world", "'s", " 12345", " !!"}));
  // Whitespace before a word: all but the last space form a piece, the last one joins the word.
  EXPECT_EQ(split("gpt-2", "a   b"), (Pieces{"a", "  ", " b"}));
  EXPECT_EQ(split("gpt-2", "x  \n"), (Pieces{"x", "  \n"}));
  // Contractions are case-sensitive in GPT-2.
  EXPECT_EQ(split("gpt-2", "I'VE don't"), (Pieces{"I", "'", "VE", " don", "'t"}));
  // Unicode letters and numbers through PCRE2's \p{L} / \p{N}.
  EXPECT_EQ(split("gpt-2", "F\xC3\xBChrer \xD0\xBC\xD0\xB8\xD1\x80 \xC2\xBD"),  // Führer мир ½
            (Pieces{"F\xC3\xBChrer", " \xD0\xBC\xD0\xB8\xD1\x80", " \xC2\xBD"}));
  EXPECT_EQ(split("gpt-2", "\xF0\x9F\xA6\x99.cpp"), (Pieces{"\xF0\x9F\xA6\x99.", "cpp"}));
  EXPECT_TRUE(split("gpt-2", "").empty());
}

// Qwen3.5's split (tokenizer.ggml.pre "qwen35", tokenizer.json's pattern): combining marks join the
// letter run, where Qwen2's split cuts a Devanagari word at its virama and vowel sign.
TEST(PreTokenizer, Qwen35KeepsCombiningMarksInLetterRuns) {
  const std::string namaste = "\xE0\xA4\xA8\xE0\xA4\xAE\xE0\xA4\xB8\xE0\xA5\x8D\xE0\xA4\xA4\xE0\xA5\x87";  // नमस्ते
  EXPECT_EQ(split("qwen35", namaste + " 2024"), (Pieces{namaste, " ", "2", "0", "2", "4"}));
  EXPECT_EQ(split("qwen2", namaste),
            (Pieces{"\xE0\xA4\xA8\xE0\xA4\xAE\xE0\xA4\xB8", "\xE0\xA5\x8D\xE0\xA4\xA4", "\xE0\xA5\x87"}));
  // Otherwise as Qwen2: contractions folded, single digits, symbols with their newlines.
  EXPECT_EQ(split("qwen35", "It'S ok!!\n\nx"), (Pieces{"It", "'S", " ok", "!!\n\n", "x"}));
}

// GPT-4o's o200k split, which Llama 4's files name "llama4" (llama.cpp maps both names to one
// pre-type). The pieces are what tokenizer.json's pattern gives under Python's `regex` (Hugging
// Face's semantics): letter runs cut before an upper-case run that follows lower case, a
// contraction kept with its word, digits in threes, symbol runs with their trailing newlines or
// slashes. llama.cpp rewrites the pattern without Unicode case classes (a letter outside [a-z]
// counts as upper, outside [A-Z] as lower, combining marks as neither): it gives "aÉb" as one
// piece and cuts Devanagari at its vowel signs, where the pattern (and Tessera) does not.
TEST(PreTokenizer, Gpt4oAndLlama4SplitCaseRunsAndDigitTriples) {
  for (const char* pre : {"gpt-4o", "llama4"}) {
    SCOPED_TRACE(pre);
    EXPECT_EQ(split(pre, "HelloWorld's JSONParser 1234567 x"),
              (Pieces{"Hello", "World's", " JSONParser", " ", "123", "456", "7", " x"}));
    EXPECT_EQ(split(pre, "I'VE don'T"), (Pieces{"I'VE", " don'T"}));
    EXPECT_EQ(split(pre, "path/to//file\n\nok"), (Pieces{"path", "/to", "//", "file", "\n\n", "ok"}));
    EXPECT_EQ(split(pre, "<|header_start|>user<|header_end|>\n\nHi!"),
              (Pieces{"<|", "header", "_start", "|>", "user", "<|", "header", "_end", "|>\n\n", "Hi", "!"}));
    const std::string e_acute = "\xC3\x89", cafe = " caf\xC3\xA9";  // É, " café"
    EXPECT_EQ(split(pre, "a" + e_acute + "b" + cafe + "Bar"), (Pieces{"a", e_acute + "b", cafe, "Bar"}));
    const std::string namaste = "\xE0\xA4\xA8\xE0\xA4\xAE\xE0\xA4\xB8\xE0\xA5\x8D\xE0\xA4\xA4\xE0\xA5\x87";  // नमस्ते
    EXPECT_EQ(split(pre, namaste + " 42"), (Pieces{namaste, " ", "42"}));
    EXPECT_EQ(split(pre, "  leading"), (Pieces{" ", " leading"}));
  }
}

TEST(PreTokenizer, Llama3GroupsDigitsInThreesAndFoldsContractions) {
  EXPECT_EQ(split("llama-bpe", "12345"), (Pieces{"123", "45"}));
  EXPECT_EQ(split("llama-bpe", "1234567"), (Pieces{"123", "456", "7"}));
  EXPECT_EQ(split("llama-bpe", "I'VE we'Re don't"), (Pieces{"I", "'VE", " we", "'Re", " don", "'t"}));
  // A single non-letter glues to the following letters; newline runs are their own pieces.
  EXPECT_EQ(split("llama-bpe", "\n\nHello(world"), (Pieces{"\n\n", "Hello", "(world"}));
  EXPECT_EQ(split("llama-bpe", "a ?!\nb"), (Pieces{"a", " ?!\n", "b"}));
  EXPECT_EQ(split("llama3", "x  y"), (Pieces{"x", " ", " y"}));
}

TEST(PreTokenizer, Qwen2SplitsEveryDigit) {
  EXPECT_EQ(split("qwen2", "year 2024"), (Pieces{"year", " ", "2", "0", "2", "4"}));
  EXPECT_EQ(split("qwen2", "It'S"), (Pieces{"It", "'S"}));
}

TEST(PreTokenizer, DeepseekLlm) {
  // Newlines alone; letters (with one optional leading space); ASCII punctuation; CJK runs; digit runs.
  EXPECT_EQ(split("deepseek-llm", "Hi, you\n42\xE4\xBD\xA0\xE5\xA5\xBD"),  // 你好
            (Pieces{"Hi", ",", " you", "\n", "42", "\xE4\xBD\xA0\xE5\xA5\xBD"}));
}

TEST(PreTokenizer, DeepseekCoderSplitsSingleDigits) {
  EXPECT_EQ(split("deepseek-coder", "x=12;"), (Pieces{"x", "=", "1", "2", ";"}));
}

TEST(PreTokenizer, FalconSplitsPunctuationFirst) {
  EXPECT_EQ(split("falcon", "a+b 1234567"), (Pieces{"a", "+", "b", " ", "123", "456", "7"}));
}

TEST(PreTokenizer, StarcoderAndRefactSplitEveryDigit) {
  for (const char* pre : {"starcoder", "refact"}) {
    EXPECT_EQ(split(pre, "v12 x"), (Pieces{"v", "1", "2", " x"})) << pre;
  }
}

TEST(PreTokenizer, MptNeoxAndDefaultUseTheGpt2Split) {
  for (const char* pre : {"mpt", "gpt-neox", "default", ""}) {
    EXPECT_EQ(split(pre, "Hello world's 123"), (Pieces{"Hello", " world", "'s", " 123"})) << pre;
  }
}

TEST(PreTokenizer, UnknownNameWarnsAndUsesGpt2) {
  std::string warning;
  auto p = PreTokenizer::create("some-new-model", &warning);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->name(), "gpt-2");
  EXPECT_NE(warning.find("some-new-model"), std::string::npos);
}

TEST(PreTokenizer, InvalidUtf8BytesStandAlone) {
  EXPECT_EQ(split("gpt-2", "ab\xFF" "cd \xC3"), (Pieces{"ab", "\xFF", "cd", " ", "\xC3"}));
}

TEST(PreTokenizer, BadPatternIsAnError) {
  auto p = PreTokenizer::from_patterns("broken", {"(unclosed"});
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message.find("(unclosed"), std::string::npos);
}

TEST(PreTokenizer, PiecesAlwaysConcatenateToTheInput) {
  const std::vector<std::string> atoms = {"a", "Z", " ", "  ", "\n", "\t", "1", "22", "'s", "'T", "!", "(", "\xC3\xA9",
                                          "\xE4\xBD\xA0", "\xF0\x9F\xA6\x99", "\xD0\xB6", "\xFF", "\xC3", "_", "."};
  std::mt19937 rng(7);
  for (const char* pre :
       {"gpt-2", "llama3", "qwen2", "qwen35", "gpt-4o", "deepseek-llm", "deepseek-coder", "falcon", "starcoder"}) {
    auto p = PreTokenizer::create(pre);
    ASSERT_TRUE(p.ok());
    for (int trial = 0; trial < 200; ++trial) {
      std::string text;
      const int n = static_cast<int>(rng() % 30);
      for (int i = 0; i < n; ++i) text += atoms[rng() % atoms.size()];
      std::string joined;
      for (std::string_view piece : p->split(text)) {
        EXPECT_FALSE(piece.empty());
        joined.append(piece);
      }
      EXPECT_EQ(joined, text) << pre;
    }
  }
}

}  // namespace
}  // namespace tessera::tokenizer
