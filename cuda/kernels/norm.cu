#include <string>

#include "cuda_check.h"
#include "kernels/launch.cuh"
#include "kernels/matvec.h"
#include "kernels/matvec_internal.h"
#include "kernels/norm.h"
#include "kernels/q8_quantize.cuh"

namespace tessera::cuda {
namespace {

// Two kernels per form. The fast one (rows of up to kVecThreads * 4 * kMaxVec floats, 16-byte
// aligned, n % 4 == 0: every row of the models we run) keeps the row in registers: each of 1024
// threads loads its float4s once, so a decode step's norm costs one memory round trip instead of
// the ~16 serial ones of a 256-thread loop over 4096 floats (measured 8.4 us per call, 10% of an
// F16 token: docs/perf.md). The general one loops over the row with 256 threads.
constexpr int kThreads = 256;
constexpr int kVecThreads = 1024;
constexpr int kMaxVec = 4;  // float4s per thread: rows up to 16384 floats

// Sum over the CTA of one float per thread (valid in every thread). `partial` holds a float per warp.
template <int kCtaThreads>
__device__ __forceinline__ float cta_sum(float v, float* partial) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xFFFFFFFFu, v, off);
  if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = v;
  __syncthreads();  // also: every read of x is done before out (which may alias x) is written
  float total = 0.0f;
#pragma unroll
  for (int k = 0; k < kCtaThreads / 32; ++k) total += partial[k];
  return total;
}

