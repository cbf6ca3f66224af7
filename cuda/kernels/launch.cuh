// Kernel launches with programmatic dependent launch (PDL), for every kernel of the forward pass.
//
// Why: a decode step is ~300-500 kernels, most of them 2-30 us long. Between two dependent kernels
// in a stream (or a CUDA graph) the GPU normally drains the first grid completely, then launches
// the second: a few microseconds per boundary with the SMs idle, and the memory pipeline restarting
// from empty for every matrix. On compute capability 9.0+ a kernel launched with the
// programmatic-stream-serialization attribute may start while its predecessor still runs; it must
// then execute `griddepcontrol.wait` (pdl_wait) before it reads anything the predecessor wrote or
// writes anything the predecessor reads. Until then it may do work that depends on nothing earlier
// in the stream: index arithmetic, and L2 prefetches of weights (constant for the model's life).
//
// Contract every kernel launched through launch_kernel() keeps:
//   1. pdl_trigger() first (lets the next kernel in the stream launch as soon as every CTA of this
//      one has started: its CTAs then wait in pdl_wait, so this never delays this kernel's CTAs,
//      which are all resident or done by then);
//   2. only loads of constant data (weights) or L2 prefetches before pdl_wait();
//   3. pdl_wait() before any other global memory access.
// pdl_wait waits for the whole predecessor grid to complete and its memory to be visible, and the
// predecessor itself waited for its own predecessor, so ordering stays transitive across the step.
// On older GPUs, or with TESSERA_CUDA_PDL=0 in the environment (for A/B measurements), kernels
// launch with plain stream order and the two instructions are not emitted / are no-ops.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdlib>
#include <utility>

namespace tessera::cuda {

__device__ __forceinline__ void pdl_trigger() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

__device__ __forceinline__ void pdl_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// Hint: bring the 128-byte line holding p into L2 (no register, no ordering; safe before pdl_wait
// for constant data).
__device__ __forceinline__ void prefetch_l2(const void* p) {
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
}

// Whether kernels launched on the current device may use PDL: compute capability 9.0 or newer and
// not switched off with TESSERA_CUDA_PDL=0. Cheap (an attribute read, no synchronisation).
inline bool pdl_enabled() {
  const char* e = std::getenv("TESSERA_CUDA_PDL");
  if (e != nullptr && e[0] == '0') return false;
  int dev = 0, major = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) return false;
  if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) != cudaSuccess) return false;
  return major >= 9;
}

// kernel<<<grid, block, smem, stream>>>(args...) with the PDL attribute where enabled. Returns the
// launch's error code (check it with check_launch / TESSERA_CUDA_CHECK_LAUNCH as for <<<>>>).
template <typename... KernelParams, typename... Args>
cudaError_t launch_kernel(void (*kernel)(KernelParams...), dim3 grid, dim3 block, size_t smem, cudaStream_t stream,
                          Args&&... args) {
  cudaLaunchConfig_t config{};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = smem;
  config.stream = stream;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  config.attrs = attribute;
  config.numAttrs = pdl_enabled() ? 1 : 0;
  return cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...);
}

}  // namespace tessera::cuda
