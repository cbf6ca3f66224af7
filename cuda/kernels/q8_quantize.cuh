// The int8 quantization of activations for the quantized matvec, on the device, in the two thread
// mappings the kernels use. Both compute qd::quantize_x_block's arithmetic (quant_decode.cuh:
// d = max|x| / 127, q = round-to-nearest-even(x / d), the sums of q over each 16-element half), so
// every producer writes the same bytes for the same 32 values. Layout: matvec_internal.h
// (q8_vector_bytes: the int8 values of a vector, then one Q8Scale per 32).
#pragma once

#include <cstdint>

#include "kernels/quant_decode.cuh"

namespace tessera::cuda::detail {

__device__ __forceinline__ qd::Q8Scale q8_scale(float d, int s0, int s1) {
  qd::Q8Scale sc;
  sc.d = d;
  sc.s0 = static_cast<int16_t>(s0);
  sc.s1 = static_cast<int16_t>(s1);
  return sc;
}

// One 32-value block held one value per lane by a whole warp: lane i writes q[i], lane 0 the scale.
__device__ __forceinline__ void quantize_block_warp(float xv, int lane, uint8_t* q, qd::Q8Scale* scale) {
  float amax = fabsf(xv);
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xFFFFFFFFu, amax, off));
  const float d = amax / 127.0f;
  const float id = d > 0.0f ? 1.0f / d : 0.0f;
  const int v = __float2int_rn(xv * id);
  int s = v;
#pragma unroll
  for (int off = 8; off > 0; off >>= 1) s += __shfl_xor_sync(0xFFFFFFFFu, s, off);  // sums within each half
  const int s1 = __shfl_sync(0xFFFFFFFFu, s, 16);
  q[lane] = static_cast<uint8_t>(static_cast<int8_t>(v));
  if (lane == 0) *scale = q8_scale(d, s, s1);
}

// One 32-value block held four values per lane by 8 consecutive lanes (lane % 8 == 0 first): each
// lane writes its four bytes as one word, the first lane of the group the scale. Every lane of the
// warp takes part in the shuffles; only groups `inside` the row write.
__device__ __forceinline__ void quantize_block_8lanes(const float4& x, bool inside, uint32_t* q_word,
                                                      qd::Q8Scale* scale) {
  float amax = fmaxf(fmaxf(fabsf(x.x), fabsf(x.y)), fmaxf(fabsf(x.z), fabsf(x.w)));
#pragma unroll
  for (int off = 4; off > 0; off >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xFFFFFFFFu, amax, off));
  const float d = amax / 127.0f;
  const float id = d > 0.0f ? 1.0f / d : 0.0f;
  const int q0 = __float2int_rn(x.x * id), q1 = __float2int_rn(x.y * id);
  const int q2 = __float2int_rn(x.z * id), q3 = __float2int_rn(x.w * id);
  int s = q0 + q1 + q2 + q3;
#pragma unroll
  for (int off = 2; off > 0; off >>= 1) s += __shfl_xor_sync(0xFFFFFFFFu, s, off);  // per 16-element half
  const int s1 = __shfl_down_sync(0xFFFFFFFFu, s, 4);
  if (!inside) return;
  *q_word = (static_cast<uint32_t>(q0) & 0xFFu) | ((static_cast<uint32_t>(q1) & 0xFFu) << 8) |
            ((static_cast<uint32_t>(q2) & 0xFFu) << 16) | (static_cast<uint32_t>(q3) << 24);
  if ((threadIdx.x & 7) == 0) *scale = q8_scale(d, s, s1);
}

}  // namespace tessera::cuda::detail
