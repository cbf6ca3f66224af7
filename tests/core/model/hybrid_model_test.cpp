// Qwen3.5/3.6 and Qwen3-Next files (qwen35, qwen35moe, qwen3next): what the loader reads from their
// keys (the layer pattern, the Gated DeltaNet sizes, trailing MTP blocks), and the CPU backend's
// prompt path (the chunked delta rule) against token-by-token decode over several chunks. What
// `inspect` says about them: tests/core/engine/hybrid_chat_test.cpp.
#include <gtest/gtest.h>

#include "backend/cpu_backend.h"
#include "core/model/random_model.h"
#include "model/model_loader.h"

namespace tessera::test {
namespace {

RandomModelConfig hybrid(const std::string& arch) {
  RandomModelConfig c;
  c.arch = arch;
  c.n_layer = 4;
  c.head_size = 32;
  c.n_rot = 8;
  if (arch != "qwen35") {
    c.n_expert = 4;
    c.n_expert_used = 2;
    c.n_ff_shared = 64;
  }
  return c;
}

// The file of `c` with its metadata edited and tensors added (what random_model_bytes cannot say).
std::shared_ptr<const gguf::GgufFile> rewritten(const RandomModelConfig& c,
                                                const std::function<void(gguf::GgufWriter&)>& edit) {
  auto f = random_model_file(c);
  if (!f) return nullptr;
  gguf::GgufWriter w;
  for (const auto& e : f->metadata())
    if (e.key != "general.alignment") w.set(e.key, e.value);
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

TEST(HybridModels, LoaderReadsTheLayerPatternAndDeltaNetSizes) {
  for (const char* arch : {"qwen35", "qwen35moe", "qwen3next"}) {
    const RandomModelConfig c = hybrid(arch);
    auto spec = build_model_spec(random_model_file(c));
    ASSERT_TRUE(spec.ok()) << arch << ": " << spec.error().describe();
    // Every 2nd layer attends (full_attention_interval 2).
    ASSERT_EQ(spec->layers.size(), 4u);
    EXPECT_EQ(spec->layers[0].mixer, LayerMixer::GatedDeltaNet);
    EXPECT_EQ(spec->layers[1].mixer, LayerMixer::Attention);
    EXPECT_EQ(spec->layers[2].mixer, LayerMixer::GatedDeltaNet);
    EXPECT_EQ(spec->layers[3].mixer, LayerMixer::Attention);
    EXPECT_EQ(spec->recurrent_layer_count(), 2);
    const DeltaNetParams& dn = spec->delta_net;
    EXPECT_EQ(dn.conv_kernel, 4);
    EXPECT_EQ(dn.n_k_heads, 2);
    EXPECT_EQ(dn.n_v_heads, 4);
    EXPECT_EQ(dn.head_k_dim, 16);
    EXPECT_EQ(dn.head_v_dim, 16);
    EXPECT_EQ(dn.v_heads_tiled, std::string(arch) != "qwen3next");
    EXPECT_EQ(dn.key_head_of(3), 1);  // tiled: 3 % 2; grouped: 3 / 2
    EXPECT_EQ(dn.key_head_of(2), std::string(arch) != "qwen3next" ? 0 : 1);
    EXPECT_TRUE(spec->attention_output_gate);
    EXPECT_EQ(spec->rope.n_dims, 8);
    EXPECT_EQ(spec->rope.mode, RopeMode::NeoX);
    // The attention layers' Wq carries the gate; the FFN norm is post_attention_norm.weight.
    EXPECT_EQ(spec->layers[1][LayerTensor::Wq].dims, (std::vector<int64_t>{64, 2 * 4 * 32}));
    EXPECT_EQ(spec->layers[0][LayerTensor::FfnNorm].name, "blk.0.post_attention_norm.weight");
    EXPECT_FALSE(spec->layers[0].has(LayerTensor::Wq));
    EXPECT_EQ(spec->layers[0][LayerTensor::DeltaConv].dims, (std::vector<int64_t>{4, 2 * 2 * 16 + 4 * 16}));
    EXPECT_EQ(spec->layers[0][LayerTensor::DeltaA].name, "blk.0.ssm_a");
    EXPECT_EQ(spec->layers[0].has(LayerTensor::DeltaBetaAlpha), std::string(arch) == "qwen3next");
    EXPECT_EQ(spec->layers[2].has(LayerTensor::SharedGate), spec->has_moe());
    if (spec->has_moe()) {
      EXPECT_EQ(spec->layers[2].n_ff_shared, 64);
    }
  }
}

// llama.cpp's converter counts the MTP block in block_count and may list the recurrent layers per
// block; the loader drops the MTP block and reads the same model.
TEST(HybridModels, RecurrentLayerFlagsAndTrailingMtpBlocks) {
  const RandomModelConfig c = hybrid("qwen35");
  auto file = rewritten(c, [](gguf::GgufWriter& w) {
    w.set_u32("qwen35.block_count", 5);
    w.set_u32("qwen35.nextn_predict_layers", 1);
    std::vector<gguf::Value> flags;
    for (bool b : {true, false, true, false, false}) flags.push_back(gguf::Value::boolean(b));
    w.set("qwen35.attention.recurrent_layers", gguf::Value::array(gguf::ValueType::Bool, std::move(flags)));
    w.set_u32("qwen35.full_attention_interval", 3);  // the flags win
    EXPECT_TRUE(w.add_tensor_f32("blk.4.nextn.eh_proj.weight", {128, 64}, std::vector<float>(128 * 64, 0.0f)).ok());
  });
  ASSERT_TRUE(file);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->n_layer, 4);
  EXPECT_EQ(spec->recurrent_layer_count(), 2);
  EXPECT_TRUE(spec->layers[0].is_recurrent());
  EXPECT_FALSE(spec->layers[3].is_recurrent());
}

TEST(HybridModels, BadDeltaNetKeysAndMissingTensorsAreNamed) {
  const RandomModelConfig c = hybrid("qwen35");
  auto uneven = build_model_spec(rewritten(c, [](gguf::GgufWriter& w) { w.set_u32("qwen35.ssm.time_step_rank", 3); }));
  ASSERT_FALSE(uneven.ok());
  EXPECT_NE(uneven.error().message.find("qwen35.ssm.time_step_rank"), std::string::npos) << uneven.error().message;
  RandomModelConfig missing = c;
  missing.omit = {"blk.2.ssm_a"};
  auto spec = build_model_spec(random_model_file(missing));
  ASSERT_FALSE(spec.ok());
  EXPECT_EQ(spec.error().kind, ErrorKind::BadFile);
  EXPECT_NE(spec.error().message.find("blk.2.ssm_a"), std::string::npos) << spec.error().message;
}

// The CPU backend evaluates a prompt by chunks of 64 tokens (the chunked delta rule) and decode
// token by token: a 150-token prompt in one eval gives the logits of 150 single-token evals.
TEST(HybridModels, ChunkedPromptEqualsTokenByTokenDecode) {
  for (const char* arch : {"qwen35", "qwen3next"}) {
    const RandomModelConfig c = hybrid(arch);
    auto spec = build_model_spec(random_model_file(c));
    ASSERT_TRUE(spec.ok()) << spec.error().describe();
    BackendModelSettings s;
    s.n_ctx = 256;
    s.n_batch = 160;
    s.n_threads = 2;
    s.kv_type = KvCacheType::F32;
    s.all_logits = true;
    auto model = CpuBackend().load_model(*spec, s, nullptr);
    ASSERT_TRUE(model.ok()) << model.error().describe();
    const auto tokens = random_tokens(150, c.n_vocab, 21);
    ASSERT_TRUE((*model)->eval(tokens, 0, LogitsRequest::All).ok());
    const auto batch = (*model)->logits();
    ASSERT_TRUE(batch.ok());
    const std::vector<float> all(batch->begin(), batch->end());
    (*model)->kv_clear();
    double worst = 0;
    for (size_t t = 0; t < tokens.size(); ++t) {
      ASSERT_TRUE((*model)->eval(std::span(tokens).subspan(t, 1), static_cast<int32_t>(t), LogitsRequest::Last).ok());
      const auto one = (*model)->logits();
      ASSERT_TRUE(one.ok());
      const size_t v = static_cast<size_t>(c.n_vocab);
      const std::vector<float> row(all.begin() + static_cast<std::ptrdiff_t>(t * v),
                                   all.begin() + static_cast<std::ptrdiff_t>((t + 1) * v));
      worst = std::max(worst, max_relative_error(std::vector<float>(one->begin(), one->end()), row));
    }
    EXPECT_LT(worst, 1e-4) << arch;
    RecordProperty(std::string("max_relative_error_") + arch, std::to_string(worst));
  }
}

}  // namespace
}  // namespace tessera::test
