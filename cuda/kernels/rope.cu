#include <cuda_fp16.h>

#include <cmath>
#include <string>

#include "backend/kv_cache_type.h"
#include "cuda_check.h"
#include "kernels/kv_quant.cuh"
#include "kernels/launch.cuh"
#include "kernels/rope.h"

namespace tessera::cuda {
namespace {

// sin and cos of pair i's angle at position p (rope.h states the formula; f64 inside).
// With a precomputed table (RopeConfig::theta) only the product and sincos remain: the f64 pow
// per thread was most of a decode step's RoPE kernel (~3.4 us of latency, docs/perf.md).
__device__ __forceinline__ void rope_sin_cos(int p, int i, int n_dims, float freq_base, float freq_scale,
                                             const float* __restrict__ freq_factors,
                                             const double* __restrict__ theta_table, float mscale, float& s,
                                             float& c) {
  double theta;
  if (theta_table != nullptr) {
    theta = theta_table[i];
  } else {
    theta = static_cast<double>(freq_scale) * pow(static_cast<double>(freq_base), -2.0 * i / n_dims);
    if (freq_factors != nullptr) theta /= static_cast<double>(freq_factors[i]);
  }
  const double angle = static_cast<double>(p) * theta;
  double sd, cd;
  sincos(angle, &sd, &cd);
  s = static_cast<float>(sd) * mscale;
  c = static_cast<float>(cd) * mscale;
}

// One thread per pair of elements of a head: q heads, then k heads, then v heads, per token.
__global__ void rope_kv_kernel(float* __restrict__ q, const float* __restrict__ k, const float* __restrict__ v,
                               int64_t token_stride, int n_tokens, int n_head, int n_head_kv, int head_dim,
                               const int32_t* __restrict__ positions, int neox, int n_dims, float freq_base,
                               float freq_scale, const float* __restrict__ freq_factors,
                               const double* __restrict__ theta_table, float mscale, uint16_t* __restrict__ kc,
                               uint16_t* __restrict__ vc, int64_t cache_stride, int capacity) {
  pdl_wait();
  const int hp = head_dim / 2, half = n_dims / 2;
  const int64_t per_token = static_cast<int64_t>(n_head + 2 * n_head_kv) * hp;
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= per_token * n_tokens) return;
  const int t = static_cast<int>(g / per_token);
  int slot = static_cast<int>(g % per_token);
  const int p = positions[t];
  const bool cache_ok = p >= 0 && p < capacity;
  const int64_t row = static_cast<int64_t>(t) * token_stride;
  if (slot >= (n_head + n_head_kv) * hp) {  // v: copy two elements into the cache
    if (!cache_ok) return;
    slot -= (n_head + n_head_kv) * hp;
    const float2 vv = make_float2(v[row + 2 * slot], v[row + 2 * slot + 1]);
    const int64_t c = static_cast<int64_t>(p) * cache_stride + 2 * slot;
    vc[c] = __half_as_ushort(__float2half_rn(vv.x));
    vc[c + 1] = __half_as_ushort(__float2half_rn(vv.y));
    return;
  }
  const bool is_q = slot < n_head * hp;
  if (!is_q) slot -= n_head * hp;
  const int h = slot / hp, i = slot % hp;
  const float* src = (is_q ? q : k) + row + static_cast<int64_t>(h) * head_dim;
  int ia, ib;
  float a, b;
  if (i < half) {
    ia = neox ? i : 2 * i;
    ib = neox ? i + half : 2 * i + 1;
    float s, c;
    rope_sin_cos(p, i, n_dims, freq_base, freq_scale, freq_factors, theta_table, mscale, s, c);
    const float x0 = src[ia], x1 = src[ib];
    a = x0 * c - x1 * s;
    b = x0 * s + x1 * c;
  } else {  // beyond n_dims: not rotated
    ia = n_dims + 2 * (i - half);
    ib = ia + 1;
    a = src[ia];
    b = src[ib];
  }
  if (is_q) {
    float* dst = q + row + static_cast<int64_t>(h) * head_dim;
    dst[ia] = a;
    dst[ib] = b;
  } else if (cache_ok) {
    const int64_t c = static_cast<int64_t>(p) * cache_stride + static_cast<int64_t>(h) * head_dim;
    kc[c + ia] = __half_as_ushort(__float2half_rn(a));
    kc[c + ib] = __half_as_ushort(__float2half_rn(b));
  }
}

// rope_kv_kernel with RopeHeadExtras: one warp per head of a token (q heads, k heads, v heads), lane
// l holding the pairs l, l + 32, ... (every element of them, so a head's sum of squares is a warp
// sum): bias, RMS norm of q and k heads, rotation of the first n_dims, then q in place and K, V
// into the F16 cache.
constexpr int kMaxHeadPairsPerLane = 4;  // head_dim <= 256

__global__ void rope_kv_heads_kernel(float* __restrict__ q, const float* __restrict__ k, const float* __restrict__ v,
                                     int64_t token_stride, int n_tokens, int n_head, int n_head_kv, int head_dim,
                                     const int32_t* __restrict__ positions, int neox, int n_dims, float freq_base,
                                     float freq_scale, const float* __restrict__ freq_factors,
                                     const double* __restrict__ theta_table, float mscale, uint16_t* __restrict__ kc,
                                     uint16_t* __restrict__ vc, int64_t cache_stride, int capacity,
                                     RopeHeadExtras ex) {
  pdl_wait();
  const int heads = n_head + 2 * n_head_kv;
  const int64_t g = (static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  const int lane = threadIdx.x & 31;
  if (g >= static_cast<int64_t>(n_tokens) * heads) return;
  const int t = static_cast<int>(g / heads), h = static_cast<int>(g % heads);
  const int kind = h < n_head ? 0 : h < n_head + n_head_kv ? 1 : 2;  // q, k, v
  const int hh = kind == 0 ? h : kind == 1 ? h - n_head : h - n_head - n_head_kv;
  const int p = positions[t];
  const bool cache_ok = p >= 0 && p < capacity;
  const int64_t head_off = static_cast<int64_t>(hh) * head_dim;
  const float* src = (kind == 0 ? q : kind == 1 ? k : v) + static_cast<int64_t>(t) * token_stride + head_off;
  const float* bias = kind == 0 ? ex.q_bias : kind == 1 ? ex.k_bias : ex.v_bias;
  if (bias != nullptr) bias += head_off;
  if (kind == 2) {
    if (!cache_ok) return;
    uint16_t* dst = vc + static_cast<int64_t>(p) * cache_stride + head_off;
    for (int e = lane; e < head_dim; e += 32)
      dst[e] = __half_as_ushort(__float2half_rn(src[e] + (bias != nullptr ? bias[e] : 0.0f)));
    return;
  }
  const float* gain = kind == 0 ? ex.q_norm : ex.k_norm;
  const int hp = head_dim / 2, half = n_dims / 2;
  float a[kMaxHeadPairsPerLane], b[kMaxHeadPairsPerLane];
  int ia[kMaxHeadPairsPerLane], ib[kMaxHeadPairsPerLane];
  float ss = 0.0f;
#pragma unroll
  for (int j = 0; j < kMaxHeadPairsPerLane; ++j) {
    const int i = lane + 32 * j;
    ia[j] = ib[j] = -1;
    a[j] = b[j] = 0.0f;
    if (i >= hp) continue;
    if (i < half) {
      ia[j] = neox ? i : 2 * i;
      ib[j] = neox ? i + half : 2 * i + 1;
    } else {  // beyond n_dims: not rotated
      ia[j] = n_dims + 2 * (i - half);
      ib[j] = ia[j] + 1;
    }
    a[j] = src[ia[j]] + (bias != nullptr ? bias[ia[j]] : 0.0f);
    b[j] = src[ib[j]] + (bias != nullptr ? bias[ib[j]] : 0.0f);
    ss += a[j] * a[j] + b[j] * b[j];
  }
  if (gain != nullptr) {
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) ss += __shfl_xor_sync(0xFFFFFFFFu, ss, off);
    const float scale = rsqrtf(ss / static_cast<float>(head_dim) + ex.eps);
#pragma unroll
    for (int j = 0; j < kMaxHeadPairsPerLane; ++j)
      if (ia[j] >= 0) {
        a[j] = a[j] * scale * gain[ia[j]];
        b[j] = b[j] * scale * gain[ib[j]];
      }
  }
  float* qdst = q + static_cast<int64_t>(t) * token_stride + head_off;
  uint16_t* kdst = kc + static_cast<int64_t>(p) * cache_stride + head_off;
#pragma unroll
  for (int j = 0; j < kMaxHeadPairsPerLane; ++j) {
    if (ia[j] < 0) continue;
    const int i = lane + 32 * j;
    float x0 = a[j], x1 = b[j];
    if (i < half) {
      float s, c;
      rope_sin_cos(p, i, n_dims, freq_base, freq_scale, freq_factors, theta_table, mscale, s, c);
      x0 = a[j] * c - b[j] * s;
      x1 = a[j] * s + b[j] * c;
    }
    if (kind == 0) {
      qdst[ia[j]] = x0;
      qdst[ib[j]] = x1;
    } else if (cache_ok) {
      kdst[ia[j]] = __half_as_ushort(__float2half_rn(x0));
      kdst[ib[j]] = __half_as_ushort(__float2half_rn(x1));
    }
  }
}

__global__ void rope_kernel(float* x, int64_t token_stride, int n_tokens, int n_heads, int head_dim,
                            const int32_t* __restrict__ positions, int neox, int n_dims, float freq_base,
                            float freq_scale, const float* __restrict__ freq_factors,
                            const double* __restrict__ theta_table, float mscale) {
  pdl_wait();
  const int half = n_dims / 2;
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t per_token = static_cast<int64_t>(n_heads) * half;
  if (g >= per_token * n_tokens) return;
  const int t = static_cast<int>(g / per_token);
  const int rem = static_cast<int>(g % per_token);
  const int h = rem / half, i = rem % half;
  float s, c;
  rope_sin_cos(positions[t], i, n_dims, freq_base, freq_scale, freq_factors, theta_table, mscale, s, c);
  float* head = x + t * token_stride + static_cast<int64_t>(h) * head_dim;
  const int ia = neox ? i : 2 * i;
  const int ib = neox ? i + half : 2 * i + 1;
  const float a = head[ia], b = head[ib];
  head[ia] = a * c - b * s;
  head[ib] = a * s + b * c;
}

// The quantized caches' half of rope_qk_to_cache: one warp per (token, block of 32 values of the
// K or V row); each lane rotates its own element of k (reading its pair partner from k, with the
// formula and rounding of rope_kernel) and the warp encodes the block (kvq::block_warp says which).
template <KvCacheType T>
__global__ void rope_kv_quant_kernel(const float* __restrict__ k, const float* __restrict__ v, int64_t token_stride,
                                     int n_tokens, int kv_dim, int head_dim, const int32_t* __restrict__ positions,
                                     int neox, int n_dims, float freq_base, float freq_scale,
                                     const float* __restrict__ freq_factors, const double* __restrict__ theta_table,
                                     float mscale, uint16_t* __restrict__ kc, uint16_t* __restrict__ vc,
                                     int64_t cache_stride, int capacity) {
  pdl_wait();
  kvq::BlockWarp bw;
  if (!kvq::block_warp(n_tokens, kv_dim, positions, capacity, bw)) return;
  const bool is_k = bw.is_k;
  const int p = bw.position, e = bw.element;
  const int64_t row = static_cast<int64_t>(bw.token) * token_stride;
  float x = 0.0f;
  if (e < kv_dim) {
    if (!is_k) {
      x = v[row + e];
    } else {
      const float* src = k + row + static_cast<int64_t>(e / head_dim) * head_dim;
      const int j = e % head_dim, half = n_dims / 2;
      if (j >= n_dims) {
        x = src[j];
      } else {
        const int i = neox ? (j < half ? j : j - half) : j / 2;  // the pair's index
        const int ia = neox ? i : 2 * i, ib = neox ? i + half : 2 * i + 1;
        float sn, cs;
        rope_sin_cos(p, i, n_dims, freq_base, freq_scale, freq_factors, theta_table, mscale, sn, cs);
        const float x0 = src[ia], x1 = src[ib];
        x = j == ia ? x0 * cs - x1 * sn : x0 * sn + x1 * cs;
      }
    }
  }
  uint8_t* dst = reinterpret_cast<uint8_t*>((is_k ? kc : vc) + p * cache_stride);
  kvq::encode_block_warp<T>(x, bw.lane, dst + bw.block * kvq::Layout<T>::kBytes);
}

// One thread per pair of elements of a row (K pairs, then V pairs), walking the moved rows in
// ascending order: a thread only touches its own two elements of each row, and reads row p before
// the write to p (from row p + delta) comes, so no row is overwritten before it is read. Rows are
// loaded kShiftUnroll at a time (u <= delta, so none of them is written by the same batch).
constexpr int kShiftUnroll = 8;

__global__ void kv_shift_kernel(uint16_t* kc, uint16_t* vc, int64_t stride, int n_head_kv, int head_dim, int first,
                                int n_rows, int delta, int neox, int n_dims, float freq_base, float freq_scale,
                                const float* __restrict__ freq_factors, const double* __restrict__ theta_table) {
  pdl_wait();
  const int hp = head_dim / 2, half = n_dims / 2;
  const int per_row = n_head_kv * hp;
  const int g = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (g >= 2 * per_row) return;
  const bool is_k = g < per_row;
  const int slot = is_k ? g : g - per_row;
  const int h = slot / hp, i = slot % hp;
  int ia, ib;
  float s = 0.0f, c = 1.0f;
  bool rotate = false;
  if (is_k && i < half) {
    ia = h * head_dim + (neox ? i : 2 * i);
    ib = h * head_dim + (neox ? i + half : 2 * i + 1);
    rope_sin_cos(-delta, i, n_dims, freq_base, freq_scale, freq_factors, theta_table, 1.0f, s, c);
    rotate = true;
  } else if (is_k) {  // beyond n_dims: not rotated
    ia = h * head_dim + n_dims + 2 * (i - half);
    ib = ia + 1;
  } else {
    ia = 2 * slot;
    ib = ia + 1;
  }
  uint16_t* cache = is_k ? kc : vc;
  const int u = delta < kShiftUnroll ? delta : kShiftUnroll;
  for (int p0 = first; p0 < first + n_rows; p0 += u) {
    const int n = min(u, first + n_rows - p0);
    float a[kShiftUnroll], b[kShiftUnroll];
#pragma unroll
    for (int r = 0; r < kShiftUnroll; ++r)
      if (r < n) {
        const int64_t row = static_cast<int64_t>(p0 + r) * stride;
        a[r] = __half2float(__ushort_as_half(cache[row + ia]));
        b[r] = __half2float(__ushort_as_half(cache[row + ib]));
      }
#pragma unroll
    for (int r = 0; r < kShiftUnroll; ++r)
      if (r < n) {
        const int64_t row = static_cast<int64_t>(p0 + r - delta) * stride;
        const float x0 = rotate ? a[r] * c - b[r] * s : a[r];
        const float x1 = rotate ? a[r] * s + b[r] * c : b[r];
        cache[row + ia] = __half_as_ushort(__float2half_rn(x0));
        cache[row + ib] = __half_as_ushort(__float2half_rn(x1));
      }
  }
}

}  // namespace

