#include "kernels/random_fill.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <string>

#include "cuda_check.h"
#include "kernels/quant_decode.cuh"

namespace tessera::cuda {
namespace {

__device__ __forceinline__ uint64_t mix64(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

__device__ __forceinline__ float unit(uint64_t h) { return static_cast<float>(h >> 40) * (1.0f / 16777216.0f); }

// One thread per block: random 16-bit units (blocks of an even size are 2-byte aligned; MXFP4's
// 17-byte blocks are written byte by byte), then valid scales.
__global__ void fill_blocks_kernel(uint8_t* data, int64_t rows, int64_t blocks_per_row, size_t row_stride,
                                   int block_bytes, int type_id, uint64_t seed) {
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= rows * blocks_per_row) return;
  const int64_t r = g / blocks_per_row, b = g % blocks_per_row;
  uint8_t* blk = data + r * row_stride + b * block_bytes;
  uint16_t* u = reinterpret_cast<uint16_t*>(blk);
  const bool even = block_bytes % 2 == 0 && reinterpret_cast<uintptr_t>(blk) % 2 == 0;
  uint64_t h = 0;
  for (int i = 0; i < (block_bytes + 1) / 2; ++i) {
    if (i % 4 == 0) h = mix64(seed ^ (static_cast<uint64_t>(g) * 64 + static_cast<uint64_t>(i)));
    const uint16_t v = static_cast<uint16_t>(h >> (16 * (i % 4)));
    if (even) {
      u[i] = v;
    } else {
      blk[2 * i] = static_cast<uint8_t>(v);
      if (2 * i + 1 < block_bytes) blk[2 * i + 1] = static_cast<uint8_t>(v >> 8);
    }
  }
  const GgmlType type = static_cast<GgmlType>(type_id);
  auto scale = [&](int k) {
    const uint64_t hs = mix64(seed * 31 + static_cast<uint64_t>(g) * 2 + k + 0x51ED);
    float v = (1.0f + 3.0f * unit(hs)) * (1.0f / 256.0f);
    if (hs & 1) v = -v;
    return __half_as_ushort(__float2half_rn(v));
  };
  int off[2];
  const int n = qd::scale_field_offsets(type, off);
  for (int k = 0; k < n; ++k) u[off[k] / 2] = scale(k);
  qd::set_special_block_scale(type, blk, scale(0));
}

__global__ void fill_floats_kernel(uint8_t* data, int64_t rows, int64_t cols, size_t row_stride, int type_id,
                                   uint64_t seed, float lo, float hi) {
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= rows * cols) return;
  const int64_t r = g / cols, c = g % cols;
  const float v = lo + (hi - lo) * unit(mix64(seed ^ (static_cast<uint64_t>(g) * 0x2545F4914F6CDD1Dull)));
  uint8_t* row = data + r * row_stride;
  if (type_id == static_cast<int>(GgmlType::F32)) {
    reinterpret_cast<float*>(row)[c] = v;
  } else if (type_id == static_cast<int>(GgmlType::F16)) {
    reinterpret_cast<uint16_t*>(row)[c] = __half_as_ushort(__float2half_rn(v));
  } else {
    reinterpret_cast<uint16_t*>(row)[c] = __bfloat16_as_ushort(__float2bfloat16_rn(v));
  }
}

}  // namespace

Status fill_random_weights(GgmlType type, void* data, int64_t rows, int64_t cols, size_t row_stride, uint64_t seed,
                           cudaStream_t stream) {
  if (!is_supported(type))
    return make_error(ErrorKind::Unsupported, "fill_random_weights: type " + std::string(type_name(type)));
  auto rb = row_size(type, cols);
  if (!rb.ok()) return rb.take_error();
  if (rows < 0 || row_stride < *rb) return make_error(ErrorKind::InvalidArgument, "fill_random_weights: bad shape");
  if (rows == 0) return {};
  const int threads = 256;
  const auto& info = type_info(type);
  auto* p = static_cast<uint8_t*>(data);
  if (type == GgmlType::F32 || type == GgmlType::F16 || type == GgmlType::BF16) {
    const int64_t n = rows * cols;
    fill_floats_kernel<<<static_cast<unsigned>((n + threads - 1) / threads), threads, 0, stream>>>(
        p, rows, cols, row_stride, static_cast<int>(type), seed, -1.0f, 1.0f);
    TESSERA_CUDA_CHECK_LAUNCH("fill_floats_kernel");
    return {};
  }
  const int64_t nb = cols / info.block_size;
  const int64_t n = rows * nb;
  fill_blocks_kernel<<<static_cast<unsigned>((n + threads - 1) / threads), threads, 0, stream>>>(
      p, rows, nb, row_stride, static_cast<int>(info.type_size), static_cast<int>(type), seed);
  TESSERA_CUDA_CHECK_LAUNCH("fill_blocks_kernel");
  return {};
}

Status fill_random_floats(float* x, int64_t n, uint64_t seed, float lo, float hi, cudaStream_t stream) {
  if (n <= 0) return {};
  const int threads = 256;
  fill_floats_kernel<<<static_cast<unsigned>((n + threads - 1) / threads), threads, 0, stream>>>(
      reinterpret_cast<uint8_t*>(x), 1, n, static_cast<size_t>(n) * 4, static_cast<int>(GgmlType::F32), seed, lo, hi);
  TESSERA_CUDA_CHECK_LAUNCH("fill_floats_kernel");
  return {};
}

}  // namespace tessera::cuda
