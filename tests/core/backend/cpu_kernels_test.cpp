// The CPU backend's building blocks and thread pool, against plain double-precision loops.
#include "backend/cpu_kernels.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <numeric>

#include "backend/thread_pool.h"
#include "quant/fp16.h"
#include "support/test_support.h"

namespace tessera::cpu {
namespace {

TEST(CpuKernels, DotMatchesDoubleForEveryLength) {
  for (int64_t n : {0, 1, 7, 8, 9, 31, 32, 33, 64, 100, 172, 1024, 4099}) {
    const auto a = test::random_floats(static_cast<size_t>(n), 1, 1.0f);
    const auto b = test::random_floats(static_cast<size_t>(n), 2, 1.0f);
    double ref = 0, mag = 0;
    for (int64_t i = 0; i < n; ++i) {
      ref += static_cast<double>(a[static_cast<size_t>(i)]) * b[static_cast<size_t>(i)];
      mag += std::fabs(static_cast<double>(a[static_cast<size_t>(i)]) * b[static_cast<size_t>(i)]);
    }
    EXPECT_NEAR(dot_f32(a.data(), b.data(), n), ref, 1e-6 * std::max(1.0, mag)) << n;
  }
}

TEST(CpuKernels, Fp16RowConversionsMatchTheScalarOnes) {
  // Every fp16 bit pattern widens exactly (NaNs stay NaN).
  std::vector<uint16_t> all(65536);
  std::iota(all.begin(), all.end(), 0);
  std::vector<float> wide(all.size());
  fp16_to_fp32_row(all.data(), wide.data(), static_cast<int64_t>(all.size()));
  for (size_t i = 0; i < all.size(); ++i) {
    const float want = fp16_to_fp32(all[i]);
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(wide[i])) << i;
    } else {
      EXPECT_EQ(std::memcmp(&want, &wide[i], 4), 0) << i;
    }
  }
  // Narrowing rounds to nearest even like fp32_to_fp16, subnormals and overflow included.
  auto values = test::random_floats(4099, 3, 100.0f);
  for (float f : {0.0f, -0.0f, 65504.0f, 65519.0f, 65520.0f, 1e6f, -1e6f, 6e-8f, 3e-8f, 1e-5f, INFINITY, -INFINITY})
    values.push_back(f);
  for (size_t i = 0; i < 300; ++i) values.push_back(values[i] * 1e-6f);
  std::vector<uint16_t> narrow(values.size());
  fp32_to_fp16_row(values.data(), narrow.data(), static_cast<int64_t>(values.size()));
  for (size_t i = 0; i < values.size(); ++i) EXPECT_EQ(narrow[i], fp32_to_fp16(values[i])) << values[i];
}

TEST(CpuKernels, RmsNorm) {
  const auto x = test::random_floats(64, 4, 3.0f);
  const auto w = test::random_floats(64, 5, 1.0f);
  std::vector<float> out(64);
  rms_norm(x.data(), w.data(), out.data(), 64, 1e-5f);
  double ss = 0;
  for (float v : x) ss += static_cast<double>(v) * v;
  const double s = 1.0 / std::sqrt(ss / 64 + 1e-5);
  for (size_t i = 0; i < 64; ++i) EXPECT_NEAR(out[i], x[i] * s * w[i], 1e-5 * std::fabs(x[i] * s * w[i]) + 1e-7);
}

TEST(CpuKernels, SoftmaxIsStableAndNormalised) {
  std::vector<float> x = {1000.0f, 999.0f, -1000.0f, 998.0f};
  softmax(x.data(), 4);
  EXPECT_NEAR(x[0] + x[1] + x[2] + x[3], 1.0, 1e-6);
  EXPECT_NEAR(x[1] / x[0], std::exp(-1.0), 1e-6);
  EXPECT_EQ(x[2], 0.0f);
}

