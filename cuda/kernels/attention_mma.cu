#include <cuda_fp16.h>
#include <cuda_pipeline_primitives.h>

#include <algorithm>
#include <climits>
#include <string>

#include "cuda_check.h"
#include "kernels/attention_mma.h"
#include "kernels/kv_quant.cuh"
#include "kernels/launch.cuh"
#include "kernels/mma.cuh"

namespace tessera::cuda {
namespace {

constexpr int kWarps = 4;
constexpr int kRows = 16 * kWarps;  // query rows (token, head) per CTA: 16 per warp, one mma M each
constexpr float kLog2e = 1.4426950408889634f;

using MmaArgs = AttentionKernelArgs;  // nq: query tokens per CTA (kRows / gb)

// Head sizes with a kernel, and the key tile of each (fewer keys for 256 keep the O accumulator of
// 128 floats per thread and the scores within the register file).
template <int D>
constexpr int key_tile() {
  return D >= 256 ? 32 : 64;
}
// Halves per shared-memory row: a 16-byte pad puts the 8 rows an ldmatrix phase reads in 8 different
// bank quads for every head size here (row pitch = 4, 12 or 20 words mod 32).
template <int D>
constexpr int row_pitch() {
  return D + 8;
}
template <int D>
constexpr size_t smem_bytes() {
  return (static_cast<size_t>(kRows) + 4u * key_tile<D>()) * row_pitch<D>() * sizeof(__half);
}

using mma::ldmatrix_x4;
using mma::ldmatrix_x4_trans;
using mma::mma_16816;
using mma::pack_half2;

__device__ __forceinline__ int warp_max_int(int v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) v = max(v, __shfl_xor_sync(0xFFFFFFFFu, v, off));
  return v;
}
__device__ __forceinline__ int warp_min_int(int v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) v = min(v, __shfl_xor_sync(0xFFFFFFFFu, v, off));
  return v;
}
// Reductions over the 4 lanes of a quad: the lanes that hold one accumulator row.
__device__ __forceinline__ float quad_max(float v) {
  v = fmaxf(v, __shfl_xor_sync(0xFFFFFFFFu, v, 1));
  return fmaxf(v, __shfl_xor_sync(0xFFFFFFFFu, v, 2));
}
__device__ __forceinline__ float quad_sum(float v) {
  v += __shfl_xor_sync(0xFFFFFFFFu, v, 1);
  return v + __shfl_xor_sync(0xFFFFFFFFu, v, 2);
}

