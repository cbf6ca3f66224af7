#include "conformance/backend_conformance.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <span>

#include "backend/cpu_backend.h"
#include "backend/kv_cache_type.h"
#include "core/model/reference_forward.h"
#include "model/architectures.h"
#include "model/model_loader.h"
#include "support/test_support.h"

namespace tessera::test {
namespace {

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

RandomModelConfig moe(RandomModelConfig m, int32_t n_expert, int32_t used) {
  m.n_expert = n_expert;
  m.n_expert_used = used;
  return m;
}

RandomModelConfig with_arch(RandomModelConfig m, const std::string& arch) {
  m.arch = arch;
  return m;
}

bool is_quantized(GgmlType t) { return t != GgmlType::F32 && t != GgmlType::F16 && t != GgmlType::BF16; }

std::vector<float> as_floats(const std::vector<double>& v) { return {v.begin(), v.end()}; }

std::string skip_reason(const BackendUnderTest& b) { return b.unavailable ? b.unavailable() : std::string(); }

BackendModelSettings settings(const BackendUnderTest& b, int32_t n_batch, bool all_logits) {
  BackendModelSettings s;
  s.n_ctx = 64;
  s.n_batch = n_batch;
  s.kv_type = b.kv_type;
  s.n_threads = 2;
  s.all_logits = all_logits;
  return s;
}

struct Loaded {
  std::shared_ptr<const gguf::GgufFile> file;
  ModelSpec spec;
  std::unique_ptr<BackendModel> model;
};

Loaded load(const BackendUnderTest& b, const RandomModelConfig& c, int32_t n_batch, bool all_logits) {
  Loaded l;
  l.file = random_model_file(c);
  if (!l.file) return l;
  auto spec = build_model_spec(l.file);
  EXPECT_TRUE(spec.ok()) << spec.error().describe();
  if (!spec.ok()) return l;
  l.spec = std::move(spec).value();
  auto backend = b.make();
  EXPECT_TRUE(backend) << b.name;
  if (!backend) return l;
  auto m = backend->load_model(l.spec, settings(b, n_batch, all_logits), nullptr);
  EXPECT_TRUE(m.ok()) << b.name << ": " << m.error().describe();
  if (m.ok()) l.model = std::move(m).value();
  return l;
}

// load() with the spec changed by `edit` before the backend sees it (what a file cannot say yet).
Loaded load_edited(const BackendUnderTest& b, const RandomModelConfig& c, int32_t n_batch,
                   const std::function<void(ModelSpec&)>& edit) {
  Loaded l;
  l.file = random_model_file(c);
  if (!l.file) return l;
  auto spec = build_model_spec(l.file);
  EXPECT_TRUE(spec.ok()) << spec.error().describe();
  if (!spec.ok()) return l;
  l.spec = std::move(spec).value();
  if (edit) edit(l.spec);
  auto backend = b.make();
  if (!backend) return l;
  auto m = backend->load_model(l.spec, settings(b, n_batch, false), nullptr);
  EXPECT_TRUE(m.ok()) << b.name << ": " << m.error().describe();
  if (m.ok()) l.model = std::move(m).value();
  return l;
}

// Evaluates `tokens` from position `start` in steps of at most n_batch, logits of the last only.
void eval_all(BackendModel& m, std::span<const int32_t> tokens, int32_t start) {
  const size_t step = static_cast<size_t>(m.n_batch());
  for (size_t i = 0; i < tokens.size(); i += step) {
    const size_t n = std::min(step, tokens.size() - i);
    const bool last = i + n == tokens.size();
    const Status s = m.eval(tokens.subspan(i, n), start + static_cast<int32_t>(i),
                            last ? LogitsRequest::Last : LogitsRequest::None);
    ASSERT_TRUE(s.ok()) << s.error().describe();
  }
}

std::vector<float> last_logits(BackendModel& m) {
  auto l = m.logits();
  EXPECT_TRUE(l.ok());
  if (!l.ok()) return {};
  return {l->end() - m.n_vocab(), l->end()};
}

// The context shift's models (BackendModel::kv_remove): the rope variants, each on one layer,
// where a shift is exact (the first layer's K/V depend on the token and its position alone).
struct ShiftCase {
  std::string name;
  RandomModelConfig config;
  std::function<void(ModelSpec&)> edit;
};

std::vector<ShiftCase> shift_cases() {
  std::vector<ShiftCase> v;
  RandomModelConfig c;
  c.n_layer = 1;
  c.n_rot = 8;  // half of each 16-wide head rotated: the rest must move unrotated
  v.push_back({"llama_normal_partial_rope", c, {}});
  c = {};
  c.n_layer = 1;
  c.arch = "qwen2";
  c.qkv_bias = true;
  v.push_back({"qwen2_neox", c, {}});
  c = {};
  c.n_layer = 1;
  c.scaling = RopeScalingKind::Yarn;
  c.scaling_factor = 8.0;
  v.push_back({"llama_yarn_attn_factor", c, {}});
  c = {};
  c.n_layer = 1;
  c.scaling = RopeScalingKind::Llama3Metadata;
  v.push_back({"llama3_freq_factors", c, {}});
  c = {};
  c.n_layer = 1;
  c.arch = "phi3";
  c.n_head_kv = 4;
  // LongRoPE: the long divisors (the loaded context 64 is above 32) and an attention factor.
  v.push_back({"phi3_longrope", c, [](ModelSpec& s) {
                 const auto f = random_floats(static_cast<size_t>(s.rope.n_dims / 2), 5, 1.0f);
                 s.rope.freq_factors.assign(f.size(), 1.0f);
                 s.rope.freq_factors_long.clear();
                 for (float x : f) s.rope.freq_factors_long.push_back(1.0f + 3.0f * std::abs(x));
                 s.rope.long_factors_above = 32;
                 s.rope.attn_factor = 1.2f;
                 s.rope_swa = s.rope;
               }});
  c = {};
  c.n_layer = 1;
  c.arch = "gemma3";  // layer 0 slides, with its own rope base
  // After the shift the next token's window (12 positions) reaches back past the removed span to
  // two tokens before it; before the shift it held a removed token.
  c.sliding_window = 12;
  c.rope_base = 1000000.0;
  c.rope_base_swa = 10000.0;
  c.head_size = 32;
  c.tied = true;
  v.push_back({"gemma3_sliding_window_swa_rope", c, {}});
  // Gemma 4: proportional RoPE (4 of 16 pairs rotate), K reused as V, and a second layer reading
  // the first one's cache: exact too, and the shared cache must be rotated once, not per layer.
  c = {};
  c.arch = "gemma4";
  c.n_layer = 2;
  c.sliding_layers = {false, false};
  c.sliding_window = 64;
  c.head_size = 32;
  c.full_layers_value_from_key = true;
  c.scaling = RopeScalingKind::RopeFreqsTensor;
  c.rot_pairs_full = 4;
  c.shared_kv_layers = 1;
  c.tied = true;
  v.push_back({"gemma4_proportional_rope_shared_kv", c, {}});
  // DeepSeek-V3 family: the latent row's last 32 values (the shared rotated key) turn, its first
  // 64 (the latent) stay; YaRN with the scores' mscale.
  c = {};
  c.arch = "deepseek2";
  c.n_layer = 1;
  c.n_expert = 4;
  c.n_expert_used = 2;
  c.n_ff = 32;
  set_deepseek_latent_attention(c);
  c.scaling = RopeScalingKind::Yarn;
  c.yarn_log_multiplier = 0.1;
  v.push_back({"deepseek2_latent_rotated_key", c, {}});
  // Llama 4: keys normed after their rotation (the norm commutes with the shift's rotation) in
  // chunks of 8, which the removal moves the kept tokens across.
  c = {};
  c.arch = "llama4";
  c.n_layer = 1;
  c.n_expert = 4;
  c.n_expert_used = 1;
  c.moe_layer_step = 1;
  c.n_ff = 32;
  c.attention_chunk = 8;
  v.push_back({"llama4_unit_qk_norm_chunks", c, {}});
  return v;
}

}  // namespace

std::vector<ForwardCase> family_cases_2026();

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
  v.push_back({"llama_iq4_nl", quantized(GgmlType::IQ4_NL)});
  v.push_back({"llama_iq4_xs", quantized(GgmlType::IQ4_XS, GgmlType::IQ4_XS)});
  v.push_back({"llama_tq2_0", quantized(GgmlType::TQ2_0)});
  v.push_back({"llama_tq1_0", quantized(GgmlType::TQ1_0)});
  v.push_back({"llama_mxfp4", quantized(GgmlType::MXFP4)});
  c = quantized(GgmlType::Q4_K, GgmlType::Q6_K);
  c.arch = "qwen2";
  c.qkv_bias = true;
  c.tied = true;
  v.push_back({"qwen2_q4_k_tied_q6_k", c});

