// Host model of cuda/kernels/mma_tf32.cuh (the fragment layout that header states), on
// cuda_emulation.h's warp exchange: each lane deposits its fragments, then computes its four
// accumulators from the warp's whole A and B.
#pragma once

#include <cstdint>
#include <cstring>

#include "cuda_emulation.h"

namespace tessera::cuda::mma {

// Round to nearest, ties away from zero, keeping 10 mantissa bits (cvt.rna.tf32.f32).
inline uint32_t to_tf32(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  if ((u & 0x7F800000u) != 0x7F800000u) u = (u + 0x1000u) & 0xFFFFE000u;
  return u;
}

inline void mma_16808_tf32(float (&c)[4], uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t b0,
                           uint32_t b1) {
  const uint32_t mine[6] = {a0, a1, a2, a3, b0, b1};
  const uint32_t* all = emulation::warp_exchange(mine, 6);
  auto word = [&](int lane, int i) {
    float f;
    std::memcpy(&f, &all[lane * emulation::kExchangeWords + i], 4);
    return static_cast<double>(f);
  };
  // A (row r, k): lane (r % 8) * 4 + k % 4, register (r >= 8) + 2 (k >= 4).
  auto A = [&](int r, int k) { return word(r % 8 * 4 + k % 4, (r >= 8 ? 1 : 0) + (k >= 4 ? 2 : 0)); };
  // B (k, column n): lane n * 4 + k % 4, register 4 + (k >= 4).
  auto B = [&](int k, int n) { return word(n * 4 + k % 4, 4 + (k >= 4 ? 1 : 0)); };
  const int lane = static_cast<int>(emulation::thread_index().x & 31), g = lane / 4, q = lane % 4;
  for (int r = 0; r < 4; ++r) {
    const int row = g + (r >= 2 ? 8 : 0), col = 2 * q + (r & 1);
    double s = c[r];
    for (int k = 0; k < 8; ++k) s += A(row, k) * B(k, col);
    c[r] = static_cast<float>(s);
  }
}

}  // namespace tessera::cuda::mma
