// CpuModel::kv_remove: the CPU backend's context shift (backend.h states the contract).
#include <vector>

#include "backend/cpu_kernels.h"
#include "backend/cpu_model.h"

namespace tessera::cpu {

bool CpuModel::kv_remove_supported() const {
  return (kv_type_ == KvCacheType::F16 || kv_type_ == KvCacheType::F32) && !has_recurrent_state();
}

Status CpuModel::kv_remove(int32_t begin, int32_t count) {
  TESSERA_TRY(check_kv_remove_span(begin, count, n_past_));
  if (has_recurrent_state())
    return make_error(ErrorKind::Unsupported,
                      "the recurrent layers' state sums up every position; positions cannot be taken out of it "
                      "(evaluate the kept tokens again instead)");
  if (!kv_remove_supported())
    return make_error(ErrorKind::Unsupported,
                      "the CPU backend shifts only F16 and F32 KV caches; load with one of them to keep the cache "
                      "when the context overflows");
  logits_rows_ = 0;
  if (count == 0) return {};
  const int64_t kv_dim = spec_.kv_dim(), hd = spec_.head_dim;
  const int32_t first_moved = begin + count;
  // One layer per task: each moves its rows in ascending order, so a row is read before the row
  // `count` above it overwrites it.
  pool_->parallel_for(spec_.n_layer, 1, [&](int64_t l_begin, int64_t l_end, int) {
    std::vector<float> k(static_cast<size_t>(kv_dim)), v(k.size());
    for (int64_t layer = l_begin; layer < l_end; ++layer) {
      const int32_t slot = kv_slot_[static_cast<size_t>(layer)];
      // The rotation by -count positions with the layer's own frequencies (rope_table: the sliding
      // layers' where they differ), and no attn_factor: the stored key carries it already.
      const RopeTable& rope = rope_table(spec_.layers[static_cast<size_t>(layer)]);
      const int32_t n_rot = rope.params.n_dims;
      std::vector<float> c(static_cast<size_t>(n_rot / 2)), s(c.size());
      rope_cos_sin(rope.freqs.data(), n_rot, -count, c.data(), s.data());
      for (int32_t pos = first_moved; pos < n_past_; ++pos) {
        kv_.load(slot, pos, k.data(), v.data());
        for (int64_t h = 0; h < spec_.n_head_kv; ++h)
          rope_head(&k[static_cast<size_t>(h * hd)], rope.params.mode, n_rot, c.data(), s.data());
        (void)kv_.store(slot, pos - count, k.data(), v.data());  // F16/F32 (checked above): cannot fail
      }
    }
  });
  n_past_ -= count;
  return {};
}

}  // namespace tessera::cpu
