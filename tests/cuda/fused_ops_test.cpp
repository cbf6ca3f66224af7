// The fused kernels of the decode step against the unfused kernels they replace, bit for bit, on
// fresh random data: RMSNorm + q8 quantization, RoPE + KV-cache write, gate|up matvec + SwiGLU.
// (The unfused kernels are themselves checked against f64 references in ops_test.cpp and
// matvec_test.cpp.)
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <tuple>
#include <vector>

#include "cuda_test_util.h"
#include "backend/backend_kernels.h"
#include "kernels/elementwise.h"
#include "kernels/kv_cache.h"
#include "kernels/matvec.h"
#include "kernels/norm.h"
#include "kernels/rope.h"
#include "quant/fp16.h"
#include "support/test_support.h"

namespace tessera::cuda {
namespace {

TEST(FusedOps, RmsNormQ8EqualsNormThenQuantize) {
  TESSERA_REQUIRE_GPU();
  uint32_t seed = 11;
  // Row strides of n + 8 take the register-resident kernels, n + 3 the general ones: both pairs
  // must agree.
  for (const auto& [rows, n, pad] : std::vector<std::tuple<int, int64_t, int64_t>>{{1, 4096, 8},
                                                                                   {1, 4096, 3},
                                                                                   {3, 96, 8},
                                                                                   {8, 5120, 8},
                                                                                   {8, 5120, 3},
                                                                                   {1, 14336, 8},
                                                                                   {2, 32, 8},
                                                                                   {1, 16416, 8}}) {
    SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(n) + " pad " + std::to_string(pad));
    const int64_t xs = n + pad;
    const auto x = tessera::test::random_floats(static_cast<size_t>(rows * xs), seed++, 3.0f);
    const auto w = tessera::test::random_floats(static_cast<size_t>(n), seed++);
    auto dx = test::to_device(x);
    auto dw = test::to_device(w);
    for (bool weighted : {true, false}) {
      const float* wp = weighted ? dw.as<float>() : nullptr;
      const size_t q8_bytes = q8_activations_bytes(n, rows);
      auto ref_out = test::poisoned_floats(static_cast<size_t>(rows * n));
      auto ref_q8 = DeviceBuffer::allocate(0, q8_bytes, "q8 ref");
      auto out = test::poisoned_floats(static_cast<size_t>(rows * n));
      auto q8 = DeviceBuffer::allocate(0, q8_bytes, "q8");
      TESSERA_ASSERT_OK(ref_q8);
      TESSERA_ASSERT_OK(q8);
      TESSERA_ASSERT_CUDA(cudaMemset(ref_q8->data(), 0x5A, q8_bytes));
      TESSERA_ASSERT_CUDA(cudaMemset(q8->data(), 0xA5, q8_bytes));
      TESSERA_ASSERT_OK(rms_norm(dx.as<float>(), xs, wp, ref_out.as<float>(), n, rows, n, 1e-5f, nullptr));
      TESSERA_ASSERT_OK(quantize_activations(ref_out.as<float>(), n, n, rows, ref_q8->data(), nullptr));
      TESSERA_ASSERT_OK(rms_norm_q8(dx.as<float>(), xs, wp, out.as<float>(), n, q8->data(), rows, n, 1e-5f, nullptr));
      const auto a = test::from_device<float>(ref_out, static_cast<size_t>(rows * n));
      const auto b = test::from_device<float>(out, static_cast<size_t>(rows * n));
      ASSERT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)), 0) << "f32 rows differ";
      std::vector<uint8_t> qa(q8_bytes), qb(q8_bytes);
      TESSERA_ASSERT_CUDA(cudaMemcpy(qa.data(), ref_q8->data(), q8_bytes, cudaMemcpyDeviceToHost));
      TESSERA_ASSERT_CUDA(cudaMemcpy(qb.data(), q8->data(), q8_bytes, cudaMemcpyDeviceToHost));
      // Only the bytes quantize_activations defines: per vector, n int8 values then n/32 scales.
      const size_t vec = q8_activations_bytes(n, 1), used = static_cast<size_t>(n) + static_cast<size_t>(n / 32) * 8;
      for (int r = 0; r < rows; ++r)
        ASSERT_EQ(std::memcmp(qa.data() + r * vec, qb.data() + r * vec, used), 0) << "q8 bytes of row " << r;
    }
  }
  // Shapes the fused kernel cannot take are refused, not run.
  auto st =
      rms_norm_q8(nullptr, 40, nullptr, nullptr, 40, reinterpret_cast<void*>(uintptr_t{256}), 1, 40, 1e-5f, nullptr);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::InvalidArgument);
}

