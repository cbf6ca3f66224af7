// The Gated DeltaNet pieces of the CPU backend (cpu_delta_net.h) against plain float64 loops written
// from the definitions (transformers' causal_conv1d and torch_recurrent_gated_delta_rule), and the
// chunked delta rule against the token-by-token one over chunk boundaries and initial states.
#include "backend/cpu_delta_net.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "support/test_support.h"

namespace tessera::cpu {
namespace {

using test::random_floats;

double max_abs(const std::vector<float>& v) {
  double m = 0;
  for (float x : v) m = std::max(m, static_cast<double>(std::fabs(x)));
  return m;
}

TEST(CpuDeltaNet, SoftplusAndSigmoid) {
  for (float x : {-30.0f, -3.0f, -0.5f, 0.0f, 0.7f, 5.0f, 19.0f, 25.0f, 80.0f}) {
    EXPECT_NEAR(softplus(x), std::log1p(std::exp(static_cast<double>(x))), 1e-5 * std::max(1.0f, std::fabs(x))) << x;
    EXPECT_NEAR(sigmoid(x), 1.0 / (1.0 + std::exp(-static_cast<double>(x))), 1e-7) << x;
  }
  EXPECT_TRUE(std::isfinite(softplus(1000.0f)));
}

// A convolution fed in three steps (3, 1 and 6 tokens) equals one pass over all 10 inputs with a
// zero history, and leaves the last width - 1 inputs as its state.
TEST(CpuDeltaNet, CausalConvolutionContinuesAcrossSteps) {
  const int64_t C = 7, T = 10;
  const int32_t W = 4;
  const auto input = random_floats(static_cast<size_t>(T * C), 1, 1.0f);
  const auto w = random_floats(static_cast<size_t>(C * W), 2, 0.5f);
  for (bool silu : {false, true}) {
    std::vector<float> x = input;
    std::vector<float> state(static_cast<size_t>((W - 1) * C), 0.0f);
    int64_t t0 = 0;
    for (int64_t n : {3, 1, 6}) {
      causal_conv1d(&x[static_cast<size_t>(t0 * C)], n, C, C, w.data(), W, state.data(), C, silu);
      t0 += n;
    }
    for (int64_t t = 0; t < T; ++t)
      for (int64_t c = 0; c < C; ++c) {
        double acc = 0;
        for (int32_t j = 0; j < W; ++j) {
          const int64_t src = t - (W - 1) + j;
          if (src >= 0)
            acc += static_cast<double>(w[static_cast<size_t>(c * W + j)]) * input[static_cast<size_t>(src * C + c)];
        }
        const double want = silu ? acc / (1.0 + std::exp(-acc)) : acc;
        EXPECT_NEAR(x[static_cast<size_t>(t * C + c)], want, 1e-5) << "token " << t << " channel " << c;
      }
    for (int32_t j = 0; j < W - 1; ++j)
      for (int64_t c = 0; c < C; ++c)
        EXPECT_EQ(state[static_cast<size_t>(j * C + c)], input[static_cast<size_t>((T - (W - 1) + j) * C + c)]);
  }
}

TEST(CpuDeltaNet, ConvolutionOfAChannelRangeUsesTheStateStride) {
  // Channels 2..5 of 8, as the backend's threads call it: the rest stays untouched.
  const int64_t C = 8;
  const int32_t W = 3;
  auto x = random_floats(static_cast<size_t>(2 * C), 3, 1.0f);
  const auto before = x;
  const auto w = random_floats(static_cast<size_t>(C * W), 4, 0.5f);
  std::vector<float> state = random_floats(static_cast<size_t>((W - 1) * C), 5, 1.0f);
  const auto state_before = state;
  causal_conv1d(x.data() + 2, 2, C, 4, w.data() + 2 * W, W, state.data() + 2, C, false);
  for (int64_t c : {0, 1, 6, 7}) {
    EXPECT_EQ(x[static_cast<size_t>(c)], before[static_cast<size_t>(c)]);
    EXPECT_EQ(state[static_cast<size_t>(c)], state_before[static_cast<size_t>(c)]);
  }
  // Channel 3, token 1: inputs (state row 1, token 0, token 1).
  const double want = w[3 * W + 0] * state_before[1 * C + 3] + w[3 * W + 1] * before[3] + w[3 * W + 2] * before[C + 3];
  EXPECT_NEAR(x[static_cast<size_t>(C + 3)], want, 1e-5);
}

TEST(CpuDeltaNet, L2NormalizeAndGatedRmsNorm) {
  auto x = random_floats(48, 6, 2.0f);
  const auto x0 = x;
  l2_normalize(x.data(), 48, 1e-6f);
  double ss = 0;
  for (float v : x0) ss += static_cast<double>(v) * v;
  for (size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(x[i], x0[i] / std::sqrt(ss + 1e-6), 1e-6);

  auto y = random_floats(32, 7, 3.0f);
  const auto y0 = y;
  const auto w = random_floats(32, 8, 1.0f);
  const auto z = random_floats(32, 9, 2.0f);
  gated_rms_norm(y.data(), w.data(), z.data(), 32, 1e-6f);
  double ms = 0;
  for (float v : y0) ms += static_cast<double>(v) * v / 32.0;
  for (size_t i = 0; i < y.size(); ++i) {
    const double zi = z[i];
    EXPECT_NEAR(y[i], y0[i] / std::sqrt(ms + 1e-6) * w[i] * zi / (1.0 + std::exp(-zi)), 1e-5);
  }
}

// Random inputs of one head as the layer makes them: L2-normalised q (scaled) and k, decay logs < 0,
// beta in (0, 1).
struct HeadInputs {
  int64_t n, dk, dv;
  std::vector<float> q, k, v, g, beta;
  DeltaRuleHead head(std::vector<float>& out) const {
    DeltaRuleHead h;
    h.q = q.data();
    h.k = k.data();
    h.v = v.data();
    h.q_stride = h.k_stride = dk;
    h.v_stride = dv;
    h.g = g.data();
    h.beta = beta.data();
    h.out = out.data();
    h.out_stride = dv;
    return h;
  }
};

HeadInputs head_inputs(int64_t n, int64_t dk, int64_t dv, uint32_t seed) {
  HeadInputs in{n,
                dk,
                dv,
                random_floats(static_cast<size_t>(n * dk), seed, 1.0f),
                random_floats(static_cast<size_t>(n * dk), seed + 1, 1.0f),
                random_floats(static_cast<size_t>(n * dv), seed + 2, 1.0f),
                random_floats(static_cast<size_t>(n), seed + 3, 1.0f),
                random_floats(static_cast<size_t>(n), seed + 4, 2.0f)};
  for (int64_t t = 0; t < n; ++t) {
    l2_normalize(&in.q[static_cast<size_t>(t * dk)], dk, 1e-6f);
    l2_normalize(&in.k[static_cast<size_t>(t * dk)], dk, 1e-6f);
    for (int64_t i = 0; i < dk; ++i) in.q[static_cast<size_t>(t * dk + i)] /= std::sqrt(static_cast<float>(dk));
    in.g[static_cast<size_t>(t)] = -0.5f * softplus(in.g[static_cast<size_t>(t)]);
    in.beta[static_cast<size_t>(t)] = sigmoid(in.beta[static_cast<size_t>(t)]);
  }
  return in;
}

TEST(CpuDeltaNet, RecurrentRuleMatchesFloat64) {
  const int64_t n = 20, dk = 16, dv = 8;
  const HeadInputs in = head_inputs(n, dk, dv, 10);
  std::vector<float> S = random_floats(static_cast<size_t>(dk * dv), 20, 0.3f);
  std::vector<double> Sd(S.begin(), S.end());
  std::vector<float> out(static_cast<size_t>(n * dv)), work(static_cast<size_t>(dv));
  delta_rule_recurrent(S.data(), dk, dv, n, in.head(out), work.data());
  for (int64_t t = 0; t < n; ++t) {
    const double decay = std::exp(static_cast<double>(in.g[static_cast<size_t>(t)]));
    for (double& s : Sd) s *= decay;
    const float* k = &in.k[static_cast<size_t>(t * dk)];
    const float* q = &in.q[static_cast<size_t>(t * dk)];
    for (int64_t j = 0; j < dv; ++j) {
      double kv = 0;
      for (int64_t i = 0; i < dk; ++i) kv += Sd[static_cast<size_t>(i * dv + j)] * k[i];
      const double delta = in.beta[static_cast<size_t>(t)] * (in.v[static_cast<size_t>(t * dv + j)] - kv);
      for (int64_t i = 0; i < dk; ++i) Sd[static_cast<size_t>(i * dv + j)] += k[i] * delta;
    }
    for (int64_t j = 0; j < dv; ++j) {
      double o = 0;
      for (int64_t i = 0; i < dk; ++i) o += Sd[static_cast<size_t>(i * dv + j)] * q[i];
      EXPECT_NEAR(out[static_cast<size_t>(t * dv + j)], o, 2e-5) << "token " << t;
    }
  }
  for (size_t i = 0; i < S.size(); ++i) EXPECT_NEAR(S[i], Sd[i], 2e-5);
}

// The chunked form is the same function: outputs and final state for prompts shorter than, equal
// to and spanning several chunks, from a zero and a non-zero state.
TEST(CpuDeltaNet, ChunkedRuleEqualsRecurrentRule) {
  const int64_t dk = 32, dv = 16;
  for (int64_t chunk : {4, 16, 64}) {
    std::vector<float> work(static_cast<size_t>(delta_rule_chunk_work_floats(chunk, dk, dv)));
    std::vector<float> step(static_cast<size_t>(dv));
    for (int64_t n : {1, 5, 16, 64, 100, 131}) {
      for (bool zero_state : {true, false}) {
        const HeadInputs in = head_inputs(n, dk, dv, static_cast<uint32_t>(100 + n));
        std::vector<float> S0 = zero_state ? std::vector<float>(static_cast<size_t>(dk * dv), 0.0f)
                                           : random_floats(static_cast<size_t>(dk * dv), 30, 0.5f);
        std::vector<float> S_rec = S0, S_chunk = S0;
        std::vector<float> out_rec(static_cast<size_t>(n * dv)), out_chunk(out_rec.size());
        delta_rule_recurrent(S_rec.data(), dk, dv, n, in.head(out_rec), step.data());
        delta_rule_chunked(S_chunk.data(), dk, dv, n, in.head(out_chunk), chunk, work.data());
        const double out_scale = std::max(1e-3, max_abs(out_rec)), state_scale = std::max(1e-3, max_abs(S_rec));
        for (size_t i = 0; i < out_rec.size(); ++i)
          ASSERT_NEAR(out_chunk[i], out_rec[i], 1e-4 * out_scale) << "chunk " << chunk << " n " << n << " output " << i;
        for (size_t i = 0; i < S_rec.size(); ++i)
          ASSERT_NEAR(S_chunk[i], S_rec[i], 1e-4 * state_scale) << "chunk " << chunk << " n " << n << " state " << i;
      }
    }
  }
}

}  // namespace
}  // namespace tessera::cpu
