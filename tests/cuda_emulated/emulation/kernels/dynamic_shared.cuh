// Host model of cuda/kernels/dynamic_shared.cuh (cuda_emulation.h).
#pragma once

#include "cuda_emulation.h"

namespace tessera::cuda {

template <typename T>
inline T* dynamic_shared_memory() {
  return static_cast<T*>(emulation::dynamic_shared());
}

}  // namespace tessera::cuda