Status kv_cache_shift(const KvCacheView& cache, int n_head_kv, int head_dim, int first, int n_rows, int delta,
                      const RopeConfig& config, cudaStream_t stream) {
  if (cache.type != KvCacheType::F16)
    return make_error(ErrorKind::Unsupported, "kv_cache_shift: only an F16 KV cache can be shifted, not " +
                                                  std::string(kv_cache_type_name(cache.type)));
  if (config.n_dims < 0 || config.n_dims % 2 != 0 || config.n_dims > head_dim || head_dim % 2 != 0 ||
      n_head_kv <= 0 || cache.stride < static_cast<int64_t>(n_head_kv) * head_dim || cache.k == nullptr ||
      cache.v == nullptr || delta < 1 || first < delta || n_rows < 0 || first + n_rows > cache.capacity)
    return make_error(ErrorKind::InvalidArgument,
                      "kv_cache_shift: bad arguments (rows " + std::to_string(first) + "+" + std::to_string(n_rows) +
                          " down by " + std::to_string(delta) + " in a cache of " + std::to_string(cache.capacity) +
                          ", n_dims " + std::to_string(config.n_dims) + ", head_dim " + std::to_string(head_dim) + ")");
  if (n_rows == 0) return {};
  const int n = 2 * n_head_kv * (head_dim / 2);
  const int threads = 128;
  return check_launch(launch_kernel(kv_shift_kernel, dim3(static_cast<unsigned>((n + threads - 1) / threads)),
                                    dim3(threads), 0, stream, cache.k, cache.v, cache.stride, n_head_kv, head_dim,
                                    first, n_rows, delta, config.style == RopeStyle::NeoX ? 1 : 0, config.n_dims,
                                    config.freq_base, config.freq_scale, config.freq_factors, config.theta),
                      "kv_shift_kernel");
}

