#include "backend/cpu_kv_cache.h"

#include <cstring>

#include "backend/cpu_kernels.h"

namespace tessera::cpu {

void KvCache::allocate(KvCacheType type, int64_t n_layer, int64_t n_ctx, int64_t kv_dim) {
  type_ = type;
  n_ctx_ = n_ctx;
  kv_dim_ = kv_dim;
  const size_t n = static_cast<size_t>(n_layer * n_ctx * kv_dim);
  k16_.clear();
  v16_.clear();
  k32_.clear();
  v32_.clear();
  if (type == KvCacheType::F16) {
    k16_.assign(n, 0);
    v16_.assign(n, 0);
  } else {
    k32_.assign(n, 0.0f);
    v32_.assign(n, 0.0f);
  }
}

uint64_t KvCache::bytes_for(KvCacheType type, int64_t n_layer, int64_t n_ctx, int64_t kv_dim) {
  return 2ull * static_cast<uint64_t>(n_layer * n_ctx * kv_dim) * (type == KvCacheType::F16 ? 2u : 4u);
}

uint64_t KvCache::bytes() const {
  return (k16_.size() + v16_.size()) * sizeof(uint16_t) + (k32_.size() + v32_.size()) * sizeof(float);
}

void KvCache::store(int64_t layer, int64_t pos, const float* k, const float* v) {
  const size_t off = offset(layer, pos);
  if (type_ == KvCacheType::F16) {
    fp32_to_fp16_row(k, &k16_[off], kv_dim_);
    fp32_to_fp16_row(v, &v16_[off], kv_dim_);
  } else {
    std::memcpy(&k32_[off], k, static_cast<size_t>(kv_dim_) * sizeof(float));
    std::memcpy(&v32_[off], v, static_cast<size_t>(kv_dim_) * sizeof(float));
  }
}

void KvCache::load(int64_t layer, int64_t pos, float* k, float* v) const {
  const size_t off = offset(layer, pos);
  if (type_ == KvCacheType::F16) {
    fp16_to_fp32_row(&k16_[off], k, kv_dim_);
    fp16_to_fp32_row(&v16_[off], v, kv_dim_);
  } else {
    std::memcpy(k, &k32_[off], static_cast<size_t>(kv_dim_) * sizeof(float));
    std::memcpy(v, &v32_[off], static_cast<size_t>(kv_dim_) * sizeof(float));
  }
}

void KvCache::read(int64_t layer, int64_t n, float* k_tmp, float* v_tmp, ThreadPool& pool, const float** k,
                   const float** v) const {
  const size_t off = offset(layer, 0);
  if (type_ == KvCacheType::F32) {
    *k = &k32_[off];
    *v = &v32_[off];
    return;
  }
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, kv_dim_));
  pool.parallel_for(n, grain, [&](int64_t begin, int64_t end, int) {
    const size_t b = static_cast<size_t>(begin * kv_dim_);
    const int64_t count = (end - begin) * kv_dim_;
    fp16_to_fp32_row(&k16_[off + b], k_tmp + b, count);
    fp16_to_fp32_row(&v16_[off + b], v_tmp + b, count);
  });
  *k = k_tmp;
  *v = v_tmp;
}

}  // namespace tessera::cpu
