#include <cuda_fp16.h>

#include "cuda_check.h"
#include "kernels/activation.cuh"
#include "kernels/elementwise.h"
#include "kernels/launch.cuh"

namespace tessera::cuda {
namespace {

constexpr int kThreads = 256;

unsigned grid_for(int64_t n) {
  const int64_t blocks = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned>(blocks < 65535 * 32 ? blocks : 65535 * 32);
}

using detail::silu;

__global__ void swiglu_kernel(const float* gate, const float* up, float* out, int64_t n) {
  pdl_wait();
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x)
    out[i] = silu(gate[i]) * up[i];
}

__global__ void add_kernel(const float* a, const float* b, float* out, int64_t n) {
  pdl_wait();
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x)
    out[i] = a[i] + b[i];
}

__global__ void f32_to_f16_kernel(const float* __restrict__ src, uint16_t* __restrict__ dst, int64_t n) {
  pdl_wait();
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x)
    dst[i] = __half_as_ushort(__float2half_rn(src[i]));
}

}  // namespace

Status swiglu(const float* gate, const float* up, float* out, int64_t n, cudaStream_t stream) {
  if (n <= 0) return {};
  TESSERA_TRY(check_launch(launch_kernel(swiglu_kernel, dim3(grid_for(n)), dim3(kThreads), 0, stream, gate, up, out, n),
                           "swiglu_kernel"));
  return {};
}

Status add(const float* a, const float* b, float* out, int64_t n, cudaStream_t stream) {
  if (n <= 0) return {};
  TESSERA_TRY(check_launch(launch_kernel(add_kernel, dim3(grid_for(n)), dim3(kThreads), 0, stream, a, b, out, n),
                           "add_kernel"));
  return {};
}

Status convert_f32_to_f16(const float* src, uint16_t* dst, int64_t n, cudaStream_t stream) {
  if (n <= 0) return {};
  TESSERA_TRY(check_launch(launch_kernel(f32_to_f16_kernel, dim3(grid_for(n)), dim3(kThreads), 0, stream, src, dst, n),
                           "f32_to_f16_kernel"));
  return {};
}

}  // namespace tessera::cuda
