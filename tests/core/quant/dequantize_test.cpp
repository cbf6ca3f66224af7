// Hand-built blocks: bytes are written at explicit offsets following the layouts documented in
// quant/blocks.h (checked against ggml's sources), and the expected floats come from per-element
// formulas here, not from the library. All scales are powers of two so every value is exact.
#include "quant/dequantize.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "quant/blocks.h"
#include "quant_test_util.h"

namespace tessera {
namespace {

using test::BlockBytes;
using test::Levels;

// fp16 bit patterns written by hand (not via fp32_to_fp16).
constexpr uint16_t kHalf = 0x3800;        // 0.5
constexpr uint16_t kQuarter = 0x3400;     // 0.25
constexpr uint16_t kOne = 0x3C00;         // 1.0
constexpr uint16_t kTwo = 0x4000;         // 2.0
constexpr uint16_t kMinusOne = 0xBC00;    // -1.0
constexpr uint16_t kEighth = 0x3000;      // 0.125
constexpr uint16_t kOneAndHalf = 0x3E00;  // 1.5

std::vector<float> dequantize(GgmlType type, const BlockBytes& bytes, int64_t n) {
  std::vector<float> out(static_cast<size_t>(n), -12345.0f);
  const Status st = dequantize_row(type, bytes.data(), out.data(), n);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().describe());
  return out;
}

void expect_exact(const std::vector<float>& got, const std::vector<float>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

TEST(DequantizeHandBuilt, Q4_0NibblesZeroToFifteen) {
  // d = 0.5; byte j = (low nibble j, high nibble 15 - j): element j < 16 is the low nibble of
  // byte j, element j >= 16 the high nibble of byte j - 16.
  BlockBytes b(18);
  b.put_u16(0, kHalf);
  for (int j = 0; j < 16; ++j) b.at(2 + j) = static_cast<uint8_t>(j | ((15 - j) << 4));
  std::vector<float> want(32);
  for (int j = 0; j < 16; ++j) {
    want[j] = (j - 8) * 0.5f;
    want[j + 16] = ((15 - j) - 8) * 0.5f;
  }
  expect_exact(dequantize(GgmlType::Q4_0, b, 32), want);
}

TEST(DequantizeHandBuilt, Q4_0TwoBlocks) {
  BlockBytes b(36);
  b.put_u16(0, kOne);
  b.put_u16(18, kMinusOne);
  for (int j = 0; j < 16; ++j) {
    b.at(2 + j) = 0xF0;       // low 0 -> -8, high 15 -> 7
    b.at(20 + j) = 0x19;      // low 9 -> 1, high 1 -> -7
  }
  std::vector<float> want(64);
  for (int j = 0; j < 16; ++j) {
    want[j] = -8.0f;
    want[j + 16] = 7.0f;
    want[32 + j] = -1.0f;
    want[48 + j] = 7.0f;
  }
  expect_exact(dequantize(GgmlType::Q4_0, b, 64), want);
}

TEST(DequantizeHandBuilt, Q4_1) {
  // x = d * q + m with d = 0.25, m = -1.5 (0xBE00).
  BlockBytes b(20);
  b.put_u16(0, kQuarter);
  b.put_u16(2, 0xBE00);
  Levels lv(1);
  std::vector<int> q(32);
  for (auto& v : q) v = lv.next(0, 15);
  for (int j = 0; j < 16; ++j) b.at(4 + j) = static_cast<uint8_t>(q[j] | (q[j + 16] << 4));
  std::vector<float> want(32);
  for (int i = 0; i < 32; ++i) want[i] = 0.25f * q[i] - 1.5f;
  expect_exact(dequantize(GgmlType::Q4_1, b, 32), want);
}

// Q5_0/Q5_1: the fifth bit of element i is bit i of the little-endian uint32 qh.
void fill_q5(BlockBytes& b, size_t qh_offset, size_t qs_offset, const std::vector<int>& q) {
  for (int i = 0; i < 32; ++i) {
    b.set_bits(qh_offset + i / 8, i % 8, (q[i] >> 4) & 1);
    if (i < 16) {
      b.set_bits(qs_offset + i, 0, q[i] & 15);
    } else {
      b.set_bits(qs_offset + i - 16, 4, q[i] & 15);
    }
  }
}

TEST(DequantizeHandBuilt, Q5_0) {
  BlockBytes b(22);
  b.put_u16(0, kTwo);
  Levels lv(2);
  std::vector<int> q(32);
  for (auto& v : q) v = lv.next(0, 31);
  q[0] = 0;
  q[31] = 31;
  q[16] = 16;
  fill_q5(b, 2, 6, q);
  std::vector<float> want(32);
  for (int i = 0; i < 32; ++i) want[i] = 2.0f * (q[i] - 16);
  expect_exact(dequantize(GgmlType::Q5_0, b, 32), want);
}

TEST(DequantizeHandBuilt, Q5_1) {
  BlockBytes b(24);
  b.put_u16(0, kEighth);
  b.put_u16(2, kOne);
  Levels lv(3);
  std::vector<int> q(32);
  for (auto& v : q) v = lv.next(0, 31);
  fill_q5(b, 4, 8, q);
  std::vector<float> want(32);
  for (int i = 0; i < 32; ++i) want[i] = 0.125f * q[i] + 1.0f;
  expect_exact(dequantize(GgmlType::Q5_1, b, 32), want);
}

TEST(DequantizeHandBuilt, Q8_0) {
  BlockBytes b(34);
  b.put_u16(0, kHalf);
  std::vector<float> want(32);
  for (int i = 0; i < 32; ++i) {
    const int q = i * 8 - 128;  // -128 .. 120
    b.at(2 + i) = static_cast<uint8_t>(static_cast<int8_t>(q));
    want[i] = 0.5f * q;
  }
  expect_exact(dequantize(GgmlType::Q8_0, b, 32), want);
}

TEST(DequantizeHandBuilt, Q2_K) {
  // scales[0..15] (lo = scale, hi = min), qs[16..79], d at 80, dmin at 82.
  BlockBytes b(84);
  b.put_u16(80, kHalf);
  b.put_u16(82, kQuarter);
  Levels lv(4);
  int sc[16], mn[16];
  for (int s = 0; s < 16; ++s) {
    sc[s] = lv.next(0, 15);
    mn[s] = lv.next(0, 15);
    b.at(s) = static_cast<uint8_t>(sc[s] | (mn[s] << 4));
  }
  std::vector<float> want(256);
  for (int i = 0; i < 256; ++i) {
    const int q = lv.next(0, 3);
    const int h = i / 128, j = (i % 128) / 32, l = i % 32;
    b.set_bits(16 + 32 * h + l, 2 * j, q);
    want[i] = 0.5f * sc[i / 16] * q - 0.25f * mn[i / 16];
  }
  expect_exact(dequantize(GgmlType::Q2_K, b, 256), want);
}

TEST(DequantizeHandBuilt, Q3_K) {
  // hmask[0..31], qs[32..95], scales[96..107], d at 108.
  BlockBytes b(110);
  b.put_u16(108, kHalf);
  Levels lv(5);
  int scale[16];
  for (int s = 0; s < 16; ++s) {
    scale[s] = lv.next(-32, 31);
    const int u = scale[s] + 32;
    // Low nibble: bytes 0..7 (s < 8: low half of byte s; s >= 8: high half of byte s - 8).
    if (s < 8) {
      b.set_bits(96 + s, 0, u & 15);
    } else {
      b.set_bits(96 + s - 8, 4, u & 15);
    }
    // Top two bits: byte 8 + s % 4, bit pair s / 4.
    b.set_bits(96 + 8 + s % 4, 2 * (s / 4), u >> 4);
  }
  std::vector<float> want(256);
  for (int i = 0; i < 256; ++i) {
    const int q = lv.next(-4, 3);
    const int u = q + 4;  // low two bits in qs, bit 2 in hmask (set = do not subtract 4)
    const int h = i / 128, j = (i % 128) / 32, l = i % 32;
    b.set_bits(32 + 32 * h + l, 2 * j, u & 3);
    b.set_bits(l, 4 * h + j, u >> 2);
    want[i] = 0.5f * scale[i / 16] * q;
  }
  expect_exact(dequantize(GgmlType::Q3_K, b, 256), want);
}

TEST(DequantizeHandBuilt, Q3_KExtremeScales) {
  BlockBytes b(110);
  b.put_u16(108, kOne);
  // Scale codes u = 0 (-32) for even sub-blocks and 63 (31) for odd ones.
  for (int s = 0; s < 16; ++s) {
    const int u = (s % 2 == 0) ? 0 : 63;
    if (s < 8) {
      b.set_bits(96 + s, 0, u & 15);
    } else {
      b.set_bits(96 + s - 8, 4, u & 15);
    }
    b.set_bits(96 + 8 + s % 4, 2 * (s / 4), u >> 4);
  }
  // Every element at level 3 (u = 7): low bits 3, high bit set.
  for (int k = 0; k < 64; ++k) b.at(32 + k) = 0xFF;
  for (int k = 0; k < 32; ++k) b.at(k) = 0xFF;
  const std::vector<float> got = dequantize(GgmlType::Q3_K, b, 256);
  for (int i = 0; i < 256; ++i) ASSERT_EQ(got[i], ((i / 16) % 2 == 0 ? -32.0f : 31.0f) * 3.0f) << i;
}

// Q4_K/Q5_K 6-bit scales and mins packed by hand (see blocks.h).
void pack_k4_by_hand(BlockBytes& b, size_t offset, const int* sc, const int* mn) {
  for (int j = 0; j < 4; ++j) {
    b.set_bits(offset + j, 0, sc[j]);
    b.set_bits(offset + j, 6, sc[j + 4] >> 4);
    b.set_bits(offset + j + 4, 0, mn[j]);
    b.set_bits(offset + j + 4, 6, mn[j + 4] >> 4);
    b.set_bits(offset + j + 8, 0, sc[j + 4] & 15);
    b.set_bits(offset + j + 8, 4, mn[j + 4] & 15);
  }
}

TEST(DequantizeHandBuilt, Q4_K) {
  // d at 0, dmin at 2, scales[4..15], qs[16..143].
  BlockBytes b(144);
  b.put_u16(0, kHalf);
  b.put_u16(2, kEighth);
  int sc[8] = {1, 63, 17, 32, 63, 48, 5, 33};
  int mn[8] = {0, 7, 63, 12, 45, 63, 16, 1};
  pack_k4_by_hand(b, 4, sc, mn);
  Levels lv(6);
  std::vector<float> want(256);
  for (int i = 0; i < 256; ++i) {
    const int q = lv.next(0, 15);
    const int c = i / 64, r = i % 64;
    b.set_bits(16 + 32 * c + r % 32, r < 32 ? 0 : 4, q);
    want[i] = 0.5f * sc[i / 32] * q - 0.125f * mn[i / 32];
  }
  expect_exact(dequantize(GgmlType::Q4_K, b, 256), want);
}

TEST(DequantizeHandBuilt, Q5_K) {
  // d at 0, dmin at 2, scales[4..15], qh[16..47], qs[48..175].
  BlockBytes b(176);
  b.put_u16(0, kQuarter);
  b.put_u16(2, kOneAndHalf);
  int sc[8] = {63, 2, 40, 19, 16, 63, 31, 0};
  int mn[8] = {3, 63, 0, 22, 63, 15, 47, 60};
  pack_k4_by_hand(b, 4, sc, mn);
  Levels lv(7);
  std::vector<float> want(256);
  for (int i = 0; i < 256; ++i) {
    const int q = lv.next(0, 31);
    const int c = i / 64, r = i % 64, s = i / 32;
    b.set_bits(48 + 32 * c + r % 32, r < 32 ? 0 : 4, q & 15);
    b.set_bits(16 + i % 32, s, q >> 4);
    want[i] = 0.25f * sc[s] * q - 1.5f * mn[s];
  }
  expect_exact(dequantize(GgmlType::Q5_K, b, 256), want);
}

TEST(DequantizeHandBuilt, Q6_K) {
  // ql[0..127], qh[128..191], scales[192..207] (int8), d at 208.
  BlockBytes b(210);
  b.put_u16(208, kEighth);
  Levels lv(8);
  int scale[16];
  for (int s = 0; s < 16; ++s) {
    scale[s] = lv.next(-128, 127);
    b.at(192 + s) = static_cast<uint8_t>(static_cast<int8_t>(scale[s]));
  }
  std::vector<float> want(256);
  for (int i = 0; i < 256; ++i) {
    const int q = lv.next(-32, 31);
    const int u = q + 32;
    const int h = i / 128, k = (i % 128) / 32, l = i % 32;
    b.set_bits(64 * h + 32 * (k % 2) + l, k < 2 ? 0 : 4, u & 15);
    b.set_bits(128 + 32 * h + l, 2 * k, u >> 4);
    want[i] = 0.125f * scale[i / 16] * q;
  }
  expect_exact(dequantize(GgmlType::Q6_K, b, 256), want);
}

TEST(DequantizeHandBuilt, KQuantsTwoSuperBlocks) {
  // The second super-block must be read at offset type_size: a Q6_K row of two blocks, the first
  // with every level at 31 and scale 2, the second with every level at -32 and scale 1.
  BlockBytes b(420);
  b.put_u16(208, kOne);
  b.put_u16(210 + 208, kOne);
  for (int s = 0; s < 16; ++s) {
    b.at(192 + s) = 2;
    b.at(210 + 192 + s) = 1;
  }
  // first block: all u = 63 -> q = 31; second: all u = 0 -> q = -32.
  for (int k = 0; k < 128; ++k) b.at(k) = 0xFF;
  for (int k = 0; k < 64; ++k) b.at(128 + k) = 0xFF;
  const std::vector<float> got = dequantize(GgmlType::Q6_K, b, 512);
  for (int i = 0; i < 256; ++i) ASSERT_EQ(got[i], 62.0f) << i;
  for (int i = 256; i < 512; ++i) ASSERT_EQ(got[i], -32.0f) << i;
}

TEST(DequantizeHandBuilt, PlainTypes) {
  BlockBytes f32(16);
  const float values[4] = {1.5f, -2.0f, 0.0f, 1e-30f};
  std::memcpy(f32.data(), values, sizeof(values));
  expect_exact(dequantize(GgmlType::F32, f32, 4), std::vector<float>(values, values + 4));

  BlockBytes f16(8);
  f16.put_u16(0, kOneAndHalf);
  f16.put_u16(2, 0xC000);
  f16.put_u16(4, 0x0001);
  f16.put_u16(6, 0x7BFF);
  expect_exact(dequantize(GgmlType::F16, f16, 4), {1.5f, -2.0f, std::ldexp(1.0f, -24), 65504.0f});

  BlockBytes bf16(6);
  bf16.put_u16(0, 0x3FC0);  // 1.5
  bf16.put_u16(2, 0xC000);  // -2
  bf16.put_u16(4, 0x4B80);  // 2^24 = 16777216
  expect_exact(dequantize(GgmlType::BF16, bf16, 3), {1.5f, -2.0f, 16777216.0f});
}

TEST(Blocks, SizesMatchTheTypeTable) {
  EXPECT_EQ(sizeof(BlockQ4_0), type_info(GgmlType::Q4_0).type_size);
  EXPECT_EQ(sizeof(BlockQ4_1), type_info(GgmlType::Q4_1).type_size);
  EXPECT_EQ(sizeof(BlockQ5_0), type_info(GgmlType::Q5_0).type_size);
  EXPECT_EQ(sizeof(BlockQ5_1), type_info(GgmlType::Q5_1).type_size);
  EXPECT_EQ(sizeof(BlockQ8_0), type_info(GgmlType::Q8_0).type_size);
  EXPECT_EQ(sizeof(BlockQ2_K), type_info(GgmlType::Q2_K).type_size);
  EXPECT_EQ(sizeof(BlockQ3_K), type_info(GgmlType::Q3_K).type_size);
  EXPECT_EQ(sizeof(BlockQ4_K), type_info(GgmlType::Q4_K).type_size);
  EXPECT_EQ(sizeof(BlockQ5_K), type_info(GgmlType::Q5_K).type_size);
  EXPECT_EQ(sizeof(BlockQ6_K), type_info(GgmlType::Q6_K).type_size);
  EXPECT_EQ(type_info(GgmlType::Q4_0).block_size, static_cast<uint32_t>(kQK));
  EXPECT_EQ(type_info(GgmlType::Q4_K).block_size, static_cast<uint32_t>(kQK_K));
}

TEST(Blocks, ScalePackingRoundTrips) {
  for (int v = 0; v < 64; ++v) {
    uint8_t sc[8], mn[8];
    for (int j = 0; j < 8; ++j) {
      sc[j] = static_cast<uint8_t>((v + 7 * j) % 64);
      mn[j] = static_cast<uint8_t>((63 - v + 11 * j) % 64);
    }
    uint8_t packed[12] = {};
    pack_k4_scales_mins(sc, mn, packed);
    for (int j = 0; j < 8; ++j) {
      uint8_t s = 0, m = 0;
      unpack_k4_scale_min(packed, j, s, m);
      ASSERT_EQ(s, sc[j]);
      ASSERT_EQ(m, mn[j]);
    }
    int8_t q3[16];
    for (int j = 0; j < 16; ++j) q3[j] = static_cast<int8_t>((v + 5 * j) % 64 - 32);
    uint8_t packed3[12] = {};
    pack_q3_k_scales(q3, packed3);
    for (int j = 0; j < 16; ++j) ASSERT_EQ(unpack_q3_k_scale(packed3, j), q3[j]);
  }
}

}  // namespace
}  // namespace tessera

