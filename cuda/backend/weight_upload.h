// Filling a device's weights allocation as the placement lays it out (internal to cuda/backend).
#pragma once

#include <cstdint>
#include <functional>

#include "backend/device_state.h"

namespace tessera::cuda {

// Bytes the upload reports for a device: its pieces and rotary tables (alignment gaps excluded).
uint64_t placed_weight_bytes(const DevicePlacement& place);

// Each weight piece of `d` to its offset: contiguous bytes of the mapped file copied as they are,
// column slices gathered per row on the host, gains and biases converted to f32; with a random seed
// (ModelSpec::random_weights_seed) generated on the device instead, each piece from a seed of its
// tensor's name and first row (a tensor placed whole gets the same values on any device, so layer
// split equals one device). Then the rotary angle tables of rope[0] (full) and rope[1] (sliding).
// `progress` gets each piece's bytes. Errors: a piece outside its tensor's data (BadFile), host
// memory for a gathered or converted piece (OutOfMemory, naming the tensor and bytes), CUDA errors.
Status upload_weights(const ModelSpec& spec, const RopeParams (&rope)[2], DeviceState& d,
                      const std::function<Status(uint64_t bytes)>& progress);

}  // namespace tessera::cuda
