// A host model of the CUDA execution model, so kernel sources (cuda/kernels/*.cu) compile as C++
// and run without a GPU: tests/cuda_emulated force-includes this header into them.
//
// Each CUDA thread of a CTA is a fiber (its own stack, switched cooperatively on one OS thread);
// the CTAs of a grid run one after another. Fibers switch only where CUDA threads wait for each
// other: __syncthreads, warp shuffles (xor, broadcast and down) and the warp-wide tensor-core product (kernels/mma_tf32.cuh's
// model), and the scheduler resumes them in a shuffled order, so a kernel that relies on an order
// the barriers do not promise sees it broken here too. `__shared__` variables become function
// statics (one CTA at a time), dynamic shared memory is a per-CTA buffer filled with NaNs (a read
// before any write shows in the results). A barrier that some thread never reaches is reported as
// a deadlock (the test fails), not a hang.
//
// What it does not model: concurrency between CTAs (a kernel must not depend on it anyway), memory
// ordering between them, timing, and the real hardware's rounding of tensor-core sums (modelled in
// double, then rounded: the tests' tolerances cover TF32 inputs, which are modelled exactly).
#pragma once

#include <cuda_runtime.h>  // dim3, uint3, float2/float4 and their make_ functions, cudaError_t

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>

#undef __global__
#undef __device__
#undef __host__
#undef __shared__
#undef __forceinline__
#undef __launch_bounds__
#define __global__
#define __device__
#define __host__
#define __shared__ static
#define __forceinline__ inline
#define __launch_bounds__(...)

namespace tessera::cuda::emulation {

const uint3& thread_index();
const uint3& block_index();
const dim3& block_dim();
const dim3& grid_dim();

// Every live thread of the CTA arrives before any leaves.
void sync_threads();
// Deposits this lane's n (<= kExchangeWords) words, waits for the warp, and returns every lane's
// deposit: lane l's word i at [l * kExchangeWords + i], valid until the warp's next exchange but one.
inline constexpr int kExchangeWords = 8;
const uint32_t* warp_exchange(const uint32_t* words, int n);
// The CTA's dynamic shared memory.
void* dynamic_shared();

// Runs `thread_body` as every thread of every CTA of the grid. False (with `why`) when the launch is
// invalid for a real GPU too (more than 1024 threads, more than 227 KiB of dynamic shared memory).
bool run_grid(dim3 grid, dim3 block, size_t shared_bytes, const std::function<void()>& thread_body);

// Lane `source(lane)`'s value of v (a 32-bit type), after the whole warp deposited its own.
template <typename T, typename Source>
inline T shfl(T v, Source source) {
  static_assert(sizeof(T) == 4, "32-bit shuffles");
  uint32_t bits;
  __builtin_memcpy(&bits, &v, 4);
  const uint32_t* all = warp_exchange(&bits, 1);
  const uint32_t lane = thread_index().x & 31;
  const uint32_t other = all[(source(lane) & 31) * kExchangeWords];
  T r;
  __builtin_memcpy(&r, &other, 4);
  return r;
}
template <typename T>
inline T shfl_xor(T v, int lane_mask) {
  return shfl(v, [&](uint32_t lane) { return lane ^ static_cast<uint32_t>(lane_mask); });
}

}  // namespace tessera::cuda::emulation

#define threadIdx (::tessera::cuda::emulation::thread_index())
#define blockIdx (::tessera::cuda::emulation::block_index())
#define blockDim (::tessera::cuda::emulation::block_dim())
#define gridDim (::tessera::cuda::emulation::grid_dim())

inline void __syncthreads() {
  ::tessera::cuda::emulation::sync_threads();
}
template <typename T>
inline T __shfl_xor_sync(unsigned, T v, int lane_mask) {
  return ::tessera::cuda::emulation::shfl_xor(v, lane_mask);
}
// Lane src_lane's value (the broadcast form).
template <typename T>
inline T __shfl_sync(unsigned, T v, int src_lane) {
  return ::tessera::cuda::emulation::shfl(v, [&](uint32_t) { return static_cast<uint32_t>(src_lane); });
}
// Lane (lane + delta)'s value; lanes past the warp's end keep their own (the source is themselves).
template <typename T>
inline T __shfl_down_sync(unsigned, T v, unsigned delta) {
  return ::tessera::cuda::emulation::shfl(v, [&](uint32_t lane) { return lane + delta < 32 ? lane + delta : lane; });
}
// Round to nearest, ties to even (the default rounding mode's nearbyint).
inline int __float2int_rn(float x) {
  return static_cast<int>(std::nearbyint(x));
}
using std::max;
using std::min;
