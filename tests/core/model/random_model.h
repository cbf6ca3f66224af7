// Small models of every architecture with random weights, written with GgufWriter for the model,
// backend, engine and CLI suites (header-only so every suite can include it as
// "core/model/random_model.h"). The tensor list comes from the architecture table
// (model/model_layout.h) and the metadata from hparams_io's writer, as for `synth`; the values are
// this file's own random numbers.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gguf/gguf_file.h"
#include "gguf/gguf_writer.h"
#include "model/architectures.h"
#include "model/hparams_io.h"
#include "model/model_layout.h"
#include "quant/quantize.h"
#include "support/test_support.h"

namespace tessera::test {

enum class RopeScalingKind { None, Linear, Llama3Metadata, RopeFreqsTensor, Yarn };

struct RandomModelConfig {
  std::string arch = "llama";
  int64_t n_vocab = 96;
  int64_t n_embd = 64;
  int64_t n_layer = 2;
  int64_t n_head = 4;
  int64_t n_head_kv = 2;
  int64_t n_ff = 96;
  int64_t n_ctx_train = 256;
  int64_t n_rot = 0;  // 0: the whole head
  double rope_base = 10000.0;
  double rms_eps = 1e-5;
  RopeScalingKind scaling = RopeScalingKind::None;
  double scaling_factor = 4.0;
  // llama3 parameters (small original context so the smooth band covers some pairs); YaRN uses
  // scaling_factor, original_ctx and its betas
  double low_freq_factor = 1.0, high_freq_factor = 4.0, original_ctx = 64.0;
  double yarn_beta_fast = 32.0, yarn_beta_slow = 1.0;
  bool tied = false;
  bool qkv_bias = false;
  bool qk_norm = false;   // write attn_q_norm / attn_k_norm where the architecture allows them (GLM-4.x)
  int64_t head_size = 0;  // 0: n_embd / n_head
  int32_t n_expert = 0;   // > 0: a mixture-of-experts model (llama: Mixtral-style; qwen3moe)
  int32_t n_expert_used = 0;
  int64_t n_ff_shared = 0;  // qwen35moe/qwen3next: the shared expert's width (0: n_ff)
  // Hybrid architectures (qwen35, qwen35moe, qwen3next): every full_attention_interval-th layer
  // attends, the others are Gated DeltaNet layers of these sizes.
  int32_t full_attention_interval = 2;
  int32_t conv_kernel = 4;
  int64_t linear_k_heads = 2, linear_v_heads = 4, linear_head_dim = 16;
  // Gemma 4: the sliding layers' heads (their size, their rotated dims; 0: the model's), the full
  // layers' KV heads (0: n_head_kv) and rotated pairs of their proportional RoPE (0: all; the rest
  // get rope_freqs divisors of 1e30), which layers slide (empty: the architecture's period), the
  // last shared_kv_layers layers reading earlier layers' caches, per-layer embeddings of
  // n_embd_per_layer, full layers without attn_v, layer output scales, per-layer FFN widths.
  int64_t head_size_swa = 0, n_rot_swa = 0, n_head_kv_full = 0, rot_pairs_full = 0;
  std::vector<bool> sliding_layers;
  int32_t shared_kv_layers = 0;
  int64_t n_embd_per_layer = 0;
  bool full_layers_value_from_key = false;
  bool layer_out_scale = false;
  std::vector<int64_t> n_ff_per_layer;  // empty: n_ff everywhere
  int64_t n_ff_dense = 0;               // Gemma 4 MoE: the dense MLP beside the experts
  // MoE layouts and routing (GLM-4.x, DeepSeek, Llama 4): the leading dense layers (their width
  // n_ff_dense_layers, 0: n_ff) or experts on every moe_layer_step-th layer, shared experts (a
  // count of expert-wide ones), the router's choices (written where the architecture reads them).
  int32_t leading_dense = 0;
  int32_t moe_layer_step = 0;
  int64_t n_ff_dense_layers = 0;
  int32_t n_shared_experts = 0;
  RouterParams router;
  // Latent attention (deepseek2; kv_lora_rank > 0): the queries' rank (0: attn_q.weight), the
  // latent's rank, the unrotated query/key dims and the value dims per head; n_rot is the rotated
  // dims. YaRN files also get yarn_log_multiplier (0.1 mscale_all_dim) where it is > 0.
  int64_t q_lora_rank = 0, kv_lora_rank = 0, qk_nope = 0, v_head = 0;
  double yarn_log_multiplier = 0;
  int32_t sliding_window = 0;           // gemma2/gemma3/gemma4: the sliding layers' window
  // Llama 4: the chunked layers' chunk (0: the file says none, the architecture's 8192 applies) and
  // the attention temperature of the layers without RoPE (floor 0: the file says none, 8192 and
  // 0.1 apply).
  int32_t attention_chunk = 0;
  int64_t temperature_floor = 0;
  double temperature_scale = 0.1;
  double rope_base_swa = 0;    // gemma3: the sliding layers' rope base (0: rope_base)
  double attn_softcap = 0, final_softcap = 0;  // gemma2
  GgmlType matrix_type = GgmlType::F32;  // attention and feed-forward matrices
  GgmlType embd_type = GgmlType::F32;    // token_embd and output
  uint32_t seed = 1;
  bool with_tokenizer = false;  // a tiny SentencePiece-style vocabulary (byte tokens + letters)
  int32_t eos_id = 2;           // tokenizer.ggml.eos_token_id
  std::string chat_template;    // tokenizer.chat_template when not empty
  std::set<std::string> omit;   // tensors to leave out (error tests)
  std::map<std::string, std::vector<int64_t>> reshape;  // tensors written with other dims (error tests)
  std::map<std::string, GgmlType> retype;  // tensors written as this type with zero bytes (error tests)
  // Changes a tensor's values before they are encoded (NaN weights: error tests).
  std::map<std::string, std::function<void(std::vector<float>&)>> edit_values;

