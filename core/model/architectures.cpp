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
    a.recurrent_required = (kDeltaNet & ~slot_mask({L::DeltaBeta, L::DeltaAlpha})) | slot_mask({L::DeltaBetaAlpha});
    a.delta_net_v_heads_tiled = false;
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

SlotMask required_slots(const Architecture& arch, bool moe, LayerMixer mixer) {
  const SlotMask mixing = mixer == LayerMixer::Attention ? arch.required : arch.recurrent_required;
  return mixing | (moe ? kMoeFfnSlots | arch.moe_required : kDenseFfnSlots);
}

SlotMask optional_slots(const Architecture& arch, LayerMixer mixer) {
  return mixer == LayerMixer::Attention ? arch.optional : arch.recurrent_optional;
}

std::string_view slot_gguf_name(const Architecture& arch, LayerTensor t) {
  for (const RenamedSlot& r : arch.renamed)
    if (r.slot == t) return r.gguf_name;
  return layer_tensor_info(t).gguf_name;
}

}  // namespace tessera