  // The architectures beyond the Llama family: each block choice on its own small model.
  c = {};
  c.arch = "qwen3";
  c.head_size = 32;  // wider than n_embd / n_head, as Qwen3 models are
  c.tied = true;
  v.push_back({"qwen3_qk_norm_wide_heads", c});
  c = quantized(GgmlType::Q4_K, GgmlType::Q8_0);
  c.arch = "qwen3";
  v.push_back({"qwen3_q4_k", c});
  v.push_back({"qwen3moe_8_experts_top2", moe(with_arch({}, "qwen3moe"), 8, 2)});
  v.push_back({"qwen3moe_q8_0_top3", moe(with_arch(quantized(GgmlType::Q8_0), "qwen3moe"), 6, 3)});
  v.push_back({"mixtral_4_experts_top2", moe(RandomModelConfig{}, 4, 2)});
  v.push_back({"mistral_4_experts_top2", moe(with_arch({}, "mistral"), 4, 2)});
  v.push_back({"mixtral_every_expert", moe(RandomModelConfig{}, 4, 4)});
  v.push_back({"mixtral_top1", moe(RandomModelConfig{}, 4, 1)});
  v.push_back({"moe_one_expert", moe(RandomModelConfig{}, 1, 1)});
  v.push_back({"mixtral_q4_k", moe(quantized(GgmlType::Q4_K), 4, 2)});
  v.push_back({"qwen3moe_mxfp4_experts", moe(with_arch(quantized(GgmlType::MXFP4), "qwen3moe"), 4, 2)});
  c = {};
  c.arch = "gemma2";
  c.sliding_window = 4;  // shorter than the suite's 14 tokens, so layer 0's window matters
  c.attn_softcap = 2.0;  // small caps so tanh bends the random logits
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
  // gpt-oss: attention sinks, q/k/v/output biases, router and expert biases, the clamped SwiGLU
  // (expert biases wide enough to reach the clamp), windows on even layers, YaRN.
  c = moe(with_arch({}, "gpt-oss"), 4, 2);
  c.qkv_bias = true;
  c.sliding_window = 4;
  c.n_layer = 3;
  c.scaling = RopeScalingKind::Yarn;
  c.scaling_factor = 8.0;
  v.push_back({"gptoss_sinks_biases_window_yarn", c});
  c = moe(with_arch(quantized(GgmlType::MXFP4, GgmlType::Q8_0), "gpt-oss"), 8, 4);
  c.head_size = 64;  // gpt-oss's head size, wider than n_embd / n_head here
  c.sliding_window = 5;
  c.scaling = RopeScalingKind::Yarn;
  c.scaling_factor = 32.0;
  c.rope_base = 150000.0;
  c.original_ctx = 256.0;
  v.push_back({"gptoss_mxfp4_experts_top4", c});
  // Qwen3.5/3.6: Gated DeltaNet layers with every 2nd layer output-gated attention (q/k norms, 8 of
  // 32 head dims rotated), 4 value heads over 2 key heads (tiled), a 9-token prompt, decode after.
  c = with_arch({}, "qwen35");
  c.n_layer = 4;
  c.head_size = 32;
  c.n_rot = 8;
  c.rms_eps = 1e-6;
  c.rope_base = 1e7;
  v.push_back({"qwen35_gated_deltanet_hybrid", c});
  c.matrix_type = GgmlType::Q8_0;
  c.embd_type = GgmlType::Q8_0;
  v.push_back({"qwen35_q8_0", c});
  // Qwen3.5/3.6-MoE: routed experts plus the sigmoid-gated shared expert; three layers, so the
  // last is a recurrent one too.
  c = moe(with_arch({}, "qwen35moe"), 4, 2);
  c.n_layer = 3;
  c.head_size = 32;
  c.n_rot = 8;
  c.n_ff_shared = 64;
  c.linear_v_heads = 6;
  c.linear_k_heads = 3;
  v.push_back({"qwen35moe_shared_expert", c});
  // Qwen3-Next: grouped value heads and the fused beta/decay projection (ssm_ba).
  c.arch = "qwen3next";
  c.linear_v_heads = 4;
  c.linear_k_heads = 2;
  c.full_attention_interval = 3;
  v.push_back({"qwen3next_grouped_heads", c});
  for (auto& f : family_cases_2026()) v.push_back(std::move(f));
  return v;
}

