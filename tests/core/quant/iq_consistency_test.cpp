// The IQ/TQ/MXFP4 types on random data: the fused dot product equals the dot product of the
// dequantized row (random blocks, so every grid index, sign and scale pattern occurs), and the
// types Tessera writes survive quantize -> dequantize within per-type error bounds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "quant/dequantize.h"
#include "quant/dot.h"
#include "quant/quantize.h"
#include "quant_test_util.h"
#include "support/test_support.h"

namespace tessera {
namespace {

// Bytes at `misalign` past a 4-byte boundary (MXFP4 and IQ1_M rows need no alignment at all).
struct Placed {
  std::vector<uint32_t> storage;
  size_t offset;
  Placed(const std::vector<uint8_t>& bytes, size_t misalign) : storage(bytes.size() / 4 + 2), offset(misalign) {
    std::memcpy(data(), bytes.data(), bytes.size());
  }
  uint8_t* data() { return reinterpret_cast<uint8_t*>(storage.data()) + offset; }
};

TEST(IqDot, EqualsDotOfDequantizedRandomBlocks) {
  for (const GgmlType type : test::iq_types()) {
    const int64_t block = type_info(type).block_size;
    uint32_t seed = 1;
    for (const int64_t n_blocks : {int64_t{1}, int64_t{3}, int64_t{37}}) {
      const int64_t n = n_blocks * block;
      const auto bytes = test::random_iq_blocks(type, n_blocks, seed++);
      const size_t misalign = row_alignment(type) == 1 ? 1 : 2;
      Placed row(bytes, misalign);
      std::vector<float> w(static_cast<size_t>(n));
      const Status st = dequantize_row(type, row.data(), w.data(), n);
      ASSERT_TRUE(st.ok()) << st.error().describe();
      double max_abs = 0.0;
      for (float v : w) {
        ASSERT_TRUE(std::isfinite(v)) << type_name(type);
        max_abs = std::max(max_abs, static_cast<double>(std::fabs(v)));
      }
      ASSERT_GT(max_abs, 0.0) << type_name(type);
      const std::vector<float> x = test::random_floats(static_cast<size_t>(n), seed++, 1.0f);
      double ref = 0.0, abs_sum = 0.0;
      for (int64_t i = 0; i < n; ++i) {
        ref += static_cast<double>(w[i]) * x[i];
        abs_sum += std::fabs(static_cast<double>(w[i]) * x[i]);
      }
      const double got = dot_row(type, row.data(), x.data(), n);
      EXPECT_LT(std::fabs(got - ref) / abs_sum, 1e-6) << type_name(type) << " n=" << n;

      // dot_rows over a padded stride gives the same numbers, row by row (an odd stride for the
      // byte-aligned types).
      const size_t rb = *row_size(type, n), stride = rb + (row_alignment(type) == 1 ? 7 : 8);
      std::vector<uint8_t> matrix(3 * stride, 0xEE);
      std::vector<std::vector<uint8_t>> rows;
      for (int r = 0; r < 3; ++r) {
        rows.push_back(test::random_iq_blocks(type, n_blocks, 100 + seed + r));
        std::memcpy(matrix.data() + r * stride, rows.back().data(), rb);
      }
      float out[3];
      dot_rows(type, matrix.data(), stride, 3, x.data(), n, out);
      for (int r = 0; r < 3; ++r) EXPECT_EQ(out[r], dot_row(type, rows[r].data(), x.data(), n)) << type_name(type);
    }
  }
}

TEST(IqDequantize, MisalignedAndShortRowsAreRefused) {
  std::vector<uint16_t> data(256, 0);
  std::vector<float> out(256);
  const auto* odd = reinterpret_cast<const uint8_t*>(data.data()) + 1;
  Status st = dequantize_row(GgmlType::IQ4_XS, odd, out.data(), 256);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::InvalidArgument);
  EXPECT_TRUE(dequantize_row(GgmlType::MXFP4, odd, out.data(), 64).ok());
  st = dequantize_row(GgmlType::IQ2_XXS, data.data(), out.data(), 128);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("256"), std::string::npos) << st.error().message;
}

