#include <cmath>
#include <string>

#include "cuda_check.h"
#include "kernels/launch.cuh"
#include "kernels/moe.h"

namespace tessera::cuda {
namespace {

// (v, i) beats (bv, bi): the first candidate always does (so a row of NaNs still yields valid
// ids), then larger values, then the lower index on ties.
__device__ __forceinline__ bool better(float v, int i, float bv, int bi) {
  return bi < 0 || v > bv || (v == bv && i < bi);
}

// One warp per token: k rounds of a warp-wide arg-max over the experts not chosen yet (any size:
// routers of more than 256 experts or more than 32 used).
__global__ void moe_route_kernel(const float* __restrict__ logits, int64_t ld, int n_tokens, int n_expert, int k,
                                 int32_t* __restrict__ ids, float* __restrict__ weights) {
  pdl_wait();
  const int t = static_cast<int>((static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) >> 5);
  const int lane = threadIdx.x & 31;
  if (t >= n_tokens) return;
  const float* row = logits + static_cast<int64_t>(t) * ld;
  int chosen[kMaxExpertsUsed];
  float value[kMaxExpertsUsed];
  for (int j = 0; j < k; ++j) {
    float bv = -INFINITY;
    int bi = -1;
    for (int i = lane; i < n_expert; i += 32) {
      bool taken = false;
      for (int c = 0; c < j; ++c) taken = taken || chosen[c] == i;
      if (taken) continue;
      const float v = row[i];
      if (better(v, i, bv, bi)) {
        bv = v;
        bi = i;
      }
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
      const float ov = __shfl_xor_sync(0xFFFFFFFFu, bv, off);
      const int oi = __shfl_xor_sync(0xFFFFFFFFu, bi, off);
      if (oi >= 0 && better(ov, oi, bv, bi)) {
        bv = ov;
        bi = oi;
      }
    }
    chosen[j] = bi;  // every lane holds the same choice
    value[j] = bv;
  }
  if (lane != 0) return;
  float sum = 0.0f;
  for (int j = 0; j < k; ++j) sum += expf(value[j] - value[0]);
  for (int j = 0; j < k; ++j) {
    ids[static_cast<int64_t>(t) * k + j] = chosen[j];
    weights[static_cast<int64_t>(t) * k + j] = expf(value[j] - value[0]) / sum;
  }
}

// The same choice for n_expert <= 32 * R and k <= 32 (every router in use: Mixtral 8, Qwen3-MoE
// 128, DeepSeek 256): each lane loads its experts' logits once into registers and marks the chosen
// ones in a bit mask, and lane j keeps choice j, so nothing goes through local memory (the general
// kernel above re-reads the row and scans its chosen list every round: 10.6 us per call on a
// Qwen3-30B-A3B decode step against ~3 us for this one).
template <int R>
__global__ void moe_route_regs_kernel(const float* __restrict__ logits, int64_t ld, int n_tokens, int n_expert, int k,
                                      int32_t* __restrict__ ids, float* __restrict__ weights) {
  pdl_wait();
  const int t = static_cast<int>((static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) >> 5);
  const int lane = threadIdx.x & 31;
  if (t >= n_tokens) return;
  const float* row = logits + static_cast<int64_t>(t) * ld;
  float v[R];
  unsigned taken = 0;  // bit r: expert lane + 32 r is chosen already or does not exist
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const int i = lane + 32 * r;
    v[r] = i < n_expert ? row[i] : -INFINITY;
    if (i >= n_expert) taken |= 1u << r;
  }
  int my_id = 0;
  float my_value = 0.0f;
  for (int j = 0; j < k; ++j) {
    float bv = -INFINITY;
    int bi = -1;
#pragma unroll
    for (int r = 0; r < R; ++r)
      if (!((taken >> r) & 1u) && better(v[r], lane + 32 * r, bv, bi)) {
        bv = v[r];
        bi = lane + 32 * r;
      }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
      const float ov = __shfl_xor_sync(0xFFFFFFFFu, bv, off);
      const int oi = __shfl_xor_sync(0xFFFFFFFFu, bi, off);
      if (oi >= 0 && better(ov, oi, bv, bi)) {
        bv = ov;
        bi = oi;
      }
    }
    if (bi < 0) bi = 0;  // unreachable while k <= n_expert; keeps every id in range regardless
    if ((bi & 31) == lane) taken |= 1u << (bi >> 5);
    if (lane == j) {
      my_id = bi;
      my_value = bv;
    }
  }
  const float top = __shfl_sync(0xFFFFFFFFu, my_value, 0);
  const float e = lane < k ? expf(my_value - top) : 0.0f;
  float sum = e;
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) sum += __shfl_xor_sync(0xFFFFFFFFu, sum, off);
  if (lane < k) {
    ids[static_cast<int64_t>(t) * k + lane] = my_id;
    weights[static_cast<int64_t>(t) * k + lane] = e / sum;
  }
}

