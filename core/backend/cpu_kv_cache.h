// The CPU backend's KV cache: K and V of every layer and position, stored as F16 (as a GPU keeps
// it, half the memory) or F32. Layout: [layer][position][kv_dim], K and V separately.
#pragma once

#include <cstdint>
#include <vector>

#include "backend/backend.h"
#include "backend/thread_pool.h"

namespace tessera::cpu {

class KvCache {
 public:
  // Throws std::bad_alloc when the memory is not there (the caller turns it into an error).
  void allocate(KvCacheType type, int64_t n_layer, int64_t n_ctx, int64_t kv_dim);
  static uint64_t bytes_for(KvCacheType type, int64_t n_layer, int64_t n_ctx, int64_t kv_dim);
  uint64_t bytes() const;
  KvCacheType type() const { return type_; }

  // Writes kv_dim values of K and V at (layer, pos).
  void store(int64_t layer, int64_t pos, const float* k, const float* v);
  // Reads kv_dim values of K and V at (layer, pos) as floats (the inverse of store, up to its rounding).
  // F16 and F32 caches only: its one caller, the context shift, refuses other types first.
  void load(int64_t layer, int64_t pos, float* k, float* v) const;

  // K and V of positions [0, n) of `layer` as float rows of kv_dim: pointers into the cache (F32)
  // or into k_tmp / v_tmp (F16, each n x kv_dim floats), widened once so that attention reads each
  // key once per layer instead of once per query head.
  void read(int64_t layer, int64_t n, float* k_tmp, float* v_tmp, ThreadPool& pool, const float** k,
            const float** v) const;

 private:
  size_t offset(int64_t layer, int64_t pos) const { return static_cast<size_t>((layer * n_ctx_ + pos) * kv_dim_); }

  KvCacheType type_ = KvCacheType::F16;
  int64_t n_ctx_ = 0;
  int64_t kv_dim_ = 0;
  std::vector<uint16_t> k16_, v16_;
  std::vector<float> k32_, v32_;
};

}  // namespace tessera::cpu
