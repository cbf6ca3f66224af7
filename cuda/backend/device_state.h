// What the CUDA backend holds on one logical device for a loaded model (internal to cuda/backend):
// the three allocations the placement sized (core/placement/placement.h), the pointers into them the
// kernels use, and the device's stream, event and cuBLAS handle.
//
//   weights  every weight piece at the offset the placement gave it (matrices in their GGUF
//            encoding: row slices contiguous, column slices of attn_output/ffn_down gathered per
//            row; gains and biases as f32), then the RoPE angle tables (f64)
//   cache    the placement's cache state kinds: K then V, [slot][position] rows of kv_dim values
//            encoded as the KV cache type says (kernels/kv_cache.h: f16, or Q8_0/Q4_0 blocks)
//   scratch  the placement's scratch region table (placement/scratch_regions.h), the cuBLAS
//            workspace included
// Bytes are counted at each allocation (DeviceState::allocated), so callers can compare them with
// the placement: they are equal by construction (tests/cuda/backend_split_test.cpp checks it).
#pragma once

#include <cuda_runtime_api.h>

#include <array>
#include <cstdint>
#include <vector>

#include "backend/virtual_devices.h"
#include "device_buffer.h"
#include "kernels/gemm.h"
#include "kernels/matvec.h"
#include "placement/placement.h"

namespace tessera::cuda {

// One layer's tensors as held by one device (a whole layer in None/Layer mode, slices in Row mode).
struct DeviceLayer {
  int32_t layer = -1;
  int32_t kv_slot = -1;  // this layer's K/V slot in the device's cache; -1 when it holds no heads
  // The layer attends over the cache slot of an earlier layer (LayerSpec::kv_source, Gemma 4's
  // shared-KV layers): kv_slot is that layer's, and this one computes and writes no K/V.
  bool shared_kv = false;
  bool sliding = false;  // sliding-window attention (and the sliding layers' RoPE)
  std::array<WeightMatrix, kLayerTensorCount> m{};    // matrix slots; rows == 0: not on this device
  std::array<const float*, kLayerTensorCount> v{};    // vector slots as f32; null: not here
  // Q|K|V and gate|up as one matrix each when they share type and row size and lie back to back in
  // the weights allocation (rows == 0 otherwise): one fused matvec instead of three (two) in decode.
  WeightMatrix wqkv, gate_up;
  int64_t n_ff = 0;  // gate/up rows held here for this layer (per expert in an MoE layer)
  // A Gated DeltaNet layer's state in the device's cache allocation (null for attention layers):
  // (W - 1) x C convolution inputs and Hv x dk x dv delta-rule state, f32 (cache_layout.h).
  float* conv_state = nullptr;
  float* delta_state = nullptr;

