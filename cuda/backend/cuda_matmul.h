// The matrix products of a block on one device, and the normed input they start from (internal to
// cuda/backend; the blocks in cuda_*_block.cpp, cuda_moe.cpp and cuda_blocks.cpp use them).
#pragma once

#include "backend/cuda_model.h"

namespace tessera::cuda {

using Input = MatmulInput;

bool is_float_type(GgmlType t);

// y = W x (+ y when accumulate) for n_tok rows: fused matvec up to kMaxMatvecVectors rows, else
// dequantize-to-f16 + tensor-core GEMM.
Status matmul(DeviceState& d, const WeightMatrix& w, Input& in, int n_tok, float* y, int64_t ldy, bool accumulate);

// RMSNorm of the residual rows into d.s.xb, as the input of the next matrices. A decode step whose
// next matrix is quantized gets the q8 copy from the same kernel (one launch instead of two).
Result<Input> norm_input(DeviceState& d, const float* x, int64_t E, const float* w, int n_tok, float eps,
                         const WeightMatrix& next, bool fuse);

// The first matrix each block multiplies its normed input by (what norm_input prepares for).
const WeightMatrix& first_attention_matrix(const DeviceLayer& l, int n_tok);
const WeightMatrix& first_ffn_matrix(const DeviceLayer& l, int n_tok);

}  // namespace tessera::cuda
