// The CPU backend's forward pass against the float64 reference on random models of every supported
// architecture variant and several weight types.
#include <gtest/gtest.h>

#include <random>

#include "backend/cpu_backend.h"
#include "core/model/reference_forward.h"
#include "model/model_loader.h"

namespace tessera::test {
namespace {

struct ForwardCase {
  std::string name;
  RandomModelConfig config;
};

RandomModelConfig quantized(GgmlType type, GgmlType embd = GgmlType::F32) {
  RandomModelConfig c;
  c.n_embd = 256;
  c.n_ff = 256;
  c.n_head = 4;
  c.n_head_kv = 2;
  c.n_vocab = 64;
  c.matrix_type = type;
  c.embd_type = embd;
  return c;
}

std::vector<ForwardCase> forward_cases() {
  std::vector<ForwardCase> v;
  RandomModelConfig c;
  v.push_back({"llama_gqa_f32", c});
  c = {};
  c.n_head_kv = 4;
  v.push_back({"llama_mha_f32", c});
  c = {};
  c.n_head_kv = 1;
  c.n_rot = 8;
  v.push_back({"llama_mqa_partial_rope", c});
  c = {};
  c.scaling = RopeScalingKind::RopeFreqsTensor;
  c.rope_base = 500000.0;
  v.push_back({"llama3_rope_freqs_tensor", c});
  c = {};
  c.scaling = RopeScalingKind::Llama3Metadata;
  c.rope_base = 500.0;
  c.scaling_factor = 8.0;
  v.push_back({"llama3_rope_scaling_metadata", c});
  c = {};
  c.scaling = RopeScalingKind::Linear;
  v.push_back({"llama_linear_rope_scaling", c});
  c = {};
  c.tied = true;
  v.push_back({"llama_tied_embeddings", c});
  c = {};
  c.arch = "mistral";
  c.n_head = 8;
  c.n_head_kv = 2;
  v.push_back({"mistral_f32", c});
  c = {};
  c.arch = "qwen2";
  c.qkv_bias = true;
  c.tied = true;
  c.rope_base = 1000000.0;
  v.push_back({"qwen2_bias_tied_neox", c});
  c = {};
  c.arch = "qwen2";
  c.qkv_bias = true;
  v.push_back({"qwen2_bias_untied", c});
  v.push_back({"llama_f16", quantized(GgmlType::F16, GgmlType::F16)});
  v.push_back({"llama_bf16", quantized(GgmlType::BF16)});
  v.push_back({"llama_q8_0", quantized(GgmlType::Q8_0, GgmlType::Q8_0)});
  v.push_back({"llama_q4_0", quantized(GgmlType::Q4_0)});
  v.push_back({"llama_q4_1", quantized(GgmlType::Q4_1)});
  v.push_back({"llama_q5_0", quantized(GgmlType::Q5_0)});
  v.push_back({"llama_q5_1", quantized(GgmlType::Q5_1)});
  v.push_back({"llama_q2_k", quantized(GgmlType::Q2_K)});
  v.push_back({"llama_q3_k", quantized(GgmlType::Q3_K)});
  v.push_back({"llama_q4_k", quantized(GgmlType::Q4_K, GgmlType::Q4_K)});
  v.push_back({"llama_q5_k", quantized(GgmlType::Q5_K)});
  v.push_back({"llama_q6_k", quantized(GgmlType::Q6_K, GgmlType::Q6_K)});
  c = quantized(GgmlType::Q4_K, GgmlType::Q6_K);
  c.arch = "qwen2";
  c.qkv_bias = true;
  c.tied = true;
  v.push_back({"qwen2_q4_k_tied_q6_k", c});

  // The architectures beyond the Llama family: each block choice on its own small model.
  auto moe = [](RandomModelConfig m, int32_t n_expert, int32_t used) {
    m.n_expert = n_expert;
    m.n_expert_used = used;
    return m;
  };
  c = {};
  c.arch = "qwen3";
  c.head_size = 32;  // wider than n_embd / n_head, as Qwen3 models are
  c.tied = true;
  v.push_back({"qwen3_qk_norm_wide_heads", c});
  c = quantized(GgmlType::Q4_K, GgmlType::Q8_0);
  c.arch = "qwen3";
  v.push_back({"qwen3_q4_k", c});
  v.push_back({"qwen3moe_8_experts_top2", moe([] { RandomModelConfig m; m.arch = "qwen3moe"; return m; }(), 8, 2)});
  c = quantized(GgmlType::Q8_0);
  c.arch = "qwen3moe";
  v.push_back({"qwen3moe_q8_0_top3", moe(c, 6, 3)});
  v.push_back({"mixtral_4_experts_top2", moe(RandomModelConfig{}, 4, 2)});
  v.push_back({"mixtral_q4_k", moe(quantized(GgmlType::Q4_K), 4, 2)});
  c = {};
  c.arch = "gemma2";
  c.sliding_window = 4;  // shorter than the test's 12 tokens, so layer 0's window matters
  c.attn_softcap = 2.0;   // small caps so tanh bends the random logits
  c.final_softcap = 3.0;
  c.tied = true;
  v.push_back({"gemma2_window_softcaps_geglu", c});
  c = {};
  c.arch = "gemma3";
  c.n_layer = 6;  // five sliding layers and one full one
  c.sliding_window = 3;
  c.rope_base = 1000000.0;
  c.rope_base_swa = 10000.0;
  c.head_size = 32;
  c.tied = true;
  v.push_back({"gemma3_5to1_windows_swa_rope_qk_norm", c});
  c = quantized(GgmlType::Q4_K, GgmlType::Q6_K);
  c.arch = "gemma3";
  c.sliding_window = 5;
  c.tied = true;
  v.push_back({"gemma3_q4_k", c});
  c = {};
  c.arch = "phi3";
  c.n_head_kv = 4;
  v.push_back({"phi3_fused_qkv_gate_up", c});
  c = quantized(GgmlType::Q4_K);
  c.arch = "phi3";
  c.n_head_kv = 4;
  v.push_back({"phi3_q4_k", c});
  return v;
}

std::vector<int32_t> random_tokens(size_t n, int64_t n_vocab, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int32_t> dist(0, static_cast<int32_t>(n_vocab - 1));
  std::vector<int32_t> t(n);
  for (auto& x : t) x = dist(rng);
  return t;
}

std::vector<float> as_floats(const std::vector<double>& v) { return {v.begin(), v.end()}; }

std::unique_ptr<BackendModel> load(const ModelSpec& spec, KvCacheType kv, int threads = 2, int32_t n_batch = 16) {
  CpuBackend backend;
  BackendModelSettings s;
  s.n_ctx = 64;
  s.n_batch = n_batch;
  s.kv_type = kv;
  s.n_threads = threads;
  s.all_logits = true;
  auto m = backend.load_model(spec, s, nullptr);
  EXPECT_TRUE(m.ok()) << m.error().describe();
  return m.ok() ? std::move(m).value() : nullptr;
}

class ForwardTest : public ::testing::TestWithParam<ForwardCase> {};

TEST_P(ForwardTest, LogitsMatchFloat64Reference) {
  const RandomModelConfig& c = GetParam().config;
  auto file = random_model_file(c);
  ASSERT_TRUE(file);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  auto model = load(*spec, KvCacheType::F32);
  ASSERT_TRUE(model);

  const auto tokens = random_tokens(12, c.n_vocab, c.seed + 7);
  const auto ref = reference_logits(c, *file, tokens);

  // A 7-token prompt batch with every row's logits, then 5 single-token decode steps.
  const size_t n_prompt = 7;
  ASSERT_TRUE(model->eval(std::span(tokens).first(n_prompt), 0, LogitsRequest::All).ok());
  auto all = model->logits();
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), n_prompt * static_cast<size_t>(c.n_vocab));
  for (size_t t = 0; t < n_prompt; ++t) {
    std::vector<float> row(all->begin() + static_cast<std::ptrdiff_t>(t * c.n_vocab),
                           all->begin() + static_cast<std::ptrdiff_t>((t + 1) * c.n_vocab));
    EXPECT_LT(max_relative_error(row, as_floats(ref[t])), 1e-4) << "prompt position " << t;
  }
  for (size_t t = n_prompt; t < tokens.size(); ++t) {
    ASSERT_TRUE(model->eval(std::span(tokens).subspan(t, 1), static_cast<int32_t>(t), LogitsRequest::Last).ok());
    auto l = model->logits();
    ASSERT_TRUE(l.ok());
    std::vector<float> row(l->begin(), l->end());
    EXPECT_LT(max_relative_error(row, as_floats(ref[t])), 1e-4) << "decode position " << t;
    // argmax agrees with the host logits (ties toward the lower id).
    auto am = model->argmax();
    ASSERT_TRUE(am.ok());
    EXPECT_EQ(*am, static_cast<int32_t>(std::max_element(row.begin(), row.end()) - row.begin()));
  }
  EXPECT_EQ(model->n_past(), 12);
}

