// Per-type decoding of GGUF quantized blocks for the CUDA kernels, written once for host and device.
//
// Layouts: core/quant/blocks.h (the specification). A row is decoded in 32-element groups (one
// 32-block, or one 32-element slice of a 256-element K-quant super-block). A group decodes to a
// WItem: 32 small integers packed four to a 32-bit word (one byte per element, a signed int8
// value) and an affine map per 16-element half:
//
//   element e of the group = a_h * q_e + b_h,    h = e / 16
//
// That one form covers every type (Q4_0: a = d, b = -8d; Q3_K: a = d*scale, b = -4a; ...), so
// dequantization, get_rows and the matrix-vector product share the decoders. For the product the
// activations are quantized per 32 to int8 (XBlock: q, scale d, and the sums of q over each
// half), and a group's contribution is
//
//   d_x * (a_0 * dot(q[0..16), xq[0..16)) + a_1 * dot(q[16..32), xq[16..32)) + b_0 * s_0 + b_1 * s_1)
//
// with the integer dot products done four lanes at a time by dp4a. Everything is exact integer
// arithmetic up to the last few float multiplies.
//
// One thread decodes an "item" of kGroups groups at a time: the groups of a K-quant item share
// their quant bytes (the two nibbles of a byte, the four 2-bit fields) and their scale words, so
// each byte is loaded once and each scale word unpacked once. That matters: decode runs at DRAM
// speed only if it costs a few instructions per weight byte (docs/perf.md).
//
// The functions compile as plain C++ too (no CUDA), so tests/cuda checks every bit manipulation
// here against the CPU reference on machines without a GPU. `Src` says where block bytes live:
// GlobalSrc (read-only global memory: __ldg) or PlainSrc (shared memory, host memory).
//
// Alignment: a decoder may assume its block starts at a multiple of T::kAlign bytes (the natural
// alignment of a row of that type in a GGUF file whose rows start 16-byte aligned). The 2-aligned
// readers fetch whole aligned 32-bit words, so they may read up to 2 bytes before a block's start
// (inside the aligned word that holds its first byte; never before a buffer, which cudaMalloc
// aligns), never past its end.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__CUDACC__)
#include <cuda_fp16.h>
#define TS_HD __host__ __device__ __forceinline__
#else
#define TS_HD inline
#endif

#include "quant/fp16.h"
#include "quant/ggml_type.h"

