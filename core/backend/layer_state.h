// The memory a layer keeps for one sequence, by kind: the KV cache of an attention layer (grows with
// the context) and the state of a recurrent layer (a Gated DeltaNet's convolution inputs and its
// per-head state matrices: fixed, whatever the context). One function for the split planner, the
// backends' allocations and what the app and `inspect` show, so they agree; a new recurrent mixer
// (Mamba-2: its conv and SSM states) adds its case here.
#pragma once

#include <cstdint>

#include "backend/backend.h"
#include "backend/model_spec.h"

namespace tessera {

struct LayerStateBytes {
  uint64_t kv_cache = 0;         // attention: K and V of n_ctx positions (kv_cache_bytes)
  uint64_t conv_state = 0;       // recurrent: the W - 1 inputs of its causal convolution, f32
  uint64_t recurrent_state = 0;  // recurrent: the per-head state matrices (Hv x dk x dv), f32
  uint64_t total() const { return kv_cache + conv_state + recurrent_state; }
  LayerStateBytes& operator+=(const LayerStateBytes& o) {
    kv_cache += o.kv_cache;
    conv_state += o.conv_state;
    recurrent_state += o.recurrent_state;
    return *this;
  }
};

// Layer `layer` of `spec` with a cache of n_ctx positions of kv_type (keys and values kv_dim wide:
// spec.kv_dim(), or a device's share of the heads).
LayerStateBytes layer_state_bytes(const ModelSpec& spec, const LayerSpec& layer, int64_t n_ctx, KvCacheType kv_type,
                                  int64_t kv_dim);
// Every layer of `spec`, summed.
LayerStateBytes model_state_bytes(const ModelSpec& spec, int64_t n_ctx, KvCacheType kv_type);

// The floats of one Gated DeltaNet layer's convolution state ((W - 1) x C) and delta-rule state
// (Hv x dk x dv) for one sequence.
int64_t delta_net_conv_floats(const DeltaNetParams& dn);
int64_t delta_net_state_floats(const DeltaNetParams& dn);

}  // namespace tessera
