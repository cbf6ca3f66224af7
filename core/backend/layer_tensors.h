// The table of per-layer tensor slots: every tensor a decoder layer can hold, once, with its GGUF
// name, its shape as a function of the hyperparameters, what kind of data it is and how a row
// split slices it. The model loader, the placement, the CPU backend, `synth` and the test models
// all iterate this table; an architecture (core/model/architectures.h) only says which
// slots it uses and whether they are required.
//
// Shapes are in GGUF order (dims[0] is the row length). Symbols: E = n_embd, Q = n_head *
// head_dim (2Q where the query projection carries an output gate, ModelSpec::attention_output_gate),
// K = n_head_kv * head_dim, D = head_dim, F = the layer's feed-forward width (per expert for
// mixture-of-experts layers), S = the shared expert's width, X = n_expert, H = n_head. Gated
// DeltaNet layers (ModelSpec::delta_net): Kq = its key heads x key head size (the q and k widths),
// Vd = its value heads x value head size, Hv = its value heads, Dv = the value head size, C = 2 Kq +
// Vd (the convolved channels: q, k, v), W = the convolution's kernel width.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace tessera {

struct ModelSpec;
struct LayerSpec;

enum class LayerTensor : uint8_t {
  AttnNorm,      // attn_norm.weight            [E]        RMSNorm gain before attention
  Wq,            // attn_q.weight               [E, Q]
  Wk,            // attn_k.weight               [E, K]
  Wv,            // attn_v.weight               [E, K]
  Bq,            // attn_q.bias                 [Q]
  Bk,            // attn_k.bias                 [K]
  Bv,            // attn_v.bias                 [K]
  QNorm,         // attn_q_norm.weight          [D]        per-head RMSNorm of q before RoPE
  KNorm,         // attn_k_norm.weight          [D]        per-head RMSNorm of k before RoPE
  AttnSinks,     // attn_sinks.weight           [H]        per-head sink logit in the softmax (gpt-oss)
  Wo,            // attn_output.weight          [Q, E]
  Bo,            // attn_output.bias            [E]
  AttnPostNorm,  // post_attention_norm.weight  [E]        RMSNorm of the attention output
  FfnNorm,       // ffn_norm.weight             [E]        RMSNorm gain before the FFN
  FfnGate,       // ffn_gate.weight             [E, F]
  FfnUp,         // ffn_up.weight               [E, F]
  FfnDown,       // ffn_down.weight             [F, E]
  Router,        // ffn_gate_inp.weight         [E, X]     expert logits
  RouterBias,    // ffn_gate_inp.bias           [X]
  ExpertGate,    // ffn_gate_exps.weight        [E, F, X]  expert e: rows [e F, (e+1) F)
  ExpertUp,      // ffn_up_exps.weight          [E, F, X]
  ExpertDown,    // ffn_down_exps.weight        [F, E, X]  expert e: rows [e E, (e+1) E)
  ExpertGateBias,  // ffn_gate_exps.bias        [F, X]     expert e: values [e F, (e+1) F)
  ExpertUpBias,    // ffn_up_exps.bias          [F, X]
  ExpertDownBias,  // ffn_down_exps.bias        [E, X]     expert e: values [e E, (e+1) E)
  FfnPostNorm,   // post_ffw_norm.weight        [E]        RMSNorm of the FFN output
  // The shared expert of a mixture-of-experts layer (Qwen3-Next, Qwen3.5-MoE; DeepSeek, Llama 4 and
  // GLM-4.x have one too): a dense gated FFN every token runs besides its routed experts.
  SharedGateLogit,  // ffn_gate_inp_shexp.weight [E]      its output is scaled by sigmoid(this . h)
  SharedGate,    // ffn_gate_shexp.weight       [E, S]
  SharedUp,      // ffn_up_shexp.weight         [E, S]
  SharedDown,    // ffn_down_shexp.weight       [S, E]
  // Gated DeltaNet (the recurrent layers of Qwen3-Next and Qwen3.5/3.6; llama.cpp's names).
  DeltaQkv,      // attn_qkv.weight             [E, C]     q | k | v before the convolution
  DeltaGate,     // attn_gate.weight            [E, Vd]    z, the output norm's gate
  DeltaBeta,     // ssm_beta.weight             [E, Hv]    beta logits (Qwen3.5)
  DeltaAlpha,    // ssm_alpha.weight            [E, Hv]    decay logits (Qwen3.5)
  DeltaBetaAlpha,  // ssm_ba.weight             [E, 2 Hv]  Qwen3-Next: per key head, its value heads'
                   //                                      beta logits then their decay logits
  DeltaConv,     // ssm_conv1d.weight           [W, C]     per-channel causal convolution kernel
  DeltaDtBias,   // ssm_dt.bias                 [Hv]       added to the decay logits
  DeltaA,        // ssm_a                       [Hv]       -exp(A_log): the decay rate (negative)
  DeltaNorm,     // ssm_norm.weight             [Dv]       gated RMSNorm gain of each value head
  DeltaOut,      // ssm_out.weight              [Vd, E]
  Count
};
inline constexpr size_t kLayerTensorCount = static_cast<size_t>(LayerTensor::Count);

// What the bytes are used for, which decides how a backend holds them.
enum class TensorKind : uint8_t {
  Matrix,  // multiplied with activations; kept in its GGUF type
  Vector,  // a gain, bias or other small per-channel table (a convolution kernel); backends
           // convert it to f32 once at load
};

// How Row split mode (core/placement/placement.h) slices a tensor across devices.
enum class RowSlice : uint8_t {
  MainOnly,      // applied after the reduction, on the main device (norm gains, output bias, router)
  EveryDevice,   // whole on every device that computes attention heads (per-head q/k norm gains)
  QueryRows,     // rows of the device's query heads
  QueryHeads,    // elements of the device's query heads, one per head (attention sinks)
  KvRows,        // rows of the device's KV heads
  QueryColumns,  // columns of the device's query heads (attn_output: a partial sum per device)
  FfnRows,       // rows of the device's FFN range
  FfnColumns,    // columns of the device's FFN range (ffn_down: a partial sum per device)
  Unsplittable,  // mixture-of-experts and recurrent-layer tensors: Row mode refuses models with them
};

struct LayerTensorInfo {
  LayerTensor slot;
  std::string_view gguf_name;  // after "blk.N."
  TensorKind kind;
  RowSlice row_slice;
};

// Every slot, in LayerTensor order.
const std::array<LayerTensorInfo, kLayerTensorCount>& layer_tensor_table();
inline const LayerTensorInfo& layer_tensor_info(LayerTensor t) { return layer_tensor_table()[static_cast<size_t>(t)]; }

// The dims a slot must have in layer `layer` of `spec` (hyperparameters only are read).
std::vector<int64_t> layer_tensor_shape(LayerTensor t, const ModelSpec& spec, const LayerSpec& layer);

}  // namespace tessera
