// Activation functions shared by the kernels that apply them (the SwiGLU kernel and the fused
// gate|up matvec), so both compute bit-identical values.
#pragma once

#include "backend/model_spec.h"

namespace tessera::cuda::detail {

// x * sigmoid(x), as the CPU reference computes it.
__device__ __forceinline__ float silu(float a) {
  return a / (1.0f + expf(-a));
}

// 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), as the CPU reference's GeGLU computes it.
__device__ __forceinline__ float gelu_tanh(float a) {
  return 0.5f * a * (1.0f + tanhf(0.7978845608028654f * (a + 0.044715f * a * a * a)));
}

// gpt-oss's clamped SwiGLU, as the CPU reference's swiglu_oai: min(g, 7) sigmoid(1.702 min(g, 7))
// (clamp(u, -7, 7) + 1).
__device__ __forceinline__ float swiglu_oai(float gate, float up) {
  const float g = fminf(gate, kSwiGluOaiLimit);
  const float u = fminf(fmaxf(up, -kSwiGluOaiLimit), kSwiGluOaiLimit);
  return g / (1.0f + expf(-kSwiGluOaiAlpha * g)) * (u + 1.0f);
}

// The activation codes of the kernels' arguments: 0 SiLU, 1 GELU (tanh form), 2 gpt-oss's SwiGLU.
inline int activation_code(FfnActivation act) {
  return act == FfnActivation::GeluTanh ? 1 : act == FfnActivation::SwiGluOai ? 2 : 0;
}

// glu(gate, up) for an activation code: act(gate) * up, or swiglu_oai.
__device__ __forceinline__ float glu(int act, float gate, float up) {
  if (act == 2) return swiglu_oai(gate, up);
  return (act == 1 ? gelu_tanh(gate) : silu(gate)) * up;
}

}  // namespace tessera::cuda::detail
