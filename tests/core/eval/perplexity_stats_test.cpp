// The numbers behind `perplexity`: log-softmax, chunking, PPL and its error, against values
// computed by hand.
#include <cmath>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "eval/log_probs.h"
#include "eval/perplexity.h"

namespace tessera::eval {
namespace {

using ::testing::HasSubstr;

// Logits whose softmax is exactly `p` (log p plus any constant).
std::vector<float> logits_of(const std::vector<double>& p, double shift = 3.0) {
  std::vector<float> l;
  for (double v : p) l.push_back(static_cast<float>(std::log(v) + shift));
  return l;
}

TEST(LogProbs, LogSoftmaxOfAKnownDistribution) {
  const std::vector<float> l = logits_of({0.5, 0.25, 0.125, 0.125});
  EXPECT_NEAR(token_log_prob(l, 0), std::log(0.5), 1e-6);
  EXPECT_NEAR(token_log_prob(l, 2), std::log(0.125), 1e-6);
  EXPECT_EQ(argmax(l), 0);
}

TEST(LogProbs, LargeLogitsNeitherOverflowNorLoseTheSmallTerms) {
  const std::vector<float> l = {1000.0f, 1001.0f, 990.0f};
  const double z = std::exp(-1.0) + 1.0 + std::exp(-11.0);
  EXPECT_NEAR(token_log_prob(l, 1), -std::log(z), 1e-9);
  EXPECT_NEAR(token_log_prob(l, 2), -11.0 - std::log(z), 1e-9);
}

TEST(LogProbs, TopLogProbsMostLikelyFirstTiesToTheLowerId) {
  const std::vector<float> l = {1.0f, 3.0f, 2.0f, 3.0f, 0.0f};
  const auto top = top_log_probs(l, 3);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(top[0].id, 1);
  EXPECT_EQ(top[1].id, 3);
  EXPECT_EQ(top[2].id, 2);
  EXPECT_NEAR(top[0].log_prob, token_log_prob(l, 1), 1e-12);
  EXPECT_NEAR(top[2].log_prob, token_log_prob(l, 2), 1e-12);
  EXPECT_EQ(top_log_probs(l, 99).size(), l.size());
  EXPECT_TRUE(top_log_probs(l, 0).empty());
}

TEST(Perplexity, UniformDistributionHasThePerplexityOfItsSize) {
  const std::vector<float> l(50, 0.25f);
  MeanAccumulator nll;
  for (int32_t t : {0, 7, 49, 3}) nll.add(-token_log_prob(l, t));
  const Estimate ppl = perplexity_from_nll(nll);
  EXPECT_NEAR(ppl.value, 50.0, 1e-9);
  EXPECT_NEAR(ppl.error, 0.0, 1e-9);  // every token is as surprising as the next
}

TEST(Perplexity, KnownDistributionAndItsErrorByHand) {
  // p = (1/2, 1/4, 1/8, 1/8); scoring each token once: NLLs ln2 x (1, 2, 3, 3).
  const std::vector<float> l = logits_of({0.5, 0.25, 0.125, 0.125});
  MeanAccumulator nll;
  for (int32_t t : {0, 1, 2, 3}) nll.add(-token_log_prob(l, t));
  const double ln2 = std::log(2.0);
  const double mean = 2.25 * ln2;
  const double variance = (1 + 4 + 9 + 9) / 4.0 * ln2 * ln2 - mean * mean;  // 0.6875 ln2^2
  const double stderr_mean = std::sqrt(variance / 3.0);
  const Estimate ppl = perplexity_from_nll(nll);
  EXPECT_NEAR(ppl.value, std::pow(2.0, 2.25), 1e-5);
  EXPECT_NEAR(ppl.error, std::pow(2.0, 2.25) * stderr_mean, 1e-5);
}

TEST(Perplexity, EmptyAndSingleSampleHaveNoError) {
  MeanAccumulator m;
  EXPECT_EQ(m.mean().value, 0.0);
  m.add(2.0);
  EXPECT_EQ(m.mean().value, 2.0);
  EXPECT_EQ(m.mean().error, 0.0);
}

TEST(ChunkPlan, LlamaPerplexityChunking) {
  auto plan = plan_chunks(1000, 64, 0);
  ASSERT_TRUE(plan.ok()) << plan.error().message;
  EXPECT_EQ(plan->n_ctx, 64);
  EXPECT_EQ(plan->n_chunks, 15);  // 1000 / 64, the tail dropped
  EXPECT_EQ(plan->first_scored, 32);
  EXPECT_EQ(plan->scored_per_chunk(), 31);  // positions 32..62 predict tokens 33..63
  EXPECT_EQ(plan->scored_tokens(), 15 * 31);

  auto capped = plan_chunks(1000, 64, 4);
  ASSERT_TRUE(capped.ok());
  EXPECT_EQ(capped->n_chunks, 4);

  auto odd = plan_chunks(100, 7, 0);
  ASSERT_TRUE(odd.ok());
  EXPECT_EQ(odd->first_scored, 3);
  EXPECT_EQ(odd->scored_per_chunk(), 3);
}

TEST(ChunkPlan, RefusesShortTextsAndTinyContexts) {
  auto short_text = plan_chunks(127, 64, 0);
  ASSERT_FALSE(short_text.ok());
  EXPECT_EQ(short_text.error().kind, ErrorKind::InvalidArgument);
  EXPECT_THAT(short_text.error().message, HasSubstr("127 tokens"));
  EXPECT_THAT(short_text.error().message, HasSubstr("at least 128"));
  EXPECT_TRUE(plan_chunks(128, 64, 0).ok());

  auto tiny = plan_chunks(1000, 3, 0);
  ASSERT_FALSE(tiny.ok());
  EXPECT_THAT(tiny.error().message, HasSubstr("too short"));
}

}  // namespace
}  // namespace tessera::eval
