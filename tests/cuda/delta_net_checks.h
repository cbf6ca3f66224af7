// The checks of the Gated DeltaNet kernels (cuda/kernels/delta_*.h, gated_norm.h) against the CPU
// reference (core/backend/cpu_delta_net.h, itself checked against f64 loops in
// cpu_delta_net_test.cpp), on random data across head shapes, token counts and step sequences that
// continue one state. Written once for two ways of running the kernels: on the GPU
// (delta_net_test.cpp) and under the host emulation of the CUDA execution model
// (tests/cuda_emulated), which needs no GPU and so runs wherever the tests run.
//
// `Memory` puts vectors where the kernels read them:
//   Memory::Floats             a buffer; float* get() const
//   Memory::up(vector)         a copy of a host vector
//   Memory::down(buffer, n)    its first n floats, back on the host (after the kernels are done)
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "backend/cpu_delta_net.h"
#include "kernels/delta_net_conv.h"
#include "kernels/delta_net_gates.h"
#include "kernels/delta_rule.h"
#include "kernels/gated_norm.h"
#include "support/test_support.h"

namespace tessera::cuda::delta_checks {

#define TESSERA_DELTA_ASSERT_OK(expr)                                \
  do {                                                               \
    const Status tessera_st_ = (expr);                               \
    ASSERT_TRUE(tessera_st_.ok()) << tessera_st_.error().describe(); \
  } while (0)

// max_i |a_i - b_i| / max_i |b_i|; infinite for a NaN in a (an output never written).
inline double max_rel_error(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return INFINITY;
  double scale = 1e-30, diff = 0.0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::isnan(a[i])) return INFINITY;
    scale = std::max(scale, std::fabs(static_cast<double>(b[i])));
    diff = std::max(diff, std::fabs(static_cast<double>(a[i]) - b[i]));
  }
  return diff / scale;
}

inline std::vector<float> nans(size_t n) {
  return std::vector<float>(n, std::numeric_limits<float>::quiet_NaN());
}

// Columns [0, width) of n rows `stride` apart.
inline std::vector<float> rows_of(const std::vector<float>& v, int64_t n, int64_t stride, int64_t width) {
  std::vector<float> out;
  for (int64_t t = 0; t < n; ++t)
    out.insert(out.end(), v.begin() + t * stride, v.begin() + t * stride + width);
  return out;
}

inline std::string name_of(const DeltaNetHeads& h) {
  return "Hk " + std::to_string(h.n_k_heads) + " Hv " + std::to_string(h.n_v_heads) + " dk " + std::to_string(h.dk) +
         " dv " + std::to_string(h.dv) + (h.v_heads_tiled ? " tiled" : " grouped");
}

// The convolved rows of n_tok tokens as the layer computes them (q and k heads L2-normalised, q
// scaled by 1/sqrt(dk)), rows `stride` floats apart; gates g < 0 and beta in (0, 1), [t][Hv].
struct Inputs {
  int64_t stride = 0;
  std::vector<float> qkv, g, beta;
};

inline Inputs make_inputs(const DeltaNetHeads& h, int n_tok, uint32_t seed) {
  Inputs in;
  in.stride = h.channels() + 4;
  in.qkv = tessera::test::random_floats(static_cast<size_t>(n_tok * in.stride), seed);
  const int64_t kq = h.key_dim();
  for (int t = 0; t < n_tok; ++t)
    for (int64_t c = 0; c < 2 * kq; c += h.dk) {
      float* head = &in.qkv[static_cast<size_t>(t * in.stride + c)];
      cpu::l2_normalize(head, h.dk, 1e-6f);
      if (c < kq)
        for (int i = 0; i < h.dk; ++i) head[i] /= std::sqrt(static_cast<float>(h.dk));
    }
  const auto a = tessera::test::random_floats(static_cast<size_t>(n_tok * h.n_v_heads), seed + 1);
  const auto b = tessera::test::random_floats(static_cast<size_t>(n_tok * h.n_v_heads), seed + 2, 2.0f);
  for (size_t i = 0; i < a.size(); ++i) {
    in.g.push_back(-0.6f * cpu::softplus(a[i]));
    in.beta.push_back(cpu::sigmoid(b[i]));
  }
  return in;
}