namespace tessera::cuda::qd {

// ---- portable primitives ---------------------------------------------------------------------

TS_HD float half_to_float(uint16_t h) {
#if defined(__CUDA_ARCH__)
  return __half2float(__ushort_as_half(h));
#else
  return tessera::fp16_to_fp32(h);
#endif
}

// c + sum of the four signed byte products of a and b.
TS_HD int dp4a(uint32_t a, uint32_t b, int c) {
#if defined(__CUDA_ARCH__)
  return __dp4a(static_cast<int>(a), static_cast<int>(b), c);
#else
  for (int k = 0; k < 4; ++k)
    c += static_cast<int>(static_cast<int8_t>(a >> (8 * k))) * static_cast<int>(static_cast<int8_t>(b >> (8 * k)));
  return c;
#endif
}

// Low 32 bits of (hi:lo) >> shift, shift in 0..31.
TS_HD uint32_t funnel_r(uint32_t lo, uint32_t hi, uint32_t shift) {
#if defined(__CUDA_ARCH__)
  return __funnelshift_r(lo, hi, shift);
#else
  return shift == 0 ? lo : ((lo >> shift) | (hi << (32 - shift)));
#endif
}

// Bits 0..3 of x moved to bit 0 of bytes 0..3 (bit i -> bit 8i).
TS_HD uint32_t spread4(uint32_t x) { return ((x & 0xFu) * 0x00204081u) & 0x01010101u; }

struct GlobalSrc {
  template <typename T>
  static TS_HD T ld(const T* p) {
#if defined(__CUDA_ARCH__)
    return __ldg(p);
#else
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
#endif
  }
};

struct PlainSrc {
  template <typename T>
  static TS_HD T ld(const T* p) {
#if defined(__CUDA_ARCH__)
    return *p;
#else
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
#endif
  }
};

template <typename Src>
TS_HD uint32_t ld_u16(const uint8_t* p) {
  return Src::ld(reinterpret_cast<const unsigned short*>(p));
}
template <typename Src>
TS_HD uint32_t ld_u32(const uint8_t* p) {
  return Src::ld(reinterpret_cast<const unsigned int*>(p));
}

// Reads 16 bytes at p (p a multiple of A) as four little-endian words.
// A = 2: reads the aligned words that cover [p, p + 16) and shifts them by 0 or 16 bits; when p is
// 2 mod 4 the first word starts 2 bytes before p and the last 2 bytes come from a 16-bit load, so
// nothing past p + 16 is read. (The host runs the same logic, so host tests cover it.)
template <int A, typename Src>
TS_HD void load16(const uint8_t* p, uint32_t (&w)[4]) {
  if constexpr (A <= 2) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(p);
    const uint8_t* base = p - (a & 2u);
    const uint32_t shift = static_cast<uint32_t>(a & 2u) * 8u;
    uint32_t t[5];
#pragma unroll
    for (int i = 0; i < 4; ++i) t[i] = ld_u32<Src>(base + 4 * i);
    t[4] = shift ? ld_u16<Src>(p + 14) : 0u;
#pragma unroll
    for (int i = 0; i < 4; ++i) w[i] = funnel_r(t[i], t[i + 1], shift);
  } else if constexpr (A < 8) {
#pragma unroll
    for (int i = 0; i < 4; ++i) w[i] = ld_u32<Src>(p + 4 * i);
  } else {
#if defined(__CUDA_ARCH__)
    if constexpr (A >= 16) {
      const uint4 v = Src::ld(reinterpret_cast<const uint4*>(p));
      w[0] = v.x; w[1] = v.y; w[2] = v.z; w[3] = v.w;
    } else {
      const uint2 v0 = Src::ld(reinterpret_cast<const uint2*>(p));
      const uint2 v1 = Src::ld(reinterpret_cast<const uint2*>(p + 8));
      w[0] = v0.x; w[1] = v0.y; w[2] = v1.x; w[3] = v1.y;
    }
#else
    std::memcpy(w, p, 16);
#endif
  }
}

template <int A, typename Src>
TS_HD void load32(const uint8_t* p, uint32_t (&w)[8]) {
  uint32_t a[4], b[4];
  load16<A, Src>(p, a);
  load16<A, Src>(p + 16, b);
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    w[i] = a[i];
    w[i + 4] = b[i];
  }
}

// ---- items -------------------------------------------------------------------------------------

struct WItem {
  uint32_t q[8];  // element e: signed byte e%4 of q[e/4]
  float a0, a1;   // element = a_h * q + b_h for the halves h = 0 (elements 0..15), 1 (16..31)
  float b0, b1;
};

// 32 activations quantized to int8 with one scale: x_e ~= d * q_e. s0/s1: sums of q over each half.
struct XBlock {
  uint32_t q[8];
  float d;
  int s0, s1;
};

// The in-memory form of the quantized activations (what quantize_activations writes):
// per vector, cols int8 values, then per 32 a Q8Scale.
struct Q8Scale {
  float d;
  int16_t s0, s1;
};
static_assert(sizeof(Q8Scale) == 8);

// The reference quantization of 32 activations (the device kernel does the same arithmetic in a
// warp, so host and device agree bit for bit): d = max|x| / 127, q = round-to-nearest-even(x / d).
TS_HD void quantize_x_block(const float* x, int8_t* q, Q8Scale& s) {
  float amax = 0.0f;
  for (int i = 0; i < 32; ++i) amax = fmaxf(amax, fabsf(x[i]));
  const float d = amax / 127.0f;
  const float id = d > 0.0f ? 1.0f / d : 0.0f;
  int s0 = 0, s1 = 0;
  for (int i = 0; i < 32; ++i) {
#if defined(__CUDA_ARCH__)
    const int v = __float2int_rn(x[i] * id);
#else
    const int v = static_cast<int>(nearbyintf(x[i] * id));
#endif
    q[i] = static_cast<int8_t>(v);
    (i < 16 ? s0 : s1) += v;
  }
  s.d = d;
  s.s0 = static_cast<int16_t>(s0);
  s.s1 = static_cast<int16_t>(s1);
}

