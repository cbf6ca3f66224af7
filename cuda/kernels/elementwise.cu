#include "kernels/elementwise.h"

#include <cuda_fp16.h>

#include "cuda_check.h"

namespace tessera::cuda {
namespace {

constexpr int kThreads = 256;

unsigned grid_for(int64_t n) {
  const int64_t blocks = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned>(blocks < 65535 * 32 ? blocks : 65535 * 32);
}

__device__ __forceinline__ float silu(float a) { return a / (1.0f + expf(-a)); }

__global__ void swiglu_kernel(const float* gate, const float* up, float* out, int64_t n) {
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x)
    out[i] = silu(gate[i]) * up[i];
}

__global__ void add_kernel(const float* a, const float* b, float* out, int64_t n) {
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x)
    out[i] = a[i] + b[i];
}

__global__ void f32_to_f16_kernel(const float* __restrict__ src, uint16_t* __restrict__ dst, int64_t n) {
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x)
    dst[i] = __half_as_ushort(__float2half_rn(src[i]));
}

}  // namespace

Status swiglu(const float* gate, const float* up, float* out, int64_t n, cudaStream_t stream) {
  if (n <= 0) return {};
  swiglu_kernel<<<grid_for(n), kThreads, 0, stream>>>(gate, up, out, n);
  TESSERA_CUDA_CHECK_LAUNCH("swiglu_kernel");
  return {};
}

Status add(const float* a, const float* b, float* out, int64_t n, cudaStream_t stream) {
  if (n <= 0) return {};
  add_kernel<<<grid_for(n), kThreads, 0, stream>>>(a, b, out, n);
  TESSERA_CUDA_CHECK_LAUNCH("add_kernel");
  return {};
}

Status convert_f32_to_f16(const float* src, uint16_t* dst, int64_t n, cudaStream_t stream) {
  if (n <= 0) return {};
  f32_to_f16_kernel<<<grid_for(n), kThreads, 0, stream>>>(src, dst, n);
  TESSERA_CUDA_CHECK_LAUNCH("f32_to_f16_kernel");
  return {};
}

}  // namespace tessera::cuda
