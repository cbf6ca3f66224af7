#include "sampling/sampler.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "support/test_support.h"

namespace tessera {
namespace {

SamplingParams plain(float temperature) {
  SamplingParams p;
  p.temperature = temperature;
  p.top_k = 0;
  p.top_p = 1.0f;
  p.min_p = 0.0f;
  p.seed = 42;
  return p;
}

std::vector<int32_t> ids(const std::vector<TokenProb>& d) {
  std::vector<int32_t> v;
  for (const auto& t : d) v.push_back(t.id);
  return v;
}

TEST(Sampler, GreedyPicksLargestWithLowestIdOnTies) {
  Sampler s(plain(0.0f));
  EXPECT_EQ(s.sample(std::vector<float>{1, 3, 2, 3}), 1);
  EXPECT_EQ(s.sample(std::vector<float>{-5, -1, -1}), 1);
  EXPECT_TRUE(s.is_plain_greedy());
  auto d = s.distribution(std::vector<float>{0, 9, 1});
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].id, 1);
  EXPECT_FLOAT_EQ(d[0].p, 1.0f);
}

TEST(Sampler, SeedReproducesSequenceExactly) {
  const auto logits = test::random_floats(500, 7, 2.0f);
  SamplingParams p;  // defaults: top-k 40, top-p 0.95, min-p 0.05, temperature 0.8
  p.seed = 1234;
  Sampler a(p), b(p);
  std::vector<int32_t> sa, sb;
  for (int i = 0; i < 200; ++i) {
    sa.push_back(a.sample(logits));
    sb.push_back(b.sample(logits));
  }
  EXPECT_EQ(sa, sb);
  // Not a constant sequence, and reset() replays it.
  EXPECT_GT(std::set<int32_t>(sa.begin(), sa.end()).size(), 3u);
  a.reset();
  for (int i = 0; i < 200; ++i) EXPECT_EQ(a.sample(logits), sa[static_cast<size_t>(i)]);
  // Another seed gives another sequence.
  p.seed = 1235;
  Sampler c(p);
  std::vector<int32_t> sc;
  for (int i = 0; i < 200; ++i) sc.push_back(c.sample(logits));
  EXPECT_NE(sa, sc);
  EXPECT_EQ(a.seed(), 1234u);
}

TEST(Sampler, RandomSeedIsRecorded) {
  SamplingParams p;
  p.seed = kRandomSeed;
  Sampler a(p);
  EXPECT_NE(a.seed(), kRandomSeed);
}

TEST(Sampler, TopK) {
  auto p = plain(1.0f);
  p.top_k = 2;
  Sampler s(p);
  const std::vector<float> logits = {0.5f, 2.0f, 1.0f, 2.0f, -1.0f};
  auto d = s.distribution(logits);
  EXPECT_EQ(ids(d), (std::vector<int32_t>{1, 3}));  // tie at 2.0 broken toward the lower id first
  EXPECT_NEAR(d[0].p, 0.5, 1e-6);
  p.top_k = 1;
  Sampler one(p);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(one.sample(logits), 1);
  p.top_k = 100;  // more than the vocabulary: everything
  Sampler all(p);
  EXPECT_EQ(all.distribution(logits).size(), 5u);
}

TEST(Sampler, TopP) {
  auto p = plain(1.0f);
  // probabilities 0.5, 0.25, 0.125, 0.125
  const std::vector<float> logits = {std::log(0.5f), std::log(0.25f), std::log(0.125f), std::log(0.125f)};
  p.top_p = 0.7f;
  EXPECT_EQ(ids(Sampler(p).distribution(logits)), (std::vector<int32_t>{0, 1}));
  p.top_p = 0.75f;  // reached exactly by the first two (within rounding) or needs the third
  EXPECT_LE(Sampler(p).distribution(logits).size(), 3u);
  p.top_p = 0.0f;  // keeps at least one
  EXPECT_EQ(ids(Sampler(p).distribution(logits)), (std::vector<int32_t>{0}));
  p.top_p = 1.0f;  // off
  EXPECT_EQ(Sampler(p).distribution(logits).size(), 4u);
  p.top_p = 0.5f;
  auto d = Sampler(p).distribution(logits);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_FLOAT_EQ(d[0].p, 1.0f);  // renormalised
}

TEST(Sampler, MinP) {
  auto p = plain(1.0f);
  const std::vector<float> logits = {std::log(0.4f), std::log(0.3f), std::log(0.2f), std::log(0.1f)};
  p.min_p = 0.5f;  // keep p >= 0.2
  EXPECT_EQ(ids(Sampler(p).distribution(logits)), (std::vector<int32_t>{0, 1, 2}));
  p.min_p = 1.0f;  // only the top
  EXPECT_EQ(ids(Sampler(p).distribution(logits)), (std::vector<int32_t>{0}));
  p.min_p = 0.0f;  // off
  EXPECT_EQ(Sampler(p).distribution(logits).size(), 4u);
  // Ties with the top survive min_p = 1.
  p.min_p = 1.0f;
  EXPECT_EQ(ids(Sampler(p).distribution(std::vector<float>{1, 2, 2})), (std::vector<int32_t>{1, 2}));
}