Status rope(float* x, int64_t token_stride, int n_tokens, int n_heads, int head_dim, const int32_t* positions,
            const RopeConfig& config, cudaStream_t stream) {
  if (config.n_dims <= 0 || config.n_dims % 2 != 0 || config.n_dims > head_dim || n_tokens < 0 || n_heads <= 0 ||
      token_stride < static_cast<int64_t>(n_heads) * head_dim)
    return make_error(ErrorKind::InvalidArgument, "rope: bad shape (n_dims " + std::to_string(config.n_dims) +
                                                      ", head_dim " + std::to_string(head_dim) + ", heads " +
                                                      std::to_string(n_heads) + ")");
  if (n_tokens == 0) return {};
  const int64_t n = static_cast<int64_t>(n_tokens) * n_heads * (config.n_dims / 2);
  const int threads = 256;
  return check_launch(
      launch_kernel(rope_kernel, dim3(static_cast<unsigned>((n + threads - 1) / threads)), dim3(threads), 0, stream, x,
                    token_stride, n_tokens, n_heads, head_dim, positions, config.style == RopeStyle::NeoX ? 1 : 0,
                    config.n_dims, config.freq_base, config.freq_scale, config.freq_factors, config.theta,
                    config.attn_factor),
      "rope_kernel");
}

