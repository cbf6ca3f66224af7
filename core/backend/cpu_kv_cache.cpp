#include "backend/cpu_kv_cache.h"

#include <cstring>

#include "backend/cpu_kernels.h"
#include "backend/kv_cache_type.h"

namespace tessera::cpu {

uint64_t KvCache::bytes_for(KvCacheType type, const std::vector<KvRowWidths>& slots, int64_t n_ctx) {
  uint64_t n = 0;
  for (const KvRowWidths& w : slots)
    n += (kv_cache_row_bytes(type, w.k) + (w.v > 0 ? kv_cache_row_bytes(type, w.v) : 0)) * static_cast<uint64_t>(n_ctx);
  return n;
}

void KvCache::allocate(KvCacheType type, const std::vector<KvRowWidths>& slots, int64_t n_ctx) {
  type_ = type;
  n_ctx_ = n_ctx;
  slots_.clear();
  uint64_t at = 0;
  for (const KvRowWidths& w : slots) {
    Slot s;
    s.w = w;
    s.k_row = kv_cache_row_bytes(type, w.k);
    s.v_row = w.v > 0 ? kv_cache_row_bytes(type, w.v) : 0;
    s.k_at = at;
    at += s.k_row * static_cast<uint64_t>(n_ctx);
    s.v_at = at;
    at += s.v_row * static_cast<uint64_t>(n_ctx);
    slots_.push_back(s);
  }
  data_.assign(at, 0);
}

Status KvCache::encode(const float* src, int64_t width, uint8_t* dst) const {
  switch (type_) {
    case KvCacheType::F16:
      fp32_to_fp16_row(src, reinterpret_cast<uint16_t*>(dst), width);
      return {};
    case KvCacheType::F32:
      std::memcpy(dst, src, static_cast<size_t>(width) * sizeof(float));
      return {};
    default:
      return kv_cache_encode_row(type_, src, width, dst);
  }
}

Status KvCache::store(int64_t slot, int64_t pos, const float* k, const float* v) {
  const Slot& s = slots_[static_cast<size_t>(slot)];
  TESSERA_TRY(encode(k, s.w.k, row(s.k_at, s.k_row, pos)));
  if (s.w.v > 0) TESSERA_TRY(encode(v, s.w.v, row(s.v_at, s.v_row, pos)));
  return {};
}

void KvCache::load(int64_t slot, int64_t pos, float* k, float* v) const {
  const Slot& s = slots_[static_cast<size_t>(slot)];
  // Cannot fail: the type is supported and the rows are whole (bytes the cache wrote).
  (void)kv_cache_decode_row(type_, row(s.k_at, s.k_row, pos), s.w.k, k);
  if (s.w.v > 0) (void)kv_cache_decode_row(type_, row(s.v_at, s.v_row, pos), s.w.v, v);
}

void KvCache::read_rows(uint64_t at, uint64_t row_bytes, int64_t width, int64_t n, float* tmp, ThreadPool& pool) const {
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, width));
  if (type_ == KvCacheType::F16) {
    // F16 rows are back to back: widened as one run per task.
    pool.parallel_for(n, grain, [&](int64_t begin, int64_t end, int) {
      fp16_to_fp32_row(reinterpret_cast<const uint16_t*>(row(at, row_bytes, begin)), tmp + begin * width,
                       (end - begin) * width);
    });
    return;
  }
  pool.parallel_for(n, grain, [&](int64_t begin, int64_t end, int) {
    for (int64_t p = begin; p < end; ++p)
      (void)kv_cache_decode_row(type_, row(at, row_bytes, p), width, tmp + p * width);  // cannot fail, as load
  });
}

void KvCache::read(int64_t slot, int64_t n, float* k_tmp, float* v_tmp, ThreadPool& pool, const float** k,
                   const float** v) const {
  const Slot& s = slots_[static_cast<size_t>(slot)];
  if (type_ == KvCacheType::F32) {
    *k = reinterpret_cast<const float*>(row(s.k_at, s.k_row, 0));
    *v = s.w.v > 0 ? reinterpret_cast<const float*>(row(s.v_at, s.v_row, 0)) : nullptr;
    return;
  }
  read_rows(s.k_at, s.k_row, s.w.k, n, k_tmp, pool);
  *k = k_tmp;
  *v = nullptr;
  if (s.w.v > 0) {
    read_rows(s.v_at, s.v_row, s.w.v, n, v_tmp, pool);
    *v = v_tmp;
  }
}

}  // namespace tessera::cpu
