// Byte layouts of ggml's quantized blocks, exactly as GGUF files store them (little-endian).
//
// This header is the specification the CPU reference (dequantize.cpp, quantize.cpp, dot.cpp) and the
// CUDA kernels are written from. Every struct has no padding (checked below) and alignment 2 (the
// fp16 fields), except MXFP4 and IQ1_M, which hold only bytes (alignment 1; MXFP4's 17-byte blocks
// sit at odd addresses): GGUF tensor data is 32-byte aligned and every other block size is even,
// so blocks in a mapped file are always suitably aligned.
//
// Notation: "element i" is the i-th float of the block, in row order. fp16 fields are raw IEEE
// binary16 bit patterns (see fp16.h). "lo(b)" = b & 0x0F, "hi(b)" = b >> 4.
//
// ---- 32-element blocks (QK = 32) -------------------------------------------------------------
// Q4_0  (18 B) d:fp16, qs[16]
//   q_i = lo(qs[i]) for i < 16, hi(qs[i-16]) for i >= 16     (so byte j holds elements j and j+16)
//   x_i = d * (q_i - 8)
// Q4_1  (20 B) d:fp16, m:fp16, qs[16]
//   q_i as Q4_0;  x_i = d * q_i + m
// Q5_0  (22 B) d:fp16, qh[4], qs[16]
//   h = qh as a little-endian uint32; fifth bit of element i is bit i of h (all 32 elements)
//   q_i = (lo/hi nibble as Q4_0) | (((h >> i) & 1) << 4);   x_i = d * (q_i - 16)
// Q5_1  (24 B) d:fp16, m:fp16, qh[4], qs[16]
//   q_i as Q5_0;  x_i = d * q_i + m
// Q8_0  (34 B) d:fp16, qs[32] (int8)
//   x_i = d * qs[i]
//
// ---- 256-element super-blocks (QK_K = 256) ---------------------------------------------------
// Q2_K  (84 B) scales[16], qs[64], d:fp16, dmin:fp16
//   16 sub-blocks of 16; sub-block s = i / 16 has scale lo(scales[s]) and min hi(scales[s]).
//   2-bit quant: half h = i / 128, j = (i % 128) / 32, l = i % 32:
//     q_i = (qs[32*h + l] >> (2*j)) & 3     (byte 32h+l holds elements 128h + l + {0,32,64,96})
//   x_i = d * lo(scales[s]) * q_i - dmin * hi(scales[s])
// Q3_K  (110 B) hmask[32], qs[64], scales[12], d:fp16
//   16 sub-blocks of 16 with signed 6-bit scales (see unpack_q3_k_scale); h, j, l as Q2_K:
//     low2_i = (qs[32*h + l] >> (2*j)) & 3
//     hbit_i = (hmask[l] >> (4*h + j)) & 1   (hmask byte l holds the high bits of elements
//                                             l + 32k, k = 0..7, in bit k)
//     q_i = low2_i + 4*hbit_i - 4            (range -4..3; a CLEAR high bit means "subtract 4")
//   x_i = d * scale(s) * q_i,  s = i / 16,  scale(s) in -32..31
// Q4_K  (144 B) d:fp16, dmin:fp16, scales[12], qs[128]
//   8 sub-blocks of 32 with unsigned 6-bit scale sc(s) and min m(s) (see unpack_k4_scale_min).
//   chunk c = i / 64, r = i % 64:  q_i = lo(qs[32*c + r]) for r < 32, hi(qs[32*c + r - 32]) else
//   (so byte 32c+l holds elements 64c + l (low nibble) and 64c + 32 + l (high nibble))
//   x_i = d * sc(s) * q_i - dmin * m(s),  s = i / 32
// Q5_K  (176 B) d:fp16, dmin:fp16, scales[12], qh[32], qs[128]
//   As Q4_K, plus a fifth bit: q_i = nibble_i | (((qh[i % 32] >> s) & 1) << 4), s = i / 32
//   (qh byte l holds the fifth bits of elements l + 32s, s = 0..7, in bit s)
//   x_i = d * sc(s) * q_i - dmin * m(s)
// Q6_K  (210 B) ql[128], qh[64], scales[16] (int8), d:fp16
//   16 sub-blocks of 16 with int8 scales. half h = i / 128, k = (i % 128) / 32, l = i % 32:
//     low4_i = lo(ql[64*h + 32*(k & 1) + l]) for k < 2, hi(ql[64*h + 32*(k & 1) + l]) for k >= 2
//     high2_i = (qh[32*h + l] >> (2*k)) & 3
//     q_i = (low4_i | (high2_i << 4)) - 32   (range -32..31)
//   x_i = d * scales[i / 16] * q_i
//
// ---- The 12-byte 6-bit scale packing of Q4_K / Q5_K (8 scales sc0..7, 8 mins m0..7) -----------
//   bytes 0..3 : sc0..sc3 in bits 0..5; bits 6..7 hold bits 4..5 of sc4..sc7
//   bytes 4..7 : m0..m3   in bits 0..5; bits 6..7 hold bits 4..5 of m4..m7
//   bytes 8..11: lo nibble = bits 0..3 of sc4..sc7, hi nibble = bits 0..3 of m4..m7
//
// ---- The 12-byte 6-bit scale packing of Q3_K (16 scales u0..15, stored as u = scale + 32) ------
//   bytes 0..7 : lo nibble = bits 0..3 of u0..u7, hi nibble = bits 0..3 of u8..u15
//   bytes 8..11: byte 8+k holds bits 4..5 of u_{k}, u_{k+4}, u_{k+8}, u_{k+12} in bit pairs
//                (0..1), (2..3), (4..5), (6..7)
//
// ---- Non-linear, codebook and ternary types ----------------------------------------------------
// Shared notation: "sign bit j of s" = (s >> j) & 1, set = negative. A "7-bit sign index" k
// (IQ2_XXS, IQ2_XS, IQ3_XXS) stands for the 8 signs k | (parity(k) << 7): an even number of the
// 8 elements are negative. Codebooks (grids): quant/iq_grids.h. kIq4Values = the 16 levels
// -127 -104 -83 -65 -49 -35 -22 -10 1 13 25 38 53 69 89 113; kFp4Values (MXFP4, doubled e2m1)
// = 0 1 2 3 4 6 8 12 0 -1 -2 -3 -4 -6 -8 -12.
// IQ4_NL  (18 B) d:fp16, qs[16]            (32 elements)
//   q_i as Q4_0;  x_i = d * kIq4Values[q_i]
// MXFP4   (17 B) e:uint8, qs[16]           (32 elements; alignment 1)
//   q_i as Q4_0;  x_i = kFp4Values[q_i] * E(e),  E(e) = 2^(e - 128) (e8m0 scale / 2; e = 0, 1 give
//   the binary32 subnormals 2^-128, 2^-127)
// IQ4_XS  (136 B) d:fp16, scales_h:u16, scales_l[4], qs[128]
//   8 sub-blocks of 32, s = i / 32: ls(s) = ((scales_l[s/2] >> 4*(s%2)) & 15) | (((scales_h >> 2s) & 3) << 4)
//   sub-block s as an IQ4_NL block on qs[16s..16s+16) with d_s = d * (ls(s) - 32)
// IQ2_XXS (66 B) d:fp16, qs:u16[32]
//   sub-block s (32 elements): words w0 = qs[4s], qs[4s+1] and w1 = qs[4s+2], qs[4s+3] as u32.
//   Group l (8 elements 32s + 8l + j): grid point kIq2xxs[byte l of w0], signs = 7-bit index
//   (w1 >> 7l) & 127.  db = d * (0.5 + (w1 >> 28)) * 0.25;  x = db * grid_j * sign_j
// IQ2_XS  (74 B) d:fp16, qs:u16[32], scales[8]
//   group g = i / 8: q = qs[g], grid point kIq2xs[q & 511], signs = 7-bit index q >> 9.
//   sub-block s, half h (16 elements): db = d * (0.5 + nibble h of scales[s]) * 0.25
// IQ2_S   (82 B) d:fp16, qs[32], signs[32], qh[8], scales[8]
//   group g = 8s + l: grid point kIq2s[qs[g] | (((qh[s] >> 2l) & 3) << 8)], signs = signs[g] (8 bits)
//   db as IQ2_XS
// IQ3_XXS (98 B) d:fp16, qs[64], ss:u32[8]
//   sub-block s: group l (8 elements): two 4-element grid points kIq3xxs[qs[8s+2l]], kIq3xxs[qs[8s+2l+1]];
//   signs = 7-bit index (ss[s] >> 7l) & 127;  db = d * (0.5 + (ss[s] >> 28)) * 0.5
// IQ3_S   (110 B) d:fp16, qs[64], qh[8], signs[32], scales[4]
//   sub-block s, group l: grid points kIq3s[qs[8s+2l+k] | (((qh[s] >> (2l+k)) & 1) << 8)], k = 0, 1;
//   signs = signs[4s+l];  db = d * (1 + 2 * (nibble s%2 of scales[s/2]))
// IQ1_S   (50 B) d:fp16, qs[32], qh:u16[8]
//   sub-block s: dl = d * (2 * ((qh[s] >> 12) & 7) + 1), delta = qh[s] & 0x8000 ? -1/8 : 1/8;
//   group l: grid point kIq1s[qs[4s+l] | (((qh[s] >> 3l) & 7) << 8)] (levels -1, 0, 1);
//   x = dl * (grid_j + delta)
// IQ1_M   (56 B) qs[32], qh[16], scales:u16[4]   (no separate d)
//   d = the fp16 whose bits 4k..4k+3 are bits 12..15 of scales[k];
//   sub-block s, half h: dl = d * (2 * ((scales[s/2] >> (6*(s%2) + 3h)) & 7) + 1);
//   group l (h = l/2), byte b = qh[2s + l/2], nibble n = (b >> 4*(l%2)) & 15:
//   grid point kIq1s[qs[4s+l] | ((n & 7) << 8)], delta = n & 8 ? -1/8 : 1/8;  x as IQ1_S
// TQ1_0   (54 B) qs[48], qh[4], d:fp16
//   trit n (0..4) of byte b: t = ((uint8_t)(b * 3^n) * 3) >> 8 (0..2); x = (t - 1) * d.
//   elements 32n + m: trit n of qs[m] (m < 32); 160 + 16n + m: trit n of qs[32+m] (m < 16);
//   240 + 4n + m: trit n of qh[m] (n < 4, m < 4)
// TQ2_0   (66 B) qs[64], d:fp16
//   element 128h + 32l + m: t = (qs[32h + m] >> 2l) & 3;  x = (t - 1) * d
#pragma once

