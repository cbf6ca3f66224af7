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

// Prefill grouping on the device, so a prompt's MoE layers need no host round trip: the
// n_rows = n_tokens * k routed rows (slot s = t * k + j chose expert ids[s]) sorted by expert,
// stably (an expert's rows in slot order), and cut into tiles of at most tile_rows rows:
//   offsets[e] .. offsets[e + 1]   expert e's routed rows (n_expert + 1 values)
//   x_rows[r]                      the token of routed row r            (n_rows values)
//   slot_row[s]                    the routed row of slot s             (n_rows values)
//   tiles[3 i .. 3 i + 2]          {expert, first routed row, rows} of tile i < *n_tiles, by expert
// tiles has room for moe_tile_capacity() tiles. Ids outside [0, n_expert) count as expert 0
// (moe_route never writes them). One CTA; up to kMaxGroupedExperts experts.
inline constexpr int kMaxGroupedExperts = 512;
struct MoeGroups {
  int32_t* offsets = nullptr;
  int32_t* x_rows = nullptr;
  int32_t* slot_row = nullptr;
  int32_t* tiles = nullptr;
  int32_t* n_tiles = nullptr;
};
// The most tiles n_rows routed rows can make: every expert with rows has one partial tile at most.
inline int moe_tile_capacity(int n_rows, int n_expert, int tile_rows) {
  return (n_rows < n_expert ? n_rows : n_expert) + (n_rows + tile_rows - 1) / tile_rows;
}
Status moe_group_rows(const int32_t* ids, int n_tokens, int k, int n_expert, int tile_rows, const MoeGroups& groups,
                      cudaStream_t stream);

// dst[r * ld_dst + i] = src[index[r] * ld_src + i] for r < n_rows, i < n (index in device memory).
Status gather_rows(const float* src, int64_t ld_src, const int32_t* index, int n_rows, int64_t n, float* dst,
                   int64_t ld_dst, cudaStream_t stream);

// rows[r * ld + i] += bias[ids[r] * n + i] for r < n_rows, i < n: each row's chosen expert's slice of
// a [n, n_expert] bias (ids in device memory, as moe_route writes them); bias == nullptr: nothing.
Status add_expert_bias(float* rows, int64_t ld, const int32_t* ids, const float* bias, int n_rows, int64_t n,
                       cudaStream_t stream);

// out[t * ld_out + i] (+)= sum_j f(t, j) * rows[row(t, j) * ld_rows + i] for t < n_tokens, i < n,
// summed in order j = 0..k-1; row(t, j) = slot_row[t * k + j], or t * k + j when slot_row is null;
// f(s) = weights[s] (1 when weights is null: Llama 4's weights scaled the experts' inputs instead)
// times expert_scale[ids[s]] where expert_scale is given (Gemma 4's per-expert output scale; ids in
// device memory, as the router writes them). accumulate: add to out, else overwrite.
Status moe_combine(const float* rows, int64_t ld_rows, const int32_t* slot_row, const float* weights, int n_tokens,
                   int k, int64_t n, float* out, int64_t ld_out, bool accumulate, cudaStream_t stream,
                   const int32_t* ids = nullptr, const float* expert_scale = nullptr);

// The experts' inputs when the router's weight scales them (Llama 4): for slot s = t * k + j < n_tokens
// * k, dst[row(s) * ld_dst + i] = weights[s] * x[t * ld + i], i < n; row(s) = slot_row[s], or s when
// slot_row is null (decode: the k slots' rows in order). At most 65535 slots.
Status moe_weighted_rows(const float* x, int64_t ld, const int32_t* slot_row, const float* weights, int n_tokens, int k,
                         int64_t n, float* dst, int64_t ld_dst, cudaStream_t stream);

}  // namespace tessera::cuda
