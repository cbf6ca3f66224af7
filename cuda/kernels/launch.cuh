// Kernel launches with programmatic dependent launch (PDL), for every kernel of the forward pass.
//
// Why: a decode step is ~300-500 kernels, most of them 2-30 us long. Between two dependent kernels
// in a stream (or a CUDA graph) the GPU normally drains the first grid completely, then launches
// the second, with the SMs idle meanwhile. On compute capability 9.0+ a kernel launched with the
// programmatic-stream-serialization attribute may be launched before its predecessor ends; it
// must then execute `griddepcontrol.wait` (pdl_wait) before it touches memory the predecessor
// writes or reads.
//
// Contract every kernel launched through launch_kernel() keeps:
//   1. pdl_wait() before any global memory access;
//   2. pdl_trigger() (optional) once its CTA has done its heavy reading: the next kernel of the
//      stream launches when every CTA has triggered or exited, so its launch overlaps this
//      kernel's tail. Without it, a CTA triggers when it exits.
// pdl_wait waits for the whole predecessor grid to complete and its memory to be visible, and the
// predecessor itself waited for its own predecessor, so ordering stays transitive across a step.
//
// Measured (docs/perf.md, v3): triggering at the very start of every kernel, with L2 prefetches
// of weights before the wait, made decode 2-3% slower than no PDL: early-launched CTAs took SM
// slots in whatever order the predecessor freed them and the prefetched lines were evicted by
// the predecessor's stream before use. Hence the trigger after the main loop, and no prefetch.
// On older GPUs kernels launch with plain stream order and the two instructions are not emitted.
#pragma once

#include <cuda_runtime_api.h>

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

// Whether kernels launched on the current device may use PDL: compute capability 9.0 or newer.
// (Its A/B switch, TESSERA_CUDA_PDL=0, measured in docs/perf.md v3, is gone: library code reads no
// environment, and the measured answer is "on".) Called for every launch: the device attribute is a
// cached runtime lookup.
inline bool pdl_enabled() {
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
