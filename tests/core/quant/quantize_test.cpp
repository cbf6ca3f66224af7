#include "quant/quantize.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "quant/dequantize.h"
#include "quant_test_util.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using test::relative_rms_error;

struct RoundTrip {
  GgmlType type;
  // Bound on RMS(dequant(quant(x)) - x) / RMS(x) for normally distributed x (64 super-blocks,
  // stddev 1); the measured value of this implementation is in the comment next to each.
  double max_rel_rms;
};

// Measured on this data; Q4_0 and Q5_0 are at the optimum of their symmetric grids (a brute-force
// search over every scale gives the same 0.0808 / 0.0399), plain absmax rounding as in ggml's
// reference gives about 0.086 for Q4_0.
const RoundTrip kRoundTrips[] = {
    {GgmlType::F32, 0.0},
    {GgmlType::F16, 3.5e-4},   // 0.00021
    {GgmlType::BF16, 2.6e-3},  // 0.00167
    {GgmlType::Q8_0, 0.006},   // 0.00536
    {GgmlType::Q6_K, 0.02},    // 0.0165
    {GgmlType::Q5_0, 0.042},   // 0.0399
    {GgmlType::Q5_1, 0.036},   // 0.0333
    {GgmlType::Q5_K, 0.037},   // 0.0344
    {GgmlType::Q4_0, 0.085},   // 0.0814
    {GgmlType::Q4_1, 0.073},   // 0.0694
    {GgmlType::Q4_K, 0.074},   // 0.0700
    {GgmlType::Q3_K, 0.15},    // 0.1448
    {GgmlType::Q2_K, 0.28},    // 0.2616
};

std::vector<float> round_trip(GgmlType type, const std::vector<float>& x) {
  const int64_t n = static_cast<int64_t>(x.size());
  auto bytes = row_size(type, n);
  EXPECT_TRUE(bytes.ok());
  std::vector<uint16_t> storage((*bytes + 1) / 2 + 2);  // 2-aligned, like GGUF data
  Status st = quantize_row(type, x.data(), storage.data(), n);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().describe());
  std::vector<float> back(x.size(), 0.0f);
  st = dequantize_row(type, storage.data(), back.data(), n);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().describe());
  return back;
}

TEST(QuantizeRoundTrip, NormalDataWithinPerTypeBounds) {
  const std::vector<float> x = test::random_floats(256 * 64, 1234, 1.0f);
  for (const RoundTrip& rt : kRoundTrips) {
    const double err = relative_rms_error(round_trip(rt.type, x), x);
    std::printf("  %-5s relative RMS error %.5f (bound %.5f)\n", std::string(type_name(rt.type)).c_str(), err,
                rt.max_rel_rms);
    EXPECT_LE(err, rt.max_rel_rms) << type_name(rt.type);
  }
}

// The same bounds hold at the magnitudes real weights have and far from it, and with an offset
// (which the affine types absorb; the symmetric ones get a looser bound).
TEST(QuantizeRoundTrip, ScaleInvariance) {
  for (const float stddev : {0.02f, 300.0f}) {
    const std::vector<float> x = test::random_floats(256 * 16, 99, stddev);
    for (const RoundTrip& rt : kRoundTrips) {
      const double err = relative_rms_error(round_trip(rt.type, x), x);
      EXPECT_LE(err, rt.max_rel_rms * 1.1 + 1e-7) << type_name(rt.type) << " stddev " << stddev;
    }
  }
}

TEST(QuantizeRoundTrip, EachBlockIndependent) {
  // Blocks of wildly different magnitude in one row: each block's scale must follow its own data.
  std::vector<float> x = test::random_floats(256 * 8, 7, 1.0f);
  for (size_t i = 0; i < x.size(); ++i) x[i] *= std::pow(10.0f, static_cast<float>(i / 256) - 4.0f);
  for (const RoundTrip& rt : kRoundTrips) {
    const std::vector<float> back = round_trip(rt.type, x);
    for (size_t b = 0; b < 8; ++b) {
      const std::vector<float> xb(x.begin() + b * 256, x.begin() + (b + 1) * 256);
      const std::vector<float> yb(back.begin() + b * 256, back.begin() + (b + 1) * 256);
      // fp16 scales lose precision only below ~6e-5 * 2^-10; the smallest block here is 1e-4.
      EXPECT_LE(relative_rms_error(yb, xb), rt.max_rel_rms * 1.3 + 1e-7) << type_name(rt.type) << " block " << b;
    }
  }
}

