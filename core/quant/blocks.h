// Byte layouts of ggml's quantized blocks, exactly as GGUF files store them (little-endian).
//
// This header is the specification the CPU reference (dequantize.cpp, quantize.cpp, dot.cpp) and the
// CUDA kernels are written from. Every struct has no padding (checked below) and alignment 2 (the
// fp16 fields): GGUF tensor data is 32-byte aligned and every supported block size is even, so
// blocks in a mapped file are always suitably aligned.
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
