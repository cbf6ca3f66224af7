// Attention on the tensor cores (prompts, and decode where asked for): the same contract as attention() (attention.h) for the shapes
// it takes, computed with mma.sync m16n8k16 (f16 operands, f32 accumulation) in the flash-attention
// manner: scores and probabilities live in registers, never in memory. attention() calls it where
// attention_mma_chosen() says so (AttentionArgs::tensor_cores for prompts of kAttentionMmaMinTokens or
// more, tensor_cores_decode for fewer tokens); callers use attention().
//
// Precision: the queries (scaled by scale * log2 e) and the probabilities enter the products as f16,
// so outputs carry ~1e-3 relative error where the SIMT kernel's f32 queries give ~1e-4 (llama.cpp's
// flash attention makes the same choice). Keys and values enter as f16 in both kernels.
//
// How it runs: a CTA of 4 warps takes 64 query rows, each a (token, query head) pair of one KV head
// (the heads of a GQA group side by side, so every K/V tile is shared by the whole group), and one
// split of the key range (the split plan of attention_split.h, so the workspace and the merge kernel
// are attention()'s). Keys and values come through shared memory in double-buffered tiles (64 keys;
// 32 for head_dim 256): F16 by cp.async, Q8_0/Q4_0 decoded to f16 on the way in (kv_quant.cuh).
// Decode (one token) uses it too: the GQA group's heads are rows of one mma, so a 64-key tile costs a
// warp 2 x 32 mma instructions instead of the SIMT kernel's per-key shuffles (rows past the group
// idle; the K/V traffic, which decides decode, is the same). Each warp computes its 16 rows' scores
// S = Q K^T, the online softmax in base 2, and O += P V, with masks only on the tiles that cross a
// row's causal edge, window edge or the split's end.
#pragma once

#include <cuda_runtime_api.h>

#include "common/error.h"
#include "kernels/attention.h"
#include "kernels/attention_args.h"

namespace tessera::cuda {

// Whether the tensor-core kernel can take this call: an F16, Q8_0 or Q4_0 cache, head_dim 32, 64, 80,
// 96, 128 or 256, q rows 16-byte aligned (q_stride a multiple of 4).
bool attention_mma_supports(const AttentionArgs& args);

// Whether attention() runs it: supported, and asked for (tensor_cores for kAttentionMmaMinTokens
// tokens or more, tensor_cores_decode below that).
inline constexpr int kAttentionMmaMinTokens = 16;
bool attention_mma_chosen(const AttentionArgs& args);

// Runs the kernel on the arguments attention() filled (attention_args.h; checked there, with the
// split plan's n_splits and chunk, and the workspace's partials where the keys are split); it
// divides the work its own way (64 rows of (token, head) per CTA), so gb, n_hsub and nq are its.
Status attention_mma(AttentionKernelArgs args, int n_head_kv, KvCacheType cache_type, cudaStream_t stream);

}  // namespace tessera::cuda
