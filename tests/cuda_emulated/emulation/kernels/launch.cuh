// Host model of cuda/kernels/launch.cuh (cuda_emulation.h): no programmatic dependent launch, and
// a launch runs the grid to completion on the calling thread.
#pragma once

#include <tuple>
#include <type_traits>
#include <utility>

#include "cuda_emulation.h"

namespace tessera::cuda {

inline void pdl_trigger() {}
inline void pdl_wait() {}
inline bool pdl_enabled() { return false; }

template <typename... KernelParams, typename... Args>
cudaError_t launch_kernel(void (*kernel)(KernelParams...), dim3 grid, dim3 block, size_t smem, cudaStream_t,
                          Args&&... args) {
  // The arguments converted to the kernel's parameter types once, as a launch copies them.
  const std::tuple<std::decay_t<KernelParams>...> params(std::forward<Args>(args)...);
  const bool ok = emulation::run_grid(grid, block, smem, [&] { std::apply(kernel, params); });
  return ok ? cudaSuccess : cudaErrorInvalidConfiguration;
}

}  // namespace tessera::cuda
