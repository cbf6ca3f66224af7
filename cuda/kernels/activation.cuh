// Activation functions shared by the kernels that apply them (the SwiGLU kernel and the fused
// gate|up matvec), so both compute bit-identical values.
#pragma once

namespace tessera::cuda::detail {

// x * sigmoid(x), as the CPU reference computes it.
__device__ __forceinline__ float silu(float a) {
  return a / (1.0f + expf(-a));
}

// 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), as the CPU reference's GeGLU computes it.
__device__ __forceinline__ float gelu_tanh(float a) {
  return 0.5f * a * (1.0f + tanhf(0.7978845608028654f * (a + 0.044715f * a * a * a)));
}

// act(gate) * up for the activation code of the kernels' arguments: 0 SiLU, 1 GELU (tanh form).
__device__ __forceinline__ float glu(int act, float gate, float up) {
  return (act == 1 ? gelu_tanh(gate) : silu(gate)) * up;
}

}  // namespace tessera::cuda::detail