// This item's contribution to a dot product with quantized activations.
TS_HD float dot_item(const WItem& w, const XBlock& x) {
  int d0 = 0, d1 = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k) d0 = dp4a(w.q[k], x.q[k], d0);
#pragma unroll
  for (int k = 4; k < 8; ++k) d1 = dp4a(w.q[k], x.q[k], d1);
  return x.d * (w.a0 * static_cast<float>(d0) + w.a1 * static_cast<float>(d1) + w.b0 * static_cast<float>(x.s0) +
                w.b1 * static_cast<float>(x.s1));
}

// The same for groups whose halves share one scale (a0 == a1, b0 == b1: T::kUniform types).
TS_HD float dot_item_uniform(const WItem& w, const XBlock& x) {
  int d0 = 0, d1 = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k) d0 = dp4a(w.q[k], x.q[k], d0);
#pragma unroll
  for (int k = 4; k < 8; ++k) d1 = dp4a(w.q[k], x.q[k], d1);
  return x.d * (w.a0 * static_cast<float>(d0 + d1) + w.b0 * static_cast<float>(x.s0 + x.s1));
}

template <typename T>
TS_HD float dot_group(const WItem& w, const XBlock& x) {
  if constexpr (T::kUniform) {
    return dot_item_uniform(w, x);
  } else {
    return dot_item(w, x);
  }
}

// Element e (0..31) of an item as float.
TS_HD float item_value(const WItem& w, int e) {
  const float q = static_cast<float>(static_cast<int8_t>(w.q[e >> 2] >> (8 * (e & 3))));
  return e < 16 ? w.a0 * q + w.b0 : w.a1 * q + w.b1;
}

// Each type: kType, kUniform, kElems (per block), kBytes (per block), kAlign (the block alignment the decoder
// assumes), kGroups (32-element groups one item decodes: the groups of an item share loads and
// scale unpacking, which is what keeps the decode cheap enough for a memory-bound kernel),
// kItems (items per block; kItems * kGroups * 32 == kElems), xblock(item, g) (which 32-element
// group of the block group g of `item` is), and decode(block, item, out[kGroups]).

struct TQ4_0 {
  static constexpr GgmlType kType = GgmlType::Q4_0;
  static constexpr bool kUniform = true;  // one scale per 32 elements (a0 == a1, b0 == b1)
  static constexpr int kElems = 32, kBytes = 18, kGroups = 1, kItems = 1, kAlign = 2;
  static TS_HD int xblock(int, int) { return 0; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int /*item*/, WItem (&out)[1]) {
    WItem& w = out[0];
    const float d = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b)));
    uint32_t qs[4];
    load16<2, Src>(b + 2, qs);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      w.q[k] = qs[k] & 0x0F0F0F0Fu;
      w.q[k + 4] = (qs[k] >> 4) & 0x0F0F0F0Fu;
    }
    w.a0 = w.a1 = d;
    w.b0 = w.b1 = -8.0f * d;
  }
};

struct TQ4_1 {
  static constexpr GgmlType kType = GgmlType::Q4_1;
  static constexpr bool kUniform = true;  // one scale per 32 elements (a0 == a1, b0 == b1)
  static constexpr int kElems = 32, kBytes = 20, kGroups = 1, kItems = 1, kAlign = 4;
  static TS_HD int xblock(int, int) { return 0; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int /*item*/, WItem (&out)[1]) {
    WItem& w = out[0];
    const uint32_t dm = ld_u32<Src>(b);
    uint32_t qs[4];
    load16<4, Src>(b + 4, qs);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      w.q[k] = qs[k] & 0x0F0F0F0Fu;
      w.q[k + 4] = (qs[k] >> 4) & 0x0F0F0F0Fu;
    }
    w.a0 = w.a1 = half_to_float(static_cast<uint16_t>(dm & 0xFFFFu));
    w.b0 = w.b1 = half_to_float(static_cast<uint16_t>(dm >> 16));
  }
};