// The CPU reference of the delta rule over every head: `state` is updated, the outputs go to `out`
// ([t][Hv dv]).
inline void cpu_delta_rule(const DeltaNetHeads& hs, const Inputs& in, int n_tok, bool chunked,
                           std::vector<float>& state, std::vector<float>& out) {
  const int64_t kq = hs.key_dim(), vd = hs.value_dim();
  out.assign(static_cast<size_t>(n_tok * vd), 0.0f);
  std::vector<float> work(static_cast<size_t>(
      std::max<int64_t>(cpu::delta_rule_chunk_work_floats(cpu::kDeltaRuleChunk, hs.dk, hs.dv), hs.dv)));
  for (int e = 0; e < hs.n_v_heads; ++e) {
    cpu::DeltaRuleHead h;
    h.q = &in.qkv[static_cast<size_t>(delta_key_head(hs, e)) * hs.dk];
    h.k = h.q + kq;
    h.v = &in.qkv[static_cast<size_t>(2 * kq + static_cast<int64_t>(e) * hs.dv)];
    h.q_stride = h.k_stride = h.v_stride = in.stride;
    h.g = &in.g[static_cast<size_t>(e)];
    h.beta = &in.beta[static_cast<size_t>(e)];
    h.gb_stride = hs.n_v_heads;
    h.out = &out[static_cast<size_t>(e) * hs.dv];
    h.out_stride = vd;
    float* S = &state[static_cast<size_t>(e) * hs.dk * hs.dv];
    if (chunked) {
      cpu::delta_rule_chunked(S, hs.dk, hs.dv, n_tok, h, cpu::kDeltaRuleChunk, work.data());
    } else {
      cpu::delta_rule_recurrent(S, hs.dk, hs.dv, n_tok, h, work.data());
    }
  }
}

using PromptKernel = Status (*)(const DeltaRuleArgs&, cudaStream_t);

// The shapes delta_rule_chunked takes (dk, dv >= 32); the others go to delta_rule_sequential.
inline std::vector<DeltaNetHeads> chunked_shapes(const std::vector<DeltaNetHeads>& shapes) {
  std::vector<DeltaNetHeads> out;
  for (const DeltaNetHeads& h : shapes)
    if (delta_rule_chunked_supports(h)) out.push_back(h);
  return out;
}

// delta_rule_chunked refuses head sizes its tiles do not take, touching nothing.
inline void check_chunked_refuses_small_heads() {
  DeltaRuleArgs a;
  a.heads = {2, 4, 16, 16, true};
  a.n_tok = 5;
  const Status st = delta_rule_chunked(a, nullptr);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::Unsupported) << st.error().describe();
}

