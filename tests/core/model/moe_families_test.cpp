// The 2026 mixture-of-experts families' files: what the loader reads of their expert layout and
// routing (GLM-4.x: glm4moe; the DeepSeek-V3 family: deepseek2; Llama 4: llama4), and the errors a
// bad file gets. The logits against the float64 reference: the conformance suite's cases.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <set>

#include "core/model/random_model.h"
#include "backend/layer_state.h"
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
  set_v3_style_experts(c);
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

RandomModelConfig deepseek() {
  RandomModelConfig c;
  c.arch = "deepseek2";
  c.n_layer = 3;
  c.n_expert = 8;
  c.n_expert_used = 2;
  set_v3_style_experts(c);
  c.router.scale = 1.0f;
  set_deepseek_latent_attention(c);
  c.v_head = 16;
  return c;
}

TEST(MoeFamilies, DeepSeek2LatentAttentionLayout) {
  auto spec = build_model_spec(random_model_file(deepseek()));
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  const MlaParams& m = spec->mla;
  EXPECT_EQ(m.q_lora_rank, 32);
  EXPECT_EQ(m.kv_lora_rank, 64);
  EXPECT_EQ(m.qk_nope, 32);
  EXPECT_EQ(m.qk_rope, 32);
  EXPECT_EQ(m.v_head, 16);
  EXPECT_EQ(spec->head_dim, 64);  // N + R: the scores are divided by its square root
  EXPECT_EQ(spec->n_head_kv, 1);
  EXPECT_FLOAT_EQ(spec->attention_scale, 0.125f);
  EXPECT_EQ(spec->rope.mode, RopeMode::Normal);
  const LayerSpec& l = spec->layers[1];
  EXPECT_EQ(l[LayerTensor::AttnQB].dims, (std::vector<int64_t>{32, 4 * 64}));
  EXPECT_EQ(l[LayerTensor::AttnKvA].dims, (std::vector<int64_t>{64, 96}));
  EXPECT_EQ(l[LayerTensor::AttnKB].dims, (std::vector<int64_t>{32, 64, 4}));
  EXPECT_EQ(l[LayerTensor::AttnVB].dims, (std::vector<int64_t>{64, 16, 4}));
  EXPECT_EQ(l[LayerTensor::Wo].dims, (std::vector<int64_t>{4 * 16, 64}));
  EXPECT_FALSE(l.has(LayerTensor::Wq));
  EXPECT_FALSE(l.has(LayerTensor::Wk));
  EXPECT_EQ(l[LayerTensor::FfnNorm].name, "blk.1.ffn_norm.weight");
  EXPECT_TRUE(l.has(LayerTensor::RouterSelectBias));
  EXPECT_EQ(spec->layers[1].n_ff_shared, 32);
  EXPECT_FALSE(spec->layers[0].is_moe());
  // The cache: one row of latent + rotated key per position and layer, no values.
  EXPECT_EQ(spec->cache_k_width_of(l), 96);
  EXPECT_EQ(spec->cache_v_width_of(l), 0);
  const LayerStateBytes st = model_state_bytes(*spec, 10, KvCacheType::F16);
  EXPECT_EQ(st.latent_cache, 3u * 96 * 2 * 10);
  EXPECT_EQ(st.kv_cache, 0u);
  EXPECT_TRUE(has_feature(*spec, ModelFeature::LatentAttention));
}

// DeepSeek-V2-Lite's files: no q_lora_rank (queries from attn_q.weight), no gating key (softmax),
// no selection bias; YaRN with yarn_log_multiplier: cos/sin keep magnitude 1, the scores get mscale^2.
TEST(MoeFamilies, DeepSeek2LiteQueriesSoftmaxAndYarnScale) {
  RandomModelConfig c = deepseek();
  c.q_lora_rank = 0;
  c.scaling = RopeScalingKind::Yarn;
  c.scaling_factor = 40.0;
  c.original_ctx = 64;
  c.yarn_log_multiplier = 0.0707;
  c.omit = {"blk.1.exp_probs_b.bias", "blk.2.exp_probs_b.bias"};
  auto file = rewritten(c, [](gguf::GgufWriter&) {}, {"deepseek2.expert_gating_func"});
  ASSERT_TRUE(file);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->mla.q_lora_rank, 0);
  EXPECT_EQ(spec->layers[1][LayerTensor::Wq].dims, (std::vector<int64_t>{64, 4 * 64}));
  EXPECT_FALSE(spec->layers[1].has(LayerTensor::AttnQA));
  EXPECT_FALSE(spec->layers[1].has(LayerTensor::RouterSelectBias));
  EXPECT_EQ(spec->router.gating, ExpertGating::Softmax);
  EXPECT_FLOAT_EQ(spec->rope.attn_factor, 1.0f);
  const double mscale = 1.0 + 0.0707 * std::log(40.0);
  EXPECT_NEAR(spec->attention_scale, mscale * mscale / 8.0, 1e-6);
}

