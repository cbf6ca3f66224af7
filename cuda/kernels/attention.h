// Causal attention over the KV cache (F16, Q8_0 or Q4_0 rows: kv_cache.h), with grouped-query
// attention (GQA), for both prompt processing (many query tokens) and decode (one token, split-K
// "flash decoding"). The quantized types are decoded to f16 as key/value tiles enter shared memory.
//
// For query token t at position p = positions[t] (device memory) and query head h, with KV head
// g = h / (n_head / n_head_kv):
//   s_j = scale * q[t][h] . K[j][g], then softcap * tanh(s_j / softcap) when softcap > 0
//   out[t][h] = sum_j e^{s_j} V[j][g] / (sum_j e^{s_j} + e^{sink_h}),   j = 0 .. p   (keys at
//   positions <= p; with a window W > 0 only the last W of them, p - W < j <= p: sliding-window
//   attention; with a chunk C > 0 only those of p's chunk, j >= floor(p / C) C: chunked attention,
//   Llama 4); the sink term only with sinks (gpt-oss's per-head logit without a value)
// The softmax is computed online (running max and sum, in base 2), so it is stable for any score
// range. The cache must already hold positions 0..p (write the new tokens with kv_cache_write first).
//
// How it runs: a CTA takes one KV head (or a slice of its query heads when the group is larger than
// 16), a tile of query tokens, and one split of the key range; one warp per (token, head) query
// vector. Keys come through shared memory 32 at a time (one lane per key for the scores, lanes
// split the head dimension for the values), shared by every query head of the group and every token
// of the tile. For few query tokens the key range is split across CTAs and a second kernel merges
// the partial results. The split count depends only on n_tokens, the head counts and the cache
// capacity, never on the positions, so a decode step captured in a CUDA graph stays valid while
// the position (read from device memory) advances.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "common/error.h"
#include "kernels/kv_cache.h"

namespace tessera::cuda {

// The widest head the SIMT kernel takes (Gemma 4's full layers); the tensor-core kernel takes up to
// 256 (attention_mma.h), wider heads run on the SIMT kernel.
inline constexpr int kMaxAttentionHeadDim = 512;

struct AttentionArgs {
  const float* q = nullptr;  // n_tokens rows, q_stride floats apart; head h at h * head_dim
  int64_t q_stride = 0;
  KvCacheView cache;          // head g of position j: values g * head_dim.. of row j (kv_cache.h)
  float* out = nullptr;       // same layout as q (out_stride floats between tokens)
  int64_t out_stride = 0;
  const int32_t* positions = nullptr;  // device, n_tokens values in [0, cache.capacity)
  int n_tokens = 0;
  int n_head = 0;
  int n_head_kv = 0;
  int head_dim = 0;  // a multiple of 8 (of 16 above 256), at most kMaxAttentionHeadDim
  float scale = 0;   // usually 1 / sqrt(head_dim)
  int window = 0;    // sliding window in positions (the key's own included); 0: none
  int chunk = 0;     // chunked attention: keys of the query's chunk of this many positions only; 0: none
  float softcap = 0; // attention logit soft-cap (Gemma 2); 0: none
  const float* sinks = nullptr;  // device, n_head sink logits (not scaled, not capped); null: none
  // Attention on the tensor cores (attention_mma.h) wherever the shape allows (attention_mma_supports:
  // the head sizes and cache types it is built for), the SIMT kernel elsewhere: one rule, in
  // attention_mma_chosen(). f16 queries and probabilities, ~1e-3 relative error instead of ~1e-4;
  // measured on an H100: prompts at depth 3.5x, 4096-token prompts 3.4x the SIMT kernel, mean KLD
  // against the CPU reference unchanged (docs/perf.md). The two flags exist for the tests and the
  // kernel benchmark, which compare both kernels: `tensor_cores` for prompts of
  // kAttentionMmaMinTokens (16) tokens or more, `tensor_cores_decode` for fewer.
  bool tensor_cores = true;
  bool tensor_cores_decode = true;
};

// Workspace attention() needs for these sizes (0 when the key range is not split).
size_t attention_workspace_bytes(int n_tokens, int n_head, int n_head_kv, int head_dim, int capacity);

// Errors: bad shapes (head_dim not a multiple of 8 or above 512, n_head not a multiple of
// n_head_kv, ...), too small a workspace, a launch failure.
Status attention(const AttentionArgs& args, void* workspace, size_t workspace_bytes, cudaStream_t stream);

}  // namespace tessera::cuda
