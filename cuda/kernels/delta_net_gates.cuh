// The per-head gates of a Gated DeltaNet layer (model_spec.h), as device functions shared by the
// gates kernel (prompts) and the fused decode step, so both compute the same values as the CPU
// reference (cpu::sigmoid, cpu::softplus):
//   beta = sigmoid(b_e),  g = A[e] * softplus(a_e + dt_bias[e])   (g < 0: the state's decay log)
// The logits of one token sit in one row `ba` of 2 Hv floats in groups of 2r (r = `group`): group
// i holds the beta logits of heads i r .. i r + r - 1, then their decay logits. Qwen3-Next's ssm_ba
// rows are already so (r = Hv / Hk); Qwen3.5's separate ssm_beta and ssm_alpha rows written side by
// side are one group (r = Hv).
#pragma once

#include <cuda_runtime.h>

namespace tessera::cuda::detail {

__device__ __forceinline__ float softplus(float x) {
  return x > 20.0f ? x : log1pf(expf(x));
}

__device__ __forceinline__ void delta_gates(const float* ba, int e, int group, const float* rate, const float* dt_bias,
                                            float& g, float& beta) {
  const int base = e / group * 2 * group + e % group;
  beta = 1.0f / (1.0f + expf(-ba[base]));
  g = rate[e] * softplus(ba[base + group] + dt_bias[e]);
}

}  // namespace tessera::cuda::detail
