#include "placement/cache_layout.h"

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
  std::vector<int32_t> attention, recurrent;
  for (int32_t l : layers) {
    const LayerSpec& ls = model.layers[static_cast<size_t>(l)];
    if (ls.mixer == LayerMixer::Attention && kv_dim > 0) attention.push_back(l);
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
        s.row_width = kv_dim;
        s.row_bytes = kv_cache_row_bytes(kv_type, kv_dim);
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
