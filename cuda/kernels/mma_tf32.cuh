// The TF32 tensor-core product of the f32 kernels (delta_rule_chunked.cu): mma.sync m16n8k8 with
// TF32 inputs and f32 accumulators. Fragments (PTX ISA, "Matrix fragments for mma.m16n8k8", .tf32),
// with g = lane / 4 and q = lane % 4:
//   A (16 x 8, row): a0 (row g, k q), a1 (g + 8, q), a2 (g, q + 4), a3 (g + 8, q + 4)
//   B (8 x 8, col):  b0 (k q, column g), b1 (k q + 4, column g)
//   C (16 x 8, f32): c0 (row g, column 2q), c1 (g, 2q + 1), c2 (g + 8, 2q), c3 (g + 8, 2q + 1)
// tests/cuda_emulated replaces this header with a host model of the same contract.
#pragma once

#include <cstdint>

namespace tessera::cuda::mma {

// x rounded to TF32 (10 mantissa bits, to nearest, ties away from zero), as its 32-bit pattern.
__device__ __forceinline__ uint32_t to_tf32(float x) {
  uint32_t r;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
  return r;
}

// c (16x8) += a (16x8) * b (8x8).
__device__ __forceinline__ void mma_16808_tf32(float (&c)[4], uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3,
                                               uint32_t b0, uint32_t b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%0, %1, %2, %3};\n"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}

}  // namespace tessera::cuda::mma
