// Tensor-core building blocks shared by the mma.sync kernels (attention_mma.cu, expert_gemm.cu):
// ldmatrix loads of 8x8 f16 tiles from shared memory and the m16n8k16 f16 product with f32
// accumulators. Fragment layouts (PTX ISA, "Matrix fragments for mma.m16n8k16"):
//   A (16x16, row-major): a[0] rows 0-7 k 0-7, a[1] rows 8-15 k 0-7, a[2] rows 0-7 k 8-15,
//     a[3] rows 8-15 k 8-15; each register two halves (row lane / 4, k 2 (lane % 4) and +1).
//   B (16x8, "col"): b[0] k 0-7, b[1] k 8-15; each two halves (k 2 (lane % 4) and +1, n lane / 4).
//   C (16x8, f32): c[0], c[1] at row lane / 4, columns 2 (lane % 4) and +1; c[2], c[3] 8 rows below.
// So a C tile's registers, packed to f16 pairs, are the A fragment of the next product (flash
// attention's P V), and a B operand stored as [n][k] rows (K for Q K^T, a token's activations) loads
// with plain ldmatrix, one stored as [k][n] (V) with .trans.
#pragma once

#include <cuda_fp16.h>

#include <cstdint>

namespace tessera::cuda::mma {

__device__ __forceinline__ uint32_t shared_address(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// Four 8x8 b16 matrices; lane l gives the row address of matrix l / 8, row l % 8 (16-byte aligned).
// Register i holds matrix i's elements (row lane / 4, columns 2 (lane % 4) and +1).
__device__ __forceinline__ void ldmatrix_x4(uint32_t (&r)[4], const __half* p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(shared_address(p)));
}
// The same, each matrix transposed: register i holds (rows 2 (lane % 4) and +1, column lane / 4).
__device__ __forceinline__ void ldmatrix_x4_trans(uint32_t (&r)[4], const __half* p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(shared_address(p)));
}

// c (16x8, f32) += a (16x16, f16) * b (16x8, f16).
__device__ __forceinline__ void mma_16816(float (&c)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%0, %1, %2, %3};\n"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// Two floats as an f16 pair, `lo` in the lower 16 bits (the lower-indexed element of a fragment).
__device__ __forceinline__ uint32_t pack_half2(float lo, float hi) {
  const __half2 h = __floats2half2_rn(lo, hi);
  return *reinterpret_cast<const uint32_t*>(&h);
}

}  // namespace tessera::cuda::mma
