// RMSNorm, RoPE, SwiGLU, add, KV cache write, argmax against f64 / exact references.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <vector>

#include "cuda_test_util.h"
#include "kernels/argmax.h"
#include "kernels/elementwise.h"
#include "kernels/kv_cache.h"
#include "kernels/norm.h"
#include "kernels/rope.h"
#include "quant/fp16.h"
#include "support/test_support.h"

namespace tessera::cuda {
namespace {

TEST(Ops, RmsNorm) {
  TESSERA_REQUIRE_GPU();
  // Strides of n + 4 take the register-resident kernel (16-byte aligned rows, n % 4 == 0, n <= 16384),
  // n + 3 and odd n the general one.
  for (const auto& [rows, n, pad] : std::vector<std::tuple<int64_t, int64_t, int64_t>>{{1, 4096, 3},
                                                                                       {1, 4096, 4},
                                                                                       {7, 5120, 3},
                                                                                       {7, 5120, 4},
                                                                                       {3, 33, 3},
                                                                                       {2, 64, 4},
                                                                                       {2, 16384, 4},
                                                                                       {1, 20000, 4}}) {
    SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(n) + " pad " + std::to_string(pad));
    const int64_t xs = n + pad, os = n + (pad == 4 ? 4 : 1);
    const auto x = tessera::test::random_floats(static_cast<size_t>(rows * xs), 1 + static_cast<uint32_t>(n), 2.0f);
    const auto w = tessera::test::random_floats(static_cast<size_t>(n), 2 + static_cast<uint32_t>(n));
    auto dx = test::to_device(x);
    auto dw = test::to_device(w);
    auto dout = test::poisoned_floats(static_cast<size_t>(rows * os));
    const float eps = 1e-5f;
    TESSERA_ASSERT_OK(rms_norm(dx.as<float>(), xs, dw.as<float>(), dout.as<float>(), os, rows, n, eps, nullptr));
    const auto out = test::from_device<float>(dout, static_cast<size_t>(rows * os));
    std::vector<float> got;
    std::vector<double> want;
    for (int64_t r = 0; r < rows; ++r) {
      double ss = 0;
      for (int64_t i = 0; i < n; ++i) ss += static_cast<double>(x[r * xs + i]) * x[r * xs + i];
      const double scale = 1.0 / std::sqrt(ss / n + eps);
      for (int64_t i = 0; i < n; ++i) {
        got.push_back(out[r * os + i]);
        want.push_back(x[r * xs + i] * scale * w[i]);
      }
    }
    EXPECT_LT(test::max_rel_error(got, want), 1e-5);
    // in place, no weight
    TESSERA_ASSERT_OK(rms_norm(dx.as<float>(), xs, nullptr, dx.as<float>(), xs, rows, n, eps, nullptr));
    const auto inplace = test::from_device<float>(dx, static_cast<size_t>(rows * xs));
    for (int64_t i = 0; i < n; ++i) {
      double ss = 0;
      for (int64_t k = 0; k < n; ++k) ss += static_cast<double>(x[k]) * x[k];
      EXPECT_NEAR(inplace[i], x[i] / std::sqrt(ss / n + eps), 1e-5) << i;
    }
  }
}

// f64 reference of the rotation (the contract in rope.h and core/backend/cpu_kernels.h).
void rope_ref(std::vector<float>& x, int64_t stride, int n_tokens, int n_heads, int head_dim,
              const std::vector<int32_t>& pos, const RopeConfig& cfg, const std::vector<float>& factors) {
  const int half = cfg.n_dims / 2;
  for (int t = 0; t < n_tokens; ++t) {
    for (int h = 0; h < n_heads; ++h) {
      float* head = x.data() + t * stride + h * head_dim;
      for (int i = 0; i < half; ++i) {
        double theta =
            static_cast<double>(cfg.freq_scale) * std::pow(static_cast<double>(cfg.freq_base), -2.0 * i / cfg.n_dims);
        if (!factors.empty()) theta /= factors[i];
        const double angle = pos[t] * theta;
        const float c = static_cast<float>(std::cos(angle)), s = static_cast<float>(std::sin(angle));
        const int ia = cfg.style == RopeStyle::NeoX ? i : 2 * i;
        const int ib = cfg.style == RopeStyle::NeoX ? i + half : 2 * i + 1;
        const float a = head[ia], b = head[ib];
        head[ia] = a * c - b * s;
        head[ib] = a * s + b * c;
      }
    }
  }
}

TEST(Ops, RopeBothStylesWithFrequencyFactors) {
  TESSERA_REQUIRE_GPU();
  struct Case {
    RopeStyle style;
    int n_tokens, n_heads, head_dim, n_dims;
    float base, scale;
    bool factors;
  };
  for (const Case& c : std::vector<Case>{{RopeStyle::Normal, 5, 4, 64, 64, 10000.0f, 1.0f, false},
                                         {RopeStyle::NeoX, 3, 7, 128, 128, 1000000.0f, 1.0f, false},
                                         {RopeStyle::Normal, 4, 8, 128, 128, 500000.0f, 1.0f, true},
                                         {RopeStyle::NeoX, 2, 3, 80, 32, 10000.0f, 0.25f, true},
                                         {RopeStyle::Normal, 1, 2, 8, 8, 10000.0f, 1.0f, false}}) {
    SCOPED_TRACE("style " + std::to_string(static_cast<int>(c.style)) + " head_dim " + std::to_string(c.head_dim) +
                 " n_dims " + std::to_string(c.n_dims));
    const int64_t stride = static_cast<int64_t>(c.n_heads) * c.head_dim + 6;
    auto x = tessera::test::random_floats(static_cast<size_t>(c.n_tokens * stride), 5 + c.head_dim);
    std::vector<int32_t> pos;
    for (int t = 0; t < c.n_tokens; ++t) pos.push_back(t == 0 ? 0 : 1000 * t + 37 * t * t);
    std::vector<float> factors;
    if (c.factors)
      for (int i = 0; i < c.n_dims / 2; ++i) factors.push_back(1.0f + static_cast<float>(i % 7));
    auto dx = test::to_device(x);
    auto dp = test::to_device(pos);
    DeviceBuffer df;
    if (c.factors) df = test::to_device(factors);
    RopeConfig cfg{c.style, c.n_dims, c.base, c.scale, c.factors ? df.as<float>() : nullptr};
    TESSERA_ASSERT_OK(rope(dx.as<float>(), stride, c.n_tokens, c.n_heads, c.head_dim, dp.as<int32_t>(), cfg, nullptr));
    const auto got = test::from_device<float>(dx, x.size());
    auto want = x;
    rope_ref(want, stride, c.n_tokens, c.n_heads, c.head_dim, pos, cfg, factors);
    EXPECT_LT(test::max_rel_error(got, want), 2e-6);
  }
}

TEST(Ops, SwigluAndAdd) {
  TESSERA_REQUIRE_GPU();
  const size_t n = 14336 * 3 + 5;
  auto g = tessera::test::random_floats(n, 1, 4.0f);
  g[0] = -100.0f;  // silu saturates to -0 without NaN
  g[1] = 100.0f;
  const auto u = tessera::test::random_floats(n, 2);
  auto dg = test::to_device(g);
  auto du = test::to_device(u);
  auto dout = test::poisoned_floats(n);
  TESSERA_ASSERT_OK(swiglu(dg.as<float>(), du.as<float>(), dout.as<float>(), static_cast<int64_t>(n), nullptr));
  auto got = test::from_device<float>(dout, n);
  std::vector<double> want(n);
  for (size_t i = 0; i < n; ++i) want[i] = g[i] / (1.0 + std::exp(-static_cast<double>(g[i]))) * u[i];
  EXPECT_LT(test::max_rel_error(got, want), 1e-6);
  TESSERA_ASSERT_OK(add(dg.as<float>(), du.as<float>(), dg.as<float>(), static_cast<int64_t>(n), nullptr));
  got = test::from_device<float>(dg, n);
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], g[i] + u[i]) << i;
}

