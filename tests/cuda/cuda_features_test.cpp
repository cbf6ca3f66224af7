// Which block choices of issue 36's families the CUDA backend takes (kCudaFeatures: the expert
// side and the attention side) and how it refuses the rest: check_cuda_model, load_model's first step, needs no GPU, so these run wherever
// test_cuda is built. GLM-4.x needs only the expert side, which the kernels have: its specs pass;
// a spec using a feature without kernels is refused as Unsupported naming exactly those features.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "backend/cuda_backend.h"
#include "core/model/random_model.h"
#include "gguf/gguf_file.h"
#include "model/model_loader.h"
#include "support/test_support.h"

namespace tessera::cuda {
namespace {

using tessera::test::RandomModelConfig;

constexpr uint32_t bit(ModelFeature f) { return 1u << static_cast<unsigned>(f); }

// The expert side of issue 36 (this backend's kernels): every router choice, dense layers among
// expert layers, shared experts, Gemma 4's branch beside the dense MLP.
constexpr uint32_t kExpertSide = bit(ModelFeature::SharedExpert) | bit(ModelFeature::RouterChoices) |
                                 bit(ModelFeature::LeadingDenseLayers) | bit(ModelFeature::ExpertsBesideDense) |
                                 bit(ModelFeature::FusedExpertGateUp) | bit(ModelFeature::ExpertOutputScale);

BackendModelSettings settings() {
  BackendModelSettings s;
  s.n_ctx = 64;
  s.n_batch = 16;
  s.kv_type = KvCacheType::F16;
  return s;
}

ModelSpec spec_of(const RandomModelConfig& c) {
  auto spec = build_model_spec(tessera::test::random_model_file(c));
  EXPECT_TRUE(spec.ok()) << spec.error().describe();
  return spec.ok() ? std::move(spec).value() : ModelSpec{};
}

RandomModelConfig glm(bool groups) {
  RandomModelConfig c;
  c.arch = "glm4moe";
  c.n_expert = 8;
  c.n_expert_used = 2;
  c.n_layer = 3;
  c.head_size = 32;
  c.n_rot = 16;
  c.qkv_bias = !groups;
  c.qk_norm = groups;
  tessera::test::set_v3_style_experts(c);
  c.n_shared_experts = groups ? 2 : 1;
  c.router.normalize = !groups;
  c.router.scale = groups ? 1.0f : 2.5f;
  c.router.n_group = groups ? 4 : 0;
  c.router.n_group_used = groups ? 2 : 0;
  return c;
}

TEST(CudaFeatures, TheMaskHoldsTheExpertSide) {
  EXPECT_EQ(kCudaFeatures & kExpertSide, kExpertSide);
}

// GLM-4.x: partial NeoX rotation, Q/K/V biases or QK-norm (kernels the CUDA backend had), a dense
// first layer, the sigmoid router with its selection bias, groups, scaling and shared experts.
TEST(CudaFeatures, AdmitsGlm4Moe) {
  for (bool groups : {false, true}) {
    SCOPED_TRACE(groups ? "QK-norm, groups, two shared experts" : "biases, scaled weights, one shared expert");
    const ModelSpec spec = spec_of(glm(groups));
    const uint32_t f = model_features(spec);
    EXPECT_NE(f & bit(ModelFeature::RouterChoices), 0u);
    EXPECT_NE(f & bit(ModelFeature::LeadingDenseLayers), 0u);
    EXPECT_NE(f & bit(ModelFeature::SharedExpert), 0u);
    EXPECT_EQ(f & ~kCudaFeatures, 0u) << model_feature_list(f & ~kCudaFeatures);
    const Status st = check_cuda_model(spec, settings());
    EXPECT_TRUE(st.ok()) << st.error().describe();
  }
  // The transformers-made GLM-4.x test model of the conformance suite.
  auto f = gguf::GgufFile::open((tessera::test::source_dir() / "tests/data/hf-extra/glm4moe-f16.gguf").string());
  ASSERT_TRUE(f.ok()) << f.error().describe();
  auto spec = build_model_spec(std::shared_ptr<const gguf::GgufFile>(std::move(f).value()));
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  const Status st = check_cuda_model(*spec, settings());
  EXPECT_TRUE(st.ok()) << st.error().describe();
}

// Every other family's spec: admitted when it uses only features with kernels, else refused as
// Unsupported naming exactly the missing features (never one of the expert side).
TEST(CudaFeatures, RefusesWhatRemainsByName) {
  std::vector<std::pair<std::string, RandomModelConfig>> cases;
  RandomModelConfig c;
  c.arch = "deepseek2";
  c.n_expert = 8;
  c.n_expert_used = 2;
  c.n_layer = 3;
  tessera::test::set_deepseek_latent_attention(c);
  tessera::test::set_v3_style_experts(c);
  c.router.n_group = 4;
  c.router.n_group_used = 2;
  cases.push_back({"deepseek2", c});
  c = {};
  c.arch = "gemma4";
  tessera::test::set_gemma4_e2b_31b_layers(c);
  cases.push_back({"gemma4 E2B/31B", c});
  c = {};
  c.arch = "gemma4";
  c.n_expert = 8;
  c.n_expert_used = 2;
  c.n_layer = 2;
  c.n_ff = 32;
  c.n_ff_dense = 80;
  c.tied = true;
  cases.push_back({"gemma4 26B-A4B", c});
  int refused = 0;
  for (const auto& [name, config] : cases) {
    SCOPED_TRACE(name);
    const ModelSpec spec = spec_of(config);
    const uint32_t missing = model_features(spec) & ~kCudaFeatures;
    EXPECT_EQ(missing & kExpertSide, 0u);
    const Status st = check_cuda_model(spec, settings());
    if (missing == 0) {
      EXPECT_TRUE(st.ok()) << st.error().describe();
      continue;
    }
    ++refused;
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().kind, ErrorKind::Unsupported);
    EXPECT_NE(st.error().message.find(model_feature_list(missing)), std::string::npos) << st.error().message;
    for (unsigned i = 0; i < static_cast<unsigned>(ModelFeature::Count); ++i) {
      const std::string n = model_feature_name(static_cast<ModelFeature>(i));
      const bool named = st.error().message.find(n) != std::string::npos;
      EXPECT_EQ(named, ((missing >> i) & 1u) != 0) << n << " in: " << st.error().message;
    }
  }
  // Until the attention side lands, latent attention and Gemma 4's attention are refused.
  if ((kCudaFeatures & bit(ModelFeature::LatentAttention)) == 0) EXPECT_GT(refused, 0);
}

// The router kernel's limits, named at load rather than at the first step.
TEST(CudaFeatures, RefusesRoutersBeyondTheKernelsLimits) {
  RandomModelConfig c = glm(false);
  ModelSpec spec = spec_of(c);
  spec.n_expert_used = 33;  // lane j keeps choice j
  const Status st = check_cuda_model(spec, settings());
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::Unsupported);
  EXPECT_NE(st.error().message.find("33 per token"), std::string::npos) << st.error().message;
}

