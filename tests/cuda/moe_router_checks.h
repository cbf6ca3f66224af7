// The checks of the router choices kernel (cuda/kernels/moe_router.h) against the CPU's router
// (core/backend/cpu_router.h, which the CPU backend routes with): the published routers and each
// choice alone, on random logits for several token counts. Written once for two ways of running
// the kernel: on the GPU (moe_test.cpp) and under the host emulation of the CUDA execution model
// (tests/cuda_emulated), which needs no GPU.
//
// `Memory` puts vectors where the kernels read them (as delta_net_checks.h):
//   Memory::Floats             a buffer; float* get() const
//   Memory::up(vector)         a copy of a host vector
//   Memory::down(buffer, n)    its first n floats, back on the host
// Expert ids travel in float buffers (4 bytes each) and are read back bit for bit.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "backend/cpu_router.h"
#include "kernels/moe_router.h"
#include "support/test_support.h"

namespace tessera::cuda::router_checks {

struct RouterCase {
  std::string name;
  int n_expert = 8, k = 2;
  RouterParams rp;
  bool select_bias = false;
};

inline RouterParams router(ExpertGating gating, bool normalize, float scale, int32_t n_group = 0,
                           int32_t n_group_used = 0, bool on_logits = false) {
  RouterParams rp;
  rp.gating = gating;
  rp.normalize = normalize;
  rp.scale = scale;
  rp.n_group = n_group;
  rp.n_group_used = n_group_used;
  rp.select_on_logits = on_logits;
  rp.weight_input = on_logits;
  return rp;
}

// The published routers (config.json of each model) and every choice on its own, at the register
// layouts of the kernel (32, 64, 128, 256 and 512 experts per warp).
inline std::vector<RouterCase> router_cases() {
  using G = ExpertGating;
  return {
      {"glm45_air_sigmoid_bias_norm_x1", 128, 8, router(G::Sigmoid, true, 1.0f), true},
      {"glm45_sigmoid_bias_norm_x2_5", 160, 8, router(G::Sigmoid, true, 2.5f), true},
      {"deepseek_v3_groups_8_of_4", 256, 8, router(G::Sigmoid, true, 2.5f, 8, 4), true},
      {"kimi_k2_384_experts", 384, 8, router(G::Sigmoid, true, 2.827f), true},
      {"deepseek_v2_softmax_groups_unnormalised_x16", 160, 6, router(G::Softmax, false, 16.0f, 8, 3), false},
      {"deepseek_v2_lite_softmax_unnormalised", 64, 6, router(G::Softmax, false, 1.0f), false},
      {"llama4_scout_top1_on_logits", 16, 1, router(G::Sigmoid, false, 1.0f, 0, 0, true), false},
      {"llama4_maverick_top1_on_logits", 128, 1, router(G::Sigmoid, false, 1.0f, 0, 0, true), false},
      {"on_logits_top4_normalised", 40, 4, router(G::Sigmoid, true, 1.0f, 0, 0, true), false},
      {"sigmoid_unnormalised_no_bias", 8, 2, router(G::Sigmoid, false, 1.0f), false},
      {"groups_of_one_expert", 8, 2, router(G::Sigmoid, true, 1.0f, 8, 3), true},
      {"groups_conformance_4_of_2", 8, 2, router(G::Sigmoid, false, 1.0f, 4, 2), true},
      {"softmax_bias_scaled", 32, 3, router(G::Softmax, true, 0.5f), true},
      {"plain_softmax_through_choices", 60, 4, router(G::Softmax, true, 1.0f), false},
      {"every_expert_of_32", 32, 32, router(G::Sigmoid, true, 1.0f), true},
      {"all_groups_searched", 64, 8, router(G::Sigmoid, true, 1.0f, 4, 4), true},
  };
}

inline std::vector<int32_t> as_ids(const std::vector<float>& bits) {
  std::vector<int32_t> ids(bits.size());
  if (!bits.empty()) std::memcpy(ids.data(), bits.data(), 4 * bits.size());
  return ids;
}

// How close token's choice is to a tie that a last-bit difference could flip: the gap between the
// k-th and the (k+1)-th choice value, and with groups between the last searched group's score and
// the next one's, relative to their size (from the CPU's scratch after route_token).
inline double tie_margin(const cpu::RouterScratch& s, int n_expert, int k, const RouterParams& rp) {
  std::vector<float> c(s.c.begin(), s.c.begin() + n_expert);
  std::sort(c.begin(), c.end(), std::greater<float>());
  auto gap = [](float a, float b) {
    if (std::isinf(b)) return 1.0;
    return std::fabs(static_cast<double>(a) - b) / std::max(1.0, std::fabs(static_cast<double>(a)));
  };
  double m = k < n_expert ? gap(c[static_cast<size_t>(k - 1)], c[static_cast<size_t>(k)]) : 1.0;
  if (rp.n_group > 1 && rp.n_group_used < rp.n_group) {
    std::vector<float> g(s.group_score.begin(), s.group_score.end());
    std::sort(g.begin(), g.end(), std::greater<float>());
    m = std::min(m, gap(g[static_cast<size_t>(rp.n_group_used - 1)], g[static_cast<size_t>(rp.n_group_used)]));
  }
  return m;
}

// Every case at every token count: the kernel's experts are the CPU's (the same set; their order
// may differ only where two chosen values tie to the last bit) with the same weights, except on a
// token whose choice is within 1e-5 of a tie (the GPU's expf may differ from the host's in the last
// bit; such tokens must stay rare).
template <class Memory>
void check_against_cpu(const std::vector<int>& token_counts) {
  for (const RouterCase& rc : router_cases()) {
    for (int n_tok : token_counts) {
      SCOPED_TRACE(rc.name + ", " + std::to_string(n_tok) + " tokens");
      const int E = rc.n_expert, k = rc.k;
      const int64_t ld = E + 3;  // rows wider than the experts: the kernel must honour ld
      const uint32_t seed = 1000u + static_cast<uint32_t>(E * 31 + k * 7 + n_tok);
      const auto logits = tessera::test::random_floats(static_cast<size_t>(n_tok * ld), seed, 2.0f);
      auto bias = tessera::test::random_floats(static_cast<size_t>(E), seed + 1, 0.3f);
      auto dl = Memory::up(logits);
      auto db = Memory::up(bias);
      auto ids = Memory::up(std::vector<float>(static_cast<size_t>(n_tok * k), std::nanf("")));
      auto w = Memory::up(std::vector<float>(static_cast<size_t>(n_tok * k), std::nanf("")));
      MoeRouting r;
      r.sigmoid = rc.rp.gating == ExpertGating::Sigmoid;
      r.select_bias = rc.select_bias ? db.get() : nullptr;
      r.select_on_logits = rc.rp.select_on_logits;
      r.n_group = rc.rp.n_group;
      r.n_group_used = rc.rp.n_group_used;
      r.normalize = rc.rp.normalize;
      r.scale = rc.rp.scale;
      const Status st = moe_route_choices(dl.get(), ld, n_tok, E, k, r, reinterpret_cast<int32_t*>(ids.get()), w.get(),
                                          nullptr);
      ASSERT_TRUE(st.ok()) << st.error().describe();
      const auto got_ids = as_ids(Memory::down(ids, static_cast<size_t>(n_tok * k)));
      const auto got_w = Memory::down(w, static_cast<size_t>(n_tok * k));
      cpu::RouterScratch scratch;
      std::vector<int32_t> want_ids(static_cast<size_t>(k));
      std::vector<float> want_w(static_cast<size_t>(k));
      int near_ties = 0;
      for (int t = 0; t < n_tok; ++t) {
        cpu::route_token(rc.rp, logits.data() + t * ld, rc.select_bias ? bias.data() : nullptr, E, k, scratch,
                         want_ids.data(), want_w.data());
        std::vector<std::pair<int32_t, float>> want, got;
        for (int j = 0; j < k; ++j) {
          want.push_back({want_ids[static_cast<size_t>(j)], want_w[static_cast<size_t>(j)]});
          got.push_back({got_ids[static_cast<size_t>(t * k + j)], got_w[static_cast<size_t>(t * k + j)]});
          ASSERT_GE(got.back().first, 0);
          ASSERT_LT(got.back().first, E);
        }
        std::sort(want.begin(), want.end());
        std::sort(got.begin(), got.end());
        bool same = true;
        for (int j = 0; j < k; ++j) same = same && want[static_cast<size_t>(j)].first == got[static_cast<size_t>(j)].first;
        if (!same && tie_margin(scratch, E, k, rc.rp) < 1e-5) {
          ++near_ties;
          continue;
        }
        ASSERT_TRUE(same) << "token " << t << ": expert " << got[0].first << ".. chosen, the CPU chose " << want[0].first
                          << "..";
        for (int j = 0; j < k; ++j) {
          const float a = got[static_cast<size_t>(j)].second, b = want[static_cast<size_t>(j)].second;
          EXPECT_NEAR(a, b, 2e-6 * std::max(1.0f, std::fabs(b))) << "token " << t << " expert " << want[static_cast<size_t>(j)].first;
        }
        // The order: decreasing choice value; two chosen experts swap places only on a tie.
        for (int j = 0; j < k; ++j) {
          const int32_t a = got_ids[static_cast<size_t>(t * k + j)], b = want_ids[static_cast<size_t>(j)];
          if (a != b)
            EXPECT_NEAR(scratch.c[static_cast<size_t>(a)], scratch.c[static_cast<size_t>(b)],
                        1e-5 * std::max(1.0f, std::fabs(scratch.c[static_cast<size_t>(b)])))
                << "token " << t << " slot " << j;
        }
      }
      EXPECT_LE(near_ties, std::max(1, n_tok / 50));
    }
  }
}

// A row of NaN logits still yields ids in range; all-equal logits choose the lowest experts.
template <class Memory>
void check_nan_and_ties() {
  for (int E : {8, 256, 384}) {
    SCOPED_TRACE(std::to_string(E) + " experts");
    const int k = 4;
    std::vector<float> logits(static_cast<size_t>(2 * E), 0.75f);
    for (int i = 0; i < E; ++i) logits[static_cast<size_t>(E + i)] = std::nanf("");
    auto dl = Memory::up(logits);
    auto ids = Memory::up(std::vector<float>(static_cast<size_t>(2 * k), 0.0f));
    auto w = Memory::up(std::vector<float>(static_cast<size_t>(2 * k), 0.0f));
    MoeRouting r;
    r.sigmoid = true;
    r.n_group = E == 8 ? 4 : 8;
    r.n_group_used = 2;
    const Status st =
        moe_route_choices(dl.get(), E, 2, E, k, r, reinterpret_cast<int32_t*>(ids.get()), w.get(), nullptr);
    ASSERT_TRUE(st.ok()) << st.error().describe();
    const auto got = as_ids(Memory::down(ids, static_cast<size_t>(2 * k)));
    const auto got_w = Memory::down(w, static_cast<size_t>(2 * k));
    for (int j = 0; j < k; ++j) {
      EXPECT_EQ(got[static_cast<size_t>(j)], j);  // tied groups: the lowest; tied experts: the lowest
      EXPECT_FLOAT_EQ(got_w[static_cast<size_t>(j)], 1.0f / k);
      EXPECT_GE(got[static_cast<size_t>(k + j)], 0);
      EXPECT_LT(got[static_cast<size_t>(k + j)], E);
    }
  }
}

// Shapes beyond the kernel's limits are refused by name before anything runs.
inline void check_refusals() {
  MoeRouting r;
  r.sigmoid = true;
  auto refused = [&](int E, int k, const MoeRouting& rr) {
    const Status st = moe_route_choices(nullptr, E, 1, E, k, rr, nullptr, nullptr, nullptr);
    EXPECT_FALSE(st.ok()) << E << " experts, top " << k;
    if (!st.ok()) {
      EXPECT_EQ(st.error().kind, ErrorKind::InvalidArgument);
      EXPECT_NE(st.error().message.find("moe_route_choices"), std::string::npos) << st.error().message;
    }
  };
  refused(kMaxChoiceExperts + 1, 8, r);
  refused(64, kMaxChoiceExpertsUsed + 1, r);
  refused(8, 9, r);
  MoeRouting g = r;
  g.n_group = 3;  // does not divide 8
  g.n_group_used = 2;
  refused(8, 2, g);
  g.n_group = 4;
  g.n_group_used = 1;  // 2 experts searched for top 4
  refused(8, 4, g);
  g.n_group = 64;  // more groups than lanes
  g.n_group_used = 8;
  refused(128, 8, g);
}

}  // namespace tessera::cuda::router_checks
