#include "model/architectures.h"

namespace tessera {
namespace {

using L = LayerTensor;

constexpr SlotMask kAttention = slot_mask({L::AttnNorm, L::Wq, L::Wk, L::Wv, L::Wo, L::FfnNorm});
constexpr SlotMask kBiases = slot_mask({L::Bq, L::Bk, L::Bv, L::Bo});
constexpr SlotMask kQkBiases = slot_mask({L::Bq, L::Bk, L::Bv});
constexpr SlotMask kQkNorm = slot_mask({L::QNorm, L::KNorm});
constexpr SlotMask kPostNorms = slot_mask({L::AttnPostNorm, L::FfnPostNorm});
constexpr SlotMask kSharedExpert = slot_mask({L::SharedGateLogit, L::SharedGate, L::SharedUp, L::SharedDown});
// A latent-attention layer without its query slots (AttnQA/AttnQANorm/AttnQB, or Wq: by q_lora_rank).
constexpr SlotMask kLatentAttention =
    slot_mask({L::AttnNorm, L::AttnKvA, L::AttnKvANorm, L::AttnKB, L::AttnVB, L::Wo, L::FfnNorm});
// A Gated DeltaNet layer as Qwen3.5's files hold it (norms included; its FFN comes from `ffn`).
constexpr SlotMask kDeltaNet = slot_mask({L::AttnNorm, L::FfnNorm, L::DeltaQkv, L::DeltaGate, L::DeltaBeta, L::DeltaAlpha,
                                          L::DeltaConv, L::DeltaDtBias, L::DeltaA, L::DeltaNorm, L::DeltaOut});

std::vector<Architecture> make_table() {
  std::vector<Architecture> t;
  {
    // Llama 1-3, TinyLlama, ...; Mixtral files are "llama" with {arch}.expert_count.
    Architecture a;
    a.name = "llama";
    a.required = kAttention;
    a.optional = kBiases;
    a.ffn = FfnKind::DenseOrMoE;
    t.push_back(a);
    a.name = "mistral";
    t.push_back(a);
  }
  {
    Architecture a;
    a.name = "qwen2";
    a.rope_mode = RopeMode::NeoX;
    a.required = kAttention | kQkBiases;
    a.optional = slot_mask({L::Bo});
    t.push_back(a);
  }
  {
    // Qwen3: per-head RMS norm of q and k before RoPE; Qwen3-MoE: the same attention, all FFNs MoE.
    Architecture a;
    a.name = "qwen3";
    a.rope_mode = RopeMode::NeoX;
    a.required = kAttention | kQkNorm;
    a.optional = kBiases;
    t.push_back(a);
    a.name = "qwen3moe";
    a.ffn = FfnKind::MoE;
    t.push_back(a);
  }
  {
    // Gemma 2: sqrt(d) embedding scale, pre- and post-norms, GeGLU, attention and final soft-caps,
    // sliding-window attention on even layers (period 2).
    Architecture a;
    a.name = "gemma2";
    a.rope_mode = RopeMode::NeoX;
    a.required = kAttention | kPostNorms;
    a.activation = FfnActivation::GeluTanh;
    a.scale_embeddings = true;
    a.reads_softcaps = true;
    a.default_attn_softcap = 50.0f;
    a.default_final_softcap = 30.0f;
    a.sliding = SlidingLayers::Periodic;
    a.default_sliding_period = 2;
    a.default_sliding_window = 4096;
    a.query_scale_by_width_at_layers = 46;
    t.push_back(a);
    // Gemma 3 (text): as Gemma 2 without the attention soft-cap, with q/k norms, five sliding
    // layers to one full layer and a rope base of its own for the sliding layers.
    a.name = "gemma3";
    a.required = kAttention | kPostNorms | kQkNorm;
    a.default_attn_softcap = 0.0f;
    a.default_final_softcap = 0.0f;
    a.default_sliding_period = 6;
    a.default_sliding_window = 0;
    a.window_needs_key = true;
    a.sliding_rope_base = true;
    a.query_scale_by_width_at_layers = 62;
    t.push_back(a);
  }
  {
    // Phi-3 / Phi-4: Q|K|V in one tensor (or three), gate|up in one, LongRoPE factors for 128k.
    Architecture a;
    a.name = "phi3";
    a.rope_mode = RopeMode::NeoX;
    a.required = kAttention;
    a.optional = slot_mask({L::Bo});
    a.fused = {{"attn_qkv.weight", {L::Wq, L::Wk, L::Wv}, 3, false},
               {"ffn_up.weight", {L::FfnGate, L::FfnUp, L::Count}, 2, true}};
    a.longrope_factors = true;
    t.push_back(a);
  }
  {
    // gpt-oss (llama.cpp's LLM_ARCH_OPENAI_MOE): every FFN a mixture of experts with biases on the
    // router and on every expert matrix, the clamped SwiGLU, attention sinks, an output bias
    // (q/k/v biases optional, as llama.cpp reads them), sliding window on even layers (period 2),
    // YaRN rope scaling. Its FFN norm is stored as post_attention_norm.weight.
    Architecture a;
    a.name = "gpt-oss";
    a.rope_mode = RopeMode::NeoX;
    a.required = kAttention | slot_mask({L::Bo, L::AttnSinks, L::RouterBias, L::ExpertGateBias, L::ExpertUpBias,
                                         L::ExpertDownBias});
    a.optional = kQkBiases;
    a.ffn = FfnKind::MoE;
    a.renamed = {{L::FfnNorm, "post_attention_norm.weight"}};
    a.activation = FfnActivation::SwiGluOai;
    a.sliding = SlidingLayers::Periodic;
    a.default_sliding_period = 2;
    a.default_sliding_window = 128;  // gpt-oss's window; llama.cpp requires the key
    t.push_back(a);
  }
  {
    // Qwen3.5 / Qwen3.6 (dense): three Gated DeltaNet layers to one attention layer; the attention
    // layers gate their output (Wq carries the gate), norm q and k per head and rotate 64 of their
    // 256 dims (the files' multimodal rope sections rotate text positions as NeoX does). The FFN
    // norm is stored as post_attention_norm.weight. llama.cpp's converter reorders the value heads
    // to the tiled order (value head e reads key head e % Hk). Norm gains are stored as 1 + w.
    Architecture a;
    a.name = "qwen35";
    a.rope_mode = RopeMode::NeoX;
    a.required = kAttention | kQkNorm;
    a.renamed = {{L::FfnNorm, "post_attention_norm.weight"}};
    a.recurrent_mixer = LayerMixer::GatedDeltaNet;
    a.default_full_attention_interval = 4;
    a.recurrent_required = kDeltaNet;
    a.delta_net_v_heads_tiled = true;
    a.attention_output_gate = true;
    a.trailing_mtp_layers = true;
    a.rope_sections_in_files = true;
    t.push_back(a);
    // Qwen3.5 / Qwen3.6 MoE (35B-A3B, 122B-A10B, 397B-A17B): every FFN routed experts plus a
    // sigmoid-gated shared expert.
    a.name = "qwen35moe";
    a.ffn = FfnKind::MoE;
    a.moe_required = kSharedExpert;
    t.push_back(a);
    // Qwen3-Next (80B-A3B): as qwen35moe, with beta and decay logits in one grouped tensor
    // (ssm_ba) and the value heads in their original grouped order (value head e reads key head
    // e / (Hv / Hk)).
    a.name = "qwen3next";
    a.rope_sections_in_files = false;  // llama.cpp's qwen3next reads no sections
    a.recurrent_required = (kDeltaNet & ~slot_mask({L::DeltaBeta, L::DeltaAlpha})) | slot_mask({L::DeltaBetaAlpha});
    a.delta_net_v_heads_tiled = false;
    t.push_back(a);
  }
  {
    // Gemma 4 (31B, 26B-A4B, E2B/E4B): Gemma 3's layer (sqrt(d) embedding scale, pre- and
    // post-norms, GeGLU, QK-norm) with heads of their own size on sliding and full layers (full
    // layers: proportional RoPE from rope_freqs.weight, often K reused as V and fewer KV heads), a
    // weightless norm of V, a query scale of 1, the final soft-cap, a per-layer output scale;
    // E2B/E4B add per-layer embeddings and layers sharing an earlier layer's KV; 26B-A4B an expert
    // branch (its own router input, norms and per-expert scale) beside every dense MLP. Norm gains
    // are stored as they are (no 1 + w).
    Architecture a;
    a.name = "gemma4";
    a.rope_mode = RopeMode::NeoX;
    a.required = kAttention | kPostNorms | kQkNorm;
    a.optional = slot_mask({L::LayerOutScale});
    a.values_may_be_keys = true;
    a.ffn = FfnKind::DenseOrMoE;
    a.moe_required = kDenseFfnSlots | slot_mask({L::RouterScale, L::FfnPreNorm2, L::FfnPostNorm1, L::FfnPostNorm2});
    a.moe_optional = slot_mask({L::ExpertDownScale});
    a.fused = {{"ffn_gate_up_exps.weight", {L::ExpertGate, L::ExpertUp, L::Count}, 2, false, L::ExpertGateUp}};
    a.activation = FfnActivation::GeluTanh;
    a.scale_embeddings = true;
    a.reads_softcaps = true;
    a.sliding = SlidingLayers::Periodic;
    a.default_sliding_period = 6;
    a.default_sliding_window = 512;
    a.sliding_rope_base = true;
    a.per_layer_attention = true;
    a.fixed_attention_scale = 1.0f;
    a.value_norm = true;
    a.reads_shared_kv_layers = true;
    a.reads_per_layer_embeddings = true;
    t.push_back(a);
  }
  {
    // GLM-4.5 / 4.6 / 4.7 (glm4moe): half of each head rotated (NeoX pairs), Q/K/V biases, QK-norm
    // where the file has it, the first leading_dense_block_count layers dense, then experts with a
    // sigmoid router, a per-expert selection bias (exp_probs_b) and expert_shared_count shared
    // experts; the FFN norm is stored as post_attention_norm.weight; block_count counts the MTP
    // block(s) after the model's own layers.
    Architecture a;
    a.name = "glm4moe";
    a.rope_mode = RopeMode::NeoX;
    a.required = kAttention;
    a.optional = kQkBiases | kQkNorm;
    a.renamed = {{L::FfnNorm, "post_attention_norm.weight"}};
    a.ffn = FfnKind::MoE;
    a.moe_required = slot_mask({L::RouterSelectBias});
    a.trailing_mtp_layers = true;
    a.reads_leading_dense_layers = true;
    a.shared_expert_width = SharedExpertWidth::CountTimesExpert;
    a.default_gating = ExpertGating::Sigmoid;
    a.reads_router_keys = true;
    t.push_back(a);
  }
  {
    // The DeepSeek-V3 family (DeepSeek-V2/V2.5/V3/V3.1/R1, Kimi-K2, Moonlight; deepseek2): latent
    // attention in the absorbed form (attn_k_b / attn_v_b; the queries low-rank with q_lora_rank,
    // else attn_q.weight), adjacent-pair rotation of the shared 64-dim rotated key, the first
    // leading_dense_block_count layers dense, then experts with expert_shared_count shared ones;
    // softmax gating where the file has no expert_gating_func (DeepSeek-V2's files, as llama.cpp
    // reads them), V3's sigmoid router with exp_probs_b where it has them; MTP blocks after the
    // model's layers.
    Architecture a;
    a.name = "deepseek2";
    a.rope_mode = RopeMode::Normal;
    a.required = kLatentAttention;
    a.ffn = FfnKind::MoE;
    a.moe_optional = slot_mask({L::RouterSelectBias});
    a.trailing_mtp_layers = true;
    a.reads_leading_dense_layers = true;
    a.shared_expert_width = SharedExpertWidth::CountTimesExpert;
    a.default_gating = ExpertGating::Softmax;
    a.reads_router_keys = true;
    a.latent_attention = true;
    t.push_back(a);
  }
  {
    // Llama 4 (Scout, Maverick; llama4): adjacent-pair RoPE on three of four layers, which attend
    // within 8192-position chunks and norm q and k per head without a gain after the rotation
    // (none in 128-expert models, as llama.cpp reads them); every fourth layer full, without RoPE,
    // its queries scaled by the attention temperature; experts on every interleave_moe_layer_step-th
    // layer (the others dense, feed_forward_length wide), top-k of the router's logits, each
    // chosen expert's input scaled by the sigmoid of its logit, one expert-wide shared expert
    // (ffn_*_shexp) beside them. Q/K/V biases where the file has them.
    Architecture a;
    a.name = "llama4";
    a.rope_mode = RopeMode::Normal;
    a.required = kAttention;
    a.optional = kQkBiases;
    a.ffn = FfnKind::MoE;
    a.reads_moe_layer_step = true;
    a.shared_expert_width = SharedExpertWidth::ExpertWidth;
    a.llama4_router = true;
    a.sliding = SlidingLayers::Chunked;
    a.default_sliding_period = 4;
    a.default_sliding_window = 8192;
    a.sliding_rope_base = true;
    a.no_rope_interval = 4;
    a.default_attention_temperature = {0.1f, 8192, 1.0f};
    a.unit_qk_norm = true;
    a.no_unit_qk_norm_at_experts = 128;
    t.push_back(a);
  }
  return t;
}

}  // namespace

const std::vector<Architecture>& architectures() {
  static const std::vector<Architecture> table = make_table();  // built once, never modified
  return table;
}

const Architecture* find_architecture(std::string_view name) {
  for (const Architecture& a : architectures())
    if (a.name == name) return &a;
  return nullptr;
}

namespace {
// What a layer that reads another layer's cache does not have.
constexpr SlotMask kOwnKv =
    slot_mask({LayerTensor::Wk, LayerTensor::Wv, LayerTensor::Bk, LayerTensor::Bv, LayerTensor::KNorm});
constexpr SlotMask kPerLayerEmbedding =
    slot_mask({LayerTensor::PleGate, LayerTensor::PleProj, LayerTensor::PlePostNorm});
}  // namespace

SlotMask required_slots(const Architecture& arch, const ModelSpec& spec, const LayerSpec& layer) {
  const bool attention = layer.mixer == LayerMixer::Attention;
  SlotMask mixing = attention ? arch.required : arch.recurrent_required;
  if (attention && layer.value_from_key) mixing &= ~slot_mask({LayerTensor::Wv, LayerTensor::Bv});
  if (attention && layer.kv_source >= 0) mixing &= ~kOwnKv;
  if (attention && arch.latent_attention)
    mixing |= spec.mla.q_lora_rank > 0 ? slot_mask({LayerTensor::AttnQA, LayerTensor::AttnQANorm, LayerTensor::AttnQB})
                                       : slot_mask({LayerTensor::Wq});
  SlotMask ffn = layer.moe ? kMoeFfnSlots | arch.moe_required : kDenseFfnSlots;
  // A shared expert sized by its count or the expert width exists where it has a width.
  if (layer.moe && arch.shared_expert_width != SharedExpertWidth::Key && layer.n_ff_shared > 0)
    ffn |= slot_mask({LayerTensor::SharedGate, LayerTensor::SharedUp, LayerTensor::SharedDown});
  return mixing | ffn | (spec.n_embd_per_layer > 0 ? kPerLayerEmbedding : 0);
}

SlotMask optional_slots(const Architecture& arch, const ModelSpec&, const LayerSpec& layer) {
  const bool attention = layer.mixer == LayerMixer::Attention;
  SlotMask m = attention ? arch.optional : arch.recurrent_optional;
  if (attention && layer.kv_source >= 0) m &= ~kOwnKv;
  return m | (layer.moe ? arch.moe_optional : 0);
}

std::string_view slot_gguf_name(const Architecture& arch, LayerTensor t) {
  for (const RenamedSlot& r : arch.renamed)
    if (r.slot == t) return r.gguf_name;
  return layer_tensor_info(t).gguf_name;
}

}  // namespace tessera