// The 2026 families (issue 36), each block choice on a small model of its own.
std::vector<ForwardCase> family_cases_2026() {
  std::vector<ForwardCase> v;
  // Gemma 4, the E2B/E4B and 31B features at once: sliding layers of 16-wide heads (2 KV heads,
  // window 4), full layers of 32-wide heads (1 KV head, K reused as V, proportional RoPE over 4 of
  // 16 pairs), V normed, query scale 1; the last two layers read layers 2 and 3's caches with
  // double-wide MLPs; per-layer embeddings of 8; layer output scales; the final soft-cap.
  RandomModelConfig c = with_arch({}, "gemma4");
  set_gemma4_e2b_31b_layers(c);
  c.final_softcap = 3.0;
  c.rms_eps = 1e-6;
  v.push_back({"gemma4_e2b_31b_features", c});
  c.matrix_type = GgmlType::Q8_0;
  c.embd_type = GgmlType::Q8_0;
  c.n_embd_per_layer = 32;  // the per-layer projection's rows are whole Q8_0 blocks
  v.push_back({"gemma4_q8_0", c});
  // Gemma 4 26B-A4B: an 8-expert top-2 branch (fused gate|up, its own norms, router input and
  // per-expert scales) beside every layer's dense MLP.
  c = moe(with_arch({}, "gemma4"), 8, 2);
  c.n_layer = 3;
  c.sliding_layers = {true, true, false};
  c.head_size = 32;
  c.head_size_swa = 16;
  c.n_head_kv_full = 1;
  c.full_layers_value_from_key = true;
  c.scaling = RopeScalingKind::RopeFreqsTensor;
  c.rot_pairs_full = 4;
  c.rope_base_swa = 1e4;
  c.sliding_window = 5;
  c.n_ff = 32;
  c.n_ff_dense = 80;
  c.layer_out_scale = true;
  c.tied = true;
  v.push_back({"gemma4_26b_a4b_experts_beside_mlp", c});
  // GLM-4.x: half of each 32-wide head rotated, Q/K/V biases, a dense first layer, then a sigmoid
  // router with a selection bias, normalised weights times 2.5, one shared expert.
  c = moe(with_arch({}, "glm4moe"), 8, 2);
  c.n_layer = 3;
  c.head_size = 32;
  c.n_rot = 16;
  c.rope_base = 1e6;
  c.qkv_bias = true;
  set_v3_style_experts(c);
  v.push_back({"glm4moe_dense_first_sigmoid_router_shared", c});
  // QK-norm (GLM-4.5's optional one), group-limited choice (4 groups of 2, 2 searched) without
  // normalisation, two shared experts, Q8_0 weights.
  c.qk_norm = true;
  c.qkv_bias = false;
  c.router.normalize = false;
  c.router.scale = 1.0f;
  c.router.n_group = 4;
  c.router.n_group_used = 2;
  c.n_shared_experts = 2;
  c.matrix_type = GgmlType::Q8_0;
  v.push_back({"glm4moe_qk_norm_groups_q8_0", c});
  // The DeepSeek-V3 family: latent attention (low-rank queries of rank 32, a 64-wide latent and a
  // 32-wide rotated key, 32 + 32 query dims and 32 value dims per head), a dense first layer, V3's
  // sigmoid router with selection bias, 4 groups of 2 (2 searched), normalised weights x 2.5, one
  // shared expert.
  c = moe(with_arch({}, "deepseek2"), 8, 2);
  c.n_layer = 3;
  set_deepseek_latent_attention(c);
  set_v3_style_experts(c);
  c.router.n_group = 4;
  c.router.n_group_used = 2;
  v.push_back({"deepseek2_v3_latent_attention_grouped_sigmoid_router", c});
  // DeepSeek-V2-Lite's layout: queries from attn_q.weight, a softmax router without
  // normalisation, two shared experts, YaRN (factor 4) with mscale_all_dim 0.707 in the scores, Q8_0.
  c.q_lora_rank = 0;
  c.router = RouterParams{};
  c.router.normalize = false;
  c.n_shared_experts = 2;
  c.scaling = RopeScalingKind::Yarn;
  c.scaling_factor = 4.0;
  c.original_ctx = 64;
  c.yarn_log_multiplier = 0.0707;
  c.matrix_type = GgmlType::Q8_0;
  v.push_back({"deepseek2_v2_lite_softmax_router_yarn_q8_0", c});
  // Llama 4: layers 0-2 rotate (adjacent pairs, rope_freqs divisors, weightless QK-norm after the
  // rotation) and attend within chunks of 4 positions, so the 14 tokens cross three chunk borders in
  // the prompt batch and the decode steps; layer 3 has no RoPE, attends in full and scales its
  // queries by the temperature of floor 3 (positions 2 on scale it); experts on layers 1 and 3
  // (interleave step 2, as Maverick), the others dense and wider; the top-1 expert's input scaled
  // by the sigmoid of its logit, the shared expert beside it.
  c = moe(with_arch({}, "llama4"), 4, 1);
  c.n_layer = 4;
  c.moe_layer_step = 2;
  c.n_ff = 32;
  c.n_ff_dense_layers = 96;
  c.scaling = RopeScalingKind::RopeFreqsTensor;
  c.rope_base = 500000.0;
  c.attention_chunk = 4;
  c.temperature_floor = 3;
  c.temperature_scale = 0.5;
  v.push_back({"llama4_chunks_nope_temperature_interleaved_moe", c});
  // Scout's layout (experts on every layer), two experts per token (their input-scaled outputs
  // summed), chunks of 5, Q8_0.
  c.moe_layer_step = 1;
  c.n_expert_used = 2;
  c.attention_chunk = 5;
  c.matrix_type = GgmlType::Q8_0;
  v.push_back({"llama4_scout_layout_top2_q8_0", c});
  // Latent attention with low-rank queries and YaRN beside the plain router (softmax, normalised,
  // every layer's experts): the attention alone of the family, for backends that have it before
  // the router choices (the CUDA backend's latent attention and its router came separately).
  c = moe(with_arch({}, "deepseek2"), 4, 2);
  c.n_layer = 3;
  set_deepseek_latent_attention(c);
  c.n_ff = 32;
  c.n_shared_experts = 1;
  c.scaling = RopeScalingKind::Yarn;
  c.scaling_factor = 4.0;
  c.original_ctx = 64;
  c.yarn_log_multiplier = 0.0707;
  for (int l = 0; l < 3; ++l) c.omit.insert("blk." + std::to_string(l) + ".exp_probs_b.bias");  // no selection bias
  v.push_back({"deepseek2_latent_attention_plain_router", c});
  return v;
}