INSTANTIATE_TEST_SUITE_P(Models, ForwardTest, ::testing::ValuesIn(forward_cases()),
                         [](const auto& info) { return info.param.name; });

TEST(Forward, F16KvCacheStaysClose) {
  RandomModelConfig c;
  auto file = random_model_file(c);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok());
  auto model = load(*spec, KvCacheType::F16);
  const auto tokens = random_tokens(10, c.n_vocab, 3);
  const auto ref = reference_logits(c, *file, tokens);
  ASSERT_TRUE(model->eval(tokens, 0, LogitsRequest::All).ok());
  auto all = model->logits();
  ASSERT_TRUE(all.ok());
  for (size_t t = 0; t < tokens.size(); ++t) {
    std::vector<float> row(all->begin() + static_cast<std::ptrdiff_t>(t * c.n_vocab),
                           all->begin() + static_cast<std::ptrdiff_t>((t + 1) * c.n_vocab));
    EXPECT_LT(max_relative_error(row, as_floats(ref[t])), 5e-3) << t;
  }
}

TEST(Forward, ThreadCountDoesNotChangeResults) {
  RandomModelConfig c = quantized(GgmlType::Q4_K);
  auto file = random_model_file(c);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok());
  const auto tokens = random_tokens(9, c.n_vocab, 5);
  std::vector<float> results[2];
  int i = 0;
  for (int threads : {1, 3}) {
    auto model = load(*spec, KvCacheType::F16, threads);
    ASSERT_TRUE(model->eval(std::span(tokens).first(6), 0, LogitsRequest::None).ok());
    for (size_t t = 6; t < tokens.size(); ++t)
      ASSERT_TRUE(model->eval(std::span(tokens).subspan(t, 1), static_cast<int32_t>(t), LogitsRequest::Last).ok());
    auto l = model->logits();
    ASSERT_TRUE(l.ok());
    results[i++].assign(l->begin(), l->end());
  }
  EXPECT_EQ(results[0], results[1]);
}