TEST(FusedOps, RopeToCacheEqualsRopeThenCacheWrite) {
  TESSERA_REQUIRE_GPU();
  struct Case {
    RopeStyle style;
    int n_tokens, n_head, n_head_kv, head_dim, n_dims;
    bool factors;
  };
  uint32_t seed = 40;
  for (const Case& c : std::vector<Case>{{RopeStyle::Normal, 1, 32, 8, 128, 128, false},
                                         {RopeStyle::Normal, 5, 8, 2, 64, 64, true},
                                         {RopeStyle::NeoX, 3, 7, 7, 128, 128, false},
                                         {RopeStyle::NeoX, 4, 6, 3, 80, 32, true},
                                         {RopeStyle::Normal, 2, 4, 4, 96, 48, false}}) {
    SCOPED_TRACE("style " + std::to_string(static_cast<int>(c.style)) + " heads " + std::to_string(c.n_head) + "/" +
                 std::to_string(c.n_head_kv) + " head_dim " + std::to_string(c.head_dim) + " n_dims " +
                 std::to_string(c.n_dims));
    const int q_dim = c.n_head * c.head_dim, kv_dim = c.n_head_kv * c.head_dim, capacity = 2048;
    const int64_t stride = q_dim + 2 * kv_dim + 4;  // q | k | v in one row, as the fused Q|K|V matvec writes
    const auto rows = tessera::test::random_floats(static_cast<size_t>(c.n_tokens * stride), seed++, 2.0f);
    std::vector<int32_t> pos;
    for (int t = 0; t < c.n_tokens; ++t) pos.push_back(t == 2 ? capacity + 5 : 17 + 301 * t);  // one outside
    std::vector<float> factors;
    for (int i = 0; c.factors && i < c.n_dims / 2; ++i) factors.push_back(1.0f + 0.5f * static_cast<float>(i % 5));
    auto dp = test::to_device(pos);
    DeviceBuffer df;
    if (c.factors) df = test::to_device(factors);
    const RopeConfig cfg{c.style, c.n_dims, 500000.0f, 1.0f, c.factors ? df.as<float>() : nullptr};
    const int64_t cstride = kv_dim;
    std::vector<uint16_t> init(static_cast<size_t>(capacity) * cstride, 0x3C00);

    // Reference: rope on q and k, then the cache write.
    auto ref_rows = test::to_device(rows);
    auto ref_k = test::to_device(init), ref_v = test::to_device(init);
    float* rq = ref_rows.as<float>();
    TESSERA_ASSERT_OK(rope(rq, stride, c.n_tokens, c.n_head, c.head_dim, dp.as<int32_t>(), cfg, nullptr));
    TESSERA_ASSERT_OK(rope(rq + q_dim, stride, c.n_tokens, c.n_head_kv, c.head_dim, dp.as<int32_t>(), cfg, nullptr));
    KvCacheView ref_view{ref_k.as<uint16_t>(), ref_v.as<uint16_t>(), cstride, capacity};
    TESSERA_ASSERT_OK(kv_cache_write(rq + q_dim, stride, rq + q_dim + kv_dim, stride, c.n_tokens, kv_dim,
                                     dp.as<int32_t>(), ref_view, nullptr));
    // Fused, into fresh copies of the rows and caches.
    struct Fused {
      DeviceBuffer rows, k, v;
    };
    auto fused = [&](const RopeConfig& config) {
      Fused f{test::to_device(rows), test::to_device(init), test::to_device(init)};
      float* q = f.rows.as<float>();
      const KvCacheView view{f.k.as<uint16_t>(), f.v.as<uint16_t>(), cstride, capacity};
      EXPECT_TRUE(rope_qk_to_cache(q, q + q_dim, q + q_dim + kv_dim, stride, c.n_tokens, c.n_head, c.n_head_kv,
                                   c.head_dim, dp.as<int32_t>(), config, view, nullptr)
                      .ok());
      return f;
    };
    Fused got = fused(cfg);
    auto& got_rows = got.rows;
    auto& got_k = got.k;
    auto& got_v = got.v;

    const auto a = test::from_device<float>(ref_rows, rows.size());
    const auto b = test::from_device<float>(got_rows, rows.size());
    for (int t = 0; t < c.n_tokens; ++t) {
      ASSERT_EQ(std::memcmp(a.data() + t * stride, b.data() + t * stride, q_dim * sizeof(float)), 0)
          << "rotated q of token " << t;
      // k and v rows stay as the matvec wrote them.
      ASSERT_EQ(
          std::memcmp(rows.data() + t * stride + q_dim, b.data() + t * stride + q_dim, 2 * kv_dim * sizeof(float)), 0)
          << "k/v rows of token " << t << " were modified";
    }
    // With the precomputed f64 angle table (what the backend passes) the rotation agrees to f32
    // rounding (host and device pow() may differ in the last bit of theta).
    {
      const auto table = rope_theta_table(c.n_dims, cfg.freq_base, cfg.freq_scale, factors);
      auto dt = test::to_device(table);
      RopeConfig tcfg = cfg;
      tcfg.theta = dt.as<double>();
      const Fused with_table = fused(tcfg);
      EXPECT_LT(test::max_rel_error(test::from_device<float>(with_table.rows, rows.size()), b), 1e-6);
    }
    for (const auto& [ref, out] : {std::pair{&ref_k, &got_k}, std::pair{&ref_v, &got_v}}) {
      const auto x = test::from_device<uint16_t>(*ref, init.size());
      const auto y = test::from_device<uint16_t>(*out, init.size());
      ASSERT_EQ(x, y) << (ref == &ref_k ? "K" : "V") << " cache differs";
    }
  }
}

