// The KV cache calls of BackendModel (clear, keep, the context shift) and where a slot's rows live.
#include "backend/cuda_model.h"
#include "cuda_check.h"
#include "kernels/kv_cache.h"
#include "kernels/latent_attention.h"

namespace tessera::cuda {

uint16_t* DeviceState::k_cache(int32_t slot) const {
  const PlacedCacheState* s = place->cache.find(CacheState::Keys);
  return reinterpret_cast<uint16_t*>(kv.as<uint8_t>() + s->slot_offset(slot));
}

uint16_t* DeviceState::v_cache(int32_t slot) const {
  const PlacedCacheState* s = place->cache.find(CacheState::Values);
  return reinterpret_cast<uint16_t*>(kv.as<uint8_t>() + s->slot_offset(slot));
}

// The recurrent state is zeroed by the next eval, which starts at position 0 (eval).
void CudaModel::kv_clear() {
  n_past_ = 0;
  logits_rows_ = 0;
  argmax_valid_ = false;
  checkpoints_.clear();
}

Status CudaModel::kv_keep(int32_t n) {
  if (n < 0 || n > n_past_)
    return make_error(ErrorKind::InvalidArgument,
                      "cannot keep " + std::to_string(n) + " positions: the KV cache holds " + std::to_string(n_past_));
  if (recurrent_ && n != n_past_) {
    if (n == 0) {
      kv_clear();
      return {};
    }
    const int32_t slot = checkpoints_.slot_of(n);
    if (slot < 0)
      return make_error(ErrorKind::Unsupported,
                        "cannot go back to position " + std::to_string(n) + " of " + std::to_string(n_past_) +
                            ": the recurrent layers' state holds only the latest position, and checkpoints are at " +
                            checkpoints_.list() + " (restorable_position says where it can return)");
    const Status st = restore_checkpoint(slot);
    if (!st.ok()) {
      kv_clear();  // some devices may hold the restored state, others not
      return st;
    }
    checkpoints_.forget_after(n);
  }
  n_past_ = n;
  logits_rows_ = 0;
  argmax_valid_ = false;
  return {};
}

Status CudaModel::kv_remove(int32_t begin, int32_t count) {
  TESSERA_TRY(check_kv_remove_span(begin, count, n_past_));
  if (recurrent_)
    return make_error(ErrorKind::Unsupported,
                      "the recurrent layers' state sums up every position; positions cannot be taken out of it "
                      "(evaluate the kept tokens again instead)");
  if (!kv_remove_supported())
    return make_error(ErrorKind::Unsupported,
                      "the CUDA backend shifts only an F16 KV cache; set the KV cache type to f16 to keep the cache "
                      "when the context overflows");
  logits_rows_ = 0;
  argmax_valid_ = false;
  if (count == 0) return {};
  const int32_t first = begin + count;
  for (auto& dp : devs_) {
    DeviceState& d = *dp;
    if (!d.active || d.kv_dim == 0) continue;
    TESSERA_TRY(use_device(d));
    for (const DeviceLayer& l : d.layers) {
      // A shared-KV layer's slot is its source's, shifted once with it.
      if (l.kv_slot < 0 || l.shared_kv) continue;
      const LayerSpec& ls = spec_.layers[static_cast<size_t>(l.layer)];
      const int kind = l.sliding ? 1 : 0;
      RopeConfig rc = rope_[kind];
      rc.theta = d.rope_theta[kind];
      if (ls.nope) rc.n_dims = 0;  // keys stored unrotated: the rows only move
      if (spec_.mla.enabled()) {  // one latent row per position: its last R values turn
        const LatentCacheView latent{d.k_cache(l.kv_slot), d.kv_row_words, n_ctx_, kv_type_};
        TESSERA_TRY(latent_cache_shift(latent, static_cast<int>(spec_.mla.kv_lora_rank),
                                       static_cast<int>(spec_.mla.qk_rope), first, n_past_ - first, count, rc,
                                       d.stream));
        continue;
      }
      const KvCacheView cache{d.k_cache(l.kv_slot), d.v_cache(l.kv_slot), d.kv_row_words, n_ctx_,
                              kv_type_};
      // The layer's own heads (Gemma 4), else the device's share.
      const int n_kv = ls.n_head_kv > 0 ? static_cast<int>(ls.n_head_kv) : static_cast<int>(d.n_head_kv);
      TESSERA_TRY(kv_cache_shift(cache, n_kv, static_cast<int>(spec_.head_dim_of(ls)), first, n_past_ - first, count,
                                 rc, d.stream));
    }
  }
  n_past_ -= count;
  return {};
}

}  // namespace tessera::cuda