struct TQ5_0 {
  static constexpr GgmlType kType = GgmlType::Q5_0;
  static constexpr bool kUniform = true;  // one scale per 32 elements (a0 == a1, b0 == b1)
  static constexpr int kElems = 32, kBytes = 22, kGroups = 1, kItems = 1, kAlign = 2;
  static TS_HD int xblock(int, int) { return 0; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int /*item*/, WItem (&out)[1]) {
    WItem& w = out[0];
    const float d = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b)));
    const uint32_t h = ld_u16<Src>(b + 2) | (ld_u16<Src>(b + 4) << 16);
    uint32_t qs[4];
    load16<2, Src>(b + 6, qs);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      w.q[k] = (qs[k] & 0x0F0F0F0Fu) | (spread4(h >> (4 * k)) << 4);
      w.q[k + 4] = ((qs[k] >> 4) & 0x0F0F0F0Fu) | (spread4(h >> (16 + 4 * k)) << 4);
    }
    w.a0 = w.a1 = d;
    w.b0 = w.b1 = -16.0f * d;
  }
};

struct TQ5_1 {
  static constexpr GgmlType kType = GgmlType::Q5_1;
  static constexpr bool kUniform = true;  // one scale per 32 elements (a0 == a1, b0 == b1)
  static constexpr int kElems = 32, kBytes = 24, kGroups = 1, kItems = 1, kAlign = 8;
  static TS_HD int xblock(int, int) { return 0; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int /*item*/, WItem (&out)[1]) {
    WItem& w = out[0];
    const uint32_t dm = ld_u32<Src>(b);
    const uint32_t h = ld_u32<Src>(b + 4);
    uint32_t qs[4];
    load16<8, Src>(b + 8, qs);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      w.q[k] = (qs[k] & 0x0F0F0F0Fu) | (spread4(h >> (4 * k)) << 4);
      w.q[k + 4] = ((qs[k] >> 4) & 0x0F0F0F0Fu) | (spread4(h >> (16 + 4 * k)) << 4);
    }
    w.a0 = w.a1 = half_to_float(static_cast<uint16_t>(dm & 0xFFFFu));
    w.b0 = w.b1 = half_to_float(static_cast<uint16_t>(dm >> 16));
  }
};

struct TQ8_0 {
  static constexpr GgmlType kType = GgmlType::Q8_0;
  static constexpr bool kUniform = true;  // one scale per 32 elements (a0 == a1, b0 == b1)
  static constexpr int kElems = 32, kBytes = 34, kGroups = 1, kItems = 1, kAlign = 2;
  static TS_HD int xblock(int, int) { return 0; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int /*item*/, WItem (&out)[1]) {
    WItem& w = out[0];
    const float d = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b)));
    load32<2, Src>(b + 2, w.q);
    w.a0 = w.a1 = d;
    w.b0 = w.b1 = 0.0f;
  }
};

// Q2_K, Q3_K, Q6_K decode one 32-element group per item (8 items per super-block). Grouping them
// (several groups sharing their quant bytes per item) was measured slower: the groups' x blocks
// are far apart, so consecutive lanes' x loads spread over 4x the cache lines (docs/perf.md, v2).