// gpt-oss's clamped SwiGLU, inside and far outside the limit of 7, against f64 and bit for bit
// against the CPU reference's swiglu_oai.
TEST(Ops, GluSwigluOaiClampsLikeTheCpu) {
  TESSERA_REQUIRE_GPU();
  const size_t n = 2880 * 4 + 3;
  const auto g = tessera::test::random_floats(n, 3, 8.0f);
  const auto u = tessera::test::random_floats(n, 4, 8.0f);
  auto dg = test::to_device(g);
  auto du = test::to_device(u);
  auto dout = test::poisoned_floats(n);
  TESSERA_ASSERT_OK(
      glu(FfnActivation::SwiGluOai, dg.as<float>(), du.as<float>(), dout.as<float>(), static_cast<int64_t>(n), nullptr));
  const auto got = test::from_device<float>(dout, n);
  std::vector<double> want(n);
  int clamped = 0;
  for (size_t i = 0; i < n; ++i) {
    const double x = std::min(static_cast<double>(g[i]), 7.0), y = std::clamp(static_cast<double>(u[i]), -7.0, 7.0);
    want[i] = x / (1.0 + std::exp(-1.702 * x)) * (y + 1.0);
    clamped += std::fabs(g[i]) > 7.0f || std::fabs(u[i]) > 7.0f;
  }
  EXPECT_GT(clamped, 100);
  EXPECT_LT(test::max_rel_error(got, want), 1e-6);
}

