// The gated RMS norm of a Gated DeltaNet layer's output, per value head (model_spec.h):
//   out_e = x_e / sqrt(mean(x_e^2) + eps) * w * silu(z_e)
// for every token t < n_tok and head e < n_heads: x_e = the head_dim floats at x + t * x_stride +
// e * head_dim, z_e likewise in z, out_e in out (which may alias x); w holds head_dim floats shared
// by the heads. This is cpu::gated_rms_norm. head_dim: a multiple of 16, at most 256. The fused
// decode step (delta_rule.h) applies the same norm inside its own kernel.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"

namespace tessera::cuda {

Status gated_rms_norm(const float* x, int64_t x_stride, const float* z, int64_t z_stride, const float* w, float* out,
                      int64_t out_stride, int n_tok, int n_heads, int head_dim, float eps, cudaStream_t stream);

}  // namespace tessera::cuda
