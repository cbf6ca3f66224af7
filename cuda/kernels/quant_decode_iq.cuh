// Decoders of the non-linear, codebook and ternary types for the CUDA kernels: the same WItem
// form as quant_decode.cuh (which includes this file after its primitives; not a standalone
// header). Layouts: core/quant/blocks.h; tables: core/quant/iq_grids.h.
//
// Every type fits the one affine form with b = 0: the levels (IQ4/MXFP4 values, signed grid
// points, ternary digits) are small signed integers, the scales per 16 or 32 elements floats. IQ1's
// "grid + delta" (delta = +-1/8 per 8 elements) becomes q = 8 * grid +- 1 with a = dl / 8, exact.
//
// One item = one 32-element group (kGroups 1). These are straightforward decoders, written for
// correctness first: grid points come from per-module device copies of the codebooks (gathered
// through L1), IQ4/MXFP4 levels from a 16-byte table with byte permutes, TQ1_0's base-3 digits one
// byte at a time. Not yet tuned like the Q4_K path (docs/perf.md).
#pragma once

#include "quant/iq_grids.h"

namespace tessera::cuda::qd {

#if defined(__CUDACC__)
namespace iqdev {
// Device copies of the codebooks (constant-initialised from iq_grids.h; one copy per module).
static __device__ const iq::Grid8<256> kIq2xxs = iq::kIq2xxsGrid;
static __device__ const iq::Grid8<512> kIq2xs = iq::kIq2xsGrid;
static __device__ const iq::Grid8<1024> kIq2s = iq::kIq2sGrid;
static __device__ const iq::Grid4<256> kIq3xxs = iq::kIq3xxsGrid;
static __device__ const iq::Grid4<512> kIq3s = iq::kIq3sGrid;
static __device__ const iq::Grid8<2048> kIq1s = iq::kIq1sGrid;
}  // namespace iqdev
#endif

#if defined(__CUDA_ARCH__)
#define TS_GRID(dev, host, i) (iqdev::dev.v[i])
#else
#define TS_GRID(dev, host, i) (iq::host.v[i])
#endif

TS_HD uint64_t grid_iq2xxs(uint32_t i) { return TS_GRID(kIq2xxs, kIq2xxsGrid, i); }
TS_HD uint64_t grid_iq2xs(uint32_t i) { return TS_GRID(kIq2xs, kIq2xsGrid, i); }
TS_HD uint64_t grid_iq2s(uint32_t i) { return TS_GRID(kIq2s, kIq2sGrid, i); }
TS_HD uint32_t grid_iq3xxs(uint32_t i) { return TS_GRID(kIq3xxs, kIq3xxsGrid, i); }
TS_HD uint32_t grid_iq3s(uint32_t i) { return TS_GRID(kIq3s, kIq3sGrid, i); }
TS_HD uint64_t grid_iq1s(uint32_t i) { return TS_GRID(kIq1s, kIq1sGrid, i); }
#undef TS_GRID

// Byte select: byte k of the result is byte (s >> 4k) & 7 of the 8 bytes hi:lo.
TS_HD uint32_t byte_perm(uint32_t lo, uint32_t hi, uint32_t s) {
#if defined(__CUDA_ARCH__)
  return __byte_perm(lo, hi, s);
#else
  const uint64_t v = (static_cast<uint64_t>(hi) << 32) | lo;
  uint32_t r = 0;
  for (int k = 0; k < 4; ++k) r |= static_cast<uint32_t>((v >> (8 * ((s >> (4 * k)) & 7))) & 0xFFu) << (8 * k);
  return r;
#endif
}

// Per-byte a - b (mod 256), no borrow between bytes.
TS_HD uint32_t sub_bytes(uint32_t a, uint32_t b) {
#if defined(__CUDA_ARCH__)
  return __vsub4(a, b);
#else
  uint32_t r = 0;
  for (int k = 0; k < 4; ++k) r |= ((((a >> (8 * k)) & 0xFFu) - ((b >> (8 * k)) & 0xFFu)) & 0xFFu) << (8 * k);
  return r;
#endif
}

// The 8 table bytes of the 8 packed 4-bit indices of q, in ggml's order: lo = the levels of the
// low nibbles of q's bytes 0..3, hi = of their high nibbles. t: the 16-entry table as four
// little-endian words. byte_perm reads only bits 2:0 of each selector nibble, so q itself selects
// among entries 0-7 (t[0..1]) and 8-15 (t[2..3]); a third byte_perm keeps, per nibble, the half
// that bit 3 names. 12 instructions for 8 levels (selector bytes rebuilt from the bytes of q took ~34), which is what limits the
// 4-bit non-linear types' decode (docs/perf.md, IQ4_XS).
TS_HD void lut16x8(uint32_t q, const uint32_t (&t)[4], uint32_t& lo, uint32_t& hi) {
  const uint32_t sel = ((q >> 1) & 0x44444444u) | 0x32103210u;  // nibble k: (k & 3) + 4 if index >= 8
  const uint32_t q_hi = q >> 16;
  const uint32_t r0 = byte_perm(byte_perm(t[0], t[1], q), byte_perm(t[2], t[3], q), sel);
  const uint32_t r1 = byte_perm(byte_perm(t[0], t[1], q_hi), byte_perm(t[2], t[3], q_hi), sel >> 16);
  // r0 = [L(b0 lo), L(b0 hi), L(b1 lo), L(b1 hi)], r1 likewise for bytes 2 and 3.
  lo = byte_perm(r0, r1, 0x6420u);
  hi = byte_perm(r0, r1, 0x7531u);
}

// The 16 signed levels of an int8 table as four little-endian words. Device code cannot read the
// host arrays of iq_grids.h, but it can use constexpr scalars computed from them.
constexpr uint32_t table_word(const int8_t (&v)[16], int w) {
  return static_cast<uint32_t>(static_cast<uint8_t>(v[4 * w])) |
         (static_cast<uint32_t>(static_cast<uint8_t>(v[4 * w + 1])) << 8) |
         (static_cast<uint32_t>(static_cast<uint8_t>(v[4 * w + 2])) << 16) |
         (static_cast<uint32_t>(static_cast<uint8_t>(v[4 * w + 3])) << 24);
}
constexpr uint32_t kIq4W0 = table_word(iq::kIq4Values, 0), kIq4W1 = table_word(iq::kIq4Values, 1),
                   kIq4W2 = table_word(iq::kIq4Values, 2), kIq4W3 = table_word(iq::kIq4Values, 3);
constexpr uint32_t kFp4W0 = table_word(iq::kFp4Values, 0), kFp4W1 = table_word(iq::kFp4Values, 1),
                   kFp4W2 = table_word(iq::kFp4Values, 2), kFp4W3 = table_word(iq::kFp4Values, 3);

TS_HD void iq4_table(uint32_t (&t)[4]) {
  t[0] = kIq4W0;
  t[1] = kIq4W1;
  t[2] = kIq4W2;
  t[3] = kIq4W3;
}
TS_HD void fp4_table(uint32_t (&t)[4]) {
  t[0] = kFp4W0;
  t[1] = kFp4W1;
  t[2] = kFp4W2;
  t[3] = kFp4W3;
}

// Negates the bytes of w whose sign bit (bit k of s4 for byte k) is set. Precondition: every byte
// in 1..127 (grid values are never 0), so (~v + 1) never carries into the next byte.
TS_HD uint32_t apply_signs4(uint32_t w, uint32_t s4) {
  const uint32_t m = spread4(s4) * 0xFFu;
  return (w ^ m) + (m & 0x01010101u);
}

// 16 levels (4-bit indices, Q4_0's nibble order) of 16 packed bytes into w.q.
TS_HD void nibbles_to_levels(const uint32_t (&qs)[4], const uint32_t (&t)[4], WItem& w) {
#pragma unroll
  for (int k = 0; k < 4; ++k) lut16x8(qs[k], t, w.q[k], w.q[k + 4]);
}

// Reads 16 bytes at any address as four little-endian words, through the aligned words that
// cover them: it reads up to 3 bytes before and after the 16 (inside the aligned words holding the
// first and last byte; never across a 4-byte boundary, so never outside a device allocation).
template <typename Src>
TS_HD void load16_words(const uint8_t* p, uint32_t (&w)[4]) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  const uint8_t* base = p - (a & 3u);
  const uint32_t shift = static_cast<uint32_t>(a & 3u) * 8u;
  uint32_t t[5];
#pragma unroll
  for (int i = 0; i < 4; ++i) t[i] = ld_u32<Src>(base + 4 * i);
  t[4] = shift ? ld_u32<Src>(base + 16) : 0u;
#pragma unroll
  for (int i = 0; i < 4; ++i) w[i] = funnel_r(t[i], t[i + 1], shift);
}