// C: the cache type. F16 rows are copied with cp.async; Q8_0/Q4_0 rows are decoded to f16 8 values
// per thread on the way into shared memory (kv_quant.cuh, as the SIMT kernel does).
template <int D, KvCacheType C>
__global__ void __launch_bounds__(kWarps * 32) attention_mma_kernel(MmaArgs a) {
  constexpr int BK = key_tile<D>();
  constexpr int P = row_pitch<D>();
  constexpr int NT_K = BK / 8;  // score n-tiles (8 keys each) per key tile
  constexpr int NT_D = D / 8;   // output n-tiles (8 dimensions each)
  constexpr int kTileHalves = 2 * BK * P;  // one K tile then one V tile
  pdl_wait();
  extern __shared__ __align__(16) uint8_t smem[];
  __half* const qs = reinterpret_cast<__half*>(smem);  // kRows x P
  __half* const tiles = qs + kRows * P;                // buffer b at tiles + b * kTileHalves

  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int split = blockIdx.x;
  const int kvh = blockIdx.y / a.n_hsub, hsub = blockIdx.y % a.n_hsub;
  // The last query tiles see the most keys: they take the first CTA slots, so the long CTAs do not
  // form the tail of the grid.
  const int t0 = (gridDim.z - 1 - blockIdx.z) * a.nq;
  const int head0 = kvh * a.group + hsub * a.gb;
  // Row r of the CTA: token t0 + r / gb, query head head0 + r % gb (rows past nq * gb are empty).
  auto row_token = [&](int r) {
    const int tr = r / a.gb;
    return tr < a.nq && t0 + tr < a.n_tokens ? t0 + tr : -1;
  };

  // Queries, scaled, as f16 rows (an empty row is zeros; its keys are all masked below).
  for (int i = threadIdx.x; i < kRows * (D / 4); i += blockDim.x) {
    const int r = i / (D / 4), c = (i % (D / 4)) * 4;
    const int t = row_token(r);
    float4 x = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (t >= 0)
      x = *reinterpret_cast<const float4*>(a.q + static_cast<int64_t>(t) * a.q_stride +
                                           static_cast<int64_t>(head0 + r % a.gb) * D + c);
    uint2 h;
    h.x = pack_half2(x.x * a.qscale, x.y * a.qscale);
    h.y = pack_half2(x.z * a.qscale, x.w * a.qscale);
    *reinterpret_cast<uint2*>(qs + r * P + c) = h;
  }

  // This thread's two accumulator rows and their positions (-1: no query there).
  const int r0 = warp * 16 + (lane >> 2), r1 = r0 + 8;
  const int tk0 = row_token(r0), tk1 = row_token(r1);
  const int p0 = tk0 >= 0 ? a.positions[tk0] : -1;
  const int p1 = tk1 >= 0 ? a.positions[tk1] : -1;
  // The warp's position range decides which tiles it computes and which it must mask.
  const int w_pmax = warp_max_int(max(p0, p1));
  const int w_pmin = warp_min_int(min(p0 < 0 ? INT_MAX : p0, p1 < 0 ? INT_MAX : p1));
  const bool w_full = __all_sync(0xFFFFFFFFu, p0 >= 0 && p1 >= 0);
  // The CTA's key range: this split's keys up to the last position of its tokens, from the first key
  // any of their windows holds.
  int p_max = -1, p_min = INT_MAX;
  for (int i = 0; i < a.nq && t0 + i < a.n_tokens; ++i) {
    const int p = a.positions[t0 + i];
    p_max = max(p_max, p);
    p_min = min(p_min, p);
  }
  const int lowest = p_max >= 0 ? attention_first_key(p_min, a.window, a.attn_chunk) : 0;
  const int k_begin = max(split * a.chunk, lowest);
  const int k_end = min(min(split * a.chunk + a.chunk, p_max + 1), a.capacity);

  // Copies keys [k0, k0 + BK) into buffer `buf` (F16: 16-byte cp.async; quantized: decoded by plain
  // loads and stores); rows past k_end are zeroed (their scores are masked, and a zero value row
  // keeps 0 * garbage from making NaN). The plain stores are ordered like the copies: every warp
  // passed the barrier that ended this buffer's last use, and the loop's next barrier comes before
  // any read.
  auto issue = [&](int k0, int buf) {
    __half* kd = tiles + buf * kTileHalves;
    __half* vd = kd + BK * P;
    constexpr int kChunks = D / 8;  // 16-byte pieces (8 values) per row
    for (int c = threadIdx.x; c < BK * kChunks; c += blockDim.x) {
      const int r = c / kChunks, off = (c % kChunks) * 8;
      if (k0 + r < k_end) {
        const int64_t row = static_cast<int64_t>(k0 + r) * a.kv_stride;
        if constexpr (C == KvCacheType::F16) {
          const int64_t src = row + static_cast<int64_t>(kvh) * D + off;
          __pipeline_memcpy_async(kd + r * P + off, a.k + src, 16);
          __pipeline_memcpy_async(vd + r * P + off, a.v + src, 16);
        } else {
          const int e = kvh * D + off;  // value index in the row (a multiple of 8)
          *reinterpret_cast<uint4*>(kd + r * P + off) = kvq::decode8<C>(reinterpret_cast<const uint8_t*>(a.k + row), e);
          *reinterpret_cast<uint4*>(vd + r * P + off) = kvq::decode8<C>(reinterpret_cast<const uint8_t*>(a.v + row), e);
        }
      } else {
        *reinterpret_cast<uint4*>(kd + r * P + off) = make_uint4(0, 0, 0, 0);
        *reinterpret_cast<uint4*>(vd + r * P + off) = make_uint4(0, 0, 0, 0);
      }
    }
  };

  float o[NT_D][4];
#pragma unroll
  for (int n = 0; n < NT_D; ++n) o[n][0] = o[n][1] = o[n][2] = o[n][3] = 0.0f;
  float m0 = -INFINITY, m1 = -INFINITY, l0 = 0.0f, l1 = 0.0f;  // l: this lane's share of the row sum

  __syncthreads();  // the query rows are in shared memory (the loop's barrier may not run)
  if (k_begin < k_end) issue(k_begin, 0);
  __pipeline_commit();
  int buf = 0;
  for (int k0 = k_begin; k0 < k_end; k0 += BK) {
    if (k0 + BK < k_end) issue(k0 + BK, buf ^ 1);
    __pipeline_commit();
    __pipeline_wait_prior(1);  // this tile's copies (all but the group just issued) have landed
    __syncthreads();
    // A tile no row of this warp can see (wholly after every causal edge, or wholly before every
    // window or chunk) is skipped; `w_pmax >= k0` first, so w_pmin is a real position in the second
    // test.
    const bool visible = w_pmax >= k0 && attention_first_key(w_pmin, a.window, a.attn_chunk) <= k0 + BK - 1;
    if (visible) {
      const __half* ks = tiles + buf * kTileHalves;
      const __half* vs = ks + BK * P;
      float s[NT_K][4];
#pragma unroll
      for (int n = 0; n < NT_K; ++n) s[n][0] = s[n][1] = s[n][2] = s[n][3] = 0.0f;
      // S = Q K^T: A from the query rows (matrices: rows 0-7 / 8-15 at columns +0, then +8), B from
      // K rows (matrices: keys +0 at d +0 and +8, keys +8 at d +0 and +8: two n-tiles per load).
#pragma unroll
      for (int kk = 0; kk < D / 16; ++kk) {
        uint32_t qa[4];
        ldmatrix_x4(qa, qs + (warp * 16 + (lane & 15)) * P + kk * 16 + (lane >> 4) * 8);
#pragma unroll
        for (int n2 = 0; n2 < NT_K / 2; ++n2) {
          uint32_t kb[4];
          ldmatrix_x4(kb, ks + (n2 * 16 + (lane >> 4) * 8 + (lane & 7)) * P + kk * 16 + ((lane >> 3) & 1) * 8);
          mma_16816(s[2 * n2], qa, kb[0], kb[1]);
          mma_16816(s[2 * n2 + 1], qa, kb[2], kb[3]);
        }
      }
      if (a.softcap > 0.0f) {
#pragma unroll
        for (int n = 0; n < NT_K; ++n)
#pragma unroll
          for (int e = 0; e < 4; ++e) s[n][e] = a.softcap * tanhf(s[n][e] * a.inv_softcap) * kLog2e;
      }
      // Masks only where the tile crosses an edge: some row's position, some row's window or chunk
      // start, or the split's end (zeroed rows); and for warps with empty rows.
      const bool inside = w_full && k0 + BK - 1 <= w_pmin && k0 + BK <= k_end &&
                          k0 >= attention_first_key(w_pmax, a.window, a.attn_chunk);
      if (!inside) {
        const int kc = k0 + (lane & 3) * 2;
        const int first0 = attention_first_key(max(p0, 0), a.window, a.attn_chunk);
        const int first1 = attention_first_key(max(p1, 0), a.window, a.attn_chunk);
#pragma unroll
        for (int n = 0; n < NT_K; ++n)
#pragma unroll
          for (int e = 0; e < 4; ++e) {
            const int key = kc + n * 8 + (e & 1);
            const int p = e < 2 ? p0 : p1;
            const bool seen = key <= p && key < k_end && key >= (e < 2 ? first0 : first1);
            if (!seen) s[n][e] = -INFINITY;
          }
      }
      // Online softmax per row (base 2). A row with no key yet keeps m = -inf and uses 0 as the base,
      // so that exp2(-inf - base) gives 0 rather than NaN.
      float mx0 = -INFINITY, mx1 = -INFINITY;
#pragma unroll
      for (int n = 0; n < NT_K; ++n) {
        mx0 = fmaxf(mx0, fmaxf(s[n][0], s[n][1]));
        mx1 = fmaxf(mx1, fmaxf(s[n][2], s[n][3]));
      }
      const float mn0 = fmaxf(m0, quad_max(mx0)), mn1 = fmaxf(m1, quad_max(mx1));
      const float base0 = mn0 == -INFINITY ? 0.0f : mn0, base1 = mn1 == -INFINITY ? 0.0f : mn1;
      const float corr0 = exp2f(m0 - base0), corr1 = exp2f(m1 - base1);
      m0 = mn0;
      m1 = mn1;
      float sum0 = 0.0f, sum1 = 0.0f;
#pragma unroll
      for (int n = 0; n < NT_K; ++n) {
        s[n][0] = exp2f(s[n][0] - base0);
        s[n][1] = exp2f(s[n][1] - base0);
        s[n][2] = exp2f(s[n][2] - base1);
        s[n][3] = exp2f(s[n][3] - base1);
        sum0 += s[n][0] + s[n][1];
        sum1 += s[n][2] + s[n][3];
      }
      l0 = l0 * corr0 + sum0;
      l1 = l1 * corr1 + sum1;
#pragma unroll
      for (int n = 0; n < NT_D; ++n) {
        o[n][0] *= corr0;
        o[n][1] *= corr0;
        o[n][2] *= corr1;
        o[n][3] *= corr1;
      }
      // O += P V: the score accumulators of n-tiles 2j and 2j+1 are, as f16 pairs, the A fragment of
      // keys 16j..16j+15; B from V rows transposed (matrices: keys +0 / +8 at d +0, then at d +8).
#pragma unroll
      for (int j = 0; j < NT_K / 2; ++j) {
        const uint32_t pa[4] = {pack_half2(s[2 * j][0], s[2 * j][1]), pack_half2(s[2 * j][2], s[2 * j][3]),
                                pack_half2(s[2 * j + 1][0], s[2 * j + 1][1]),
                                pack_half2(s[2 * j + 1][2], s[2 * j + 1][3])};
#pragma unroll
        for (int n2 = 0; n2 < NT_D / 2; ++n2) {
          uint32_t vb[4];
          ldmatrix_x4_trans(vb, vs + (j * 16 + ((lane >> 3) & 1) * 8 + (lane & 7)) * P + n2 * 16 + (lane >> 4) * 8);
          mma_16816(o[2 * n2], pa, vb[0], vb[1]);
          mma_16816(o[2 * n2 + 1], pa, vb[2], vb[3]);
        }
      }
    }
    __syncthreads();  // every warp is done with this buffer before the next iteration refills it
    buf ^= 1;
  }
  pdl_trigger();

  l0 = quad_sum(l0);
  l1 = quad_sum(l1);
#pragma unroll
  for (int half = 0; half < 2; ++half) {
    const int r = half == 0 ? r0 : r1;
    const int t = half == 0 ? tk0 : tk1;
    if (t < 0) continue;
    const int head = head0 + r % a.gb;
    float m = half == 0 ? m0 : m1, l = half == 0 ? l0 : l1;
    const int d_lane = (lane & 3) * 2;
    if (a.n_splits == 1) {
      float scale = 1.0f;
      if (a.sinks != nullptr) {
        // The sink joins the denominator as one more (base-2) score with no value.
        const float sk = a.sinks[head] * kLog2e;
        const float mn = fmaxf(m, sk);
        scale = exp2f(m - mn);
        l = l * scale + exp2f(sk - mn);
      }
      const float f = l > 0.0f ? scale / l : 0.0f;
      float* out = a.out + static_cast<int64_t>(t) * a.out_stride + static_cast<int64_t>(head) * D;
#pragma unroll
      for (int n = 0; n < NT_D; ++n) {
        out[n * 8 + d_lane] = o[n][2 * half] * f;
        out[n * 8 + d_lane + 1] = o[n][2 * half + 1] * f;
      }
    } else {
      const int64_t slot = (static_cast<int64_t>(t) * a.n_head + head) * a.n_splits + split;
      float* acc = a.ws_acc + slot * D;
#pragma unroll
      for (int n = 0; n < NT_D; ++n) {
        acc[n * 8 + d_lane] = o[n][2 * half];
        acc[n * 8 + d_lane + 1] = o[n][2 * half + 1];
      }
      if ((lane & 3) == 0) {
        a.ws_ml[2 * slot] = m;
        a.ws_ml[2 * slot + 1] = l;
      }
    }
  }
}

