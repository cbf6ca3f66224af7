// Writing new keys/values into the KV cache at positions read from device memory.
//
// Cache layout (one buffer for K and one for V per layer): `capacity` rows, one per position, of
// kv_dim = n_head_kv * head_dim values (head h at value h * head_dim), rows `stride` 16-bit words
// apart. A row is stored as the cache type says (backend/kv_cache_type.h, the one definition):
//   F16   kv_dim raw fp16 values (stride in halves);
//   Q8_0, Q4_0  ceil(kv_dim / 32) ggml blocks (quant/blocks.h: 34 / 18 bytes, an fp16 scale first),
//         the values past kv_dim in the last block written as zeros. Every block is an even number
//         of bytes, so rows are measured in 16-bit words too (stride >= kv_cache_row_bytes / 2)
//         and a block starts 2-byte aligned, as its fp16 scale needs.
// F32 is a CPU-only type.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "backend/backend.h"
#include "common/error.h"

namespace tessera::cuda {

struct KvCacheView {
  uint16_t* k = nullptr;  // raw fp16 bits (F16) or the bytes of ggml blocks (Q8_0, Q4_0)
  uint16_t* v = nullptr;
  int64_t stride = 0;     // 16-bit words between positions (F16: >= kv_dim)
  int capacity = 0;       // positions the buffers hold
  KvCacheType type = KvCacheType::F16;
};

// 16-bit words of one cache row of kv_dim values (kv_cache_row_bytes / 2): the smallest stride.
int64_t kv_cache_row_words(KvCacheType type, int64_t kv_dim);

// Errors: an F32 view (not a GPU cache type), or a stride shorter than a row of kv_dim values.
Status check_kv_cache_view(const KvCacheView& cache, int64_t kv_dim, const char* who);

// cache.k[positions[t]] = encode(k[t]), cache.v[positions[t]] = encode(v[t]) for t < n_tokens
// (k[t] = k + t * k_stride, kv_dim floats; likewise v). F16 rounds to nearest even. Q8_0 quantizes
// as core/quant does (d = fp16(max|x| / 127), q = round-to-nearest-even(x / d)), bit for bit; Q4_0
// as ggml's reference quantizer (the value of largest magnitude m: d = fp16(m / -8),
// q = min(15, trunc(x / d + 8.5))), which core/quant's searched Q4_0 improves on slightly (the CPU
// reference). A position outside [0, capacity) is skipped (the caller checks positions against
// the capacity on the host).
Status kv_cache_write(const float* k, int64_t k_stride, const float* v, int64_t v_stride, int n_tokens, int kv_dim,
                      const int32_t* positions, const KvCacheView& cache, cudaStream_t stream);

}  // namespace tessera::cuda