TEST(QuantizeRoundTrip, ConstantAndZeroBlocks) {
  for (const RoundTrip& rt : kRoundTrips) {
    std::vector<float> zeros(256, 0.0f);
    const std::vector<float> back = round_trip(rt.type, zeros);
    for (float v : back) ASSERT_EQ(v, 0.0f) << type_name(rt.type);

    // A constant positive block is exact up to fp16 for every type with a scale per block.
    std::vector<float> constant(256, 0.75f);
    const std::vector<float> cb = round_trip(rt.type, constant);
    for (float v : cb) ASSERT_NEAR(v, 0.75f, 0.75f * 2e-3) << type_name(rt.type);
  }
}

TEST(QuantizeRoundTrip, ExactlyRepresentableQ8_0) {
  // Integers -127..127 times 0.5 survive Q8_0 exactly (d = 63.5/127 = 0.5 is exact in fp16).
  std::vector<float> x(256);
  for (size_t i = 0; i < x.size(); ++i) x[i] = 0.5f * static_cast<float>(static_cast<int>(i % 255) - 127);
  for (size_t b = 0; b < 8; ++b) x[b * 32] = (b % 2 == 0) ? 63.5f : -63.5f;  // every block spans the range
  const std::vector<float> back = round_trip(GgmlType::Q8_0, x);
  for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(back[i], x[i]) << i;
}

TEST(QuantizeErrors, UnsupportedAndInvalidArguments) {
  std::vector<float> x(256, 1.0f);
  std::vector<uint16_t> out(512);

  Status st = quantize_row(GgmlType::IQ2_XS, x.data(), out.data(), 256);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::Unsupported);
  EXPECT_NE(st.error().message.find("IQ2_XS"), std::string::npos) << st.error().message;

  st = quantize_row(GgmlType::Q4_K, x.data(), out.data(), 100);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::InvalidArgument);
  EXPECT_NE(st.error().message.find("256"), std::string::npos) << st.error().message;

  st = quantize_row(static_cast<GgmlType>(200), x.data(), out.data(), 32);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("200"), std::string::npos) << st.error().message;

  st = quantize_row(GgmlType::Q4_0, nullptr, out.data(), 32);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::InvalidArgument);

  st = quantize_row(GgmlType::Q8_0, x.data(), reinterpret_cast<uint8_t*>(out.data()) + 1, 32);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("aligned"), std::string::npos) << st.error().message;

  EXPECT_TRUE(quantize_row(GgmlType::Q4_K, nullptr, nullptr, 0).ok());
}

TEST(QuantizeErrors, NonFiniteAndHugeValues) {
  std::vector<float> x(32, 1.0f);
  std::vector<uint16_t> out(64);
  x[5] = std::numeric_limits<float>::quiet_NaN();
  Status st = quantize_row(GgmlType::Q4_0, x.data(), out.data(), 32);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("element 5"), std::string::npos) << st.error().message;
  EXPECT_NE(st.error().message.find("NaN"), std::string::npos) << st.error().message;

  x[5] = -std::numeric_limits<float>::infinity();
  st = quantize_row(GgmlType::Q8_0, x.data(), out.data(), 32);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("infinite"), std::string::npos) << st.error().message;

  // F16/BF16 keep non-finite values as they are.
  EXPECT_TRUE(quantize_row(GgmlType::F16, x.data(), out.data(), 32).ok());

  x[5] = 1e30f;  // scale 1e30/8 does not fit fp16
  st = quantize_row(GgmlType::Q4_0, x.data(), out.data(), 32);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("block 0"), std::string::npos) << st.error().message;
}

}  // namespace
}  // namespace tessera
