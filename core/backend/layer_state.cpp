#include "backend/layer_state.h"

#include "backend/kv_cache_type.h"

namespace tessera {

int64_t delta_net_conv_floats(const DeltaNetParams& dn) {
  return dn.conv_kernel > 0 ? static_cast<int64_t>(dn.conv_kernel - 1) * dn.conv_channels() : 0;
}

int64_t delta_net_state_floats(const DeltaNetParams& dn) {
  return dn.n_v_heads * dn.head_k_dim * dn.head_v_dim;
}

LayerStateBytes layer_state_bytes(const ModelSpec& spec, const LayerSpec& layer, int64_t n_ctx, KvCacheType kv_type,
                                  int64_t kv_dim) {
  LayerStateBytes b;
  switch (layer.mixer) {
    case LayerMixer::Attention:
      b.kv_cache = kv_cache_bytes(1, kv_dim, n_ctx, kv_type);
      break;
    case LayerMixer::GatedDeltaNet:
      b.conv_state = 4ull * static_cast<uint64_t>(delta_net_conv_floats(spec.delta_net));
      b.recurrent_state = 4ull * static_cast<uint64_t>(delta_net_state_floats(spec.delta_net));
      break;
  }
  return b;
}

LayerStateBytes model_state_bytes(const ModelSpec& spec, int64_t n_ctx, KvCacheType kv_type) {
  LayerStateBytes sum;
  for (const LayerSpec& l : spec.layers) sum += layer_state_bytes(spec, l, n_ctx, kv_type, spec.kv_dim());
  return sum;
}

}  // namespace tessera
