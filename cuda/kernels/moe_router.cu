#include <cmath>
#include <string>

#include "cuda_check.h"
#include "kernels/launch.cuh"
#include "kernels/warp_reduce.cuh"
#include "kernels/moe_router.h"

namespace tessera::cuda {
namespace {

constexpr unsigned kFullWarp = 0xFFFFFFFFu;

// (v, i) beats (bv, bi): the first candidate always does (so a row of NaNs still yields valid
// ids), then larger values, then the lower index on ties (the CPU's order).
__device__ __forceinline__ bool better(float v, int i, float bv, int bi) {
  return bi < 0 || v > bv || (v == bv && i < bi);
}

// The warp's best (value, index) over every lane's candidate, with a payload carried along; every
// lane ends with the winner (bi < 0: no lane had a candidate).
__device__ __forceinline__ void warp_best(float& bv, int& bi, float& payload) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) {
    const float ov = __shfl_xor_sync(kFullWarp, bv, off);
    const int oi = __shfl_xor_sync(kFullWarp, bi, off);
    const float op = __shfl_xor_sync(kFullWarp, payload, off);
    if (oi >= 0 && better(ov, oi, bv, bi)) {
      bv = ov;
      bi = oi;
      payload = op;
    }
  }
}

// One warp per token; lane l holds experts l + 32 r (r < R) in registers: their gate values p and
// choice values c. R * 32 >= n_expert, k <= 32, n_group <= 32.
template <int R>
__global__ void moe_route_choices_kernel(const float* __restrict__ logits, int64_t ld, int n_tokens, int n_expert,
                                         int k, MoeRouting cfg, int32_t* __restrict__ ids,
                                         float* __restrict__ weights) {
  pdl_wait();
  const int t = static_cast<int>((static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) >> 5);
  const int lane = static_cast<int>(threadIdx.x & 31);
  if (t >= n_tokens) return;  // whole warps: the block is a multiple of 32 threads
  const float* row = logits + static_cast<int64_t>(t) * ld;
  float p[R], c[R];
  unsigned out = 0;  // bit r: expert lane + 32 r does not exist, or is chosen already
  float mx = -INFINITY;
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const int i = lane + 32 * r;
    c[r] = i < n_expert ? row[i] : -INFINITY;
    if (i >= n_expert) out |= 1u << r;
    mx = fmaxf(mx, c[r]);
  }
  // The gate values: sigmoid per expert, or the softmax of every logit (max subtracted, as the CPU).
  if (cfg.sigmoid) {
#pragma unroll
    for (int r = 0; r < R; ++r) p[r] = 1.0f / (1.0f + expf(-c[r]));
  } else {
    mx = warp_max(mx);
    float sum = 0.0f;
#pragma unroll
    for (int r = 0; r < R; ++r) {
      p[r] = ((out >> r) & 1u) ? 0.0f : expf(c[r] - mx);
      sum += p[r];
    }
    const float inv = 1.0f / warp_sum(sum);
#pragma unroll
    for (int r = 0; r < R; ++r) p[r] *= inv;
  }
  // The choice values: the logits, or p plus the selection bias.
  if (!cfg.select_on_logits) {
#pragma unroll
    for (int r = 0; r < R; ++r) {
      const int i = lane + 32 * r;
      c[r] = ((out >> r) & 1u) ? -INFINITY : p[r] + (cfg.select_bias != nullptr ? cfg.select_bias[i] : 0.0f);
    }
  }
  if (cfg.n_group > 1) {
    // Group-limited choice: group g's score (the sum of its two best c) lands on lane g; the
    // n_group_used best groups are kept, every other expert leaves the running (c = -inf).
    const int per = n_expert / cfg.n_group;
    int group[R];
#pragma unroll
    for (int r = 0; r < R; ++r) group[r] = (lane + 32 * r) / per;
    float my_score = -INFINITY;
    for (int g = 0; g < cfg.n_group; ++g) {
      float b1 = -INFINITY, unused = 0.0f;
      int i1 = -1;
#pragma unroll
      for (int r = 0; r < R; ++r)
        if (!((out >> r) & 1u) && group[r] == g && better(c[r], lane + 32 * r, b1, i1)) {
          b1 = c[r];
          i1 = lane + 32 * r;
        }
      warp_best(b1, i1, unused);
      float score = b1;
      if (per > 1) {
        float b2 = -INFINITY;
        int i2 = -1;
#pragma unroll
        for (int r = 0; r < R; ++r)
          if (!((out >> r) & 1u) && group[r] == g && lane + 32 * r != i1 && better(c[r], lane + 32 * r, b2, i2)) {
            b2 = c[r];
            i2 = lane + 32 * r;
          }
        warp_best(b2, i2, unused);
        score = b1 + b2;
      }
      if (lane == g) my_score = score;
    }
    unsigned keep = 0;  // bit g: group g is searched
    for (int j = 0; j < cfg.n_group_used; ++j) {
      const bool candidate = lane < cfg.n_group && !((keep >> lane) & 1u);
      float bv = candidate ? my_score : -INFINITY, unused = 0.0f;
      int bi = candidate ? lane : -1;
      warp_best(bv, bi, unused);
      keep |= 1u << (bi < 0 ? 0 : bi);
    }
#pragma unroll
    for (int r = 0; r < R; ++r)
      if (!((keep >> group[r]) & 1u)) c[r] = -INFINITY;
  }
  // The k best c, one warp arg-max each; lane j keeps choice j and its gate value.
  int my_id = 0;
  float my_p = 0.0f;
  for (int j = 0; j < k; ++j) {
    float bv = -INFINITY, bp = 0.0f;
    int bi = -1;
#pragma unroll
    for (int r = 0; r < R; ++r)
      if (!((out >> r) & 1u) && better(c[r], lane + 32 * r, bv, bi)) {
        bv = c[r];
        bi = lane + 32 * r;
        bp = p[r];
      }
    warp_best(bv, bi, bp);
    if (bi < 0) {  // unreachable while k <= n_expert; keeps every id in range regardless
      bi = 0;
      bp = 0.0f;
    }
    if ((bi & 31) == lane) out |= 1u << (bi >> 5);
    if (lane == j) {
      my_id = bi;
      my_p = bp;
    }
  }
  const float sum = warp_sum(lane < k ? my_p : 0.0f);
  const float norm = cfg.normalize ? 1.0f / fmaxf(sum, 6.103515625e-5f) : 1.0f;
  if (lane < k) {
    ids[static_cast<int64_t>(t) * k + lane] = my_id;
    weights[static_cast<int64_t>(t) * k + lane] = my_p * norm * cfg.scale;
  }
}

}  // namespace