// The same for the decoders: word reads on the device, a plain copy on the host (where reading
// past a buffer's end, even inside an aligned word, is not allowed).
template <typename Src>
TS_HD void load16_unaligned(const uint8_t* p, uint32_t (&w)[4]) {
#if defined(__CUDA_ARCH__)
  load16_words<Src>(p, w);
#else
  std::memcpy(w, p, 16);
#endif
}

template <typename Src>
TS_HD uint32_t ld_u8(const uint8_t* p) {
  return Src::ld(p);
}

// Four bytes at a 2-aligned address as a little-endian word.
template <typename Src>
TS_HD uint32_t ld_u32_a2(const uint8_t* p) {
  return ld_u16<Src>(p) | (ld_u16<Src>(p + 2) << 16);
}

// ---- 32-element blocks -------------------------------------------------------------------------

struct TIQ4_NL {
  static constexpr GgmlType kType = GgmlType::IQ4_NL;
  static constexpr bool kUniform = true;
  static constexpr int kElems = 32, kBytes = 18, kGroups = 1, kItems = 1, kAlign = 2;
  static TS_HD int xblock(int, int) { return 0; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int /*item*/, WItem (&out)[1]) {
    WItem& w = out[0];
    uint32_t t[4], qs[4];
    iq4_table(t);
    load16<2, Src>(b + 2, qs);
    nibbles_to_levels(qs, t, w);
    w.a0 = w.a1 = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b)));
    w.b0 = w.b1 = 0.0f;
  }
};

