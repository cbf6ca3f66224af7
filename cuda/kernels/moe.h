// Mixture-of-experts routing and the row gathers and weighted sums around the expert products.
// The products themselves are matvec_experts / matvec_glu_experts (decode, experts chosen on the
// device) or per-expert GEMMs over the rows routed to each expert (prefill).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"

namespace tessera::cuda {

// The most experts a token may use (the router keeps its choices in registers).
inline constexpr int kMaxExpertsUsed = 64;

// For token t < n_tokens (logits row t at logits + t * ld, n_expert values): the k largest logits,
// ties toward the lower expert, in decreasing order: ids[t * k + j]; their softmax over those k
// (the renormalised router weights): weights[t * k + j]. Every id is in [0, n_expert) whatever the
// logits hold (NaN included), so no later read goes out of bounds.
Status moe_route(const float* logits, int64_t ld, int n_tokens, int n_expert, int k, int32_t* ids, float* weights,
                 cudaStream_t stream);

// dst[r * ld_dst + i] = src[index[r] * ld_src + i] for r < n_rows, i < n (index in device memory).
Status gather_rows(const float* src, int64_t ld_src, const int32_t* index, int n_rows, int64_t n, float* dst,
                   int64_t ld_dst, cudaStream_t stream);

// rows[r * ld + i] += bias[ids[r] * n + i] for r < n_rows, i < n: each row's chosen expert's slice of
// a [n, n_expert] bias (ids in device memory, as moe_route writes them); bias == nullptr: nothing.
Status add_expert_bias(float* rows, int64_t ld, const int32_t* ids, const float* bias, int n_rows, int64_t n,
                       cudaStream_t stream);

// out[t * ld_out + i] (+)= sum_j weights[t * k + j] * rows[row(t, j) * ld_rows + i] for t < n_tokens,
// i < n, summed in order j = 0..k-1; row(t, j) = slot_row[t * k + j], or t * k + j when slot_row is
// null. accumulate: add to out, else overwrite.
Status moe_combine(const float* rows, int64_t ld_rows, const int32_t* slot_row, const float* weights, int n_tokens,
                   int k, int64_t n, float* out, int64_t ld_out, bool accumulate, cudaStream_t stream);

}  // namespace tessera::cuda
