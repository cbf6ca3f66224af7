// The dynamic shared memory of the calling CTA (the launch's smem bytes), typed. One extern array
// of bytes for every kernel, so kernels of different element types can share the declaration.
// tests/cuda_emulated replaces this header with a host model.
#pragma once

namespace tessera::cuda {

template <typename T>
__device__ __forceinline__ T* dynamic_shared_memory() {
  extern __shared__ __align__(16) unsigned char tessera_dynamic_shared[];
  return reinterpret_cast<T*>(tessera_dynamic_shared);
}

}  // namespace tessera::cuda
