// GenerationRequest::logprobs: each token event carries the model's own log-probabilities, checked
// against a separate scoring pass over the same tokens (all logits of one prompt evaluation).
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "engine/engine.h"
#include "eval/log_probs.h"
#include "support/test_support.h"

namespace tessera::test {
namespace {

LoadSettings cpu_settings(bool all_logits) {
  LoadSettings s;
  s.backend = "cpu";
  s.n_ctx = 128;
  s.n_threads = 2;
  s.all_logits = all_logits;
  return s;
}

TEST(EngineLogprobs, EventsCarryTheModelsLogProbabilities) {
  const std::string model = fixture("models/stories260K-f32.gguf").string();
  Engine engine;
  ASSERT_TRUE(engine.load(model, cpu_settings(false)).ok());
  GenerationRequest req;
  req.prompt = "Tom saw a big dog";
  req.n_predict = 10;
  req.sampling.temperature = 0.0f;
  req.logprobs = true;
  req.top_logprobs = 4;
  std::vector<TokenEvent> events;
  auto result = engine.generate(req, [&](const TokenEvent& e) {
    if (e.token >= 0) events.push_back(e);
    return true;
  });
  ASSERT_TRUE(result.ok()) << result.error().message;
  ASSERT_EQ(events.size(), 10u);

  // Score prompt + generated tokens in one evaluation with every row of logits kept.
  auto prompt = engine.tokenize(req.prompt, true, false);
  ASSERT_TRUE(prompt.ok());
  std::vector<int32_t> all = *prompt;
  all.insert(all.end(), result->tokens.begin(), result->tokens.end());
  Engine scorer;
  ASSERT_TRUE(scorer.load(model, cpu_settings(true)).ok());
  BackendModel& m = scorer.backend_model();
  ASSERT_TRUE(m.eval(all, 0, LogitsRequest::All).ok());
  auto logits = m.logits();
  ASSERT_TRUE(logits.ok());
  const auto n_vocab = static_cast<size_t>(m.n_vocab());
  for (size_t i = 0; i < events.size(); ++i) {
    const TokenEvent& e = events[i];
    const size_t row = prompt->size() - 1 + i;  // the logits that predicted generated token i
    const auto logits_row = logits->subspan(row * n_vocab, n_vocab);
    EXPECT_NEAR(e.logprob, eval::token_log_prob(logits_row, e.token), 1e-3) << i;
    ASSERT_EQ(e.top_logprobs.size(), 4u);
    EXPECT_EQ(e.top_logprobs[0].id, e.token);  // greedy
    EXPECT_DOUBLE_EQ(e.top_logprobs[0].log_prob, e.logprob);
    for (size_t k = 1; k < 4; ++k) EXPECT_LE(e.top_logprobs[k].log_prob, e.top_logprobs[k - 1].log_prob);
  }
}

TEST(EngineLogprobs, OffByDefaultAndNegativeCountRefused) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture("models/stories260K-f32.gguf").string(), cpu_settings(false)).ok());
  GenerationRequest req;
  req.prompt = "Once";
  req.n_predict = 2;
  req.sampling.temperature = 0.0f;
  bool any = false;
  ASSERT_TRUE(engine.generate(req, [&](const TokenEvent& e) {
                      any = any || !e.top_logprobs.empty() || e.logprob != 0.0;
                      return true;
                    }).ok());
  EXPECT_FALSE(any);
  req.logprobs = true;
  req.top_logprobs = -1;
  auto refused = engine.generate(req);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::InvalidArgument);
}

}  // namespace
}  // namespace tessera::test
