// Sampler::sample with a TokenMask (a grammar's allowed tokens): only allowed tokens come out, the
// greedy pick is the best allowed one, penalties still apply to them, and an empty mask gives -1.
#include <gtest/gtest.h>

#include <set>

#include "sampling/sampler.h"

namespace tessera {
namespace {

TEST(MaskedSampler, OnlyAllowedTokensAreDrawn) {
  std::vector<float> logits(1000);
  for (size_t i = 0; i < logits.size(); ++i) logits[i] = 0.1f * static_cast<float>(i % 17);
  TokenMask mask(logits.size());
  for (int32_t id : {3, 500, 999}) mask.set(id);
  SamplingParams p;
  p.temperature = 1.5f;
  p.top_k = 0;
  p.top_p = 1.0f;
  p.min_p = 0.0f;
  p.seed = 5;
  Sampler s(p);
  std::set<int32_t> seen;
  for (int i = 0; i < 300; ++i) seen.insert(s.sample(logits, &mask));
  EXPECT_EQ(seen, (std::set<int32_t>{3, 500, 999}));

  SamplingParams greedy;
  greedy.temperature = 0.0f;
  Sampler g(greedy);
  // Logits: id 3 -> 0.3, id 500 -> 0.1 * (500 % 17) = 0.7, id 999 -> 0.1 * (999 % 17) = 1.3.
  EXPECT_EQ(g.sample(logits, &mask), 999);
}

TEST(MaskedSampler, GreedyPicksTheBestAllowedAndPenaltiesApply) {
  std::vector<float> logits = {5.0f, 4.0f, 3.0f, 2.0f};
  TokenMask mask(4);
  mask.set(1);
  mask.set(3);
  SamplingParams greedy;
  greedy.temperature = 0.0f;
  greedy.repeat_penalty = 10.0f;  // 4.0 / 10 = 0.4 < 2.0
  Sampler s(greedy);
  EXPECT_EQ(s.sample(logits, &mask), 1);
  s.accept(1);
  EXPECT_EQ(s.sample(logits, &mask), 3);
  const TokenMask none(4);
  EXPECT_EQ(s.sample(logits, &none), -1);
}

}  // namespace
}  // namespace tessera
