// Shared between matvec.cu (API, x quantization, float types) and matvec_quant.cu (the quantized
// kernels, one instantiation set per type). Not part of the public API.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "common/error.h"
#include "quant/ggml_type.h"

#if defined(__CUDACC__)
#include "kernels/activation.cuh"
#endif

namespace tessera::cuda::detail {

// Layout of the quantized activations of one vector: `cols` int8 values, then cols/32 Q8Scale
// records; vectors are q8_vector_bytes apart (a multiple of 16).
inline size_t q8_vector_bytes(int64_t cols) {
  const size_t raw = static_cast<size_t>(cols) + static_cast<size_t>(cols / 32) * 8;
  return (raw + 15) & ~static_cast<size_t>(15);
}
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
  int prefetch_lines = 0;  // 128-byte lines of each row prefetched into L2 before pdl_wait
};

// Warps per CTA of the matvec kernels.
inline constexpr int kMatvecWarps = 4;

// Lines of a row of `row_bytes` each warp prefetches into L2 before waiting for the previous
// kernel (launch.cuh): the first 2 KB, enough for the DRAM stream to be under way when the wait
// ends without flooding L2 (~8k resident rows x 2 KB = 17 MB of 50). TESSERA_CUDA_PREFETCH=0
// turns it off (A/B measurements).
inline int prefetch_lines(size_t row_bytes) {
  const char* e = std::getenv("TESSERA_CUDA_PREFETCH");
  if (e != nullptr && e[0] == '0') return 0;
  const size_t lines = (row_bytes + 127) / 128;
  return static_cast<int>(lines < 16 ? lines : 16);
}

// glu: args.rows output rows from a matrix of 2 * args.rows rows (gate then up), one vector,
// y[i] = silu(gate_i . x) * (up_i . x); accumulate must be false.
Status launch_quant_matvec(GgmlType type, const QuantMatvecArgs& args, bool glu, cudaStream_t stream);

}  // namespace tessera::cuda::detail
