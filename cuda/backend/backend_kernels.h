// Small kernels the CUDA backend's forward pass needs beyond cuda/kernels: broadcast bias adds.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"

namespace tessera::cuda {

// y[t * ld + i] += b[i] for t < n_rows, i < n (device pointers); b == nullptr: nothing to add.
// Never synchronises.
Status add_bias_rows(float* y, int64_t ld, const float* b, int64_t n, int64_t n_rows, cudaStream_t stream);

}  // namespace tessera::cuda
