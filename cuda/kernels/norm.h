// RMSNorm over rows: out[r][i] = x[r][i] / sqrt(mean_i(x[r]^2) + eps) * w[i].
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"

namespace tessera::cuda {

// x: n_rows rows of n floats, x_stride floats apart; out likewise (out may alias x).
// w: n floats, or nullptr for no weight. The sum of squares is accumulated in f32 per thread and
// reduced as a tree (relative error ~1e-6 against an f64 reference).
Status rms_norm(const float* x, int64_t x_stride, const float* w, float* out, int64_t out_stride, int64_t n_rows,
                int64_t n, float eps, cudaStream_t stream);

// rms_norm, and in the same pass the int8 activations of every output row for the quantized
// matvec (q8: q8_activations_bytes(n, n_rows) bytes, 16-byte aligned, the layout
// quantize_activations writes, and the same bytes): one kernel instead of two before the
// quantized matrices of a decode step. n a multiple of 32, n_rows <= kMaxMatvecVectors.
Status rms_norm_q8(const float* x, int64_t x_stride, const float* w, float* out, int64_t out_stride, void* q8,
                   int64_t n_rows, int64_t n, float eps, cudaStream_t stream);

// Per-head RMSNorm in place (Qwen3's and Gemma 3's q/k norms): for token t < n_tokens (rows
// token_stride floats apart), each of the n_q_heads heads at q + t * token_stride + h * head_dim
// becomes rms_norm(head) * q_gain, likewise the n_k_heads heads of k with k_gain (head_dim floats
// each). One launch for both. q and k may point into the same row (the fused Q|K|V output). A null
// gain: the heads are only normed (Gemma 4's V norm, Llama 4's unit QK norm).
Status rms_norm_heads(float* q, float* k, int64_t token_stride, int n_tokens, int n_q_heads, int n_k_heads,
                      int head_dim, const float* q_gain, const float* k_gain, float eps, cudaStream_t stream);

}  // namespace tessera::cuda
