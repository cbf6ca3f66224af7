// Shared between matvec.cu (API, x quantization, float types) and matvec_quant.cu (the quantized
// kernels, one instantiation set per type). Not part of the public API.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "common/error.h"
#include "kernels/matvec.h"
#include "quant/ggml_type.h"

#if defined(__CUDACC__)
#include "kernels/activation.cuh"
#endif

namespace tessera::cuda::detail {

// Layout of the quantized activations of one vector: `cols` int8 values, then cols/32 Q8Scale
// records; vectors are q8_vector_bytes apart (a multiple of 16; placement/kernel_workspaces.h).
inline size_t q8_scale_offset(int64_t cols) {
  return static_cast<size_t>(cols);
}

struct QuantMatvecArgs {
  const uint8_t* w = nullptr;
  size_t row_stride = 0;
  int64_t rows = 0;
  int64_t blocks_per_row = 0;
  const uint8_t* q8 = nullptr;
  size_t x_vec_bytes = 0;
  size_t x_scale_off = 0;
  int nv = 1;
  float* y = nullptr;
  int64_t ldy = 0;
  bool accumulate = false;
  int act = 0;  // GLU activation code (activation.cuh): 0 SiLU, 1 GELU (tanh), 2 gpt-oss
  // Mixture-of-experts selection (expert_ids null: off). CTA row y is slot s < n_slots, which uses
  // expert e = expert_ids[s] (device memory): its rows start e * expert_bytes after w (and after
  // w_up, the GLU's separate up matrix), its input is vector s of q8 when x_per_slot (else vector
  // 0), and it writes y + s * ldy. One vector per slot (nv == 1).
  const int32_t* expert_ids = nullptr;
  size_t expert_bytes = 0;
  const uint8_t* w_up = nullptr;  // GLU: up rows from here instead of after the gate rows in w
  bool x_per_slot = false;
  int n_slots = 1;
};

// Warps per CTA of the matvec kernels.
inline constexpr int kMatvecWarps = 4;

// glu: args.rows output rows from a matrix of 2 * args.rows rows (gate then up; or gate in w and
// up in w_up), one vector, y[i] = act(gate_i . x) * (up_i . x); accumulate must be false.
Status launch_quant_matvec(GgmlType type, const QuantMatvecArgs& args, bool glu, cudaStream_t stream);

}  // namespace tessera::cuda::detail
