// The CUDA decoders (cuda/kernels/quant_decode.cuh) compiled as plain C++ and checked against the
// CPU reference. Needs no GPU: every bit manipulation of the kernels is verified on any machine;
// the GPU suites then check the kernels' indexing and reductions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "cuda_test_util.h"
#include "kernels/quant_decode.cuh"
#include "quant/blocks.h"
#include "quant/quantize.h"
#include "support/test_support.h"

namespace tessera::cuda {
namespace {

using qd::PlainSrc;
using qd::Q8Scale;
using qd::WItem;
using qd::XBlock;

// Host emulation of the device's activation quantization of a whole vector.
struct HostQ8 {
  std::vector<int8_t> q;
  std::vector<Q8Scale> s;
};
HostQ8 quantize_x(const std::vector<float>& x) {
  HostQ8 out;
  out.q.resize(x.size());
  out.s.resize(x.size() / 32);
  for (size_t b = 0; b < x.size() / 32; ++b) qd::quantize_x_block(x.data() + 32 * b, out.q.data() + 32 * b, out.s[b]);
  return out;
}
XBlock xblock(const HostQ8& x, size_t b) {
  XBlock xb;
  std::memcpy(xb.q, x.q.data() + 32 * b, 32);
  xb.d = x.s[b].d;
  xb.s0 = x.s[b].s0;
  xb.s1 = x.s[b].s1;
  return xb;
}

template <typename T>
void check_type(uint32_t seed) {
  SCOPED_TRACE(std::string(type_name(T::kType)));
  const int64_t rows = 5, cols = 4 * 256;
  const size_t stride = *row_size(T::kType, cols);
  const auto data = test::random_rows(T::kType, rows, cols, stride, seed);
  const auto ref = test::dequantize_ref(T::kType, data, rows, cols, stride);
  const auto x = tessera::test::random_floats(cols, seed + 1);
  const HostQ8 xq = quantize_x(x);
  for (int64_t r = 0; r < rows; ++r) {
    const uint8_t* row = data.data() + r * stride;
    double max_ref = 0, max_diff = 0;
    double dot_kernel = 0, dot_ref = 0, dot_abs = 0;
    std::vector<int> seen(cols / 32, 0);
    for (int64_t it = 0; it < cols / T::kElems * T::kItems; ++it) {
      const int64_t blk = it / T::kItems;
      const int item = static_cast<int>(it % T::kItems);
      WItem w[T::kGroups];
      T::template decode<PlainSrc>(row + blk * T::kBytes, item, w);
      for (int g = 0; g < T::kGroups; ++g) {
        const int64_t grp = blk * (T::kElems / 32) + T::xblock(item, g);  // 32-element group of the row
        ++seen[grp];
        for (int e = 0; e < 32; ++e) {
          const double want = ref[r * cols + grp * 32 + e];
          max_ref = std::max(max_ref, std::fabs(want));
          max_diff = std::max(max_diff, std::fabs(qd::item_value(w[g], e) - want));
          const double xd = static_cast<double>(xq.s[grp].d) * xq.q[grp * 32 + e];
          dot_ref += want * xd;
          dot_abs += std::fabs(want * xd);
        }
        dot_kernel += qd::dot_group<T>(w[g], xblock(xq, grp));  // the form the kernel uses
        if (T::kUniform) {  // the single-scale dot is only valid when the halves share the scale
          EXPECT_EQ(w[g].a0, w[g].a1);
          EXPECT_EQ(w[g].b0, w[g].b1);
        }
      }
    }
    for (int64_t grp = 0; grp < cols / 32; ++grp) EXPECT_EQ(seen[grp], 1) << "group " << grp << " decoded once";
    ASSERT_GT(max_ref, 0.0);
    EXPECT_LE(max_diff, 1e-6 * max_ref) << "row " << r;
    EXPECT_LE(std::fabs(dot_kernel - dot_ref), 1e-5 * dot_abs) << "row " << r << ": " << dot_kernel << " vs " << dot_ref;
  }
}

TEST(QuantDecodeHost, ItemsMatchCpuDequantizeAndDot) {
  check_type<qd::TQ4_0>(11);
  check_type<qd::TQ4_1>(12);
  check_type<qd::TQ5_0>(13);
  check_type<qd::TQ5_1>(14);
  check_type<qd::TQ8_0>(15);
  check_type<qd::TQ2_K>(16);
  check_type<qd::TQ3_K>(17);
  check_type<qd::TQ4_K>(18);
  check_type<qd::TQ5_K>(19);
  check_type<qd::TQ4_K1>(21);
  check_type<qd::TQ5_K1>(22);
  check_type<qd::TQ6_K>(20);
  check_type<qd::TIQ4_NL>(31);
  check_type<qd::TIQ4_XS>(32);
  check_type<qd::TIQ3_XXS>(33);
  check_type<qd::TIQ3_S>(34);
  check_type<qd::TIQ2_XXS>(35);
  check_type<qd::TIQ2_XS>(36);
  check_type<qd::TIQ2_S>(37);
  check_type<qd::TIQ1_S>(38);
  check_type<qd::TIQ1_M>(39);
  check_type<qd::TTQ1_0>(40);
  check_type<qd::TTQ2_0>(41);
  check_type<qd::TMXFP4>(42);
}

// The same on data made by the CPU quantizer (realistic scales rather than random bytes).
template <typename T>
void check_quantized_by_cpu(uint32_t seed) {
  SCOPED_TRACE(std::string(type_name(T::kType)));
  const int64_t cols = 512;
  const auto src = tessera::test::random_floats(cols, seed);
  std::vector<uint8_t> row(*row_size(T::kType, cols));
  auto st = quantize_row(T::kType, src.data(), row.data(), cols);
  ASSERT_TRUE(st.ok()) << st.error().describe();
  const auto ref = test::dequantize_ref(T::kType, row, 1, cols, row.size());
  for (int64_t it = 0; it < cols / T::kElems * T::kItems; ++it) {
    const int64_t blk = it / T::kItems;
    const int item = static_cast<int>(it % T::kItems);
    WItem w[T::kGroups];
    T::template decode<PlainSrc>(row.data() + blk * T::kBytes, item, w);
    for (int g = 0; g < T::kGroups; ++g) {
      const int64_t grp = blk * (T::kElems / 32) + T::xblock(item, g);
      for (int e = 0; e < 32; ++e) EXPECT_NEAR(qd::item_value(w[g], e), ref[grp * 32 + e], 1e-5) << "element " << grp * 32 + e;
    }
  }
}

TEST(QuantDecodeHost, CpuQuantizedRows) {
  check_quantized_by_cpu<qd::TQ4_0>(1);
  check_quantized_by_cpu<qd::TQ4_1>(2);
  check_quantized_by_cpu<qd::TQ5_0>(3);
  check_quantized_by_cpu<qd::TQ5_1>(4);
  check_quantized_by_cpu<qd::TQ8_0>(5);
  check_quantized_by_cpu<qd::TQ2_K>(6);
  check_quantized_by_cpu<qd::TQ3_K>(7);
  check_quantized_by_cpu<qd::TQ4_K>(8);
  check_quantized_by_cpu<qd::TQ5_K>(9);
  check_quantized_by_cpu<qd::TQ4_K1>(11);
  check_quantized_by_cpu<qd::TQ5_K1>(12);
  check_quantized_by_cpu<qd::TQ6_K>(10);
  check_quantized_by_cpu<qd::TIQ4_NL>(13);
  check_quantized_by_cpu<qd::TIQ4_XS>(14);
  check_quantized_by_cpu<qd::TTQ1_0>(15);
  check_quantized_by_cpu<qd::TTQ2_0>(16);
  check_quantized_by_cpu<qd::TMXFP4>(17);
}

// The decoders against the CPU reference item by item, value for value: every new type's device
// arithmetic gives exactly the floats of the reference (the level times the scale, one rounding).
template <typename T>
void check_exact(uint32_t seed) {
  SCOPED_TRACE(std::string(type_name(T::kType)));
  const int64_t rows = 3, cols = 512;
  const size_t stride = *row_size(T::kType, cols);
  const auto data = test::random_rows(T::kType, rows, cols, stride, seed);
  const auto ref = test::dequantize_ref(T::kType, data, rows, cols, stride);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t it = 0; it < cols / T::kElems * T::kItems; ++it) {
      const int64_t blk = it / T::kItems;
      const int item = static_cast<int>(it % T::kItems);
      WItem w[1];
      T::template decode<PlainSrc>(data.data() + r * stride + blk * T::kBytes, item, w);
      const int64_t grp = blk * (T::kElems / 32) + T::xblock(item, 0);
      for (int e = 0; e < 32; ++e) ASSERT_EQ(qd::item_value(w[0], e), ref[r * cols + grp * 32 + e]) << "element " << e;
    }
}

TEST(QuantDecodeHost, IqDecodersAreExact) {
  check_exact<qd::TIQ4_NL>(51);
  check_exact<qd::TIQ4_XS>(52);
  check_exact<qd::TIQ3_XXS>(53);
  check_exact<qd::TIQ3_S>(54);
  check_exact<qd::TIQ2_XXS>(55);
  check_exact<qd::TIQ2_XS>(56);
  check_exact<qd::TIQ2_S>(57);
  check_exact<qd::TIQ1_S>(58);
  check_exact<qd::TIQ1_M>(59);
  check_exact<qd::TTQ1_0>(60);
  check_exact<qd::TTQ2_0>(61);
  check_exact<qd::TMXFP4>(62);
}

// The device's any-alignment reader (MXFP4) at all four byte phases, on a padded buffer.
TEST(QuantDecodeHost, UnalignedWordReader) {
  alignas(16) uint8_t buf[48];
  for (int i = 0; i < 48; ++i) buf[i] = static_cast<uint8_t>(i * 29 + 3);
  for (int off : {4, 5, 6, 7, 17, 26}) {
    uint32_t w[4], want[4];
    qd::load16_words<PlainSrc>(buf + off, w);
    std::memcpy(want, buf + off, 16);
    for (int k = 0; k < 4; ++k) EXPECT_EQ(w[k], want[k]) << "offset " << off << " word " << k;
  }
}

TEST(QuantDecodeHost, ByteHelpers) {
  EXPECT_EQ(qd::sub_bytes(0x00080F01u, 0x01010101u), 0xFF070E00u);
  EXPECT_EQ(qd::byte_perm(0x03020100u, 0x07060504u, 0x7531u), 0x07050301u);
  uint32_t t[4];
  qd::iq4_table(t);
  uint32_t lo = 0, hi = 0;
  qd::lut16x8(0x0F080700u, t, lo, hi);
  EXPECT_EQ(lo, 0x7101F681u);  // low nibbles 0, 7, 8, 15: -127, -10, 1, 113
  EXPECT_EQ(hi, 0x81818181u);  // high nibbles all 0
  // Every index at every position, against the table read byte by byte.
  std::mt19937 rng(5);
  for (int trial = 0; trial < 2000; ++trial) {
    const uint32_t q = trial < 16 ? 0x11111111u * static_cast<uint32_t>(trial) : static_cast<uint32_t>(rng());
    qd::lut16x8(q, t, lo, hi);
    for (int k = 0; k < 4; ++k) {
      const uint32_t il = (q >> (8 * k)) & 15u, ih = (q >> (8 * k + 4)) & 15u;
      EXPECT_EQ((lo >> (8 * k)) & 0xFFu, (t[il / 4] >> (8 * (il % 4))) & 0xFFu) << std::hex << q << " byte " << k;
      EXPECT_EQ((hi >> (8 * k)) & 0xFFu, (t[ih / 4] >> (8 * (ih % 4))) & 0xFFu) << std::hex << q << " byte " << k;
    }
  }
  EXPECT_EQ(qd::apply_signs4(0x2B190808u, 0x5u), 0x2BE708F8u);  // bytes 0 and 2 negated
}

TEST(QuantDecodeHost, ActivationQuantizationIsWithinHalfAStep) {
  auto x = tessera::test::random_floats(32 * 64, 77, 3.0f);
  x[5] = 0.0f;
  for (int i = 64; i < 96; ++i) x[i] = 0.0f;  // an all-zero block: d = 0, q = 0
  const HostQ8 q = quantize_x(x);
  for (size_t b = 0; b < x.size() / 32; ++b) {
    int s0 = 0, s1 = 0;
    for (int e = 0; e < 32; ++e) {
      const float xv = x[32 * b + e];
      const int qv = q.q[32 * b + e];
      EXPECT_LE(std::abs(qv), 127);
      EXPECT_LE(std::fabs(q.s[b].d * qv - xv), 0.5001f * q.s[b].d + 1e-12f) << "block " << b << " elem " << e;
      (e < 16 ? s0 : s1) += qv;
    }
    EXPECT_EQ(q.s[b].s0, s0);
    EXPECT_EQ(q.s[b].s1, s1);
  }
  EXPECT_EQ(q.s[2].d, 0.0f);
}

// The 2-byte aligned reader (the same code the device runs) at both word phases, up to the last
// byte of a buffer.
TEST(QuantDecodeHost, TwoByteAlignedReader) {
  alignas(16) uint8_t buf[40];
  for (int i = 0; i < 40; ++i) buf[i] = static_cast<uint8_t>(i * 37 + 11);
  for (int off : {0, 2, 4, 6, 22, 24}) {
    uint32_t w[4];
    qd::load16<2, PlainSrc>(buf + off, w);
    uint32_t want[4];
    std::memcpy(want, buf + off, 16);
    for (int k = 0; k < 4; ++k) EXPECT_EQ(w[k], want[k]) << "offset " << off << " word " << k;
  }
}

TEST(QuantDecodeHost, Spread4AndFunnel) {
  for (uint32_t v = 0; v < 16; ++v) {
    uint32_t want = 0;
    for (int i = 0; i < 4; ++i) want |= ((v >> i) & 1u) << (8 * i);
    EXPECT_EQ(qd::spread4(v), want);
  }
  EXPECT_EQ(qd::funnel_r(0x11223344u, 0xAABBCCDDu, 16), 0xCCDD1122u);
  EXPECT_EQ(qd::funnel_r(0x11223344u, 0xAABBCCDDu, 0), 0x11223344u);
  EXPECT_EQ(qd::dp4a(0x01FF7F80u, 0x02020202u, 5), 5 + 2 * (1 - 1 + 127 - 128));
}

}  // namespace
}  // namespace tessera::cuda