TEST(CpuKernels, SwigluAndAdd) {
  std::vector<float> g = {0.0f, 1.0f, -2.0f}, u = {5.0f, 2.0f, 3.0f};
  swiglu(g.data(), u.data(), 3);
  EXPECT_FLOAT_EQ(g[0], 0.0f);
  EXPECT_NEAR(g[1], 1.0 / (1.0 + std::exp(-1.0)) * 2.0, 1e-6);
  EXPECT_NEAR(g[2], -2.0 / (1.0 + std::exp(2.0)) * 3.0, 1e-6);
  add_inplace(g.data(), u.data(), 3);
  EXPECT_NEAR(g[0], 5.0f, 1e-6);
}

// Attention sinks: the sink takes its share of the denominator, so the probabilities sum to
// 1 - p_sink; a very negative sink changes nothing, a very large one takes almost everything.
TEST(CpuKernels, SoftmaxWithSinkMatchesTheDirectFormula) {
  for (float sink : {-3.0f, 0.0f, 0.7f, 5.0f, 40.0f, -1000.0f}) {
    SCOPED_TRACE(sink);
    auto x = test::random_floats(37, 11, 4.0f);
    x[5] = 30.0f;  // a large logit, so the stable form is exercised
    const std::vector<float> in = x;
    softmax_with_sink(x.data(), static_cast<int64_t>(x.size()), sink);
    double den = std::exp(static_cast<double>(sink) - 30.0);
    for (float v : in) den += std::exp(static_cast<double>(v) - 30.0);
    double total = 0;
    for (size_t i = 0; i < in.size(); ++i) {
      const double want = std::exp(static_cast<double>(in[i]) - 30.0) / den;
      EXPECT_NEAR(x[i], want, 1e-6 * want + 1e-12) << i;
      total += x[i];
    }
    EXPECT_NEAR(total, 1.0 - std::exp(static_cast<double>(sink) - 30.0) / den, 1e-5);
  }
}

// gpt-oss's clamped SwiGLU on values inside and well outside the limit of 7.
TEST(CpuKernels, SwigluOaiClampsGateAndUp) {
  auto g = test::random_floats(200, 12, 6.0f);
  auto u = test::random_floats(200, 13, 6.0f);
  for (float v : {7.0f, 7.5f, -7.5f, 20.0f, -20.0f, 0.0f}) {
    g.push_back(v);
    u.push_back(-v);
  }
  std::vector<float> out = g;
  swiglu_oai(out.data(), u.data(), static_cast<int64_t>(g.size()));
  int clamped = 0;
  for (size_t i = 0; i < g.size(); ++i) {
    const double gate = std::min(static_cast<double>(g[i]), 7.0);
    const double up = std::max(-7.0, std::min(static_cast<double>(u[i]), 7.0));
    const double want = gate / (1.0 + std::exp(-1.702 * gate)) * (up + 1.0);
    EXPECT_NEAR(out[i], want, 1e-5 * std::fabs(want) + 1e-6) << g[i] << ", " << u[i];
    clamped += std::fabs(g[i]) > 7.0f || std::fabs(u[i]) > 7.0f;
  }
  EXPECT_GT(clamped, 10);
  std::vector<float> via_glu = g;
  glu(FfnActivation::SwiGluOai, via_glu.data(), u.data(), static_cast<int64_t>(g.size()));
  EXPECT_EQ(via_glu, out);
}

TEST(CpuKernels, RopeFrequencies) {
  RopeParams p;
  p.n_dims = 8;
  p.freq_base = 10000.0f;
  p.freq_scale = 0.5f;
  auto f = rope_frequencies(p);
  ASSERT_EQ(f.size(), 4u);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(f[static_cast<size_t>(i)], 0.5 * std::pow(10000.0, -2.0 * i / 8), 1e-15);
  p.freq_factors = {1.0f, 2.0f, 4.0f, 8.0f};
  f = rope_frequencies(p);
  EXPECT_NEAR(f[3], 0.5 * std::pow(10000.0, -6.0 / 8) / 8.0, 1e-15);
}

