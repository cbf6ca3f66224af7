#include "synth/synthetic_model.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "backend/cpu_backend.h"
#include "backend/layer_state.h"
#include "gguf/gguf_file.h"
#include "model/model_loader.h"
#include "quant/dequantize.h"
#include "support/test_support.h"

namespace tessera::synth {
namespace {

const GgmlType kAllTypes[] = {GgmlType::F32,  GgmlType::F16,  GgmlType::BF16, GgmlType::Q4_0, GgmlType::Q4_1,
                              GgmlType::Q5_0, GgmlType::Q5_1, GgmlType::Q8_0, GgmlType::Q2_K, GgmlType::Q3_K,
                              GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K, GgmlType::IQ2_XXS, GgmlType::IQ2_XS,
                              GgmlType::IQ3_XXS, GgmlType::IQ1_S, GgmlType::IQ4_NL, GgmlType::IQ3_S, GgmlType::IQ2_S,
                              GgmlType::IQ4_XS, GgmlType::IQ1_M, GgmlType::TQ1_0, GgmlType::TQ2_0, GgmlType::MXFP4};

TEST(ModelShapes, KnownShapesAreConsistent) {
  for (const auto& s : known_shapes()) {
    SCOPED_TRACE(s.name);
    if (s.head_dim == 0) {
      EXPECT_EQ(s.n_embd % s.n_head, 0);  // else the head size is its own
    }
    EXPECT_EQ(s.n_head % s.n_head_kv, 0);
    EXPECT_GT(s.n_vocab, 259);
    EXPECT_EQ(find_shape(s.name), &s);
  }
  EXPECT_EQ(find_shape("no-such-model"), nullptr);
  EXPECT_THAT(shape_names(), ::testing::HasSubstr("llama3-8b"));
}

TEST(ModelShapes, Llama3_8bHasTheKnownParameterCount) {
  const ModelShape* s = find_shape("llama3-8b");
  ASSERT_NE(s, nullptr);
  SynthOptions o;
  o.type = GgmlType::F32;
  o.output_q6k_for_kquants = false;
  // 8.03 billion parameters, 4 bytes each.
  const double params = synthetic_weight_bytes(*s, o) / 4.0;
  EXPECT_NEAR(params / 1e9, 8.03, 0.01);
}

// Qwen3.6-27B and 35B-A3B: their text models' parameters from the published shapes (the model
// cards' 27B and 35B include a vision encoder of about 0.4B and the MTP block, which synth leaves
// out); the hybrid layer pattern and the Gated DeltaNet sizes as the loader reads them back.
TEST(ModelShapes, Qwen36ShapesAreHybridWithTheirPublishedSizes) {
  SynthOptions o;
  o.type = GgmlType::F32;
  o.output_q6k_for_kquants = false;
  const ModelShape* dense = find_shape("qwen3.6-27b");
  ASSERT_NE(dense, nullptr);
  EXPECT_NEAR(synthetic_weight_bytes(*dense, o) / 4.0 / 1e9, 26.90, 0.01);
  auto spec = shape_hyperparameters(*dense);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->recurrent_layer_count(), 48);
  EXPECT_FALSE(spec->layers[3].is_recurrent());
  EXPECT_TRUE(spec->layers[62].is_recurrent());
  EXPECT_EQ(spec->delta_net.n_v_heads, 48);
  EXPECT_EQ(spec->delta_net.n_k_heads, 16);
  EXPECT_EQ(spec->delta_net.head_v_dim, 128);
  EXPECT_EQ(spec->rope.n_dims, 64);
  EXPECT_TRUE(spec->attention_output_gate);
  const ModelShape* moe = find_shape("qwen3.6-35b-a3b");
  ASSERT_NE(moe, nullptr);
  EXPECT_NEAR(synthetic_weight_bytes(*moe, o) / 4.0 / 1e9, 34.66, 0.01);
  auto moe_spec = shape_hyperparameters(*moe);
  ASSERT_TRUE(moe_spec.ok());
  EXPECT_EQ(moe_spec->n_expert, 256);
  EXPECT_EQ(moe_spec->n_expert_used, 8);
  EXPECT_EQ(moe_spec->layers[0].n_ff_shared, 512);
  EXPECT_EQ(moe_spec->recurrent_layer_count(), 30);
}

// Qwen2.5-1.5B: 1.54 billion parameters (its model card), embeddings tied to the output.
TEST(ModelShapes, Qwen25_1_5bHasTheKnownParameterCount) {
  const ModelShape* s = find_shape("qwen2.5-1.5b");
  ASSERT_NE(s, nullptr);
  SynthOptions o;
  o.type = GgmlType::F32;
  o.output_q6k_for_kquants = false;
  EXPECT_NEAR(synthetic_weight_bytes(*s, o) / 4.0 / 1e9, 1.54, 0.01);
}

// gpt-oss-20b: 20.9 billion parameters (OpenAI's model card: 20.91B), YaRN x32 of 4096 and
// 128-position windows on even layers as the loader reads them back.
TEST(ModelShapes, GptOss20bHasTheKnownParameterCountAndBlocks) {
  const ModelShape* s = find_shape("gpt-oss-20b");
  ASSERT_NE(s, nullptr);
  SynthOptions o;
  o.type = GgmlType::F32;
  o.output_q6k_for_kquants = false;
  EXPECT_NEAR(synthetic_weight_bytes(*s, o) / 4.0 / 1e9, 20.91, 0.02);
  auto spec = shape_hyperparameters(*s);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->activation, FfnActivation::SwiGluOai);
  EXPECT_FLOAT_EQ(spec->rope.yarn.factor, 32.0f);
  EXPECT_EQ(spec->rope.yarn.original_context, 4096);
  EXPECT_EQ(spec->rope.freq_factors.size(), 32u);
  EXPECT_EQ(spec->sliding_window, 128);
  EXPECT_TRUE(spec->layers[0].sliding);
  EXPECT_FALSE(spec->layers[1].sliding);
}

