#include <string>

#include "cuda_check.h"
#include "kernels/launch.cuh"
#include "kernels/matvec.h"
#include "kernels/matvec_internal.h"
#include "kernels/norm.h"
#include "kernels/quant_decode.cuh"

namespace tessera::cuda {
namespace {

constexpr int kThreads = 256;

// 1 / sqrt(mean(x^2) + eps) of one row, reduced over the CTA (valid in every thread).
__device__ float row_scale(const float* xr, int64_t n, float eps) {
  __shared__ float partial[kThreads / 32];
  float ss = 0.0f;
  for (int64_t i = threadIdx.x; i < n; i += kThreads) ss += xr[i] * xr[i];
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) ss += __shfl_xor_sync(0xFFFFFFFFu, ss, off);
  if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = ss;
  __syncthreads();  // also: every read of x is done before out (which may alias x) is written
  float total = 0.0f;
#pragma unroll
  for (int k = 0; k < kThreads / 32; ++k) total += partial[k];
  return rsqrtf(total / static_cast<float>(n) + eps);
}

__global__ void __launch_bounds__(kThreads) rms_norm_kernel(const float* x, int64_t x_stride, const float* w,
                                                            float* out, int64_t out_stride, int64_t n, float eps) {
  pdl_trigger();
  pdl_wait();
  const float* xr = x + static_cast<int64_t>(blockIdx.x) * x_stride;
  float* orow = out + static_cast<int64_t>(blockIdx.x) * out_stride;
  const float scale = row_scale(xr, n, eps);
  for (int64_t i = threadIdx.x; i < n; i += kThreads) orow[i] = w != nullptr ? xr[i] * scale * w[i] : xr[i] * scale;
}

// rms_norm_kernel, plus the int8 copy of each output row for the quantized matvec: one warp per
// 32-element block, the arithmetic of quantize_x_kernel (matvec.cu) on the same f32 values, so
// the q8 bytes equal quantize_activations(out) exactly.
__global__ void __launch_bounds__(kThreads)
    rms_norm_q8_kernel(const float* x, int64_t x_stride, const float* w, float* out, int64_t out_stride, uint8_t* q8,
                       size_t vec_bytes, size_t scale_off, int64_t n, float eps) {
  pdl_trigger();
  pdl_wait();
  const float* xr = x + static_cast<int64_t>(blockIdx.x) * x_stride;
  float* orow = out + static_cast<int64_t>(blockIdx.x) * out_stride;
  uint8_t* qv = q8 + static_cast<int64_t>(blockIdx.x) * vec_bytes;
  const float scale = row_scale(xr, n, eps);
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  for (int64_t b = warp; b < n / 32; b += kThreads / 32) {
    const int64_t i = b * 32 + lane;
    const float xv = w != nullptr ? xr[i] * scale * w[i] : xr[i] * scale;
    orow[i] = xv;
    float amax = fabsf(xv);
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xFFFFFFFFu, amax, off));
    const float d = amax / 127.0f;
    const float id = d > 0.0f ? 1.0f / d : 0.0f;
    const int q = __float2int_rn(xv * id);
    int s = q;
#pragma unroll
    for (int off = 8; off > 0; off >>= 1) s += __shfl_xor_sync(0xFFFFFFFFu, s, off);  // sums within each half
    const int s1 = __shfl_sync(0xFFFFFFFFu, s, 16);
    qv[i] = static_cast<uint8_t>(static_cast<int8_t>(q));
    if (lane == 0) {
      qd::Q8Scale sc;
      sc.d = d;
      sc.s0 = static_cast<int16_t>(s);
      sc.s1 = static_cast<int16_t>(s1);
      reinterpret_cast<qd::Q8Scale*>(qv + scale_off)[b] = sc;
    }
  }
}

Status check_shape(const char* what, int64_t x_stride, int64_t out_stride, int64_t n_rows, int64_t n) {
  if (n_rows < 0 || n <= 0 || x_stride < n || out_stride < n || n_rows > 0x7FFFFFFF)
    return make_error(ErrorKind::InvalidArgument, std::string(what) + ": bad shape (" + std::to_string(n_rows) +
                                                      " rows of " + std::to_string(n) + ")");
  return {};
}

}  // namespace

Status rms_norm(const float* x, int64_t x_stride, const float* w, float* out, int64_t out_stride, int64_t n_rows,
                int64_t n, float eps, cudaStream_t stream) {
  TESSERA_TRY(check_shape("rms_norm", x_stride, out_stride, n_rows, n));
  if (n_rows == 0) return {};
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
  return check_launch(launch_kernel(rms_norm_q8_kernel, dim3(static_cast<unsigned>(n_rows)), dim3(kThreads), 0, stream,
                                    x, x_stride, w, out, out_stride, static_cast<uint8_t*>(q8),
                                    detail::q8_vector_bytes(n), detail::q8_scale_offset(n), n, eps),
                      "rms_norm_q8_kernel");
}

}  // namespace tessera::cuda