  const WeightMatrix& operator[](LayerTensor t) const { return m[static_cast<size_t>(t)]; }
  WeightMatrix& operator[](LayerTensor t) { return m[static_cast<size_t>(t)]; }
  const float* vec(LayerTensor t) const { return v[static_cast<size_t>(t)]; }
};

// Pointers into the scratch allocation, one per region of placement/scratch_regions.h (null where
// the region is not needed on this device); scratch_binding.cpp sets them.
struct Scratch {
  // f32 activations, n_batch rows each: residual x, normed xb, block output / partial sum xb2,
  // q|k|v rows (q_dim + 2 kv_dim wide: q, k and v point into one row, qkv_stride floats between
  // tokens, so a fused Q|K|V matvec writes them in one go), attention output (q_dim), gate and up
  // (n_ff).
  float* x = nullptr;
  float* xb = nullptr;
  float* xb2 = nullptr;
  float* q = nullptr;
  float* k = nullptr;
  float* v = nullptr;
  int64_t qkv_stride = 0;
  float* att = nullptr;
  float* gate = nullptr;
  float* up = nullptr;
  void* in = nullptr;  // the prepared input of the next matrices: q8 (matvec) or f16 rows (GEMM)
  size_t in_bytes = 0;
  void* attn_ws = nullptr;  // attention split-K workspace
  size_t attn_ws_bytes = 0;
  float* logits = nullptr;    // output device only
  uint16_t* w_f16 = nullptr;  // prefill: one weight dequantized to f16
  size_t w_f16_bytes = 0;
  int32_t* argmax_out = nullptr;  // output device only
  void* argmax_ws = nullptr;
  size_t argmax_ws_bytes = 0;
  int32_t* io = nullptr;  // home device: token ids then positions; others: positions
  float* recv = nullptr;  // Row mode, main device: one n_batch x n_embd partial sum per other device
  // Mixture of experts (devices holding MoE layers): rows = n_batch x n_expert_used.
  float* moe_logits = nullptr;      // [n_batch][n_expert]
  int32_t* moe_ids = nullptr;       // [rows] chosen experts, token-major
  float* moe_weights = nullptr;     // [rows] their renormalised weights
  int32_t* moe_gather = nullptr;    // [rows] prefill: the token of each row, rows grouped by expert
  int32_t* moe_slot_row = nullptr;  // [rows] prefill: the row of each (token, slot)
  int32_t* moe_tiles = nullptr;     // prefill: the tiles, their count and the experts' offsets (moe.h MoeGroups)
  size_t moe_tiles_ints = 0;        // the region's size in int32 values: 3 rows + 4 n_expert + 16
  float* moe_in = nullptr;          // [rows][n_embd] prefill: gathered inputs
  float* moe_out = nullptr;         // [rows][n_embd] expert outputs
  float* moe_gate = nullptr;        // [rows][n_ff] gate, then act(gate) * up
  float* moe_up = nullptr;          // [rows][n_ff]
  void* moe_q8 = nullptr;           // decode: int8 copies of the n_expert_used activation vectors
  // Gated attention (ScratchShape::attention_output_gate): each q|k|v row holds q, then the
  // heads' output gates (q_dim), then k and v; null otherwise.
  float* q_gate = nullptr;
  // Gated DeltaNet layers (scratch_regions.h's Delta* regions).
  float* dn_proj = nullptr;    // [n_batch][C]
  float* dn_conv = nullptr;    // [n_batch][C]
  float* dn_z = nullptr;       // [n_batch][Vd]
  float* dn_logits = nullptr;  // [n_batch][2 Hv]
  float* dn_gates = nullptr;   // [n_batch][2 Hv]: g | beta
  float* dn_out = nullptr;     // [n_batch][Vd]
  // Latent attention layers (scratch_regions.h's Latent* regions; they use these instead of q|k|v and
  // att): H heads, W = Lk + R.
  float* latent_qa = nullptr;        // [n_batch][Ql]
  float* latent_q = nullptr;         // [n_batch][H (N + R)]
  float* latent_kv = nullptr;        // [n_batch][W]
  float* latent_absorbed = nullptr;  // [n_batch][H W]
  float* latent_attended = nullptr;  // [n_batch][H Lk]
  float* latent_heads = nullptr;     // [n_batch][H Vh]
  int32_t* latent_head_ids = nullptr;  // [min(n_batch, 8) H]: h at t H + h, written at load
  size_t latent_head_ids_count = 0;
  void* latent_q8 = nullptr;           // decode: the per-head products' q8 inputs
  // Per-layer embeddings (scratch_regions.h's PerLayer* regions; Gemma 4 E2B/E4B), P per layer.
  float* ple = nullptr;       // [n_batch][P n_layer] every layer's input e_l (home: computed; others: received)
  float* ple_proj = nullptr;  // [n_batch][P n_layer] home device: per_layer_model_proj x, then normed
  float* ple_gate = nullptr;  // [n_batch][P]
};

struct DeviceState {
  LogicalDevice dev;
  const DevicePlacement* place = nullptr;  // this device's part of CudaModel::placement_
  int index = 0;  // into CudaModel::devs_ (== logical index)
  bool active = false;
  cudaStream_t stream = nullptr;
  cudaEvent_t event = nullptr;
  CublasHandle cublas;
  DeviceBuffer weights;
  DeviceBuffer kv;
  DeviceBuffer scratch_arena;
  DeviceBytes allocated;

  // What this device computes (the placement's widths).
  int64_t q_dim = 0, kv_dim = 0, n_head = 0, n_head_kv = 0, n_ff = 0;
  int64_t kv_row_words = 0;          // 16-bit words per cache row (kv_cache_row_words of the cache type)
  std::vector<DeviceLayer> layers;   // the layers it computes (Row: every layer, slices)
  std::vector<int32_t> layer_index;  // model layer -> index into `layers`, -1 if absent
  WeightMatrix embd;                 // rows == 0 unless this device looks up embeddings
  WeightMatrix output;               // rows == 0 unless this device computes the logits
  const float* output_norm = nullptr;
  // Per-layer embeddings' model tensors (home device only; rows == 0 elsewhere or without them).
  WeightMatrix ple_token_embd, ple_model_proj;
  const float* ple_proj_norm = nullptr;
  // n_dims/2 angles per position step (rope_theta_table): [0] full-attention layers, [1] sliding ones.
  const double* rope_theta[2] = {nullptr, nullptr};
  Scratch s;

  // The K and V rows of cache slot `slot` (the placement's cache layout).
  uint16_t* k_cache(int32_t slot) const;
  uint16_t* v_cache(int32_t slot) const;
  // The recurrent layers' state: the bytes of the cache allocation after K and V (the
  // convolution and delta-rule states of every recurrent layer here; null and 0 when none).
  uint8_t* recurrent_state() const;
  uint64_t recurrent_state_bytes() const;
};

// Sets the calling thread's device; the CUDA calls that follow act on it.
Status use_device(const DeviceState& d);

}  // namespace tessera::cuda