struct TMXFP4 {
  static constexpr GgmlType kType = GgmlType::MXFP4;
  static constexpr bool kUniform = true;
  static constexpr int kElems = 32, kBytes = 17, kGroups = 1, kItems = 1, kAlign = 1;
  static TS_HD int xblock(int, int) { return 0; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int /*item*/, WItem (&out)[1]) {
    WItem& w = out[0];
    uint32_t t[4], qs[4];
    fp4_table(t);
    load16_unaligned<Src>(b + 1, qs);
    nibbles_to_levels(qs, t, w);
    w.a0 = w.a1 = iq::e8m0_half_to_fp32(static_cast<uint8_t>(ld_u8<Src>(b)));
    w.b0 = w.b1 = 0.0f;
  }
};

// ---- 256-element super-blocks: item = 32-element sub-block s ------------------------------------

struct TIQ4_XS {
  static constexpr GgmlType kType = GgmlType::IQ4_XS;
  static constexpr bool kUniform = true;
  static constexpr int kElems = 256, kBytes = 136, kGroups = 1, kItems = 8, kAlign = 8;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int s, WItem (&out)[1]) {
    WItem& w = out[0];
    const uint32_t head = ld_u32<Src>(b);  // d, scales_h
    const uint32_t sl = ld_u32<Src>(b + 4);
    uint32_t t[4], qs[4];
    iq4_table(t);
    load16<8, Src>(b + 8 + 16 * s, qs);
    nibbles_to_levels(qs, t, w);
    const uint32_t ls = ((sl >> (8 * (s >> 1) + 4 * (s & 1))) & 0x0Fu) | (((head >> (16 + 2 * s)) & 3u) << 4);
    w.a0 = w.a1 = half_to_float(static_cast<uint16_t>(head & 0xFFFFu)) * static_cast<float>(static_cast<int>(ls) - 32);
    w.b0 = w.b1 = 0.0f;
  }
};

// 8 grid values (bytes of g) with 8 sign bits into q[0], q[1].
TS_HD void signed_point8(uint64_t g, uint32_t signs, uint32_t* q) {
  q[0] = apply_signs4(static_cast<uint32_t>(g), signs & 15u);
  q[1] = apply_signs4(static_cast<uint32_t>(g >> 32), (signs >> 4) & 15u);
}

struct TIQ2_XXS {
  static constexpr GgmlType kType = GgmlType::IQ2_XXS;
  static constexpr bool kUniform = true;
  static constexpr int kElems = 256, kBytes = 66, kGroups = 1, kItems = 8, kAlign = 2;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int s, WItem (&out)[1]) {
    WItem& w = out[0];
    const float d = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b)));
    const uint32_t w0 = ld_u32_a2<Src>(b + 2 + 8 * s), w1 = ld_u32_a2<Src>(b + 6 + 8 * s);
#pragma unroll
    for (int l = 0; l < 4; ++l)
      signed_point8(grid_iq2xxs((w0 >> (8 * l)) & 0xFFu), iq::signs_from_index(w1 >> (7 * l)), w.q + 2 * l);
    w.a0 = w.a1 = d * (0.5f + static_cast<float>(w1 >> 28)) * 0.25f;
    w.b0 = w.b1 = 0.0f;
  }
};

