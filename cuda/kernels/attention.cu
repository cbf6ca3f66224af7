#include <cuda_fp16.h>
#include <cuda_pipeline_primitives.h>

#include <algorithm>
#include <string>
#include <type_traits>

#include "cuda_check.h"
#include "kernels/attention.h"
#include "kernels/attention_args.h"
#include "kernels/attention_mma.h"
#include "kernels/kv_quant.cuh"
#include "kernels/launch.cuh"
#include "kernels/split_combine.cuh"
#include "kernels/warp_reduce.cuh"
#include "placement/attention_split.h"

namespace tessera::cuda {
namespace {

constexpr int kTK = kAttentionKeyTile;  // keys per shared-memory tile (one per lane)
constexpr float kLog2e = 1.4426950408889634f;

// The work division (core/placement/attention_split.h, shared with the placement) plus the
// kernel's own launch shape.
struct Plan {
  AttentionSplit split;
  int dpl = 1;      // head dimensions per lane for the values
  int kstride = 0;  // halves between K rows in shared memory
  size_t smem = 0;
};

Plan make_plan(int n_tokens, int n_head, int n_head_kv, int head_dim, int capacity) {
  Plan p;
  p.split = plan_attention_split(n_tokens, n_head, n_head_kv, head_dim, capacity);
  p.dpl = head_dim <= 32 ? 1 : head_dim <= 64 ? 2 : head_dim <= 128 ? 4 : head_dim <= 256 ? 8 : 16;
  // Pad K rows by 16 bytes when that makes the lanes' 16-byte reads of one column conflict-free.
  p.kstride = head_dim + ((head_dim / 8) % 2 == 0 ? 8 : 0);
  const int nvec = p.split.nq * p.split.gb;
  // Two K/V tile buffers (the next tile's copies fly while the current one is used) and the queries.
  p.smem = 2 * (static_cast<size_t>(kTK) * p.kstride * 2 + static_cast<size_t>(kTK) * head_dim * 2) +
           static_cast<size_t>(nvec) * head_dim * 4;
  return p;
}

using KernelArgs = AttentionKernelArgs;

template <int DPL>
__device__ __forceinline__ void load_v(const uint16_t* p, float (&v)[DPL]) {
  if constexpr (DPL == 1) {
    v[0] = __half2float(__ushort_as_half(*p));
  } else if constexpr (DPL == 2) {
    const float2 f = __half22float2(*reinterpret_cast<const __half2*>(p));
    v[0] = f.x;
    v[1] = f.y;
  } else {
    constexpr int kWords = DPL / 2;
    uint32_t w[kWords];
    if constexpr (DPL == 4) {
      const uint2 u = *reinterpret_cast<const uint2*>(p);
      w[0] = u.x;
      w[1] = u.y;
    } else {
#pragma unroll
      for (int c = 0; c < DPL / 8; ++c) {  // 8 dims per 16-byte load (two for head size 512)
        const uint4 u = *reinterpret_cast<const uint4*>(p + 8 * c);
        w[4 * c] = u.x;
        w[4 * c + 1] = u.y;
        w[4 * c + 2] = u.z;
        w[4 * c + 3] = u.w;
      }
    }
#pragma unroll
    for (int k = 0; k < kWords; ++k) {
      const float2 f = __half22float2(*reinterpret_cast<const __half2*>(&w[k]));
      v[2 * k] = f.x;
      v[2 * k + 1] = f.y;
    }
  }
}

// C: the cache type. Every type lands in shared memory as the same f16 tiles: F16 rows are copied
// with cp.async; Q8_0/Q4_0 rows are read from global memory and decoded 8 values per thread on the
// way in, so the scores and values below are one code for all types.
template <int DPL, KvCacheType C>
__global__ void attention_kernel(KernelArgs a) {
  pdl_wait();
  extern __shared__ __align__(16) uint8_t smem[];
  const int D = a.head_dim;
  const int tile_halves = kTK * a.kstride + kTK * D;          // one K tile then one V tile
  uint16_t* const tiles = reinterpret_cast<uint16_t*>(smem);  // buffer b at tiles + b * tile_halves
  float* qs = reinterpret_cast<float*>(reinterpret_cast<uint16_t*>(smem) + 2 * tile_halves);

  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int split = blockIdx.x;
  const int kvh = blockIdx.y / a.n_hsub, hsub = blockIdx.y % a.n_hsub;
  const int tile = blockIdx.z;
  const int t = tile * a.nq + warp / a.gb;
  const int head = kvh * a.group + hsub * a.gb + warp % a.gb;
  const bool valid = t < a.n_tokens;

  float* qv = qs + warp * D;
  for (int d = lane; d < D; d += 32)
    qv[d] = valid ? a.q[static_cast<int64_t>(t) * a.q_stride + static_cast<int64_t>(head) * D + d] * a.qscale : 0.0f;
  const int p_t = valid ? a.positions[t] : -1;
  int p_max = -1, p_min = 0x7FFFFFFF;
  for (int i = 0; i < a.nq; ++i) {
    const int ti = tile * a.nq + i;
    if (ti < a.n_tokens) {
      p_max = max(p_max, a.positions[ti]);
      p_min = min(p_min, a.positions[ti]);
    }
  }
  // With a window or chunks, keys before every token's first key are skipped (tiles start there).
  const int lowest = p_max >= 0 ? attention_first_key(p_min, a.window, a.attn_chunk) : 0;
  const int k_begin = max(split * a.chunk, lowest);
  const int k_end = min(min(split * a.chunk + a.chunk, p_max + 1), a.capacity);
  const int my_end = min(k_end, p_t + 1);
  const int my_begin = attention_first_key(max(p_t, 0), a.window, a.attn_chunk);

  float m = -INFINITY, l = 0.0f;
  float acc[DPL];
#pragma unroll
  for (int i = 0; i < DPL; ++i) acc[i] = 0.0f;

  const int cpr = D / 8;  // 16-byte chunks (8 values) per K/V row of a head
  __syncthreads();  // q vectors in shared memory

  // Copies tile [k0, k0 + kTK) into buffer `buf`: F16 with 16-byte cp.async, the quantized types
  // decoded to f16 by plain loads and stores (rows past k_end are skipped: nothing reads them).
  // The quantized stores into `buf` are safe here: every warp passed the barrier that ended the
  // last use of this buffer, and the loop's next barrier orders them before their readers.
  auto issue = [&](int k0, int buf) {
    uint16_t* kd = tiles + buf * tile_halves;
    uint16_t* vd = kd + kTK * a.kstride;
    const int rows = min(kTK, k_end - k0);
    for (int c = threadIdx.x; c < rows * cpr; c += blockDim.x) {
      const int r = c / cpr, off = (c - r * cpr) * 8;
      const int64_t row = static_cast<int64_t>(k0 + r) * a.kv_stride;
      if constexpr (C == KvCacheType::F16) {
        const int64_t src = row + static_cast<int64_t>(kvh) * D + off;
        __pipeline_memcpy_async(kd + r * a.kstride + off, a.k + src, 16);
        __pipeline_memcpy_async(vd + r * D + off, a.v + src, 16);
      } else {
        const int e = kvh * D + off;  // value index in the row (a multiple of 8)
        *reinterpret_cast<uint4*>(kd + r * a.kstride + off) =
            kvq::decode8<C>(reinterpret_cast<const uint8_t*>(a.k + row), e);
        *reinterpret_cast<uint4*>(vd + r * D + off) = kvq::decode8<C>(reinterpret_cast<const uint8_t*>(a.v + row), e);
      }
    }
  };
  if (k_begin < k_end) issue(k_begin, 0);
  __pipeline_commit();
  int buf = 0;
  for (int k0 = k_begin; k0 < k_end; k0 += kTK) {
    if (k0 + kTK < k_end) issue(k0 + kTK, buf ^ 1);
    __pipeline_commit();
    __pipeline_wait_prior(1);  // this tile's copies (all but the one just issued) have landed
    __syncthreads();
    const uint16_t* ks = tiles + buf * tile_halves;
    const uint16_t* vs = ks + kTK * a.kstride;
    if (valid) {
      const int key = k0 + lane;
      float s = -INFINITY;
      if (key < my_end && key >= my_begin) {
        const uint16_t* kr = ks + lane * a.kstride;
        float dot = 0.0f;
        for (int d0 = 0; d0 < D; d0 += 8) {
          const uint4 kk = *reinterpret_cast<const uint4*>(kr + d0);
          const float4 qa = *reinterpret_cast<const float4*>(qv + d0);
          const float4 qb = *reinterpret_cast<const float4*>(qv + d0 + 4);
          const float2 k01 = __half22float2(*reinterpret_cast<const __half2*>(&kk.x));
          const float2 k23 = __half22float2(*reinterpret_cast<const __half2*>(&kk.y));
          const float2 k45 = __half22float2(*reinterpret_cast<const __half2*>(&kk.z));
          const float2 k67 = __half22float2(*reinterpret_cast<const __half2*>(&kk.w));
          dot += qa.x * k01.x + qa.y * k01.y + qa.z * k23.x + qa.w * k23.y;
          dot += qb.x * k45.x + qb.y * k45.y + qb.z * k67.x + qb.w * k67.y;
        }
        s = a.softcap > 0.0f ? a.softcap * tanhf(dot * a.inv_softcap) * kLog2e : dot;
      }
      const float m_new = fmaxf(m, warp_max(s));
      if (m_new != -INFINITY) {  // uniform across the warp
        const float corr = exp2f(m - m_new);
        const float p = key < my_end && key >= my_begin ? exp2f(s - m_new) : 0.0f;
        l = l * corr + warp_sum(p);
#pragma unroll
        for (int i = 0; i < DPL; ++i) acc[i] *= corr;
        const int nj = min(kTK, my_end - k0);
        const bool has_dims = lane * DPL < D;
        for (int j = 0; j < nj; ++j) {
          const float pj = __shfl_sync(0xFFFFFFFFu, p, j);
          if (has_dims) {
            float vv[DPL];
            load_v<DPL>(vs + j * D + lane * DPL, vv);
#pragma unroll
            for (int i = 0; i < DPL; ++i) acc[i] += pj * vv[i];
          }
        }
        m = m_new;
      }
    }
    __syncthreads();  // every warp is done with this buffer before the next iteration refills it
    buf ^= 1;
  }

  if (!valid) return;
  if (a.n_splits == 1) {
    if (a.sinks != nullptr) {
      // The sink joins the denominator as one more (base-2) score with no value.
      const float sk = a.sinks[head] * kLog2e;
      const float m_new = fmaxf(m, sk);
      const float corr = exp2f(m - m_new);
      l = l * corr + exp2f(sk - m_new);
#pragma unroll
      for (int i = 0; i < DPL; ++i) acc[i] *= corr;
    }
    const float inv = l > 0.0f ? 1.0f / l : 0.0f;
    float* o = a.out + static_cast<int64_t>(t) * a.out_stride + static_cast<int64_t>(head) * D;
#pragma unroll
    for (int i = 0; i < DPL; ++i) {
      const int d = lane * DPL + i;
      if (d < D) o[d] = acc[i] * inv;
    }
  } else {
    const int64_t slot = (static_cast<int64_t>(t) * a.n_head + head) * a.n_splits + split;
    float* pa = a.ws_acc + slot * D;
#pragma unroll
    for (int i = 0; i < DPL; ++i) {
      const int d = lane * DPL + i;
      if (d < D) pa[d] = acc[i];
    }
    if (lane == 0) {
      a.ws_ml[2 * slot] = m;
      a.ws_ml[2 * slot + 1] = l;
    }
  }
}

// Merges the splits of one (token, head): out = sum_s 2^(m_s - M) acc_s / sum_s 2^(m_s - M) l_s, the
// denominator plus 2^(sink - M) with sinks (M then includes the sink).
__global__ void attention_combine_kernel(KernelArgs a) {
  pdl_wait();
  const int th = blockIdx.x;  // t * n_head + head
  const int t = th / a.n_head, head = th % a.n_head;
  const int64_t slot0 = static_cast<int64_t>(th) * a.n_splits;
  // The sink: one more base-2 score with no value, in the denominator only.
  const float sink = a.sinks != nullptr ? a.sinks[head] * kLog2e : -INFINITY;
  combine_splits(a.ws_ml + 2 * slot0, a.ws_acc + slot0 * a.head_dim, a.n_splits, a.head_dim, sink,
                 a.out + static_cast<int64_t>(t) * a.out_stride + static_cast<int64_t>(head) * a.head_dim);
}

Status check_args(const AttentionArgs& a) {
  auto bad = [&](const std::string& why) {
    return make_error(ErrorKind::InvalidArgument,
                      "attention: " + why + " (n_tokens " + std::to_string(a.n_tokens) + ", n_head " +
                          std::to_string(a.n_head) + ", n_head_kv " + std::to_string(a.n_head_kv) + ", head_dim " +
                          std::to_string(a.head_dim) + ", capacity " + std::to_string(a.cache.capacity) + ")");
  };
  if (a.n_tokens < 0 || a.n_head <= 0 || a.n_head_kv <= 0 || a.cache.capacity <= 0) return bad("bad sizes");
  if (a.window < 0 || a.chunk < 0 || !(a.softcap >= 0.0f)) return bad("negative window, chunk or soft-cap");
  if (a.n_head % a.n_head_kv != 0) return bad("n_head is not a multiple of n_head_kv");
  if (a.head_dim <= 0 || a.head_dim % 8 != 0 || a.head_dim > kMaxAttentionHeadDim ||
      (a.head_dim > 256 && a.head_dim % 16 != 0))
    return bad("head_dim must be a multiple of 8 (of 16 above 256), <= " + std::to_string(kMaxAttentionHeadDim));
  if (a.q_stride < static_cast<int64_t>(a.n_head) * a.head_dim ||
      a.out_stride < static_cast<int64_t>(a.n_head) * a.head_dim)
    return bad("q/out rows shorter than n_head * head_dim");
  TESSERA_TRY(check_kv_cache_view(a.cache, static_cast<int64_t>(a.n_head_kv) * a.head_dim, "attention"));
  // F16 tiles are copied 16 bytes at a time; quantized blocks are read in 16-bit words.
  const uintptr_t cache_align = a.cache.type == KvCacheType::F16 ? 16 : 2;
  if (a.cache.type == KvCacheType::F16 && a.cache.stride % 8 != 0)
    return bad("an F16 cache stride must be a multiple of 8");
  if (reinterpret_cast<uintptr_t>(a.cache.k) % cache_align != 0 ||
      reinterpret_cast<uintptr_t>(a.cache.v) % cache_align != 0 || reinterpret_cast<uintptr_t>(a.q) % 16 != 0)
    return bad("q must be 16-byte aligned, an F16 cache 16-byte and a quantized one 2-byte aligned");
  if (a.n_tokens > 0 && (a.q == nullptr || a.out == nullptr || a.positions == nullptr)) return bad("null pointer");
  return {};
}

}  // namespace

size_t attention_workspace_bytes(int n_tokens, int n_head, int n_head_kv, int head_dim, int capacity) {
  if (n_tokens <= 0 || n_head <= 0 || n_head_kv <= 0 || n_head % n_head_kv != 0 || capacity <= 0) return 0;
  return plan_attention_split(n_tokens, n_head, n_head_kv, head_dim, capacity).workspace_bytes;
}

Status attention(const AttentionArgs& args, void* workspace, size_t workspace_bytes, cudaStream_t stream) {
  TESSERA_TRY(check_args(args));
  if (args.n_tokens == 0) return {};
  const Plan p = make_plan(args.n_tokens, args.n_head, args.n_head_kv, args.head_dim, args.cache.capacity);
  if (p.split.workspace_bytes > 0 && (workspace == nullptr || workspace_bytes < p.split.workspace_bytes ||
                                      reinterpret_cast<uintptr_t>(workspace) % 16 != 0))
    return make_error(ErrorKind::InvalidArgument, "attention: workspace of " + std::to_string(workspace_bytes) +
                                                      " bytes, " + std::to_string(p.split.workspace_bytes) +
                                                      " needed (16-byte aligned)");
  KernelArgs k{};
  k.q = args.q;
  k.q_stride = args.q_stride;
  k.k = args.cache.k;
  k.v = args.cache.v;
  k.kv_stride = args.cache.stride;
  k.out = args.out;
  k.out_stride = args.out_stride;
  k.positions = args.positions;
  k.n_tokens = args.n_tokens;
  k.n_head = args.n_head;
  k.head_dim = args.head_dim;
  k.capacity = args.cache.capacity;
  k.group = p.split.group;
  k.gb = p.split.gb;
  k.n_hsub = p.split.n_hsub;
  k.nq = p.split.nq;
  k.n_splits = p.split.n_splits;
  k.chunk = p.split.chunk;
  k.kstride = p.kstride;
  k.qscale = args.softcap > 0.0f ? args.scale : args.scale * kLog2e;
  k.window = args.window;
  k.attn_chunk = args.chunk;
  k.softcap = args.softcap;
  k.inv_softcap = args.softcap > 0.0f ? 1.0f / args.softcap : 0.0f;
  k.sinks = args.sinks;
  if (p.split.n_splits > 1) {
    k.ws_acc = static_cast<float*>(workspace);
    k.ws_ml = k.ws_acc + static_cast<size_t>(args.n_tokens) * args.n_head * p.split.n_splits * args.head_dim;
  }
  const dim3 grid(static_cast<unsigned>(p.split.n_splits), static_cast<unsigned>(args.n_head_kv * p.split.n_hsub),
                  static_cast<unsigned>(p.split.n_qtiles));
  const dim3 block(static_cast<unsigned>(32 * p.split.nq * p.split.gb));
  auto launch = [&](auto kernel) -> Status {
    if (p.smem > 48 * 1024)
      TESSERA_CUDA_CHECK(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(p.smem)));
    TESSERA_TRY(check_launch(launch_kernel(kernel, dim3(grid), dim3(block), p.smem, stream, k), "attention_kernel"));
    return {};
  };
  auto launch_for_cache = [&](auto dpl) -> Status {
    constexpr int D = decltype(dpl)::value;
    switch (args.cache.type) {
      case KvCacheType::Q8_0:
        return launch(attention_kernel<D, KvCacheType::Q8_0>);
      case KvCacheType::Q4_0:
        return launch(attention_kernel<D, KvCacheType::Q4_0>);
      default:
        return launch(attention_kernel<D, KvCacheType::F16>);  // F32 was refused by check_args
    }
  };
  auto launch_simt = [&]() -> Status {
    switch (p.dpl) {
      case 1:
        return launch_for_cache(std::integral_constant<int, 1>{});
      case 2:
        return launch_for_cache(std::integral_constant<int, 2>{});
      case 4:
        return launch_for_cache(std::integral_constant<int, 4>{});
      case 8:
        return launch_for_cache(std::integral_constant<int, 8>{});
      default:
        return launch_for_cache(std::integral_constant<int, 16>{});
    }
  };
  if (attention_mma_chosen(args)) {
    TESSERA_TRY(attention_mma(k, args.n_head_kv, args.cache.type, stream));
  } else {
    TESSERA_TRY(launch_simt());
  }
  if (p.split.n_splits > 1) {
    const int threads = std::max(32, std::min(256, (args.head_dim + 31) / 32 * 32));
    TESSERA_TRY(
        check_launch(launch_kernel(attention_combine_kernel, dim3(static_cast<unsigned>(args.n_tokens * args.n_head)),
                                   dim3(threads), 0, stream, k),
                     "attention_combine_kernel"));
  }
  return {};
}

}  // namespace tessera::cuda