struct TQ2_K {
  static constexpr GgmlType kType = GgmlType::Q2_K;
  static constexpr bool kUniform = false;  // a scale per 16 elements
  static constexpr int kElems = 256, kBytes = 84, kGroups = 1, kItems = 8, kAlign = 4;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int item, WItem (&out)[1]) {
    WItem& w = out[0];
    const int h = item >> 2, j = item & 3;  // elements 128h + 32j + l, l < 32
    const uint32_t sc = ld_u16<Src>(b + 8 * h + 2 * j);  // scales[s], scales[s + 1], s = 8h + 2j
    uint32_t qs[8];
    load32<4, Src>(b + 16 + 32 * h, qs);
    const uint32_t dd = ld_u32<Src>(b + 80);
    const float d = half_to_float(static_cast<uint16_t>(dd & 0xFFFFu));
    const float dmin = half_to_float(static_cast<uint16_t>(dd >> 16));
#pragma unroll
    for (int k = 0; k < 8; ++k) w.q[k] = (qs[k] >> (2 * j)) & 0x03030303u;
    w.a0 = d * static_cast<float>(sc & 0x0Fu);
    w.b0 = -(dmin * static_cast<float>((sc >> 4) & 0x0Fu));
    w.a1 = d * static_cast<float>((sc >> 8) & 0x0Fu);
    w.b1 = -(dmin * static_cast<float>((sc >> 12) & 0x0Fu));
  }
};

struct TQ3_K {
  static constexpr GgmlType kType = GgmlType::Q3_K;
  static constexpr bool kUniform = false;  // a scale per 16 elements
  static constexpr int kElems = 256, kBytes = 110, kGroups = 1, kItems = 8, kAlign = 2;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int item, WItem (&out)[1]) {
    WItem& w = out[0];
    const int h = item >> 2, j = item & 3;
    const int s = 8 * h + 2 * j;  // scale of the first half; s + 1 for the second
    uint32_t hm[8], qs[8];
    load32<2, Src>(b, hm);
    load32<2, Src>(b + 32 + 32 * h, qs);
    const uint32_t lo = ld_u16<Src>(b + 96 + (s & 7));   // packed[s & 7], packed[(s & 7) + 1]
    const uint32_t hi = ld_u16<Src>(b + 104 + (s & 3));  // packed[8 + (s & 3)], packed[9 + (s & 3)]
    const uint32_t nib_shift = s < 8 ? 0u : 4u;
    const uint32_t hi_shift = 2u * static_cast<uint32_t>(s >> 2);
    const int sc0 = static_cast<int>(((lo >> nib_shift) & 0x0Fu) | (((hi >> hi_shift) & 3u) << 4)) - 32;
    const int sc1 = static_cast<int>(((lo >> (8 + nib_shift)) & 0x0Fu) | (((hi >> (8 + hi_shift)) & 3u) << 4)) - 32;
    const float d = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b + 108)));
    const int hshift = 4 * h + j;
#pragma unroll
    for (int k = 0; k < 8; ++k)
      w.q[k] = ((qs[k] >> (2 * j)) & 0x03030303u) | (((hm[k] >> hshift) & 0x01010101u) << 2);
    w.a0 = d * static_cast<float>(sc0);
    w.a1 = d * static_cast<float>(sc1);
    w.b0 = -4.0f * w.a0;
    w.b1 = -4.0f * w.a1;
  }
};

// Q4_K/Q5_K: an item is a chunk c of 32 quant bytes: its low nibbles are sub-block 2c, its high
// nibbles sub-block 2c + 1. All 8 scales and mins are unpacked with word-wide operations.
TS_HD void k4_scales_mins(uint32_t w0, uint32_t w1, uint32_t w2, int c, float (&sc)[2], float (&m)[2]) {
  uint32_t scw, mw;
  if (c < 2) {
    scw = w0 & 0x3F3F3F3Fu;  // sc0..sc3
    mw = w1 & 0x3F3F3F3Fu;   // m0..m3
  } else {
    scw = (w2 & 0x0F0F0F0Fu) | ((w0 >> 2) & 0x30303030u);          // sc4..sc7
    mw = ((w2 >> 4) & 0x0F0F0F0Fu) | ((w1 >> 2) & 0x30303030u);   // m4..m7
  }
  const uint32_t sh = 16u * static_cast<uint32_t>(c & 1);
  sc[0] = static_cast<float>((scw >> sh) & 0xFFu);
  sc[1] = static_cast<float>((scw >> (sh + 8)) & 0xFFu);
  m[0] = static_cast<float>((mw >> sh) & 0xFFu);
  m[1] = static_cast<float>((mw >> (sh + 8)) & 0xFFu);
}

