// Activation functions shared by the kernels that apply them (the SwiGLU kernel and the fused
// gate|up matvec), so both compute bit-identical values.
#pragma once

namespace tessera::cuda::detail {

// x * sigmoid(x), as the CPU reference computes it.
__device__ __forceinline__ float silu(float a) {
  return a / (1.0f + expf(-a));
}

}  // namespace tessera::cuda::detail
