// The architectures Tessera runs, one table row each: which layer-tensor slots (layer_tensors.h)
// the architecture uses and whether they are required, the tensors its files store fused, and its
// block choices. The loader (model_loader.h), the metadata writer (hparams_io.h) and the tensor
// layout (model_layout.h) read these rows; nothing else knows an architecture by name.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "backend/layer_tensors.h"
#include "backend/model_spec.h"

namespace tessera {

using SlotMask = uint64_t;
static_assert(kLayerTensorCount <= 64, "SlotMask holds one bit per slot");

constexpr SlotMask slot_mask(std::initializer_list<LayerTensor> list) {
  SlotMask m = 0;
  for (LayerTensor t : list) m |= SlotMask{1} << static_cast<unsigned>(t);
  return m;
}
constexpr bool in_mask(SlotMask m, LayerTensor t) { return (m >> static_cast<unsigned>(t)) & 1u; }

// Several slots a file stores as one tensor, their rows back to back in slot order (Phi-3's
// attn_qkv = Q|K|V rows, its ffn_up = gate|up rows). With a `whole` slot the file tensor fills that
// one slot instead of views of the parts (Gemma 4's ffn_gate_up_exps interleaves gate and up rows
// per expert, which no row view of the parts can say: the blocks read ExpertGateUp as a whole).
struct FusedTensor {
  std::string_view gguf_name;        // after "blk.N."
  LayerTensor parts[3];
  int n_parts;
  bool only_fused;                   // false: a file may store the parts separately instead
  LayerTensor whole = LayerTensor::Count;  // Count: the parts are row views of the file tensor
};

// A slot that an architecture's files store under another name than the table's (gpt-oss's FFN
// norm is `post_attention_norm.weight`: llama.cpp's name for the norm after the attention block).
struct RenamedSlot {
  LayerTensor slot;
  std::string_view gguf_name;  // after "blk.N."
};

// Which FFN a layer has.
enum class FfnKind {
  Dense,
  MoE,          // router + expert tensors ({arch}.expert_count > 0 required)
  DenseOrMoE,   // MoE when the file has {arch}.expert_count > 0 (Mixtral is "llama" with experts)
};

// How wide a MoE layer's shared expert is.
enum class SharedExpertWidth : uint8_t {
  Key,               // {arch}.expert_shared_feed_forward_length (Qwen3.5/3.6-MoE, Qwen3-Next)
  CountTimesExpert,  // {arch}.expert_shared_count x the expert width (DeepSeek, GLM-4.x; 0: none)
  ExpertWidth,       // the expert width (Llama 4)
};

// Which layers use sliding-window (or chunked) attention.
enum class SlidingLayers {
  None,      // the architecture ignores a window key (as llama.cpp does for llama, qwen2, phi3, ...)
  Periodic,  // layer l slides when l % period < period - 1; period from
             // {arch}.attention.sliding_window_pattern (a number, or one bool per layer) or the default
  Chunked,   // the same keys and rule, but the window is a chunk: layer l attends only within its
             // chunk of {arch}.attention.sliding_window positions (llama.cpp's LLAMA_SWA_TYPE_CHUNKED,
             // Llama 4); a window of 0 (every layer full) is refused
};

struct Architecture {
  std::string_view name;
  RopeMode rope_mode = RopeMode::Normal;
  SlotMask required = 0;  // attention and norm slots every layer must have (FFN slots: see ffn)
  SlotMask optional = 0;  // slots a file may have
  FfnKind ffn = FfnKind::Dense;
  std::vector<FusedTensor> fused;
  std::vector<RenamedSlot> renamed;
  FfnActivation activation = FfnActivation::SiLU;
  bool scale_embeddings = false;       // x = sqrt(n_embd) * token_embd (Gemma)
  bool reads_softcaps = false;         // {arch}.attn_logit_softcapping / .final_logit_softcapping
  float default_attn_softcap = 0.0f;   // when the key is absent (llama.cpp's Gemma 2 defaults)
  float default_final_softcap = 0.0f;
  SlidingLayers sliding = SlidingLayers::None;
  int32_t default_sliding_period = 0;
  int32_t default_sliding_window = 0;  // when {arch}.attention.sliding_window is absent; 0: no window
  bool window_needs_key = false;       // Gemma 3: sliding layers only when the file has a window key
  bool sliding_rope_base = false;      // {arch}.rope.freq_base_swa for sliding layers (Gemma 3)
  // The block count of the one size whose query scale is 1/sqrt(n_embd / n_head) instead of
  // 1/sqrt(head_dim) (Gemma's 27B models: query_pre_attn_scalar, which files do not carry); 0: none.
  int64_t query_scale_by_width_at_layers = 0;
  bool longrope_factors = false;       // rope_factors_long/short.weight tensors (Phi-3)

