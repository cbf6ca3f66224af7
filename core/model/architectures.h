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
// attn_qkv = Q|K|V rows, its ffn_up = gate|up rows).
struct FusedTensor {
  std::string_view gguf_name;        // after "blk.N."
  LayerTensor parts[3];
  int n_parts;
  bool only_fused;                   // false: a file may store the parts separately instead
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

// Which layers use sliding-window attention.
enum class SlidingLayers {
  None,      // the architecture ignores a window key (as llama.cpp does for llama, qwen2, phi3, ...)
  Periodic,  // layer l slides when l % period < period - 1; period from
             // {arch}.attention.sliding_window_pattern (a number, or one bool per layer) or the default
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
  // The file's block_count includes {arch}.nextn_predict_layers multi-token-prediction blocks after
  // the model's own layers (Qwen3-Next, Qwen3.5/3.6): draft heads Tessera does not run or load.
  bool trailing_mtp_layers = false;
};

// Every supported architecture, in a stable order.
const std::vector<Architecture>& architectures();
// nullptr when unknown.
const Architecture* find_architecture(std::string_view name);

// The FFN slots of a dense and of an MoE layer.
inline constexpr SlotMask kDenseFfnSlots = slot_mask({LayerTensor::FfnGate, LayerTensor::FfnUp, LayerTensor::FfnDown});
inline constexpr SlotMask kMoeFfnSlots =
    slot_mask({LayerTensor::Router, LayerTensor::ExpertGate, LayerTensor::ExpertUp, LayerTensor::ExpertDown});

// The slots a layer of `arch` must have, given whether the model has experts and the layer's mixer;
// and the ones it may have.
SlotMask required_slots(const Architecture& arch, bool moe, LayerMixer mixer = LayerMixer::Attention);
SlotMask optional_slots(const Architecture& arch, LayerMixer mixer = LayerMixer::Attention);

// The name (after "blk.N.") under which files of `arch` store slot t.
std::string_view slot_gguf_name(const Architecture& arch, LayerTensor t);

}  // namespace tessera
