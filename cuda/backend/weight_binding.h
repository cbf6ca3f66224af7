// The kernels' view of a device's weights (internal to cuda/backend): after upload, every piece of
// the placement becomes the WeightMatrix or f32 pointer of its slot.
#pragma once

#include "backend/device_state.h"

namespace tessera::cuda {

// Sets d.layers (one DeviceLayer per layer the device computes, its cache slot, window and FFN
// rows), the matrices and vectors of every piece, the embedding, output norm and output matrix
// (tied on one device: the embedding), the rotary tables, and the fused Q|K|V and gate|up matrices
// where their pieces lie back to back.
void bind_weights(const ModelSpec& spec, DeviceState& d);

}  // namespace tessera::cuda
