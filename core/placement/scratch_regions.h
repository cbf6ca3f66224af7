// The scratch regions of one device: the named table of every buffer a step of the CUDA kernels
// writes besides the weights and the cache, each sized for the largest step the load allows
// (n_batch tokens, the whole context), and their layout in one allocation.
//
// To add a region: one enumerator below and one row in scratch_region_table()
// (scratch_regions.cpp) saying what it holds and its bytes as a function of ScratchShape; the
// layout, the placement's totals, the app's preview and the CUDA backend's pointer (cuda/backend/
// scratch_binding.cpp takes it by name) follow. The MoE regions are the rows after PartialSums, the
// Gated DeltaNet regions those after MoeQ8, the latent attention regions those after DeltaOutput, the
// per-layer embeddings' those after LatentQ8.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace tessera {

enum class ScratchRegion : uint8_t {
  Residual,            // f32 [n_batch][n_embd] the residual stream x
  Normed,              // f32 [n_batch][n_embd] a block's normed input
  BlockOutput,         // f32 [n_batch][n_embd] a block's output before its post-norm; a row-split partial sum
  Qkv,                 // f32 [n_batch][q_dim + 2 kv_dim] q | k | v of each token, side by side
  AttentionOutput,     // f32 [n_batch][q_dim]
  Gate,                // f32 [n_batch][n_ff] gate, then act(gate) * up
  Up,                  // f32 [n_batch][n_ff]
  MatmulInput,         // the next matrices' input: q8 rows (matvec) or f16 rows (tensor-core GEMM)
  AttentionWorkspace,  // the attention kernel's split-K partials (attention_split.h)
  Logits,              // f32 [1 or n_batch][n_vocab], output device
  Argmax,              // the argmax result (first 256 bytes), then its workspace; output device
  WeightF16,           // prefill: one weight matrix (or expert) dequantized to f16 for the GEMM
  CublasWorkspace,     // cuBLAS' workspace (kCublasWorkspaceBytes)
  TokenIo,             // i32 token ids then positions (home device), positions (others)
  PartialSums,         // row split, main device: one [n_batch][n_embd] partial sum per other device
  // Mixture of experts (devices holding MoE layers); rows = n_batch x n_expert_used.
  MoeLogits,   // f32 [n_batch][n_expert] router logits
  MoeIds,      // i32 [rows] chosen experts, token-major
  MoeWeights,  // f32 [rows] their weights (as the router gives them)
  MoeGather,   // i32 [rows] prefill: the token of each row, rows grouped by expert
  MoeSlotRow,  // i32 [rows] prefill: the row of each (token, slot)
  MoeTiles,    // i32 prefill: {expert, first row, rows} tiles, their count, the experts' row offsets
  MoeIn,       // f32 [rows][n_embd] prefill: gathered inputs; Llama 4: the weighted inputs
  MoeOut,      // f32 [rows][n_embd] expert outputs; before them Gemma 4's router and expert inputs
  MoeGate,     // f32 [rows][n_ff_expert] gate, then act(gate) * up
  MoeUp,       // f32 [rows][n_ff_expert]
  MoeQ8,       // decode: q8 copies of the n_expert_used expert activations (Llama 4: and inputs)
  // Gated DeltaNet layers (devices holding recurrent layers): C = 2 Kq + Vd channels, Hv value heads.
  DeltaProjected,  // f32 [n_batch][C] q | k | v from the in-projection, before the convolution
  DeltaConvolved,  // f32 [n_batch][C] after the convolution, SiLU and the q/k L2 norms
  DeltaZ,          // f32 [n_batch][Vd] the output norm's gate z
  DeltaGateLogits, // f32 [n_batch][2 Hv] beta logits | decay logits (or Qwen3-Next's grouped rows)
  DeltaGates,      // f32 [n_batch][2 Hv] prompts: the decay logs g | beta
  DeltaOutput,     // f32 [n_batch][Vd] the delta rule's output, then its gated norm
  // Latent attention layers (devices holding deepseek2 layers; they use these instead of Qkv and
  // AttentionOutput): H query heads, Lk the latent's rank, R its rotated key, W = Lk + R.
  LatentQueryRank,  // f32 [n_batch][Ql] the low-rank queries (AttnQA h), then normed
  LatentQuery,      // f32 [n_batch][H (N + R)] every head's query [q_n | q_r]
  LatentKv,         // f32 [n_batch][W] the latent and the shared rotated key, as the cache keeps them
  LatentAbsorbed,   // f32 [n_batch][H W] every head's query in the latent's space [AttnKB_h q_n | q_r]
  LatentAttended,   // f32 [n_batch][H Lk] every head's attended latent
  LatentHeads,      // f32 [n_batch][H Vh] every head's value (AttnVB_h times its attended latent)
  LatentHeadIds,    // i32 [min(n_batch, 8)][H] decode: head h for product slot t H + h
  LatentQ8,         // decode: q8 copies of the per-head inputs of AttnKB and AttnVB (n_tokens H vectors)
  // Per-layer embeddings (Gemma 4 E2B/E4B; P values per layer and token): every layer's input on the
  // home device (which computes them) and the devices with such layers (which receive them).
  PerLayerInputs,      // f32 [n_batch][P n_layer] e_l of every layer l
  PerLayerProjection,  // f32 [n_batch][P n_layer] home device: per_layer_model_proj x, then normed
  PerLayerGate,        // f32 [n_batch][P] a layer's gelu(PleGate x) e_l
  Count
};
inline constexpr size_t kScratchRegionCount = static_cast<size_t>(ScratchRegion::Count);