TEST(CudaFeatures, TheAttentionSideIsAdmitted) {
  for (ModelFeature f : {ModelFeature::LatentAttention, ModelFeature::PerLayerAttention, ModelFeature::ValueFromKey,
                         ModelFeature::ValueNorm, ModelFeature::SharedKvLayers, ModelFeature::PerLayerEmbeddings,
                         ModelFeature::LayerOutputScale, ModelFeature::ChunkedAttention, ModelFeature::NoRopeLayers,
                         ModelFeature::UnitQkNorm})
    EXPECT_NE(kCudaFeatures & bit(f), 0u) << model_feature_name(f);
}

// Every feature a model uses outside kCudaFeatures is named in the refusal; a model inside it passes.
void expect_checked(const ModelSpec& spec, const std::string& label) {
  SCOPED_TRACE(label);
  const uint32_t missing = model_features(spec) & ~kCudaFeatures;
  const Status st = check_cuda_features(spec);
  if (missing == 0) {
    EXPECT_TRUE(st.ok()) << st.error().describe();
    return;
  }
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::Unsupported);
  for (unsigned i = 0; i < static_cast<unsigned>(ModelFeature::Count); ++i)
    if ((missing >> i) & 1u)
      EXPECT_NE(st.error().message.find(model_feature_name(static_cast<ModelFeature>(i))), std::string::npos)
          << st.error().message;
}

TEST(CudaFeatures, ModelsOutsideTheMaskAreRefusedByName) {
  // DeepSeek-V3 family: latent attention with the plain router (admitted), and V3's router choices
  // with a leading dense layer (the FFN side's features).
  RandomModelConfig c;
  c.arch = "deepseek2";
  c.n_layer = 2;
  c.n_expert = 4;
  c.n_expert_used = 2;
  c.n_ff = 32;
  tessera::test::set_deepseek_latent_attention(c);
  c.omit = {"blk.0.exp_probs_b.bias", "blk.1.exp_probs_b.bias"};  // no selection bias
  const ModelSpec plain = spec_of(c);
  EXPECT_EQ(model_features(plain) & ~kCudaFeatures, 0u);
  expect_checked(plain, "deepseek2, plain router");
  c.omit.clear();
  c.leading_dense = 1;
  c.router.gating = ExpertGating::Sigmoid;
  c.router.scale = 2.5f;
  expect_checked(spec_of(c), "deepseek2, V3's router");
  // Gemma 4: per-layer heads, K as V, V norm, shared KV, per-layer embeddings, output scales (all
  // admitted), and the 26B-A4B's experts beside the dense MLP (the FFN side's).
  RandomModelConfig g;
  g.arch = "gemma4";
  tessera::test::set_gemma4_e2b_31b_layers(g);
  const ModelSpec gemma4 = spec_of(g);
  EXPECT_EQ(model_features(gemma4) & ~kCudaFeatures, 0u);
  expect_checked(gemma4, "gemma4");
  g = {};
  g.arch = "gemma4";
  g.n_layer = 2;
  g.n_expert = 4;
  g.n_expert_used = 2;
  g.n_ff_dense = 64;
  g.sliding_layers = {true, false};
  g.sliding_window = 4;
  g.head_size = 32;
  g.head_size_swa = 16;
  expect_checked(spec_of(g), "gemma4 with experts");
  // Llama 4's attention: chunked layers, no rotation on every fourth with its temperature, unit QK
  // norm (the blocks on a llama spec: the architecture row is not in the table yet).
  RandomModelConfig l;
  l.n_layer = 4;
  ModelSpec llama4 = spec_of(l);
  ASSERT_EQ(llama4.layers.size(), 4u);
  for (size_t i = 0; i < 3; ++i) llama4.layers[i].chunked = true;
  llama4.attention_chunk = 8;
  llama4.layers[3].nope = true;
  llama4.attention_temperature = {0.1f, 8, 1.0f};
  llama4.unit_qk_norm = true;
  EXPECT_EQ(model_features(llama4) & ~kCudaFeatures, 0u);
  expect_checked(llama4, "llama4 attention");
}

}  // namespace
}  // namespace tessera::cuda
