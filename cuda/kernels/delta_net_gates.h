// The gates of a Gated DeltaNet layer for the tokens of a prompt (delta_net_gates.cuh says what
// they are and how the logits are laid out): g[t * Hv + e] and beta[t * Hv + e] for every token t <
// n_tok and value head e < Hv, from the logit rows ba + t * ba_stride. rate (ssm_a) and dt_bias
// hold Hv floats. The decode step computes the same values inside its own kernel.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"

namespace tessera::cuda {

Status delta_net_gates(const float* ba, int64_t ba_stride, int n_tok, int n_v_heads, int group, const float* rate,
                       const float* dt_bias, float* g, float* beta, cudaStream_t stream);

}  // namespace tessera::cuda
