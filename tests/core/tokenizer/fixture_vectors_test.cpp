// The llama.cpp tokenizer test vectors (fixtures/tokenizer/README.md): every string tokenizes,
// without BOS/EOS and without special-token parsing, to exactly the ids Hugging Face produced,
// and decoding those ids gives the input back.
//
// What round-trips: for both vocabularies decode(encode(s)) == s byte for byte for all 46 strings.
// For SentencePiece this relies on the space-prefix rule (tokenizer.h): encode puts one '▁' in
// front of the text and decode removes one leading space from the first piece.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gguf/gguf_file.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"
#include "vocab_vectors.h"

namespace tessera::tokenizer {
namespace {

using vectors::ids_string;

std::vector<vectors::VocabCase> load_cases(const std::string& vocab) {
  std::string error;
  auto cases = vectors::load_vocab_cases(test::fixture("tokenizer/" + vocab + ".inp"),
                                      test::fixture("tokenizer/" + vocab + ".out"), &error);
  EXPECT_TRUE(error.empty()) << error;
  return cases;
}

std::unique_ptr<Tokenizer> open_tokenizer(const std::string& vocab) {
  auto file = gguf::GgufFile::open(test::fixture("tokenizer/" + vocab).string());
  EXPECT_TRUE(file.ok()) << (file.ok() ? "" : file.error().describe());
  if (!file.ok()) return nullptr;
  auto tok = Tokenizer::from_gguf(**file);
  EXPECT_TRUE(tok.ok()) << (tok.ok() ? "" : tok.error().describe());
  if (!tok.ok()) return nullptr;
  return std::move(tok).value();
}

class FixtureVectors : public ::testing::TestWithParam<const char*> {};

TEST_P(FixtureVectors, EncodeMatchesExpectedIdsAndDecodeRoundTrips) {
  const std::string vocab = GetParam();
  auto tok = open_tokenizer(vocab);
  ASSERT_NE(tok, nullptr);
  EXPECT_TRUE(tok->warnings().empty()) << tok->warnings().front();
  const auto cases = load_cases(vocab);
  ASSERT_EQ(cases.size(), 46u);
  int failures = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const vectors::VocabCase& c = cases[i];
    const std::vector<int32_t> got = tok->encode(c.text, /*add_special=*/false, /*parse_special=*/false);
    EXPECT_EQ(got, c.ids) << vocab << " case " << i << " text [" << c.text << "]\n  expected:" << ids_string(c.ids)
                          << "\n  got:     " << ids_string(got);
    if (got != c.ids) ++failures;
    EXPECT_EQ(tok->decode(c.ids), c.text) << vocab << " case " << i;
  }
  EXPECT_EQ(failures, 0);
}

INSTANTIATE_TEST_SUITE_P(Vocabularies, FixtureVectors,
                         ::testing::Values("ggml-vocab-llama-spm.gguf", "ggml-vocab-gpt-2.gguf"),
                         [](const auto& info) {
                           return std::string(info.param).find("spm") != std::string::npos ? "LlamaSpm" : "Gpt2";
                         });

TEST(FixtureVocab, LlamaSpmMetadata) {
  auto tok = open_tokenizer("ggml-vocab-llama-spm.gguf");
  ASSERT_NE(tok, nullptr);
  EXPECT_EQ(tok->kind(), Kind::Spm);
  EXPECT_EQ(tok->vocab_size(), 32000u);
  EXPECT_EQ(tok->bos(), 1);
  EXPECT_EQ(tok->eos(), 2);
  EXPECT_EQ(tok->unk(), 0);
  EXPECT_TRUE(tok->add_bos());
  EXPECT_FALSE(tok->add_eos());
  EXPECT_TRUE(tok->add_space_prefix());
  EXPECT_TRUE(tok->is_end_of_generation(2));
  EXPECT_FALSE(tok->is_end_of_generation(1));
  EXPECT_EQ(tok->token_type(1), TokenType::Control);
  EXPECT_EQ(tok->token_type(3), TokenType::Byte);

  EXPECT_EQ(tok->encode("Hello world", true, false), (std::vector<int32_t>{1, 15043, 3186}));
  EXPECT_EQ(tok->encode("", true, false), (std::vector<int32_t>{1}));
  EXPECT_EQ(tok->decode(std::vector<int32_t>{1, 15043, 3186}), "Hello world");
  EXPECT_EQ(tok->token_to_piece(15043), " Hello");
  EXPECT_EQ(tok->token_to_piece(13), "\n");  // <0x0A>
  EXPECT_EQ(tok->token_to_piece(1), "");
  EXPECT_EQ(tok->token_to_piece(1, /*render_special=*/true), "<s>");
  DecodeOptions keep_space;
  keep_space.strip_space_prefix = false;
  EXPECT_EQ(tok->decode(std::vector<int32_t>{1, 15043, 3186}, keep_space), " Hello world");
}

TEST(FixtureVocab, Gpt2Metadata) {
  auto tok = open_tokenizer("ggml-vocab-gpt-2.gguf");
  ASSERT_NE(tok, nullptr);
  EXPECT_EQ(tok->kind(), Kind::Bpe);
  EXPECT_EQ(tok->vocab_size(), 50257u);
  EXPECT_EQ(tok->pre_tokenizer(), "gpt-2");
  EXPECT_EQ(tok->bos(), 50256);
  EXPECT_EQ(tok->eos(), 50256);
  EXPECT_FALSE(tok->add_bos());
  EXPECT_TRUE(tok->is_end_of_generation(50256));
  EXPECT_EQ(tok->token_to_piece(220), " ");
  EXPECT_EQ(tok->token_to_piece(198), "\n");
  EXPECT_EQ(tok->encode("Hello world", true, false), (std::vector<int32_t>{15496, 995}));
  // <|endoftext|> is a control token: plain text unless special parsing is asked for.
  EXPECT_EQ(tok->encode("<|endoftext|>", false, true), (std::vector<int32_t>{50256}));
  const auto plain = tok->encode("<|endoftext|>", false, false);
  EXPECT_GT(plain.size(), 1u);
  EXPECT_EQ(tok->decode(plain), "<|endoftext|>");
}

}  // namespace
}  // namespace tessera::tokenizer