__global__ void gather_rows_kernel(const float* __restrict__ src, int64_t ld_src, const int32_t* __restrict__ index,
                                   int64_t n, float* __restrict__ dst, int64_t ld_dst) {
  pdl_wait();
  const int64_t r = blockIdx.x;
  const float* s = src + static_cast<int64_t>(index[r]) * ld_src;
  float* d = dst + r * ld_dst;
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x) d[i] = s[i];
}

__global__ void add_expert_bias_kernel(float* __restrict__ rows, int64_t ld, const int32_t* __restrict__ ids,
                                       const float* __restrict__ bias, int64_t n) {
  pdl_wait();
  const int64_t r = blockIdx.y;
  const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  rows[r * ld + i] += bias[static_cast<int64_t>(ids[r]) * n + i];
}

__global__ void moe_combine_kernel(const float* __restrict__ rows, int64_t ld_rows, const int32_t* __restrict__ slot_row,
                                   const float* __restrict__ weights, int k, int64_t n, float* __restrict__ out,
                                   int64_t ld_out, bool accumulate, const int32_t* __restrict__ ids,
                                   const float* __restrict__ expert_scale) {
  pdl_wait();
  const int64_t t = blockIdx.y;
  const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 0.0f;
  for (int j = 0; j < k; ++j) {
    const int64_t slot = t * k + j;
    const int64_t r = slot_row != nullptr ? slot_row[slot] : slot;
    float f = weights != nullptr ? weights[slot] : 1.0f;
    if (expert_scale != nullptr) f *= expert_scale[ids[slot]];
    acc += f * rows[r * ld_rows + i];
  }
  float* o = out + t * ld_out + i;
  *o = accumulate ? *o + acc : acc;
}

__global__ void moe_weighted_rows_kernel(const float* __restrict__ x, int64_t ld, const int32_t* __restrict__ slot_row,
                                         const float* __restrict__ weights, int k, int64_t n, float* __restrict__ dst,
                                         int64_t ld_dst) {
  pdl_wait();
  const int64_t s = blockIdx.y;
  const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int64_t r = slot_row != nullptr ? slot_row[s] : s;
  dst[r * ld_dst + i] = weights[s] * x[(s / k) * ld + i];
}

// moe_group_rows: 16 warps, warp w owning the contiguous slots [w seg, (w + 1) seg).
constexpr int kGroupWarps = 16;

__device__ __forceinline__ int expert_in_range(int32_t id, int n_expert) {
  return id >= 0 && id < n_expert ? id : 0;
}

// Exclusive prefix sum of v over the CTA's threads (in thread order); *total gets the sum. Every
// thread must call it (it has barriers).
__device__ int block_exclusive_scan(int v, int* warp_sums, int* total) {
  const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  int x = v;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    const int y = __shfl_up_sync(0xFFFFFFFFu, x, o);
    if (lane >= o) x += y;
  }
  if (lane == 31) warp_sums[w] = x;
  __syncthreads();
  if (w == 0) {
    int t = lane < kGroupWarps ? warp_sums[lane] : 0;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
      const int y = __shfl_up_sync(0xFFFFFFFFu, t, o);
      if (lane >= o) t += y;
    }
    if (lane < kGroupWarps) warp_sums[lane] = t;  // inclusive sums of the warps
  }
  __syncthreads();
  const int before = (w > 0 ? warp_sums[w - 1] : 0) + x - v;
  *total = warp_sums[kGroupWarps - 1];
  __syncthreads();  // warp_sums is reused by the next scan
  return before;
}