std::vector<LogitsCase> logits_cases(const std::vector<BackendUnderTest>& backends) {
  std::vector<LogitsCase> v;
  for (const auto& b : backends)
    for (const auto& m : forward_cases()) v.push_back({b, m});
  return v;
}

// The extra references' architectures, from their file names (sorted, so test names are stable).
static std::vector<std::string> extra_hf_archs(const std::filesystem::path& dir) {
  std::vector<std::string> archs;
  std::error_code ec;
  const std::string suffix = "-f16.ref.json";
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string n = e.path().filename().string();
    if (n.size() > suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
      archs.push_back(n.substr(0, n.size() - suffix.size()));
  }
  std::sort(archs.begin(), archs.end());
  return archs;
}

std::vector<HfCase> hf_cases(const std::vector<BackendUnderTest>& backends) {
  std::vector<HfCase> v;
  const std::filesystem::path shared = fixture("hf");
  std::map<std::string, std::filesystem::path> extra;  // architecture -> folder of its reference
  const std::filesystem::path in_repo = source_dir() / "tests" / "data" / "hf-extra";
  for (const auto& a : extra_hf_archs(in_repo)) extra[a] = in_repo;
  if (const char* dir = std::getenv("TESSERA_HF_EXTRA_DIR"); dir && *dir)
    for (const auto& a : extra_hf_archs(dir)) extra[a] = dir;
  for (const auto& b : backends) {
    for (const char* a : {"llama2", "qwen2", "qwen3", "gemma2", "gemma3", "phi3", "mixtral"}) v.push_back({b, a, shared});
    for (const auto& [a, dir] : extra) v.push_back({b, "extra_" + a, dir});
  }
  return v;
}

void PrintTo(const HfCase& c, std::ostream* os) { *os << c.backend.name << "/" << (c.dir / c.arch).string(); }

std::string hf_case_name(const ::testing::TestParamInfo<HfCase>& info) {
  std::string n = info.param.backend.name + "_" + info.param.arch;
  for (char& ch : n)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';  // "gpt-oss" is not a test name
  return n;
}

std::string case_name(const ::testing::TestParamInfo<LogitsCase>& info) {
  return info.param.backend.name + "_" + info.param.model.name;
}
std::string backend_name(const ::testing::TestParamInfo<BackendUnderTest>& info) { return info.param.name; }

// A 9-token prompt batch (the GEMM path on backends that switch above 8 rows), a 2-token batch
// (the few-row path), then 3 single-token decode steps, every row against the float64 reference.
// Every architecture row (core/model/architectures.h) has a random model among forward_cases(),
// which every backend's suite runs (the CPU's in test_core_model, the CUDA backend's in test_cuda):
// dense for rows with dense FFNs, with experts for rows that have them. A row added without a case
// fails here, in both suites.
TEST(BackendConformanceCoverage, EveryArchitectureRowHasACase) {
  const std::vector<ForwardCase> cases = forward_cases();
  for (const Architecture& a : architectures()) {
    bool dense = false, experts = false;
    for (const ForwardCase& c : cases) {
      if (c.config.arch != a.name) continue;
      (c.config.n_expert > 0 ? experts : dense) = true;
    }
    if (a.ffn != FfnKind::MoE) {
      EXPECT_TRUE(dense) << "architecture '" << a.name << "' has no dense conformance case";
    }
    if (a.ffn != FfnKind::Dense) {
      EXPECT_TRUE(experts) << "architecture '" << a.name << "' has no mixture-of-experts conformance case";
    }
  }
}