TEST(MoeFamilies, DeepSeek2FilesTesseraCannotReadAreNamed) {
  // An older conversion with the decompressing attn_kv_b.weight.
  RandomModelConfig old = deepseek();
  old.omit = {"blk.0.attn_k_b.weight"};
  auto legacy = build_model_spec(rewritten(old, [](gguf::GgufWriter& w) {
    EXPECT_TRUE(w.add_tensor_f32("blk.0.attn_kv_b.weight", {64, 4 * 48}, std::vector<float>(64 * 4 * 48, 0.0f)).ok());
  }));
  ASSERT_FALSE(legacy.ok());
  EXPECT_EQ(legacy.error().kind, ErrorKind::Unsupported);
  EXPECT_NE(legacy.error().message.find("attn_kv_b.weight"), std::string::npos) << legacy.error().message;
  // value_length must be the latent's rank.
  auto value = build_model_spec(
      rewritten(deepseek(), [](gguf::GgufWriter& w) { w.set_u32("deepseek2.attention.value_length", 16); }));
  ASSERT_FALSE(value.ok());
  EXPECT_NE(value.error().message.find("deepseek2.attention.value_length"), std::string::npos)
      << value.error().message;
  // Rotated dims that leave no unrotated ones.
  auto rope = build_model_spec(
      rewritten(deepseek(), [](gguf::GgufWriter& w) { w.set_u32("deepseek2.attention.key_length_mla", 32); }));
  ASSERT_FALSE(rope.ok());
  EXPECT_NE(rope.error().message.find("key_length_mla"), std::string::npos) << rope.error().message;
  // Missing latent tensors are named.
  RandomModelConfig missing = deepseek();
  missing.omit = {"blk.2.attn_v_b.weight"};
  auto tensor = build_model_spec(random_model_file(missing));
  ASSERT_FALSE(tensor.ok());
  EXPECT_NE(tensor.error().message.find("blk.2.attn_v_b.weight"), std::string::npos) << tensor.error().message;
}

// Llama 4 in small, as the conformance case has it: experts on layers 1 and 3 (interleave step 2,
// as Maverick), the others dense and wider, llama3 divisors in rope_freqs.weight. No chunk or
// temperature keys: a file as llama.cpp's converter writes it.
RandomModelConfig llama4() {
  RandomModelConfig c;
  c.arch = "llama4";
  c.n_layer = 4;
  c.n_expert = 4;
  c.n_expert_used = 1;
  c.moe_layer_step = 2;
  c.n_ff = 32;
  c.n_ff_dense_layers = 96;
  c.scaling = RopeScalingKind::RopeFreqsTensor;
  c.rope_base = 500000.0;
  return c;
}