template <int D>
Status launch_for(const MmaArgs& k, KvCacheType type, dim3 grid, cudaStream_t stream) {
  constexpr size_t smem = smem_bytes<D>();
  auto launch = [&](auto kernel) -> Status {
    if (smem > 48 * 1024)
      TESSERA_CUDA_CHECK(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
    return check_launch(launch_kernel(kernel, grid, dim3(kWarps * 32), smem, stream, k), "attention_mma_kernel");
  };
  switch (type) {
    case KvCacheType::Q8_0:
      return launch(attention_mma_kernel<D, KvCacheType::Q8_0>);
    case KvCacheType::Q4_0:
      return launch(attention_mma_kernel<D, KvCacheType::Q4_0>);
    default:
      return launch(attention_mma_kernel<D, KvCacheType::F16>);  // F32 was refused by supports()
  }
}

}  // namespace

bool attention_mma_supports(const AttentionArgs& args) {
  const int d = args.head_dim;
  const KvCacheType c = args.cache.type;
  return (c == KvCacheType::F16 || c == KvCacheType::Q8_0 || c == KvCacheType::Q4_0) &&
         (d == 32 || d == 64 || d == 80 || d == 96 || d == 128 || d == 256) && args.n_tokens >= 1 &&
         args.q_stride % 4 == 0;
}