TEST(Forward, KvKeepRecomputesTheSameLogits) {
  RandomModelConfig c;
  auto file = random_model_file(c);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok());
  auto model = load(*spec, KvCacheType::F32);
  auto tokens = random_tokens(10, c.n_vocab, 11);
  ASSERT_TRUE(model->eval(tokens, 0, LogitsRequest::Last).ok());
  std::vector<float> first(model->logits()->begin(), model->logits()->end());
  // Keep 6 positions, then replay the rest in two different splits: same last logits.
  ASSERT_TRUE(model->kv_keep(6).ok());
  EXPECT_EQ(model->n_past(), 6);
  ASSERT_TRUE(model->eval(std::span(tokens).subspan(6), 6, LogitsRequest::Last).ok());
  std::vector<float> again(model->logits()->begin(), model->logits()->end());
  EXPECT_LT(max_relative_error(again, first), 1e-5);
  // A different continuation after the kept prefix gives different logits.
  ASSERT_TRUE(model->kv_keep(6).ok());
  tokens[9] = (tokens[9] + 1) % static_cast<int32_t>(c.n_vocab);
  ASSERT_TRUE(model->eval(std::span(tokens).subspan(6), 6, LogitsRequest::Last).ok());
  std::vector<float> other(model->logits()->begin(), model->logits()->end());
  EXPECT_GT(max_relative_error(other, first), 1e-3);
  model->kv_clear();
  EXPECT_EQ(model->n_past(), 0);
}