  // Hybrid models: the mixer of the recurrent layers (Attention: every layer attends). Which layers
  // are recurrent: {arch}.attention.recurrent_layers (one bool per layer) when the file has it,
  // else all but every {arch}.full_attention_interval-th (default below), as llama.cpp reads them.
  LayerMixer recurrent_mixer = LayerMixer::Attention;
  int32_t default_full_attention_interval = 0;
  SlotMask recurrent_required = 0;     // the slots every recurrent layer must have (FFN slots: see ffn)
  SlotMask recurrent_optional = 0;
  bool delta_net_v_heads_tiled = true;  // DeltaNetParams::v_heads_tiled of this architecture's files
  bool attention_output_gate = false;   // the attention layers' Wq carries the output gate
  SlotMask moe_required = 0;  // slots an MoE layer has besides router and experts (a shared expert)
  SlotMask moe_optional = 0;
  // The file's block_count includes {arch}.nextn_predict_layers multi-token-prediction blocks after
  // the model's own layers (Qwen3-Next, Qwen3.5/3.6, GLM-4.x): draft heads Tessera does not run or load.
  bool trailing_mtp_layers = false;
  // The files carry {arch}.rope.dimension_sections (Qwen3.5/3.6's multimodal rope: how many rotated
  // pairs follow each position component). llama.cpp refuses such a file without the key; Tessera
  // does not read it (for text every component is the token's position: NeoX rope over
  // rope.dimension_count), so only the writer needs to know, for files llama.cpp also opens.
  bool rope_sections_in_files = false;

  // Gemma 4. Sliding layers have heads of {arch}.attention.key_length_swa and rotate
  // {arch}.rope.dimension_count_swa dims without the file's rope_freqs.weight (the full layers'
  // proportional-RoPE divisors); {arch}.attention.head_count_kv may be one count per layer.
  bool per_layer_attention = false;
  // The query scale when it is not 1/sqrt(head size) (Gemma 4: 1, its q and k are normed); 0: none.
  float fixed_attention_scale = 0.0f;
  bool value_norm = false;  // ModelSpec::value_norm
  // A layer whose file has no attn_v.weight uses its keys as values (LayerSpec::value_from_key).
  bool values_may_be_keys = false;
  // The last {arch}.attention.shared_kv_layers layers attend over the cache of the last earlier
  // layer of the same kind (sliding or full); they have no attn_k / attn_v / attn_k_norm.
  bool reads_shared_kv_layers = false;
  // {arch}.embedding_length_per_layer_input > 0: the per-layer embedding tensors (model_spec.h).
  bool reads_per_layer_embeddings = false;

  // Mixture-of-experts layouts beyond "every layer": the first {arch}.leading_dense_block_count
  // layers dense (DeepSeek, GLM-4.x), or experts on every {arch}.interleave_moe_layer_step-th layer
  // (Llama 4: layer l when (l + 1) % step == 0). Dense layers use feed_forward_length, the others
  // expert_feed_forward_length.
  bool reads_leading_dense_layers = false;
  bool reads_moe_layer_step = false;
  SharedExpertWidth shared_expert_width = SharedExpertWidth::Key;
  // Routing (ModelSpec::router): the gating without an {arch}.expert_gating_func key; whether the
  // file's {arch}.expert_weights_norm, .expert_weights_scale, .expert_group_count and
  // .expert_group_used_count apply (absent: no normalisation, scale 1, no groups, as llama.cpp).
  ExpertGating default_gating = ExpertGating::Softmax;
  bool reads_router_keys = false;
  bool llama4_router = false;  // choice on the logits, the sigmoid weight scaling the expert's input

  // Llama 4's interleaved layers (iRoPE; the chunked ones: sliding = Chunked). Every
  // no_rope_interval-th layer (l + 1) % interval == 0 has no rotary embedding (llama.cpp's
  // n_no_rope_layer_step, fixed at 4: no key) and scales its queries by the attention temperature
  // ({arch}.attention.temperature_scale and .temperature_length, the floor scale: llama.cpp's
  // names; absent in converted files, whose values are these defaults, fixed in llama.cpp too).
  int32_t no_rope_interval = 0;  // 0: every layer rotates
  AttentionTemperature default_attention_temperature;
  // q and k normed per head without a gain after RoPE (ModelSpec::unit_qk_norm), except in models
  // of this many experts (llama.cpp's rule: Maverick's 128-expert files have none; 0: none excepted).
  bool unit_qk_norm = false;
  int32_t no_unit_qk_norm_at_experts = 0;

  // Multi-head latent attention (ModelSpec::mla, deepseek2): {arch}.attention.kv_lora_rank,
  // .q_lora_rank (absent or 0: the queries come from attn_q.weight), .key_length_mla,
  // .value_length_mla; .attention.key_length / .value_length are the latent's (Lk + R, Lk) and
  // .rope.dimension_count is R. The attention layers hold the latent slots instead of Wq/Wk/Wv.
  bool latent_attention = false;
};

// Every supported architecture, in a stable order.
const std::vector<Architecture>& architectures();
// nullptr when unknown.
const Architecture* find_architecture(std::string_view name);

// The FFN slots of a dense and of an MoE layer.
inline constexpr SlotMask kDenseFfnSlots = slot_mask({LayerTensor::FfnGate, LayerTensor::FfnUp, LayerTensor::FfnDown});
inline constexpr SlotMask kMoeFfnSlots =
    slot_mask({LayerTensor::Router, LayerTensor::ExpertGate, LayerTensor::ExpertUp, LayerTensor::ExpertDown});

// The slots layer `layer` of a model `spec` of `arch` must have (by its mixer, whether its FFN is a
// mixture of experts, whether it keeps its own KV, whether the model has per-layer embeddings);
// and the ones it may have.
SlotMask required_slots(const Architecture& arch, const ModelSpec& spec, const LayerSpec& layer);
SlotMask optional_slots(const Architecture& arch, const ModelSpec& spec, const LayerSpec& layer);

// The name (after "blk.N.") under which files of `arch` store slot t.
std::string_view slot_gguf_name(const Architecture& arch, LayerTensor t);

}  // namespace tessera