namespace tessera {
namespace {

TEST(DequantizeErrors, UnsupportedUnknownAndInvalid) {
  std::vector<uint16_t> data(512, 0);
  std::vector<float> out(256);

  Status st = dequantize_row(GgmlType::Q8_1, data.data(), out.data(), 256);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::Unsupported);
  EXPECT_NE(st.error().message.find("Q8_1"), std::string::npos) << st.error().message;
  EXPECT_NE(st.error().message.find("Q4_K"), std::string::npos) << "lists the supported types";
  EXPECT_NE(st.error().message.find("IQ4_XS"), std::string::npos) << "lists the supported types";

  st = dequantize_row(GgmlType::Q8_K, data.data(), out.data(), 256);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::Unsupported);

  st = dequantize_row(static_cast<GgmlType>(4), data.data(), out.data(), 32);  // Q4_2, retired
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("retired"), std::string::npos) << st.error().message;

  st = dequantize_row(static_cast<GgmlType>(1000), data.data(), out.data(), 32);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::InvalidArgument);
  EXPECT_NE(st.error().message.find("1000"), std::string::npos) << st.error().message;

  st = dequantize_row(GgmlType::Q4_K, data.data(), out.data(), 100);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::InvalidArgument);
  EXPECT_NE(st.error().message.find("100"), std::string::npos) << st.error().message;
  EXPECT_NE(st.error().message.find("256"), std::string::npos) << st.error().message;

  st = dequantize_row(GgmlType::Q4_0, data.data(), out.data(), -32);
  ASSERT_FALSE(st.ok());

  st = dequantize_row(GgmlType::Q4_0, data.data(), out.data(), 33);
  ASSERT_FALSE(st.ok());

  st = dequantize_row(GgmlType::Q4_0, nullptr, out.data(), 32);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::InvalidArgument);

  st = dequantize_row(GgmlType::F16, data.data(), nullptr, 32);
  ASSERT_FALSE(st.ok());

  st = dequantize_row(GgmlType::Q6_K, reinterpret_cast<uint8_t*>(data.data()) + 1, out.data(), 256);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("aligned"), std::string::npos) << st.error().message;

  st = dequantize_row(GgmlType::F32, reinterpret_cast<uint8_t*>(data.data()) + 2, out.data(), 4);
  ASSERT_FALSE(st.ok());

  EXPECT_TRUE(dequantize_row(GgmlType::Q4_K, nullptr, nullptr, 0).ok());
}

}  // namespace
}  // namespace tessera