struct TIQ2_XS {
  static constexpr GgmlType kType = GgmlType::IQ2_XS;
  static constexpr bool kUniform = false;  // a scale per 16 elements
  static constexpr int kElems = 256, kBytes = 74, kGroups = 1, kItems = 8, kAlign = 2;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int s, WItem (&out)[1]) {
    WItem& w = out[0];
    const float d = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b)));
    const uint32_t q01 = ld_u32_a2<Src>(b + 2 + 8 * s), q23 = ld_u32_a2<Src>(b + 6 + 8 * s);
    const uint32_t sc = ld_u16<Src>(b + 66 + (s & ~1)) >> (8 * (s & 1));
#pragma unroll
    for (int l = 0; l < 4; ++l) {
      const uint32_t q = ((l < 2 ? q01 : q23) >> (16 * (l & 1))) & 0xFFFFu;
      signed_point8(grid_iq2xs(q & 511u), iq::signs_from_index(q >> 9), w.q + 2 * l);
    }
    w.a0 = d * (0.5f + static_cast<float>(sc & 0x0Fu)) * 0.25f;
    w.a1 = d * (0.5f + static_cast<float>((sc >> 4) & 0x0Fu)) * 0.25f;
    w.b0 = w.b1 = 0.0f;
  }
};

struct TIQ2_S {
  static constexpr GgmlType kType = GgmlType::IQ2_S;
  static constexpr bool kUniform = false;  // a scale per 16 elements
  static constexpr int kElems = 256, kBytes = 82, kGroups = 1, kItems = 8, kAlign = 2;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int s, WItem (&out)[1]) {
    WItem& w = out[0];
    const float d = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b)));
    const uint32_t qs = ld_u32_a2<Src>(b + 2 + 4 * s);
    const uint32_t signs = ld_u32_a2<Src>(b + 34 + 4 * s);
    const uint32_t qh = ld_u16<Src>(b + 66 + (s & ~1)) >> (8 * (s & 1));
    const uint32_t sc = ld_u16<Src>(b + 74 + (s & ~1)) >> (8 * (s & 1));
#pragma unroll
    for (int l = 0; l < 4; ++l) {
      const uint32_t idx = ((qs >> (8 * l)) & 0xFFu) | (((qh >> (2 * l)) & 3u) << 8);
      signed_point8(grid_iq2s(idx), (signs >> (8 * l)) & 0xFFu, w.q + 2 * l);
    }
    w.a0 = d * (0.5f + static_cast<float>(sc & 0x0Fu)) * 0.25f;
    w.a1 = d * (0.5f + static_cast<float>((sc >> 4) & 0x0Fu)) * 0.25f;
    w.b0 = w.b1 = 0.0f;
  }
};

struct TIQ3_XXS {
  static constexpr GgmlType kType = GgmlType::IQ3_XXS;
  static constexpr bool kUniform = true;
  static constexpr int kElems = 256, kBytes = 98, kGroups = 1, kItems = 8, kAlign = 2;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int s, WItem (&out)[1]) {
    WItem& w = out[0];
    const float d = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b)));
    const uint32_t qa = ld_u32_a2<Src>(b + 2 + 8 * s), qb = ld_u32_a2<Src>(b + 6 + 8 * s);
    const uint32_t ss = ld_u32_a2<Src>(b + 66 + 4 * s);
#pragma unroll
    for (int l = 0; l < 4; ++l) {
      const uint32_t pair = (l < 2 ? qa : qb) >> (16 * (l & 1));  // the group's two grid indices
      const uint64_t g = grid_iq3xxs(pair & 0xFFu) | (static_cast<uint64_t>(grid_iq3xxs((pair >> 8) & 0xFFu)) << 32);
      signed_point8(g, iq::signs_from_index(ss >> (7 * l)), w.q + 2 * l);
    }
    w.a0 = w.a1 = d * (0.5f + static_cast<float>(ss >> 28)) * 0.5f;
    w.b0 = w.b1 = 0.0f;
  }
};