// Gemma 4 31B and 26B-A4B: 30.70B and 25.23B parameters (the model cards' 30.7B and 25.2B; their
// vision encoders are not in the text GGUF), the sliding and full layers' geometry, the expert
// branch beside the MLP, and what one position of context keeps (F16: 50 sliding layers x 16 KV
// heads x 256 + 10 full layers x 4 x 512, keys and values: 880 KiB for 31B).
TEST(ModelShapes, Gemma4ShapesHaveTheirPublishedSizes) {
  SynthOptions o;
  o.type = GgmlType::F32;
  o.output_q6k_for_kquants = false;
  const ModelShape* dense = find_shape("gemma4-31b");
  ASSERT_NE(dense, nullptr);
  EXPECT_NEAR(synthetic_weight_bytes(*dense, o) / 4.0 / 1e9, 30.697, 0.001);
  auto spec = shape_hyperparameters(*dense);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_TRUE(spec->layers[0].sliding);
  EXPECT_FALSE(spec->layers[5].sliding);
  EXPECT_EQ(spec->head_dim_of(spec->layers[0]), 256);
  EXPECT_EQ(spec->head_dim_of(spec->layers[5]), 512);
  EXPECT_EQ(spec->n_head_kv_of(spec->layers[5]), 4);
  EXPECT_TRUE(spec->layers[5].value_from_key);
  EXPECT_EQ(spec->rope.n_dims, 512);
  EXPECT_EQ(spec->rope_swa.n_dims, 256);
  EXPECT_EQ(spec->rope.freq_factors[63], 1.0f);
  EXPECT_EQ(spec->rope.freq_factors[64], 1e30f);
  EXPECT_FLOAT_EQ(spec->final_softcap, 30.0f);
  EXPECT_EQ(model_state_bytes(*spec, 1, KvCacheType::F16).kv_cache, 880u * 1024);
  const ModelShape* moe = find_shape("gemma4-26b-a4b");
  ASSERT_NE(moe, nullptr);
  EXPECT_NEAR(synthetic_weight_bytes(*moe, o) / 4.0 / 1e9, 25.233, 0.001);
  auto moe_spec = shape_hyperparameters(*moe);
  ASSERT_TRUE(moe_spec.ok()) << moe_spec.error().describe();
  EXPECT_EQ(moe_spec->n_expert, 128);
  EXPECT_EQ(moe_spec->layers[0].n_ff, 704);
  EXPECT_EQ(moe_spec->layers[0].n_ff_dense, 2112);
  EXPECT_EQ(model_state_bytes(*moe_spec, 1, KvCacheType::F16).kv_cache, 220u * 1024);
}

