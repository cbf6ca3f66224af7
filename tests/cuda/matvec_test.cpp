// Fused dequantize + matrix-vector product against the CPU reference, every type, several shapes,
// both quantized kernels, 1..8 vectors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "cuda_test_util.h"
#include "kernels/matvec.h"
#include "kernels/quant_decode.cuh"
#include "support/test_support.h"

namespace tessera::cuda {
namespace {

struct Shape {
  int64_t rows, cols;
  size_t pad;  // extra bytes per row (row_stride = row size + pad)
};

// x quantized exactly as the device does it, dequantized back: the tight reference's input.
std::vector<float> q8_roundtrip(const std::vector<float>& x) {
  std::vector<float> out(x.size());
  for (size_t b = 0; b < x.size() / 32; ++b) {
    int8_t q[32];
    qd::Q8Scale s;
    qd::quantize_x_block(x.data() + 32 * b, q, s);
    for (int e = 0; e < 32; ++e) out[32 * b + e] = s.d * static_cast<float>(q[e]);
  }
  return out;
}

// The row alignment the kernels require of a type (its fp16/f32 fields' natural alignment).
size_t natural_align(GgmlType type) {
  size_t a = type == GgmlType::F32 ? 4 : 2;
  qd::visit_quant_type(type, [&](auto t) { a = static_cast<size_t>(decltype(t)::kAlign); });
  return a;
}

void run_case(GgmlType type, const Shape& shape, int n_vec, bool accumulate, uint32_t seed) {
  const int64_t rows = shape.rows, cols = shape.cols;
  const size_t stride = *row_size(type, cols) + shape.pad;
  SCOPED_TRACE(std::string(type_name(type)) + " " + std::to_string(rows) + "x" + std::to_string(cols) + " stride " +
               std::to_string(stride) + " n_vec " + std::to_string(n_vec) + (accumulate ? " accumulate" : ""));
  const auto data = test::random_rows(type, rows, cols, stride, seed);
  const auto wref = test::dequantize_ref(type, data, rows, cols, stride);
  const int64_t ldx = cols + 4, ldy = rows + 3;
  const auto x = tessera::test::random_floats(static_cast<size_t>(ldx * n_vec), seed + 7);
  const auto y0 = tessera::test::random_floats(static_cast<size_t>(ldy * n_vec), seed + 9);

  auto dw = test::to_device(data);
  auto dx = test::to_device(x);
  auto dy = accumulate ? test::to_device(y0) : test::poisoned_floats(static_cast<size_t>(ldy * n_vec));
  auto ws_bytes = matvec_workspace_bytes(type, cols, n_vec);
  TESSERA_ASSERT_OK(ws_bytes);
  auto ws = DeviceBuffer::allocate(0, *ws_bytes + 16, "ws");
  TESSERA_ASSERT_OK(ws);
  WeightMatrix w{type, dw.data(), rows, cols, stride};
  MatvecOptions opt;
  opt.accumulate = accumulate;
  TESSERA_ASSERT_OK(matvec(w, dx.as<float>(), ldx, dy.as<float>(), ldy, n_vec, ws->data(), ws->bytes(), nullptr, opt));
  const auto y = test::from_device<float>(dy, static_cast<size_t>(ldy * n_vec));

  const bool quant = test::is_quantized(type);
  double ss_err = 0, ss_ref = 0;  // over every row of every vector
  for (int v = 0; v < n_vec; ++v) {
    std::vector<float> xv(x.begin() + v * ldx, x.begin() + v * ldx + cols);
    const std::vector<float> xq = quant ? q8_roundtrip(xv) : xv;
    std::vector<double> tight(rows), exact(rows), bound(rows);
    std::vector<float> got(rows);
    for (int64_t r = 0; r < rows; ++r) {
      double a = 0, b = 0, e = 0;
      for (int64_t c = 0; c < cols; ++c) {
        const double wv = wref[r * cols + c];
        a += wv * xq[c];
        b += wv * xv[c];
        e += std::fabs(wv) * std::fabs(static_cast<double>(xq[c]) - xv[c]);
      }
      const double base = accumulate ? y0[v * ldy + r] : 0.0;
      tight[r] = a + base;
      exact[r] = b + base;
      bound[r] = e;
      got[r] = y[v * ldy + r];
      ss_err += (got[r] - exact[r]) * (got[r] - exact[r]);
      ss_ref += (exact[r] - base) * (exact[r] - base);
    }
    // Against the q8-rounded x: exact up to f32 summation order.
    const double tight_err = test::max_rel_error(got, tight);
    EXPECT_LT(tight_err, quant ? 1e-4 : 2e-5) << "vector " << v;
    // Against the f32 x: the only other difference is the rounding of x, bounded row by row.
    double scale = 1e-30;
    for (double t : tight) scale = std::max(scale, std::fabs(t));
    for (int64_t r = 0; r < rows; ++r)
      EXPECT_LE(std::fabs(got[r] - exact[r]), bound[r] * 1.001 + 1e-4 * scale) << "vector " << v << " row " << r;
    if (v == 0 && rows < ldy) {
      // rows past the matrix stay untouched (poison or the original y)
      if (accumulate) EXPECT_EQ(y[rows], y0[rows]);
      else EXPECT_TRUE(std::isnan(y[rows]));
    }
  }
  // The q8 rounding of normal x costs ~0.55% RMS (docs/perf.md); judged over enough rows to be a
  // stable statistic.
  if (quant && rows * n_vec >= 256) EXPECT_LT(std::sqrt(ss_err / ss_ref), 1.2e-2);
}

std::vector<Shape> shapes_for(GgmlType type) {
  const int64_t bs = type_info(type).block_size;
  std::vector<Shape> s = {{1, 256, 0}, {37, 512, 0}, {130, 4096, 0}, {7, 2304, 0}, {129, 6144, 16}};
  if (bs <= 32) {
    // K not a multiple of 256 (and rows not 16-byte multiples for some types), odd row counts
    s.push_back({45, 96, 0});
    s.push_back({3, 32 * 129, 0});
    s.push_back({66, 224, natural_align(type)});
  }
  return s;
}

class MatvecTypes : public ::testing::TestWithParam<GgmlType> {};

TEST_P(MatvecTypes, MatchesCpuReferenceAllShapes) {
  TESSERA_REQUIRE_GPU();
  const GgmlType type = GetParam();
  uint32_t seed = 100 + static_cast<uint32_t>(type);
  for (const Shape& s : shapes_for(type)) {
    for (int n_vec : {1, 2, 3, 8}) {
      run_case(type, s, n_vec, false, seed++);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST_P(MatvecTypes, AccumulateAndLongRows) {
  TESSERA_REQUIRE_GPU();
  const GgmlType type = GetParam();
  uint32_t seed = 300 + static_cast<uint32_t>(type);
  for (const Shape& s : std::vector<Shape>{{131, 4096, 0}, {9, 2048 * 3 + 256, 0}, {4, 14336, 0}, {300, 1024, 0}}) {
    run_case(type, s, 1, true, seed++);
    run_case(type, s, 2, true, seed++);
    run_case(type, s, 5, false, seed++);
  }
}

INSTANTIATE_TEST_SUITE_P(AllTypes, MatvecTypes, ::testing::ValuesIn(test::all_kernel_types()),
                         [](const auto& info) { return std::string(type_name(info.param)); });

TEST(Matvec, RejectsBadArguments) {
  TESSERA_REQUIRE_GPU();
  WeightMatrix w{GgmlType::Q4_0, reinterpret_cast<void*>(uintptr_t{256}), 4, 100, 64};
  auto st = matvec(w, nullptr, 100, nullptr, 4, 1, nullptr, 0, nullptr);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::InvalidArgument);
  WeightMatrix iq{GgmlType::Q8_K, reinterpret_cast<void*>(uintptr_t{256}), 4, 256, 292};  // no kernel for Q8_K
  auto st2 = matvec(iq, nullptr, 256, nullptr, 4, 1, nullptr, 0, nullptr);
  ASSERT_FALSE(st2.ok());
  EXPECT_EQ(st2.error().kind, ErrorKind::Unsupported);
  WeightMatrix ok{GgmlType::Q4_0, reinterpret_cast<void*>(uintptr_t{256}), 4, 256, 144};
  auto st3 = matvec(ok, nullptr, 256, nullptr, 4, 1, nullptr, 10, nullptr);  // workspace too small
  ASSERT_FALSE(st3.ok());
  EXPECT_NE(st3.error().message.find("workspace"), std::string::npos) << st3.error().message;
}

}  // namespace
}  // namespace tessera::cuda
