// CPU reference quantization: float32 row -> one row of a GGUF tensor type.
//
// Used by tests, `synth` and model conversion, not on the inference path. Output follows the exact
// layouts of quant/blocks.h, so ggml-based programs read it as they read any GGUF file.
//
// Method per type (each minimises squared error with a small search, then rounds to nearest):
// - Q4_0, Q5_0: symmetric scale per 32 (both grid ends tried, least-squares refit); Q8_0: absmax/127.
// - Q4_1, Q5_1: scale + min per 32 (affine search, least-squares refit).
// - Q2_K, Q4_K, Q5_K: scale + min per sub-block (min <= 0), then the sub-block scales and mins are
//   quantized to 4 (Q2_K) or 6 bits against fp16 super-block scales d, dmin; each quantized
//   scale/min is then nudged by +-1 if that lowers the sub-block's error.
// - Q3_K, Q6_K: signed symmetric scale per 16, then quantized to 6 (Q3_K) or 8 (Q6_K) bits against an
//   fp16 super-block scale d, with the same +-1 nudge.
// - IQ4_NL, IQ4_XS: scale search over both ends of the non-linear level set with least-squares
//   refits, levels by nearest value (IQ4_XS: per-32 scales quantized to 6 bits against fp16 d).
// - MXFP4: the power-of-two scale nearest max|x| / 6 and its two neighbours, levels by nearest value.
// - TQ1_0, TQ2_0: ternary levels round(x / d), d from a small threshold search.
// - The codebook types IQ3_XXS, IQ3_S, IQ2_*, IQ1_* are read but not written (Unsupported).
// - F16, BF16: round to nearest even; F32: copy.
// RMS error relative to the RMS of normally distributed data (tests/core/quant/quantize_test.cpp
// asserts bounds just above these): Q8_0 0.0054, Q6_K 0.017, Q5_0 0.040, Q5_1 0.034, Q5_K 0.035,
// Q4_0 0.081, Q4_1 0.070, Q4_K 0.070, Q3_K 0.145, Q2_K 0.263 (new types: quantize_test.cpp).
// Speed: roughly 25-55 million elements/s per core for the searched types (Q8_0 ~280M/s); rows are
// independent, so callers parallelise over rows.
#pragma once

#include <cstdint>

#include "common/error.h"
#include "quant/ggml_type.h"

namespace tessera {

// Encodes src[0..n) as `type` into dst (row_size(type, n) bytes, aligned to 4 bytes for F32 and
// row_alignment(type) for the others). Types: as dequantize_row, less the codebook types above.
// Errors: as dequantize_row; plus InvalidArgument when a quantized type gets a NaN/inf input, or a
// block whose values are too large for its fp16 scale (naming the element or block). On error the
// contents of dst are unspecified.
Status quantize_row(GgmlType type, const float* src, void* dst, int64_t n);

}  // namespace tessera
