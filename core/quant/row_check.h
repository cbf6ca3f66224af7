// Argument validation shared by dequantize_row and quantize_row (internal to core/quant).
#pragma once

#include <cstdint>

#include "common/error.h"
#include "quant/ggml_type.h"

namespace tessera::quant_detail {

// Checks that `type` is a known, supported ggml type, that n is a non-negative multiple of its
// block size, that the pointers are non-null when n > 0, and that `blocks` is aligned for the
// type's blocks (row_alignment(type)). `op` names the caller in the
// message ("dequantize_row: ...").
Status check_row_args(const char* op, GgmlType type, const void* blocks, const float* floats, int64_t n);

}  // namespace tessera::quant_detail
