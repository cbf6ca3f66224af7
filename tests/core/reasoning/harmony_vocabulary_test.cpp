// A gpt-oss-like vocabulary: the harmony markers are control tokens, which a decoder renders as
// "", so the format lists them for the engine to write out; and <|end|>, which ends a message, is
// not an end of generation there (<|return|> and <|call|> are), as llama.cpp decides it too.
#include <gtest/gtest.h>

#include <algorithm>

#include "reasoning/output_format.h"
#include "tokenizer/tokenizer.h"

namespace tessera::reasoning {
namespace {

using tokenizer::TokenType;

std::unique_ptr<tokenizer::Tokenizer> harmony_vocabulary() {
  tokenizer::VocabData d;
  d.tokens = {"<unk>", "<|start|>", "<|channel|>", "<|message|>", "<|end|>", "<|return|>", "<|call|>",
              "<|constrain|>", "a", "b", "\xe2\x96\x81"};
  d.types.assign(d.tokens.size(), TokenType::Normal);
  for (int i = 0; i <= 7; ++i) d.types[static_cast<size_t>(i)] = TokenType::Control;
  d.unk_id = 0;
  d.eos_id = 5;  // <|return|>
  auto t = tokenizer::Tokenizer::from_vocab(d);
  EXPECT_TRUE(t.ok()) << (t.ok() ? "" : t.error().message);
  return t.ok() ? std::move(*t) : nullptr;
}

TEST(HarmonyVocabulary, MarkersAreListedAndEndIsNotTheEndOfTheReply) {
  auto tok = harmony_vocabulary();
  ASSERT_NE(tok, nullptr);
  // An unknown template (or none): the vocabulary alone says harmony.
  const OutputFormat f = detect_output_format("", tok.get());
  EXPECT_EQ(f.family, Family::Harmony);
  std::vector<int32_t> markers = f.marker_tokens;
  std::sort(markers.begin(), markers.end());
  EXPECT_EQ(markers, (std::vector<int32_t>{1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(tok->token_to_piece(2), "");  // why the engine writes them out
  EXPECT_FALSE(tok->is_end_of_generation(4));  // <|end|>
  EXPECT_TRUE(tok->is_end_of_generation(5));   // <|return|>
  EXPECT_TRUE(tok->is_end_of_generation(6));   // <|call|>
}

TEST(HarmonyVocabulary, EndStillEndsOtherModelsReplies) {
  // Phi-3 ends its turns with <|end|> and has no <|return|>/<|call|>.
  tokenizer::VocabData d;
  d.tokens = {"<unk>", "<|end|>", "a"};
  d.types = {TokenType::Control, TokenType::Control, TokenType::Normal};
  d.unk_id = 0;
  auto tok = tokenizer::Tokenizer::from_vocab(d);
  ASSERT_TRUE(tok.ok());
  EXPECT_TRUE((*tok)->is_end_of_generation(1));
}

}  // namespace
}  // namespace tessera::reasoning
