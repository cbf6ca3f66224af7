// Mixture-of-experts prefill on the tensor cores: every expert's routed rows in one launch per
// matrix, the weights read in their quantized form and decoded to f16 tiles in shared memory,
// products by mma.sync m16n8k16 with f32 accumulation.
//
// Why: the grouped matvec (matvec_expert_tiles) sustains ~10 T multiply-adds/s, so Qwen3-30B-A3B's
// 512-token prefill runs at 0.45x llama.cpp (docs/perf.md); a tile of up to 64 rows here reuses
// each decoded weight for 64 rows on the tensor cores instead of 8 by dp4a.
//
// Contract (matvec_expert_tiles' with larger tiles and float inputs): for tile t < n_tiles,
// {e, r0, n} = tiles[3t .. 3t+2] (device memory; 1 <= n <= kExpertGemmTileRows):
//   y[(r0 + v) * ldy + i] = W_e row i . x_(r0+v),   v < n, i < w.first.rows
// x_r = x + x_rows[r] * ldx (cols floats; x_rows in device memory, the token of routed row r), or
// x + r * ldx when x_rows is null. Weights decode exactly (the decoders of quant_decode.cuh) and
// round to f16, inputs round to f16, as the dequantize + cuBLAS path does. Quantized types only.
// Expert e's rows start e * w.expert_bytes after w.first.data.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"
#include "kernels/matvec.h"

namespace tessera::cuda {

inline constexpr int kExpertGemmTileRows = 64;

// Errors: a float or unsupported type, bad tiles or shapes (cols not a multiple of 32, ldy < rows,
// ldx < cols), more than 65535 tiles, a launch failure.
Status expert_gemm_tiles(const ExpertWeights& w, const int32_t* tiles, int n_tiles, const float* x, int64_t ldx,
                         const int32_t* x_rows, float* y, int64_t ldy, cudaStream_t stream);

}  // namespace tessera::cuda
