// Prefill GEMM (dequantize slices to f16 + cuBLAS) against an f64 reference.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cuda_test_util.h"
#include "kernels/gemm.h"
#include "quant/fp16.h"
#include "support/test_support.h"

namespace tessera::cuda {
namespace {

void run_gemm(GgmlType type, int64_t rows, int64_t cols, int n_tokens, int64_t slice_rows, bool accumulate,
              uint32_t seed) {
  SCOPED_TRACE(std::string(type_name(type)) + " W " + std::to_string(rows) + "x" + std::to_string(cols) + " T " +
               std::to_string(n_tokens) + " slice " + std::to_string(slice_rows));
  auto handle = CublasHandle::create(0);
  TESSERA_ASSERT_OK(handle);
  const size_t stride = *row_size(type, cols);
  const auto data = test::random_rows(type, rows, cols, stride, seed);
  const auto wref = test::dequantize_ref(type, data, rows, cols, stride);
  const int64_t ldx = cols + 8, ldy = rows + 5;
  const auto x = tessera::test::random_floats(static_cast<size_t>(n_tokens * ldx), seed + 1);
  const auto y0 = tessera::test::random_floats(static_cast<size_t>(n_tokens * ldy), seed + 2);
  auto dw = test::to_device(data);
  auto dx = test::to_device(x);
  auto dy = accumulate ? test::to_device(y0) : test::poisoned_floats(static_cast<size_t>(n_tokens * ldy));
  auto xs = DeviceBuffer::allocate(0, gemm_x_f16_bytes(n_tokens, cols), "x f16");
  auto wsb = DeviceBuffer::allocate(0, gemm_w_f16_bytes(slice_rows, cols), "w f16");
  TESSERA_ASSERT_OK(xs);
  TESSERA_ASSERT_OK(wsb);
  GemmScratch scratch{xs->as<uint16_t>(), xs->bytes(), wsb->as<uint16_t>(), wsb->bytes()};
  cudaStream_t stream = nullptr;
  TESSERA_ASSERT_CUDA(cudaStreamCreate(&stream));
  TESSERA_ASSERT_OK(gemm_xwt(*handle, WeightMatrix{type, dw.data(), rows, cols, stride}, dx.as<float>(), ldx, n_tokens,
                             dy.as<float>(), ldy, scratch, stream, accumulate));
  TESSERA_ASSERT_CUDA(cudaStreamSynchronize(stream));
  TESSERA_ASSERT_CUDA(cudaStreamDestroy(stream));
  const auto y = test::from_device<float>(dy, static_cast<size_t>(n_tokens * ldy));
  std::vector<float> got;
  std::vector<double> tight, exact;
  for (int t = 0; t < n_tokens; ++t) {
    for (int64_t r = 0; r < rows; ++r) {
      double a = 0, b = 0;
      for (int64_t c = 0; c < cols; ++c) {
        const float xv = x[t * ldx + c], wv = wref[r * cols + c];
        a += static_cast<double>(fp16_to_fp32(fp32_to_fp16(wv))) * fp16_to_fp32(fp32_to_fp16(xv));
        b += static_cast<double>(wv) * xv;
      }
      const double base = accumulate ? y0[t * ldy + r] : 0.0;
      got.push_back(y[t * ldy + r]);
      tight.push_back(a + base);
      exact.push_back(b + base);
    }
    if (!accumulate) EXPECT_TRUE(std::isnan(y[t * ldy + rows]));
  }
  // f16-rounded inputs, f32 accumulation: only the summation order differs from `tight`.
  EXPECT_LT(test::max_rel_error(got, tight), 2e-4);
  EXPECT_LT(test::max_rel_error(got, exact), 5e-3);
}

TEST(Gemm, F16WeightsInPlace) {
  TESSERA_REQUIRE_GPU();
  run_gemm(GgmlType::F16, 200, 512, 37, 64, false, 1);
}

TEST(Gemm, QuantizedWeightsInSlices) {
  TESSERA_REQUIRE_GPU();
  run_gemm(GgmlType::Q4_K, 300, 512, 64, 128, false, 2);   // 3 slices, the last one partial
  run_gemm(GgmlType::Q8_0, 130, 320, 5, 7, true, 3);       // tiny slices, accumulate
  run_gemm(GgmlType::Q6_K, 256, 1024, 1, 1000, false, 4);  // one slice, one token
  run_gemm(GgmlType::F32, 96, 256, 17, 40, false, 5);
  run_gemm(GgmlType::BF16, 64, 256, 9, 64, true, 6);
  run_gemm(GgmlType::Q2_K, 64, 512, 33, 32, false, 7);
}

TEST(Gemm, ScratchTooSmallIsAnError) {
  TESSERA_REQUIRE_GPU();
  auto handle = CublasHandle::create(0);
  TESSERA_ASSERT_OK(handle);
  auto xs = DeviceBuffer::allocate(0, gemm_x_f16_bytes(4, 512), "x");
  auto ws = DeviceBuffer::allocate(0, 100, "w");
  TESSERA_ASSERT_OK(xs);
  TESSERA_ASSERT_OK(ws);
  auto w = DeviceBuffer::allocate(0, 144 * 2 * 8, "q4k");
  auto x = DeviceBuffer::allocate(0, 4 * 512 * 4, "x32");
  auto y = DeviceBuffer::allocate(0, 4 * 8 * 4, "y");
  GemmScratch scratch{xs->as<uint16_t>(), xs->bytes(), ws->as<uint16_t>(), ws->bytes()};
  auto st = gemm_xwt(*handle, WeightMatrix{GgmlType::Q4_K, w->data(), 8, 512, 288}, x->as<float>(), 512, 4,
                     y->as<float>(), 8, scratch, nullptr);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::InvalidArgument);
  EXPECT_NE(st.error().message.find("scratch"), std::string::npos) << st.error().message;
}

}  // namespace
}  // namespace tessera::cuda