// What one device computes in the largest step, which is all the region sizes depend on.
struct ScratchShape {
  int64_t n_batch = 0;
  int64_t n_ctx = 0;     // cache positions (the attention kernel's key range)
  int64_t n_embd = 0;
  int64_t q_dim = 0;     // query width computed here (0: no attention heads here)
  int64_t kv_dim = 0;    // key/value width computed here
  int64_t n_head = 0;    // query heads here
  int64_t n_head_kv = 0; // KV heads here
  int64_t head_dim = 0;
  // Attention layers whose KV heads or head size differ from n_head_kv / head_dim (Gemma 4's sliding
  // and full layers): each distinct {KV heads, head size}; the attention workspace is the largest
  // any layer's shape needs, and q_dim / kv_dim are the widest layer's.
  std::vector<std::array<int64_t, 2>> other_head_shapes;
  int64_t n_ff = 0;      // widest FFN rows computed here (dense, shared expert, per expert)
  int64_t n_ff_expert = 0;  // MoE layers: the widest expert's gate/up rows here (0: n_ff); the
                            // dense layers of GLM-4.x and DeepSeek are several times wider
  int64_t n_vocab = 0;   // 0 unless this device computes the logits
  bool all_logits = false;
  uint64_t largest_matrix = 0;  // elements of the largest matrix (or expert slice) multiplied here
  int32_t partial_sums = 0;     // row split, main device: the other devices' partial sums it receives
  int32_t n_expert = 0;         // 0 unless this device holds mixture-of-experts layers
  int32_t n_expert_used = 0;
  // Attention layers whose query projection also carries the output gate (q | gate per head): the
  // q|k|v rows hold 2 q_dim query values.
  bool attention_output_gate = false;
  // Gated DeltaNet layers on this device (0: none): conv channels C, value width Vd, value heads Hv.
  int64_t delta_channels = 0;
  int64_t delta_value_dim = 0;
  int64_t delta_v_heads = 0;
  // Latent attention layers on this device (latent_rank 0: none): the queries' rank Ql (0: Wq
  // gives them), the latent's rank Lk, and per head the unrotated query dims N, the rotated ones R
  // (also the shared rotated key's width) and the value dims Vh (model_spec.h's MlaParams).
  int64_t latent_q_rank = 0;
  int64_t latent_rank = 0;
  int64_t latent_nope = 0;
  int64_t latent_rope = 0;
  int64_t latent_v_head = 0;
  // Per-layer embeddings here (per_layer_inputs 0: none): P, P n_layer, and whether this device
  // computes them (the home device) or receives them.
  int64_t per_layer_width = 0;
  int64_t per_layer_inputs = 0;
  bool computes_per_layer_inputs = false;
};

struct ScratchRegionInfo {
  ScratchRegion region;
  std::string_view name;  // "attention workspace": for messages and the docs
  uint64_t (*bytes)(const ScratchShape& shape);
};

// Every region, in ScratchRegion order (checked by tests/core/placement/scratch_regions_test.cpp).
const std::array<ScratchRegionInfo, kScratchRegionCount>& scratch_region_table();
inline const ScratchRegionInfo& scratch_region_info(ScratchRegion r) {
  return scratch_region_table()[static_cast<size_t>(r)];
}

// Every region's start is a multiple of this (the kernels load 16-byte vectors; cuBLAS wants 256).
inline constexpr uint64_t kScratchAlignment = 256;

struct PlacedRegion {
  ScratchRegion region = ScratchRegion::Count;
  uint64_t offset = 0;  // in the device's scratch allocation
  uint64_t bytes = 0;   // 0: the region is not needed on this device
};

// The regions back to back in table order, each start aligned; total is the allocation's size.
struct ScratchLayout {
  std::array<PlacedRegion, kScratchRegionCount> regions{};
  uint64_t total = 0;
  const PlacedRegion& operator[](ScratchRegion r) const { return regions[static_cast<size_t>(r)]; }
};
ScratchLayout layout_scratch(const ScratchShape& shape);

}  // namespace tessera