TEST(CpuKernels, RopeRotatesTheRightPairs) {
  RopeParams p;
  p.n_dims = 4;  // of a head of 6: the last two values are not rotated
  const auto freqs = rope_frequencies(p);
  float c[2], s[2];
  rope_cos_sin(freqs.data(), 4, 3, c, s);
  EXPECT_NEAR(c[0], std::cos(3.0), 1e-7);
  EXPECT_NEAR(s[1], std::sin(3.0 * 0.01), 1e-7);

  const float x0[6] = {1, 2, 3, 4, 5, 6};
  float normal[6], neox[6];
  std::memcpy(normal, x0, sizeof x0);
  std::memcpy(neox, x0, sizeof x0);
  rope_head(normal, RopeMode::Normal, 4, c, s);
  rope_head(neox, RopeMode::NeoX, 4, c, s);
  // Normal: (x0, x1) by angle 0, (x2, x3) by angle 1.
  EXPECT_NEAR(normal[0], 1 * c[0] - 2 * s[0], 1e-6);
  EXPECT_NEAR(normal[1], 1 * s[0] + 2 * c[0], 1e-6);
  EXPECT_NEAR(normal[2], 3 * c[1] - 4 * s[1], 1e-6);
  // NeoX: (x0, x2) by angle 0, (x1, x3) by angle 1.
  EXPECT_NEAR(neox[0], 1 * c[0] - 3 * s[0], 1e-6);
  EXPECT_NEAR(neox[2], 1 * s[0] + 3 * c[0], 1e-6);
  EXPECT_NEAR(neox[1], 2 * c[1] - 4 * s[1], 1e-6);
  for (float* v : {normal, neox}) {
    EXPECT_EQ(v[4], 5.0f);
    EXPECT_EQ(v[5], 6.0f);
  }
  // Position 0 is the identity.
  rope_cos_sin(freqs.data(), 4, 0, c, s);
  float id[6];
  std::memcpy(id, x0, sizeof x0);
  rope_head(id, RopeMode::Normal, 4, c, s);
  EXPECT_EQ(std::memcmp(id, x0, sizeof x0), 0);
}

TEST(ThreadPool, EveryIndexExactlyOnce) {
  for (int threads : {1, 2, 5}) {
    auto made = ThreadPool::create(threads);
    ASSERT_TRUE(made.ok()) << made.error().describe();
    ThreadPool& pool = **made;
    EXPECT_EQ(pool.size(), threads);
    for (int64_t n : {0, 1, 3, 17, 1000, 10007}) {
      for (int64_t grain : {1, 4, 64, 100000}) {
        std::vector<std::atomic<int>> seen(static_cast<size_t>(n));
        std::atomic<bool> bad_thread{false};
        pool.parallel_for(n, grain, [&](int64_t b, int64_t e, int th) {
          if (th < 0 || th >= threads) bad_thread = true;
          for (int64_t i = b; i < e; ++i) seen[static_cast<size_t>(i)]++;
        });
        for (int64_t i = 0; i < n; ++i) ASSERT_EQ(seen[static_cast<size_t>(i)].load(), 1) << n << " " << grain;
        EXPECT_FALSE(bad_thread);
      }
    }
  }
}

TEST(ThreadPool, ManyJobsInARow) {
  auto made = ThreadPool::create(3);
  ASSERT_TRUE(made.ok()) << made.error().describe();
  ThreadPool& pool = **made;
  int64_t total = 0;
  for (int job = 0; job < 2000; ++job) {
    std::atomic<int64_t> sum{0};
    pool.parallel_for(100, 1, [&](int64_t b, int64_t e, int) {
      for (int64_t i = b; i < e; ++i) sum += i;
    });
    total += sum;
  }
  EXPECT_EQ(total, 2000 * 4950);
}

}  // namespace
}  // namespace tessera::cpu