TEST(MoeFamilies, Llama4LayoutAndLayerPattern) {
  auto file = random_model_file(llama4());
  ASSERT_TRUE(file);
  for (const char* key : {"llama4.attention.sliding_window", "llama4.attention.temperature_length",
                          "llama4.attention.temperature_scale", "llama4.attention.sliding_window_pattern"})
    EXPECT_FALSE(file->has(key)) << key;
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  // Three chunked rotary layers, then a full one without RoPE: llama.cpp's fixed values.
  EXPECT_EQ(spec->attention_chunk, 8192);
  for (int l = 0; l < 4; ++l) {
    EXPECT_EQ(spec->layers[static_cast<size_t>(l)].chunked, l != 3) << l;
    EXPECT_EQ(spec->layers[static_cast<size_t>(l)].nope, l == 3) << l;
    EXPECT_FALSE(spec->layers[static_cast<size_t>(l)].sliding) << l;
  }
  EXPECT_EQ(spec->sliding_window, 0);
  EXPECT_FLOAT_EQ(spec->attention_temperature.scale, 0.1f);
  EXPECT_EQ(spec->attention_temperature.floor_scale, 8192);
  EXPECT_FLOAT_EQ(spec->attention_temperature.offset, 1.0f);
  EXPECT_TRUE(spec->unit_qk_norm);
  EXPECT_FALSE(spec->layers[0].has(LayerTensor::QNorm));
  EXPECT_EQ(spec->rope.mode, RopeMode::Normal);
  EXPECT_EQ(spec->rope.freq_factors.size(), 8u);
  EXPECT_FLOAT_EQ(spec->attention_scale, 0.25f);
  // Dense layers 0 and 2 (feed_forward_length), experts with an expert-wide shared one on 1 and 3.
  EXPECT_FALSE(spec->layers[0].is_moe());
  EXPECT_EQ(spec->layers[0].n_ff, 96);
  EXPECT_EQ(spec->layers[2][LayerTensor::FfnDown].dims, (std::vector<int64_t>{96, 64}));
  EXPECT_TRUE(spec->layers[1].is_moe());
  EXPECT_EQ(spec->layers[1].n_ff, 32);
  EXPECT_EQ(spec->layers[3].n_ff_shared, 32);
  EXPECT_EQ(spec->layers[3][LayerTensor::SharedGate].name, "blk.3.ffn_gate_shexp.weight");
  EXPECT_EQ(spec->layers[3][LayerTensor::SharedDown].dims, (std::vector<int64_t>{32, 64}));
  EXPECT_FALSE(spec->layers[3].has(LayerTensor::SharedGateLogit));
  EXPECT_EQ(spec->layers[1][LayerTensor::ExpertUp].dims, (std::vector<int64_t>{64, 32, 4}));
  // The router: top-k of the logits, the sigmoid weight on the expert's input, nothing else.
  EXPECT_EQ(spec->router.gating, ExpertGating::Sigmoid);
  EXPECT_TRUE(spec->router.select_on_logits);
  EXPECT_TRUE(spec->router.weight_input);
  EXPECT_FALSE(spec->router.normalize);
  EXPECT_FLOAT_EQ(spec->router.scale, 1.0f);
  for (ModelFeature f : {ModelFeature::ChunkedAttention, ModelFeature::NoRopeLayers, ModelFeature::UnitQkNorm,
                         ModelFeature::SharedExpert, ModelFeature::RouterChoices, ModelFeature::LeadingDenseLayers})
    EXPECT_TRUE(has_feature(*spec, f)) << model_feature_name(f);
}

// The keys llama.cpp's converter writes for Llama4ForCausalLM (convert_hf_to_gguf's TextModel and
// LlamaModel keys, Llama4Model's interleave_moe_layer_step and expert_feed_forward_length) and no
// other: what make_reference.py's llama4 file holds. The loader needs nothing more.
TEST(MoeFamilies, Llama4ReadsTheKeysTheConverterWrites) {
  const std::set<std::string> converter = {
      "general.architecture", "general.name", "llama4.context_length", "llama4.embedding_length",
      "llama4.feed_forward_length", "llama4.block_count", "llama4.attention.head_count",
      "llama4.attention.head_count_kv", "llama4.rope.freq_base", "llama4.attention.layer_norm_rms_epsilon",
      "llama4.expert_count", "llama4.expert_used_count", "llama4.attention.key_length",
      "llama4.attention.value_length", "llama4.vocab_size", "llama4.rope.dimension_count",
      "llama4.interleave_moe_layer_step", "llama4.expert_feed_forward_length"};
  auto full = random_model_file(llama4());
  ASSERT_TRUE(full);
  std::set<std::string> drop;
  for (const auto& e : full->metadata())
    if (converter.count(e.key) == 0) drop.insert(e.key);
  auto file = rewritten(llama4(), [](gguf::GgufWriter&) {}, drop);
  ASSERT_TRUE(file);
  for (const auto& e : file->metadata()) EXPECT_TRUE(converter.count(e.key) || e.key == "general.alignment") << e.key;
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_TRUE(spec->layers[0].chunked);
  EXPECT_TRUE(spec->layers[3].nope);
  EXPECT_TRUE(spec->layers[3].is_moe());
  EXPECT_FLOAT_EQ(spec->rope_swa.freq_base, 500000.0f);  // rope.freq_base_swa absent: the chunked layers' base
}

