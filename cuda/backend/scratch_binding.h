// The kernels' scratch pointers (internal to cuda/backend): one per region of the placement's table
// (placement/scratch_regions.h), so adding a region there and a pointer here is all it takes.
#pragma once

#include "backend/device_state.h"

namespace tessera::cuda {

// Sets d.s from d.scratch_arena and d.place->scratch (null for regions not needed on this device).
void bind_scratch(DeviceState& d);

}  // namespace tessera::cuda
