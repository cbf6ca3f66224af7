// The per-sequence state a device keeps between steps, as a list of named per-layer state kinds:
// the attention layers' keys and values (rows of positions, growing with the context) and the
// recurrent layers' state (a Gated DeltaNet's convolution inputs and per-head state matrices: one
// row per layer, a fixed size whatever the context; backend/layer_state.h has their sizes). A
// coming kind is a new row in cache_state_table() with its row size, whether it grows with the
// context and which layers have it: latent attention (MLA) keeps one compressed latent row per
// position instead of K and V; Mamba-2 its conv and SSM states.
// A state kind holds one slot per layer that has it on this device (slot = index in `layers`).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "backend/backend.h"
#include "backend/model_spec.h"

namespace tessera {

enum class CacheState : uint8_t {
  Keys,            // attention layers: [slot][position] rows of kv_dim values in the KV cache type
  Values,          // the same layout as Keys
  ConvState,       // Gated DeltaNet layers: [slot] the W - 1 inputs of the causal convolution, f32
  RecurrentState,  // Gated DeltaNet layers: [slot] the Hv x dk x dv state matrices, f32
  Count
};
inline constexpr size_t kCacheStateCount = static_cast<size_t>(CacheState::Count);

struct CacheStateInfo {
  CacheState state;
  std::string_view name;
  bool grows_with_context;  // one row per position (else one row per layer and sequence)
  // A state's start within the cache allocation is a multiple of this. K and V: 2, the kernels
  // address rows in 16-bit words; F16 rows are whole 16-byte vectors whenever kv_dim is a multiple
  // of 8, which every head size is (cuda/backend checks), so V stays 16-byte aligned for them too.
  // The f32 states: 4; they follow K and V, whose bytes are even, so no bytes are lost between.
  uint64_t alignment;
};
const std::array<CacheStateInfo, kCacheStateCount>& cache_state_table();
inline const CacheStateInfo& cache_state_info(CacheState s) { return cache_state_table()[static_cast<size_t>(s)]; }

struct PlacedCacheState {
  CacheState state = CacheState::Count;
  std::vector<int32_t> layers;  // the model layers with a slot, in slot order
  int64_t rows_per_slot = 0;    // n_ctx for states that grow with the context, else 1
  int64_t row_width = 0;        // values per row
  uint64_t row_bytes = 0;
  uint64_t offset = 0;          // in the device's cache allocation
  uint64_t bytes = 0;           // layers.size() x rows_per_slot x row_bytes

  int32_t n_slots() const { return static_cast<int32_t>(layers.size()); }
  uint64_t slot_offset(int32_t slot) const {
    return offset + static_cast<uint64_t>(slot) * static_cast<uint64_t>(rows_per_slot) * row_bytes;
  }
  // The slot of model layer `layer`, -1 when it has none here.
  int32_t slot_of(int32_t layer) const;
};

struct CacheLayout {
  KvCacheType kv_type = KvCacheType::F16;
  std::vector<PlacedCacheState> states;  // table order; only the kinds this device keeps
  uint64_t total = 0;                    // bytes of the device's cache allocation

  const PlacedCacheState* find(CacheState s) const;
  uint64_t bytes_of(CacheState s) const;  // 0 for a kind this device does not keep
  // The attention layers' K and V, and the recurrent layers' state (DeviceBytes' two cache kinds).
  uint64_t kv_bytes() const { return bytes_of(CacheState::Keys) + bytes_of(CacheState::Values); }
  uint64_t recurrent_bytes() const { return total - kv_bytes(); }
};

// What a device keeps for `layers` (model layer indices, in order) of `model`: K and V of kv_dim
// wide rows (the device's heads) for n_ctx positions in kv_type for its attention layers (kv_dim 0:
// none), and the fixed state of its recurrent layers.
CacheLayout layout_cache(const ModelSpec& model, const std::vector<int32_t>& layers, int64_t kv_dim, int64_t n_ctx,
                         KvCacheType kv_type);

}  // namespace tessera