struct TIQ3_S {
  static constexpr GgmlType kType = GgmlType::IQ3_S;
  static constexpr bool kUniform = true;
  static constexpr int kElems = 256, kBytes = 110, kGroups = 1, kItems = 8, kAlign = 2;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int s, WItem (&out)[1]) {
    WItem& w = out[0];
    const float d = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b)));
    const uint32_t qa = ld_u32_a2<Src>(b + 2 + 8 * s), qb = ld_u32_a2<Src>(b + 6 + 8 * s);
    const uint32_t qh = ld_u16<Src>(b + 66 + (s & ~1)) >> (8 * (s & 1));
    const uint32_t signs = ld_u32_a2<Src>(b + 74 + 4 * s);
    const uint32_t sc = ld_u16<Src>(b + 106 + 2 * (s >> 2)) >> (8 * ((s >> 1) & 1));
#pragma unroll
    for (int l = 0; l < 4; ++l) {
      const uint32_t pair = (l < 2 ? qa : qb) >> (16 * (l & 1));
      const uint32_t i0 = (pair & 0xFFu) | (((qh >> (2 * l)) & 1u) << 8);
      const uint32_t i1 = ((pair >> 8) & 0xFFu) | (((qh >> (2 * l + 1)) & 1u) << 8);
      const uint64_t g = grid_iq3s(i0) | (static_cast<uint64_t>(grid_iq3s(i1)) << 32);
      signed_point8(g, (signs >> (8 * l)) & 0xFFu, w.q + 2 * l);
    }
    w.a0 = w.a1 = d * static_cast<float>(1 + 2 * static_cast<int>((sc >> (4 * (s & 1))) & 0x0Fu));
    w.b0 = w.b1 = 0.0f;
  }
};

// IQ1: 8 grid values (-1, 0, 1 as bytes) -> 8 * grid + (minus ? -1 : +1) into q[0], q[1].
TS_HD void iq1_point8(uint64_t g, bool minus, uint32_t* q) {
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    const uint32_t x8 = (static_cast<uint32_t>(g >> (32 * h)) << 3) & 0xF8F8F8F8u;  // bytes 8 * grid
    q[h] = minus ? sub_bytes(x8, 0x01010101u) : (x8 | 0x01010101u);
  }
}

struct TIQ1_S {
  static constexpr GgmlType kType = GgmlType::IQ1_S;
  static constexpr bool kUniform = true;
  static constexpr int kElems = 256, kBytes = 50, kGroups = 1, kItems = 8, kAlign = 2;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int s, WItem (&out)[1]) {
    WItem& w = out[0];
    const float d = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b)));
    const uint32_t qs = ld_u32_a2<Src>(b + 2 + 4 * s);
    const uint32_t qh = ld_u16<Src>(b + 34 + 2 * s);
    const bool minus = (qh & 0x8000u) != 0;
#pragma unroll
    for (int l = 0; l < 4; ++l)
      iq1_point8(grid_iq1s(((qs >> (8 * l)) & 0xFFu) | (((qh >> (3 * l)) & 7u) << 8)), minus, w.q + 2 * l);
    w.a0 = w.a1 = d * static_cast<float>(2 * static_cast<int>((qh >> 12) & 7u) + 1) * 0.125f;
    w.b0 = w.b1 = 0.0f;
  }
};

struct TIQ1_M {
  static constexpr GgmlType kType = GgmlType::IQ1_M;
  static constexpr bool kUniform = false;  // a scale per 16 elements
  static constexpr int kElems = 256, kBytes = 56, kGroups = 1, kItems = 8, kAlign = 8;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int s, WItem (&out)[1]) {
    WItem& w = out[0];
    const uint32_t qs = ld_u32<Src>(b + 4 * s);
    const uint32_t qh = ld_u16<Src>(b + 32 + 2 * s);
    const uint32_t s01 = ld_u32<Src>(b + 48), s23 = ld_u32<Src>(b + 52);
    const uint32_t dbits = ((s01 >> 12) & 0x000Fu) | ((s01 >> 24) & 0x00F0u) | ((s23 >> 4) & 0x0F00u) |
                           ((s23 >> 16) & 0xF000u);
    const float d = half_to_float(static_cast<uint16_t>(dbits));
    const uint32_t sc = ((s >> 1) < 2 ? s01 : s23) >> (16 * ((s >> 1) & 1) + 6 * (s & 1));
#pragma unroll
    for (int l = 0; l < 4; ++l) {
      const uint32_t n = (qh >> (4 * l)) & 0x0Fu;
      iq1_point8(grid_iq1s(((qs >> (8 * l)) & 0xFFu) | ((n & 7u) << 8)), (n & 8u) != 0, w.q + 2 * l);
    }
    w.a0 = d * static_cast<float>(2 * static_cast<int>(sc & 7u) + 1) * 0.125f;
    w.a1 = d * static_cast<float>(2 * static_cast<int>((sc >> 3) & 7u) + 1) * 0.125f;
    w.b0 = w.b1 = 0.0f;
  }
};

