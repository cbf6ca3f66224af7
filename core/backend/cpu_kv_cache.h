// The CPU backend's KV cache: per slot (an attention layer that keeps its own cache) and position,
// a row of keys and a row of values, stored as F16 (as a GPU keeps it, half the memory), F32, or
// ggml Q8_0/Q4_0 blocks (rows as backend/kv_cache_type.h defines them). Every slot has its own row
// widths (ModelSpec::cache_k_width_of / cache_v_width_of): Gemma 4's sliding and full layers
// differ, and a latent-attention slot keeps one row (the latent) and no values. Layout: per slot,
// its n_ctx key rows, then its n_ctx value rows.
#pragma once

#include <cstdint>
#include <vector>

#include "backend/backend.h"
#include "backend/thread_pool.h"
#include "common/error.h"

namespace tessera::cpu {

// The values one position of a slot keeps: keys, and values (0: none).
struct KvRowWidths {
  int64_t k = 0;
  int64_t v = 0;
};

class KvCache {
 public:
  // Throws std::bad_alloc when the memory is not there (the caller turns it into an error).
  void allocate(KvCacheType type, const std::vector<KvRowWidths>& slots, int64_t n_ctx);
  static uint64_t bytes_for(KvCacheType type, const std::vector<KvRowWidths>& slots, int64_t n_ctx);
  uint64_t bytes() const { return data_.size(); }
  KvCacheType type() const { return type_; }
  const KvRowWidths& widths(int64_t slot) const { return slots_[static_cast<size_t>(slot)].w; }

  // Writes the slot's key row (and value row, when it has one) at `pos`. Errors only for the
  // quantized types (a value that is not finite or too large for the block's fp16 scale).
  Status store(int64_t slot, int64_t pos, const float* k, const float* v);
  // Reads them back as floats (the inverse of store, up to its rounding). F16 and F32 caches only:
  // its one caller, the context shift, refuses other types first.
  void load(int64_t slot, int64_t pos, float* k, float* v) const;

  // Keys and values of positions [0, n) of `slot` as float rows of the slot's widths: pointers
  // into the cache (F32) or into k_tmp / v_tmp (F16, Q8_0, Q4_0: n rows each), widened or
  // dequantized once so that attention reads each key once per layer instead of once per head.
  // *v is null for a slot without values.
  void read(int64_t slot, int64_t n, float* k_tmp, float* v_tmp, ThreadPool& pool, const float** k,
            const float** v) const;

 private:
  struct Slot {
    KvRowWidths w;
    uint64_t k_row = 0, v_row = 0;  // bytes per row
    uint64_t k_at = 0, v_at = 0;    // offsets of the first row
  };
  uint8_t* row(uint64_t at, uint64_t row_bytes, int64_t pos) {
    return data_.data() + at + static_cast<uint64_t>(pos) * row_bytes;
  }
  const uint8_t* row(uint64_t at, uint64_t row_bytes, int64_t pos) const {
    return data_.data() + at + static_cast<uint64_t>(pos) * row_bytes;
  }
  // One row of `width` values in the cache's type (F16 widened with F16C where the CPU has it).
  Status encode(const float* src, int64_t width, uint8_t* dst) const;
  void read_rows(uint64_t at, uint64_t row_bytes, int64_t width, int64_t n, float* tmp, ThreadPool& pool) const;

  KvCacheType type_ = KvCacheType::F16;
  int64_t n_ctx_ = 0;
  std::vector<Slot> slots_;
  // Every row; F32 rows are 4-byte aligned (every row and region start is a multiple of 4 bytes).
  std::vector<uint8_t> data_;
};

}  // namespace tessera::cpu
