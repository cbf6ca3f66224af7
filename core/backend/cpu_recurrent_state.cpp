#include "backend/cpu_recurrent_state.h"

#include <algorithm>

#include "backend/layer_state.h"

namespace tessera::cpu {

uint64_t RecurrentState::bytes_for(const ModelSpec& spec) {
  const uint64_t per_layer =
      static_cast<uint64_t>(delta_net_conv_floats(spec.delta_net) + delta_net_state_floats(spec.delta_net));
  return 4ull * per_layer * static_cast<uint64_t>(spec.recurrent_layer_count());
}

void RecurrentState::allocate(const ModelSpec& spec, int32_t checkpoints) {
  const size_t n_layer = spec.layers.size();
  conv_offset_.assign(n_layer, -1);
  delta_offset_.assign(n_layer, -1);
  int64_t total = 0;
  for (size_t l = 0; l < n_layer; ++l) {
    if (spec.layers[l].mixer != LayerMixer::GatedDeltaNet) continue;
    conv_offset_[l] = total;
    total += delta_net_conv_floats(spec.delta_net);
    delta_offset_[l] = total;
    total += delta_net_state_floats(spec.delta_net);
  }
  data_.assign(static_cast<size_t>(total), 0.0f);
  table_ = StateCheckpoints(total > 0 ? checkpoints : 0);
  copies_.assign(static_cast<size_t>(table_.size()), std::vector<float>(data_.size(), 0.0f));
}

uint64_t RecurrentState::bytes() const {
  return 4ull * data_.size() * (1 + copies_.size());
}

void RecurrentState::clear() {
  std::fill(data_.begin(), data_.end(), 0.0f);
  table_.clear();
}

void RecurrentState::save(int32_t pos) {
  const int32_t slot = table_.save(pos);
  if (slot < 0) return;
  std::copy(data_.begin(), data_.end(), copies_[static_cast<size_t>(slot)].begin());
}

bool RecurrentState::restore(int32_t pos) {
  if (pos < 0) return false;
  const int32_t slot = table_.slot_of(pos);
  if (slot < 0) return false;
  const std::vector<float>& copy = copies_[static_cast<size_t>(slot)];
  std::copy(copy.begin(), copy.end(), data_.begin());
  return true;
}

void RecurrentState::forget_after(int32_t pos) { table_.forget_after(pos); }

int32_t RecurrentState::checkpoint_at_or_before(int32_t n) const { return table_.at_or_before(n); }

std::string RecurrentState::checkpoint_list() const { return table_.list(); }

}  // namespace tessera::cpu
