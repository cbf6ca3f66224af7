// One decoder per block type: block -> its floats (internal to core/quant).
//
// dequantize_row and dot_row both go through these, so the fused dot product is by construction the
// dot product of the dequantized row (up to summation order). The loops are written with fixed trip
// counts and no cross-iteration dependencies so the compiler can vectorise them at -O2.
// Layouts: see blocks.h.
#pragma once

#include <cstdint>

#include "quant/blocks.h"
#include "quant/fp16.h"

namespace tessera::quant_detail {

template <typename Block>
struct BlockCodec;

template <>
struct BlockCodec<BlockQ4_0> {
  static constexpr int kElems = kQK;
  static void decode(const BlockQ4_0& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int j = 0; j < 16; ++j) {
      y[j] = d * static_cast<float>((b.qs[j] & 0x0F) - 8);
      y[j + 16] = d * static_cast<float>((b.qs[j] >> 4) - 8);
    }
  }
};

template <>
struct BlockCodec<BlockQ4_1> {
  static constexpr int kElems = kQK;
  static void decode(const BlockQ4_1& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    const float m = fp16_to_fp32(b.m);
    for (int j = 0; j < 16; ++j) {
      y[j] = d * static_cast<float>(b.qs[j] & 0x0F) + m;
      y[j + 16] = d * static_cast<float>(b.qs[j] >> 4) + m;
    }
  }
};

// kBit[j] = 1 << j: testing h & kBit[j] instead of (h >> j) & 1 avoids a per-lane variable shift,
// which SSE2 cannot vectorise.
inline constexpr uint32_t kBit[32] = {
    1u << 0,  1u << 1,  1u << 2,  1u << 3,  1u << 4,  1u << 5,  1u << 6,  1u << 7,  1u << 8,  1u << 9,  1u << 10,
    1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15, 1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20, 1u << 21,
    1u << 22, 1u << 23, 1u << 24, 1u << 25, 1u << 26, 1u << 27, 1u << 28, 1u << 29, 1u << 30, 1u << 31};

inline uint32_t load_qh32(const uint8_t* qh) {
  return static_cast<uint32_t>(qh[0]) | (static_cast<uint32_t>(qh[1]) << 8) | (static_cast<uint32_t>(qh[2]) << 16) |
         (static_cast<uint32_t>(qh[3]) << 24);
}

template <>
struct BlockCodec<BlockQ5_0> {
  static constexpr int kElems = kQK;
  static void decode(const BlockQ5_0& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    const uint32_t h = load_qh32(b.qh);
    for (int j = 0; j < 16; ++j) {
      const int lo = (b.qs[j] & 0x0F) + ((h & kBit[j]) ? 16 : 0);
      y[j] = d * static_cast<float>(lo - 16);
    }
    for (int j = 0; j < 16; ++j) {
      const int hi = (b.qs[j] >> 4) + ((h & kBit[j + 16]) ? 16 : 0);
      y[j + 16] = d * static_cast<float>(hi - 16);
    }
  }
};

template <>
struct BlockCodec<BlockQ5_1> {
  static constexpr int kElems = kQK;
  static void decode(const BlockQ5_1& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    const float m = fp16_to_fp32(b.m);
    const uint32_t h = load_qh32(b.qh);
    for (int j = 0; j < 16; ++j) {
      const int lo = (b.qs[j] & 0x0F) + ((h & kBit[j]) ? 16 : 0);
      y[j] = d * static_cast<float>(lo) + m;
    }
    for (int j = 0; j < 16; ++j) {
      const int hi = (b.qs[j] >> 4) + ((h & kBit[j + 16]) ? 16 : 0);
      y[j + 16] = d * static_cast<float>(hi) + m;
    }
  }
};

template <>
struct BlockCodec<BlockQ8_0> {
  static constexpr int kElems = kQK;
  static void decode(const BlockQ8_0& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int j = 0; j < kQK; ++j) y[j] = d * static_cast<float>(b.qs[j]);
  }
};

template <>
struct BlockCodec<BlockQ2_K> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockQ2_K& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    const float dmin = fp16_to_fp32(b.dmin);
    for (int h = 0; h < 2; ++h) {
      for (int j = 0; j < 4; ++j) {
        for (int half = 0; half < 2; ++half) {
          const int s = 8 * h + 2 * j + half;
          const float dl = d * static_cast<float>(b.scales[s] & 0x0F);
          const float ml = dmin * static_cast<float>(b.scales[s] >> 4);
          const uint8_t* q = b.qs + 32 * h + 16 * half;
          float* out = y + 16 * s;
          for (int l = 0; l < 16; ++l) out[l] = dl * static_cast<float>((q[l] >> (2 * j)) & 3) - ml;
        }
      }
    }
  }
};

