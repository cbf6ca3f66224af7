// Random but valid tensor data generated on the device: benchmarks and synthetic models of real
// shapes without uploading gigabytes from the host. Deterministic for a seed (a counter hash).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "common/error.h"
#include "quant/ggml_type.h"

namespace tessera::cuda {

// Quantized types: every byte random except the fp16 scale fields, which get magnitudes in
// [2^-8, 2^-6) with random signs (dmin/m too), so dequantized values are O(0.1..1).
// F32/F16/BF16: uniform in [-1, 1). `rows` rows of `cols` elements, row_stride bytes apart.
Status fill_random_weights(GgmlType type, void* data, int64_t rows, int64_t cols, size_t row_stride, uint64_t seed,
                           cudaStream_t stream);

// x[i] uniform in [lo, hi).
Status fill_random_floats(float* x, int64_t n, uint64_t seed, float lo, float hi, cudaStream_t stream);

}  // namespace tessera::cuda