TEST_P(BackendLogits, MatchFloat64Reference) {
  const BackendUnderTest& b = GetParam().backend;
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  const RandomModelConfig& c = GetParam().model.config;
  const Architecture* arch = find_architecture(c.arch);
  if (arch != nullptr && arch->recurrent_mixer != LayerMixer::Attention && !b.supports_recurrent) {
    auto file = random_model_file(c);
    auto spec = build_model_spec(file);
    ASSERT_TRUE(spec.ok());
    auto m = b.make()->load_model(*spec, settings(b, 16, true), nullptr);
    ASSERT_FALSE(m.ok()) << b.name << " loaded a model with recurrent layers it does not support";
    EXPECT_EQ(m.error().kind, ErrorKind::Unsupported) << m.error().describe();
    return;
  }
  if (c.n_expert > 0 && !b.supports_moe) {
    auto file = random_model_file(c);
    auto spec = build_model_spec(file);
    ASSERT_TRUE(spec.ok());
    auto m = b.make()->load_model(*spec, settings(b, 16, true), nullptr);
    ASSERT_FALSE(m.ok()) << b.name << " loaded a mixture-of-experts model it does not support";
    EXPECT_EQ(m.error().kind, ErrorKind::Unsupported) << m.error().describe();
    return;
  }
  {
    auto spec = build_model_spec(random_model_file(c));
    ASSERT_TRUE(spec.ok()) << spec.error().describe();
    if (const uint32_t missing = model_features(*spec) & b.unsupported_features; missing != 0) {
      auto m = b.make()->load_model(*spec, settings(b, 16, true), nullptr);
      ASSERT_FALSE(m.ok()) << b.name << " loaded a model using " << model_feature_list(missing);
      EXPECT_EQ(m.error().kind, ErrorKind::Unsupported) << m.error().describe();
      return;
    }
  }
  Loaded l = load(b, c, 16, true);
  ASSERT_TRUE(l.model);
  const double tol = is_quantized(c.matrix_type) || is_quantized(c.embd_type) ? b.quantized_tolerance : b.float_tolerance;
  const auto tokens = random_tokens(14, c.n_vocab, c.seed + 7);
  const auto ref = reference_logits(c, *l.file, tokens);
  const std::vector<size_t> batches = {9, 2, 1, 1, 1};
  size_t pos = 0;
  double worst = 0;
  for (size_t n : batches) {
    const LogitsRequest request = n > 1 ? LogitsRequest::All : LogitsRequest::Last;
    auto st = l.model->eval(std::span(tokens).subspan(pos, n), static_cast<int32_t>(pos), request);
    ASSERT_TRUE(st.ok()) << st.error().describe();
    auto all = l.model->logits();
    ASSERT_TRUE(all.ok()) << all.error().describe();
    ASSERT_EQ(all->size(), n * static_cast<size_t>(c.n_vocab));
    for (size_t t = 0; t < n; ++t) {
      const auto row = all->subspan(t * static_cast<size_t>(c.n_vocab), static_cast<size_t>(c.n_vocab));
      const double err = max_relative_error(std::vector<float>(row.begin(), row.end()), as_floats(ref[pos + t]));
      worst = std::max(worst, err);
      EXPECT_LT(err, tol) << "position " << pos + t << " (batch of " << n << ")";
    }
    // argmax agrees with the backend's own last row (ties toward the lower id).
    auto am = l.model->argmax();
    ASSERT_TRUE(am.ok()) << am.error().describe();
    const auto last = all->subspan(all->size() - static_cast<size_t>(c.n_vocab));
    EXPECT_EQ(*am, static_cast<int32_t>(std::max_element(last.begin(), last.end()) - last.begin()));
    pos += n;
  }
  EXPECT_EQ(l.model->n_past(), static_cast<int32_t>(tokens.size()));
  RecordProperty("max_relative_error", std::to_string(worst));
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
    if (!next.ok()) break;
    out.push_back(*next);
    if (out.size() == n) break;
    const int32_t tok = *next;
    EXPECT_TRUE(m.eval(std::span(&tok, 1), pos++, LogitsRequest::Last).ok());
  }
  return out;
}

TEST_P(BackendHfModels, GreedyIdsAndFirstLogitsMatchTransformers) {
  const BackendUnderTest& b = GetParam().backend;
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  std::string arch = GetParam().arch;
  if (arch.rfind("extra_", 0) == 0) arch = arch.substr(6);
  const std::filesystem::path ref_path = GetParam().dir / (arch + "-f16.ref.json");
  std::ifstream in(ref_path);
  ASSERT_TRUE(in.good()) << ref_path;
  const auto ref = nlohmann::json::parse(in);
  const auto& variant = ref["variants"]["f16"];
  auto f = gguf::GgufFile::open((GetParam().dir / variant["file"].get<std::string>()).string());
  ASSERT_TRUE(f.ok()) << f.error().describe();
  auto spec = build_model_spec(std::shared_ptr<const gguf::GgufFile>(std::move(f).value()));
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->n_vocab, ref["vocab_size"].get<int64_t>());
  EXPECT_EQ(spec->tied_embeddings, ref["config"].value("tie_word_embeddings", false));
  BackendModelSettings s = settings(b, 64, false);
  s.n_ctx = 128;
  auto loaded = b.make()->load_model(*spec, s, nullptr);
  if ((spec->has_moe() && !b.supports_moe) || (spec->has_recurrent_layers() && !b.supports_recurrent) ||
      (model_features(*spec) & b.unsupported_features) != 0) {
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.error().kind, ErrorKind::Unsupported) << loaded.error().describe();
    return;
  }
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  BackendModel& model = **loaded;
  int logits_checked = 0;
  for (const auto& c : variant["cases"]) {
    const auto prompt = c["prompt_ids"].get<std::vector<int32_t>>();
    const auto want = c["greedy_ids"].get<std::vector<int32_t>>();
    const auto margins = c["margins"].get<std::vector<double>>();
    // Compare up to (and including) the first step whose margin is below the backend's floor: that
    // step's pick is still the reference's when our logits are close; after it the paths may
    // legitimately diverge.
    size_t n_compare = want.size();
    for (size_t i = 0; i < margins.size(); ++i)
      if (margins[i] < b.greedy_margin) {
        n_compare = i;
        break;
      }
    model.kv_clear();
    ASSERT_TRUE(model.eval(prompt, 0, LogitsRequest::Last).ok());
    if (c.contains("first_logits") && c["first_logits"].is_array()) {
      const auto first = c["first_logits"].get<std::vector<double>>();
      auto got = model.logits();
      ASSERT_TRUE(got.ok());
      std::vector<float> a(got->begin(), got->end()), want_logits(first.begin(), first.end());
      const double tolerance = spec->has_moe() ? b.moe_fixture_tolerance : b.float_tolerance;
      EXPECT_LT(max_relative_error(a, want_logits), tolerance) << c["prompt"].get<std::string>();
      ++logits_checked;
    }
    const auto got = greedy(model, prompt, n_compare);
    EXPECT_EQ(got, std::vector<int32_t>(want.begin(), want.begin() + static_cast<std::ptrdiff_t>(n_compare)))
        << c["prompt"].get<std::string>() << " (compared " << n_compare << " steps)";
  }
  EXPECT_GT(logits_checked, 0);
}