// TQ1_0 trit n (0..4) of a byte, minus 1 (see blocks.h).
TS_HD uint32_t tq1_level(uint32_t byte, int n) {
  const uint32_t pow3 = n == 0 ? 1u : n == 1 ? 3u : n == 2 ? 9u : n == 3 ? 27u : 81u;
  return static_cast<uint32_t>(static_cast<uint8_t>((((byte * pow3) & 0xFFu) * 3u >> 8) - 1u));
}

struct TTQ1_0 {
  static constexpr GgmlType kType = GgmlType::TQ1_0;
  static constexpr bool kUniform = true;
  static constexpr int kElems = 256, kBytes = 54, kGroups = 1, kItems = 8, kAlign = 2;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int g, WItem (&out)[1]) {
    WItem& w = out[0];
    uint8_t v[32];  // the group's bytes, one per element, and which trit of each
    int trit[32];
    if (g < 5) {  // elements 32g + m: trit g of qs[m]
      uint32_t qs[8];
      load32<2, Src>(b, qs);
#pragma unroll
      for (int m = 0; m < 32; ++m) {
        v[m] = static_cast<uint8_t>(qs[m >> 2] >> (8 * (m & 3)));
        trit[m] = g;
      }
    } else {  // elements 160 + 16n + m of qs[32 + m], then (g = 7) 240 + 4n + m of qh[m]
      uint32_t qs[4];
      load16<2, Src>(b + 32, qs);
      const uint32_t qh = ld_u32_a2<Src>(b + 48);
#pragma unroll
      for (int e = 0; e < 32; ++e) {
        const int i = 32 * g + e - 160;  // 0..95 past element 160
        if (i < 80) {
          v[e] = static_cast<uint8_t>(qs[(i & 15) >> 2] >> (8 * (i & 3)));
          trit[e] = i >> 4;
        } else {
          const int k = i - 80;  // 0..15: element 240 + 4n + m
          v[e] = static_cast<uint8_t>(qh >> (8 * (k & 3)));
          trit[e] = k >> 2;
        }
      }
    }
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      uint32_t word = 0;
#pragma unroll
      for (int j = 0; j < 4; ++j) word |= tq1_level(v[4 * k + j], trit[4 * k + j]) << (8 * j);
      w.q[k] = word;
    }
    w.a0 = w.a1 = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b + 52)));
    w.b0 = w.b1 = 0.0f;
  }
};

struct TTQ2_0 {
  static constexpr GgmlType kType = GgmlType::TQ2_0;
  static constexpr bool kUniform = true;
  static constexpr int kElems = 256, kBytes = 66, kGroups = 1, kItems = 8, kAlign = 2;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int g, WItem (&out)[1]) {
    WItem& w = out[0];
    const int h = g >> 2, l = g & 3;  // elements 128h + 32l + m: bits 2l of qs[32h + m]
    uint32_t qs[8];
    load32<2, Src>(b + 32 * h, qs);
#pragma unroll
    for (int k = 0; k < 8; ++k) w.q[k] = sub_bytes((qs[k] >> (2 * l)) & 0x03030303u, 0x01010101u);
    w.a0 = w.a1 = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b + 64)));
    w.b0 = w.b1 = 0.0f;
  }
};

// Scales the random test/benchmark blocks of these types need beyond scale_field_offsets' fp16
// fields: IQ1_M's fp16 lives in the top nibbles of its scale words, MXFP4's scale is a power of
// two byte. `h` is the fp16 the caller would have written; returns whether the type needed this.
TS_HD bool set_special_block_scale(GgmlType type, uint8_t* blk, uint16_t h) {
  if (type == GgmlType::IQ1_M) {
    for (int k = 0; k < 4; ++k)
      blk[49 + 2 * k] = static_cast<uint8_t>((blk[49 + 2 * k] & 0x0Fu) | (((h >> (4 * k)) & 0x0Fu) << 4));
    return true;
  }
  if (type == GgmlType::MXFP4) {
    // 2^(e - 128) near |h|: e = fp16 exponent - 15 + 128 (h normal or not, e in 113..143).
    const int exp = (h >> 10) & 0x1F;
    blk[0] = static_cast<uint8_t>((exp == 0 ? 1 : exp) - 15 + 128);
    return true;
  }
  return false;
}

}  // namespace tessera::cuda::qd
