// How the CUDA attention kernel divides its work, as a pure function: the kernel launches with
// this plan, and the split planner sizes the kernel's workspace from it, so the bytes the planner
// projects and the bytes the backend allocates for attention are the same number by construction.
//
// The kernel (cuda/kernels/attention.cu) runs a CTA per (key split, KV head or a slice of its query
// heads, tile of query tokens) with one warp per (token, head) query vector, at most
// kAttentionMaxVectors warps. When too few CTAs would fill the GPU, the key range is split and the
// partial results (an accumulator of head_dim floats, a running max and a sum per split) go through
// a workspace that a second kernel merges.
#pragma once

#include <cstdint>

namespace tessera {

inline constexpr int kAttentionKeyTile = 32;     // keys per shared-memory tile (one per lane)
inline constexpr int kAttentionMaxVectors = 16;  // query vectors (warps) per CTA

struct AttentionSplit {
  int group = 1;   // query heads per KV head
  int gb = 1;      // query heads of one group a CTA takes (divides group, <= kAttentionMaxVectors)
  int n_hsub = 1;  // group / gb
  int nq = 1;      // query tokens per CTA
  int n_qtiles = 1;
  int n_splits = 1;              // key splits
  int chunk = 0;                 // keys per split (a multiple of kAttentionKeyTile)
  uint64_t workspace_bytes = 0;  // 0 when n_splits == 1
};

// The plan for n_tokens queries of n_head heads over n_head_kv KV heads of head_dim, against a
// cache of `capacity` positions. It depends on sizes only, never on positions (a captured decode
// graph stays valid as the position advances). Requires positive sizes and n_head % n_head_kv == 0.
AttentionSplit plan_attention_split(int n_tokens, int n_head, int n_head_kv, int head_dim, int capacity);

// The largest workspace of any eval of 1..n_batch tokens (the split count falls as the token count
// grows, so the maximum is not always at n_batch). 0 for a device without attention heads.
uint64_t attention_workspace_max(int n_batch, int n_head, int n_head_kv, int head_dim, int capacity);

// Latent attention (cuda/kernels/latent_attention.h): every head attends over one shared row per
// position (multi-query attention over the latent), and its output is `rank` values wide. Its kernel
// divides the work as the SIMT kernel above with one KV head: a CTA per (key split, slice of up to
// kAttentionMaxVectors heads, tile of query tokens), so the plan is plan_attention_split's with
// n_head_kv = 1 and the output width (rank) as head_dim, which is what sizes the partials.
AttentionSplit plan_latent_attention_split(int n_tokens, int n_head, int rank, int capacity);
uint64_t latent_attention_workspace_max(int n_batch, int n_head, int rank, int capacity);

}  // namespace tessera