struct TQ4_K {
  static constexpr GgmlType kType = GgmlType::Q4_K;
  static constexpr bool kUniform = true;  // one scale per 32 elements (a0 == a1, b0 == b1)
  static constexpr int kElems = 256, kBytes = 144, kGroups = 2, kItems = 4, kAlign = 16;
  static TS_HD int xblock(int item, int g) { return 2 * item + g; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int c, WItem (&out)[2]) {
    uint32_t qs[8];
    load32<16, Src>(b + 16 + 32 * c, qs);
    uint32_t head[4];
    load16<16, Src>(b, head);  // d, dmin, scales[12]
    float sc[2], m[2];
    k4_scales_mins(head[1], head[2], head[3], c, sc, m);
    const float d = half_to_float(static_cast<uint16_t>(head[0] & 0xFFFFu));
    const float dmin = half_to_float(static_cast<uint16_t>(head[0] >> 16));
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      out[0].q[k] = qs[k] & 0x0F0F0F0Fu;
      out[1].q[k] = (qs[k] >> 4) & 0x0F0F0F0Fu;
    }
#pragma unroll
    for (int g = 0; g < 2; ++g) {
      out[g].a0 = out[g].a1 = d * sc[g];
      out[g].b0 = out[g].b1 = -(dmin * m[g]);
    }
  }
};

struct TQ5_K {
  static constexpr GgmlType kType = GgmlType::Q5_K;
  static constexpr bool kUniform = true;  // one scale per 32 elements (a0 == a1, b0 == b1)
  static constexpr int kElems = 256, kBytes = 176, kGroups = 2, kItems = 4, kAlign = 16;
  static TS_HD int xblock(int item, int g) { return 2 * item + g; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int c, WItem (&out)[2]) {
    uint32_t qh[8], qs[8];
    load32<16, Src>(b + 16, qh);
    load32<16, Src>(b + 48 + 32 * c, qs);
    uint32_t head[4];
    load16<16, Src>(b, head);
    float sc[2], m[2];
    k4_scales_mins(head[1], head[2], head[3], c, sc, m);
    const float d = half_to_float(static_cast<uint16_t>(head[0] & 0xFFFFu));
    const float dmin = half_to_float(static_cast<uint16_t>(head[0] >> 16));
    const uint32_t s0 = 2u * static_cast<uint32_t>(c);
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      out[0].q[k] = (qs[k] & 0x0F0F0F0Fu) | (((qh[k] >> s0) & 0x01010101u) << 4);
      out[1].q[k] = ((qs[k] >> 4) & 0x0F0F0F0Fu) | (((qh[k] >> (s0 + 1)) & 0x01010101u) << 4);
    }
#pragma unroll
    for (int g = 0; g < 2; ++g) {
      out[g].a0 = out[g].a1 = d * sc[g];
      out[g].b0 = out[g].b1 = -(dmin * m[g]);
    }
  }
};

// Single-group forms of Q4_K/Q5_K (item = sub-block s): what dequantization, get_rows and the
// multi-vector products use; the grouped forms above are faster for one vector (docs/perf.md).
struct TQ4_K1 {
  static constexpr GgmlType kType = GgmlType::Q4_K;
  static constexpr bool kUniform = true;
  static constexpr int kElems = 256, kBytes = 144, kGroups = 1, kItems = 8, kAlign = 16;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int s, WItem (&out)[1]) {
    WItem& w = out[0];
    const int c = s >> 1;
    uint32_t qs[8];
    load32<16, Src>(b + 16 + 32 * c, qs);
    uint32_t head[4];
    load16<16, Src>(b, head);
    float sc[2], m[2];
    k4_scales_mins(head[1], head[2], head[3], c, sc, m);
    const bool odd = (s & 1) != 0;
    const uint32_t shift = odd ? 4u : 0u;
#pragma unroll
    for (int k = 0; k < 8; ++k) w.q[k] = (qs[k] >> shift) & 0x0F0F0F0Fu;
    w.a0 = w.a1 = half_to_float(static_cast<uint16_t>(head[0] & 0xFFFFu)) * (odd ? sc[1] : sc[0]);
    w.b0 = w.b1 = -(half_to_float(static_cast<uint16_t>(head[0] >> 16)) * (odd ? m[1] : m[0]));
  }
};

