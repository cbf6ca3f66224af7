// Device code for the quantized KV cache (kv_cache.h states the row layout): encoding one block of
// 32 values held one per lane by a warp (the cache writes: kv_cache.cu, rope.cu), and decoding 8
// consecutive values of a row to fp16 (attention.cu reads tiles through it).
#pragma once

#include <cuda_fp16.h>

#include <cstdint>

#include "backend/backend.h"
#include "quant/blocks.h"

namespace tessera::cuda::kvq {

constexpr int kBlock = 32;

template <KvCacheType T>
struct Layout;
template <>
struct Layout<KvCacheType::Q8_0> {
  static constexpr int kBytes = sizeof(BlockQ8_0);  // 34
};
template <>
struct Layout<KvCacheType::Q4_0> {
  static constexpr int kBytes = sizeof(BlockQ4_0);  // 18
};

__device__ __forceinline__ uint16_t fp16_bits(float x) {
  return __half_as_ushort(__float2half_rn(x));
}
__device__ __forceinline__ float fp16_value(uint16_t b) {
  return __half2float(__ushort_as_half(b));
}

// Encodes the warp's 32 values (x: this lane's value, lane = element index; every lane of the warp
// takes part) into the block at `block` (2-byte aligned). See kv_cache.h for the arithmetic.
template <KvCacheType T>
__device__ __forceinline__ void encode_block_warp(float x, int lane, uint8_t* block) {
  if constexpr (T == KvCacheType::Q8_0) {
    float amax = fabsf(x);
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xFFFFFFFFu, amax, off));
    const uint16_t d_bits = fp16_bits(amax / 127.0f);
    const float d = fp16_value(d_bits);
    const float id = d != 0.0f ? 1.0f / d : 0.0f;
    const int q = d != 0.0f ? max(-127, min(127, __float2int_rn(x * id))) : 0;
    block[2 + lane] = static_cast<uint8_t>(static_cast<int8_t>(q));
    if (lane == 0) *reinterpret_cast<uint16_t*>(block) = d_bits;
  } else {
    // The value of largest magnitude (the first such element on ties, as ggml's loop keeps it).
    float m = x;
    int at = lane;
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
      const float om = __shfl_xor_sync(0xFFFFFFFFu, m, off);
      const int oat = __shfl_xor_sync(0xFFFFFFFFu, at, off);
      if (fabsf(om) > fabsf(m) || (fabsf(om) == fabsf(m) && oat < at)) {
        m = om;
        at = oat;
      }
    }
    const float d = m / -8.0f;
    const float id = d != 0.0f ? 1.0f / d : 0.0f;
    const int q = min(15, static_cast<int>(x * id + 8.5f));
    const int hi = __shfl_down_sync(0xFFFFFFFFu, q, 16);
    if (lane < 16) block[2 + lane] = static_cast<uint8_t>(q | (hi << 4));
    if (lane == 0) *reinterpret_cast<uint16_t*>(block) = fp16_bits(d);
  }
}

// The block a warp of a quantized cache write encodes (kv_cache.cu, rope.cu): warp w of the grid
// takes token w / (2 nb), block (w / 2) % nb of the row's nb blocks, K when w is even, V when odd.
struct BlockWarp {
  int token, block, lane;
  bool is_k;
  int position;  // positions[token]
  int element;   // block * 32 + lane: this lane's value of the row (>= kv_dim: padding, encoded as 0)
};

// This thread's BlockWarp, or false when its warp has nothing to write (past the grid, or a position
// outside [0, capacity), as kv_cache_write skips). Whole warps return together.
__device__ __forceinline__ bool block_warp(int n_tokens, int kv_dim, const int32_t* __restrict__ positions,
                                           int capacity, BlockWarp& out) {
  const int nb = (kv_dim + kBlock - 1) / kBlock;
  const int64_t w = (static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  if (w >= static_cast<int64_t>(n_tokens) * nb * 2) return false;
  out.token = static_cast<int>(w / (2 * nb));
  out.block = static_cast<int>((w / 2) % nb);
  out.lane = threadIdx.x & 31;
  out.is_k = (w & 1) == 0;
  out.position = positions[out.token];
  out.element = out.block * kBlock + out.lane;
  return out.position >= 0 && out.position < capacity;
}

// Values [i, i + 8) of a cache row (i a multiple of 8) as 8 fp16 values packed in a uint4.
// `row` is the row's first byte (2-byte aligned).
template <KvCacheType T>
__device__ __forceinline__ uint4 decode8(const uint8_t* __restrict__ row, int i) {
  const uint8_t* b = row + (i / kBlock) * Layout<T>::kBytes;
  const int w = i % kBlock;  // 0, 8, 16 or 24
  const float d = fp16_value(*reinterpret_cast<const uint16_t*>(b));
  float f[8];
  if constexpr (T == KvCacheType::Q8_0) {
    const uint16_t* q = reinterpret_cast<const uint16_t*>(b + 2 + w);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const uint16_t two = q[k];
      f[2 * k] = d * static_cast<float>(static_cast<int8_t>(two & 0xFF));
      f[2 * k + 1] = d * static_cast<float>(static_cast<int8_t>(two >> 8));
    }
  } else {
    // Byte j of qs holds element j (low nibble) and j + 16 (high nibble).
    const uint16_t* q = reinterpret_cast<const uint16_t*>(b + 2 + (w & 15));
    const int shift = w >= 16 ? 4 : 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const uint32_t two = q[k] >> shift;
      f[2 * k] = d * static_cast<float>(static_cast<int>(two & 0xF) - 8);
      f[2 * k + 1] = d * static_cast<float>(static_cast<int>((two >> 8) & 0xF) - 8);
    }
  }
  uint4 out;
  uint32_t* o = reinterpret_cast<uint32_t*>(&out);
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    const __half2 h = __floats2half2_rn(f[2 * k], f[2 * k + 1]);
    o[k] = *reinterpret_cast<const uint32_t*>(&h);
  }
  return out;
}

}  // namespace tessera::cuda::kvq