  int64_t head_dim() const { return head_size > 0 ? head_size : n_embd / n_head; }
  int64_t rot() const { return n_rot > 0 ? n_rot : head_dim(); }
};

// Gemma 4's E2B/E4B and 31B features in one small model (the conformance suite's gemma4 case and the
// loader tests): sliding layers of 16-wide heads (2 KV heads, window 4), full layers of 32-wide heads
// (1 KV head, K reused as V, proportional RoPE over 4 of 16 pairs), layers s s s F s F of which the
// last two read layers 2 and 3's caches with double-wide MLPs; per-layer embeddings of 8; layer
// output scales; tied embeddings. Sets these fields of `c`, leaving the others.
inline void set_gemma4_e2b_31b_layers(RandomModelConfig& c) {
  c.n_layer = 6;
  c.sliding_layers = {true, true, true, false, true, false};
  c.head_size = 32;
  c.head_size_swa = 16;
  c.n_head_kv = 2;
  c.n_head_kv_full = 1;
  c.full_layers_value_from_key = true;
  c.scaling = RopeScalingKind::RopeFreqsTensor;
  c.rot_pairs_full = 4;
  c.rope_base = 1e6;
  c.rope_base_swa = 1e4;
  c.sliding_window = 4;
  c.shared_kv_layers = 2;
  c.n_embd_per_layer = 8;
  c.n_ff_per_layer = {96, 96, 96, 96, 192, 192};
  c.layer_out_scale = true;
  c.tied = true;
}

// The DeepSeek-V3 family's multi-head latent attention in small: queries low-rank of rank
// `q_lora_rank` (0: straight from attn_q.weight, as DeepSeek-V2-Lite), a 64-wide latent and a
// 32-wide shared rotated key in the cache, 32 + 32 query dims and 32 value dims per head. Sets these
// fields of `c`, leaving the others.
inline void set_deepseek_latent_attention(RandomModelConfig& c, int64_t q_lora_rank = 32) {
  c.q_lora_rank = q_lora_rank;
  c.kv_lora_rank = 64;
  c.qk_nope = 32;
  c.n_rot = 32;
  c.v_head = 32;
}

// The expert side DeepSeek-V3 and GLM-4.x share, in small: a dense first layer 96 wide, experts 32
// wide with one shared expert, the sigmoid router (with its per-expert selection bias) whose chosen
// weights are normalised and scaled by 2.5. Sets these fields of `c`, leaving the others (the
// expert counts among them).
inline void set_v3_style_experts(RandomModelConfig& c) {
  c.leading_dense = 1;
  c.n_ff = 32;
  c.n_ff_dense_layers = 96;
  c.n_shared_experts = 1;
  c.router.gating = ExpertGating::Sigmoid;
  c.router.normalize = true;
  c.router.scale = 2.5f;
}

// Quantizes `values` (rows of dims[0]) to `type`.
inline std::vector<uint8_t> encode_tensor(GgmlType type, const std::vector<int64_t>& dims, const std::vector<float>& values) {
  const int64_t row = dims[0];
  const int64_t rows = static_cast<int64_t>(values.size()) / row;
  const uint64_t rb = row_size(type, row).value();
  std::vector<uint8_t> out(rb * static_cast<uint64_t>(rows));
  for (int64_t r = 0; r < rows; ++r) {
    auto st = quantize_row(type, values.data() + r * row, out.data() + static_cast<uint64_t>(r) * rb, row);
    EXPECT_TRUE(st.ok()) << st.error().describe();
  }
  return out;
}

inline void add_tokenizer_metadata(gguf::GgufWriter& w, int64_t n_vocab, int32_t eos_id) {
  // <unk>, <s>, </s>, 256 byte tokens would exceed small vocabularies: use the byte tokens that
  // fit, then nothing else. Models with a tokenizer need n_vocab >= 3 + 256.
  std::vector<std::string> tokens = {"<unk>", "<s>", "</s>"};
  std::vector<float> scores = {0, 0, 0};
  std::vector<int32_t> types = {2, 3, 3};
  char buf[16];
  for (int b = 0; b < 256 && static_cast<int64_t>(tokens.size()) < n_vocab; ++b) {
    std::snprintf(buf, sizeof buf, "<0x%02X>", b);
    tokens.emplace_back(buf);
    scores.push_back(0);
    types.push_back(6);
  }
  const char* pieces[] = {"\xe2\x96\x81", "a", "b", "c", "d", "e", "\xe2\x96\x81" "a", "ab"};
  int k = 0;
  while (static_cast<int64_t>(tokens.size()) < n_vocab) {
    std::string p = k < 8 ? pieces[k] : "x" + std::to_string(k);
    tokens.push_back(p);
    scores.push_back(-static_cast<float>(k));
    types.push_back(1);
    ++k;
  }
  w.set_string("tokenizer.ggml.model", "llama");
  w.set("tokenizer.ggml.tokens", gguf::Value::string_array(tokens));
  w.set("tokenizer.ggml.scores", gguf::Value::f32_array(scores));
  w.set("tokenizer.ggml.token_type", gguf::Value::i32_array(types));
  w.set_u32("tokenizer.ggml.bos_token_id", 1);
  w.set_u32("tokenizer.ggml.eos_token_id", static_cast<uint32_t>(eos_id));
  w.set_u32("tokenizer.ggml.unknown_token_id", 0);
  w.set_bool("tokenizer.ggml.add_bos_token", true);
  w.set_bool("tokenizer.ggml.add_eos_token", false);
}

// The hyperparameters of `c` as a ModelSpec (no tensors), the input of the metadata writer and the
// tensor layout.
inline ModelSpec random_model_hparams(const RandomModelConfig& c) {
  ModelSpec m;
  m.architecture = c.arch;
  m.n_vocab = c.n_vocab;
  m.n_embd = c.n_embd;
  m.n_layer = c.n_layer;
  m.n_head = c.n_head;
  m.n_head_kv = c.n_head_kv;
  m.head_dim = c.head_dim();
  m.n_ctx_train = c.n_ctx_train;
  m.rms_eps = static_cast<float>(c.rms_eps);
  m.rope.n_dims = static_cast<int32_t>(c.rot());
  m.rope.freq_base = static_cast<float>(c.rope_base);
  if (c.scaling == RopeScalingKind::Linear) m.rope.freq_scale = static_cast<float>(1.0 / c.scaling_factor);
  if (c.scaling == RopeScalingKind::RopeFreqsTensor) m.rope.freq_factors.assign(static_cast<size_t>(c.rot() / 2), 1.0f);
  if (c.scaling == RopeScalingKind::Yarn)
    m.rope.yarn = {static_cast<float>(c.scaling_factor), static_cast<int64_t>(c.original_ctx),
                   static_cast<float>(c.yarn_beta_fast), static_cast<float>(c.yarn_beta_slow)};
  m.rope.yarn.log_multiplier = static_cast<float>(c.yarn_log_multiplier);
  if (c.kv_lora_rank > 0) {
    m.mla = {c.q_lora_rank, c.kv_lora_rank, c.qk_nope, c.rot(), c.v_head};
    m.head_dim = c.qk_nope + c.rot();
    m.n_head_kv = 1;
  }
  m.rope_swa = m.rope;
  if (c.rope_base_swa > 0) m.rope_swa.freq_base = static_cast<float>(c.rope_base_swa);
  m.sliding_window = c.sliding_window;
  m.attention_chunk = c.attention_chunk;
  m.attention_temperature = {static_cast<float>(c.temperature_scale), c.temperature_floor, 1.0f};
  m.attention_softcap = static_cast<float>(c.attn_softcap);
  m.final_softcap = static_cast<float>(c.final_softcap);
  m.n_expert = c.n_expert;
  m.n_expert_used = c.n_expert_used;
  m.tied_embeddings = c.tied;
  m.layers.assign(static_cast<size_t>(c.n_layer), LayerSpec{});
  const Architecture* a = find_architecture(c.arch);
  for (size_t i = 0; i < m.layers.size(); ++i) {
    LayerSpec& l = m.layers[i];
    l.moe = c.n_expert > 0 && static_cast<int32_t>(i) >= c.leading_dense &&
            (c.moe_layer_step <= 0 || (static_cast<int32_t>(i) + 1) % c.moe_layer_step == 0);
    l.n_ff = c.n_ff_per_layer.empty() ? c.n_ff : c.n_ff_per_layer[i];
    if (!l.moe && c.n_expert > 0 && c.n_ff_dense_layers > 0) l.n_ff = c.n_ff_dense_layers;
    l.n_ff_dense = l.moe ? c.n_ff_dense : 0;
    if (l.moe && a != nullptr && a->shared_expert_width == SharedExpertWidth::CountTimesExpert)
      l.n_ff_shared = c.n_shared_experts * c.n_ff;
    if (l.moe && a != nullptr && a->shared_expert_width == SharedExpertWidth::ExpertWidth) l.n_ff_shared = c.n_ff;
  }
  if (a != nullptr && a->reads_router_keys) m.router = c.router;
  if (a != nullptr) set_default_sliding_layers(*a, m);
  if (!c.sliding_layers.empty())
    for (size_t i = 0; i < m.layers.size(); ++i) m.layers[i].sliding = c.sliding_layers[i];
  if (a != nullptr && a->per_layer_attention) {
    // Gemma 4: the model's head geometry is the full layers'; the sliding layers' differs.
    for (auto& l : m.layers) {
      if (l.sliding) {
        if (c.head_size_swa > 0 && c.head_size_swa != m.head_dim) l.head_dim = c.head_size_swa;
      } else if (c.n_head_kv_full > 0 && c.n_head_kv_full != m.n_head_kv) {
        l.n_head_kv = c.n_head_kv_full;
      }
      l.value_from_key = c.full_layers_value_from_key && !l.sliding;
    }
    m.rope_swa.n_dims = static_cast<int32_t>(c.n_rot_swa > 0       ? c.n_rot_swa
                                             : c.head_size_swa > 0 ? c.head_size_swa
                                                                   : m.head_dim);
    m.rope_swa.freq_factors.clear();
    set_shared_kv_layers(m, c.shared_kv_layers);
    for (auto& l : m.layers)
      if (l.kv_source >= 0) l.value_from_key = false;
    m.n_embd_per_layer = c.n_embd_per_layer;
  }
  if (a != nullptr && a->recurrent_mixer != LayerMixer::Attention) {
    set_full_attention_interval(*a, m, c.full_attention_interval);
    m.delta_net.conv_kernel = c.conv_kernel;
    m.delta_net.n_k_heads = c.linear_k_heads;
    m.delta_net.n_v_heads = c.linear_v_heads;
    m.delta_net.head_k_dim = c.linear_head_dim;
    m.delta_net.head_v_dim = c.linear_head_dim;
    m.attention_output_gate = a->attention_output_gate;
    if (c.n_expert > 0)
      for (auto& l : m.layers) l.n_ff_shared = c.n_ff_shared > 0 ? c.n_ff_shared : c.n_ff;
  }
  return m;
}

// The GGUF image of a random model described by `c`.
inline std::vector<uint8_t> random_model_bytes(const RandomModelConfig& c) {
  gguf::GgufWriter w;
  const std::string a = c.arch;
  const ModelSpec hp = random_model_hparams(c);
  auto st = write_hyperparameters(w, hp);
  EXPECT_TRUE(st.ok()) << st.error().describe();
  w.set_string("general.name", "random-" + a);
  if (c.scaling == RopeScalingKind::Llama3Metadata) {
    w.set_string(a + ".rope.scaling.type", "llama3");
    w.set_f32(a + ".rope.scaling.factor", static_cast<float>(c.scaling_factor));
    w.set_f32(a + ".rope.scaling.low_freq_factor", static_cast<float>(c.low_freq_factor));
    w.set_f32(a + ".rope.scaling.high_freq_factor", static_cast<float>(c.high_freq_factor));
    w.set_u32(a + ".rope.scaling.original_context_length", static_cast<uint32_t>(c.original_ctx));
  }
  if (c.with_tokenizer) add_tokenizer_metadata(w, c.n_vocab, c.eos_id);
  if (!c.chat_template.empty()) w.set_string("tokenizer.chat_template", c.chat_template);

  const SlotMask optional = (c.qkv_bias ? slot_mask({LayerTensor::Bq, LayerTensor::Bk, LayerTensor::Bv}) : 0) |
                            (c.qk_norm ? slot_mask({LayerTensor::QNorm, LayerTensor::KNorm}) : 0) |
                            (c.layer_out_scale ? slot_mask({LayerTensor::LayerOutScale}) : 0) |
                            slot_mask({LayerTensor::ExpertDownScale, LayerTensor::RouterSelectBias});  // where allowed
  auto layout = file_tensor_layout(hp, optional);
  EXPECT_TRUE(layout.ok()) << layout.error().describe();
  if (!layout.ok()) return {};
  uint32_t seed = c.seed * 1000u;
  const float ws = 1.0f / std::sqrt(static_cast<float>(c.n_embd));
  for (const FileTensor& t : *layout) {
    if (c.omit.count(t.name)) continue;
    std::vector<int64_t> dims = t.dims;
    if (auto it = c.reshape.find(t.name); it != c.reshape.end()) dims = it->second;
    int64_t n = 1;
    for (int64_t x : dims) n *= x;
    if (auto it = c.retype.find(t.name); it != c.retype.end()) {
      std::vector<uint8_t> zeros(tensor_bytes_unchecked(it->second, static_cast<uint64_t>(n)));
      auto added = w.add_tensor(t.name, it->second, dims, std::move(zeros));
      EXPECT_TRUE(added.ok()) << added.error().describe();
      continue;
    }
    std::vector<float> v;
    GgmlType type = GgmlType::F32;
    if (t.role == TensorRole::RopeDivisors && c.rot_pairs_full > 0) {
      // Gemma 4's proportional RoPE as llama.cpp's converter writes it: 1 for the rotated pairs,
      // 1e30 (no rotation) for the rest.
      for (int64_t i = 0; i < n; ++i) v.push_back(i < c.rot_pairs_full ? 1.0f : 1e30f);
    } else if (t.role == TensorRole::RopeDivisors) {
      // Divisors from 1 to scaling_factor, as Llama 3.1's file carries them.
      const int64_t half = n;
      for (int64_t i = 0; i < half; ++i)
        v.push_back(1.0f + static_cast<float>(c.scaling_factor - 1.0) * static_cast<float>(i) /
                               static_cast<float>(std::max<int64_t>(1, half - 1)));
    } else if (t.role == TensorRole::Scale) {
      // Layer output, router input and per-expert scales: positive, around 1.
      v = random_floats(static_cast<size_t>(n), ++seed, 0.3f);
      for (float& x : v) x = 1.0f + std::fabs(x) - 0.15f;
    } else if (t.role == TensorRole::DecayRate) {
      // Gated DeltaNet's -exp(A_log): negative decay rates, most between -0.2 and -1.4.
      v = random_floats(static_cast<size_t>(n), ++seed, 0.6f);
      for (float& x : v) x = -(0.2f + std::fabs(x));
    } else if (t.role == TensorRole::NormGain) {
      v = random_floats(static_cast<size_t>(n), ++seed, 0.1f);
      for (float& x : v) x += 1.0f;
    } else if (t.role == TensorRole::Bias) {
      // Expert gate/up biases wide enough that gpt-oss's clamp at +-7 bites on some rows.
      const bool expert_glu = !t.layer_slots.empty() && (t.layer_slots.front() == LayerTensor::ExpertGateBias ||
                                                         t.layer_slots.front() == LayerTensor::ExpertUpBias);
      v = random_floats(static_cast<size_t>(n), ++seed, expert_glu ? 5.0f : 0.5f);
    } else {
      // Scales that keep the activations of a few random layers in a sane range.
      const bool router = t.layer_slots.size() == 1 && t.layer_slots.front() == LayerTensor::Router;
      float stddev = ws;
      if (t.name == "token_embd.weight") stddev = 1.0f;
      if (!t.layer_slots.empty() && (t.layer_slots.front() == LayerTensor::Wq || t.layer_slots.front() == LayerTensor::Wk))
        stddev = 2.0f * ws;
      if (!t.layer_slots.empty() && (t.layer_slots.front() == LayerTensor::FfnDown || t.layer_slots.front() == LayerTensor::ExpertDown))
        stddev = 1.0f / std::sqrt(static_cast<float>(c.n_ff));
      if (router) stddev = 4.0f * ws;  // distinct expert choices
      const LayerTensor slot = t.layer_slots.empty() ? LayerTensor::Count : t.layer_slots.front();
      if (slot == LayerTensor::SharedDown)
        stddev = 1.0f / std::sqrt(static_cast<float>(c.n_ff_shared > 0 ? c.n_ff_shared : c.n_ff));
      if (slot == LayerTensor::DeltaOut)
        stddev = 1.0f / std::sqrt(static_cast<float>(c.linear_v_heads * c.linear_head_dim));
      if (slot == LayerTensor::DeltaConv) stddev = 0.5f;
      v = random_floats(static_cast<size_t>(n), ++seed, stddev);
      type = router || t.kind == TensorKind::Vector ? GgmlType::F32 : t.is_output ? c.embd_type : c.matrix_type;
    }
    if (auto it = c.edit_values.find(t.name); it != c.edit_values.end()) it->second(v);
    auto added = w.add_tensor(t.name, type, dims, encode_tensor(type, dims, v));
    EXPECT_TRUE(added.ok()) << added.error().describe();
  }
  auto bytes = w.to_bytes();
  EXPECT_TRUE(bytes.ok()) << bytes.error().describe();
  return bytes.ok() ? std::move(bytes).value() : std::vector<uint8_t>{};
}

inline std::shared_ptr<const gguf::GgufFile> random_model_file(const RandomModelConfig& c,
                                                               const std::string& name = "random.gguf") {
  auto f = gguf::GgufFile::from_bytes(random_model_bytes(c), name);
  EXPECT_TRUE(f.ok()) << f.error().describe();
  if (!f.ok()) return nullptr;
  return std::shared_ptr<const gguf::GgufFile>(std::move(f).value());
}

}  // namespace tessera::test