// A prompt kernel over steps of `steps` tokens each, continuing one state, against the CPU.
template <class Memory>
void check_prompt_kernel(PromptKernel kernel, bool cpu_chunked, const std::vector<DeltaNetHeads>& shapes,
                         const std::vector<int>& steps, double tol) {
  uint32_t seed = 300;
  for (const DeltaNetHeads& hs : shapes) {
    SCOPED_TRACE(name_of(hs));
    std::vector<float> state = tessera::test::random_floats(static_cast<size_t>(hs.state_floats()), seed++, 0.3f);
    auto dstate = Memory::up(state);
    for (int n_tok : steps) {
      SCOPED_TRACE(std::to_string(n_tok) + " tokens");
      const Inputs in = make_inputs(hs, n_tok, seed += 3);
      std::vector<float> want;
      cpu_delta_rule(hs, in, n_tok, cpu_chunked, state, want);
      auto dqkv = Memory::up(in.qkv), dg = Memory::up(in.g), db = Memory::up(in.beta);
      const int64_t out_stride = hs.value_dim() + 8;
      auto dout = Memory::up(nans(static_cast<size_t>(n_tok * out_stride)));
      DeltaRuleArgs a;
      a.heads = hs;
      a.n_tok = n_tok;
      a.qkv = dqkv.get();
      a.qkv_stride = in.stride;
      a.g = dg.get();
      a.beta = db.get();
      a.gate_stride = hs.n_v_heads;
      a.state = dstate.get();
      a.out = dout.get();
      a.out_stride = out_stride;
      TESSERA_DELTA_ASSERT_OK(kernel(a, nullptr));
      const auto got = rows_of(Memory::down(dout, static_cast<size_t>(n_tok * out_stride)), n_tok, out_stride,
                               hs.value_dim());
      EXPECT_LT(max_rel_error(got, want), tol) << "outputs";
      EXPECT_LT(max_rel_error(Memory::down(dstate, state.size()), state), tol) << "state";
    }
  }
}

// The fused decode step (gates from logits, the rule, the gated norm) against the CPU block's
// sequence, for both logit layouts and steps of one and three tokens.
template <class Memory>
void check_decode(const std::vector<DeltaNetHeads>& shapes, double tol) {
  uint32_t seed = 700;
  for (const DeltaNetHeads& hs : shapes) {
    SCOPED_TRACE(name_of(hs));
    const int hv = hs.n_v_heads, dv = hs.dv;
    const int64_t vd = hs.value_dim();
    std::vector<float> state = tessera::test::random_floats(static_cast<size_t>(hs.state_floats()), seed++, 0.3f);
    auto dstate = Memory::up(state);
    std::vector<float> rate;
    for (float x : tessera::test::random_floats(static_cast<size_t>(hv), seed++)) rate.push_back(-std::exp(0.5f * x));
    const auto dt_bias = tessera::test::random_floats(static_cast<size_t>(hv), seed++);
    const auto norm_w = tessera::test::random_floats(static_cast<size_t>(dv), seed++);
    auto drate = Memory::up(rate), ddt = Memory::up(dt_bias), dnorm = Memory::up(norm_w);
    // Qwen3.5's separate beta | alpha rows (one group), Qwen3-Next's grouped rows.
    for (const int group : {hv, hv / hs.n_k_heads}) {
      for (const int n_tok : {1, 1, 3}) {
        SCOPED_TRACE("group " + std::to_string(group) + ", " + std::to_string(n_tok) + " tokens");
        Inputs in = make_inputs(hs, n_tok, seed += 5);
        const int64_t ba_stride = 2 * hv + 1, z_stride = vd + 3, out_stride = vd + 5;
        const auto ba = tessera::test::random_floats(static_cast<size_t>(n_tok * ba_stride), seed++, 1.5f);
        const auto z = tessera::test::random_floats(static_cast<size_t>(n_tok * z_stride), seed++);
        for (int t = 0; t < n_tok; ++t)
          for (int e = 0; e < hv; ++e) {
            const float* row = &ba[static_cast<size_t>(t * ba_stride + e / group * 2 * group)];
            in.beta[static_cast<size_t>(t * hv + e)] = cpu::sigmoid(row[e % group]);
            in.g[static_cast<size_t>(t * hv + e)] =
                rate[static_cast<size_t>(e)] * cpu::softplus(row[group + e % group] + dt_bias[static_cast<size_t>(e)]);
          }
        std::vector<float> want;
        cpu_delta_rule(hs, in, n_tok, false, state, want);
        for (int t = 0; t < n_tok; ++t)
          for (int e = 0; e < hv; ++e)
            cpu::gated_rms_norm(&want[static_cast<size_t>(t * vd + e * dv)], norm_w.data(),
                                &z[static_cast<size_t>(t * z_stride + e * dv)], dv, 1e-6f);
        auto dqkv = Memory::up(in.qkv), dba = Memory::up(ba), dz = Memory::up(z);
        auto dout = Memory::up(nans(static_cast<size_t>(n_tok * out_stride)));
        DeltaDecodeArgs a;
        a.heads = hs;
        a.n_tok = n_tok;
        a.qkv = dqkv.get();
        a.qkv_stride = in.stride;
        a.ba = dba.get();
        a.ba_stride = ba_stride;
        a.ba_group = group;
        a.rate = drate.get();
        a.dt_bias = ddt.get();
        a.state = dstate.get();
        a.z = dz.get();
        a.z_stride = z_stride;
        a.norm_w = dnorm.get();
        a.eps = 1e-6f;
        a.out = dout.get();
        a.out_stride = out_stride;
        TESSERA_DELTA_ASSERT_OK(delta_rule_decode(a, nullptr));
        const auto got = rows_of(Memory::down(dout, static_cast<size_t>(n_tok * out_stride)), n_tok, out_stride, vd);
        EXPECT_LT(max_rel_error(got, want), tol) << "outputs";
        EXPECT_LT(max_rel_error(Memory::down(dstate, state.size()), state), tol) << "state";
      }
    }
  }
}