template <bool kQ8>
__global__ void __launch_bounds__(kVecThreads)
    rms_norm_vec_kernel(const float* x, int64_t x_stride, const float* w, float* out, int64_t out_stride, uint8_t* q8,
                        size_t vec_bytes, size_t scale_off, int64_t n, float eps) {
  __shared__ float partial[kVecThreads / 32];
  pdl_wait();
  const float4* xr = reinterpret_cast<const float4*>(x + static_cast<int64_t>(blockIdx.x) * x_stride);
  float4* orow = reinterpret_cast<float4*>(out + static_cast<int64_t>(blockIdx.x) * out_stride);
  const float4* w4 = reinterpret_cast<const float4*>(w);
  const int64_t n4 = n / 4;
  float4 v[kMaxVec];
  float ss = 0.0f;
#pragma unroll
  for (int k = 0; k < kMaxVec; ++k) {
    const int64_t i = threadIdx.x + static_cast<int64_t>(k) * kVecThreads;
    v[k] = i < n4 ? xr[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    ss += v[k].x * v[k].x + v[k].y * v[k].y + v[k].z * v[k].z + v[k].w * v[k].w;
  }
  const float scale = rsqrtf(cta_sum<kVecThreads>(ss, partial) / static_cast<float>(n) + eps);
  pdl_trigger();  // the next kernel may launch: what is left is one store per thread
#pragma unroll
  for (int k = 0; k < kMaxVec; ++k) {
    const int64_t i = threadIdx.x + static_cast<int64_t>(k) * kVecThreads;
    if (k * kVecThreads >= n4) break;  // uniform: no row element left for any thread
    float4 o = make_float4(v[k].x * scale, v[k].y * scale, v[k].z * scale, v[k].w * scale);
    if (i < n4 && w4 != nullptr) {
      const float4 wv = w4[i];
      o = make_float4(v[k].x * scale * wv.x, v[k].y * scale * wv.y, v[k].z * scale * wv.z, v[k].w * scale * wv.w);
    }
    if (i < n4) orow[i] = o;
    if constexpr (kQ8) {
      // n is a multiple of 32, so the 8 lanes of a group are all inside or all outside the row;
      // whole warps past the row skip the group (a warp-uniform test).
      if (k * kVecThreads + (static_cast<int64_t>(threadIdx.x) & ~int64_t{31}) < n4) {
        uint8_t* qv = q8 + static_cast<int64_t>(blockIdx.x) * vec_bytes;
        detail::quantize_block_8lanes(o, i < n4, reinterpret_cast<uint32_t*>(qv) + i,
                                      reinterpret_cast<qd::Q8Scale*>(qv + scale_off) + i / 8);
      }
    }
  }
}

// 1 / sqrt(mean(x^2) + eps) of one row, reduced over the CTA (valid in every thread).
__device__ float row_scale(const float* xr, int64_t n, float eps) {
  __shared__ float partial[kThreads / 32];
  float ss = 0.0f;
  for (int64_t i = threadIdx.x; i < n; i += kThreads) ss += xr[i] * xr[i];
  return rsqrtf(cta_sum<kThreads>(ss, partial) / static_cast<float>(n) + eps);
}

__global__ void __launch_bounds__(kThreads) rms_norm_kernel(const float* x, int64_t x_stride, const float* w,
                                                            float* out, int64_t out_stride, int64_t n, float eps) {
  pdl_wait();
  const float* xr = x + static_cast<int64_t>(blockIdx.x) * x_stride;
  float* orow = out + static_cast<int64_t>(blockIdx.x) * out_stride;
  const float scale = row_scale(xr, n, eps);
  pdl_trigger();
  for (int64_t i = threadIdx.x; i < n; i += kThreads) orow[i] = w != nullptr ? xr[i] * scale * w[i] : xr[i] * scale;
}

// rms_norm_kernel, plus the int8 copy of each output row for the quantized matvec: one warp per
// 32-element block (q8_quantize.cuh) on the same f32 values, so the q8 bytes equal
// quantize_activations(out) exactly.
__global__ void __launch_bounds__(kThreads)
    rms_norm_q8_kernel(const float* x, int64_t x_stride, const float* w, float* out, int64_t out_stride, uint8_t* q8,
                       size_t vec_bytes, size_t scale_off, int64_t n, float eps) {
  pdl_wait();
  const float* xr = x + static_cast<int64_t>(blockIdx.x) * x_stride;
  float* orow = out + static_cast<int64_t>(blockIdx.x) * out_stride;
  uint8_t* qv = q8 + static_cast<int64_t>(blockIdx.x) * vec_bytes;
  const float scale = row_scale(xr, n, eps);
  pdl_trigger();
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  for (int64_t b = warp; b < n / 32; b += kThreads / 32) {
    const int64_t i = b * 32 + lane;
    const float xv = w != nullptr ? xr[i] * scale * w[i] : xr[i] * scale;
    orow[i] = xv;
    detail::quantize_block_warp(xv, lane, qv + b * 32, reinterpret_cast<qd::Q8Scale*>(qv + scale_off) + b);
  }
}

// One warp per (token, head): the q heads then the k heads of each token, in place.
__global__ void rms_norm_heads_kernel(float* q, float* k, int64_t token_stride, int n_tokens, int n_q, int n_k,
                                      int head_dim, const float* __restrict__ wq, const float* __restrict__ wk,
                                      float eps) {
  pdl_wait();
  const int64_t g = (static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  const int lane = threadIdx.x & 31;
  const int heads = n_q + n_k;
  if (g >= static_cast<int64_t>(n_tokens) * heads) return;
  const int t = static_cast<int>(g / heads), h = static_cast<int>(g % heads);
  const bool is_q = h < n_q;
  float* x = (is_q ? q + static_cast<int64_t>(h) * head_dim : k + static_cast<int64_t>(h - n_q) * head_dim) +
             static_cast<int64_t>(t) * token_stride;
  const float* w = is_q ? wq : wk;
  float ss = 0.0f;
  for (int i = lane; i < head_dim; i += 32) ss += x[i] * x[i];
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) ss += __shfl_xor_sync(0xFFFFFFFFu, ss, off);
  const float scale = rsqrtf(ss / static_cast<float>(head_dim) + eps);
  for (int i = lane; i < head_dim; i += 32) x[i] = w != nullptr ? x[i] * scale * w[i] : x[i] * scale;
}

Status check_shape(const char* what, int64_t x_stride, int64_t out_stride, int64_t n_rows, int64_t n) {
  if (n_rows < 0 || n <= 0 || x_stride < n || out_stride < n || n_rows > 0x7FFFFFFF)
    return make_error(ErrorKind::InvalidArgument, std::string(what) + ": bad shape (" + std::to_string(n_rows) +
                                                      " rows of " + std::to_string(n) + ")");
  return {};
}

// The register-resident form applies: whole float4s everywhere and the row fits kMaxVec per thread.
bool vector_form(const float* x, int64_t x_stride, const float* w, const float* out, int64_t out_stride, int64_t n) {
  auto aligned = [](const void* p) { return reinterpret_cast<uintptr_t>(p) % 16 == 0; };
  return n % 4 == 0 && n <= int64_t{4} * kMaxVec * kVecThreads && x_stride % 4 == 0 && out_stride % 4 == 0 &&
         aligned(x) && aligned(out) && (w == nullptr || aligned(w));
}

}  // namespace

