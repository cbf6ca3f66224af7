#include "quant/dot.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "quant/dequantize.h"
#include "quant/quantize.h"
#include "quant_test_util.h"
#include "support/test_support.h"

namespace tessera {
namespace {

// A quantized row of random normal data plus its dequantized floats.
struct Row {
  std::vector<uint16_t> storage;  // 2-aligned bytes
  std::vector<float> dequantized;
  const void* data() const { return storage.data(); }
};

Row make_row(GgmlType type, int64_t n, uint32_t seed) {
  Row row;
  const std::vector<float> x = test::random_floats(static_cast<size_t>(n), seed, 0.5f);
  const uint64_t bytes = *row_size(type, n);
  row.storage.assign((bytes + 3) / 2, 0);
  EXPECT_TRUE(quantize_row(type, x.data(), row.storage.data(), n).ok());
  row.dequantized.assign(static_cast<size_t>(n), 0.0f);
  EXPECT_TRUE(dequantize_row(type, row.storage.data(), row.dequantized.data(), n).ok());
  return row;
}

// Reference in double, plus sum |w_i x_i| (the scale float rounding errors are relative to).
struct Reference {
  double dot = 0.0;
  double abs_sum = 0.0;
};
Reference reference_dot(const std::vector<float>& w, const std::vector<float>& x) {
  Reference r;
  for (size_t i = 0; i < w.size(); ++i) {
    r.dot += static_cast<double>(w[i]) * x[i];
    r.abs_sum += std::fabs(static_cast<double>(w[i]) * x[i]);
  }
  return r;
}

// dot_row must equal the dot product of dequantize_row's output; only float summation order may
// differ. Two checks per type and length:
// - x independent of the row (heavy cancellation): |got - ref| / sum |w_i x_i| < 1e-6, the error
//   measure that does not blow up when the sum cancels;
// - x = row + noise (a well-conditioned sum, as in a real matvec with correlated inputs): the plain
//   relative error |got - ref| / |ref| < 1e-5.
TEST(DotRow, EqualsDotOfDequantizedRowForEveryTypeAndLength) {
  for (const GgmlType type : test::supported_types()) {
    const int64_t block = type_info(type).block_size;
    std::vector<int64_t> lengths;
    if (block == 1) {
      lengths = {1, 15, 16, 17, 1000, 4099};
    } else {
      lengths = {block, 3 * block, 33 * block};
      if (block == 32) lengths.push_back(257 * block);
    }
    uint32_t seed = 10;
    for (const int64_t n : lengths) {
      const Row row = make_row(type, n, seed++);
      std::vector<float> x = test::random_floats(static_cast<size_t>(n), seed++, 1.0f);
      const Reference ref = reference_dot(row.dequantized, x);
      const double got = dot_row(type, row.data(), x.data(), n);
      EXPECT_LT(std::fabs(got - ref.dot) / ref.abs_sum, 1e-6) << type_name(type) << " n=" << n;

      for (size_t i = 0; i < x.size(); ++i) x[i] = 0.5f * x[i] + row.dequantized[i];
      const Reference ref2 = reference_dot(row.dequantized, x);
      const double got2 = dot_row(type, row.data(), x.data(), n);
      EXPECT_LT(std::fabs(got2 - ref2.dot) / std::fabs(ref2.dot), 1e-5)
          << type_name(type) << " n=" << n << " got " << got2 << " want " << ref2.dot;
    }
  }
}

TEST(DotRow, HandBuiltQ4_0) {
  // d = 0.5, levels 0..15 (low) and 15..0 (high); x = 1 everywhere: sum (q - 8) * 0.5 over both halves.
  test::BlockBytes b(18);
  b.put_u16(0, 0x3800);
  for (int j = 0; j < 16; ++j) b.at(2 + j) = static_cast<uint8_t>(j | ((15 - j) << 4));
  std::vector<float> x(32, 1.0f);
  x[3] = 2.0f;  // element 3 is (3 - 8) * 0.5 = -2.5, counted twice
  EXPECT_EQ(dot_row(GgmlType::Q4_0, b.data(), x.data(), 32), -8.0f - 2.5f);
}

TEST(DotRows, MatchesDotRowWithPaddedStride) {
  for (const GgmlType type : test::supported_types()) {
    const int64_t block = type_info(type).block_size;
    const int64_t n = block == 1 ? 100 : 4 * block;
    const size_t row_bytes = *row_size(type, n);
    const size_t stride = row_bytes + 36;  // padding between rows, keeps 4-byte alignment
    const int64_t n_rows = 5;
    std::vector<uint16_t> matrix(stride * n_rows / 2 + 2, 0xFFFF);
    std::vector<Row> rows;
    for (int64_t r = 0; r < n_rows; ++r) {
      rows.push_back(make_row(type, n, 100 + static_cast<uint32_t>(r)));
      std::memcpy(reinterpret_cast<uint8_t*>(matrix.data()) + r * stride, rows.back().data(), row_bytes);
    }
    const std::vector<float> x = test::random_floats(static_cast<size_t>(n), 77, 1.0f);
    std::vector<float> out(n_rows, -1.0f);
    dot_rows(type, matrix.data(), stride, n_rows, x.data(), n, out.data());
    for (int64_t r = 0; r < n_rows; ++r) {
      EXPECT_EQ(out[r], dot_row(type, rows[r].data(), x.data(), n)) << type_name(type) << " row " << r;
    }
  }
}

TEST(DotRow, EmptyRowIsZero) {
  EXPECT_EQ(dot_row(GgmlType::Q4_K, nullptr, nullptr, 0), 0.0f);
  float out = -1.0f;
  dot_rows(GgmlType::F32, nullptr, 0, 1, nullptr, 0, &out);
  EXPECT_EQ(out, 0.0f);
}

}  // namespace
}  // namespace tessera
