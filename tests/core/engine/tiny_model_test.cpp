// The embedded default model (resources/models/tessera-tiny.gguf) against the float64 reference
// its maker computed from the same file (tests/data/tiny-model/reference.json; whoever retrains the
// model regenerates it). Skipped when the tree has no such model.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "support/test_support.h"

namespace tessera::test {
namespace {

const auto kModel = [] { return source_dir() / "resources" / "models" / "tessera-tiny.gguf"; };
const auto kReference = [] { return source_dir() / "tests" / "data" / "tiny-model" / "reference.json"; };

TEST(TinyModel, MatchesItsFloat64Reference) {
  if (!std::filesystem::exists(kModel()) || !std::filesystem::exists(kReference()))
    GTEST_SKIP() << "no tessera-tiny model or reference in this tree";
  std::ifstream in(kReference());
  const auto ref = nlohmann::json::parse(in);
  Engine engine;
  LoadSettings s;
  s.backend = "cpu";
  s.kv_type = KvCacheType::F32;
  ASSERT_TRUE(engine.load(kModel().string(), s).ok());
  ASSERT_EQ(engine.info().n_vocab, ref["vocab_size"].get<int64_t>());

  for (const auto& p : ref["prompts"]) {
    const std::string name = p["name"].get<std::string>();
    const auto prompt = p["prompt_ids"].get<std::vector<int32_t>>();
        const bool is_chat = p.contains("messages");
    auto ids = engine.tokenize(p["text"].get<std::string>(), true, /*parse_special=*/is_chat);
    ASSERT_TRUE(ids.ok());
    EXPECT_EQ(*ids, prompt) << name;
    if (is_chat) {
      std::vector<ChatMessage> conv;
      for (const auto& m : p["messages"]) conv.push_back({m[0].get<std::string>(), m[1].get<std::string>()});
      auto text = engine.render_chat(conv, true);
      ASSERT_TRUE(text.ok());
      EXPECT_EQ(*text, p["text"].get<std::string>()) << name;
      GenerationRequest r;
      r.n_predict = 1;
      r.sampling.temperature = 0.0f;
      engine.clear_cache();
      ASSERT_TRUE(engine.chat(conv, r).ok());
      EXPECT_EQ(engine.cached_tokens(), prompt) << name;
    }
    const auto want = p["generated_ids"].get<std::vector<int32_t>>();
    const auto margins = p["margins"].get<std::vector<double>>();
    size_t n_compare = want.size();
    for (size_t i = 0; i < margins.size(); ++i)
      if (margins[i] < 0.01) {
        n_compare = i;
        break;
      }
    // Greedy ids up to the first close call, and the recorded logits along the way.
    BackendModel& m = engine.backend_model();
    engine.clear_cache();
    ASSERT_TRUE(m.eval(prompt, 0, LogitsRequest::Last).ok());
    const auto& logits = p["logits"];
    for (size_t step = 0; step <= std::min(n_compare, want.size() - 1); ++step) {
      if (step < logits.size()) {
        auto got = m.logits();
        ASSERT_TRUE(got.ok());
        const auto expected = logits[step].get<std::vector<float>>();
        EXPECT_LT(max_relative_error(std::vector<float>(got->begin(), got->end()), expected), 1e-4)
            << name << " step " << step;
      }
      if (step == n_compare) break;
      auto next = m.argmax();
      ASSERT_TRUE(next.ok());
      ASSERT_EQ(*next, want[step]) << name << " step " << step;
      const int32_t tok = want[step];
      ASSERT_TRUE(m.eval(std::span(&tok, 1), m.n_past(), LogitsRequest::Last).ok());
    }
    engine.clear_cache();
  }
}

}  // namespace
}  // namespace tessera::test