template <>
struct BlockCodec<BlockQ3_K> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockQ3_K& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int h = 0; h < 2; ++h) {
      for (int j = 0; j < 4; ++j) {
        const int hshift = 4 * h + j;
        for (int half = 0; half < 2; ++half) {
          const int s = 8 * h + 2 * j + half;
          const float dl = d * static_cast<float>(unpack_q3_k_scale(b.scales, s));
          const uint8_t* q = b.qs + 32 * h + 16 * half;
          const uint8_t* hm = b.hmask + 16 * half;
          float* out = y + 16 * s;
          for (int l = 0; l < 16; ++l) {
            const int v = ((q[l] >> (2 * j)) & 3) + (((hm[l] >> hshift) & 1) << 2) - 4;
            out[l] = dl * static_cast<float>(v);
          }
        }
      }
    }
  }
};

template <>
struct BlockCodec<BlockQ4_K> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockQ4_K& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    const float dmin = fp16_to_fp32(b.dmin);
    for (int c = 0; c < 4; ++c) {
      uint8_t sc0 = 0, m0 = 0, sc1 = 0, m1 = 0;
      unpack_k4_scale_min(b.scales, 2 * c, sc0, m0);
      unpack_k4_scale_min(b.scales, 2 * c + 1, sc1, m1);
      const float d0 = d * sc0, min0 = dmin * m0;
      const float d1 = d * sc1, min1 = dmin * m1;
      const uint8_t* q = b.qs + 32 * c;
      float* out = y + 64 * c;
      for (int l = 0; l < 32; ++l) {
        out[l] = d0 * static_cast<float>(q[l] & 0x0F) - min0;
        out[l + 32] = d1 * static_cast<float>(q[l] >> 4) - min1;
      }
    }
  }
};

template <>
struct BlockCodec<BlockQ5_K> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockQ5_K& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    const float dmin = fp16_to_fp32(b.dmin);
    for (int c = 0; c < 4; ++c) {
      uint8_t sc0 = 0, m0 = 0, sc1 = 0, m1 = 0;
      unpack_k4_scale_min(b.scales, 2 * c, sc0, m0);
      unpack_k4_scale_min(b.scales, 2 * c + 1, sc1, m1);
      const float d0 = d * sc0, min0 = dmin * m0;
      const float d1 = d * sc1, min1 = dmin * m1;
      const uint8_t* q = b.qs + 32 * c;
      float* out = y + 64 * c;
      const uint8_t mask0 = static_cast<uint8_t>(1u << (2 * c));  // fifth bit of sub-block 2c
      const uint8_t mask1 = static_cast<uint8_t>(2u << (2 * c));  // ... and of sub-block 2c + 1
      for (int l = 0; l < 32; ++l) {
        const int lo = (q[l] & 0x0F) + ((b.qh[l] & mask0) ? 16 : 0);
        out[l] = d0 * static_cast<float>(lo) - min0;
      }
      for (int l = 0; l < 32; ++l) {
        const int hi = (q[l] >> 4) + ((b.qh[l] & mask1) ? 16 : 0);
        out[l + 32] = d1 * static_cast<float>(hi) - min1;
      }
    }
  }
};

template <>
struct BlockCodec<BlockQ6_K> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockQ6_K& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int h = 0; h < 2; ++h) {
      const uint8_t* ql = b.ql + 64 * h;
      const uint8_t* qh = b.qh + 32 * h;
      const int8_t* sc = b.scales + 8 * h;
      float* out = y + 128 * h;
      for (int half = 0; half < 2; ++half) {  // l in [16*half, 16*half + 16): one scale per k
        const float d0 = d * sc[half + 0], d1 = d * sc[half + 2];
        const float d2 = d * sc[half + 4], d3 = d * sc[half + 6];
        for (int l = 16 * half; l < 16 * half + 16; ++l) {
          // Bit pair k of qh moved to bits 4..5 (written with masks so it vectorises).
          const int q0 = ((ql[l] & 0x0F) | ((qh[l] & 0x03) << 4)) - 32;
          const int q1 = ((ql[l + 32] & 0x0F) | ((qh[l] & 0x0C) << 2)) - 32;
          const int q2 = ((ql[l] >> 4) | (qh[l] & 0x30)) - 32;
          const int q3 = ((ql[l + 32] >> 4) | ((qh[l] & 0xC0) >> 2)) - 32;
          out[l] = d0 * static_cast<float>(q0);
          out[l + 32] = d1 * static_cast<float>(q1);
          out[l + 64] = d2 * static_cast<float>(q2);
          out[l + 96] = d3 * static_cast<float>(q3);
        }
      }
    }
  }
};

}  // namespace tessera::quant_detail