TEST(Forward, EvalRejectsBadCalls) {
  RandomModelConfig c;
  auto file = random_model_file(c);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok());
  auto model = load(*spec, KvCacheType::F16, 2, 8);
  const std::vector<int32_t> one = {5};
  const std::vector<int32_t> nine(9, 1);
  auto expect_invalid = [](const Status& s, const std::string& needle) {
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().kind, ErrorKind::InvalidArgument);
    EXPECT_NE(s.error().message.find(needle), std::string::npos) << s.error().message;
  };
  expect_invalid(model->eval({}, 0, LogitsRequest::Last), "no tokens");
  expect_invalid(model->eval(nine, 0, LogitsRequest::Last), "batch size 8");
  expect_invalid(model->eval(one, 3, LogitsRequest::Last), "gap");
  const std::vector<int32_t> bad = {static_cast<int32_t>(c.n_vocab)};
  expect_invalid(model->eval(bad, 0, LogitsRequest::Last), "outside the vocabulary");
  const std::vector<int32_t> neg = {-1};
  expect_invalid(model->eval(neg, 0, LogitsRequest::Last), "outside the vocabulary");
  for (int32_t p = 0; p < 64; ++p) ASSERT_TRUE(model->eval(one, p, LogitsRequest::None).ok());
  expect_invalid(model->eval(one, 64, LogitsRequest::Last), "do not fit the context of 64");
  expect_invalid(model->kv_keep(65), "cannot keep 65");
  EXPECT_FALSE(model->logits().ok());  // the last eval asked for none
}

TEST(Forward, LoadCanBeCancelled) {
  RandomModelConfig c;
  auto file = random_model_file(c);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok());
  CpuBackend backend;
  int calls = 0;
  auto m = backend.load_model(*spec, {}, [&](float p) {
    EXPECT_GE(p, 0.0f);
    EXPECT_LE(p, 1.0f);
    return ++calls < 2;
  });
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().kind, ErrorKind::Cancelled);
}

TEST(Forward, FootprintCountsKvCache) {
  RandomModelConfig c;
  auto file = random_model_file(c);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok());
  auto model = load(*spec, KvCacheType::F16);
  const auto f = model->footprint();
  // 2 (K and V) x layers x context x kv_dim x 2 bytes
  EXPECT_EQ(f.kv_cache_bytes, 2ull * c.n_layer * 64 * (c.n_head_kv * c.head_dim()) * 2);
  EXPECT_EQ(f.mapped_bytes, spec->weight_bytes());
  EXPECT_GT(f.scratch_bytes, 0u);
  EXPECT_NE(model->describe().find("cpu"), std::string::npos);
}

}  // namespace
}  // namespace tessera::test

namespace tessera::test {
namespace {

TEST(Forward, ContextTooLargeForHostMemoryFailsBeforeAllocating) {
  RandomModelConfig c;
  auto file = random_model_file(c);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok());
  BackendModelSettings s;
  s.n_ctx = 1 << 30;  // 2 x 2 layers x 2^30 x 32 x 2 bytes = 256 GiB of KV cache
  s.n_batch = 8;
  auto m = CpuBackend().load_model(*spec, s, nullptr);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().kind, ErrorKind::OutOfMemory);
  EXPECT_NE(m.error().message.find("host memory"), std::string::npos) << m.error().message;
  EXPECT_NE(m.error().message.find("274877906944"), std::string::npos) << m.error().message;
}

}  // namespace
}  // namespace tessera::test
