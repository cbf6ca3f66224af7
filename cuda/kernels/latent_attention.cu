#include <cuda_fp16.h>

#include <algorithm>
#include <string>
#include <type_traits>

#include "cuda_check.h"
#include "backend/kv_cache_type.h"
#include "kernels/dynamic_shared.cuh"
#include "kernels/kv_quant.cuh"
#include "kernels/latent_attention.h"
#include "kernels/launch.cuh"
#include "kernels/warp_reduce.cuh"
#include "kernels/rope.h"
#include "kernels/split_combine.cuh"
#include "placement/attention_split.h"
#include "placement/kernel_workspaces.h"

namespace tessera::cuda {
namespace {

constexpr int kTK = kAttentionKeyTile;  // keys per shared-memory tile (one per lane for the scores)
constexpr float kLog2e = 1.4426950408889634f;

struct LatentKernelArgs {
  const float* q;
  int64_t q_stride;
  const uint16_t* cache;
  int64_t cache_stride;  // 16-bit words between positions
  int capacity;
  float* out;
  int64_t out_stride;
  const int32_t* positions;
  int n_tokens, n_head;
  int rank, width;  // width = rank + rope: a query's and a cached row's values
  int pitch;        // halves between the rows of the shared-memory tile
  int gb, nq;       // heads (warps) per token and tokens per CTA
  int n_splits, chunk;
  float qscale;     // scale * log2(e): scores in base 2
  float* ws_acc;    // [n_tokens * n_head * n_splits][rank]
  float* ws_ml;     // [n_tokens * n_head * n_splits][2]: running max (base 2), sum
};

// The two fp16 values of a 32-bit word (the lower one first) as floats. Through the 16-bit halves
// rather than a __half2 view of the word, so the host emulation's C++ sees no type punning.
__device__ __forceinline__ float2 half_pair(uint32_t w) {
  return make_float2(__half2float(__ushort_as_half(static_cast<unsigned short>(w & 0xFFFFu))),
                     __half2float(__ushort_as_half(static_cast<unsigned short>(w >> 16))));
}

// DPL consecutive halves at p (16-byte aligned for DPL >= 8, 2 DPL-byte aligned below) as floats.
template <int DPL>
__device__ __forceinline__ void load_halves(const uint16_t* p, float (&v)[DPL]) {
  if constexpr (DPL == 1) {
    v[0] = __half2float(__ushort_as_half(*p));
  } else if constexpr (DPL == 2 || DPL == 4) {
#pragma unroll
    for (int k = 0; k < DPL / 2; ++k) {
      const float2 f = half_pair(*reinterpret_cast<const uint32_t*>(p + 2 * k));
      v[2 * k] = f.x;
      v[2 * k + 1] = f.y;
    }
  } else {
#pragma unroll
    for (int c = 0; c < DPL / 8; ++c) {
      const uint4 u = *reinterpret_cast<const uint4*>(p + 8 * c);
      const float2 f0 = half_pair(u.x), f1 = half_pair(u.y), f2 = half_pair(u.z), f3 = half_pair(u.w);
      float* o = v + 8 * c;
      o[0] = f0.x;
      o[1] = f0.y;
      o[2] = f1.x;
      o[3] = f1.y;
      o[4] = f2.x;
      o[5] = f2.y;
      o[6] = f3.x;
      o[7] = f3.y;
    }
  }
}

// A CTA: gb heads x nq tokens (a warp each), one key split. DPL: latent dims per lane for the values
// (rank <= 32 DPL); C: the cache type (quantized rows are decoded to f16 on their way into the tile,
// so the scores and values below are one code for every type).
template <int DPL, KvCacheType C>
__global__ void latent_attention_kernel(LatentKernelArgs a) {
  pdl_wait();
  uint16_t* const tile = dynamic_shared_memory<uint16_t>();           // kTK rows of `pitch` halves
  float* const qs = reinterpret_cast<float*>(tile + kTK * a.pitch);  // a query row per warp

  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int split = blockIdx.x;
  const int t = blockIdx.z * a.nq + warp / a.gb;
  const int head = blockIdx.y * a.gb + warp % a.gb;
  const bool valid = t < a.n_tokens;
  const int W = a.width;

  float* qv = qs + warp * W;
  for (int d = lane; d < W; d += 32)
    qv[d] = valid ? a.q[static_cast<int64_t>(t) * a.q_stride + static_cast<int64_t>(head) * W + d] * a.qscale : 0.0f;
  const int p_t = valid ? a.positions[t] : -1;
  int p_max = -1;
  for (int i = 0; i < a.nq; ++i) {
    const int ti = blockIdx.z * a.nq + i;
    if (ti < a.n_tokens) p_max = max(p_max, a.positions[ti]);
  }
  const int k_begin = split * a.chunk;
  const int k_end = min(min(k_begin + a.chunk, p_max + 1), a.capacity);
  const int my_end = min(k_end, p_t + 1);

  float m = -INFINITY, l = 0.0f;
  float acc[DPL];
#pragma unroll
  for (int i = 0; i < DPL; ++i) acc[i] = 0.0f;
  const bool has_dims = lane * DPL < a.rank;
  const int cpr = W / 8;  // 16-byte pieces (8 values) per row

  for (int k0 = k_begin; k0 < k_end; k0 += kTK) {
    // Every warp passed the barrier after the last tile's use (or the queries' writes) before this.
    __syncthreads();
    const int rows = min(kTK, k_end - k0);
    for (int c = threadIdx.x; c < rows * cpr; c += blockDim.x) {
      const int r = c / cpr, off = (c - r * cpr) * 8;
      const uint16_t* row = a.cache + static_cast<int64_t>(k0 + r) * a.cache_stride;
      uint4 piece;
      if constexpr (C == KvCacheType::F16) {
        piece = *reinterpret_cast<const uint4*>(row + off);
      } else {
        piece = kvq::decode8<C>(reinterpret_cast<const uint8_t*>(row), off);
      }
      *reinterpret_cast<uint4*>(tile + r * a.pitch + off) = piece;
    }
    __syncthreads();
    if (valid) {
      // Scores: lane j takes key k0 + j, the whole row against the query.
      const int key = k0 + lane;
      float s = -INFINITY;
      if (key < my_end) {
        const uint16_t* kr = tile + lane * a.pitch;
        float dot = 0.0f;
        for (int d0 = 0; d0 < W; d0 += 8) {
          const uint4 kk = *reinterpret_cast<const uint4*>(kr + d0);
          const float4 qa = *reinterpret_cast<const float4*>(qv + d0);
          const float4 qb = *reinterpret_cast<const float4*>(qv + d0 + 4);
          const float2 k01 = half_pair(kk.x), k23 = half_pair(kk.y), k45 = half_pair(kk.z), k67 = half_pair(kk.w);
          dot += qa.x * k01.x + qa.y * k01.y + qa.z * k23.x + qa.w * k23.y;
          dot += qb.x * k45.x + qb.y * k45.y + qb.z * k67.x + qb.w * k67.y;
        }
        s = dot;
      }
      const float m_new = fmaxf(m, warp_max(s));
      if (m_new != -INFINITY) {  // uniform across the warp
        const float corr = exp2f(m - m_new);
        const float p = key < my_end ? exp2f(s - m_new) : 0.0f;
        l = l * corr + warp_sum(p);
#pragma unroll
        for (int i = 0; i < DPL; ++i) acc[i] *= corr;
        // Values: the latent part of each row; lane takes dims [lane DPL, lane DPL + DPL).
        const int nj = min(kTK, my_end - k0);
        for (int j = 0; j < nj; ++j) {
          const float pj = __shfl_sync(0xFFFFFFFFu, p, j);
          if (has_dims) {
            float vv[DPL];
            load_halves<DPL>(tile + j * a.pitch + lane * DPL, vv);
#pragma unroll
            for (int i = 0; i < DPL; ++i) acc[i] += pj * vv[i];
          }
        }
        m = m_new;
      }
    }
  }
  pdl_trigger();
  if (!valid) return;
  if (a.n_splits == 1) {
    const float inv = l > 0.0f ? 1.0f / l : 0.0f;
    float* o = a.out + static_cast<int64_t>(t) * a.out_stride + static_cast<int64_t>(head) * a.rank + lane * DPL;
    if (has_dims) {
#pragma unroll
      for (int i = 0; i < DPL; ++i) o[i] = acc[i] * inv;
    }
  } else {
    const int64_t slot = (static_cast<int64_t>(t) * a.n_head + head) * a.n_splits + split;
    if (has_dims) {
      float* pa = a.ws_acc + slot * a.rank + lane * DPL;
#pragma unroll
      for (int i = 0; i < DPL; ++i) pa[i] = acc[i];
    }
    if (lane == 0) {
      a.ws_ml[2 * slot] = m;
      a.ws_ml[2 * slot + 1] = l;
    }
  }
}

// Merges the splits of one (token, head): out = sum_s 2^(m_s - M) acc_s / sum_s 2^(m_s - M) l_s.
__global__ void latent_attention_combine_kernel(LatentKernelArgs a) {
  pdl_wait();
  const int th = blockIdx.x;  // t * n_head + head
  const int t = th / a.n_head, head = th % a.n_head;
  const int64_t slot0 = static_cast<int64_t>(th) * a.n_splits;
  combine_splits(a.ws_ml + 2 * slot0, a.ws_acc + slot0 * a.rank, a.n_splits, a.rank, -INFINITY,
                 a.out + static_cast<int64_t>(t) * a.out_stride + static_cast<int64_t>(head) * a.rank);
}

int dims_per_lane(int rank) { return rank <= 32 ? 1 : rank <= 64 ? 2 : rank <= 128 ? 4 : rank <= 256 ? 8 : 16; }

Status check_args(const LatentAttentionArgs& a) {
  auto bad = [&](const std::string& why) {
    return make_error(ErrorKind::InvalidArgument,
                      "latent_attention: " + why + " (n_tokens " + std::to_string(a.n_tokens) + ", n_head " +
                          std::to_string(a.n_head) + ", rank " + std::to_string(a.rank) + ", rope " +
                          std::to_string(a.rope) + ", capacity " + std::to_string(a.cache.capacity) + ")");
  };
  const int W = a.rank + a.rope;
  if (a.n_tokens < 0 || a.n_head <= 0 || a.cache.capacity <= 0 || a.rope < 0) return bad("bad sizes");
  if (a.rank <= 0 || a.rank % 8 != 0 || a.rank > kMaxLatentRank || a.rank % dims_per_lane(a.rank) != 0 || W % 8 != 0)
    return bad("the rank must be a multiple of 8 (of 16 above 256), at most " + std::to_string(kMaxLatentRank) +
               ", and rank + rope a multiple of 8");
  if (a.q_stride < static_cast<int64_t>(a.n_head) * W || a.out_stride < static_cast<int64_t>(a.n_head) * a.rank)
    return bad("q rows shorter than n_head * (rank + rope) or out rows shorter than n_head * rank");
  if (a.cache.type == KvCacheType::F32) return make_error(ErrorKind::Unsupported, "latent_attention: no F32 cache on the GPU");
  const int64_t words = static_cast<int64_t>(kv_cache_row_bytes(a.cache.type, W) / 2);
  if (a.cache.stride < words || a.cache.rows == nullptr) return bad("a cache stride shorter than a row");
  // F16 tiles are read 16 bytes at a time; quantized blocks in 16-bit words.
  if (a.cache.type == KvCacheType::F16 &&
      (a.cache.stride % 8 != 0 || reinterpret_cast<uintptr_t>(a.cache.rows) % 16 != 0))
    return bad("an F16 cache must be 16-byte aligned with a stride of a multiple of 8");
  if (reinterpret_cast<uintptr_t>(a.cache.rows) % 2 != 0) return bad("a cache must be 2-byte aligned");
  if (a.n_tokens > 0 && (a.q == nullptr || a.out == nullptr || a.positions == nullptr)) return bad("null pointer");
  return {};
}

__global__ void latent_write_kernel(const float* __restrict__ x, int64_t stride, int n_tokens, int width,
                                    const int32_t* __restrict__ positions, uint16_t* __restrict__ rows,
                                    int64_t row_stride, int capacity) {
  pdl_wait();
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= static_cast<int64_t>(n_tokens) * width) return;
  const int t = static_cast<int>(g / width), i = static_cast<int>(g % width);
  const int p = positions[t];
  if (p < 0 || p >= capacity) return;
  rows[static_cast<int64_t>(p) * row_stride + i] = __half_as_ushort(__float2half_rn(x[t * stride + i]));
}

// One warp per (token, block of 32 values); the values past the row's width are encoded as zeros.
template <KvCacheType T>
__global__ void latent_write_quant_kernel(const float* __restrict__ x, int64_t stride, int n_tokens, int width,
                                          const int32_t* __restrict__ positions, uint16_t* __restrict__ rows,
                                          int64_t row_stride, int capacity) {
  pdl_wait();
  const int nb = (width + kvq::kBlock - 1) / kvq::kBlock;
  const int64_t w = (static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  if (w >= static_cast<int64_t>(n_tokens) * nb) return;  // whole warps
  const int t = static_cast<int>(w / nb), block = static_cast<int>(w % nb), lane = threadIdx.x & 31;
  const int p = positions[t];
  if (p < 0 || p >= capacity) return;  // the whole warp: one token
  const int e = block * kvq::kBlock + lane;
  const float v = e < width ? x[t * stride + e] : 0.0f;
  uint8_t* row = reinterpret_cast<uint8_t*>(rows + static_cast<int64_t>(p) * row_stride);
  kvq::encode_block_warp<T>(v, lane, row + block * kvq::Layout<T>::kBytes);
}

// One thread per pair of a row's values: the latent's pairs are copied, the rotated key's turned.
// Rows go in ascending order, a few at a time (u <= delta, so none of a batch is written by it): a
// thread touches only its own pair of each row and reads row p before the write to p comes.
constexpr int kShiftUnroll = 8;

__global__ void latent_shift_kernel(uint16_t* rows, int64_t stride, int rank, int rope, int first, int n_rows,
                                    int delta, int neox, const double* __restrict__ theta) {
  pdl_wait();
  const int g = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int latent_pairs = rank / 2, half = rope / 2;
  if (g >= latent_pairs + half) return;
  int ia, ib;
  float s = 0.0f, c = 1.0f;
  const bool rotate = g >= latent_pairs;
  if (rotate) {
    const int i = g - latent_pairs;
    ia = rank + (neox ? i : 2 * i);
    ib = rank + (neox ? i + half : 2 * i + 1);
    double sd, cd;
    sincos(-static_cast<double>(delta) * theta[i], &sd, &cd);
    s = static_cast<float>(sd);
    c = static_cast<float>(cd);
  } else {
    ia = 2 * g;
    ib = ia + 1;
  }
  const int u = delta < kShiftUnroll ? delta : kShiftUnroll;
  for (int p0 = first; p0 < first + n_rows; p0 += u) {
    const int n = min(u, first + n_rows - p0);
    float a[kShiftUnroll], b[kShiftUnroll];
#pragma unroll
    for (int r = 0; r < kShiftUnroll; ++r)
      if (r < n) {
        const int64_t row = static_cast<int64_t>(p0 + r) * stride;
        a[r] = __half2float(__ushort_as_half(rows[row + ia]));
        b[r] = __half2float(__ushort_as_half(rows[row + ib]));
      }
#pragma unroll
    for (int r = 0; r < kShiftUnroll; ++r)
      if (r < n) {
        const int64_t row = static_cast<int64_t>(p0 + r - delta) * stride;
        rows[row + ia] = __half_as_ushort(__float2half_rn(rotate ? a[r] * c - b[r] * s : a[r]));
        rows[row + ib] = __half_as_ushort(__float2half_rn(rotate ? a[r] * s + b[r] * c : b[r]));
      }
  }
}

}  // namespace

Status latent_cache_shift(const LatentCacheView& cache, int rank, int rope, int first, int n_rows, int delta,
                          const RopeConfig& config, cudaStream_t stream) {
  if (cache.type != KvCacheType::F16 || cache.rows == nullptr || rank <= 0 || rank % 2 != 0 || rope <= 0 ||
      rope % 2 != 0 || config.n_dims != rope || config.theta == nullptr || cache.stride < rank + rope || delta < 1 ||
      first < delta || n_rows < 0 || first + n_rows > cache.capacity)
    return make_error(ErrorKind::InvalidArgument,
                      "latent_cache_shift: bad arguments (rank " + std::to_string(rank) + ", rope " +
                          std::to_string(rope) + ", rows " + std::to_string(first) + "+" + std::to_string(n_rows) +
                          ", delta " + std::to_string(delta) + "; an F16 cache and a theta table needed)");
  if (n_rows == 0) return {};
  const int n = rank / 2 + rope / 2, threads = 128;
  return check_launch(launch_kernel(latent_shift_kernel, dim3(static_cast<unsigned>((n + threads - 1) / threads)),
                                    dim3(threads), 0, stream, cache.rows, cache.stride, rank, rope, first, n_rows,
                                    delta, config.style == RopeStyle::NeoX ? 1 : 0, config.theta),
                      "latent_shift_kernel");
}

size_t latent_attention_workspace_bytes(int n_tokens, int n_head, int rank, int capacity) {
  if (n_tokens <= 0 || n_head <= 0 || rank <= 0 || capacity <= 0) return 0;
  return plan_latent_attention_split(n_tokens, n_head, rank, capacity).workspace_bytes;
}

Status latent_attention(const LatentAttentionArgs& args, void* workspace, size_t workspace_bytes,
                        cudaStream_t stream) {
  TESSERA_TRY(check_args(args));
  if (args.n_tokens == 0) return {};
  const AttentionSplit p = plan_latent_attention_split(args.n_tokens, args.n_head, args.rank, args.cache.capacity);
  if (p.workspace_bytes > 0 && (workspace == nullptr || workspace_bytes < p.workspace_bytes ||
                                reinterpret_cast<uintptr_t>(workspace) % 16 != 0))
    return make_error(ErrorKind::InvalidArgument, "latent_attention: workspace of " + std::to_string(workspace_bytes) +
                                                      " bytes, " + std::to_string(p.workspace_bytes) +
                                                      " needed (16-byte aligned)");
  const int W = args.rank + args.rope;
  LatentKernelArgs k{};
  k.q = args.q;
  k.q_stride = args.q_stride;
  k.cache = args.cache.rows;
  k.cache_stride = args.cache.stride;
  k.capacity = args.cache.capacity;
  k.out = args.out;
  k.out_stride = args.out_stride;
  k.positions = args.positions;
  k.n_tokens = args.n_tokens;
  k.n_head = args.n_head;
  k.rank = args.rank;
  k.width = W;
  // Rows padded by 16 bytes when that makes the lanes' 16-byte reads of one column conflict-free.
  k.pitch = W + ((W / 8) % 2 == 0 ? 8 : 0);
  k.gb = p.gb;
  k.nq = p.nq;
  k.n_splits = p.n_splits;
  k.chunk = p.chunk;
  k.qscale = args.scale * kLog2e;
  if (p.n_splits > 1) {
    k.ws_acc = static_cast<float*>(workspace);
    k.ws_ml = k.ws_acc + static_cast<size_t>(args.n_tokens) * args.n_head * p.n_splits * args.rank;
  }
  const int n_vec = p.nq * p.gb;
  const size_t smem = static_cast<size_t>(kTK) * k.pitch * 2 + static_cast<size_t>(n_vec) * W * 4;
  const dim3 grid(static_cast<unsigned>(p.n_splits), static_cast<unsigned>(p.n_hsub),
                  static_cast<unsigned>(p.n_qtiles));
  const dim3 block(static_cast<unsigned>(32 * n_vec));
  auto launch = [&](auto kernel) -> Status {
    if (smem > 48 * 1024)
      TESSERA_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(kernel),
                                              cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
    return check_launch(launch_kernel(kernel, grid, block, smem, stream, k), "latent_attention_kernel");
  };
  auto for_cache = [&](auto dpl) -> Status {
    constexpr int D = decltype(dpl)::value;
    switch (args.cache.type) {
      case KvCacheType::Q8_0:
        return launch(latent_attention_kernel<D, KvCacheType::Q8_0>);
      case KvCacheType::Q4_0:
        return launch(latent_attention_kernel<D, KvCacheType::Q4_0>);
      default:
        return launch(latent_attention_kernel<D, KvCacheType::F16>);  // F32 was refused by check_args
    }
  };
  switch (dims_per_lane(args.rank)) {
    case 1:
      TESSERA_TRY(for_cache(std::integral_constant<int, 1>{}));
      break;
    case 2:
      TESSERA_TRY(for_cache(std::integral_constant<int, 2>{}));
      break;
    case 4:
      TESSERA_TRY(for_cache(std::integral_constant<int, 4>{}));
      break;
    case 8:
      TESSERA_TRY(for_cache(std::integral_constant<int, 8>{}));
      break;
    default:
      TESSERA_TRY(for_cache(std::integral_constant<int, 16>{}));
      break;
  }
  if (p.n_splits > 1) {
    const int threads = std::max(32, std::min(256, (args.rank + 31) / 32 * 32));
    TESSERA_TRY(check_launch(
        launch_kernel(latent_attention_combine_kernel, dim3(static_cast<unsigned>(args.n_tokens * args.n_head)),
                      dim3(static_cast<unsigned>(threads)), 0, stream, k),
        "latent_attention_combine_kernel"));
  }
  return {};
}

Status latent_cache_write(const float* rows, int64_t stride, int n_tokens, int width, const int32_t* positions,
                          const LatentCacheView& cache, cudaStream_t stream) {
  if (n_tokens < 0 || width <= 0 || stride < width || cache.capacity <= 0 || cache.rows == nullptr ||
      cache.type == KvCacheType::F32 || cache.stride < static_cast<int64_t>(kv_cache_row_bytes(cache.type, width) / 2))
    return make_error(ErrorKind::InvalidArgument, "latent_cache_write: bad arguments (width " + std::to_string(width) +
                                                      ", cache stride " + std::to_string(cache.stride) + ")");
  if (n_tokens == 0) return {};
  const int threads = 256;
  if (cache.type == KvCacheType::F16) {
    const int64_t n = static_cast<int64_t>(n_tokens) * width;
    return check_launch(launch_kernel(latent_write_kernel, dim3(static_cast<unsigned>((n + threads - 1) / threads)),
                                      dim3(threads), 0, stream, rows, stride, n_tokens, width, positions, cache.rows,
                                      cache.stride, cache.capacity),
                        "latent_write_kernel");
  }
  const int64_t n = static_cast<int64_t>(n_tokens) * ((width + kvq::kBlock - 1) / kvq::kBlock) * 32;
  auto launch = [&](auto kernel) {
    return check_launch(launch_kernel(kernel, dim3(static_cast<unsigned>((n + threads - 1) / threads)), dim3(threads),
                                      0, stream, rows, stride, n_tokens, width, positions, cache.rows, cache.stride,
                                      cache.capacity),
                        "latent_write_quant_kernel");
  };
  return cache.type == KvCacheType::Q8_0 ? launch(latent_write_quant_kernel<KvCacheType::Q8_0>)
                                         : launch(latent_write_quant_kernel<KvCacheType::Q4_0>);
}

}  // namespace tessera::cuda
