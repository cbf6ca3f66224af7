// How the placement cuts tensors into weight pieces and lays them out in a device's weights
// allocation (internal to core/placement; placement.h describes the pieces).
#pragma once

#include <optional>
#include <vector>

#include "placement/placement.h"

namespace tessera::placement_detail {

// Appends pieces and rotary tables back to back, each start aligned to kWeightAlignment.
class WeightPacker {
 public:
  // The piece of `tensor` (from `source`) cut as `cut` over [begin, end): rows (elements of a
  // vector) or columns (block-aligned `begin`). Nothing for an absent tensor or an empty range.
  void add(const TensorRef& tensor, const WeightSource& source, bool vector, PieceCut cut, int64_t begin, int64_t end);
  void add_whole(const TensorRef& tensor, const WeightSource& source, bool vector);
  void add_rotary(RotaryKind kind, int32_t n_pairs);

  std::vector<WeightPiece> take_pieces() { return std::move(pieces_); }
  std::vector<RotaryTable> take_rotary() { return std::move(rotary_); }
  uint64_t total() const { return total_; }

 private:
  uint64_t take(uint64_t bytes);

  std::vector<WeightPiece> pieces_;
  std::vector<RotaryTable> rotary_;
  uint64_t total_ = 0;
};

// The part of one layer a device computes in Row mode.
struct RowShare {
  int64_t kv_head_begin = 0, kv_head_end = 0;  // its KV heads
  int64_t q_per_kv = 1;                        // query heads per KV head
  int64_t head_dim = 0;
  int64_t ffn_begin = 0, ffn_end = 0;          // its FFN rows of this layer (clipped to the layer's width)
  bool is_main = false;

  bool has_heads() const { return kv_head_end > kv_head_begin; }
};

struct Slice {
  PieceCut cut;
  int64_t begin, end;
};

// The one row-split switch: what of a tensor of slot rule `rule` a device with `share` holds in Row
// mode (nullopt: nothing). Whole tensors come back as PieceCut::Whole.
std::optional<Slice> row_slice_of(RowSlice rule, const TensorRef& tensor, bool vector, const RowShare& share);

}  // namespace tessera::placement_detail
