// Mixture-of-experts prefill on the tensor cores: every expert's routed rows in one launch per
// matrix (or per gate|up pair), the weights read in their quantized form, staged in shared memory
// by asynchronous copies and decoded there to f16, products by mma.sync m16n8k16 with f32
// accumulation.
//
// Why (docs/perf.md, "MoE prefill, round 3"): the first tensor-core version decoded each weight
// row straight from global memory, one thread per row and 32 columns per step, single-buffered:
// Nsight Compute showed it bound by L1 traffic (81-88%) with the DRAM at 2-8% and the tensor pipe
// idle. Here a CTA copies its 128 weight rows x 256 columns (one K-quant super-block per row) for
// the next step while it decodes and multiplies the current one, and the routed rows' inputs come
// as f16 rows by the same copies.
//
// Tiles: {e, r0, n} = tiles[3t .. 3t+2] for t < the tile count (device memory: *n_tiles when given,
// else max_tiles), 1 <= n <= tile_rows. Routed row r0 + v (v < n) of tile t is multiplied by expert
// e: its input is row x.rows[r0 + v] of x (or row r0 + v when x.rows is null). Tiles past the count
// do nothing, so a launch sized for the most tiles routing can produce needs no host round trip.
//
// Contract of expert_gemm (out = W x + bias):
//   y[(r0 + v) * ldy + i] = W_e row i . x_(r0+v) + bias[e * rows + i]   i < w.first.rows
// and of expert_gemm_glu (gate and up of the same experts, the activation applied, f16 out):
//   h[(r0 + v) * ldh + i] = f16(glu(act, Wg_e row i . x + bg[e * rows + i], Wu_e row i . x + bu[e * rows + i]))
// with glu of kernels/activation.cuh (SiLU, GELU-tanh, gpt-oss's clamped SwiGLU) and null
// biases read as zero. Weights decode exactly (the decoders of quant_decode.cuh) and round to f16;
// inputs are f16 already: the dequantize + cuBLAS path's rounding. Every quantized type with a
// CUDA decoder; expert e's rows start e * expert_bytes after first.data.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "backend/model_spec.h"
#include "common/error.h"
#include "kernels/matvec.h"

namespace tessera::cuda {

// The two tile sizes the kernel is built for: 32 routed rows (Qwen3-MoE at 512 tokens: ~32 rows
// per expert) or 64.
inline constexpr int kExpertGemmTileRowsSmall = 32;
inline constexpr int kExpertGemmTileRows = 64;

struct ExpertTiles {
  const int32_t* tiles = nullptr;       // device: {expert, first routed row, rows} per tile
  const int32_t* n_tiles = nullptr;     // device: the tiles in use (<= max_tiles); null: max_tiles
  int max_tiles = 0;                    // the launch's bound, 1..65535
  int tile_rows = kExpertGemmTileRows;  // 32 or 64: no tile has more rows
};

// The routed rows' inputs: f16 rows `ld` halves apart, 16-byte aligned (ld % 8 == 0).
struct ExpertInputs {
  const uint16_t* x = nullptr;
  int64_t ld = 0;
  const int32_t* rows = nullptr;  // device: the input row of routed row r (its token), or null: row r
};

// Whether the kernel takes these weights: a quantized type with a CUDA decoder, columns a multiple
// of 32 (of 256 for K-quants), rows aligned as the type's decoder assumes, a 4-byte aligned base and
// extent. Callers keep another path for the rest (float experts: per-expert GEMMs).
bool expert_gemm_supported(const ExpertWeights& w);

// Errors: unsupported weights (above), bad tiles or inputs (alignment, ld < cols), ldy < rows.
Status expert_gemm(const ExpertWeights& w, const float* bias, const ExpertTiles& tiles, const ExpertInputs& x,
                   float* y, int64_t ldy, cudaStream_t stream);

// Errors: as expert_gemm, and gate and up differing in type, shape, row stride or expert count.
Status expert_gemm_glu(const ExpertWeights& gate, const ExpertWeights& up, const float* gate_bias,
                       const float* up_bias, FfnActivation activation, const ExpertTiles& tiles,
                       const ExpertInputs& x, uint16_t* h, int64_t ldh, cudaStream_t stream);

}  // namespace tessera::cuda