TEST_P(BackendContract, EvalRejectsBadCalls) {
  const BackendUnderTest& b = GetParam();
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  RandomModelConfig c;
  Loaded l = load(b, c, 8, false);
  ASSERT_TRUE(l.model);
  BackendModel& model = *l.model;
  const std::vector<int32_t> one = {5};
  const std::vector<int32_t> nine(9, 1);
  auto expect_invalid = [](const Status& s, const std::string& needle) {
    ASSERT_FALSE(s.ok()) << needle;
    EXPECT_EQ(s.error().kind, ErrorKind::InvalidArgument);
    EXPECT_NE(s.error().message.find(needle), std::string::npos) << s.error().message;
  };
  expect_invalid(model.eval({}, 0, LogitsRequest::Last), "no tokens");
  expect_invalid(model.eval(nine, 0, LogitsRequest::Last), "batch size 8");
  expect_invalid(model.eval(one, 3, LogitsRequest::Last), "gap");
  expect_invalid(model.eval(one, 0, LogitsRequest::All), "without all_logits");
  const std::vector<int32_t> bad = {static_cast<int32_t>(c.n_vocab)};
  expect_invalid(model.eval(bad, 0, LogitsRequest::Last), "outside the vocabulary");
  const std::vector<int32_t> neg = {-1};
  expect_invalid(model.eval(neg, 0, LogitsRequest::Last), "outside the vocabulary");
  EXPECT_FALSE(model.logits().ok());  // nothing evaluated yet
  ASSERT_TRUE(model.eval(one, 0, LogitsRequest::None).ok());
  EXPECT_FALSE(model.logits().ok());  // the last eval asked for none
  EXPECT_FALSE(model.argmax().ok());
  for (int32_t p = 1; p < 64; ++p) ASSERT_TRUE(model.eval(one, p, LogitsRequest::None).ok());
  expect_invalid(model.eval(one, 64, LogitsRequest::Last), "do not fit the context of 64");
  expect_invalid(model.kv_keep(65), "cannot keep 65");
  EXPECT_EQ(model.n_past(), 64);
  ASSERT_TRUE(model.kv_keep(0).ok());
  EXPECT_EQ(model.n_past(), 0);
}

// NaN logits (NaN weights here) make argmax an error, never token 0 (an argmax that skips NaNs
// returns 0 for an all-NaN row): all of them NaN (the final norm's gain), or one (an output row).
TEST_P(BackendContract, ArgmaxOfNanLogitsIsAnError) {
  const BackendUnderTest& b = GetParam();
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  static constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
  static constexpr int64_t kNanRow = 7;
  RandomModelConfig all_nan;
  all_nan.edit_values["output_norm.weight"] = [](std::vector<float>& v) { std::fill(v.begin(), v.end(), kNan); };
  RandomModelConfig one_nan;
  one_nan.edit_values["output.weight"] = [n_embd = one_nan.n_embd](std::vector<float>& v) {
    v[static_cast<size_t>(kNanRow * n_embd)] = kNan;  // row kNanRow: that token's logit
  };
  for (const auto& [name, c] : {std::pair{"all NaN", all_nan}, std::pair{"one NaN", one_nan}}) {
    SCOPED_TRACE(name);
    Loaded l = load(b, c, 8, false);
    ASSERT_TRUE(l.model);
    const std::vector<int32_t> one = {5};
    ASSERT_TRUE(l.model->eval(one, 0, LogitsRequest::Last).ok());
    const std::vector<float> row = last_logits(*l.model);
    ASSERT_EQ(row.size(), static_cast<size_t>(c.n_vocab));
    EXPECT_TRUE(std::isnan(row[kNanRow]));
    EXPECT_EQ(std::count_if(row.begin(), row.end(), [](float x) { return std::isnan(x); }),
              c.edit_values.count("output.weight") ? 1 : c.n_vocab);
    const auto am = l.model->argmax();
    ASSERT_FALSE(am.ok()) << "argmax gave token " << *am;
    EXPECT_EQ(am.error().message, nan_logits_error().message);
    EXPECT_FALSE(check_logits(row).ok());
  }
}

TEST_P(BackendContract, KvKeepRecomputesTheSameLogits) {
  const BackendUnderTest& b = GetParam();
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  RandomModelConfig c;
  Loaded l = load(b, c, 16, false);
  ASSERT_TRUE(l.model);
  BackendModel& model = *l.model;
  auto tokens = random_tokens(10, c.n_vocab, 11);
  // The prompt in the two batches the replay repeats (6, then 4 tokens), so both runs take the same
  // kernels (a backend may compute a 10-row batch on another path, with other rounding).
  ASSERT_TRUE(model.eval(std::span(tokens).first(6), 0, LogitsRequest::None).ok());
  ASSERT_TRUE(model.eval(std::span(tokens).subspan(6), 6, LogitsRequest::Last).ok());
  std::vector<float> first(model.logits()->begin(), model.logits()->end());
  // Keep 6 positions, then replay the rest: the same last logits.
  ASSERT_TRUE(model.kv_keep(6).ok());
  EXPECT_EQ(model.n_past(), 6);
  ASSERT_TRUE(model.eval(std::span(tokens).subspan(6), 6, LogitsRequest::Last).ok());
  std::vector<float> again(model.logits()->begin(), model.logits()->end());
  EXPECT_LT(max_relative_error(again, first), 1e-5);
  // A different continuation after the kept prefix gives different logits.
  ASSERT_TRUE(model.kv_keep(6).ok());
  tokens[9] = (tokens[9] + 1) % static_cast<int32_t>(c.n_vocab);
  ASSERT_TRUE(model.eval(std::span(tokens).subspan(6), 6, LogitsRequest::Last).ok());
  std::vector<float> other(model.logits()->begin(), model.logits()->end());
  EXPECT_GT(max_relative_error(other, first), 1e-3);
  model.kv_clear();
  EXPECT_EQ(model.n_past(), 0);
}

// The quantized caches (Q8_0, Q4_0) have no context shift: the backend says so beforehand and
// kv_remove is refused as Unsupported, the cache left as it was.
static bool quantized_kv(const BackendUnderTest& b) {
  return b.kv_type == KvCacheType::Q8_0 || b.kv_type == KvCacheType::Q4_0;
}

static void expect_shift_refused(const BackendUnderTest& b) {
  Loaded l = load(b, RandomModelConfig{}, 8, false);
  ASSERT_TRUE(l.model);
  EXPECT_FALSE(l.model->kv_remove_supported()) << b.name;
  const std::vector<int32_t> tokens = {1, 2, 3, 4, 5, 6};
  ASSERT_TRUE(l.model->eval(tokens, 0, LogitsRequest::Last).ok());
  const Status st = l.model->kv_remove(1, 2);
  ASSERT_FALSE(st.ok()) << b.name;
  EXPECT_EQ(st.error().kind, ErrorKind::Unsupported) << st.error().describe();
  EXPECT_EQ(l.model->n_past(), 6);
}

