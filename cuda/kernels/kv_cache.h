// Writing new keys/values into the f16 KV cache at positions read from device memory.
//
// Cache layout (one buffer for K and one for V per layer): `capacity` rows, one per position, of
// kv_dim = n_head_kv * head_dim f16 values (head h at h * head_dim), rows cache_stride halves apart.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"

namespace tessera::cuda {

struct KvCacheView {
  uint16_t* k = nullptr;  // raw fp16 bits
  uint16_t* v = nullptr;
  int64_t stride = 0;     // halves between positions (>= kv_dim)
  int capacity = 0;       // positions the buffers hold
};

// cache.k[positions[t]] = fp16(k[t]), cache.v[positions[t]] = fp16(v[t]) for t < n_tokens
// (k[t] = k + t * k_stride, kv_dim floats; likewise v). Rounds to nearest even. A position outside
// [0, capacity) is skipped (the caller checks positions against the capacity on the host).
Status kv_cache_write(const float* k, int64_t k_stride, const float* v, int64_t v_stride, int n_tokens, int kv_dim,
                      const int32_t* positions, const KvCacheView& cache, cudaStream_t stream);

}  // namespace tessera::cuda