// Bound on RMS(dequant(quant(x)) - x) / RMS(x) for normal data; measured value in the comment.
struct IqRoundTrip {
  GgmlType type;
  double max_rel_rms;
};
const IqRoundTrip kIqRoundTrips[] = {
    {GgmlType::IQ4_NL, 0.078},  // 0.0741 (Q4_0 on the same data: 0.081)
    {GgmlType::IQ4_XS, 0.079},  // 0.0748
    {GgmlType::MXFP4, 0.118},   // 0.1119: power-of-two scales, e2m1 levels
    {GgmlType::TQ1_0, 0.46},    // 0.4352: ternary levels (the format is for ternary-trained models)
    {GgmlType::TQ2_0, 0.46},    // 0.4352: the same levels, packed 2 bits each
};

std::vector<float> round_trip(GgmlType type, const std::vector<float>& x, size_t misalign = 0) {
  const int64_t n = static_cast<int64_t>(x.size());
  std::vector<uint8_t> bytes(*row_size(type, n));
  Placed out(bytes, misalign);
  Status st = quantize_row(type, x.data(), out.data(), n);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().describe());
  std::vector<float> back(x.size(), 0.0f);
  st = dequantize_row(type, out.data(), back.data(), n);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().describe());
  return back;
}

TEST(IqQuantize, RoundTripWithinPerTypeBounds) {
  const std::vector<float> x = test::random_floats(256 * 64, 4321, 1.0f);
  for (const IqRoundTrip& rt : kIqRoundTrips) {
    const double err = test::relative_rms_error(round_trip(rt.type, x), x);
    std::printf("  %-6s relative RMS error %.5f (bound %.5f)\n", std::string(type_name(rt.type)).c_str(), err,
                rt.max_rel_rms);
    EXPECT_LE(err, rt.max_rel_rms) << type_name(rt.type);
    for (const float stddev : {0.02f, 300.0f}) {
      std::vector<float> xs(x.begin(), x.begin() + 256 * 8);
      for (float& v : xs) v *= stddev;
      EXPECT_LE(test::relative_rms_error(round_trip(rt.type, xs), xs), rt.max_rel_rms * 1.1)
          << type_name(rt.type) << " stddev " << stddev;
    }
  }
  // MXFP4 rows at an odd address.
  EXPECT_LE(test::relative_rms_error(round_trip(GgmlType::MXFP4, x, 1), x), 0.118);
}

TEST(IqQuantize, ZeroConstantAndExactBlocks) {
  for (const IqRoundTrip& rt : kIqRoundTrips) {
    const std::vector<float> zeros(256, 0.0f);
    for (float v : round_trip(rt.type, zeros)) ASSERT_EQ(v, 0.0f) << type_name(rt.type);
    const std::vector<float> constant(256, -0.75f);
    for (float v : round_trip(rt.type, constant)) ASSERT_NEAR(v, -0.75f, 0.75f * 2e-3) << type_name(rt.type);
  }
  // Values on the grid come back exactly: IQ4_NL levels times a power of two, MXFP4 e2m1 values.
  std::vector<float> x(256);
  const int kIq4[16] = {-127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113};
  for (size_t i = 0; i < x.size(); ++i) x[i] = 0.25f * static_cast<float>(kIq4[(i * 7) % 16]);
  for (size_t b = 0; b < 8; ++b) x[32 * b] = 0.25f * -127.0f;  // every block spans the level set
  EXPECT_EQ(round_trip(GgmlType::IQ4_NL, x), x);
  const float kFp4[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
  for (size_t i = 0; i < x.size(); ++i) x[i] = (i % 3 == 0 ? -1.0f : 1.0f) * kFp4[(i * 5) % 8];
  for (size_t b = 0; b < 8; ++b) x[32 * b + 1] = 6.0f;
  EXPECT_EQ(round_trip(GgmlType::MXFP4, x), x);
}

TEST(IqQuantize, CodebookTypesAreReadOnly) {
  std::vector<float> x(256, 1.0f);
  std::vector<uint16_t> out(256);
  for (const GgmlType type : test::iq_types()) {
    bool writes = false;
    for (const GgmlType q : test::iq_quantizable_types()) writes |= q == type;
    const Status st = quantize_row(type, x.data(), out.data(), 256);
    if (writes) {
      EXPECT_TRUE(st.ok()) << type_name(type);
    } else {
      ASSERT_FALSE(st.ok()) << type_name(type);
      EXPECT_EQ(st.error().kind, ErrorKind::Unsupported);
      EXPECT_NE(st.error().message.find(type_name(type)), std::string::npos) << st.error().message;
      EXPECT_NE(st.error().message.find("llama-quantize"), std::string::npos) << st.error().message;
    }
  }
}

}  // namespace
}  // namespace tessera
