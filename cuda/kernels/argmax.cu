#include <string>

#include "cuda_check.h"
#include "kernels/argmax.h"
#include "kernels/launch.cuh"

namespace tessera::cuda {
namespace {

constexpr int kThreads = kArgmaxThreads;  // placement/kernel_workspaces.h sizes the workspace

struct Best {
  float v;
  int64_t i;
};

// A NaN ranks above every number, so a row holding one reduces to a NaN (reported as -1).
__device__ __forceinline__ bool better(float v, int64_t i, const Best& b) {
  if (isnan(v)) return !isnan(b.v) || i < b.i;
  if (isnan(b.v)) return false;
  return v > b.v || (v == b.v && i < b.i);
}

// Block reduction of (value, index) pairs; the result is valid in thread 0.
__device__ Best block_best(Best b) {
  __shared__ float sv[kThreads / 32];
  __shared__ int64_t si[kThreads / 32];
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) {
    const float ov = __shfl_xor_sync(0xFFFFFFFFu, b.v, off);
    const int64_t oi = __shfl_xor_sync(0xFFFFFFFFu, b.i, off);
    if (better(ov, oi, b)) b = Best{ov, oi};
  }
  if ((threadIdx.x & 31) == 0) {
    sv[threadIdx.x >> 5] = b.v;
    si[threadIdx.x >> 5] = b.i;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < kThreads / 32; ++w)
      if (better(sv[w], si[w], b)) b = Best{sv[w], si[w]};
  }
  return b;
}

__global__ void argmax_partial_kernel(const float* __restrict__ x, int64_t n, float* pv, int64_t* pi) {
  pdl_wait();
  Best b{-INFINITY, n};
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * kThreads) {
    const float v = x[i];
    if (better(v, i, b)) b = Best{v, i};
  }
  b = block_best(b);
  if (threadIdx.x == 0) {
    pv[blockIdx.x] = b.v;
    pi[blockIdx.x] = b.i;
  }
}

__global__ void argmax_final_kernel(const float* pv, const int64_t* pi, int n_partial, int64_t n, int32_t* out) {
  pdl_wait();
  Best b{-INFINITY, n};
  for (int k = threadIdx.x; k < n_partial; k += kThreads)
    if (better(pv[k], pi[k], b)) b = Best{pv[k], pi[k]};
  b = block_best(b);
  if (threadIdx.x == 0) *out = isnan(b.v) ? -1 : static_cast<int32_t>(b.i < n ? b.i : 0);
}

}  // namespace

Status argmax(const float* x, int64_t n, int32_t* out_index, void* workspace, size_t workspace_bytes,
              cudaStream_t stream) {
  if (n <= 0 || n > 0x7FFFFFFF)
    return make_error(ErrorKind::InvalidArgument, "argmax: bad length " + std::to_string(n));
  if (workspace == nullptr || workspace_bytes < argmax_workspace_bytes(n))
    return make_error(ErrorKind::InvalidArgument, "argmax: workspace of " + std::to_string(workspace_bytes) +
                                                      " bytes, " + std::to_string(argmax_workspace_bytes(n)) +
                                                      " needed");
  const int blocks = argmax_partial_blocks(n);
  auto* pi = static_cast<int64_t*>(workspace);  // 8-byte values first keeps both arrays aligned
  auto* pv = reinterpret_cast<float*>(pi + blocks);
  TESSERA_TRY(check_launch(launch_kernel(argmax_partial_kernel, dim3(blocks), dim3(kThreads), 0, stream, x, n, pv, pi),
                           "argmax_partial_kernel"));
  TESSERA_TRY(
      check_launch(launch_kernel(argmax_final_kernel, dim3(1), dim3(kThreads), 0, stream, pv, pi, blocks, n, out_index),
                   "argmax_final_kernel"));
  return {};
}

}  // namespace tessera::cuda
