// Element-wise kernels of the forward pass. All device pointers, contiguous, never synchronising.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "backend/model_spec.h"
#include "common/error.h"

namespace tessera::cuda {

// out[i] = silu(gate[i]) * up[i], silu(a) = a / (1 + exp(-a)). out may alias gate or up.
Status swiglu(const float* gate, const float* up, float* out, int64_t n, cudaStream_t stream);
// out[i] = act(gate[i]) * up[i] for SiLU or GELU (tanh form), as the CPU reference. out may alias.
Status glu(FfnActivation act, const float* gate, const float* up, float* out, int64_t n, cudaStream_t stream);

// x[i] *= s.
Status scale(float* x, int64_t n, float s, cudaStream_t stream);

// x[i] = cap * tanh(x[i] / cap) (logit soft-capping), cap > 0.
Status softcap(float* x, int64_t n, float cap, cudaStream_t stream);

// out[i] = a[i] + b[i]. out may alias a or b.
Status add(const float* a, const float* b, float* out, int64_t n, cudaStream_t stream);

// dst[i] = fp16(src[i]) (round to nearest even; dst holds raw fp16 bits).
Status convert_f32_to_f16(const float* src, uint16_t* dst, int64_t n, cudaStream_t stream);

}  // namespace tessera::cuda
