#include <cuda_fp16.h>

#include <string>

#include "backend/kv_cache_type.h"
#include "cuda_check.h"
#include "kernels/kv_cache.h"
#include "kernels/kv_quant.cuh"
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

// One warp per (token, block of 32 values, K or V): kvq::block_warp.
template <KvCacheType T>
__global__ void kv_write_quant_kernel(const float* __restrict__ k, int64_t k_stride, const float* __restrict__ v,
                                      int64_t v_stride, int n_tokens, int kv_dim, const int32_t* __restrict__ positions,
                                      uint16_t* __restrict__ kc, uint16_t* __restrict__ vc, int64_t stride,
                                      int capacity) {
  pdl_wait();
  kvq::BlockWarp bw;
  if (!kvq::block_warp(n_tokens, kv_dim, positions, capacity, bw)) return;
  const int64_t t = bw.token;
  const int i = bw.element;
  const float x = i < kv_dim ? (bw.is_k ? k[t * k_stride + i] : v[t * v_stride + i]) : 0.0f;
  uint8_t* row = reinterpret_cast<uint8_t*>((bw.is_k ? kc : vc) + bw.position * stride);
  kvq::encode_block_warp<T>(x, bw.lane, row + bw.block * kvq::Layout<T>::kBytes);
}

}  // namespace

int64_t kv_cache_row_words(KvCacheType type, int64_t kv_dim) {
  return static_cast<int64_t>(kv_cache_row_bytes(type, kv_dim) / 2);
}

Status check_kv_cache_view(const KvCacheView& cache, int64_t kv_dim, const char* who) {
  if (cache.type == KvCacheType::F32)
    return make_error(ErrorKind::Unsupported, std::string(who) + ": the CUDA backend keeps no F32 KV cache");
  if (cache.stride < kv_cache_row_words(cache.type, kv_dim) || cache.k == nullptr || cache.v == nullptr)
    return make_error(ErrorKind::InvalidArgument,
                      std::string(who) + ": a " + std::string(kv_cache_type_name(cache.type)) + " cache of stride " +
                          std::to_string(cache.stride) + " 16-bit words cannot hold rows of " + std::to_string(kv_dim) +
                          " values (" + std::to_string(kv_cache_row_words(cache.type, kv_dim)) + " words)");
  return {};
}

Status kv_cache_write(const float* k, int64_t k_stride, const float* v, int64_t v_stride, int n_tokens, int kv_dim,
                      const int32_t* positions, const KvCacheView& cache, cudaStream_t stream) {
  if (n_tokens < 0 || kv_dim <= 0 || k_stride < kv_dim || v_stride < kv_dim)
    return make_error(ErrorKind::InvalidArgument, "kv_cache_write: bad arguments (kv_dim " + std::to_string(kv_dim) +
                                                      ", cache stride " + std::to_string(cache.stride) + ")");
  TESSERA_TRY(check_kv_cache_view(cache, kv_dim, "kv_cache_write"));
  if (n_tokens == 0) return {};
  const int threads = 256;
  if (cache.type == KvCacheType::F16) {
    const int64_t n = static_cast<int64_t>(n_tokens) * kv_dim;
    return check_launch(launch_kernel(kv_write_kernel, dim3(static_cast<unsigned>((n + threads - 1) / threads)),
                                      dim3(threads), 0, stream, k, k_stride, v, v_stride, n_tokens, kv_dim, positions,
                                      cache.k, cache.v, cache.stride, cache.capacity),
                        "kv_write_kernel");
  }
  const int64_t n = static_cast<int64_t>(n_tokens) * ((kv_dim + kvq::kBlock - 1) / kvq::kBlock) * 2 * 32;
  const dim3 grid(static_cast<unsigned>((n + threads - 1) / threads));
  auto launch = [&](auto kernel) {
    return check_launch(launch_kernel(kernel, grid, dim3(threads), 0, stream, k, k_stride, v, v_stride, n_tokens,
                                      kv_dim, positions, cache.k, cache.v, cache.stride, cache.capacity),
                        "kv_write_quant_kernel");
  };
  return cache.type == KvCacheType::Q8_0 ? launch(kv_write_quant_kernel<KvCacheType::Q8_0>)
                                         : launch(kv_write_quant_kernel<KvCacheType::Q4_0>);
}

}  // namespace tessera::cuda