std::vector<double> rope_theta_table(int n_dims, float freq_base, float freq_scale,
                                     const std::vector<float>& freq_factors) {
  std::vector<double> t(static_cast<size_t>(n_dims > 0 ? n_dims / 2 : 0));
  for (size_t i = 0; i < t.size(); ++i) {
    t[i] = static_cast<double>(freq_scale) *
           std::pow(static_cast<double>(freq_base), -2.0 * static_cast<double>(i) / n_dims);
    if (i < freq_factors.size()) t[i] /= static_cast<double>(freq_factors[i]);
  }
  return t;
}

Status rope_qk_to_cache(float* q, const float* k, const float* v, int64_t token_stride, int n_tokens, int n_head,
                        int n_head_kv, int head_dim, const int32_t* positions, const RopeConfig& config,
                        const KvCacheView& cache, cudaStream_t stream, const RopeHeadExtras* extras) {
  if (config.n_dims <= 0 || config.n_dims % 2 != 0 || config.n_dims > head_dim || head_dim % 2 != 0 || n_tokens < 0 ||
      n_head <= 0 || n_head_kv <= 0 || token_stride < static_cast<int64_t>(n_head) * head_dim ||
      !check_kv_cache_view(cache, static_cast<int64_t>(n_head_kv) * head_dim, "rope_qk_to_cache").ok())
    return make_error(ErrorKind::InvalidArgument,
                      "rope_qk_to_cache: bad shape (n_dims " + std::to_string(config.n_dims) + ", head_dim " +
                          std::to_string(head_dim) + ", heads " + std::to_string(n_head) + "/" +
                          std::to_string(n_head_kv) + ", cache stride " + std::to_string(cache.stride) + ")");
  if (extras != nullptr && (cache.type != KvCacheType::F16 || head_dim > 2 * 32 * kMaxHeadPairsPerLane))
    return make_error(ErrorKind::InvalidArgument, "rope_qk_to_cache: biases and QK-norm fold only into an F16 "
                                                  "cache write with head_dim <= 256 (head_dim " +
                                                      std::to_string(head_dim) + ")");
  if (n_tokens == 0) return {};
  const int threads = 256;
  if (extras != nullptr) {
    const int64_t warps = static_cast<int64_t>(n_tokens) * (n_head + 2 * n_head_kv);
    return check_launch(
        launch_kernel(rope_kv_heads_kernel, dim3(static_cast<unsigned>((warps * 32 + threads - 1) / threads)),
                      dim3(threads), 0, stream, q, k, v, token_stride, n_tokens, n_head, n_head_kv, head_dim,
                      positions, config.style == RopeStyle::NeoX ? 1 : 0, config.n_dims, config.freq_base,
                      config.freq_scale, config.freq_factors, config.theta, config.attn_factor, cache.k, cache.v,
                      cache.stride, cache.capacity, *extras),
        "rope_kv_heads_kernel");
  }
  if (cache.type != KvCacheType::F16) {
    // q alone as rope() rotates it, then K (rotated) and V encoded a block per warp.
    TESSERA_TRY(rope(q, token_stride, n_tokens, n_head, head_dim, positions, config, stream));
    const int kv_dim = n_head_kv * head_dim;
    const int64_t n = static_cast<int64_t>(n_tokens) * ((kv_dim + kvq::kBlock - 1) / kvq::kBlock) * 2 * 32;
    auto launch = [&](auto kernel) {
      return check_launch(
          launch_kernel(kernel, dim3(static_cast<unsigned>((n + threads - 1) / threads)), dim3(threads), 0, stream, k,
                        v, token_stride, n_tokens, kv_dim, head_dim, positions, config.style == RopeStyle::NeoX ? 1 : 0,
                        config.n_dims, config.freq_base, config.freq_scale, config.freq_factors, config.theta,
                        config.attn_factor, cache.k, cache.v, cache.stride, cache.capacity),
          "rope_kv_quant_kernel");
    };
    return cache.type == KvCacheType::Q8_0 ? launch(rope_kv_quant_kernel<KvCacheType::Q8_0>)
                                           : launch(rope_kv_quant_kernel<KvCacheType::Q4_0>);
  }
  const int64_t n = static_cast<int64_t>(n_tokens) * (n_head + 2 * n_head_kv) * (head_dim / 2);
  return check_launch(
      launch_kernel(rope_kv_kernel, dim3(static_cast<unsigned>((n + threads - 1) / threads)), dim3(threads), 0, stream,
                    q, k, v, token_stride, n_tokens, n_head, n_head_kv, head_dim, positions,
                    config.style == RopeStyle::NeoX ? 1 : 0, config.n_dims, config.freq_base, config.freq_scale,
                    config.freq_factors, config.theta, config.attn_factor, cache.k, cache.v, cache.stride,
                    cache.capacity),
      "rope_kv_kernel");
}

}  // namespace tessera::cuda
