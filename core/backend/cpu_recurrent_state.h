// The CPU backend's recurrent state: for each Gated DeltaNet layer its convolution state ((W - 1) x
// C floats, the oldest input first) and its delta-rule state (Hv heads of dk x dv floats, the
// layout of cpu_delta_net.h), for the one sequence the model holds; plus up to kStateCheckpoints
// copies of all of it at earlier positions (backend.h's save_checkpoint / kv_keep contract).
// Everything is allocated at load; nothing grows with the context.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "backend/model_spec.h"
#include "backend/state_checkpoints.h"

namespace tessera::cpu {

class RecurrentState {
 public:
  // Sizes the state of `spec`'s recurrent layers and `checkpoints` copies. Throws std::bad_alloc
  // when the memory is not there (the caller turns it into an error).
  void allocate(const ModelSpec& spec, int32_t checkpoints);
  // Bytes of one copy of the state of `spec` (what allocate sizes once per copy).
  static uint64_t bytes_for(const ModelSpec& spec);
  uint64_t bytes() const;  // the state and every checkpoint slot
  bool empty() const { return data_.empty(); }

  // The layer's states; only for recurrent layers.
  float* conv(int64_t layer) { return data_.data() + conv_offset_[static_cast<size_t>(layer)]; }
  float* delta(int64_t layer) { return data_.data() + delta_offset_[static_cast<size_t>(layer)]; }

  // The state of an empty sequence (zeros); forgets every checkpoint.
  void clear();
  // Copies the state as the checkpoint of position `pos`: replaces one at the same position, else
  // takes a free slot, else the oldest saved.
  void save(int32_t pos);
  // The checkpoint of position `pos` back into the state; false when there is none.
  bool restore(int32_t pos);
  // Forgets the checkpoints of positions after `pos`.
  void forget_after(int32_t pos);
  // The newest checkpoint position <= n, -1 when none.
  int32_t checkpoint_at_or_before(int32_t n) const;
  // "12, 40" (the positions held), "none".
  std::string checkpoint_list() const;

 private:
  std::vector<int64_t> conv_offset_, delta_offset_;  // per layer, into data_
  std::vector<float> data_;
  // Which position each copy holds: the same rules as the CUDA backend's (state_checkpoints.h).
  StateCheckpoints table_;
  std::vector<std::vector<float>> copies_;  // one per slot of table_
};

}  // namespace tessera::cpu