// The Q/K/V biases and the QK-norm folded into the RoPE + cache-write kernel (RopeHeadExtras) against
// the separate launches they replace: add_bias_rows, rms_norm_heads, rope, kv_cache_write. The heads'
// sums of squares are added in another order, so q agrees to f32 rounding and the F16 cache to one
// f16 rounding step.
TEST(FusedOps, RopeToCacheWithBiasesAndQkNormEqualsTheSeparateKernels) {
  TESSERA_REQUIRE_GPU();
  struct Case {
    RopeStyle style;
    int n_tokens, n_head, n_head_kv, head_dim, n_dims;
    bool bias, norm;
  };
  uint32_t seed = 700;
  for (const Case& c : std::vector<Case>{{RopeStyle::NeoX, 3, 12, 2, 128, 128, true, false},   // qwen2
                                         {RopeStyle::NeoX, 2, 32, 4, 128, 128, false, true},   // qwen3
                                         {RopeStyle::Normal, 4, 8, 4, 256, 256, false, true},  // gemma3
                                         {RopeStyle::NeoX, 5, 6, 3, 80, 32, true, true},       // partial rotary
                                         {RopeStyle::Normal, 1, 4, 2, 64, 64, true, true}}) {
    SCOPED_TRACE("heads " + std::to_string(c.n_head) + "/" + std::to_string(c.n_head_kv) + " head_dim " +
                 std::to_string(c.head_dim) + (c.bias ? " bias" : "") + (c.norm ? " norm" : ""));
    const int q_dim = c.n_head * c.head_dim, kv_dim = c.n_head_kv * c.head_dim, capacity = 1024;
    const int64_t stride = q_dim + 2 * kv_dim + 4;
    const auto rows = tessera::test::random_floats(static_cast<size_t>(c.n_tokens * stride), seed++, 2.0f);
    const auto bq = tessera::test::random_floats(static_cast<size_t>(q_dim), seed++);
    const auto bk = tessera::test::random_floats(static_cast<size_t>(kv_dim), seed++);
    const auto bv = tessera::test::random_floats(static_cast<size_t>(kv_dim), seed++);
    auto gains = tessera::test::random_floats(static_cast<size_t>(2 * c.head_dim), seed++);
    for (float& g : gains) g += 1.0f;
    std::vector<int32_t> pos;
    for (int t = 0; t < c.n_tokens; ++t) pos.push_back(t == 2 ? capacity + 1 : 5 + 77 * t);  // one outside
    auto dp = test::to_device(pos), dbq = test::to_device(bq), dbk = test::to_device(bk), dbv = test::to_device(bv);
    auto dg = test::to_device(gains);
    const auto table = rope_theta_table(c.n_dims, 1000000.0f, 1.0f, {});
    auto dt = test::to_device(table);
    RopeConfig cfg{c.style, c.n_dims, 1000000.0f, 1.0f, nullptr};
    cfg.theta = dt.as<double>();
    const float* wq = c.norm ? dg.as<float>() : nullptr;
    const float* wk = c.norm ? dg.as<float>() + c.head_dim : nullptr;
    std::vector<uint16_t> init(static_cast<size_t>(capacity) * kv_dim, 0x3C00);

    auto ref_rows = test::to_device(rows);
    auto ref_k = test::to_device(init), ref_v = test::to_device(init);
    float* rq = ref_rows.as<float>();
    if (c.bias) {
      TESSERA_ASSERT_OK(add_bias_rows(rq, stride, dbq.as<float>(), q_dim, c.n_tokens, nullptr));
      TESSERA_ASSERT_OK(add_bias_rows(rq + q_dim, stride, dbk.as<float>(), kv_dim, c.n_tokens, nullptr));
      TESSERA_ASSERT_OK(add_bias_rows(rq + q_dim + kv_dim, stride, dbv.as<float>(), kv_dim, c.n_tokens, nullptr));
    }
    if (c.norm)
      TESSERA_ASSERT_OK(rms_norm_heads(rq, rq + q_dim, stride, c.n_tokens, c.n_head, c.n_head_kv, c.head_dim, wq, wk,
                                       1e-6f, nullptr));
    TESSERA_ASSERT_OK(rope(rq, stride, c.n_tokens, c.n_head, c.head_dim, dp.as<int32_t>(), cfg, nullptr));
    TESSERA_ASSERT_OK(rope(rq + q_dim, stride, c.n_tokens, c.n_head_kv, c.head_dim, dp.as<int32_t>(), cfg, nullptr));
    KvCacheView ref_view{ref_k.as<uint16_t>(), ref_v.as<uint16_t>(), kv_dim, capacity};
    TESSERA_ASSERT_OK(kv_cache_write(rq + q_dim, stride, rq + q_dim + kv_dim, stride, c.n_tokens, kv_dim,
                                     dp.as<int32_t>(), ref_view, nullptr));

    auto got_rows = test::to_device(rows);
    auto got_k = test::to_device(init), got_v = test::to_device(init);
    float* gq = got_rows.as<float>();
    RopeHeadExtras ex;
    if (c.bias) {
      ex.q_bias = dbq.as<float>();
      ex.k_bias = dbk.as<float>();
      ex.v_bias = dbv.as<float>();
    }
    ex.q_norm = wq;
    ex.k_norm = wk;
    ex.eps = 1e-6f;
    const KvCacheView view{got_k.as<uint16_t>(), got_v.as<uint16_t>(), kv_dim, capacity};
    TESSERA_ASSERT_OK(rope_qk_to_cache(gq, gq + q_dim, gq + q_dim + kv_dim, stride, c.n_tokens, c.n_head, c.n_head_kv,
                                       c.head_dim, dp.as<int32_t>(), cfg, view, nullptr, &ex));
    const auto a = test::from_device<float>(ref_rows, rows.size());
    const auto b = test::from_device<float>(got_rows, rows.size());
    std::vector<float> qa, qb;
    for (int t = 0; t < c.n_tokens; ++t) {
      qa.insert(qa.end(), a.begin() + t * stride, a.begin() + t * stride + q_dim);
      qb.insert(qb.end(), b.begin() + t * stride, b.begin() + t * stride + q_dim);
    }
    EXPECT_LT(test::max_rel_error(qb, qa), 1e-5);
    for (const auto& [ref, out] : {std::pair{&ref_k, &got_k}, std::pair{&ref_v, &got_v}}) {
      const auto x = test::from_device<uint16_t>(*ref, init.size());
      const auto y = test::from_device<uint16_t>(*out, init.size());
      std::vector<float> fx, fy;
      for (size_t i = 0; i < x.size(); ++i) {
        fx.push_back(fp16_to_fp32(x[i]));
        fy.push_back(fp16_to_fp32(y[i]));
      }
      EXPECT_LT(test::max_rel_error(fy, fx), 2e-3) << (ref == &ref_k ? "K" : "V") << " cache";
    }
  }
  // A quantized cache cannot take them (the backend keeps the separate launches there).
  RopeHeadExtras ex;
  auto buf = DeviceBuffer::allocate(0, 1 << 16, "cache");
  TESSERA_ASSERT_OK(buf);
  const KvCacheView q8{buf->as<uint16_t>(), buf->as<uint16_t>(), kv_cache_row_words(KvCacheType::Q8_0, 128), 16,
                       KvCacheType::Q8_0};
  const RopeConfig cfg{RopeStyle::NeoX, 128, 10000.0f, 1.0f, nullptr};
  EXPECT_FALSE(rope_qk_to_cache(buf->as<float>(), buf->as<float>(), buf->as<float>(), 512, 1, 2, 1, 128, nullptr, cfg,
                                q8, nullptr, &ex)
                   .ok());
}

