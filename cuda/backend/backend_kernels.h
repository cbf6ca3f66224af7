// Small kernels the CUDA backend's forward pass needs beyond cuda/kernels: broadcast bias adds, and
// the pieces of Qwen3-Next/Qwen3.5's gated attention and gated shared expert.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"

namespace tessera::cuda {

// y[t * ld + i] += b[i] for t < n_rows, i < n (device pointers); b == nullptr: nothing to add.
// Never synchronises.
Status add_bias_rows(float* y, int64_t ld, const float* b, int64_t n, int64_t n_rows, cudaStream_t stream);

// The query rows of a gated attention layer, in place: token t's row at rows + t * ld holds per head
// [q (head_dim) | gate (head_dim)] for n_head heads (as the query projection writes them); afterwards
// it holds every head's q first (n_head x head_dim, the layout the RoPE and attention kernels read)
// and then every head's gate (the same layout). n_head * head_dim <= kMaxGatedQueryWidth.
inline constexpr int64_t kMaxGatedQueryWidth = 12288;
Status split_query_gate(float* rows, int64_t ld, int n_tok, int n_head, int head_dim, cudaStream_t stream);

// y[t * ldy + i] *= sigmoid(gate[t * ldg + i]) for t < n_tok, i < n (the attention output gate).
Status sigmoid_gate_rows(float* y, int64_t ldy, const float* gate, int64_t ldg, int64_t n, int n_tok,
                         cudaStream_t stream);

// Llama 4's attention temperature on its NoPE layers: q[t * ld + i] *= ln(floor((p + offset) /
// floor_scale) + 1) * scale + 1 for t < n_tok, i < n, p = positions[t] (device memory), in f32 as the
// CPU reference computes it.
Status scale_rows_by_position(float* q, int64_t ld, int64_t n, int n_tok, const int32_t* positions, float scale,
                              int64_t floor_scale, float offset, cudaStream_t stream);

// Gemma 4's per-layer embedding input: g[t * ldg + i] = gelu(g[t * ldg + i]) * e[t * lde + i] for
// t < n_tok, i < n (GELU's tanh form, as the CPU reference's GeGLU).
Status gelu_gate_rows(float* g, int64_t ldg, const float* e, int64_t lde, int64_t n, int n_tok, cudaStream_t stream);

// x[i] *= *s for i < n, s a device scalar (Gemma 4's layer output scale).
Status scale_by_scalar(float* x, int64_t n, const float* s, cudaStream_t stream);

// The gated shared expert's contribution, per token t < n_tok:
//   s = sigmoid(w . h_t)   (w: n floats, h_t at h + t * ldh)
//   y_t = (accumulate ? y_t : 0) + s * src_t     (y_t, src_t: n floats, ldy / lds apart)
Status add_sigmoid_scaled_rows(float* y, int64_t ldy, const float* src, int64_t lds, const float* h, int64_t ldh,
                               const float* w, int64_t n, int n_tok, bool accumulate, cudaStream_t stream);

}  // namespace tessera::cuda