// A shift equals a fresh eval of the kept tokens at their new positions: 24 tokens, positions
// 5..13 removed, then one more token; against the kept 15 evaluated from the start.
TEST_P(BackendContract, KvRemoveEqualsAFreshEvalOfTheKeptTokens) {
  const BackendUnderTest& b = GetParam();
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  if (quantized_kv(b)) return expect_shift_refused(b);
  for (const ShiftCase& sc : shift_cases()) {
    SCOPED_TRACE(sc.name);
    if (auto spec = build_model_spec(random_model_file(sc.config));
        spec.ok() && (model_features(*spec) & b.unsupported_features))
      continue;  // the load's refusal is MatchFloat64Reference's to check
    Loaded l = load_edited(b, sc.config, 8, sc.edit);
    ASSERT_TRUE(l.model);
    BackendModel& model = *l.model;
    ASSERT_TRUE(model.kv_remove_supported());
    const auto tokens = random_tokens(24, sc.config.n_vocab, 21);
    const std::vector<int32_t> next = {static_cast<int32_t>(sc.config.n_vocab / 2)};
    eval_all(model, tokens, 0);
    ASSERT_TRUE(model.eval(next, 24, LogitsRequest::Last).ok());
    const std::vector<float> unshifted = last_logits(model);

    ASSERT_TRUE(model.kv_keep(24).ok());
    const Status removed = model.kv_remove(5, 9);
    ASSERT_TRUE(removed.ok()) << removed.error().describe();
    EXPECT_EQ(model.n_past(), 15);
    EXPECT_FALSE(model.logits().ok());  // a KV change invalidates the last logits
    ASSERT_TRUE(model.eval(next, 15, LogitsRequest::Last).ok());
    const std::vector<float> shifted = last_logits(model);

    model.kv_clear();
    std::vector<int32_t> kept(tokens.begin(), tokens.begin() + 5);
    kept.insert(kept.end(), tokens.begin() + 14, tokens.end());
    eval_all(model, kept, 0);
    ASSERT_TRUE(model.eval(next, 15, LogitsRequest::Last).ok());
    const std::vector<float> fresh = last_logits(model);

    const double shift_error = max_relative_error(shifted, fresh);
    EXPECT_LT(shift_error, b.float_tolerance);
    // The check can fail: the removed tokens mattered, far more than the shift's rounding.
    const double removed_effect = max_relative_error(unshifted, fresh);
    EXPECT_GT(removed_effect, std::max(1e-3, 3 * shift_error)) << "shift error " << shift_error;
  }
}

TEST_P(BackendContract, KvRemoveChecksTheSpan) {
  const BackendUnderTest& b = GetParam();
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  if (quantized_kv(b)) return expect_shift_refused(b);
  RandomModelConfig c;
  Loaded l = load(b, c, 8, false);
  ASSERT_TRUE(l.model);
  BackendModel& model = *l.model;
  const auto tokens = random_tokens(10, c.n_vocab, 3);
  eval_all(model, tokens, 0);
  for (auto [begin, count] : {std::pair{-1, 2}, std::pair{2, -1}, std::pair{4, 7}, std::pair{11, 0}}) {
    const Status s = model.kv_remove(begin, count);
    ASSERT_FALSE(s.ok()) << begin << "+" << count;
    EXPECT_EQ(s.error().kind, ErrorKind::InvalidArgument);
    EXPECT_NE(s.error().message.find("the KV cache holds 10"), std::string::npos) << s.error().message;
  }
  EXPECT_EQ(model.n_past(), 10);
  ASSERT_TRUE(model.kv_remove(3, 0).ok());
  EXPECT_EQ(model.n_past(), 10);
  // Removing the end is kv_keep: the next token's logits equal those after keeping 7.
  ASSERT_TRUE(model.kv_remove(7, 3).ok());
  EXPECT_EQ(model.n_past(), 7);
  ASSERT_TRUE(model.eval(std::span(tokens).subspan(7, 1), 7, LogitsRequest::Last).ok());
  const std::vector<float> after_remove = last_logits(model);
  ASSERT_TRUE(model.kv_keep(7).ok());
  ASSERT_TRUE(model.eval(std::span(tokens).subspan(7, 1), 7, LogitsRequest::Last).ok());
  EXPECT_LT(max_relative_error(last_logits(model), after_remove), 1e-6);
}

// Deeper models: a shift is approximate beyond the first layer (backend.h), the same approximation
// on every backend, so each backend's shifted logits match the CPU backend's (F32 cache) on a
// four-layer model (split over the devices of a split backend).
TEST_P(BackendContract, KvRemoveOnDeepModelsMatchesTheCpuBackend) {
  const BackendUnderTest& b = GetParam();
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  if (quantized_kv(b)) return expect_shift_refused(b);
  BackendUnderTest cpu;
  cpu.name = "cpu";
  cpu.make = [] { return std::move(cpu_backend_factory()()).value(); };
  cpu.kv_type = KvCacheType::F32;
  RandomModelConfig c;
  c.n_layer = 4;
  c.arch = "gemma2";  // even layers slide
  c.sliding_window = 6;
  c.tied = true;
  auto shifted_logits = [&](const BackendUnderTest& backend) {
    Loaded l = load(backend, c, 8, false);
    EXPECT_TRUE(l.model);
    if (!l.model) return std::vector<float>();
    const auto tokens = random_tokens(30, c.n_vocab, 8);
    eval_all(*l.model, tokens, 0);
    EXPECT_TRUE(l.model->kv_remove(4, 12).ok());
    const std::vector<int32_t> next = {7};
    EXPECT_TRUE(l.model->eval(next, 18, LogitsRequest::Last).ok());
    return last_logits(*l.model);
  };
  const std::vector<float> want = shifted_logits(cpu);
  const std::vector<float> got = shifted_logits(b);
  ASSERT_FALSE(want.empty());
  EXPECT_LT(max_relative_error(got, want), b.float_tolerance);
}

TEST_P(BackendContract, LoadCanBeCancelled) {
  const BackendUnderTest& b = GetParam();
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  auto file = random_model_file(RandomModelConfig{});
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok());
  int calls = 0;
  auto m = b.make()->load_model(*spec, settings(b, 8, false), [&](float p) {
    EXPECT_GE(p, 0.0f);
    EXPECT_LE(p, 1.0f);
    return ++calls < 2;
  });
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().kind, ErrorKind::Cancelled);
}