struct ConvCase {
  DeltaNetHeads heads;
  int width;
};

// The convolution with SiLU, the q/k L2 norms and the q scale, over steps that continue the state
// (a prompt, decode steps, steps shorter than the history).
template <class Memory>
void check_conv(const std::vector<ConvCase>& cases, const std::vector<int>& steps) {
  uint32_t seed = 900;
  for (const ConvCase& c : cases) {
    const DeltaNetHeads& hs = c.heads;
    SCOPED_TRACE(name_of(hs) + " width " + std::to_string(c.width));
    const int64_t C = hs.channels(), kq = hs.key_dim(), hist = c.width - 1;
    const int64_t x_stride = C + 3, out_stride = C + 5;
    const auto w = tessera::test::random_floats(static_cast<size_t>(C * c.width), seed++, 0.5f);
    std::vector<float> state = tessera::test::random_floats(static_cast<size_t>(hist * C), seed++);
    auto dw = Memory::up(w), dstate = Memory::up(state);
    for (const int n_tok : steps) {
      SCOPED_TRACE(std::to_string(n_tok) + " tokens");
      const auto x = tessera::test::random_floats(static_cast<size_t>(n_tok * x_stride), seed++, 2.0f);
      std::vector<float> want = x;
      cpu::causal_conv1d(want.data(), n_tok, x_stride, C, w.data(), c.width, state.data(), C, true);
      for (int t = 0; t < n_tok; ++t)
        for (int64_t h = 0; h < 2 * kq; h += hs.dk) {
          float* head = &want[static_cast<size_t>(t * x_stride + h)];
          cpu::l2_normalize(head, hs.dk, 1e-6f);
          if (h < kq)
            for (int i = 0; i < hs.dk; ++i) head[i] *= 0.25f;
        }
      auto dx = Memory::up(x);
      auto dout = Memory::up(nans(static_cast<size_t>(n_tok * out_stride)));
      DeltaConvArgs a;
      a.x = dx.get();
      a.x_stride = x_stride;
      a.out = dout.get();
      a.out_stride = out_stride;
      a.w = dw.get();
      a.state = dstate.get();
      a.n_tok = n_tok;
      a.channels = C;
      a.width = c.width;
      a.norm_channels = 2 * kq;
      a.head_dim = hs.dk;
      a.scaled_channels = kq;
      a.scale = 0.25f;
      a.eps = 1e-6f;
      TESSERA_DELTA_ASSERT_OK(delta_net_conv(a, nullptr));
      const auto got = rows_of(Memory::down(dout, static_cast<size_t>(n_tok * out_stride)), n_tok, out_stride, C);
      EXPECT_LT(max_rel_error(got, rows_of(want, n_tok, x_stride, C)), 1e-5);
      // The state is copies of inputs: exact.
      EXPECT_EQ(Memory::down(dstate, state.size()), state);
    }
  }
}

