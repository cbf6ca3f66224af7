// Decoders of the non-linear, codebook and ternary types (internal to core/quant); the same
// BlockCodec form as block_decode.h. Layouts: blocks.h; tables: iq_grids.h.
//
// Every value is computed with the operations, in the order, that the format's reference decoder
// uses (scale products first, then one multiply per element), so the floats are bit-identical to
// those of other readers of the same file; tools/quant-check/ checks that against gguf-py.
#pragma once

#include <cstdint>

#include "quant/block_decode.h"
#include "quant/iq_grids.h"

namespace tessera::quant_detail {

// Byte j of a grid word as the (signed) element value.
inline float grid_byte(uint64_t w, int j) { return static_cast<float>(static_cast<uint8_t>(w >> (8 * j))); }
inline float grid_sbyte(uint64_t w, int j) { return static_cast<float>(static_cast<int8_t>(w >> (8 * j))); }

inline uint32_t load_u32(const uint8_t* p) { return load_qh32(p); }
inline uint32_t load_u16(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8);
}

// 8 elements: y[j] = db * grid_j, negated where sign bit j is set.
inline void put8_signed(float db, uint64_t grid, uint32_t signs, float* __restrict y) {
  for (int j = 0; j < 8; ++j) {
    const float v = db * grid_byte(grid, j);
    y[j] = (signs >> j) & 1u ? -v : v;
  }
}

template <>
struct BlockCodec<BlockIQ4_NL> {
  static constexpr int kElems = kQK;
  static void decode(const BlockIQ4_NL& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int j = 0; j < 16; ++j) {
      y[j] = d * static_cast<float>(iq::kIq4Values[b.qs[j] & 0x0F]);
      y[j + 16] = d * static_cast<float>(iq::kIq4Values[b.qs[j] >> 4]);
    }
  }
};

template <>
struct BlockCodec<BlockMXFP4> {
  static constexpr int kElems = kQK;
  static void decode(const BlockMXFP4& b, float* __restrict y) {
    const float d = iq::e8m0_half_to_fp32(b.e);
    for (int j = 0; j < 16; ++j) {
      y[j] = static_cast<float>(iq::kFp4Values[b.qs[j] & 0x0F]) * d;
      y[j + 16] = static_cast<float>(iq::kFp4Values[b.qs[j] >> 4]) * d;
    }
  }
};

template <>
struct BlockCodec<BlockIQ4_XS> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockIQ4_XS& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int s = 0; s < 8; ++s) {
      const int ls = ((b.scales_l[s / 2] >> (4 * (s % 2))) & 0x0F) | (((b.scales_h >> (2 * s)) & 3) << 4);
      const float dl = d * static_cast<float>(ls - 32);
      const uint8_t* q = b.qs + 16 * s;
      float* out = y + 32 * s;
      for (int j = 0; j < 16; ++j) {
        out[j] = dl * static_cast<float>(iq::kIq4Values[q[j] & 0x0F]);
        out[j + 16] = dl * static_cast<float>(iq::kIq4Values[q[j] >> 4]);
      }
    }
  }
};

template <>
struct BlockCodec<BlockIQ2_XXS> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockIQ2_XXS& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int s = 0; s < 8; ++s) {
      const uint32_t w0 = b.qs[4 * s] | (static_cast<uint32_t>(b.qs[4 * s + 1]) << 16);
      const uint32_t w1 = b.qs[4 * s + 2] | (static_cast<uint32_t>(b.qs[4 * s + 3]) << 16);
      const float db = d * (0.5f + static_cast<float>(w1 >> 28)) * 0.25f;
      for (int l = 0; l < 4; ++l)
        put8_signed(db, iq::kIq2xxsGrid.v[(w0 >> (8 * l)) & 0xFF], iq::signs_from_index(w1 >> (7 * l)),
                    y + 32 * s + 8 * l);
    }
  }
};

template <>
struct BlockCodec<BlockIQ2_XS> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockIQ2_XS& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int s = 0; s < 8; ++s) {
      const float db0 = d * (0.5f + static_cast<float>(b.scales[s] & 0x0F)) * 0.25f;
      const float db1 = d * (0.5f + static_cast<float>(b.scales[s] >> 4)) * 0.25f;
      for (int l = 0; l < 4; ++l) {
        const uint32_t q = b.qs[4 * s + l];
        put8_signed(l < 2 ? db0 : db1, iq::kIq2xsGrid.v[q & 511], iq::signs_from_index(q >> 9), y + 32 * s + 8 * l);
      }
    }
  }
};

template <>
struct BlockCodec<BlockIQ2_S> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockIQ2_S& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int s = 0; s < 8; ++s) {
      const float db0 = d * (0.5f + static_cast<float>(b.scales[s] & 0x0F)) * 0.25f;
      const float db1 = d * (0.5f + static_cast<float>(b.scales[s] >> 4)) * 0.25f;
      for (int l = 0; l < 4; ++l) {
        const uint32_t idx = b.qs[4 * s + l] | (((static_cast<uint32_t>(b.qh[s]) >> (2 * l)) & 3u) << 8);
        put8_signed(l < 2 ? db0 : db1, iq::kIq2sGrid.v[idx], b.signs[4 * s + l], y + 32 * s + 8 * l);
      }
    }
  }
};

