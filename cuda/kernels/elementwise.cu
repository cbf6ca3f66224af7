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


__global__ void glu_kernel(const float* gate, const float* up, float* out, int64_t n, int act) {
  pdl_wait();
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x)
    out[i] = detail::glu(act, gate[i], up[i]);
}

__global__ void scale_kernel(float* x, int64_t n, float s) {
  pdl_wait();
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x)
    x[i] *= s;
}

__global__ void softcap_kernel(float* x, int64_t n, float cap, float inv) {
  pdl_wait();
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x)
    x[i] = cap * tanhf(x[i] * inv);
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

Status glu(FfnActivation act, const float* gate, const float* up, float* out, int64_t n, cudaStream_t stream) {
  if (n <= 0) return {};
  const int code = detail::activation_code(act);
  TESSERA_TRY(check_launch(
      launch_kernel(glu_kernel, dim3(grid_for(n)), dim3(kThreads), 0, stream, gate, up, out, n, code), "glu_kernel"));
  return {};
}

Status swiglu(const float* gate, const float* up, float* out, int64_t n, cudaStream_t stream) {
  return glu(FfnActivation::SiLU, gate, up, out, n, stream);
}

Status scale(float* x, int64_t n, float s, cudaStream_t stream) {
  if (n <= 0) return {};
  return check_launch(launch_kernel(scale_kernel, dim3(grid_for(n)), dim3(kThreads), 0, stream, x, n, s),
                      "scale_kernel");
}

Status softcap(float* x, int64_t n, float cap, cudaStream_t stream) {
  if (n <= 0) return {};
  if (!(cap > 0.0f)) return make_error(ErrorKind::InvalidArgument, "softcap: the cap must be positive");
  return check_launch(
      launch_kernel(softcap_kernel, dim3(grid_for(n)), dim3(kThreads), 0, stream, x, n, cap, 1.0f / cap),
      "softcap_kernel");
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