Status moe_route_choices(const float* logits, int64_t ld, int n_tokens, int n_expert, int k, const MoeRouting& routing,
                         int32_t* ids, float* weights, cudaStream_t stream) {
  const bool grouped = routing.n_group > 1;
  if (n_tokens < 0 || n_expert < 1 || n_expert > kMaxChoiceExperts || k < 1 || k > n_expert ||
      k > kMaxChoiceExpertsUsed || ld < n_expert ||
      (grouped && (routing.n_group > kMaxRouterGroups || n_expert % routing.n_group != 0 ||
                   routing.n_group_used < 1 || routing.n_group_used > routing.n_group ||
                   routing.n_group_used * (n_expert / routing.n_group) < k)))
    return make_error(ErrorKind::InvalidArgument,
                      "moe_route_choices: bad shape (" + std::to_string(n_expert) + " experts, " + std::to_string(k) +
                          " used, groups " + std::to_string(routing.n_group) + " of which " +
                          std::to_string(routing.n_group_used) + " searched; at most " +
                          std::to_string(kMaxChoiceExperts) + " experts, " + std::to_string(kMaxChoiceExpertsUsed) +
                          " used and " + std::to_string(kMaxRouterGroups) + " groups)");
  if (n_tokens == 0) return {};
  constexpr int threads = 128;
  const unsigned blocks = static_cast<unsigned>((static_cast<int64_t>(n_tokens) * 32 + threads - 1) / threads);
  auto kernel = n_expert <= 32    ? moe_route_choices_kernel<1>
                : n_expert <= 64  ? moe_route_choices_kernel<2>
                : n_expert <= 128 ? moe_route_choices_kernel<4>
                : n_expert <= 256 ? moe_route_choices_kernel<8>
                                  : moe_route_choices_kernel<16>;
  return check_launch(launch_kernel(kernel, dim3(blocks), dim3(threads), 0, stream, logits, ld, n_tokens, n_expert, k,
                                    routing, ids, weights),
                      "moe_route_choices_kernel");
}

}  // namespace tessera::cuda