bool attention_mma_chosen(const AttentionArgs& args) {
  return attention_mma_supports(args) &&
         (args.n_tokens >= kAttentionMmaMinTokens ? args.tensor_cores : args.tensor_cores_decode);
}

Status attention_mma(AttentionKernelArgs k, int n_head_kv, KvCacheType cache_type, cudaStream_t stream) {
  for (int g = std::min(k.group, kRows); g >= 1; --g) {
    if (k.group % g == 0) {
      k.gb = g;
      break;
    }
  }
  k.n_hsub = k.group / k.gb;
  k.nq = kRows / k.gb;
  if (k.n_splits > 1 && (k.ws_acc == nullptr || k.ws_ml == nullptr))
    return make_error(ErrorKind::InvalidArgument, "attention_mma: a split key range needs the partials workspace");
  const int n_qtiles = (k.n_tokens + k.nq - 1) / k.nq;
  const dim3 grid(static_cast<unsigned>(k.n_splits), static_cast<unsigned>(n_head_kv * k.n_hsub),
                  static_cast<unsigned>(n_qtiles));
  switch (k.head_dim) {
    case 32:
      return launch_for<32>(k, cache_type, grid, stream);
    case 64:
      return launch_for<64>(k, cache_type, grid, stream);
    case 80:
      return launch_for<80>(k, cache_type, grid, stream);
    case 96:
      return launch_for<96>(k, cache_type, grid, stream);
    case 128:
      return launch_for<128>(k, cache_type, grid, stream);
    case 256:
      return launch_for<256>(k, cache_type, grid, stream);
    default:
      return make_error(ErrorKind::InvalidArgument, "attention_mma: head_dim " + std::to_string(k.head_dim) +
                                                        " is not a shape of the tensor-core kernel");
  }
}

}  // namespace tessera::cuda