struct TQ5_K1 {
  static constexpr GgmlType kType = GgmlType::Q5_K;
  static constexpr bool kUniform = true;
  static constexpr int kElems = 256, kBytes = 176, kGroups = 1, kItems = 8, kAlign = 16;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int s, WItem (&out)[1]) {
    WItem& w = out[0];
    const int c = s >> 1;
    uint32_t qh[8], qs[8];
    load32<16, Src>(b + 16, qh);
    load32<16, Src>(b + 48 + 32 * c, qs);
    uint32_t head[4];
    load16<16, Src>(b, head);
    float sc[2], m[2];
    k4_scales_mins(head[1], head[2], head[3], c, sc, m);
    const bool odd = (s & 1) != 0;
    const uint32_t shift = odd ? 4u : 0u;
#pragma unroll
    for (int k = 0; k < 8; ++k)
      w.q[k] = ((qs[k] >> shift) & 0x0F0F0F0Fu) | (((qh[k] >> s) & 0x01010101u) << 4);
    w.a0 = w.a1 = half_to_float(static_cast<uint16_t>(head[0] & 0xFFFFu)) * (odd ? sc[1] : sc[0]);
    w.b0 = w.b1 = -(half_to_float(static_cast<uint16_t>(head[0] >> 16)) * (odd ? m[1] : m[0]));
  }
};

struct TQ6_K {
  static constexpr GgmlType kType = GgmlType::Q6_K;
  static constexpr bool kUniform = false;  // a scale per 16 elements
  static constexpr int kElems = 256, kBytes = 210, kGroups = 1, kItems = 8, kAlign = 2;
  static TS_HD int xblock(int item, int) { return item; }
  template <typename Src>
  static TS_HD void decode(const uint8_t* b, int item, WItem (&out)[1]) {
    WItem& w = out[0];
    const int h = item >> 2, k4 = item & 3;  // elements 128h + 32k4 + l
    uint32_t ql[8], qh[8];
    load32<2, Src>(b + 64 * h + 32 * (k4 & 1), ql);
    load32<2, Src>(b + 128 + 32 * h, qh);
    const uint32_t sc = ld_u16<Src>(b + 192 + 8 * h + 2 * k4);
    const float d = half_to_float(static_cast<uint16_t>(ld_u16<Src>(b + 208)));
    const uint32_t lshift = 4u * static_cast<uint32_t>(k4 >> 1);
    const uint32_t hshift = 2u * static_cast<uint32_t>(k4);
#pragma unroll
    for (int k = 0; k < 8; ++k)
      w.q[k] = ((ql[k] >> lshift) & 0x0F0F0F0Fu) | (((qh[k] >> hshift) & 0x03030303u) << 4);
    w.a0 = d * static_cast<float>(static_cast<int8_t>(sc & 0xFFu));
    w.a1 = d * static_cast<float>(static_cast<int8_t>(sc >> 8));
    w.b0 = -32.0f * w.a0;
    w.b1 = -32.0f * w.a1;
  }
};

}  // namespace tessera::cuda::qd

// The non-linear, codebook and ternary types (IQ*, TQ*, MXFP4).
#include "kernels/quant_decode_iq.cuh"