// GLM-4.5-Air: 106.85B parameters without its MTP block (the model card's 106B), the dense first
// layer, 127 routed + 1 shared expert of 1408, 184 KiB of F16 KV per token.
TEST(ModelShapes, Glm45AirHasItsPublishedSize) {
  SynthOptions o;
  o.type = GgmlType::F32;
  o.output_q6k_for_kquants = false;
  const ModelShape* s = find_shape("glm4.5-air");
  ASSERT_NE(s, nullptr);
  EXPECT_NEAR(synthetic_weight_bytes(*s, o) / 4.0 / 1e9, 106.852, 0.001);
  auto spec = shape_hyperparameters(*s);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_FALSE(spec->layers[0].moe);
  EXPECT_EQ(spec->layers[0].n_ff, 10944);
  EXPECT_TRUE(spec->layers[1].moe);
  EXPECT_EQ(spec->layers[1].n_ff, 1408);
  EXPECT_EQ(spec->layers[1].n_ff_shared, 1408);
  EXPECT_EQ(spec->router.gating, ExpertGating::Sigmoid);
  EXPECT_TRUE(spec->router.normalize);
  EXPECT_EQ(model_state_bytes(*spec, 1, KvCacheType::F16).kv_cache, 184u * 1024);
}

// DeepSeek-V2-Lite: 15.706B parameters (the model card's 15.7B), the latent's 576 values per
// position and layer in the cache (30.375 KiB of F16 per token, against 27 x 2 x 16 x 192 x 2 =
// 324 KiB of per-head K and V).
TEST(ModelShapes, DeepSeekV2LiteHasItsPublishedSize) {
  SynthOptions o;
  o.type = GgmlType::F32;
  o.output_q6k_for_kquants = false;
  const ModelShape* s = find_shape("deepseek-v2-lite");
  ASSERT_NE(s, nullptr);
  EXPECT_NEAR(synthetic_weight_bytes(*s, o) / 4.0 / 1e9, 15.706, 0.001);
  auto spec = shape_hyperparameters(*s);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->mla.kv_lora_rank, 512);
  EXPECT_EQ(spec->mla.q_lora_rank, 0);
  EXPECT_EQ(spec->mla.qk_rope, 64);
  EXPECT_EQ(spec->head_dim, 192);
  EXPECT_FALSE(spec->layers[0].moe);
  EXPECT_EQ(spec->layers[1].n_ff_shared, 2816);
  EXPECT_EQ(spec->router.gating, ExpertGating::Softmax);
  const LayerStateBytes st = model_state_bytes(*spec, 1, KvCacheType::F16);
  EXPECT_EQ(st.latent_cache, 27u * 576 * 2);
  EXPECT_EQ(st.kv_cache, 0u);
  // YaRN's mscale in the scores, none on cos/sin.
  const double mscale = 1.0 + 0.0707 * std::log(40.0);
  EXPECT_NEAR(spec->attention_scale, mscale * mscale / std::sqrt(192.0), 1e-6);
  EXPECT_FLOAT_EQ(spec->rope.attn_factor, 1.0f);
}

