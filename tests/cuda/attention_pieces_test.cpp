// The small kernels of issue 36's attention blocks against the CPU reference's own functions
// (core/backend/cpu_kernels.h) or its formula, on random data: the weightless per-head norm (Gemma
// 4's V norm, Llama 4's unit QK norm), Llama 4's attention temperature, Gemma 4's per-layer input
// gate and layer output scale, and the context shift of a layer without rotation.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "backend/backend_kernels.h"
#include "backend/cpu_kernels.h"
#include "cuda_test_util.h"
#include "kernels/norm.h"
#include "kernels/rope.h"
#include "quant/fp16.h"
#include "support/test_support.h"

namespace tessera::cuda {
namespace {

TEST(AttentionPieces, WeightlessHeadNormMatchesTheCpu) {
  TESSERA_REQUIRE_GPU();
  const int n_tok = 5, n_q = 6, n_k = 2, hd = 48;
  const int64_t stride = (n_q + n_k) * hd + 7;
  const auto x = tessera::test::random_floats(static_cast<size_t>(n_tok * stride), 1, 3.0f);
  auto dx = test::to_device(x);
  float* q = dx.as<float>();
  TESSERA_ASSERT_OK(rms_norm_heads(q, q + n_q * hd, stride, n_tok, n_q, n_k, hd, nullptr, nullptr, 1e-6f, nullptr));
  const auto got = test::from_device<float>(dx, x.size());
  std::vector<float> want = x;
  for (int t = 0; t < n_tok; ++t)
    for (int h = 0; h < n_q + n_k; ++h) {
      float* head = &want[static_cast<size_t>(t * stride + h * hd)];
      cpu::rms_norm(head, nullptr, head, hd, 1e-6f);
    }
  EXPECT_LT(test::max_rel_error(got, want), 1e-5);
  // Only the q heads (k null, none of its heads): the rest of the row is left alone.
  auto dy = test::to_device(x);
  TESSERA_ASSERT_OK(rms_norm_heads(dy.as<float>(), nullptr, stride, n_tok, n_q, 0, hd, nullptr, nullptr, 1e-6f, nullptr));
  const auto only_q = test::from_device<float>(dy, x.size());
  for (int t = 0; t < n_tok; ++t)
    for (int64_t i = n_q * hd; i < stride; ++i)
      EXPECT_EQ(only_q[static_cast<size_t>(t * stride + i)], x[static_cast<size_t>(t * stride + i)]);
}

TEST(AttentionPieces, TemperatureScalesByPosition) {
  TESSERA_REQUIRE_GPU();
  const int n_tok = 6, n = 40;
  const int64_t ld = n + 3;
  const std::vector<int32_t> pos = {0, 1, 3, 4, 8190, 8191};  // floor steps at multiples of 4 and 8192
  const auto q = tessera::test::random_floats(static_cast<size_t>(n_tok * ld), 2);
  auto dq = test::to_device(q);
  auto dp = test::to_device(pos);
  for (const auto& [scale, floor_scale, offset] : {std::tuple{0.1f, int64_t{4}, 1.0f}, std::tuple{0.5f, int64_t{8192}, 1.0f}}) {
    auto dq2 = test::to_device(q);
    TESSERA_ASSERT_OK(scale_rows_by_position(dq2.as<float>(), ld, n, n_tok, dp.as<int32_t>(), scale, floor_scale, offset,
                                             nullptr));
    const auto got = test::from_device<float>(dq2, q.size());
    for (int t = 0; t < n_tok; ++t) {
      // The CPU reference's float expression (cpu_blocks.cpp).
      const float f = std::log(std::floor((static_cast<float>(pos[static_cast<size_t>(t)]) + offset) /
                                          static_cast<float>(floor_scale)) +
                               1.0f) *
                          scale +
                      1.0f;
      for (int64_t i = 0; i < ld; ++i) {
        const float x = q[static_cast<size_t>(t * ld + i)];
        EXPECT_NEAR(got[static_cast<size_t>(t * ld + i)], i < n ? x * f : x, 2e-6f * std::fabs(x) + 1e-7f);
      }
    }
  }
}

TEST(AttentionPieces, PerLayerGateAndOutputScale) {
  TESSERA_REQUIRE_GPU();
  const int n_tok = 3, p = 24, n_layer = 5, layer = 3;
  const int64_t lde = static_cast<int64_t>(p) * n_layer;
  const auto g = tessera::test::random_floats(static_cast<size_t>(n_tok * p), 3, 2.0f);
  const auto e = tessera::test::random_floats(static_cast<size_t>(n_tok * lde), 4);
  auto dg = test::to_device(g);
  auto de = test::to_device(e);
  TESSERA_ASSERT_OK(gelu_gate_rows(dg.as<float>(), p, de.as<float>() + layer * p, lde, p, n_tok, nullptr));
  const auto got = test::from_device<float>(dg, g.size());
  std::vector<float> want = g;
  for (int t = 0; t < n_tok; ++t)
    cpu::geglu(&want[static_cast<size_t>(t * p)], &e[static_cast<size_t>(t * lde + layer * p)], p);
  EXPECT_LT(test::max_rel_error(got, want), 1e-5);
  const std::vector<float> s = {0.37f};
  auto ds = test::to_device(s);
  TESSERA_ASSERT_OK(scale_by_scalar(dg.as<float>(), n_tok * p, ds.as<float>(), nullptr));
  const auto scaled = test::from_device<float>(dg, g.size());
  for (size_t i = 0; i < g.size(); ++i) EXPECT_EQ(scaled[i], got[i] * 0.37f);
}

// Llama 4's NoPE layers keep their keys unrotated: the shift moves rows and turns nothing.
TEST(AttentionPieces, ShiftWithoutRotationOnlyMovesRows) {
  TESSERA_REQUIRE_GPU();
  const int n_kv = 2, hd = 32, capacity = 40;
  const int64_t stride = n_kv * hd + 8;
  const auto f = tessera::test::random_floats(static_cast<size_t>(capacity * stride), 5);
  std::vector<uint16_t> k(f.size()), v(f.size());
  for (size_t i = 0; i < f.size(); ++i) {
    k[i] = fp32_to_fp16(f[i]);
    v[i] = fp32_to_fp16(-f[i]);
  }
  auto dk = test::to_device(k);
  auto dv = test::to_device(v);
  RopeConfig rc;
  rc.n_dims = 0;
  const KvCacheView cache{dk.as<uint16_t>(), dv.as<uint16_t>(), stride, capacity};
  TESSERA_ASSERT_OK(kv_cache_shift(cache, n_kv, hd, 10, 25, 6, rc, nullptr));
  const auto gk = test::from_device<uint16_t>(dk, k.size());
  const auto gv = test::from_device<uint16_t>(dv, v.size());
  for (int p = 10; p < 35; ++p)
    for (int i = 0; i < n_kv * hd; ++i) {
      EXPECT_EQ(gk[static_cast<size_t>((p - 6) * stride + i)], k[static_cast<size_t>(p * stride + i)]);
      EXPECT_EQ(gv[static_cast<size_t>((p - 6) * stride + i)], v[static_cast<size_t>(p * stride + i)]);
    }
}

}  // namespace
}  // namespace tessera::cuda
