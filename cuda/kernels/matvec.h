// Fused dequantize + matrix-vector product for decode: y = W x, W kept in its GGUF encoding.
//
// Decode is bound by reading W once, so the kernels are built around that read:
// - quantized types: x is first quantized to int8 per 32 elements (one small kernel; see
//   quant_decode.cuh for the exact arithmetic), then each warp takes one row and its lanes take
//   consecutive items of 32 elements (64 for Q4_K/Q5_K with one vector), decoded with as few
//   instructions per byte as the layout allows: integer dot products by dp4a, float scales per
//   16 or 32 elements. Decode is instruction-bound for the low-bit types (docs/perf.md has the
//   measured fraction of DRAM bandwidth per type). Precision: the q8 rounding of x costs ~0.5%
//   RMS relative error on normal data (tests bound it); against the q8-rounded x the result is
//   exact up to float summation order.
// - F32/F16/BF16: x stays f32; 16-byte loads of W, f32 accumulation.
// Measured figures and the history of the design (a shared-memory staged variant was slower and
// was dropped): docs/perf.md.
//
// Every kernel here is launched with programmatic dependent launch where the GPU has it
// (launch.cuh): it lets the next kernel launch once its weights are read.
//
// Nothing here synchronises the host or allocates: the caller owns the workspace, so a whole
// token step can be captured in a CUDA graph.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "common/error.h"
#include "placement/kernel_workspaces.h"
#include "backend/model_spec.h"
#include "quant/ggml_type.h"

namespace tessera::cuda {

// A weight matrix as GGUF stores it: `rows` rows of `cols` elements of `type`, row r starting at
// data + r * row_stride bytes (row_stride >= row_size(type, cols); == for a tensor as in the file).
// Kernels may read up to 2 bytes past the end of a row, never past the aligned 4-byte word that
// holds its last byte.
struct WeightMatrix {
  GgmlType type = GgmlType::F32;
  const void* data = nullptr;
  int64_t rows = 0;
  int64_t cols = 0;
  size_t row_stride = 0;
};

struct MatvecOptions {
  bool accumulate = false;  // y += W x (fuses a residual add) instead of y = W x
};

// kMaxMatvecVectors (vectors per call) and q8_activations_bytes (the int8 copy of n_vec activation
// vectors of `cols` elements, cols a multiple of 32) are core's (placement/kernel_workspaces.h), so
// the placement sizes the buffers these kernels check with the same numbers.

// Workspace matvec() needs: q8_activations_bytes for quantized types, 0 for F32/F16/BF16.
Result<size_t> matvec_workspace_bytes(GgmlType type, int64_t cols, int n_vec);

// y_v = W x_v (or y_v += W x_v) for v < n_vec (1..kMaxMatvecVectors).
// x_v = x + v * ldx (cols floats), y_v = y + v * ldy (rows floats); all device pointers.
// Errors: unsupported type, bad shape or alignment, too small a workspace, a launch failure.
Status matvec(const WeightMatrix& w, const float* x, int64_t ldx, float* y, int64_t ldy, int n_vec, void* workspace,
              size_t workspace_bytes, cudaStream_t stream, const MatvecOptions& options = {});

// The two halves of matvec() for quantized types, so that matrices sharing an input (Q, K, V;
// gate, up) quantize it once. `q8` holds q8_activations_bytes(cols, n_vec) bytes, 16-byte aligned.
// quantize_activations takes any number of vectors;
// matvec_q8 reads 1..kMaxMatvecVectors of them.
Status quantize_activations(const float* x, int64_t ldx, int64_t cols, int n_vec, void* q8, cudaStream_t stream);
Status matvec_q8(const WeightMatrix& w, const void* q8, int n_vec, float* y, int64_t ldy, cudaStream_t stream,
                 const MatvecOptions& options = {});

// The fused gate|up product and its gated activation (SwiGLU or GeGLU) of a decode step, one vector:
//   h[i] = act(W[i] . x) * (W[n + i] . x),  i < n = gate_up.rows / 2
// gate_up holds the gate rows then the up rows (gate_up.rows even). Float types read x (cols
// floats); quantized types read q8 (quantize_activations of x). One warp computes both rows of a
// pair, so h is written once and no gate/up vectors go through memory; h[i] equals
// glu(act, matvec(gate)[i], matvec(up)[i]) bit for bit.
Status matvec_glu(const WeightMatrix& gate_up, const float* x, const void* q8, float* h, cudaStream_t stream,
                  FfnActivation act = FfnActivation::SiLU);

// The matrices of a mixture-of-experts tensor: expert e's rows start e * expert_bytes after
// first.data (first: expert 0's rows; a 3-D GGUF expert tensor holds them back to back).
struct ExpertWeights {
  WeightMatrix first;
  size_t expert_bytes = 0;
  int32_t n_expert = 0;
};

// Decode with experts chosen on the device (ids: n_slots expert indices in device memory, read by
// the kernel, so the step stays capturable in a CUDA graph and reads only the chosen experts' rows):
//   y_s = W_{ids[s]} x_s,  s < n_slots,  y_s = y + s * ldy
// x_s is input vector s when per_slot_input (float types: x + s * ldx; quantized: vector s of q8,
// quantize_activations of n_slots vectors), else the one input vector for every slot.
Status matvec_experts(const ExpertWeights& w, const int32_t* ids, int n_slots, const float* x, int64_t ldx,
                      const void* q8, bool per_slot_input, float* y, int64_t ldy, cudaStream_t stream);
// h_s[i] = act(gate_{ids[s]} row i . x) * (up_{ids[s]} row i . x), one input vector, h_s = h + s * ldh;
// gate and up share their layout. Per slot equal to matvec_glu on the chosen expert's gate|up.
Status matvec_glu_experts(const ExpertWeights& gate, const ExpertWeights& up, const int32_t* ids, int n_slots,
                          const float* x, const void* q8, float* h, int64_t ldh, FfnActivation act,
                          cudaStream_t stream);

}  // namespace tessera::cuda
