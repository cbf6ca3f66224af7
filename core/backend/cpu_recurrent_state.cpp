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
  checkpoints_.assign(total > 0 ? static_cast<size_t>(checkpoints) : 0, Checkpoint{});
  for (Checkpoint& c : checkpoints_) c.data.assign(data_.size(), 0.0f);
}

uint64_t RecurrentState::bytes() const {
  return 4ull * data_.size() * (1 + checkpoints_.size());
}

void RecurrentState::clear() {
  std::fill(data_.begin(), data_.end(), 0.0f);
  for (Checkpoint& c : checkpoints_) c.pos = -1;
}

void RecurrentState::save(int32_t pos) {
  if (checkpoints_.empty()) return;
  Checkpoint* slot = nullptr;
  for (Checkpoint& c : checkpoints_)
    if (c.pos == pos) slot = &c;
  if (slot == nullptr)
    for (Checkpoint& c : checkpoints_)
      if (c.pos < 0) {
        slot = &c;
        break;
      }
  if (slot == nullptr)
    slot = &*std::min_element(checkpoints_.begin(), checkpoints_.end(),
                              [](const Checkpoint& a, const Checkpoint& b) { return a.serial < b.serial; });
  std::copy(data_.begin(), data_.end(), slot->data.begin());
  slot->pos = pos;
  slot->serial = ++serial_;
}

bool RecurrentState::restore(int32_t pos) {
  for (const Checkpoint& c : checkpoints_)
    if (c.pos == pos && pos >= 0) {
      std::copy(c.data.begin(), c.data.end(), data_.begin());
      return true;
    }
  return false;
}

void RecurrentState::forget_after(int32_t pos) {
  for (Checkpoint& c : checkpoints_)
    if (c.pos > pos) c.pos = -1;
}

int32_t RecurrentState::checkpoint_at_or_before(int32_t n) const {
  int32_t best = -1;
  for (const Checkpoint& c : checkpoints_)
    if (c.pos >= 0 && c.pos <= n) best = std::max(best, c.pos);
  return best;
}

std::string RecurrentState::checkpoint_list() const {
  std::vector<int32_t> held;
  for (const Checkpoint& c : checkpoints_)
    if (c.pos >= 0) held.push_back(c.pos);
  std::sort(held.begin(), held.end());
  std::string s;
  for (int32_t p : held) s += (s.empty() ? "" : ", ") + std::to_string(p);
  return s.empty() ? "none" : s;
}

}  // namespace tessera::cpu
