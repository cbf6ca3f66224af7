// Which positions a backend's recurrent-state checkpoints hold (backend.h's save_checkpoint /
// kv_keep / restorable_position contract), apart from where their bytes live: a backend keeps
// `n` copies of its state and asks this table which copy a save goes to and which copy a restore
// reads. The CUDA backend keeps its copies in pinned host memory; the CPU backend's
// RecurrentState keeps its copies in vectors.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tessera {

class StateCheckpoints {
 public:
  explicit StateCheckpoints(int32_t slots = 0) : slots_(static_cast<size_t>(slots > 0 ? slots : 0)) {}
  int32_t size() const { return static_cast<int32_t>(slots_.size()); }

  // The slot a save at `pos` writes: the one holding `pos` already, else a free one, else the
  // oldest saved; then marks it as holding `pos`. -1 when there are no slots.
  int32_t save(int32_t pos);
  // The slot holding `pos`, -1 when none.
  int32_t slot_of(int32_t pos) const;
  // Forgets the checkpoints of positions after `pos` (all of them for pos < 0).
  void forget_after(int32_t pos);
  void clear() { forget_after(-1); }
  // The newest checkpoint position <= n, -1 when none.
  int32_t at_or_before(int32_t n) const;
  // "12, 40" (the positions held, ascending), "none".
  std::string list() const;

 private:
  struct Slot {
    int32_t pos = -1;  // -1: free
    uint64_t serial = 0;
  };
  std::vector<Slot> slots_;
  uint64_t serial_ = 0;
};

}  // namespace tessera
