// CPU reference dequantization: one row of a GGUF tensor -> float32.
//
// This is the reference the CUDA kernels are tested against. Layouts: quant/blocks.h.
#pragma once

#include <cstdint>

#include "common/error.h"
#include "quant/ggml_type.h"

namespace tessera {

// Decodes `n` elements of `type` starting at `src` into dst[0..n).
// Supported: F32, F16, BF16, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q2_K..Q6_K, IQ4_NL, IQ4_XS, IQ3_XXS,
// IQ3_S, IQ2_XXS, IQ2_XS, IQ2_S, IQ1_S, IQ1_M, TQ1_0, TQ2_0, MXFP4 (supported_type_names()); the
// values are bit-identical to ggml's reference dequantizers.
// `src` holds n / block_size blocks (row_size(type, n) bytes) and must be aligned to
// row_alignment(type) bytes (GGUF tensor data always is).
// Errors: Unsupported for known types Tessera does not compute with (Q8_1, Q8_K, I8..F64),
// InvalidArgument for unknown type ids, n < 0 or not a multiple of the block size, null pointers
// (when n > 0) or a misaligned src. n == 0 does nothing.
Status dequantize_row(GgmlType type, const void* src, float* dst, int64_t n);

}  // namespace tessera
