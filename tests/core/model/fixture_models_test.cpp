// Real GGUF files against their recorded references, through ModelSpec + the CPU backend directly
// (the Engine suite repeats the stories260K check end to end). The Hugging Face fixtures' greedy
// ids and logits are the backend conformance suite's (tests/conformance), on every backend.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "backend/cpu_backend.h"
#include "model/model_loader.h"
#include "support/test_support.h"

namespace tessera::test {
namespace {

nlohmann::json read_json(const std::string& relative) {
  std::ifstream in(fixture(relative));
  EXPECT_TRUE(in.good()) << fixture(relative);
  return nlohmann::json::parse(in);
}

struct Loaded {
  std::shared_ptr<const gguf::GgufFile> file;
  ModelSpec spec;
  std::unique_ptr<BackendModel> model;
};

Loaded load_fixture(const std::string& relative, KvCacheType kv, int32_t n_ctx) {
  Loaded out;
  auto f = gguf::GgufFile::open(fixture(relative).string());
  EXPECT_TRUE(f.ok()) << f.error().describe();
  if (!f.ok()) return out;
  out.file = std::shared_ptr<const gguf::GgufFile>(std::move(f).value());
  auto spec = build_model_spec(out.file);
  EXPECT_TRUE(spec.ok()) << spec.error().describe();
  if (!spec.ok()) return out;
  out.spec = std::move(spec).value();
  BackendModelSettings s;
  s.n_ctx = n_ctx;
  s.n_batch = 64;
  s.kv_type = kv;
  auto m = CpuBackend().load_model(out.spec, s, nullptr);
  EXPECT_TRUE(m.ok()) << m.error().describe();
  if (m.ok()) out.model = std::move(m).value();
  return out;
}

// Greedy continuation of `prompt` for n tokens (no stop token).
std::vector<int32_t> greedy(BackendModel& m, const std::vector<int32_t>& prompt, size_t n) {
  m.kv_clear();
  std::vector<int32_t> out;
  EXPECT_TRUE(m.eval(prompt, 0, LogitsRequest::Last).ok());
  int32_t pos = static_cast<int32_t>(prompt.size());
  while (out.size() < n) {
    auto next = m.argmax();
    EXPECT_TRUE(next.ok());
    out.push_back(*next);
    if (out.size() == n) break;
    const int32_t tok = *next;
    EXPECT_TRUE(m.eval(std::span(&tok, 1), pos++, LogitsRequest::Last).ok());
  }
  return out;
}

TEST(FixtureModels, Stories260KSpec) {
  auto l = load_fixture("models/stories260K-f32.gguf", KvCacheType::F16, 512);
  ASSERT_TRUE(l.model);
  EXPECT_EQ(l.spec.architecture, "llama");
  EXPECT_EQ(l.spec.n_embd, 64);
  EXPECT_EQ(l.spec.n_layer, 5);
  EXPECT_EQ(l.spec.n_head, 8);
  EXPECT_EQ(l.spec.n_head_kv, 4);
  EXPECT_EQ(l.spec.head_dim, 8);
  EXPECT_EQ(l.spec.n_vocab, 512);
  EXPECT_EQ(l.spec.n_ctx_train, 512);
  EXPECT_EQ(l.spec.rope.n_dims, 8);
  EXPECT_EQ(l.spec.rope.mode, RopeMode::Normal);
  EXPECT_FALSE(l.spec.tied_embeddings);  // the file stores output.weight a second time
  EXPECT_EQ(l.spec.layers[0].n_ff, 172);
}

// llama.cpp's full greedy continuation (it does not stop at BOS), n_predict tokens, both with the
// F16 KV cache llama.cpp used and with an F32 cache.
TEST(FixtureModels, Stories260KGreedyMatchesLlamaCpp) {
  const auto expected = read_json("models/stories260K.expected.json");
  for (KvCacheType kv : {KvCacheType::F16, KvCacheType::F32}) {
    auto l = load_fixture("models/stories260K-f32.gguf", kv, 512);
    ASSERT_TRUE(l.model);
    for (const auto& c : expected["cases"]) {
      const auto prompt = c["prompt_token_ids"].get<std::vector<int32_t>>();
      const auto want = c["llama_cpp"]["continuation_token_ids"].get<std::vector<int32_t>>();
      const size_t n_predict = c["n_predict"].get<size_t>();
      ASSERT_EQ(want.size(), n_predict);
      const auto got = greedy(*l.model, prompt, n_predict);
      EXPECT_EQ(got, want) << "prompt '" << c["prompt"].get<std::string>() << "', KV "
                           << (kv == KvCacheType::F16 ? "F16" : "F32");
    }
  }
}

// The block choices each architecture's file leads to (what the reference models were built with).
TEST(FixtureModels, BlockChoicesOfTheHfModels) {
  auto spec_of = [](const std::string& arch) {
    auto l = load_fixture("hf/" + arch + "-f16.gguf", KvCacheType::F32, 64);
    return std::move(l.spec);
  };
  const ModelSpec qwen3 = spec_of("qwen3");
  EXPECT_TRUE(qwen3.layers[0].has(LayerTensor::QNorm));
  EXPECT_TRUE(qwen3.layers[0].has(LayerTensor::KNorm));
  EXPECT_EQ(qwen3.head_dim, 64);
  EXPECT_FLOAT_EQ(qwen3.attention_scale, 0.125f);

  const ModelSpec g2 = spec_of("gemma2");
  EXPECT_EQ(g2.activation, FfnActivation::GeluTanh);
  EXPECT_FLOAT_EQ(g2.embedding_scale, std::sqrt(128.0f));
  EXPECT_FLOAT_EQ(g2.attention_softcap, 50.0f);
  EXPECT_FLOAT_EQ(g2.final_softcap, 30.0f);
  EXPECT_EQ(g2.sliding_window, 12);
  EXPECT_TRUE(g2.layers[0].sliding);
  EXPECT_FALSE(g2.layers[1].sliding);
  EXPECT_TRUE(g2.layers[2].sliding);
  EXPECT_TRUE(g2.layers[0].has(LayerTensor::AttnPostNorm));
  EXPECT_TRUE(g2.layers[0].has(LayerTensor::FfnPostNorm));

  const ModelSpec g3 = spec_of("gemma3");
  EXPECT_FLOAT_EQ(g3.attention_softcap, 0.0f);
  EXPECT_FLOAT_EQ(g3.final_softcap, 0.0f);
  for (int l = 0; l < 5; ++l) EXPECT_TRUE(g3.layers[static_cast<size_t>(l)].sliding) << l;
  EXPECT_FALSE(g3.layers[5].sliding);
  EXPECT_FLOAT_EQ(g3.rope.freq_base, 1e6f);
  EXPECT_FLOAT_EQ(g3.rope_swa.freq_base, 1e4f);

  const ModelSpec phi3 = spec_of("phi3");
  // Q|K|V and gate|up are row views into the fused tensors.
  const LayerSpec& p0 = phi3.layers[0];
  EXPECT_EQ(p0[LayerTensor::Wq].dims, (std::vector<int64_t>{128, 128}));
  EXPECT_EQ(p0[LayerTensor::Wv].dims, (std::vector<int64_t>{128, 128}));
  EXPECT_EQ(p0[LayerTensor::Wq].data.data() + p0[LayerTensor::Wq].data.size(), p0[LayerTensor::Wk].data.data());
  EXPECT_EQ(p0[LayerTensor::FfnGate].dims, (std::vector<int64_t>{128, 256}));
  EXPECT_EQ(p0[LayerTensor::FfnGate].data.data() + p0[LayerTensor::FfnGate].data.size(),
            p0[LayerTensor::FfnUp].data.data());

  const ModelSpec mixtral = spec_of("mixtral");
  EXPECT_EQ(mixtral.n_expert, 4);
  EXPECT_EQ(mixtral.n_expert_used, 2);
  EXPECT_TRUE(mixtral.layers[0].is_moe());
  EXPECT_FALSE(mixtral.layers[0].has(LayerTensor::FfnGate));
  EXPECT_EQ(mixtral.layers[0][LayerTensor::ExpertDown].dims, (std::vector<int64_t>{256, 128, 4}));
}

}  // namespace
}  // namespace tessera::test