TEST(Sampler, TemperatureSharpensAndFlattens) {
  const std::vector<float> logits = {1.0f, 0.0f};
  auto cold = Sampler(plain(0.5f)).distribution(logits);
  auto warm = Sampler(plain(2.0f)).distribution(logits);
  // p0 = 1 / (1 + exp(-1/T))
  EXPECT_NEAR(cold[0].p, 1.0 / (1.0 + std::exp(-2.0)), 1e-6);
  EXPECT_NEAR(warm[0].p, 1.0 / (1.0 + std::exp(-0.5)), 1e-6);
}

TEST(Sampler, DrawFollowsTheDistribution) {
  auto p = plain(1.0f);
  const std::vector<float> logits = {std::log(0.6f), std::log(0.3f), std::log(0.1f)};
  Sampler s(p);
  std::map<int32_t, int> counts;
  const int n = 20000;
  for (int i = 0; i < n; ++i) ++counts[s.sample(logits)];
  EXPECT_NEAR(counts[0] / double(n), 0.6, 0.02);
  EXPECT_NEAR(counts[1] / double(n), 0.3, 0.02);
  EXPECT_NEAR(counts[2] / double(n), 0.1, 0.02);
}

TEST(Sampler, RepetitionPenalty) {
  auto p = plain(0.0f);
  p.repeat_penalty = 2.0f;
  p.penalty_last_n = 8;
  Sampler s(p);
  EXPECT_FALSE(s.is_plain_greedy());
  // Token 0 (logit 3) penalised to 1.5 loses to token 1 (2); a negative logit gets more negative.
  s.accept(0);
  s.accept(2);
  const std::vector<float> logits = {3.0f, 2.0f, -1.0f};
  EXPECT_EQ(s.sample(logits), 1);
  p.temperature = 1.0f;
  Sampler t(p);
  t.accept(0);
  t.accept(2);
  auto d = t.distribution(logits);
  std::map<int32_t, float> l;
  for (auto& x : d) l[x.id] = x.logit;
  EXPECT_FLOAT_EQ(l[0], 1.5f);
  EXPECT_FLOAT_EQ(l[1], 2.0f);
  EXPECT_FLOAT_EQ(l[2], -2.0f);
}

TEST(Sampler, FrequencyAndPresencePenalties) {
  auto p = plain(1.0f);
  p.frequency_penalty = 0.5f;
  p.presence_penalty = 0.25f;
  p.penalty_last_n = -1;
  Sampler s(p);
  for (int32_t t : {1, 1, 1, 2}) s.accept(t);
  auto d = s.distribution(std::vector<float>{1.0f, 1.0f, 1.0f});
  std::map<int32_t, float> l;
  for (auto& x : d) l[x.id] = x.logit;
  EXPECT_FLOAT_EQ(l[0], 1.0f);
  EXPECT_FLOAT_EQ(l[1], 1.0f - 3 * 0.5f - 0.25f);
  EXPECT_FLOAT_EQ(l[2], 1.0f - 0.5f - 0.25f);
}

TEST(Sampler, PenaltyWindowForgetsOldTokens) {
  auto p = plain(0.0f);
  p.repeat_penalty = 10.0f;
  p.penalty_last_n = 2;
  Sampler s(p);
  const std::vector<float> logits = {5.0f, 4.0f};
  s.accept(0);
  EXPECT_EQ(s.sample(logits), 1);  // 0 penalised to 0.5
  s.accept(1);
  s.accept(1);  // 0 has left the window of 2
  EXPECT_EQ(s.sample(logits), 0);
  p.penalty_last_n = 0;  // off entirely
  Sampler off(p);
  off.accept(0);
  EXPECT_EQ(off.sample(logits), 0);
  EXPECT_TRUE(off.is_plain_greedy());
}

TEST(Sampler, NanLogitsAreNeverChosen) {
  Sampler s(plain(1.0f));
  const std::vector<float> logits = {NAN, 0.0f, NAN};
  for (int i = 0; i < 20; ++i) EXPECT_EQ(s.sample(logits), 1);
  Sampler g(plain(0.0f));
  EXPECT_EQ(g.sample(logits), 1);
}

TEST(Sampler, ValidateNamesTheParameter) {
  SamplingParams p;
  EXPECT_EQ(p.validate(), "");
  p.top_p = -0.5f;
  EXPECT_NE(p.validate().find("top_p"), std::string::npos);
  p = {};
  p.repeat_penalty = 0.0f;
  EXPECT_NE(p.validate().find("repeat_penalty"), std::string::npos);
  p = {};
  p.penalty_last_n = -3;
  EXPECT_NE(p.validate().find("penalty_last_n"), std::string::npos);
}

}  // namespace
}  // namespace tessera
