// Fused dequantize + dot product: the inner loop of the CPU backend's matrix-vector product.
//
// A row of a weight matrix stays in its GGUF encoding; each block is decoded into a small stack
// buffer and multiplied into 16 independent float accumulators (so the compiler can vectorise
// without reassociating a single sum). No heap allocation, no state; safe to call from many threads.
// The result equals the dot product of dequantize_row's output with x up to float summation order.
#pragma once

#include <cstddef>
#include <cstdint>

#include "quant/ggml_type.h"

namespace tessera {

// sum_i dequant(row)_i * x[i] for i in [0, n).
// Preconditions (not checked; validate once per tensor with require_supported / row_size):
// - is_supported(type);
// - n >= 0 and n is a multiple of type_info(type).block_size;
// - row points at row_size(type, n) bytes aligned to row_alignment(type); x at n floats.
// Returns 0 for n == 0.
float dot_row(GgmlType type, const void* row, const float* x, int64_t n);

// out[r] = dot_row(type, matrix + r * row_stride_bytes, x, n) for r in [0, n_rows).
// Same preconditions per row; row_stride_bytes >= row_size(type, n) and keeps every row aligned.
void dot_rows(GgmlType type, const void* matrix, size_t row_stride_bytes, int64_t n_rows, const float* x, int64_t n,
              float* out);

}  // namespace tessera