Status rms_norm(const float* x, int64_t x_stride, const float* w, float* out, int64_t out_stride, int64_t n_rows,
                int64_t n, float eps, cudaStream_t stream) {
  TESSERA_TRY(check_shape("rms_norm", x_stride, out_stride, n_rows, n));
  if (n_rows == 0) return {};
  if (vector_form(x, x_stride, w, out, out_stride, n))
    return check_launch(
        launch_kernel(rms_norm_vec_kernel<false>, dim3(static_cast<unsigned>(n_rows)), dim3(kVecThreads), 0, stream, x,
                      x_stride, w, out, out_stride, static_cast<uint8_t*>(nullptr), size_t{0}, size_t{0}, n, eps),
        "rms_norm_vec_kernel");
  return check_launch(launch_kernel(rms_norm_kernel, dim3(static_cast<unsigned>(n_rows)), dim3(kThreads), 0, stream, x,
                                    x_stride, w, out, out_stride, n, eps),
                      "rms_norm_kernel");
}

Status rms_norm_q8(const float* x, int64_t x_stride, const float* w, float* out, int64_t out_stride, void* q8,
                   int64_t n_rows, int64_t n, float eps, cudaStream_t stream) {
  TESSERA_TRY(check_shape("rms_norm_q8", x_stride, out_stride, n_rows, n));
  if (n % 32 != 0 || n_rows > kMaxMatvecVectors || q8 == nullptr || reinterpret_cast<uintptr_t>(q8) % 16 != 0)
    return make_error(ErrorKind::InvalidArgument, "rms_norm_q8: needs a multiple of 32 columns (got " +
                                                      std::to_string(n) + "), at most " +
                                                      std::to_string(kMaxMatvecVectors) + " rows (got " +
                                                      std::to_string(n_rows) + ") and a 16-byte aligned q8 buffer");
  if (n_rows == 0) return {};
  if (vector_form(x, x_stride, w, out, out_stride, n))
    return check_launch(launch_kernel(rms_norm_vec_kernel<true>, dim3(static_cast<unsigned>(n_rows)), dim3(kVecThreads),
                                      0, stream, x, x_stride, w, out, out_stride, static_cast<uint8_t*>(q8),
                                      q8_vector_bytes(n), detail::q8_scale_offset(n), n, eps),
                        "rms_norm_vec_kernel");
  return check_launch(launch_kernel(rms_norm_q8_kernel, dim3(static_cast<unsigned>(n_rows)), dim3(kThreads), 0, stream,
                                    x, x_stride, w, out, out_stride, static_cast<uint8_t*>(q8),
                                    q8_vector_bytes(n), detail::q8_scale_offset(n), n, eps),
                      "rms_norm_q8_kernel");
}

Status rms_norm_heads(float* q, float* k, int64_t token_stride, int n_tokens, int n_q_heads, int n_k_heads,
                      int head_dim, const float* q_gain, const float* k_gain, float eps, cudaStream_t stream) {
  if (n_tokens < 0 || n_q_heads < 0 || n_k_heads < 0 || head_dim <= 0 || (n_q_heads > 0 && q == nullptr) ||
      (n_k_heads > 0 && k == nullptr))
    return make_error(ErrorKind::InvalidArgument, "rms_norm_heads: bad shape or missing rows (" +
                                                      std::to_string(n_q_heads) + "+" + std::to_string(n_k_heads) +
                                                      " heads of " + std::to_string(head_dim) + ")");
  const int64_t warps = static_cast<int64_t>(n_tokens) * (n_q_heads + n_k_heads);
  if (warps == 0) return {};
  constexpr int threads = 256;
  const unsigned blocks = static_cast<unsigned>((warps * 32 + threads - 1) / threads);
  return check_launch(launch_kernel(rms_norm_heads_kernel, dim3(blocks), dim3(threads), 0, stream, q, k, token_stride,
                                    n_tokens, n_q_heads, n_k_heads, head_dim, q_gain, k_gain, eps),
                      "rms_norm_heads_kernel");
}

}  // namespace tessera::cuda
