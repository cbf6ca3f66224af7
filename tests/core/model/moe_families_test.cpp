// The 2026 mixture-of-experts families' files: what the loader reads of their expert layout and
// routing (GLM-4.x: glm4moe; the DeepSeek-V3 family: deepseek2; Llama 4: llama4), and the errors a
// bad file gets. The logits against the float64 reference: the conformance suite's cases.
#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "core/model/random_model.h"
#include "model/model_loader.h"

namespace tessera::test {
namespace {

// The file of `c` with its metadata edited and keys dropped (what random_model_bytes cannot say).
std::shared_ptr<const gguf::GgufFile> rewritten(const RandomModelConfig& c,
                                                const std::function<void(gguf::GgufWriter&)>& edit,
                                                const std::set<std::string>& drop = {}) {
  auto f = random_model_file(c);
  if (!f) return nullptr;
  gguf::GgufWriter w;
  for (const auto& e : f->metadata())
    if (e.key != "general.alignment" && drop.count(e.key) == 0) w.set(e.key, e.value);
  for (const auto& t : f->tensors()) {
    const auto data = f->tensor_data(t);
    EXPECT_TRUE(w.add_tensor(t.name, t.type, t.dims, std::vector<uint8_t>(data.begin(), data.end())).ok());
  }
  edit(w);
  auto bytes = w.to_bytes();
  EXPECT_TRUE(bytes.ok());
  auto out = gguf::GgufFile::from_bytes(std::move(bytes).value(), "rewritten.gguf");
  EXPECT_TRUE(out.ok()) << out.error().describe();
  return out.ok() ? std::shared_ptr<const gguf::GgufFile>(std::move(out).value()) : nullptr;
}

bool has_feature(const ModelSpec& s, ModelFeature f) {
  return (model_features(s) >> static_cast<unsigned>(f)) & 1u;
}

RandomModelConfig glm() {
  RandomModelConfig c;
  c.arch = "glm4moe";
  c.n_layer = 3;
  c.n_expert = 8;
  c.n_expert_used = 2;
  c.head_size = 32;
  c.n_rot = 16;
  c.qkv_bias = true;
  c.leading_dense = 1;
  c.n_ff = 32;
  c.n_ff_dense_layers = 96;
  c.n_shared_experts = 1;
  c.router.gating = ExpertGating::Sigmoid;
  c.router.normalize = true;
  c.router.scale = 2.5f;
  c.router.n_group = 4;
  c.router.n_group_used = 2;
  return c;
}

TEST(MoeFamilies, Glm4MoeLayoutAndRouting) {
  auto spec = build_model_spec(random_model_file(glm()));
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_FALSE(spec->layers[0].is_moe());
  EXPECT_EQ(spec->layers[0].n_ff, 96);
  EXPECT_TRUE(spec->layers[1].is_moe());
  EXPECT_EQ(spec->layers[1].n_ff, 32);
  EXPECT_EQ(spec->layers[1].n_ff_shared, 32);  // one shared expert as wide as an expert
  EXPECT_EQ(spec->layers[2][LayerTensor::SharedDown].dims, (std::vector<int64_t>{32, 64}));
  EXPECT_EQ(spec->layers[1][LayerTensor::RouterSelectBias].name, "blk.1.exp_probs_b.bias");
  EXPECT_EQ(spec->layers[0][LayerTensor::FfnNorm].name, "blk.0.post_attention_norm.weight");
  EXPECT_TRUE(spec->layers[0].has(LayerTensor::Bq));
  EXPECT_EQ(spec->rope.n_dims, 16);
  EXPECT_EQ(spec->rope.mode, RopeMode::NeoX);
  EXPECT_EQ(spec->router.gating, ExpertGating::Sigmoid);
  EXPECT_TRUE(spec->router.normalize);
  EXPECT_FLOAT_EQ(spec->router.scale, 2.5f);
  EXPECT_EQ(spec->router.n_group, 4);
  EXPECT_EQ(spec->router.n_group_used, 2);
  EXPECT_TRUE(has_feature(*spec, ModelFeature::RouterChoices));
  EXPECT_TRUE(has_feature(*spec, ModelFeature::LeadingDenseLayers));
  EXPECT_TRUE(has_feature(*spec, ModelFeature::SharedExpert));
}

// GLM-4.5's files: block_count counts the MTP block, the gating key may be absent (sigmoid, as
// llama.cpp reads glm4moe), expert_shared_count 0 means no shared expert.
TEST(MoeFamilies, Glm4MoeMtpBlockDefaultGatingNoSharedExpert) {
  RandomModelConfig c = glm();
  c.n_shared_experts = 0;
  auto file = rewritten(
      c,
      [](gguf::GgufWriter& w) {
        w.set_u32("glm4moe.block_count", 4);
        w.set_u32("glm4moe.nextn_predict_layers", 1);
        EXPECT_TRUE(w.add_tensor_f32("blk.3.nextn.eh_proj.weight", {128, 64}, std::vector<float>(128 * 64, 0.0f)).ok());
      },
      {"glm4moe.expert_gating_func"});
  ASSERT_TRUE(file);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->n_layer, 3);
  EXPECT_EQ(spec->router.gating, ExpertGating::Sigmoid);
  EXPECT_EQ(spec->layers[1].n_ff_shared, 0);
  EXPECT_FALSE(spec->layers[1].has(LayerTensor::SharedGate));
}

TEST(MoeFamilies, BadRouterKeysAreNamed) {
  auto gating =
      build_model_spec(rewritten(glm(), [](gguf::GgufWriter& w) { w.set_u32("glm4moe.expert_gating_func", 4); }));
  ASSERT_FALSE(gating.ok());
  EXPECT_EQ(gating.error().kind, ErrorKind::Unsupported);
  EXPECT_NE(gating.error().message.find("glm4moe.expert_gating_func"), std::string::npos) << gating.error().message;
  auto groups =
      build_model_spec(rewritten(glm(), [](gguf::GgufWriter& w) { w.set_u32("glm4moe.expert_group_count", 3); }));
  ASSERT_FALSE(groups.ok());
  EXPECT_NE(groups.error().message.find("glm4moe.expert_group_count"), std::string::npos) << groups.error().message;
  RandomModelConfig no_bias = glm();
  no_bias.omit = {"blk.2.exp_probs_b.bias"};
  auto bias = build_model_spec(random_model_file(no_bias));
  ASSERT_FALSE(bias.ok());
  EXPECT_NE(bias.error().message.find("blk.2.exp_probs_b.bias"), std::string::npos) << bias.error().message;
}

}  // namespace
}  // namespace tessera::test
