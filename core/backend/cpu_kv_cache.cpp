#include "backend/cpu_kv_cache.h"

#include <cstring>

#include "backend/cpu_kernels.h"
#include "backend/kv_cache_type.h"

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
  kq_.clear();
  vq_.clear();
  quant_row_bytes_ = 0;
  if (type == KvCacheType::Q8_0 || type == KvCacheType::Q4_0) {
    quant_row_bytes_ = kv_cache_row_bytes(type, kv_dim);
    const size_t bytes = static_cast<size_t>(n_layer * n_ctx) * quant_row_bytes_;
    kq_.assign(bytes, 0);
    vq_.assign(bytes, 0);
  } else if (type == KvCacheType::F16) {
    k16_.assign(n, 0);
    v16_.assign(n, 0);
  } else {
    k32_.assign(n, 0.0f);
    v32_.assign(n, 0.0f);
  }
}

uint64_t KvCache::bytes_for(KvCacheType type, int64_t n_layer, int64_t n_ctx, int64_t kv_dim) {
  return kv_cache_bytes(n_layer, kv_dim, n_ctx, type);
}

uint64_t KvCache::bytes() const {
  return (k16_.size() + v16_.size()) * sizeof(uint16_t) + (k32_.size() + v32_.size()) * sizeof(float) + kq_.size() +
         vq_.size();
}

Status KvCache::store(int64_t layer, int64_t pos, const float* k, const float* v) {
  if (quant_row_bytes_ > 0) {
    const size_t row = static_cast<size_t>(layer * n_ctx_ + pos) * quant_row_bytes_;
    TESSERA_TRY(kv_cache_encode_row(type_, k, kv_dim_, &kq_[row]));
    return kv_cache_encode_row(type_, v, kv_dim_, &vq_[row]);
  }
  const size_t off = offset(layer, pos);
  if (type_ == KvCacheType::F16) {
    fp32_to_fp16_row(k, &k16_[off], kv_dim_);
    fp32_to_fp16_row(v, &v16_[off], kv_dim_);
  } else {
    std::memcpy(&k32_[off], k, static_cast<size_t>(kv_dim_) * sizeof(float));
    std::memcpy(&v32_[off], v, static_cast<size_t>(kv_dim_) * sizeof(float));
  }
  return {};
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
  if (quant_row_bytes_ > 0) {
    const size_t first = static_cast<size_t>(layer * n_ctx_) * quant_row_bytes_;
    pool.parallel_for(n, grain, [&](int64_t begin, int64_t end, int) {
      for (int64_t p = begin; p < end; ++p) {
        const size_t row = first + static_cast<size_t>(p) * quant_row_bytes_;
        // Cannot fail: the type is supported, the rows are whole and aligned (bytes the cache wrote).
        (void)kv_cache_decode_row(type_, &kq_[row], kv_dim_, k_tmp + p * kv_dim_);
        (void)kv_cache_decode_row(type_, &vq_[row], kv_dim_, v_tmp + p * kv_dim_);
      }
    });
    *k = k_tmp;
    *v = v_tmp;
    return;
  }
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
