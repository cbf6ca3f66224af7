// llama.cpp's own tokenizer test vectors for the vocabularies it ships in models/ (MPT, DeepSeek,
// Falcon, StarCoder, Phi-3, ...). Those files belong to llama.cpp, so they are not in the
// repository: tools/tokenizer-check/fetch_vocabs.sh extracts them from a llama.cpp git directory
// and TESSERA_TOKENIZER_EXTRA_DIR names the folder (the suite skips, saying so, when unset).
//
// Each text is encoded without BOS/EOS and without special-token parsing, as test-tokenizer-0
// does; user-defined tokens still match. A vocabulary listed with a known gap must differ (the
// test skips with the count); once it matches, the test fails so that the gap gets removed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "gguf/gguf_file.h"
#include "tokenizer/tokenizer.h"
#include "vocab_vectors.h"

namespace tessera::tokenizer {
namespace {

struct ExtraVocab {
  const char* name;       // models/ggml-vocab-<name>.gguf
  const char* known_gap;  // why Tessera differs, or nullptr when every vector must match
};

constexpr ExtraVocab kExtraVocabs[] = {
    {"llama-spm", nullptr},      {"gpt-2", nullptr},     {"mpt", nullptr},
    {"deepseek-llm", nullptr},   {"deepseek-coder", nullptr}, {"falcon", nullptr},
    {"starcoder", nullptr},      {"refact", nullptr},    {"phi-3", nullptr},
    {"llama-bpe", nullptr},      {"qwen2", nullptr},     {"command-r", nullptr},
    {"qwen35", nullptr},         {"gemma-4", nullptr},
    {"bert-bge", "WordPiece ('bert') vocabularies are not supported"},
};

void PrintTo(const ExtraVocab& v, std::ostream* os) { *os << v.name; }

std::filesystem::path extra_dir() {
  const char* dir = std::getenv("TESSERA_TOKENIZER_EXTRA_DIR");
  return dir != nullptr ? std::filesystem::path(dir) : std::filesystem::path();
}

class ExtraVocabVectors : public ::testing::TestWithParam<ExtraVocab> {};

TEST_P(ExtraVocabVectors, EncodeMatchesLlamaCppVectors) {
  const ExtraVocab& vocab = GetParam();
  const std::filesystem::path dir = extra_dir();
  if (dir.empty())
    GTEST_SKIP() << "TESSERA_TOKENIZER_EXTRA_DIR is not set (tools/tokenizer-check/fetch_vocabs.sh makes the folder)";
  const std::string file = "ggml-vocab-" + std::string(vocab.name) + ".gguf";
  if (!std::filesystem::exists(dir / file) || !std::filesystem::exists(dir / (file + ".inp")))
    GTEST_SKIP() << file << " or its .inp is not in " << dir.string();

  std::string error;
  const auto cases = vectors::load_vocab_cases(dir / (file + ".inp"), dir / (file + ".out"), &error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_FALSE(cases.empty());

  auto gguf_file = gguf::GgufFile::open((dir / file).string());
  ASSERT_TRUE(gguf_file.ok()) << gguf_file.error().describe();
  auto tok = Tokenizer::from_gguf(**gguf_file);
  if (!tok.ok()) {
    if (vocab.known_gap != nullptr) GTEST_SKIP() << "known gap (" << vocab.known_gap << "): " << tok.error().describe();
    FAIL() << tok.error().describe();
  }

  int encode_failures = 0;
  int decode_failures = 0;
  std::string first_failure;
  for (size_t i = 0; i < cases.size(); ++i) {
    const vectors::VocabCase& c = cases[i];
    const std::vector<int32_t> got = (*tok)->encode(c.text, /*add_special=*/false, /*parse_special=*/false);
    if (got != c.ids) {
      if (encode_failures++ == 0)
        first_failure = "case " + std::to_string(i) + " [" + c.text + "]\n  expected:" + vectors::ids_string(c.ids) +
                        "\n  got:     " + vectors::ids_string(got);
      if (vocab.known_gap == nullptr)
        ADD_FAILURE() << file << " case " << i << " text [" << c.text << "]\n  expected:" << vectors::ids_string(c.ids)
                      << "\n  got:     " << vectors::ids_string(got);
    }
    if ((*tok)->decode(c.ids) != c.text) {
      ++decode_failures;
      if (vocab.known_gap == nullptr) ADD_FAILURE() << file << " case " << i << ": decode does not give the text back";
    }
  }
  std::printf("[ vectors  ] %s: %zu cases, %d encode and %d decode mismatches\n", file.c_str(), cases.size(),
              encode_failures, decode_failures);
  if (vocab.known_gap != nullptr) {
    ASSERT_GT(encode_failures + decode_failures, 0)
        << file << " now matches every vector: remove its known gap (" << vocab.known_gap << ")";
    GTEST_SKIP() << "known gap (" << vocab.known_gap << "): " << encode_failures << " of " << cases.size()
                 << " differ; first: " << first_failure;
  }
}

INSTANTIATE_TEST_SUITE_P(LlamaCppVocabularies, ExtraVocabVectors, ::testing::ValuesIn(kExtraVocabs),
                         [](const auto& info) {
                           std::string name = info.param.name;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace tessera::tokenizer
