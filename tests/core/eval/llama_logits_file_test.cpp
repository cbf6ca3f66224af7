// llama-perplexity's "_logits_" format as Tessera writes it: the header llama-perplexity checks,
// the size it reads, and rows that decode (scale x code + min_log_prob) to the log-probabilities.
#include <cmath>
#include <cstring>
#include <filesystem>
#include <vector>

#include <gtest/gtest.h>

#include "eval/llama_logits_file.h"
#include "eval/log_probs.h"
#include "support/test_support.h"

namespace tessera::eval {
namespace {

float float_at(const uint16_t* p) {
  float f;
  std::memcpy(&f, p, sizeof f);
  return f;
}

TEST(LlamaLogitsFile, RowsDecodeToTheLogProbabilities) {
  const std::vector<float> l = test::random_floats(301, 5, 4.0f);  // odd: one padding value
  const std::vector<uint16_t> row = encode_llama_logits_row(l);
  ASSERT_EQ(row.size(), 2u * 151 + 4);
  const float scale = float_at(row.data()), min_log_prob = float_at(row.data() + 2);
  EXPECT_GT(scale, 0.0f);
  const double top = token_log_prob(l, argmax(l));
  EXPECT_NEAR(min_log_prob, std::max(top - 16.0, token_log_prob(l, static_cast<int32_t>(
                                                     std::min_element(l.begin(), l.end()) - l.begin()))), 1e-4);
  for (size_t i = 0; i < l.size(); ++i) {
    const double exact = token_log_prob(l, static_cast<int32_t>(i));
    if (exact <= min_log_prob) continue;  // at or below the window: code 0
    EXPECT_NEAR(scale * row[4 + i] + min_log_prob, exact, scale * 0.5 + 1e-4) << i;
  }
  EXPECT_EQ(row.back(), 0);  // padding
}

TEST(LlamaLogitsFile, HeaderAndSize) {
  test::TempDir dir;
  const auto path = dir.file("ref.logits").string();
  ChunkPlan plan;
  plan.n_ctx = 8;
  plan.n_chunks = 2;
  plan.first_scored = 4;
  std::vector<int32_t> tokens(16);
  for (size_t i = 0; i < tokens.size(); ++i) tokens[i] = static_cast<int32_t>(i * 3);
  auto w = LlamaLogitsWriter::create(path, 100, plan, tokens);
  ASSERT_TRUE(w.ok()) << w.error().message;
  for (int i = 0; i < 6; ++i) ASSERT_TRUE(w->append(test::random_floats(100, static_cast<uint32_t>(i))).ok());
  EXPECT_FALSE(w->append(test::random_floats(100, 9)).ok());  // a row beyond the plan
  ASSERT_TRUE(w->finish().ok());
  const auto bytes = test::read_file_bytes(path);
  ASSERT_EQ(bytes.size(), llama_logits_file_bytes(100, plan));
  EXPECT_EQ(bytes.size(), 8u + 12 + 16 * 4 + 6 * (2 * 50 + 4) * 2);
  EXPECT_EQ(std::memcmp(bytes.data(), "_logits_", 8), 0);
  int32_t fields[3];
  std::memcpy(fields, bytes.data() + 8, sizeof fields);
  EXPECT_EQ(fields[0], 8);    // n_ctx
  EXPECT_EQ(fields[1], 100);  // n_vocab
  EXPECT_EQ(fields[2], 2);    // n_chunks
  int32_t t5;
  std::memcpy(&t5, bytes.data() + 20 + 5 * 4, 4);
  EXPECT_EQ(t5, 15);
}

}  // namespace
}  // namespace tessera::eval
