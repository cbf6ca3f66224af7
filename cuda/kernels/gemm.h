// Prompt processing: Y = X W^T on tensor cores (cuBLAS, f16 inputs, f32 accumulation), with W kept
// in its GGUF encoding and dequantized to f16 one slice of rows at a time into a reused scratch
// buffer, so no full-size f16 copy of any weight ever exists.
//
// Precision: X and W are rounded to f16 (11-bit mantissa; |X| must stay below 65504), products are
// accumulated in f32 by cuBLAS: relative error ~1e-3 against an f64 reference.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "common/error.h"
#include "device_buffer.h"
#include "kernels/matvec.h"

namespace tessera::cuda {

// A cuBLAS handle bound to one device, with a workspace of kWorkspaceBytes (so cuBLAS never
// allocates inside a call, which also keeps calls capturable in a CUDA graph): its own, or a region
// of the caller's (the backend's scratch arena, placement/scratch_regions.h).
class CublasHandle {
 public:
  static constexpr size_t kWorkspaceBytes = kCublasWorkspaceBytes;  // cuBLAS' recommendation for Hopper

  CublasHandle() = default;
  ~CublasHandle();
  CublasHandle(CublasHandle&& other) noexcept;
  CublasHandle& operator=(CublasHandle&& other) noexcept;
  CublasHandle(const CublasHandle&) = delete;
  CublasHandle& operator=(const CublasHandle&) = delete;

  // Creates the handle on `device` (and leaves the calling thread's current device as it was), with
  // a workspace it allocates.
  static Result<CublasHandle> create(int device);
  // The same with the caller's workspace: `workspace` (device memory on `device`, 256-byte aligned,
  // kWorkspaceBytes long) must outlive the handle.
  static Result<CublasHandle> create(int device, void* workspace, size_t workspace_bytes);

  cublasHandle_t get() const { return handle_; }
  int device() const { return device_; }

 private:
  void destroy();

  cublasHandle_t handle_ = nullptr;
  int device_ = -1;
  DeviceBuffer workspace_;
};

// Scratch of the GEMM helper: the f16 copy of X and one slice of dequantized W rows.
struct GemmScratch {
  uint16_t* x_f16 = nullptr;
  size_t x_f16_bytes = 0;
  uint16_t* w_f16 = nullptr;
  size_t w_f16_bytes = 0;
};

// Bytes for the f16 copy of an X of n_tokens rows of `cols` values.
size_t gemm_x_f16_bytes(int64_t n_tokens, int64_t cols);
// Bytes of w_f16 scratch that let `rows_per_slice` rows of `cols` values be dequantized at once.
size_t gemm_w_f16_bytes(int64_t rows_per_slice, int64_t cols);

// Y[t][r] = sum_c X[t][c] W[r][c]  (+ Y[t][r] when accumulate)   for t < n_tokens, r < w.rows.
// X: n_tokens rows of w.cols floats, ldx floats apart; Y: n_tokens rows of w.rows floats, ldy apart.
// F16 weights are used in place (no scratch); other types are dequantized into scratch.w_f16 in
// slices of as many rows as fit (at least one row must fit). Stream-ordered, never synchronises.
Status gemm_xwt(const CublasHandle& handle, const WeightMatrix& w, const float* x, int64_t ldx, int n_tokens,
                float* y, int64_t ldy, const GemmScratch& scratch, cudaStream_t stream, bool accumulate = false);

// The same with X already converted to f16 (x_f16: n_tokens rows of w.cols halves, ldx apart), for
// matrices that share one input (Q, K, V; gate, up).
Status gemm_xwt_f16x(const CublasHandle& handle, const WeightMatrix& w, const uint16_t* x_f16, int64_t ldx,
                     int n_tokens, float* y, int64_t ldy, uint16_t* w_f16, size_t w_f16_bytes, cudaStream_t stream,
                     bool accumulate = false);

// Y[t][r] = sum_c X[t][c] W[r][c] in f32 (cuBLAS SGEMM, FP32 math: no TF32, no f16 rounding) for an
// F32 W: the mixture-of-experts router of a prompt, whose near-ties between experts must not flip
// because the rows went through f16 (the f16 GEMM above), and which is too small a matrix
// (n_expert x n_embd) to be worth its own kernel. Errors: W not F32, bad shapes.
Status gemm_f32_xwt(const CublasHandle& handle, const WeightMatrix& w, const float* x, int64_t ldx, int n_tokens,
                    float* y, int64_t ldy, cudaStream_t stream);

// dst[r * ld_dst + c] = fp16(src[r * ld_src + c]) for r < rows, c < cols.
Status convert_rows_f32_to_f16(const float* src, int64_t ld_src, uint16_t* dst, int64_t ld_dst, int64_t rows,
                               int64_t cols, cudaStream_t stream);

}  // namespace tessera::cuda
