// Hand-built blocks of the non-linear, codebook and ternary types. Bytes are written at explicit
// offsets following quant/blocks.h; the expected floats come from formulas here, with the few grid
// points used written out by hand (from the format's codebooks), not from the library's tables.
// Scales are chosen so that every value is exact.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <vector>

#include "quant/dequantize.h"
#include "quant_test_util.h"

namespace tessera {
namespace {

using test::BlockBytes;

constexpr uint16_t kHalf = 0x3800;  // 0.5
constexpr uint16_t kOne = 0x3C00;   // 1.0

const int kIq4[16] = {-127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113};
const int kFp4x2[16] = {0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12};

std::vector<float> dequantize(GgmlType type, const uint8_t* data, int64_t n) {
  std::vector<float> out(static_cast<size_t>(n), -12345.0f);
  const Status st = dequantize_row(type, data, out.data(), n);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().describe());
  return out;
}

void expect_prefix(const std::vector<float>& got, const std::vector<float>& want) {
  ASSERT_GE(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

// The 8 signs a 7-bit index stands for: bit 7 makes the number of negatives even.
int sign_of(int index7, int j) {
  const int bits = index7 | ((std::popcount(static_cast<unsigned>(index7)) & 1) << 7);
  return (bits >> j) & 1 ? -1 : 1;
}

TEST(IqDequantizeHandBuilt, IQ4_NL) {
  BlockBytes b(18);
  b.put_u16(0, kHalf);
  for (int j = 0; j < 16; ++j) b.at(2 + j) = static_cast<uint8_t>(j | ((15 - j) << 4));
  std::vector<float> want(32);
  for (int j = 0; j < 16; ++j) {
    want[j] = 0.5f * static_cast<float>(kIq4[j]);
    want[j + 16] = 0.5f * static_cast<float>(kIq4[15 - j]);
  }
  expect_prefix(dequantize(GgmlType::IQ4_NL, b.data(), 32), want);
}

TEST(IqDequantizeHandBuilt, MXFP4AtOddAddresses) {
  // Three blocks with scales 2^(e - 128) (the doubled e2m1 values halved): e = 128 (1), 131 (8) and
  // 0 (2^-128, a subnormal). The row starts at an odd address, so blocks 0 and 2 are odd.
  std::vector<uint8_t> storage(3 * 17 + 1);
  uint8_t* p = storage.data() + 1;  // the whole row at an odd address
  const int es[3] = {128, 131, 0};
  for (int blk = 0; blk < 3; ++blk) {
    p[17 * blk] = static_cast<uint8_t>(es[blk]);
    for (int j = 0; j < 16; ++j) p[17 * blk + 1 + j] = static_cast<uint8_t>(((j + blk) & 15) | ((15 - j) << 4));
  }
  std::vector<float> want(96);
  for (int blk = 0; blk < 3; ++blk) {
    const float scale = std::ldexp(1.0f, es[blk] - 128);
    for (int j = 0; j < 16; ++j) {
      want[32 * blk + j] = static_cast<float>(kFp4x2[(j + blk) & 15]) * scale;
      want[32 * blk + j + 16] = static_cast<float>(kFp4x2[15 - j]) * scale;
    }
  }
  expect_prefix(dequantize(GgmlType::MXFP4, p, 96), want);
}

TEST(IqDequantizeHandBuilt, IQ4_XS) {
  BlockBytes b(136);
  b.put_u16(0, kHalf);
  int ls[8];
  uint16_t scales_h = 0;
  for (int s = 0; s < 8; ++s) {
    ls[s] = (s * 9 + 3) & 63;  // 3, 12, 21, ..., 0..63 with both high bits used
    b.set_bits(4 + s / 2, 4 * (s % 2), ls[s] & 15);
    scales_h = static_cast<uint16_t>(scales_h | ((ls[s] >> 4) << (2 * s)));
    for (int j = 0; j < 16; ++j) b.at(8 + 16 * s + j) = static_cast<uint8_t>(((j + s) & 15) | ((j ^ s) << 4));
  }
  b.put_u16(2, scales_h);
  std::vector<float> want(256);
  for (int s = 0; s < 8; ++s) {
    const float dl = 0.5f * static_cast<float>(ls[s] - 32);
    for (int j = 0; j < 16; ++j) {
      want[32 * s + j] = dl * static_cast<float>(kIq4[(j + s) & 15]);
      want[32 * s + j + 16] = dl * static_cast<float>(kIq4[(j ^ s) & 15]);
    }
  }
  expect_prefix(dequantize(GgmlType::IQ4_XS, b.data(), 256), want);
}

TEST(IqDequantizeHandBuilt, IQ2_XXS) {
  // Sub-block 0: grid points 1, 255, 0, 1; sign indices 0, 1, 127, 5; scale 3 -> db = 3.5 / 4.
  // Grid point 0 = all 8; 1 = 43 then 8s; 255 = 8 25 8 8 25 43 43 43.
  BlockBytes b(66);
  b.put_u16(0, kOne);
  const int idx[4] = {1, 255, 0, 1};
  const int sgn[4] = {0, 1, 127, 5};
  for (int l = 0; l < 4; ++l) b.at(2 + l) = static_cast<uint8_t>(idx[l]);
  uint32_t w1 = 3u << 28;
  for (int l = 0; l < 4; ++l) w1 |= static_cast<uint32_t>(sgn[l]) << (7 * l);
  for (int k = 0; k < 4; ++k) b.at(6 + k) = static_cast<uint8_t>(w1 >> (8 * k));
  const int grid[3][8] = {{8, 8, 8, 8, 8, 8, 8, 8}, {43, 8, 8, 8, 8, 8, 8, 8}, {8, 25, 8, 8, 25, 43, 43, 43}};
  auto point = [&](int i) { return i == 255 ? grid[2] : grid[i]; };
  std::vector<float> want(64);
  for (int l = 0; l < 4; ++l)
    for (int j = 0; j < 8; ++j) want[8 * l + j] = 0.875f * static_cast<float>(point(idx[l])[j] * sign_of(sgn[l], j));
  for (int e = 32; e < 64; ++e) want[e] = 0.125f * 8.0f;  // sub-block 1: all zero bytes
  expect_prefix(dequantize(GgmlType::IQ2_XXS, b.data(), 256), want);
}

TEST(IqDequantizeHandBuilt, IQ2_XS) {
  // Groups 0..3 of sub-block 0: (point 511 = all 43, sign index 3), (1, 0), (1, 127), (0, 9);
  // scales lo 1, hi 2 -> db 1.5/4 for groups 0, 1 and 2.5/4 for groups 2, 3.
  BlockBytes b(74);
  b.put_u16(0, kOne);
  const int idx[4] = {511, 1, 1, 0};
  const int sgn[4] = {3, 0, 127, 9};
  for (int l = 0; l < 4; ++l) b.put_u16(2 + 2 * l, static_cast<uint16_t>(idx[l] | (sgn[l] << 9)));
  b.at(66) = 0x21;
  auto grid = [](int i, int j) { return i == 511 ? 43 : (i == 1 && j == 0 ? 43 : 8); };
  std::vector<float> want(32);
  for (int l = 0; l < 4; ++l)
    for (int j = 0; j < 8; ++j)
      want[8 * l + j] = (l < 2 ? 0.375f : 0.625f) * static_cast<float>(grid(idx[l], j) * sign_of(sgn[l], j));
  expect_prefix(dequantize(GgmlType::IQ2_XS, b.data(), 256), want);
}

TEST(IqDequantizeHandBuilt, IQ2_S) {
  // Group 0: point 1023 (all 43), signs 0xA5; group 1: point 300 (8 25 43 25 8 25 25 8), signs
  // 0x01; groups 2, 3: point 0 (all 8), signs 0. Scales lo 1, hi 3.
  BlockBytes b(82);
  b.put_u16(0, kOne);
  b.at(2) = 0xFF;
  b.at(3) = 300 & 0xFF;
  b.at(34) = 0xA5;
  b.at(35) = 0x01;
  b.at(66) = static_cast<uint8_t>(3 | (1 << 2));  // high bits of groups 0 (3) and 1 (1)
  b.at(74) = 0x31;
  const int p300[8] = {8, 25, 43, 25, 8, 25, 25, 8};
  std::vector<float> want(32);
  for (int j = 0; j < 8; ++j) {
    want[j] = 0.375f * 43.0f * ((0xA5 >> j) & 1 ? -1.0f : 1.0f);
    want[8 + j] = 0.375f * static_cast<float>(p300[j]) * (j == 0 ? -1.0f : 1.0f);
    want[16 + j] = 0.875f * 8.0f;
    want[24 + j] = 0.875f * 8.0f;
  }
  expect_prefix(dequantize(GgmlType::IQ2_S, b.data(), 256), want);
}

TEST(IqDequantizeHandBuilt, IQ3_XXS) {
  // Group 0 of sub-block 0: points 255 (4 28 52 62) and 1 (20 4 4 4), sign index 1; scale 2 ->
  // db = 2.5 / 2. Other groups: point 0 (all 4), sign index 0.
  BlockBytes b(98);
  b.put_u16(0, kOne);
  b.at(2) = 255;
  b.at(3) = 1;
  const uint32_t ss = 1u | (2u << 28);
  for (int k = 0; k < 4; ++k) b.at(66 + k) = static_cast<uint8_t>(ss >> (8 * k));
  const int pts[8] = {4, 28, 52, 62, 20, 4, 4, 4};
  std::vector<float> want(32);
  for (int j = 0; j < 8; ++j) want[j] = 1.25f * static_cast<float>(pts[j] * sign_of(1, j));
  for (int e = 8; e < 32; ++e) want[e] = 1.25f * 4.0f;
  expect_prefix(dequantize(GgmlType::IQ3_XXS, b.data(), 256), want);
}

TEST(IqDequantizeHandBuilt, IQ3_S) {
  // Group 0 of sub-block 0: points 511 (1 1 15 15) and 256 (7 5 9 5) via the qh bits, signs 0x0F;
  // d = 0.5, scale nibble 3 -> db = 0.5 * 7.
  BlockBytes b(110);
  b.put_u16(0, kHalf);
  b.at(2) = 0xFF;
  b.at(3) = 0x00;
  b.at(66) = 0x03;
  b.at(74) = 0x0F;
  b.at(106) = 0x03;
  const int pts[8] = {1, 1, 15, 15, 7, 5, 9, 5};
  std::vector<float> want(32);
  for (int j = 0; j < 8; ++j) want[j] = 3.5f * static_cast<float>(pts[j]) * (j < 4 ? -1.0f : 1.0f);
  for (int e = 8; e < 32; ++e) want[e] = 3.5f;  // point 0 = all 1
  expect_prefix(dequantize(GgmlType::IQ3_S, b.data(), 256), want);
}

TEST(IqDequantizeHandBuilt, IQ1_S) {
  // Sub-block 0: groups 0 (point 2047 = all +1) and 1 (point 1024 = 0 1 -1 0 0 0 0 0), groups 2, 3
  // point 0 (all -1); scale 2 -> dl = 0.5 * 5; negative delta.
  BlockBytes b(50);
  b.put_u16(0, kHalf);
  b.at(2) = 0xFF;
  b.at(3) = 0x00;
  b.put_u16(34, static_cast<uint16_t>(7 | (4 << 3) | (2 << 12) | 0x8000));
  const int p1024[8] = {0, 1, -1, 0, 0, 0, 0, 0};
  std::vector<float> want(32);
  for (int j = 0; j < 8; ++j) {
    want[j] = 2.5f * (1.0f - 0.125f);
    want[8 + j] = 2.5f * (static_cast<float>(p1024[j]) - 0.125f);
    want[16 + j] = 2.5f * (-1.0f - 0.125f);
    want[24 + j] = 2.5f * (-1.0f - 0.125f);
  }
  // Sub-block 1 is all zero bytes: point 0, dl = 0.5, delta +1/8.
  for (int e = 32; e < 64; ++e) want.push_back(0.5f * (-1.0f + 0.125f));
  expect_prefix(dequantize(GgmlType::IQ1_S, b.data(), 256), want);
}

TEST(IqDequantizeHandBuilt, IQ1_M) {
  // d = 1.0 (fp16 0x3C00) spread over the top nibbles of the four scale words: 0, 0, 0xC, 0x3.
  // Sub-block 0 scales 1 and 2 (dl 3 and 5), sub-block 1 scales 3 and 0 (dl 7 and 1).
  BlockBytes b(56);
  const uint16_t w0 = static_cast<uint16_t>(1 | (2 << 3) | (3 << 6) | (0 << 9));
  b.put_u16(48, w0);
  b.put_u16(50, 0x0000);
  b.put_u16(52, 0xC000);
  b.put_u16(54, 0x3000);
  // Sub-block 0: group 0 point 2047 (+delta), group 1 point 1024 (-delta), group 2 point 1
  // (1 then -1s, +delta), group 3 point 0 (all -1, -delta).
  b.at(0) = 0xFF;
  b.at(1) = 0x00;
  b.at(2) = 0x01;
  b.at(3) = 0x00;
  b.at(32) = static_cast<uint8_t>(7 | ((4 | 8) << 4));
  b.at(33) = static_cast<uint8_t>(0 | (8 << 4));
  const int p1024[8] = {0, 1, -1, 0, 0, 0, 0, 0};
  std::vector<float> want(64);
  for (int j = 0; j < 8; ++j) {
    want[j] = 3.0f * (1.0f + 0.125f);
    want[8 + j] = 3.0f * (static_cast<float>(p1024[j]) - 0.125f);
    want[16 + j] = 5.0f * ((j == 0 ? 1.0f : -1.0f) + 0.125f);
    want[24 + j] = 5.0f * (-1.0f - 0.125f);
  }
  for (int e = 32; e < 48; ++e) want[e] = 7.0f * (-1.0f + 0.125f);  // sub-block 1, all zero bytes
  for (int e = 48; e < 64; ++e) want[e] = 1.0f * (-1.0f + 0.125f);
  expect_prefix(dequantize(GgmlType::IQ1_M, b.data(), 256), want);
}

TEST(IqDequantizeHandBuilt, TQ1_0) {
  // Trits t (0..2, value t - 1) packed five to a byte as the base-3 fraction v / 243 scaled to
  // 256 and rounded up, first trit most significant; the last 16 elements four to a qh byte.
  BlockBytes b(54);
  b.put_u16(52, kHalf);
  std::vector<int> t(256);
  for (int i = 0; i < 256; ++i) t[i] = (i * 7 + i / 5) % 3;
  auto pack = [](const int* trits, int count) {
    int v = 0;
    for (int n = 0; n < 5; ++n) v = 3 * v + (n < count ? trits[n] : 0);
    return static_cast<uint8_t>((v * 256 + 242) / 243);
  };
  int tr[5];
  for (int m = 0; m < 32; ++m) {
    for (int n = 0; n < 5; ++n) tr[n] = t[32 * n + m];
    b.at(m) = pack(tr, 5);
  }
  for (int m = 0; m < 16; ++m) {
    for (int n = 0; n < 5; ++n) tr[n] = t[160 + 16 * n + m];
    b.at(32 + m) = pack(tr, 5);
  }
  for (int m = 0; m < 4; ++m) {
    for (int n = 0; n < 4; ++n) tr[n] = t[240 + 4 * n + m];
    b.at(48 + m) = pack(tr, 4);
  }
  std::vector<float> want(256);
  for (int i = 0; i < 256; ++i) want[i] = 0.5f * static_cast<float>(t[i] - 1);
  expect_prefix(dequantize(GgmlType::TQ1_0, b.data(), 256), want);
}

TEST(IqDequantizeHandBuilt, TQ2_0) {
  BlockBytes b(66);
  b.put_u16(64, 0x4000);  // 2.0
  for (int k = 0; k < 64; ++k) b.at(k) = static_cast<uint8_t>(k * 37 + 5);
  std::vector<float> want(256);
  for (int h = 0; h < 2; ++h)
    for (int l = 0; l < 4; ++l)
      for (int m = 0; m < 32; ++m)
        want[128 * h + 32 * l + m] = 2.0f * static_cast<float>(((b.at(32 * h + m) >> (2 * l)) & 3) - 1);
  expect_prefix(dequantize(GgmlType::TQ2_0, b.data(), 256), want);
}

// The type table: ids are GGUF's ggml_type numbers, sizes the format's block sizes.
TEST(IqTypeTable, IdsAndBlockLayoutsMatchTheFormat) {
  struct Want {
    const char* name;
    uint32_t id, block, bytes;
  };
  const Want wants[] = {{"IQ2_XXS", 16, 256, 66}, {"IQ2_XS", 17, 256, 74}, {"IQ3_XXS", 18, 256, 98},
                        {"IQ1_S", 19, 256, 50},   {"IQ4_NL", 20, 32, 18},  {"IQ3_S", 21, 256, 110},
                        {"IQ2_S", 22, 256, 82},   {"IQ4_XS", 23, 256, 136}, {"IQ1_M", 29, 256, 56},
                        {"TQ1_0", 34, 256, 54},   {"TQ2_0", 35, 256, 66},  {"MXFP4", 39, 32, 17}};
  for (const Want& w : wants) {
    const TypeInfo* info = find_type_by_name(w.name);
    ASSERT_NE(info, nullptr) << w.name;
    EXPECT_EQ(info->id, w.id) << w.name;
    EXPECT_EQ(info->block_size, w.block) << w.name;
    EXPECT_EQ(info->type_size, w.bytes) << w.name;
    EXPECT_EQ(info->support, TypeSupport::Supported) << w.name;
    EXPECT_NE(supported_type_names().find(w.name), std::string::npos) << w.name;
  }
  EXPECT_EQ(row_alignment(GgmlType::MXFP4), 1u);
  EXPECT_EQ(row_alignment(GgmlType::IQ1_M), 1u);
  EXPECT_EQ(row_alignment(GgmlType::IQ4_XS), 2u);
}

}  // namespace
}  // namespace tessera