// The chunk, the chunked layers' period and the temperature under llama.cpp's key names (which it
// ignores for llama4; Tessera's writer uses them so a spec reads back the same).
TEST(MoeFamilies, Llama4ChunkAndTemperatureKeys) {
  RandomModelConfig c = llama4();
  c.attention_chunk = 16;
  c.temperature_floor = 4;
  c.temperature_scale = 0.25;
  auto spec = build_model_spec(
      rewritten(c, [](gguf::GgufWriter& w) { w.set_u32("llama4.attention.sliding_window_pattern", 2); }));
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->attention_chunk, 16);
  EXPECT_EQ(spec->attention_temperature.floor_scale, 4);
  EXPECT_FLOAT_EQ(spec->attention_temperature.scale, 0.25f);
  EXPECT_TRUE(spec->layers[0].chunked);
  EXPECT_FALSE(spec->layers[1].chunked);
  EXPECT_TRUE(spec->layers[2].chunked);
  EXPECT_FALSE(spec->layers[2].nope);  // RoPE-free layers stay llama.cpp's every fourth
  EXPECT_TRUE(spec->layers[3].nope);
}

// Maverick's files (128 experts) have no QK-norm, as llama.cpp reads them.
TEST(MoeFamilies, Llama4WithOneHundredTwentyEightExpertsHasNoQkNorm) {
  RandomModelConfig c = llama4();
  c.n_layer = 1;
  c.moe_layer_step = 1;
  c.n_expert = 128;
  c.n_ff = 8;
  c.scaling = RopeScalingKind::None;
  auto spec = build_model_spec(random_model_file(c));
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_FALSE(spec->unit_qk_norm);
  EXPECT_FALSE(has_feature(*spec, ModelFeature::UnitQkNorm));
  EXPECT_TRUE(spec->layers[0].chunked);
}

TEST(MoeFamilies, Llama4FilesTesseraCannotReadAreNamed) {
  auto expect_named = [](const Result<ModelSpec>& r, ErrorKind kind, const std::string& what) {
    ASSERT_FALSE(r.ok()) << what;
    EXPECT_EQ(r.error().kind, kind) << r.error().describe();
    EXPECT_NE(r.error().message.find(what), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("rewritten.gguf"), std::string::npos) << r.error().message;
  };
  // Keys llama.cpp requires.
  for (const char* key :
       {"llama4.interleave_moe_layer_step", "llama4.expert_feed_forward_length", "llama4.expert_count"})
    expect_named(build_model_spec(rewritten(llama4(), [](gguf::GgufWriter&) {}, {key})), ErrorKind::BadFile, key);
  // Every layer full (MobileLLM's conversion), a temperature of no length.
  expect_named(build_model_spec(
                   rewritten(llama4(), [](gguf::GgufWriter& w) { w.set_u32("llama4.attention.sliding_window", 0); })),
               ErrorKind::Unsupported, "llama4.attention.sliding_window");
  expect_named(build_model_spec(rewritten(
                   llama4(), [](gguf::GgufWriter& w) { w.set_u32("llama4.attention.temperature_length", 0); })),
               ErrorKind::BadFile, "llama4.attention.temperature_length");
  // Missing tensors: a shared expert's, a dense layer's.
  for (const char* name : {"blk.1.ffn_up_shexp.weight", "blk.2.ffn_gate.weight"}) {
    RandomModelConfig c = llama4();
    c.omit = {name};
    auto r = build_model_spec(random_model_file(c));
    ASSERT_FALSE(r.ok()) << name;
    EXPECT_EQ(r.error().kind, ErrorKind::BadFile) << r.error().describe();
    EXPECT_NE(r.error().message.find(name), std::string::npos) << r.error().message;
  }
}

}  // namespace
}  // namespace tessera::test