TEST_P(BackendContract, FootprintCountsKvCacheAndWeights) {
  const BackendUnderTest& b = GetParam();
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  RandomModelConfig c;
  Loaded l = load(b, c, 8, false);
  ASSERT_TRUE(l.model);
  const auto f = l.model->footprint();
  const uint64_t kv_dim = static_cast<uint64_t>(c.n_head_kv * c.head_dim());
  // A row: kv_dim values of 4 (F32) or 2 (F16) bytes, or blocks of 32 values of 34 (Q8_0) or 18
  // (Q4_0) bytes (quant/blocks.h), the last block padded.
  const uint64_t blocks = (kv_dim + 31) / 32;
  uint64_t row_bytes = kv_dim * 2;
  if (b.kv_type == KvCacheType::F32) row_bytes = kv_dim * 4;
  if (b.kv_type == KvCacheType::Q8_0) row_bytes = blocks * 34;
  if (b.kv_type == KvCacheType::Q4_0) row_bytes = blocks * 18;
  // 2 (K and V) x layers x context x row bytes
  EXPECT_EQ(f.kv_cache_bytes, 2ull * c.n_layer * 64 * row_bytes);
  EXPECT_GE(f.weight_bytes + f.mapped_bytes, l.spec.weight_bytes());
  EXPECT_LE(f.weight_bytes + f.mapped_bytes, l.spec.weight_bytes() + b.weight_overhead_bytes);
  EXPECT_GT(f.scratch_bytes, 0u);
  EXPECT_FALSE(l.model->describe().empty());
}

// Models with recurrent state (backend.h): eval continues only at n_past, kv_keep returns to 0,
// n_past or a checkpoint (restoring the state there: the same logits as before), kv_remove is
// refused, the footprint counts the state and the KV cache of the attention layers only.
static RandomModelConfig hybrid_config() {
  RandomModelConfig c;
  c.arch = "qwen35";
  c.n_layer = 4;
  c.head_size = 32;
  c.n_rot = 8;
  return c;
}

TEST_P(BackendContract, RecurrentStateReturnsOnlyToCheckpoints) {
  const BackendUnderTest& b = GetParam();
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  if (!b.supports_recurrent) GTEST_SKIP() << b.name << " does not run recurrent layers";
  const RandomModelConfig c = hybrid_config();
  Loaded l = load(b, c, 16, false);
  ASSERT_TRUE(l.model);
  BackendModel& model = *l.model;
  EXPECT_TRUE(model.has_recurrent_state());
  EXPECT_FALSE(model.kv_remove_supported());
  const auto tokens = random_tokens(20, c.n_vocab, 12);
  ASSERT_TRUE(model.eval(std::span(tokens).first(6), 0, LogitsRequest::None).ok());
  ASSERT_TRUE(model.save_checkpoint().ok());
  ASSERT_TRUE(model.eval(std::span(tokens).subspan(6, 7), 6, LogitsRequest::Last).ok());
  const auto first = last_logits(model);
  // Only the end continues.
  const Status gap = model.eval(std::span(tokens).subspan(10, 1), 10, LogitsRequest::Last);
  ASSERT_FALSE(gap.ok());
  EXPECT_EQ(gap.error().kind, ErrorKind::InvalidArgument) << gap.error().describe();
  // Back to the checkpoint (and nowhere between it and the end): the replay gives the same logits.
  EXPECT_EQ(model.restorable_position(13), 13);
  EXPECT_EQ(model.restorable_position(10), 6);
  EXPECT_EQ(model.restorable_position(5), 0);
  const Status between = model.kv_keep(10);
  ASSERT_FALSE(between.ok());
  EXPECT_EQ(between.error().kind, ErrorKind::Unsupported) << between.error().describe();
  EXPECT_NE(between.error().message.find("checkpoints are at 6"), std::string::npos) << between.error().message;
  EXPECT_EQ(model.n_past(), 13);
  ASSERT_TRUE(model.kv_keep(6).ok());
  EXPECT_EQ(model.n_past(), 6);
  ASSERT_TRUE(model.eval(std::span(tokens).subspan(6, 7), 6, LogitsRequest::Last).ok());
  EXPECT_LT(max_relative_error(last_logits(model), first), 1e-5);
  // A second checkpoint at 13, the first still held; an eval from 6 forgets the later one.
  ASSERT_TRUE(model.save_checkpoint().ok());
  EXPECT_EQ(model.restorable_position(20), 13);
  ASSERT_TRUE(model.kv_keep(6).ok());
  EXPECT_EQ(model.restorable_position(13), 6);
  const Status shift = model.kv_remove(1, 2);
  ASSERT_FALSE(shift.ok());
  EXPECT_EQ(shift.error().kind, ErrorKind::Unsupported) << shift.error().describe();
  // Back to 0 is always possible: the state of an empty sequence.
  ASSERT_TRUE(model.kv_keep(0).ok());
  ASSERT_TRUE(model.eval(std::span(tokens).first(13), 0, LogitsRequest::Last).ok());
  // One prompt of 13 tokens against 6 + 7: a GPU backend may take another product path for the
  // longer batch (CUDA: f16 tensor-core GEMMs above 8 rows), hence the backend's float tolerance.
  EXPECT_LT(max_relative_error(last_logits(model), first), std::max(1e-4, b.float_tolerance));
  EXPECT_EQ(model.restorable_position(6), 0);  // kv_keep(0) forgot every checkpoint
}

TEST_P(BackendContract, FootprintCountsTheRecurrentStateAndTheAttentionLayersCache) {
  const BackendUnderTest& b = GetParam();
  if (auto why = skip_reason(b); !why.empty()) GTEST_SKIP() << why;
  if (!b.supports_recurrent) GTEST_SKIP() << b.name << " does not run recurrent layers";
  const RandomModelConfig c = hybrid_config();
  Loaded l = load(b, c, 8, false);
  ASSERT_TRUE(l.model);
  const auto f = l.model->footprint();
  // Two of the four layers attend (every 2nd): their K and V rows of 2 heads x 32 values.
  EXPECT_EQ(f.kv_cache_bytes, kv_cache_bytes(2, 64, 64, b.kv_type));
  // Per recurrent layer: 3 past inputs of the 2 x 2 x 16 + 4 x 16 convolved channels, and 4 value
  // heads of 16 x 16; f32, the state and kStateCheckpoints copies.
  const uint64_t per_layer = 4ull * (3 * (2 * 2 * 16 + 4 * 16) + 4 * 16 * 16);
  EXPECT_EQ(f.recurrent_state_bytes, 2 * per_layer * (1 + kStateCheckpoints));
}

}  // namespace tessera::test