template <class Memory>
void check_gates() {
  const int hv = 32, n_tok = 7;
  const int64_t stride = 2 * hv + 2;
  // Logits wide enough for both branches of softplus (x > 20 and below).
  const auto ba = tessera::test::random_floats(static_cast<size_t>(n_tok * stride), 41, 12.0f);
  std::vector<float> rate;
  for (float x : tessera::test::random_floats(hv, 42)) rate.push_back(-std::exp(x));
  const auto dt = tessera::test::random_floats(hv, 43);
  auto dba = Memory::up(ba), drate = Memory::up(rate), ddt = Memory::up(dt);
  for (const int group : {hv, 2, 1}) {
    SCOPED_TRACE("group " + std::to_string(group));
    auto dg = Memory::up(nans(static_cast<size_t>(n_tok * hv)));
    auto db = Memory::up(nans(static_cast<size_t>(n_tok * hv)));
    TESSERA_DELTA_ASSERT_OK(
        delta_net_gates(dba.get(), stride, n_tok, hv, group, drate.get(), ddt.get(), dg.get(), db.get(), nullptr));
    std::vector<float> want_g, want_b;
    for (int t = 0; t < n_tok; ++t)
      for (int e = 0; e < hv; ++e) {
        const float* row = &ba[static_cast<size_t>(t * stride + e / group * 2 * group)];
        want_b.push_back(cpu::sigmoid(row[e % group]));
        want_g.push_back(rate[static_cast<size_t>(e)] *
                         cpu::softplus(row[group + e % group] + dt[static_cast<size_t>(e)]));
      }
    EXPECT_LT(max_rel_error(Memory::down(dg, want_g.size()), want_g), 1e-6);
    EXPECT_LT(max_rel_error(Memory::down(db, want_b.size()), want_b), 1e-6);
  }
  // Groups that do not divide the heads are refused, not run.
  EXPECT_FALSE(delta_net_gates(dba.get(), stride, n_tok, hv, 3, drate.get(), ddt.get(), nullptr, nullptr, nullptr).ok());
}

template <class Memory>
void check_gated_norm() {
  for (const int head_dim : {16, 32, 128}) {
    SCOPED_TRACE("head size " + std::to_string(head_dim));
    const int n_tok = 3, heads = 5;
    const int64_t width = static_cast<int64_t>(heads) * head_dim, xs = width + 4, zs = width + 1;
    const auto x = tessera::test::random_floats(static_cast<size_t>(n_tok * xs), 51, 3.0f);
    const auto z = tessera::test::random_floats(static_cast<size_t>(n_tok * zs), 52);
    const auto w = tessera::test::random_floats(static_cast<size_t>(head_dim), 53);
    std::vector<float> want = x;
    for (int t = 0; t < n_tok; ++t)
      for (int e = 0; e < heads; ++e)
        cpu::gated_rms_norm(&want[static_cast<size_t>(t * xs + e * head_dim)], w.data(),
                            &z[static_cast<size_t>(t * zs + e * head_dim)], head_dim, 1e-6f);
    auto dx = Memory::up(x), dz = Memory::up(z), dw = Memory::up(w);
    // In place, as the layer runs it.
    TESSERA_DELTA_ASSERT_OK(
        gated_rms_norm(dx.get(), xs, dz.get(), zs, dw.get(), dx.get(), xs, n_tok, heads, head_dim, 1e-6f, nullptr));
    EXPECT_LT(max_rel_error(rows_of(Memory::down(dx, x.size()), n_tok, xs, width), rows_of(want, n_tok, xs, width)),
              1e-5);
  }
}

}  // namespace tessera::cuda::delta_checks
