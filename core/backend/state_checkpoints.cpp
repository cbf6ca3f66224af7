#include "backend/state_checkpoints.h"

#include <algorithm>

namespace tessera {

int32_t StateCheckpoints::save(int32_t pos) {
  if (slots_.empty()) return -1;
  int32_t slot = slot_of(pos);
  if (slot < 0)
    for (size_t i = 0; i < slots_.size() && slot < 0; ++i)
      if (slots_[i].pos < 0) slot = static_cast<int32_t>(i);
  if (slot < 0)
    slot = static_cast<int32_t>(std::min_element(slots_.begin(), slots_.end(),
                                                 [](const Slot& a, const Slot& b) { return a.serial < b.serial; }) -
                                slots_.begin());
  slots_[static_cast<size_t>(slot)] = {pos, ++serial_};
  return slot;
}

int32_t StateCheckpoints::slot_of(int32_t pos) const {
  if (pos < 0) return -1;
  for (size_t i = 0; i < slots_.size(); ++i)
    if (slots_[i].pos == pos) return static_cast<int32_t>(i);
  return -1;
}

void StateCheckpoints::forget_after(int32_t pos) {
  for (Slot& s : slots_)
    if (s.pos > pos) s.pos = -1;
}

int32_t StateCheckpoints::at_or_before(int32_t n) const {
  int32_t best = -1;
  for (const Slot& s : slots_)
    if (s.pos >= 0 && s.pos <= n) best = std::max(best, s.pos);
  return best;
}

std::string StateCheckpoints::list() const {
  std::vector<int32_t> held;
  for (const Slot& s : slots_)
    if (s.pos >= 0) held.push_back(s.pos);
  std::sort(held.begin(), held.end());
  std::string out;
  for (int32_t p : held) out += (out.empty() ? "" : ", ") + std::to_string(p);
  return out.empty() ? "none" : out;
}

}  // namespace tessera