__global__ void __launch_bounds__(kGroupWarps * 32) moe_group_kernel(const int32_t* __restrict__ ids, int n_rows,
                                                                       int k, int n_expert, int tile_rows, MoeGroups g) {
  extern __shared__ int cnt[];  // [kGroupWarps][n_expert]: per warp and expert, a count, then a next row
  __shared__ int warp_sums[kGroupWarps];
  pdl_wait();
  const int lane = threadIdx.x & 31, w = threadIdx.x >> 5, e = threadIdx.x;
  for (int i = threadIdx.x; i < kGroupWarps * n_expert; i += blockDim.x) cnt[i] = 0;
  __syncthreads();
  const int seg = (n_rows + kGroupWarps - 1) / kGroupWarps;
  const int s0 = w * seg, s1 = min(n_rows, s0 + seg);
  // 1. Each warp counts its slots per expert (lanes with the same expert counted by their leader).
  for (int base = s0; base < s1; base += 32) {
    const int s = base + lane;
    const bool in = s < s1;
    const unsigned active = __ballot_sync(0xFFFFFFFFu, in);
    if (in) {
      const int x = expert_in_range(ids[s], n_expert);
      const unsigned same = __match_any_sync(active, x);
      if (lane == __ffs(same) - 1) cnt[w * n_expert + x] += __popc(same);
    }
  }
  __syncthreads();
  // 2. Thread e: expert e's total, each warp's first row within it, the expert's first row and tiles.
  int total = 0;
  if (e < n_expert)
    for (int v = 0; v < kGroupWarps; ++v) {
      const int c = cnt[v * n_expert + e];
      cnt[v * n_expert + e] = total;
      total += c;
    }
  int n_all = 0, n_tiles = 0;
  const int first = block_exclusive_scan(e < n_expert ? total : 0, warp_sums, &n_all);
  const int nt = e < n_expert ? (total + tile_rows - 1) / tile_rows : 0;
  const int tfirst = block_exclusive_scan(nt, warp_sums, &n_tiles);
  if (e < n_expert) {
    g.offsets[e] = first;
    for (int v = 0; v < kGroupWarps; ++v) cnt[v * n_expert + e] += first;
    for (int j = 0; j < nt; ++j) {
      int32_t* t = g.tiles + 3 * (tfirst + j);
      t[0] = e;
      t[1] = first + j * tile_rows;
      t[2] = min(tile_rows, total - j * tile_rows);
    }
  }
  if (threadIdx.x == 0) {
    g.offsets[n_expert] = n_all;
    *g.n_tiles = n_tiles;
  }
  __syncthreads();
  // 3. Each warp places its slots in order: a slot's row is its warp's next row of the expert plus
  // the number of earlier lanes of this step with the same expert.
  for (int base = s0; base < s1; base += 32) {
    const int s = base + lane;
    const bool in = s < s1;
    const unsigned active = __ballot_sync(0xFFFFFFFFu, in);
    int x = 0;
    unsigned same = 0;
    if (in) {
      x = expert_in_range(ids[s], n_expert);
      same = __match_any_sync(active, x);
      const int r = cnt[w * n_expert + x] + __popc(same & ((1u << lane) - 1u));
      g.x_rows[r] = s / k;
      g.slot_row[s] = r;
    }
    __syncwarp();
    if (in && lane == __ffs(same) - 1) cnt[w * n_expert + x] += __popc(same);
    __syncwarp();
  }
}

}  // namespace

Status moe_group_rows(const int32_t* ids, int n_tokens, int k, int n_expert, int tile_rows, const MoeGroups& groups,
                      cudaStream_t stream) {
  if (n_tokens < 0 || k < 1 || n_expert < 1 || n_expert > kMaxGroupedExperts || tile_rows < 1 || ids == nullptr ||
      groups.offsets == nullptr || groups.x_rows == nullptr || groups.slot_row == nullptr ||
      groups.tiles == nullptr || groups.n_tiles == nullptr)
    return make_error(ErrorKind::InvalidArgument, "moe_group_rows: bad arguments (" + std::to_string(n_expert) +
                                                      " experts, at most " + std::to_string(kMaxGroupedExperts) + ")");
  const int64_t rows = static_cast<int64_t>(n_tokens) * k;
  if (rows > 0x7FFFFFFF) return make_error(ErrorKind::InvalidArgument, "moe_group_rows: too many rows");
  const size_t smem = 4 * static_cast<size_t>(kGroupWarps) * static_cast<size_t>(n_expert);
  return check_launch(launch_kernel(moe_group_kernel, dim3(1), dim3(kGroupWarps * 32), smem, stream, ids,
                                    static_cast<int>(rows), k, n_expert, tile_rows, groups),
                      "moe_group_kernel");
}