namespace tessera::cuda::qd {

// Byte offsets of the fp16 scale fields (d, dmin, m) inside one block of a quantized type; returns
// how many (0 for types without a trait). Random test/benchmark data gets its other bytes at random
// and these set to finite values, so every bit pattern of the quants is exercised.
TS_HD int scale_field_offsets(GgmlType type, int (&off)[2]) {
  switch (type) {
    case GgmlType::Q4_0: case GgmlType::Q5_0: case GgmlType::Q8_0: off[0] = 0; return 1;
    case GgmlType::Q4_1: case GgmlType::Q5_1: case GgmlType::Q4_K: case GgmlType::Q5_K: off[0] = 0; off[1] = 2; return 2;
    case GgmlType::Q2_K: off[0] = 80; off[1] = 82; return 2;
    case GgmlType::Q3_K: off[0] = 108; return 1;
    case GgmlType::Q6_K: off[0] = 208; return 1;
    case GgmlType::IQ4_NL: case GgmlType::IQ4_XS: case GgmlType::IQ2_XXS: case GgmlType::IQ2_XS:
    case GgmlType::IQ2_S: case GgmlType::IQ3_XXS: case GgmlType::IQ3_S: case GgmlType::IQ1_S: off[0] = 0; return 1;
    case GgmlType::TQ1_0: off[0] = 52; return 1;
    case GgmlType::TQ2_0: off[0] = 64; return 1;
    default: return 0;  // (IQ1_M and MXFP4: set_special_block_scale)
  }
}

// The CUDA backend's one table from a quantized type to its decoder: calls f(T{}) with the
// single-group trait of the type (every one with kGroups == 1: the form dequantization, the
// grouped expert GEMM and the matvec of several vectors use); returns false for types without one
// (F32/F16/BF16 and unsupported types). A new weight type is one row here (plus its trait above or
// in quant_decode_iq.cuh); the matvec's one-vector decoder follows from OneVectorDecoder below.
template <typename F>
inline bool visit_quant_type(GgmlType type, F&& f) {
  switch (type) {
    case GgmlType::Q4_0: f(TQ4_0{}); return true;
    case GgmlType::Q4_1: f(TQ4_1{}); return true;
    case GgmlType::Q5_0: f(TQ5_0{}); return true;
    case GgmlType::Q5_1: f(TQ5_1{}); return true;
    case GgmlType::Q8_0: f(TQ8_0{}); return true;
    case GgmlType::Q2_K: f(TQ2_K{}); return true;
    case GgmlType::Q3_K: f(TQ3_K{}); return true;
    case GgmlType::Q4_K: f(TQ4_K1{}); return true;
    case GgmlType::Q5_K: f(TQ5_K1{}); return true;
    case GgmlType::Q6_K: f(TQ6_K{}); return true;
    case GgmlType::IQ4_NL: f(TIQ4_NL{}); return true;
    case GgmlType::IQ4_XS: f(TIQ4_XS{}); return true;
    case GgmlType::IQ3_XXS: f(TIQ3_XXS{}); return true;
    case GgmlType::IQ3_S: f(TIQ3_S{}); return true;
    case GgmlType::IQ2_XXS: f(TIQ2_XXS{}); return true;
    case GgmlType::IQ2_XS: f(TIQ2_XS{}); return true;
    case GgmlType::IQ2_S: f(TIQ2_S{}); return true;
    case GgmlType::IQ1_S: f(TIQ1_S{}); return true;
    case GgmlType::IQ1_M: f(TIQ1_M{}); return true;
    case GgmlType::TQ1_0: f(TTQ1_0{}); return true;
    case GgmlType::TQ2_0: f(TTQ2_0{}); return true;
    case GgmlType::MXFP4: f(TMXFP4{}); return true;
    default: return false;
  }
}

// The decoder the matvec uses for one vector: the trait itself, except where a multi-group item
// is faster for one vector and slower for several (Q4_K and Q5_K: docs/perf.md).
template <typename T>
struct OneVectorDecoder {
  using type = T;
};
template <>
struct OneVectorDecoder<TQ4_K1> {
  using type = TQ4_K;
};
template <>
struct OneVectorDecoder<TQ5_K1> {
  using type = TQ5_K;
};

}  // namespace tessera::cuda::qd