TEST(Ops, KvCacheWriteAtDevicePositions) {
  TESSERA_REQUIRE_GPU();
  const int kv_dim = 256, capacity = 64, n_tokens = 3;
  const int64_t cstride = kv_dim + 8, ks = kv_dim + 2;
  const auto k = tessera::test::random_floats(static_cast<size_t>(n_tokens * ks), 3);
  const auto v = tessera::test::random_floats(static_cast<size_t>(n_tokens * ks), 4);
  const std::vector<int32_t> pos = {10, 11, 63};
  std::vector<uint16_t> init(static_cast<size_t>(capacity * cstride), 0x1234);
  auto dk = test::to_device(k), dv = test::to_device(v), dp = test::to_device(pos);
  auto kc = test::to_device(init), vc = test::to_device(init);
  KvCacheView view{kc.as<uint16_t>(), vc.as<uint16_t>(), cstride, capacity};
  TESSERA_ASSERT_OK(
      kv_cache_write(dk.as<float>(), ks, dv.as<float>(), ks, n_tokens, kv_dim, dp.as<int32_t>(), view, nullptr));
  const auto gk = test::from_device<uint16_t>(kc, init.size());
  const auto gv = test::from_device<uint16_t>(vc, init.size());
  for (int p = 0; p < capacity; ++p) {
    int t = -1;
    for (int i = 0; i < n_tokens; ++i)
      if (pos[i] == p) t = i;
    for (int i = 0; i < kv_dim; ++i) {
      if (t < 0) {
        ASSERT_EQ(gk[p * cstride + i], 0x1234) << "position " << p << " was written";
      } else {
        ASSERT_EQ(gk[p * cstride + i], fp32_to_fp16(k[t * ks + i])) << p << "," << i;
        ASSERT_EQ(gv[p * cstride + i], fp32_to_fp16(v[t * ks + i])) << p << "," << i;
      }
    }
  }
}

TEST(Ops, ArgmaxTiesNaNsAndSizes) {
  TESSERA_REQUIRE_GPU();
  auto device_argmax = [](const std::vector<float>& x) {
    const auto n = static_cast<int64_t>(x.size());
    auto dx = test::to_device(x);
    auto ws = DeviceBuffer::allocate(0, argmax_workspace_bytes(n), "argmax ws");
    EXPECT_TRUE(ws.ok());
    auto out = test::to_device(std::vector<int32_t>{-7});
    const Status st = argmax(dx.as<float>(), n, out.as<int32_t>(), ws->data(), ws->bytes(), nullptr);
    EXPECT_TRUE(st.ok()) << st.error().describe();
    return test::from_device<int32_t>(out, 1)[0];
  };
  for (int64_t n : {int64_t{1}, int64_t{1000}, int64_t{32000}, int64_t{151936}, int64_t{300001}}) {
    SCOPED_TRACE(n);
    auto x = tessera::test::random_floats(static_cast<size_t>(n), static_cast<uint32_t>(n));
    const int64_t a = n / 3, b = (2 * n) / 3;
    x[b] = 50.0f;
    x[a] = 50.0f;  // a tie: the lower index wins
    EXPECT_EQ(device_argmax(x), n == 1 ? 0 : a);
    // One NaN anywhere (first, last, in another block than the maximum) or all NaN: -1, which
    // CudaModel::argmax reports as nan_logits_error().
    for (int64_t at : {int64_t{0}, n - 1, n / 2}) {
      auto y = x;
      y[static_cast<size_t>(at)] = std::numeric_limits<float>::quiet_NaN();
      EXPECT_EQ(device_argmax(y), -1) << "NaN at " << at;
    }
    EXPECT_EQ(device_argmax(std::vector<float>(static_cast<size_t>(n), std::numeric_limits<float>::quiet_NaN())), -1);
  }
  // all -inf: index 0
  EXPECT_EQ(device_argmax(std::vector<float>(777, -std::numeric_limits<float>::infinity())), 0);
}

}  // namespace
}  // namespace tessera::cuda