#include <cstddef>
#include <cstdint>

namespace tessera {

inline constexpr int kQK = 32;    // elements per block of the 32-element types
inline constexpr int kQK_K = 256; // elements per K-quant super-block

struct BlockQ4_0 {
  uint16_t d;
  uint8_t qs[kQK / 2];
};
struct BlockQ4_1 {
  uint16_t d;
  uint16_t m;
  uint8_t qs[kQK / 2];
};
struct BlockQ5_0 {
  uint16_t d;
  uint8_t qh[4];
  uint8_t qs[kQK / 2];
};
struct BlockQ5_1 {
  uint16_t d;
  uint16_t m;
  uint8_t qh[4];
  uint8_t qs[kQK / 2];
};
struct BlockQ8_0 {
  uint16_t d;
  int8_t qs[kQK];
};
struct BlockQ2_K {
  uint8_t scales[kQK_K / 16];
  uint8_t qs[kQK_K / 4];
  uint16_t d;
  uint16_t dmin;
};
struct BlockQ3_K {
  uint8_t hmask[kQK_K / 8];
  uint8_t qs[kQK_K / 4];
  uint8_t scales[12];
  uint16_t d;
};
struct BlockQ4_K {
  uint16_t d;
  uint16_t dmin;
  uint8_t scales[12];
  uint8_t qs[kQK_K / 2];
};
struct BlockQ5_K {
  uint16_t d;
  uint16_t dmin;
  uint8_t scales[12];
  uint8_t qh[kQK_K / 8];
  uint8_t qs[kQK_K / 2];
};
struct BlockQ6_K {
  uint8_t ql[kQK_K / 2];
  uint8_t qh[kQK_K / 4];
  int8_t scales[kQK_K / 16];
  uint16_t d;
};

struct BlockIQ4_NL {
  uint16_t d;
  uint8_t qs[kQK / 2];
};
struct BlockMXFP4 {
  uint8_t e;
  uint8_t qs[kQK / 2];
};
struct BlockIQ4_XS {
  uint16_t d;
  uint16_t scales_h;
  uint8_t scales_l[kQK_K / 64];
  uint8_t qs[kQK_K / 2];
};
struct BlockIQ2_XXS {
  uint16_t d;
  uint16_t qs[kQK_K / 8];
};
struct BlockIQ2_XS {
  uint16_t d;
  uint16_t qs[kQK_K / 8];
  uint8_t scales[kQK_K / 32];
};
struct BlockIQ2_S {
  uint16_t d;
  uint8_t qs[kQK_K / 8];
  uint8_t signs[kQK_K / 8];
  uint8_t qh[kQK_K / 32];
  uint8_t scales[kQK_K / 32];
};
struct BlockIQ3_XXS {
  uint16_t d;
  uint8_t qs[kQK_K / 4];
  uint8_t ss[kQK_K / 8];  // 8 little-endian u32: sign indices and scale of each sub-block
};
struct BlockIQ3_S {
  uint16_t d;
  uint8_t qs[kQK_K / 4];
  uint8_t qh[kQK_K / 32];
  uint8_t signs[kQK_K / 8];
  uint8_t scales[kQK_K / 64];
};
struct BlockIQ1_S {
  uint16_t d;
  uint8_t qs[kQK_K / 8];
  uint16_t qh[kQK_K / 32];
};
struct BlockIQ1_M {
  uint8_t qs[kQK_K / 8];
  uint8_t qh[kQK_K / 16];
  uint8_t scales[kQK_K / 32];  // 4 little-endian u16 (the block is only byte-aligned in general use)
};
struct BlockTQ1_0 {
  uint8_t qs[48];
  uint8_t qh[4];
  uint16_t d;
};
struct BlockTQ2_0 {
  uint8_t qs[kQK_K / 4];
  uint16_t d;
};

// Sizes must match the type table in ggml_type.cpp (tests check type_info(...).type_size too).
static_assert(sizeof(BlockQ4_0) == 18 && alignof(BlockQ4_0) == 2);
static_assert(sizeof(BlockQ4_1) == 20 && alignof(BlockQ4_1) == 2);
static_assert(sizeof(BlockQ5_0) == 22 && alignof(BlockQ5_0) == 2);
static_assert(sizeof(BlockQ5_1) == 24 && alignof(BlockQ5_1) == 2);
static_assert(sizeof(BlockQ8_0) == 34 && alignof(BlockQ8_0) == 2);
static_assert(sizeof(BlockQ2_K) == 84 && alignof(BlockQ2_K) == 2);
static_assert(sizeof(BlockQ3_K) == 110 && alignof(BlockQ3_K) == 2);
static_assert(sizeof(BlockQ4_K) == 144 && alignof(BlockQ4_K) == 2);
static_assert(sizeof(BlockQ5_K) == 176 && alignof(BlockQ5_K) == 2);
static_assert(sizeof(BlockQ6_K) == 210 && alignof(BlockQ6_K) == 2);
static_assert(sizeof(BlockIQ4_NL) == 18 && alignof(BlockIQ4_NL) == 2);
static_assert(sizeof(BlockMXFP4) == 17 && alignof(BlockMXFP4) == 1);
static_assert(sizeof(BlockIQ4_XS) == 136 && offsetof(BlockIQ4_XS, scales_l) == 4 && offsetof(BlockIQ4_XS, qs) == 8);
static_assert(sizeof(BlockIQ2_XXS) == 66 && alignof(BlockIQ2_XXS) == 2);
static_assert(sizeof(BlockIQ2_XS) == 74 && offsetof(BlockIQ2_XS, scales) == 66);
static_assert(sizeof(BlockIQ2_S) == 82 && offsetof(BlockIQ2_S, signs) == 34 && offsetof(BlockIQ2_S, qh) == 66 &&
              offsetof(BlockIQ2_S, scales) == 74);
static_assert(sizeof(BlockIQ3_XXS) == 98 && offsetof(BlockIQ3_XXS, ss) == 66);
static_assert(sizeof(BlockIQ3_S) == 110 && offsetof(BlockIQ3_S, qh) == 66 && offsetof(BlockIQ3_S, signs) == 74 &&
              offsetof(BlockIQ3_S, scales) == 106);
static_assert(sizeof(BlockIQ1_S) == 50 && offsetof(BlockIQ1_S, qh) == 34);
static_assert(sizeof(BlockIQ1_M) == 56 && alignof(BlockIQ1_M) == 1 && offsetof(BlockIQ1_M, scales) == 48);
static_assert(sizeof(BlockTQ1_0) == 54 && offsetof(BlockTQ1_0, d) == 52);
static_assert(sizeof(BlockTQ2_0) == 66 && offsetof(BlockTQ2_0, d) == 64);
// Field offsets of the layouts above (the compiler inserts no padding; these make that explicit).
static_assert(offsetof(BlockQ5_0, qs) == 6 && offsetof(BlockQ5_1, qh) == 4 && offsetof(BlockQ5_1, qs) == 8);
static_assert(offsetof(BlockQ2_K, d) == 80 && offsetof(BlockQ2_K, dmin) == 82);
static_assert(offsetof(BlockQ3_K, qs) == 32 && offsetof(BlockQ3_K, scales) == 96 && offsetof(BlockQ3_K, d) == 108);
static_assert(offsetof(BlockQ4_K, scales) == 4 && offsetof(BlockQ4_K, qs) == 16);
static_assert(offsetof(BlockQ5_K, qh) == 16 && offsetof(BlockQ5_K, qs) == 48);
static_assert(offsetof(BlockQ6_K, qh) == 128 && offsetof(BlockQ6_K, scales) == 192 && offsetof(BlockQ6_K, d) == 208);

// Q4_K/Q5_K: scale and min (each 0..63) of sub-block j (0..7) from the 12 packed bytes.
constexpr void unpack_k4_scale_min(const uint8_t* packed, int j, uint8_t& scale, uint8_t& min) {
  if (j < 4) {
    scale = packed[j] & 63;
    min = packed[j + 4] & 63;
  } else {
    scale = static_cast<uint8_t>((packed[j + 4] & 0x0F) | ((packed[j - 4] >> 6) << 4));
    min = static_cast<uint8_t>((packed[j + 4] >> 4) | ((packed[j] >> 6) << 4));
  }
}

// Inverse of unpack_k4_scale_min. Precondition: every scale[j], min[j] <= 63.
constexpr void pack_k4_scales_mins(const uint8_t* scale, const uint8_t* min, uint8_t* packed) {
  for (int j = 0; j < 4; ++j) {
    packed[j] = static_cast<uint8_t>((scale[j] & 63) | ((scale[j + 4] >> 4) << 6));
    packed[j + 4] = static_cast<uint8_t>((min[j] & 63) | ((min[j + 4] >> 4) << 6));
    packed[j + 8] = static_cast<uint8_t>((scale[j + 4] & 0x0F) | ((min[j + 4] & 0x0F) << 4));
  }
}

// Q3_K: signed scale (-32..31) of sub-block j (0..15) from the 12 packed bytes.
constexpr int unpack_q3_k_scale(const uint8_t* packed, int j) {
  const int low4 = j < 8 ? (packed[j] & 0x0F) : (packed[j - 8] >> 4);
  const int high2 = (packed[8 + (j & 3)] >> (2 * (j >> 2))) & 3;
  return (low4 | (high2 << 4)) - 32;
}

// Inverse of unpack_q3_k_scale. Precondition: every scale[j] in -32..31.
constexpr void pack_q3_k_scales(const int8_t* scale, uint8_t* packed) {
  for (int k = 0; k < 12; ++k) packed[k] = 0;
  for (int j = 0; j < 16; ++j) {
    const int u = scale[j] + 32;  // 0..63
    if (j < 8) {
      packed[j] = static_cast<uint8_t>(packed[j] | (u & 0x0F));
    } else {
      packed[j - 8] = static_cast<uint8_t>(packed[j - 8] | ((u & 0x0F) << 4));
    }
    packed[8 + (j & 3)] = static_cast<uint8_t>(packed[8 + (j & 3)] | (((u >> 4) & 3) << (2 * (j >> 2))));
  }
}

}  // namespace tessera
