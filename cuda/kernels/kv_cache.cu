#include <cuda_fp16.h>

#include <string>

#include "cuda_check.h"
#include "kernels/kv_cache.h"
#include "kernels/launch.cuh"

namespace tessera::cuda {
namespace {

__global__ void kv_write_kernel(const float* __restrict__ k, int64_t k_stride, const float* __restrict__ v,
                                int64_t v_stride, int n_tokens, int kv_dim, const int32_t* __restrict__ positions,
                                uint16_t* __restrict__ kc, uint16_t* __restrict__ vc, int64_t stride, int capacity) {
  pdl_wait();
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= static_cast<int64_t>(n_tokens) * kv_dim) return;
  const int t = static_cast<int>(g / kv_dim), i = static_cast<int>(g % kv_dim);
  const int p = positions[t];
  if (p < 0 || p >= capacity) return;
  kc[p * stride + i] = __half_as_ushort(__float2half_rn(k[t * k_stride + i]));
  vc[p * stride + i] = __half_as_ushort(__float2half_rn(v[t * v_stride + i]));
}

}  // namespace

Status kv_cache_write(const float* k, int64_t k_stride, const float* v, int64_t v_stride, int n_tokens, int kv_dim,
                      const int32_t* positions, const KvCacheView& cache, cudaStream_t stream) {
  if (n_tokens < 0 || kv_dim <= 0 || cache.stride < kv_dim || k_stride < kv_dim || v_stride < kv_dim ||
      cache.k == nullptr || cache.v == nullptr)
    return make_error(ErrorKind::InvalidArgument, "kv_cache_write: bad arguments (kv_dim " + std::to_string(kv_dim) +
                                                      ", cache stride " + std::to_string(cache.stride) + ")");
  if (n_tokens == 0) return {};
  const int64_t n = static_cast<int64_t>(n_tokens) * kv_dim;
  const int threads = 256;
  TESSERA_TRY(check_launch(launch_kernel(kv_write_kernel, dim3(static_cast<unsigned>((n + threads - 1) / threads)),
                                         dim3(threads), 0, stream, k, k_stride, v, v_stride, n_tokens, kv_dim,
                                         positions, cache.k, cache.v, cache.stride, cache.capacity),
                           "kv_write_kernel"));
  return {};
}

}  // namespace tessera::cuda
