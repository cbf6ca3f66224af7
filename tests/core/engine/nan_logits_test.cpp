// A model whose logits are NaN (NaN weights) ends a generation with an error naming the cause, on
// the greedy path (the backend's argmax) and the sampled one (the engine's check before the
// sampler), for a text prompt and a chat: never a silent token 0.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "core/model/random_model.h"
#include "engine/engine.h"
#include "support/test_support.h"

namespace tessera::test {
namespace {

// A model with a tokenizer whose every logit is NaN (the final norm's gain is NaN).
std::string nan_model(const TempDir& dir) {
  RandomModelConfig c;
  c.n_vocab = 300;
  c.with_tokenizer = true;
  c.edit_values["output_norm.weight"] = [](std::vector<float>& v) {
    std::fill(v.begin(), v.end(), std::numeric_limits<float>::quiet_NaN());
  };
  const auto path = dir.file("nan.gguf");
  write_file_bytes(path, random_model_bytes(c));
  return path.string();
}

TEST(NanLogits, EndTheGenerationWithAnErrorGreedyOrSampled) {
  TempDir dir;
  Engine engine;
  LoadSettings s;
  s.backend = "cpu";
  s.n_ctx = 64;
  s.n_threads = 1;
  ASSERT_TRUE(engine.load(nan_model(dir), s).ok());
  for (float temperature : {0.0f, 0.8f}) {
    SCOPED_TRACE(temperature);
    GenerationRequest r;
    r.prompt = "ab";
    r.n_predict = 4;
    r.sampling.temperature = temperature;
    r.sampling.seed = 1;
    int tokens_seen = 0;
    auto out = engine.generate(r, [&](const TokenEvent& e) {
      if (e.token >= 0) ++tokens_seen;
      return true;
    });
    ASSERT_FALSE(out.ok()) << "generated " << out->text;
    EXPECT_EQ(out.error().message, nan_logits_error().message);
    EXPECT_EQ(tokens_seen, 0);
    auto chat = engine.chat({{"user", "ab"}}, r);
    ASSERT_FALSE(chat.ok());
    EXPECT_EQ(chat.error().message, nan_logits_error().message);
  }
}

TEST(NanLogits, CheckLogitsFindsANanAnywhere) {
  std::vector<float> row(1000, 0.5f);
  EXPECT_TRUE(check_logits(row).ok());
  row[999] = -std::numeric_limits<float>::infinity();  // -inf is a valid logit (a banned token)
  EXPECT_TRUE(check_logits(row).ok());
  for (size_t at : {size_t{0}, size_t{500}, size_t{999}}) {
    auto bad = row;
    bad[at] = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(check_logits(bad).ok()) << at;
  }
  EXPECT_NE(nan_logits_error().message.find("NaN logits"), std::string::npos);
}

}  // namespace
}  // namespace tessera::test
