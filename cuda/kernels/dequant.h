// Whole-row dequantization on the device: to f16 (the input of the prefill GEMM) and to f32
// (get_rows: the embedding lookup), for every supported type. Same decoders as the matvec
// (quant_decode.cuh), so the three agree element for element up to float rounding.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"
#include "kernels/matvec.h"

namespace tessera::cuda {

// dst[r * ld_dst + c] = fp16(W[row0 + r][c]) for r < n_rows, c < cols. dst holds raw fp16 bits.
// Rounds to nearest even; values beyond the f16 range become inf (weights never are).
Status dequantize_rows_f16(const WeightMatrix& w, int64_t row0, int64_t n_rows, uint16_t* dst, int64_t ld_dst,
                           cudaStream_t stream);

// Embedding lookup: out[t * ld_out + c] = W[ids[t]][c] as f32 for t < n_ids. `ids` is device
// memory (so a captured graph reads the current tokens). An id outside [0, rows) gives a row of
// zeros (the caller validates token ids before they reach the device).
Status get_rows(const WeightMatrix& w, const int32_t* ids, int n_ids, float* out, int64_t ld_out, cudaStream_t stream);

}  // namespace tessera::cuda