class GluTypes : public ::testing::TestWithParam<GgmlType> {};

TEST_P(GluTypes, GateUpSwigluEqualsMatvecThenSwiglu) {
  TESSERA_REQUIRE_GPU();
  const GgmlType type = GetParam();
  const int64_t bs = type_info(type).block_size;
  std::vector<std::pair<int64_t, int64_t>> shapes = {{1, 256}, {37, 512}, {130, 4096}, {515, 2304}};
  if (bs <= 32) shapes.push_back({45, 96});
  uint32_t seed = 500 + static_cast<uint32_t>(type);
  for (const auto& [n, cols] : shapes) {
    SCOPED_TRACE(std::string(type_name(type)) + " 2x" + std::to_string(n) + " x " + std::to_string(cols));
    const size_t stride = *row_size(type, cols);
    const auto data = test::random_rows(type, 2 * n, cols, stride, seed++);
    const auto x = tessera::test::random_floats(static_cast<size_t>(cols), seed++);
    auto dw = test::to_device(data);
    auto dx = test::to_device(x);
    const WeightMatrix w{type, dw.data(), 2 * n, cols, stride};
    const bool quant = test::is_quantized(type);
    auto ws = DeviceBuffer::allocate(0, *matvec_workspace_bytes(type, cols, 1) + 16, "q8");
    TESSERA_ASSERT_OK(ws);
    if (quant) TESSERA_ASSERT_OK(quantize_activations(dx.as<float>(), cols, cols, 1, ws->data(), nullptr));
    // Reference: the whole gate|up product, then the SwiGLU kernel.
    auto y = test::poisoned_floats(static_cast<size_t>(2 * n));
    auto ref = test::poisoned_floats(static_cast<size_t>(n));
    if (quant)
      TESSERA_ASSERT_OK(matvec_q8(w, ws->data(), 1, y.as<float>(), 2 * n, nullptr));
    else
      TESSERA_ASSERT_OK(matvec(w, dx.as<float>(), cols, y.as<float>(), 2 * n, 1, nullptr, 0, nullptr));
    TESSERA_ASSERT_OK(swiglu(y.as<float>(), y.as<float>() + n, ref.as<float>(), n, nullptr));
    // Fused.
    auto h = test::poisoned_floats(static_cast<size_t>(n) + 1);
    TESSERA_ASSERT_OK(matvec_glu(w, dx.as<float>(), ws->data(), h.as<float>(), nullptr));
    const auto a = test::from_device<float>(ref, static_cast<size_t>(n));
    const auto b = test::from_device<float>(h, static_cast<size_t>(n) + 1);
    for (int64_t i = 0; i < n; ++i)
      ASSERT_EQ(std::memcmp(&a[i], &b[i], 4), 0) << "row " << i << ": " << a[i] << " vs " << b[i];
    EXPECT_TRUE(std::isnan(b[n])) << "wrote past the n outputs";
  }
  // An odd row count cannot be a gate|up pair.
  auto st = matvec_glu(WeightMatrix{type, reinterpret_cast<void*>(uintptr_t{256}), 3, 256, *row_size(type, 256)},
                       reinterpret_cast<const float*>(uintptr_t{256}), reinterpret_cast<void*>(uintptr_t{256}), nullptr,
                       nullptr);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::InvalidArgument);
}

INSTANTIATE_TEST_SUITE_P(AllTypes, GluTypes, ::testing::ValuesIn(test::all_kernel_types()),
                         [](const auto& info) { return std::string(type_name(info.param)); });

}  // namespace
}  // namespace tessera::cuda
