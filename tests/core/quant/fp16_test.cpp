#include "quant/fp16.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace tessera {
namespace {

static_assert(fp16_to_fp32(0x3C00) == 1.0f);
static_assert(fp32_to_fp16(-2.0f) == 0xC000);
static_assert(bf16_to_fp32(0x3F80) == 1.0f);
static_assert(fp32_to_bf16(1.0f) == 0x3F80);

bool is_fp16_nan(uint16_t h) { return (h & 0x7C00) == 0x7C00 && (h & 0x03FF) != 0; }
bool is_bf16_nan(uint16_t h) { return (h & 0x7F80) == 0x7F80 && (h & 0x007F) != 0; }

TEST(Fp16, KnownValues) {
  EXPECT_EQ(fp16_to_fp32(0x3C00), 1.0f);
  EXPECT_EQ(fp16_to_fp32(0xC000), -2.0f);
  EXPECT_EQ(fp16_to_fp32(0x3800), 0.5f);
  EXPECT_EQ(fp16_to_fp32(0x3555), 0.333251953125f);
  EXPECT_EQ(fp16_to_fp32(0x7BFF), 65504.0f);
  EXPECT_EQ(fp16_to_fp32(0x0400), std::ldexp(1.0f, -14));  // smallest normal
  EXPECT_EQ(fp16_to_fp32(0x0001), std::ldexp(1.0f, -24));  // smallest subnormal
  EXPECT_EQ(fp16_to_fp32(0x03FF), 1023.0f * std::ldexp(1.0f, -24));
  EXPECT_EQ(fp16_to_fp32(0x8001), -std::ldexp(1.0f, -24));
  EXPECT_EQ(fp16_to_fp32(0x0000), 0.0f);
  EXPECT_FALSE(std::signbit(fp16_to_fp32(0x0000)));
  EXPECT_TRUE(std::signbit(fp16_to_fp32(0x8000)));
  EXPECT_EQ(fp16_to_fp32(0x7C00), std::numeric_limits<float>::infinity());
  EXPECT_EQ(fp16_to_fp32(0xFC00), -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(fp16_to_fp32(0x7E00)));
  EXPECT_TRUE(std::isnan(fp16_to_fp32(0x7C01)));  // signalling NaN stays NaN
  EXPECT_TRUE(std::signbit(fp16_to_fp32(0xFE00)));
}

TEST(Fp16, EveryPatternRoundTrips) {
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    const float f = fp16_to_fp32(static_cast<uint16_t>(h));
    const uint16_t back = fp32_to_fp16(f);
    if (is_fp16_nan(static_cast<uint16_t>(h))) {
      ASSERT_TRUE(std::isnan(f)) << std::hex << h;
      ASSERT_TRUE(is_fp16_nan(back)) << std::hex << h;
      ASSERT_EQ(back & 0x8000, h & 0x8000) << std::hex << h;
    } else {
      ASSERT_EQ(back, h) << std::hex << h;
    }
  }
}

// Every rounding boundary between neighbouring finite fp16 values: the exact midpoint (representable
// in fp32) goes to the even neighbour, one fp32 ulp either side goes to the nearer one.
TEST(Fp16, RoundsToNearestEvenAtEveryBoundary) {
  for (uint32_t h = 0; h < 0x7BFF; ++h) {
    const float lo = fp16_to_fp32(static_cast<uint16_t>(h));
    const float hi = fp16_to_fp32(static_cast<uint16_t>(h + 1));
    const float mid = lo + (hi - lo) / 2.0f;
    ASSERT_EQ(static_cast<double>(mid), (static_cast<double>(lo) + hi) / 2.0) << std::hex << h;
    const uint16_t even = (h % 2 == 0) ? static_cast<uint16_t>(h) : static_cast<uint16_t>(h + 1);
    ASSERT_EQ(fp32_to_fp16(mid), even) << std::hex << h;
    ASSERT_EQ(fp32_to_fp16(std::nextafter(mid, 0.0f)), h) << std::hex << h;
    ASSERT_EQ(fp32_to_fp16(std::nextafter(mid, 1e9f)), h + 1) << std::hex << h;
    // Negative values mirror positive ones.
    ASSERT_EQ(fp32_to_fp16(-mid), even | 0x8000) << std::hex << h;
  }
}

