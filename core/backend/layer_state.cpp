#include "backend/layer_state.h"

#include "backend/kv_cache_type.h"

namespace tessera {

int64_t delta_net_conv_floats(const DeltaNetParams& dn) {
  return dn.conv_kernel > 0 ? static_cast<int64_t>(dn.conv_kernel - 1) * dn.conv_channels() : 0;
}

int64_t delta_net_state_floats(const DeltaNetParams& dn) {
  return dn.n_v_heads * dn.head_k_dim * dn.head_v_dim;
}

namespace {

LayerStateBytes recurrent_state_bytes(const ModelSpec& spec) {
  LayerStateBytes b;
  b.conv_state = 4ull * static_cast<uint64_t>(delta_net_conv_floats(spec.delta_net));
  b.recurrent_state = 4ull * static_cast<uint64_t>(delta_net_state_floats(spec.delta_net));
  return b;
}

}  // namespace

LayerStateBytes layer_state_bytes(const ModelSpec& spec, const LayerSpec& layer, int64_t n_ctx, KvCacheType kv_type) {
  if (layer.mixer == LayerMixer::GatedDeltaNet) return recurrent_state_bytes(spec);
  LayerStateBytes b;
  const int64_t k = spec.cache_k_width_of(layer), v = spec.cache_v_width_of(layer);
  if (k == 0) return b;  // it reads another layer's cache
  const uint64_t rows = static_cast<uint64_t>(n_ctx);
  if (spec.mla.enabled()) {
    b.latent_cache = kv_cache_row_bytes(kv_type, k) * rows;
  } else {
    b.kv_cache = (kv_cache_row_bytes(kv_type, k) + kv_cache_row_bytes(kv_type, v)) * rows;
  }
  return b;
}

LayerStateBytes layer_state_bytes(const ModelSpec& spec, const LayerSpec& layer, int64_t n_ctx, KvCacheType kv_type,
                                  int64_t kv_dim) {
  if (layer.mixer == LayerMixer::GatedDeltaNet) return recurrent_state_bytes(spec);
  LayerStateBytes b;
  if (layer.kv_source >= 0) return b;
  b.kv_cache = kv_cache_bytes(1, kv_dim, n_ctx, kv_type);
  return b;
}

LayerStateBytes model_state_bytes(const ModelSpec& spec, int64_t n_ctx, KvCacheType kv_type) {
  LayerStateBytes sum;
  for (const LayerSpec& l : spec.layers) sum += layer_state_bytes(spec, l, n_ctx, kv_type);
  return sum;
}

}  // namespace tessera
