#include "placement/cache_layout.h"

#include <algorithm>

#include "backend/kv_cache_type.h"
#include "backend/layer_state.h"

namespace tessera {

const std::array<CacheStateInfo, kCacheStateCount>& cache_state_table() {
  // One row per state kind, in enum order (checked by tests/core/placement/cache_layout_test.cpp).
  static constexpr std::array<CacheStateInfo, kCacheStateCount> table = {{
      {CacheState::Keys, "keys", true, 2},
      {CacheState::Values, "values", true, 2},
      {CacheState::ConvState, "convolution state", false, 4},
      {CacheState::RecurrentState, "recurrent state", false, 4},
  }};
  return table;
}

int32_t PlacedCacheState::slot_of(int32_t layer) const {
  for (size_t i = 0; i < layers.size(); ++i)
    if (layers[i] == layer) return static_cast<int32_t>(i);
  return -1;
}

const PlacedCacheState* CacheLayout::find(CacheState s) const {
  for (const PlacedCacheState& p : states)
    if (p.state == s) return &p;
  return nullptr;
}

uint64_t CacheLayout::bytes_of(CacheState s) const {
  const PlacedCacheState* p = find(s);
  return p != nullptr ? p->bytes : 0;
}

CacheLayout layout_cache(const ModelSpec& model, const std::vector<int32_t>& layers, int64_t kv_dim, int64_t n_ctx,
                         KvCacheType kv_type) {
  CacheLayout layout;
  layout.kv_type = kv_type;
  // Keys and values kv_dim wide (a device's share of the heads under row split), unless the layers
  // have widths of their own: latent attention keeps one [latent | rotated key] row and no values
  // (deepseek2), and Gemma 4's layers differ in head size, so every slot takes the widest layer's
  // rows (an upper bound there; only the CPU backend runs those models, and allocates its own).
  // Layers that read another layer's cache (kv_source) keep none.
  const bool own_widths = model.mla.enabled() || model.has_per_layer_geometry();
  int64_t k_width = own_widths ? 0 : kv_dim, v_width = own_widths ? 0 : kv_dim;
  std::vector<int32_t> attention, recurrent;
  for (int32_t l : layers) {
    const LayerSpec& ls = model.layers[static_cast<size_t>(l)];
    if (ls.mixer == LayerMixer::Attention && ls.kv_source < 0 && kv_dim > 0) {
      attention.push_back(l);
      if (own_widths) {
        k_width = std::max(k_width, model.cache_k_width_of(ls));
        v_width = std::max(v_width, model.cache_v_width_of(ls));
      }
    }
    if (ls.mixer == LayerMixer::GatedDeltaNet) recurrent.push_back(l);
  }
  uint64_t at = 0;
  for (const CacheStateInfo& info : cache_state_table()) {
    PlacedCacheState s;
    s.state = info.state;
    switch (info.state) {
      case CacheState::Keys:
      case CacheState::Values:
        s.layers = attention;
        s.row_width = info.state == CacheState::Keys ? k_width : v_width;
        s.row_bytes = s.row_width > 0 ? kv_cache_row_bytes(kv_type, s.row_width) : 0;
        break;
      case CacheState::ConvState:
        s.layers = recurrent;
        s.row_width = delta_net_conv_floats(model.delta_net);
        s.row_bytes = 4 * static_cast<uint64_t>(s.row_width);
        break;
      case CacheState::RecurrentState:
        s.layers = recurrent;
        s.row_width = delta_net_state_floats(model.delta_net);
        s.row_bytes = 4 * static_cast<uint64_t>(s.row_width);
        break;
      case CacheState::Count:
        break;
    }
    if (s.layers.empty() || s.row_bytes == 0 || n_ctx <= 0) continue;
    s.rows_per_slot = info.grows_with_context ? n_ctx : 1;
    s.offset = (at + info.alignment - 1) / info.alignment * info.alignment;
    s.bytes = static_cast<uint64_t>(s.n_slots()) * static_cast<uint64_t>(s.rows_per_slot) * s.row_bytes;
    at = s.offset + s.bytes;
    layout.states.push_back(std::move(s));
  }
  layout.total = at;
  return layout;
}

}  // namespace tessera