TEST(Fp16, OverflowUnderflowAndSpecials) {
  EXPECT_EQ(fp32_to_fp16(65504.0f), 0x7BFF);
  EXPECT_EQ(fp32_to_fp16(65519.996f), 0x7BFF);
  EXPECT_EQ(fp32_to_fp16(65520.0f), 0x7C00);  // tie between 65504 (odd) and 65536: even is inf
  EXPECT_EQ(fp32_to_fp16(1e10f), 0x7C00);
  EXPECT_EQ(fp32_to_fp16(-1e10f), 0xFC00);
  EXPECT_EQ(fp32_to_fp16(std::numeric_limits<float>::infinity()), 0x7C00);
  EXPECT_EQ(fp32_to_fp16(-std::numeric_limits<float>::infinity()), 0xFC00);
  EXPECT_EQ(fp32_to_fp16(std::ldexp(1.0f, -24)), 0x0001);
  EXPECT_EQ(fp32_to_fp16(std::ldexp(1.0f, -25)), 0x0000);  // tie with zero: zero is even
  EXPECT_EQ(fp32_to_fp16(std::ldexp(1.0001f, -25)), 0x0001);
  EXPECT_EQ(fp32_to_fp16(3.0f * std::ldexp(1.0f, -25)), 0x0002);  // tie between 1 and 2 ulps
  EXPECT_EQ(fp32_to_fp16(1023.5f * std::ldexp(1.0f, -24)), 0x0400);  // carries into the smallest normal
  EXPECT_EQ(fp32_to_fp16(1e-10f), 0x0000);
  EXPECT_EQ(fp32_to_fp16(-1e-10f), 0x8000);
  EXPECT_EQ(fp32_to_fp16(-0.0f), 0x8000);
  EXPECT_EQ(fp32_to_fp16(std::numeric_limits<float>::denorm_min()), 0x0000);
  EXPECT_TRUE(is_fp16_nan(fp32_to_fp16(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_TRUE(is_fp16_nan(fp32_to_fp16(std::bit_cast<float>(0x7F800001u))));  // payload below fp16's bits
  EXPECT_EQ(fp32_to_fp16(std::bit_cast<float>(0xFFC00000u)) & 0x8000, 0x8000);
  EXPECT_EQ(fp32_to_fp16(1.0f + std::ldexp(1.0f, -11)), 0x3C00);       // tie -> even
  EXPECT_EQ(fp32_to_fp16(1.0f + 3.0f * std::ldexp(1.0f, -11)), 0x3C02);  // tie -> even
  EXPECT_EQ(fp32_to_fp16(0.1f), 0x2E66);
}

TEST(Bf16, EveryPatternRoundTripsAndRoundsToNearestEven) {
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    const uint16_t b = static_cast<uint16_t>(h);
    const float f = bf16_to_fp32(b);
    ASSERT_EQ(std::bit_cast<uint32_t>(f), h << 16);
    if (is_bf16_nan(b)) {
      ASSERT_TRUE(is_bf16_nan(fp32_to_bf16(f))) << std::hex << h;
      continue;
    }
    ASSERT_EQ(fp32_to_bf16(f), b) << std::hex << h;
    if ((h & 0x7FFF) >= 0x7F80) continue;  // inf: no upper neighbour
    // Midpoint to the next pattern away from zero, and one fp32 ulp either side of it.
    const uint32_t mid = (h << 16) | 0x8000u;
    const uint16_t next = static_cast<uint16_t>(h + 1);
    const uint16_t even = (h % 2 == 0) ? b : next;
    ASSERT_EQ(fp32_to_bf16(std::bit_cast<float>(mid)), even) << std::hex << h;
    ASSERT_EQ(fp32_to_bf16(std::bit_cast<float>(mid - 1)), b) << std::hex << h;
    ASSERT_EQ(fp32_to_bf16(std::bit_cast<float>(mid + 1)), next) << std::hex << h;
  }
}

TEST(Bf16, Specials) {
  EXPECT_EQ(fp32_to_bf16(1.0f), 0x3F80);
  EXPECT_EQ(fp32_to_bf16(-2.5f), 0xC020);
  EXPECT_EQ(fp32_to_bf16(std::numeric_limits<float>::max()), 0x7F80);  // rounds up to inf
  EXPECT_EQ(fp32_to_bf16(std::numeric_limits<float>::infinity()), 0x7F80);
  EXPECT_EQ(fp32_to_bf16(-std::numeric_limits<float>::infinity()), 0xFF80);
  EXPECT_EQ(fp32_to_bf16(-0.0f), 0x8000);
  EXPECT_EQ(fp32_to_bf16(std::numeric_limits<float>::denorm_min()), 0x0000);
  // A NaN whose payload lives only in the low 16 bits must not become inf.
  EXPECT_TRUE(is_bf16_nan(fp32_to_bf16(std::bit_cast<float>(0x7F800001u))));
  EXPECT_TRUE(is_bf16_nan(fp32_to_bf16(std::bit_cast<float>(0xFF800001u))));
  EXPECT_EQ(fp32_to_bf16(std::bit_cast<float>(0xFF800001u)) & 0x8000, 0x8000);
  EXPECT_TRUE(is_bf16_nan(fp32_to_bf16(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_TRUE(std::isnan(bf16_to_fp32(0x7FC0)));
}

}  // namespace
}  // namespace tessera