// Llama 4 Scout's text model: 107.77B parameters (the model card's 109B with the vision encoder),
// 16 experts and the shared one on every layer, chunks of 8192 on three layers of four, the
// fourth without RoPE, the llama3 divisors in rope_freqs.weight.
TEST(ModelShapes, Llama4ScoutHasItsPublishedSize) {
  SynthOptions o;
  o.type = GgmlType::F32;
  o.output_q6k_for_kquants = false;
  const ModelShape* s = find_shape("llama4-scout");
  ASSERT_NE(s, nullptr);
  EXPECT_NEAR(synthetic_weight_bytes(*s, o) / 4.0 / 1e9, 107.770, 0.001);
  auto spec = shape_hyperparameters(*s);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->n_expert, 16);
  EXPECT_EQ(spec->n_expert_used, 1);
  for (size_t l : {0u, 3u, 47u}) {
    EXPECT_TRUE(spec->layers[l].moe) << l;
    EXPECT_EQ(spec->layers[l].n_ff, 8192) << l;
    EXPECT_EQ(spec->layers[l].n_ff_shared, 8192) << l;
  }
  EXPECT_TRUE(spec->layers[2].chunked);
  EXPECT_FALSE(spec->layers[2].nope);
  EXPECT_FALSE(spec->layers[47].chunked);
  EXPECT_TRUE(spec->layers[47].nope);
  EXPECT_EQ(spec->attention_chunk, 8192);
  EXPECT_EQ(spec->attention_temperature.floor_scale, 8192);
  EXPECT_TRUE(spec->unit_qk_norm);
  EXPECT_TRUE(spec->router.weight_input);
  ASSERT_EQ(spec->rope.freq_factors.size(), 64u);
  EXPECT_FLOAT_EQ(spec->rope.freq_factors[0], 1.0f);   // wavelength 2 pi: untouched
  EXPECT_FLOAT_EQ(spec->rope.freq_factors[63], 8.0f);  // longer than 8192 positions: x8
  EXPECT_EQ(spec->rope_swa.freq_factors, spec->rope.freq_factors);
  // 48 layers x 8 KV heads x 128 x 2 (K, V) x 2 bytes.
  EXPECT_EQ(model_state_bytes(*spec, 1, KvCacheType::F16).kv_cache, 192u * 1024);
}

class SynthEveryType : public ::testing::TestWithParam<GgmlType> {};

TEST_P(SynthEveryType, WritesAFileWhoseWeightsAreFiniteAndRealistic) {
  const GgmlType type = GetParam();
  SCOPED_TRACE(std::string(type_name(type)));
  SynthOptions o;
  o.type = type;
  o.n_threads = 2;
  const ModelShape* s = find_shape("tiny");
  auto writer = make_synthetic_writer(*s, o);
  ASSERT_TRUE(writer.ok()) << writer.error().describe();
  test::TempDir dir;
  const auto path = dir.file("tiny.gguf").string();
  ASSERT_TRUE(writer->write_file(path).ok());
  auto file = gguf::GgufFile::open(path);
  ASSERT_TRUE(file.ok()) << file.error().describe();
  EXPECT_EQ((*file)->architecture(), "llama");
  EXPECT_EQ(*(*file)->get_uint("llama.embedding_length"), 256u);
  EXPECT_EQ((*file)->get_string_array("tokenizer.ggml.tokens")->size(), 1024u);
  uint64_t bytes = 0;
  for (const auto& t : (*file)->tensors()) bytes += t.n_bytes;
  EXPECT_EQ(bytes, synthetic_weight_bytes(*s, o));

  const auto* q = (*file)->find_tensor("blk.1.attn_q.weight");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->type, type);
  std::vector<float> row(q->dims[0]);
  double sum = 0, sum2 = 0;
  int64_t n = 0;
  auto data = (*file)->tensor_data(*q);
  const uint64_t row_bytes = q->n_bytes / q->rows();
  for (int64_t r = 0; r < q->rows(); ++r) {
    ASSERT_TRUE(dequantize_row(type, data.data() + r * row_bytes, row.data(), q->dims[0]).ok());
    for (float v : row) {
      ASSERT_TRUE(std::isfinite(v));
      sum += v;
      sum2 += static_cast<double>(v) * v;
      ++n;
    }
  }
  const double mean = sum / n, stddev = std::sqrt(sum2 / n - mean * mean);
  EXPECT_LT(std::fabs(mean), 0.02);
  EXPECT_GT(stddev, 0.005);
  EXPECT_LT(stddev, 0.08);

  const auto* norm = (*file)->find_tensor("blk.0.attn_norm.weight");
  ASSERT_NE(norm, nullptr);
  const float* g = reinterpret_cast<const float*>((*file)->tensor_data(*norm).data());
  EXPECT_NEAR(g[0], 1.0f, 0.11f);
}

