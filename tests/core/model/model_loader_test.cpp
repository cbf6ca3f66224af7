// ModelSpec construction: hyperparameters, tensor mapping, and clear errors for bad files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/model/random_model.h"
#include "model/model_loader.h"
#include "model/rope_scaling.h"

namespace tessera::test {
namespace {

Result<ModelSpec> spec_of(const RandomModelConfig& c) { return build_model_spec(random_model_file(c, "bad.gguf")); }

void expect_error(const Result<ModelSpec>& r, ErrorKind kind, std::initializer_list<std::string> needles) {
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, kind) << r.error().describe();
  for (const auto& n : needles) EXPECT_NE(r.error().message.find(n), std::string::npos) << r.error().message;
}

TEST(ModelLoader, ReadsHyperparameters) {
  RandomModelConfig c;
  c.n_head = 8;
  c.n_head_kv = 2;
  c.n_rot = 4;
  c.rope_base = 50000;
  c.rms_eps = 1e-6;
  auto r = spec_of(c);
  ASSERT_TRUE(r.ok()) << r.error().describe();
  const ModelSpec& s = *r;
  EXPECT_EQ(s.architecture, "llama");
  EXPECT_EQ(s.name, "random-llama");
  EXPECT_EQ(s.n_vocab, c.n_vocab);
  EXPECT_EQ(s.n_embd, 64);
  EXPECT_EQ(s.n_layer, 2);
  EXPECT_EQ(s.n_head, 8);
  EXPECT_EQ(s.n_head_kv, 2);
  EXPECT_EQ(s.head_dim, 8);
  EXPECT_EQ(s.q_dim(), 64);
  EXPECT_EQ(s.kv_dim(), 16);
  EXPECT_EQ(s.n_ctx_train, 256);
  EXPECT_FLOAT_EQ(s.rms_eps, 1e-6f);
  EXPECT_EQ(s.rope.n_dims, 4);
  EXPECT_FLOAT_EQ(s.rope.freq_base, 50000.0f);
  EXPECT_FLOAT_EQ(s.rope.freq_scale, 1.0f);
  EXPECT_TRUE(s.rope.freq_factors.empty());
  EXPECT_EQ(s.rope.mode, RopeMode::Normal);
  ASSERT_EQ(s.layers.size(), 2u);
  EXPECT_EQ(s.layers[1][LayerTensor::FfnDown].name, "blk.1.ffn_down.weight");
  EXPECT_EQ(s.layers[1][LayerTensor::FfnDown].dims, (std::vector<int64_t>{96, 64}));
  EXPECT_EQ(s.layers[0].n_ff, 96);
  EXPECT_FALSE(s.layers[0].has(LayerTensor::Bq));
  EXPECT_FALSE(s.tied_embeddings);
  EXPECT_EQ(s.output.name, "output.weight");
  // 2 layers x (2 norms + q,k,v,o + 3 ffn) + embd + output_norm + output
  EXPECT_EQ(s.all_tensors().size(), 2u * 9u + 3u);
  const uint64_t per_layer = 2 * 64 + 64 * 64 + 2 * 64 * 16 + 64 * 64 + 3 * 64 * 96;
  EXPECT_EQ(s.parameter_count(), 2 * per_layer + 2 * 64 * c.n_vocab + 64);
  EXPECT_EQ(s.weight_bytes(), s.parameter_count() * 4);
  EXPECT_TRUE(s.weights_owner);
}

TEST(ModelLoader, Qwen2HasBiasesNeoXAndTiedOutput) {
  RandomModelConfig c;
  c.arch = "qwen2";
  c.qkv_bias = true;
  c.tied = true;
  auto r = spec_of(c);
  ASSERT_TRUE(r.ok()) << r.error().describe();
  EXPECT_EQ(r->rope.mode, RopeMode::NeoX);
  EXPECT_TRUE(r->layers[0].has(LayerTensor::Bq));
  EXPECT_TRUE(r->layers[0].has(LayerTensor::Bv));
  EXPECT_TRUE(r->tied_embeddings);
  EXPECT_EQ(r->output.name, "token_embd.weight");
  EXPECT_EQ(r->output.data.data(), r->token_embd.data.data());
  // The tied matrix is counted once.
  EXPECT_EQ(r->all_tensors().size(), 2u * 12u + 2u);
}

TEST(ModelLoader, Qwen2WithoutBiasesIsAnError) {
  RandomModelConfig c;
  c.arch = "qwen2";
  c.omit = {"blk.0.attn_q.bias", "blk.0.attn_k.bias", "blk.0.attn_v.bias"};
  expect_error(spec_of(c), ErrorKind::BadFile, {"missing tensor 'blk.0.attn_q.bias'", "bad.gguf", "qwen2"});
}

TEST(ModelLoader, MistralIsLlama) {
  RandomModelConfig c;
  c.arch = "mistral";
  auto r = spec_of(c);
  ASSERT_TRUE(r.ok()) << r.error().describe();
  EXPECT_EQ(r->architecture, "mistral");
  EXPECT_EQ(r->rope.mode, RopeMode::Normal);
}

TEST(ModelLoader, UnknownArchitecture) {
  gguf::GgufWriter w;
  w.set_string("general.architecture", "gpt2");
  auto f = gguf::GgufFile::from_bytes(w.to_bytes().value(), "gpt2.gguf");
  ASSERT_TRUE(f.ok());
  auto r = build_model_spec(std::shared_ptr<const gguf::GgufFile>(std::move(f).value()));
  expect_error(r, ErrorKind::Unsupported, {"unsupported architecture 'gpt2'", "gpt2.gguf", "llama, mistral, qwen2"});
}

TEST(ModelLoader, MissingArchitectureKey) {
  gguf::GgufWriter w;
  auto f = gguf::GgufFile::from_bytes(w.to_bytes().value(), "empty.gguf");
  ASSERT_TRUE(f.ok());
  auto r = build_model_spec(std::shared_ptr<const gguf::GgufFile>(std::move(f).value()));
  expect_error(r, ErrorKind::BadFile, {"general.architecture", "empty.gguf"});
}

TEST(ModelLoader, MissingTensorIsNamed) {
  RandomModelConfig c;
  c.omit = {"blk.1.ffn_up.weight"};
  expect_error(spec_of(c), ErrorKind::BadFile, {"missing tensor 'blk.1.ffn_up.weight'", "bad.gguf", "[64, 96]"});
  c.omit = {"output_norm.weight"};
  expect_error(spec_of(c), ErrorKind::BadFile, {"missing tensor 'output_norm.weight'"});
  c.omit = {"token_embd.weight"};
  expect_error(spec_of(c), ErrorKind::BadFile, {"missing tensor 'token_embd.weight'"});
}

TEST(ModelLoader, MisshapedTensorNamesExpectedAndFound) {
  RandomModelConfig c;
  c.reshape = {{"blk.0.attn_k.weight", {64, 16}}};
  expect_error(spec_of(c), ErrorKind::BadFile,
               {"tensor 'blk.0.attn_k.weight'", "has shape [64, 16]", "expected [64, 32]"});
  c.reshape = {{"blk.1.ffn_down.weight", {64, 96}}};
  expect_error(spec_of(c), ErrorKind::BadFile, {"'blk.1.ffn_down.weight'", "[64, 96]", "expected [96, 64]"});
  c.reshape = {{"output.weight", {64, 95}}};
  expect_error(spec_of(c), ErrorKind::BadFile, {"'output.weight'", "expected [64, 96]"});
}

TEST(ModelLoader, UnsupportedTensorTypeUsesRequireSupported) {
  RandomModelConfig c;
  c.n_embd = 256;
  c.n_ff = 256;
  c.retype = {{"blk.0.attn_v.weight", GgmlType::Q8_K}};  // a real ggml type Tessera does not compute with
  auto r = spec_of(c);
  ASSERT_FALSE(r.ok());
  const Status expected = require_supported(GgmlType::Q8_K, "blk.0.attn_v.weight");
  EXPECT_EQ(r.error().kind, expected.error().kind);
  EXPECT_EQ(r.error().message, expected.error().message);
}

TEST(ModelLoader, BadHeadCounts) {
  RandomModelConfig c;
  c.n_head = 4;
  c.n_head_kv = 3;
  expect_error(spec_of(c), ErrorKind::BadFile, {"head_count 4", "head_count_kv 3"});
}

TEST(ModelLoader, RopeScalingVariants) {
  RandomModelConfig c;
  c.scaling = RopeScalingKind::Linear;
  c.scaling_factor = 4.0;
  auto r = spec_of(c);
  ASSERT_TRUE(r.ok());
  EXPECT_FLOAT_EQ(r->rope.freq_scale, 0.25f);

  c.scaling = RopeScalingKind::RopeFreqsTensor;
  r = spec_of(c);
  ASSERT_TRUE(r.ok()) << r.error().describe();
  ASSERT_EQ(r->rope.freq_factors.size(), static_cast<size_t>(c.rot() / 2));
  EXPECT_FLOAT_EQ(r->rope.freq_factors.front(), 1.0f);
  EXPECT_FLOAT_EQ(r->rope.freq_factors.back(), 4.0f);

  c.scaling = RopeScalingKind::Llama3Metadata;
  r = spec_of(c);
  ASSERT_TRUE(r.ok()) << r.error().describe();
  EXPECT_EQ(r->rope.freq_factors.size(), static_cast<size_t>(c.rot() / 2));
}

TEST(ModelLoader, UnknownRopeScalingIsUnsupported) {
  gguf::GgufWriter w;
  auto bytes = random_model_bytes(RandomModelConfig{});
  auto f0 = gguf::GgufFile::from_bytes(bytes, "x");
  ASSERT_TRUE(f0.ok());
  // Re-write the same model with a yarn key.
  for (const auto& e : (*f0)->metadata()) w.set(e.key, e.value);
  w.set_string("llama.rope.scaling.type", "dynamic");
  for (const auto& t : (*f0)->tensors()) {
    auto d = (*f0)->tensor_data(t);
    ASSERT_TRUE(w.add_tensor(t.name, t.type, t.dims, std::vector<uint8_t>(d.begin(), d.end())).ok());
  }
  auto f = gguf::GgufFile::from_bytes(w.to_bytes().value(), "dynamic.gguf");
  ASSERT_TRUE(f.ok());
  expect_error(build_model_spec(std::shared_ptr<const gguf::GgufFile>(std::move(f).value())), ErrorKind::Unsupported,
               {"rope scaling type 'dynamic'", "dynamic.gguf", "yarn"});
}

RandomModelConfig gpt_oss_config() {
  RandomModelConfig c;
  c.arch = "gpt-oss";
  c.n_layer = 3;
  c.n_expert = 4;
  c.n_expert_used = 2;
  c.qkv_bias = true;
  c.sliding_window = 8;
  c.scaling = RopeScalingKind::Yarn;
  c.scaling_factor = 32.0;
  c.rope_base = 150000.0;
  c.original_ctx = 4096.0;
  return c;
}

TEST(ModelLoader, GptOssReadsItsBlocks) {
  const RandomModelConfig c = gpt_oss_config();
  auto r = spec_of(c);
  ASSERT_TRUE(r.ok()) << r.error().describe();
  const ModelSpec& s = *r;
  EXPECT_EQ(s.rope.mode, RopeMode::NeoX);
  EXPECT_EQ(s.activation, FfnActivation::SwiGluOai);
  EXPECT_EQ(s.n_expert, 4);
  EXPECT_EQ(s.sliding_window, 8);
  // Even layers slide (llama.cpp's period 2: l % 2 < 1).
  EXPECT_TRUE(s.layers[0].sliding);
  EXPECT_FALSE(s.layers[1].sliding);
  EXPECT_TRUE(s.layers[2].sliding);
  const LayerSpec& l = s.layers[1];
  EXPECT_TRUE(l.is_moe());
  // The FFN norm is the file's post_attention_norm (llama.cpp's name); no post-norm slot.
  EXPECT_EQ(l[LayerTensor::FfnNorm].name, "blk.1.post_attention_norm.weight");
  EXPECT_FALSE(l.has(LayerTensor::AttnPostNorm));
  EXPECT_EQ(l[LayerTensor::AttnSinks].dims, (std::vector<int64_t>{4}));
  EXPECT_EQ(l[LayerTensor::RouterBias].dims, (std::vector<int64_t>{4}));
  EXPECT_EQ(l[LayerTensor::ExpertGateBias].dims, (std::vector<int64_t>{96, 4}));
  EXPECT_EQ(l[LayerTensor::ExpertUpBias].name, "blk.1.ffn_up_exps.bias");
  EXPECT_EQ(l[LayerTensor::ExpertDownBias].dims, (std::vector<int64_t>{64, 4}));
  EXPECT_TRUE(l.has(LayerTensor::Bo));
  EXPECT_TRUE(l.has(LayerTensor::Bq));
  // YaRN: divisors and the magnitude factor, the same for the sliding layers' rope.
  EXPECT_FLOAT_EQ(s.rope.yarn.factor, 32.0f);
  EXPECT_EQ(s.rope.yarn.original_context, 4096);
  EXPECT_FLOAT_EQ(s.rope.freq_scale, 1.0f);
  ASSERT_EQ(s.rope.freq_factors.size(), 8u);
  EXPECT_FLOAT_EQ(s.rope.attn_factor, static_cast<float>(1.0 + 0.1 * std::log(32.0)));
  EXPECT_EQ(s.rope_swa.freq_factors, s.rope.freq_factors);
  EXPECT_EQ(s.rope_swa.attn_factor, s.rope.attn_factor);
}

TEST(ModelLoader, GptOssWithoutSinksOrExpertBiasesIsAnError) {
  RandomModelConfig c = gpt_oss_config();
  c.omit = {"blk.1.attn_sinks.weight"};
  expect_error(spec_of(c), ErrorKind::BadFile, {"missing tensor 'blk.1.attn_sinks.weight'", "gpt-oss", "[4]"});
  c.omit = {"blk.0.ffn_down_exps.bias"};
  expect_error(spec_of(c), ErrorKind::BadFile, {"missing tensor 'blk.0.ffn_down_exps.bias'", "[64, 4]"});
  c.omit = {};
  c.reshape = {{"blk.2.ffn_gate_exps.bias", {96, 3}}};
  expect_error(spec_of(c), ErrorKind::BadFile, {"blk.2.ffn_gate_exps.bias", "[96, 3]", "expected [96, 4]"});
}

TEST(ModelLoader, GptOssBadYarnBetasAreNamed) {
  gguf::GgufWriter w;
  auto bytes = random_model_bytes(gpt_oss_config());
  auto f0 = gguf::GgufFile::from_bytes(bytes, "x");
  ASSERT_TRUE(f0.ok());
  for (const auto& e : (*f0)->metadata()) w.set(e.key, e.value);
  w.set_f32("gpt-oss.rope.scaling.yarn_beta_slow", 64.0f);  // above beta_fast
  for (const auto& t : (*f0)->tensors()) {
    auto d = (*f0)->tensor_data(t);
    ASSERT_TRUE(w.add_tensor(t.name, t.type, t.dims, std::vector<uint8_t>(d.begin(), d.end())).ok());
  }
  auto f = gguf::GgufFile::from_bytes(w.to_bytes().value(), "betas.gguf");
  ASSERT_TRUE(f.ok());
  expect_error(build_model_spec(std::shared_ptr<const gguf::GgufFile>(std::move(f).value())), ErrorKind::BadFile,
               {"yarn", "betas.gguf", "yarn_beta_slow (64"});
}

// gpt-oss's rope (64 dims, base 150000, factor 32 over 4096 positions, betas 32 and 1) against the
// closed form: corr(b) = 64 ln(4096 / (2 pi b)) / (2 ln 150000) is 8.09 for b = 32 and 17.40 for
// b = 1, so pairs 0..8 keep their frequency, pairs 18.. are divided by 32 and pairs in between mix
// linearly; cos and sin are scaled by 1 + 0.1 ln 32.
TEST(RopeScaling, YarnMatchesTheClosedForm) {
  YarnRopeScaling s;
  s.factor = 32.0;
  s.original_context_length = 4096.0;
  const YarnRope y = yarn_rope(s, 64, 150000.0);
  ASSERT_EQ(y.freq_factors.size(), 32u);
  const double corr_fast = 64.0 * std::log(4096.0 / (2.0 * std::numbers::pi * 32.0)) / (2.0 * std::log(150000.0));
  const double corr_slow = 64.0 * std::log(4096.0 / (2.0 * std::numbers::pi * 1.0)) / (2.0 * std::log(150000.0));
  ASSERT_NEAR(corr_fast, 8.09, 0.01);
  ASSERT_NEAR(corr_slow, 17.40, 0.01);
  const double low = 8.0, high = 18.0;
  for (int i = 0; i < 32; ++i) {
    const double mix = 1.0 - std::clamp((i - low) / (high - low), 0.0, 1.0);  // share of the original frequency
    const double want = 1.0 / (mix + (1.0 - mix) / 32.0);
    EXPECT_NEAR(y.freq_factors[static_cast<size_t>(i)], want, 1e-5 * want) << i;
  }
  EXPECT_FLOAT_EQ(y.freq_factors[0], 1.0f);
  EXPECT_FLOAT_EQ(y.freq_factors[8], 1.0f);
  EXPECT_NEAR(y.freq_factors[13], 1.0 / (0.5 + 0.5 / 32.0), 1e-5);
  EXPECT_FLOAT_EQ(y.freq_factors[18], 32.0f);
  EXPECT_FLOAT_EQ(y.freq_factors[31], 32.0f);
  EXPECT_NEAR(y.attn_factor, 1.0 + 0.1 * std::log(32.0), 1e-6);
  // No extension: no magnitude change.
  s.factor = 1.0;
  EXPECT_FLOAT_EQ(yarn_rope(s, 64, 150000.0).attn_factor, 1.0f);
}

// Llama 3.1 8B's parameters: base 500000, 128 rotated dims, factor 8, low 1, high 4, original 8192.
TEST(RopeScaling, Llama3FactorsHaveTheKnownShape) {
  Llama3RopeScaling s;
  const auto f = llama3_rope_freq_factors(s, 128, 500000.0);
  ASSERT_EQ(f.size(), 64u);
  EXPECT_FLOAT_EQ(f.front(), 1.0f);  // wavelength 2 pi < 2048: untouched
  EXPECT_FLOAT_EQ(f.back(), 8.0f);   // longest wavelengths: divided by the factor
  for (size_t i = 1; i < f.size(); ++i) EXPECT_GE(f[i], f[i - 1]);
  // Pairs whose wavelength lies between 2048 and 8192 are smoothly interpolated.
  int smooth = 0;
  for (float v : f) smooth += (v > 1.0f && v < 8.0f);
  EXPECT_GT(smooth, 0);
  // Pair 20: freq = 500000^(-40/128), wavelength ~ 374 < 2048 -> 1.
  EXPECT_FLOAT_EQ(f[20], 1.0f);
}

}  // namespace
}  // namespace tessera::test
