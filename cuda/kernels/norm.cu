#include "kernels/norm.h"

#include <string>

#include "cuda_check.h"

namespace tessera::cuda {
namespace {

constexpr int kThreads = 256;

__global__ void __launch_bounds__(kThreads) rms_norm_kernel(const float* x, int64_t x_stride, const float* w,
                                                            float* out, int64_t out_stride, int64_t n, float eps) {
  __shared__ float partial[kThreads / 32];
  const float* xr = x + static_cast<int64_t>(blockIdx.x) * x_stride;
  float* orow = out + static_cast<int64_t>(blockIdx.x) * out_stride;
  float ss = 0.0f;
  for (int64_t i = threadIdx.x; i < n; i += kThreads) ss += xr[i] * xr[i];
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) ss += __shfl_xor_sync(0xFFFFFFFFu, ss, off);
  if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = ss;
  __syncthreads();
  float total = 0.0f;
#pragma unroll
  for (int k = 0; k < kThreads / 32; ++k) total += partial[k];
  const float scale = rsqrtf(total / static_cast<float>(n) + eps);
  for (int64_t i = threadIdx.x; i < n; i += kThreads) orow[i] = w != nullptr ? xr[i] * scale * w[i] : xr[i] * scale;
}

}  // namespace

Status rms_norm(const float* x, int64_t x_stride, const float* w, float* out, int64_t out_stride, int64_t n_rows,
                int64_t n, float eps, cudaStream_t stream) {
  if (n_rows < 0 || n <= 0 || x_stride < n || out_stride < n || n_rows > 0x7FFFFFFF)
    return make_error(ErrorKind::InvalidArgument, "rms_norm: bad shape (" + std::to_string(n_rows) + " rows of " +
                                                      std::to_string(n) + ")");
  if (n_rows == 0) return {};
  rms_norm_kernel<<<static_cast<unsigned>(n_rows), kThreads, 0, stream>>>(x, x_stride, w, out, out_stride, n, eps);
  TESSERA_CUDA_CHECK_LAUNCH("rms_norm_kernel");
  return {};
}

}  // namespace tessera::cuda
