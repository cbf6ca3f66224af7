// Which of issue 36's block choices (model_spec.h's ModelFeature) the CUDA backend takes: the
// attention side's features are in kCudaFeatures, and a model using any feature outside it is
// refused as Unsupported with every such feature named (check_cuda_features, which load_model runs
// first). Runs without a GPU.
#include <gtest/gtest.h>

#include <string>

#include "backend/cuda_backend.h"
#include "core/model/random_model.h"
#include "model/model_loader.h"

namespace tessera::cuda {
namespace {

using tessera::test::RandomModelConfig;

uint32_t bit(ModelFeature f) { return 1u << static_cast<unsigned>(f); }

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

ModelSpec spec_of(const RandomModelConfig& c) {
  auto spec = build_model_spec(tessera::test::random_model_file(c));
  EXPECT_TRUE(spec.ok()) << spec.error().describe();
  return spec.ok() ? std::move(spec).value() : ModelSpec{};
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
  c.q_lora_rank = 32;
  c.kv_lora_rank = 64;
  c.qk_nope = 32;
  c.n_rot = 32;
  c.v_head = 32;
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