template <>
struct BlockCodec<BlockIQ3_XXS> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockIQ3_XXS& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int s = 0; s < 8; ++s) {
      const uint32_t ss = load_u32(b.ss + 4 * s);
      const float db = d * (0.5f + static_cast<float>(ss >> 28)) * 0.5f;
      for (int l = 0; l < 4; ++l) {
        const uint64_t grid = iq::kIq3xxsGrid.v[b.qs[8 * s + 2 * l]] |
                              (static_cast<uint64_t>(iq::kIq3xxsGrid.v[b.qs[8 * s + 2 * l + 1]]) << 32);
        put8_signed(db, grid, iq::signs_from_index(ss >> (7 * l)), y + 32 * s + 8 * l);
      }
    }
  }
};

template <>
struct BlockCodec<BlockIQ3_S> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockIQ3_S& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int s = 0; s < 8; ++s) {
      const float db = d * static_cast<float>(1 + 2 * ((b.scales[s / 2] >> (4 * (s % 2))) & 0x0F));
      const uint32_t qh = b.qh[s];
      for (int l = 0; l < 4; ++l) {
        const uint32_t i0 = b.qs[8 * s + 2 * l] | (((qh >> (2 * l)) & 1u) << 8);
        const uint32_t i1 = b.qs[8 * s + 2 * l + 1] | (((qh >> (2 * l + 1)) & 1u) << 8);
        const uint64_t grid = iq::kIq3sGrid.v[i0] | (static_cast<uint64_t>(iq::kIq3sGrid.v[i1]) << 32);
        put8_signed(db, grid, b.signs[4 * s + l], y + 32 * s + 8 * l);
      }
    }
  }
};

// 8 elements of IQ1_S / IQ1_M: dl * (grid_j + delta).
inline void put8_iq1(float dl, float delta, uint64_t grid, float* __restrict y) {
  for (int j = 0; j < 8; ++j) y[j] = dl * (grid_sbyte(grid, j) + delta);
}

template <>
struct BlockCodec<BlockIQ1_S> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockIQ1_S& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int s = 0; s < 8; ++s) {
      const uint32_t qh = b.qh[s];
      const float dl = d * static_cast<float>(2 * ((qh >> 12) & 7) + 1);
      const float delta = (qh & 0x8000u) ? -iq::kIq1Delta : iq::kIq1Delta;
      for (int l = 0; l < 4; ++l)
        put8_iq1(dl, delta, iq::kIq1sGrid.v[b.qs[4 * s + l] | (((qh >> (3 * l)) & 7u) << 8)], y + 32 * s + 8 * l);
    }
  }
};

// IQ1_M's super-block scale: the fp16 made of the top nibbles of its four scale words.
inline uint16_t iq1m_scale_bits(const uint8_t* scales) {
  const uint32_t s0 = load_u16(scales), s1 = load_u16(scales + 2), s2 = load_u16(scales + 4), s3 = load_u16(scales + 6);
  return static_cast<uint16_t>((s0 >> 12) | ((s1 >> 8) & 0x00F0u) | ((s2 >> 4) & 0x0F00u) | (s3 & 0xF000u));
}

template <>
struct BlockCodec<BlockIQ1_M> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockIQ1_M& b, float* __restrict y) {
    const float d = fp16_to_fp32(iq1m_scale_bits(b.scales));
    for (int s = 0; s < 8; ++s) {
      const uint32_t sc = load_u16(b.scales + 2 * (s / 2)) >> (6 * (s % 2));
      const float dl0 = d * static_cast<float>(2 * (sc & 7) + 1);
      const float dl1 = d * static_cast<float>(2 * ((sc >> 3) & 7) + 1);
      for (int l = 0; l < 4; ++l) {
        const uint32_t n = (static_cast<uint32_t>(b.qh[2 * s + l / 2]) >> (4 * (l % 2))) & 0x0F;
        const float delta = (n & 8u) ? -iq::kIq1Delta : iq::kIq1Delta;
        put8_iq1(l < 2 ? dl0 : dl1, delta, iq::kIq1sGrid.v[b.qs[4 * s + l] | ((n & 7u) << 8)], y + 32 * s + 8 * l);
      }
    }
  }
};

// Trit n (0..4) of a TQ1_0 byte: the byte holds a base-3 fraction, so multiplying by 3^n (mod 256)
// shifts trit n to the top and * 3 >> 8 reads it.
inline int tq1_trit(uint8_t byte, int n) {
  constexpr uint8_t kPow3[5] = {1, 3, 9, 27, 81};
  const uint8_t q = static_cast<uint8_t>(byte * kPow3[n]);
  return (static_cast<int>(q) * 3) >> 8;
}

template <>
struct BlockCodec<BlockTQ1_0> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockTQ1_0& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int n = 0; n < 5; ++n)
      for (int m = 0; m < 32; ++m) y[32 * n + m] = static_cast<float>(tq1_trit(b.qs[m], n) - 1) * d;
    for (int n = 0; n < 5; ++n)
      for (int m = 0; m < 16; ++m) y[160 + 16 * n + m] = static_cast<float>(tq1_trit(b.qs[32 + m], n) - 1) * d;
    for (int n = 0; n < 4; ++n)
      for (int m = 0; m < 4; ++m) y[240 + 4 * n + m] = static_cast<float>(tq1_trit(b.qh[m], n) - 1) * d;
  }
};

template <>
struct BlockCodec<BlockTQ2_0> {
  static constexpr int kElems = kQK_K;
  static void decode(const BlockTQ2_0& b, float* __restrict y) {
    const float d = fp16_to_fp32(b.d);
    for (int h = 0; h < 2; ++h)
      for (int l = 0; l < 4; ++l)
        for (int m = 0; m < 32; ++m)
          y[128 * h + 32 * l + m] = static_cast<float>(((b.qs[32 * h + m] >> (2 * l)) & 3) - 1) * d;
  }
};

}  // namespace tessera::quant_detail