INSTANTIATE_TEST_SUITE_P(AllTypes, SynthEveryType, ::testing::ValuesIn(kAllTypes),
                         [](const auto& info) { return std::string(type_name(info.param)); });

// A hybrid shape's file: decay rates negative (its state decays), and the CPU backend runs it over a
// long prompt with finite logits.
TEST(SynthHybrid, TinyQwen35FileRunsOnTheCpuBackend) {
  SynthOptions o;
  o.type = GgmlType::Q8_0;
  o.n_threads = 2;
  auto writer = make_synthetic_writer(*find_shape("tiny-qwen35"), o);
  ASSERT_TRUE(writer.ok()) << writer.error().describe();
  auto bytes = writer->to_bytes();
  ASSERT_TRUE(bytes.ok());
  auto file = gguf::GgufFile::from_bytes(std::move(bytes).value(), "tiny-qwen35.gguf");
  ASSERT_TRUE(file.ok()) << file.error().describe();
  std::shared_ptr<const gguf::GgufFile> shared(std::move(file).value());
  const auto* rate = shared->find_tensor("blk.0.ssm_a");
  ASSERT_NE(rate, nullptr);
  const float* a = reinterpret_cast<const float*>(shared->tensor_data(*rate).data());
  for (int64_t i = 0; i < rate->dims[0]; ++i) EXPECT_LT(a[i], 0.0f);
  auto spec = build_model_spec(shared);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->recurrent_layer_count(), 3);
  BackendModelSettings bs;
  bs.n_ctx = 256;
  bs.n_batch = 200;
  bs.n_threads = 2;
  auto model = CpuBackend().load_model(*spec, bs, nullptr);
  ASSERT_TRUE(model.ok()) << model.error().describe();
  const auto tokens = test::random_tokens(200, spec->n_vocab, 5);
  ASSERT_TRUE((*model)->eval(tokens, 0, LogitsRequest::Last).ok());
  auto logits = (*model)->logits();
  ASSERT_TRUE(logits.ok());
  for (float v : *logits) ASSERT_TRUE(std::isfinite(v));
}

TEST(FillRandom, DependsOnTheSeedButNotOnTheThreadCount) {
  std::vector<uint8_t> a(144 * 20000), b(a.size()), c(a.size());
  ASSERT_TRUE(fill_random(GgmlType::Q4_K, ValueKind::Weight, 7, a.data(), a.size(), 1).ok());
  ASSERT_TRUE(fill_random(GgmlType::Q4_K, ValueKind::Weight, 7, b.data(), b.size(), 3).ok());
  ASSERT_TRUE(fill_random(GgmlType::Q4_K, ValueKind::Weight, 8, c.data(), c.size(), 3).ok());
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

TEST(FillRandom, RejectsPartialBlocksAndUnsupportedTypes) {
  std::vector<uint8_t> buf(292);
  EXPECT_FALSE(fill_random(GgmlType::Q4_K, ValueKind::Weight, 1, buf.data(), 100, 1).ok());
  EXPECT_EQ(fill_random(GgmlType::Q8_K, ValueKind::Weight, 1, buf.data(), 292, 1).error().kind,
            ErrorKind::Unsupported);
}

TEST(FallbackType, RowsThatDoNotFitTheBlockFallBack) {
  EXPECT_EQ(fallback_type(GgmlType::Q4_K, 4096), GgmlType::Q4_K);
  EXPECT_EQ(fallback_type(GgmlType::Q4_K, 896), GgmlType::Q8_0);
  EXPECT_EQ(fallback_type(GgmlType::Q4_0, 100), GgmlType::F16);
}

}  // namespace
}  // namespace tessera::synth