Status moe_route(const float* logits, int64_t ld, int n_tokens, int n_expert, int k, int32_t* ids, float* weights,
                 cudaStream_t stream) {
  if (n_tokens < 0 || n_expert < 1 || k < 1 || k > n_expert || k > kMaxExpertsUsed || ld < n_expert)
    return make_error(ErrorKind::InvalidArgument, "moe_route: bad shape (" + std::to_string(n_expert) + " experts, " +
                                                      std::to_string(k) + " used, at most " +
                                                      std::to_string(kMaxExpertsUsed) + ")");
  if (n_tokens == 0) return {};
  constexpr int threads = 128;
  const unsigned blocks = static_cast<unsigned>((static_cast<int64_t>(n_tokens) * 32 + threads - 1) / threads);
  if (k <= 32 && n_expert <= 256) {
    auto kernel = n_expert <= 32    ? moe_route_regs_kernel<1>
                  : n_expert <= 64  ? moe_route_regs_kernel<2>
                  : n_expert <= 128 ? moe_route_regs_kernel<4>
                                    : moe_route_regs_kernel<8>;
    return check_launch(
        launch_kernel(kernel, dim3(blocks), dim3(threads), 0, stream, logits, ld, n_tokens, n_expert, k, ids, weights),
        "moe_route_regs_kernel");
  }
  return check_launch(launch_kernel(moe_route_kernel, dim3(blocks), dim3(threads), 0, stream, logits, ld, n_tokens,
                                    n_expert, k, ids, weights),
                      "moe_route_kernel");
}

Status gather_rows(const float* src, int64_t ld_src, const int32_t* index, int n_rows, int64_t n, float* dst,
                   int64_t ld_dst, cudaStream_t stream) {
  if (n_rows < 0 || n <= 0 || ld_src < n || ld_dst < n)
    return make_error(ErrorKind::InvalidArgument, "gather_rows: bad shape");
  if (n_rows == 0) return {};
  return check_launch(launch_kernel(gather_rows_kernel, dim3(static_cast<unsigned>(n_rows)), dim3(256), 0, stream, src,
                                    ld_src, index, n, dst, ld_dst),
                      "gather_rows_kernel");
}

Status add_expert_bias(float* rows, int64_t ld, const int32_t* ids, const float* bias, int n_rows, int64_t n,
                       cudaStream_t stream) {
  if (bias == nullptr || n_rows == 0) return {};
  if (n_rows < 0 || n_rows > 65535 || n <= 0 || ld < n || rows == nullptr || ids == nullptr)
    return make_error(ErrorKind::InvalidArgument, "add_expert_bias: bad shape (" + std::to_string(n_rows) + " rows of " +
                                                      std::to_string(n) + ", ld " + std::to_string(ld) + ")");
  constexpr int threads = 256;
  const dim3 grid(static_cast<unsigned>((n + threads - 1) / threads), static_cast<unsigned>(n_rows));
  return check_launch(launch_kernel(add_expert_bias_kernel, grid, dim3(threads), 0, stream, rows, ld, ids, bias, n),
                      "add_expert_bias_kernel");
}

Status moe_combine(const float* rows, int64_t ld_rows, const int32_t* slot_row, const float* weights, int n_tokens,
                   int k, int64_t n, float* out, int64_t ld_out, bool accumulate, cudaStream_t stream,
                   const int32_t* ids, const float* expert_scale) {
  if (n_tokens < 0 || n_tokens > 65535 || k < 1 || n <= 0 || ld_rows < n || ld_out < n ||
      (expert_scale != nullptr && ids == nullptr))
    return make_error(ErrorKind::InvalidArgument, "moe_combine: bad shape");
  if (n_tokens == 0) return {};
  constexpr int threads = 256;
  const dim3 grid(static_cast<unsigned>((n + threads - 1) / threads), static_cast<unsigned>(n_tokens));
  return check_launch(launch_kernel(moe_combine_kernel, grid, dim3(threads), 0, stream, rows, ld_rows, slot_row,
                                    weights, k, n, out, ld_out, accumulate, ids, expert_scale),
                      "moe_combine_kernel");
}

Status moe_weighted_rows(const float* x, int64_t ld, const int32_t* slot_row, const float* weights, int n_tokens, int k,
                         int64_t n, float* dst, int64_t ld_dst, cudaStream_t stream) {
  const int64_t slots = static_cast<int64_t>(n_tokens) * k;
  if (n_tokens < 0 || k < 1 || slots > 65535 || n <= 0 || ld < n || ld_dst < n || weights == nullptr)
    return make_error(ErrorKind::InvalidArgument, "moe_weighted_rows: bad shape (" + std::to_string(slots) +
                                                      " slots of " + std::to_string(n) + ", at most 65535 slots)");
  if (slots == 0) return {};
  constexpr int threads = 256;
  const dim3 grid(static_cast<unsigned>((n + threads - 1) / threads), static_cast<unsigned>(slots));
  return check_launch(launch_kernel(moe_weighted_rows_kernel, grid, dim3(threads), 0, stream, x, ld, slot_row, weights,
                                    k, n, dst, ld_dst),
                      "moe_weighted_rows_kernel");
}

}  // namespace tessera::cuda
