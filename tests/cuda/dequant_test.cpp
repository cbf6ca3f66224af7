// Dequantization to f16 (prefill) and get_rows (embedding lookup) against the CPU reference.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cuda_test_util.h"
#include "kernels/dequant.h"
#include "quant/fp16.h"

namespace tessera::cuda {
namespace {

class DequantTypes : public ::testing::TestWithParam<GgmlType> {};

TEST_P(DequantTypes, RowsToF16MatchReference) {
  TESSERA_REQUIRE_GPU();
  const GgmlType type = GetParam();
  const int64_t bs = type_info(type).block_size;
  for (const auto& [rows, cols] : std::vector<std::pair<int64_t, int64_t>>{{33, 512}, {5, 2304}, {2, bs <= 32 ? 96 : 256}}) {
    SCOPED_TRACE(std::string(type_name(type)) + " " + std::to_string(rows) + "x" + std::to_string(cols));
    const size_t stride = *row_size(type, cols);
    const auto data = test::random_rows(type, rows, cols, stride, 40 + static_cast<uint32_t>(cols));
    const auto ref = test::dequantize_ref(type, data, rows, cols, stride);
    auto dw = test::to_device(data);
    const int64_t row0 = rows > 2 ? 1 : 0, n = rows - row0;
    const int64_t ld = cols + 8;  // a padded destination
    std::vector<uint16_t> poison(static_cast<size_t>(n * ld), 0x7E00);  // f16 NaN
    auto dd = test::to_device(poison);
    TESSERA_ASSERT_OK(dequantize_rows_f16(WeightMatrix{type, dw.data(), rows, cols, stride}, row0, n,
                                          dd.as<uint16_t>(), ld, nullptr));
    const auto got = test::from_device<uint16_t>(dd, poison.size());
    for (int64_t r = 0; r < n; ++r) {
      for (int64_t c = 0; c < cols; ++c) {
        const float want = ref[(row0 + r) * cols + c];
        const float g = fp16_to_fp32(got[r * ld + c]);
        // The device may round a*q+b once (fma) where the reference rounds twice: allow one f16 step.
        ASSERT_LE(std::fabs(g - want), std::fabs(want) * (1.0f / 1024.0f) + 1e-7f)
            << "row " << row0 + r << " col " << c << ": " << g << " vs " << want;
      }
      EXPECT_EQ(got[r * ld + cols], 0x7E00) << "padding overwritten";
    }
  }
}

TEST_P(DequantTypes, GetRowsMatchesReference) {
  TESSERA_REQUIRE_GPU();
  const GgmlType type = GetParam();
  const int64_t rows = 50, cols = 768;
  const size_t stride = *row_size(type, cols);
  const auto data = test::random_rows(type, rows, cols, stride, 99);
  const auto ref = test::dequantize_ref(type, data, rows, cols, stride);
  auto dw = test::to_device(data);
  const std::vector<int32_t> ids = {3, 0, 49, 3, 17, 48, 1};
  auto did = test::to_device(ids);
  const int64_t ld = cols + 4;
  auto out = test::poisoned_floats(ids.size() * ld);
  TESSERA_ASSERT_OK(get_rows(WeightMatrix{type, dw.data(), rows, cols, stride}, did.as<int32_t>(),
                             static_cast<int>(ids.size()), out.as<float>(), ld, nullptr));
  const auto got = test::from_device<float>(out, ids.size() * ld);
  for (size_t t = 0; t < ids.size(); ++t) {
    std::vector<float> g(got.begin() + t * ld, got.begin() + t * ld + cols);
    std::vector<float> want(ref.begin() + ids[t] * cols, ref.begin() + (ids[t] + 1) * cols);
    EXPECT_LT(test::max_rel_error(g, want), 1e-6) << "token " << t << " id " << ids[t];
    EXPECT_TRUE(std::isnan(got[t * ld + cols]));
  }
}

INSTANTIATE_TEST_SUITE_P(AllTypes, DequantTypes, ::testing::ValuesIn(test::all_kernel_types()),
                         [](const auto& info) { return std::string(type_name(info.param)); });

}  // namespace
}  // namespace tessera::cuda
