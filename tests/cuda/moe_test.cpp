// The mixture-of-experts kernels (kernels/moe.h, moe_router.h, matvec_experts / matvec_glu_experts,
// the device grouping of a prompt's routed rows and the grouped prefill of expert_gemm.h) against
// host references on random data: routing (top-k ids and renormalised weights; every other router
// choice against the CPU's router, moe_router_checks.h), gathers, weighted inputs, weighted and
// scaled combination, and the expert products for float and quantized experts, one shared input and
// one input per slot.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "cuda_test_util.h"
#include "kernels/expert_gemm.h"
#include "kernels/matvec.h"
#include "kernels/moe.h"
#include "moe_router_checks.h"
#include "quant/fp16.h"
#include "support/test_support.h"

namespace tessera::cuda::test {
namespace {

using tessera::test::random_floats;

TEST(Moe, RouteChoosesTheTopKWithRenormalisedWeights) {
  TESSERA_REQUIRE_GPU();
  for (auto [n_expert, k] : {std::pair{4, 2}, std::pair{8, 2}, std::pair{6, 3}, std::pair{128, 8}, std::pair{40, 1},
                               std::pair{256, 8}, std::pair{33, 32}, std::pair{300, 40}, std::pair{64, 64}}) {
    SCOPED_TRACE(std::to_string(n_expert) + " experts, top " + std::to_string(k));
    const int T = 7;
    const auto logits = random_floats(static_cast<size_t>(T * n_expert), 11u + static_cast<uint32_t>(n_expert), 2.0f);
    auto dl = to_device(logits);
    auto ids = DeviceBuffer::allocate(0, 4 * static_cast<size_t>(T * k), "ids");
    auto w = DeviceBuffer::allocate(0, 4 * static_cast<size_t>(T * k), "w");
    ASSERT_TRUE(ids.ok() && w.ok());
    TESSERA_ASSERT_OK(moe_route(static_cast<const float*>(dl.data()), n_expert, T, n_expert, k,
                                static_cast<int32_t*>(ids->data()), static_cast<float*>(w->data()), nullptr));
    const auto got_ids = from_device<int32_t>(*ids, static_cast<size_t>(T * k));
    const auto got_w = from_device<float>(*w, static_cast<size_t>(T * k));
    for (int t = 0; t < T; ++t) {
      std::vector<int> order(static_cast<size_t>(n_expert));
      std::iota(order.begin(), order.end(), 0);
      const float* row = logits.data() + t * n_expert;
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return row[a] > row[b]; });
      double sum = 0;
      for (int j = 0; j < k; ++j) sum += std::exp(static_cast<double>(row[order[j]]) - row[order[0]]);
      for (int j = 0; j < k; ++j) {
        EXPECT_EQ(got_ids[static_cast<size_t>(t * k + j)], order[static_cast<size_t>(j)]) << "token " << t << " slot " << j;
        EXPECT_NEAR(got_w[static_cast<size_t>(t * k + j)], std::exp(static_cast<double>(row[order[j]]) - row[order[0]]) / sum,
                    1e-6);
      }
    }
  }
}

TEST(Moe, RouteBreaksTiesTowardTheLowerExpertAndKeepsIdsInRangeOnNaN) {
  TESSERA_REQUIRE_GPU();
  for (int n_expert : {128, 300}) {  // the register kernel and the general one
    SCOPED_TRACE(std::to_string(n_expert) + " experts");
    const int k = 4;
    std::vector<float> logits(static_cast<size_t>(2 * n_expert), 1.5f);  // row 0: all tied
    for (int i = 0; i < n_expert; ++i) logits[static_cast<size_t>(n_expert + i)] = std::nanf("");
    auto dl = to_device(logits);
    auto ids = DeviceBuffer::allocate(0, 4 * static_cast<size_t>(2 * k), "ids");
    auto w = DeviceBuffer::allocate(0, 4 * static_cast<size_t>(2 * k), "w");
    ASSERT_TRUE(ids.ok() && w.ok());
    TESSERA_ASSERT_OK(moe_route(static_cast<const float*>(dl.data()), n_expert, 2, n_expert, k,
                                static_cast<int32_t*>(ids->data()), static_cast<float*>(w->data()), nullptr));
    const auto got_ids = from_device<int32_t>(*ids, static_cast<size_t>(2 * k));
    const auto got_w = from_device<float>(*w, static_cast<size_t>(2 * k));
    for (int j = 0; j < k; ++j) {
      EXPECT_EQ(got_ids[static_cast<size_t>(j)], j);
      EXPECT_FLOAT_EQ(got_w[static_cast<size_t>(j)], 1.0f / k);
      EXPECT_GE(got_ids[static_cast<size_t>(k + j)], 0);
      EXPECT_LT(got_ids[static_cast<size_t>(k + j)], n_expert);
    }
  }
}

TEST(Moe, GatherAndCombine) {
  TESSERA_REQUIRE_GPU();
  const int T = 5, k = 2, rows = T * k;
  const int64_t n = 300;
  const auto src = random_floats(static_cast<size_t>(T) * n, 3);
  std::vector<int32_t> gather(rows), slot_row(rows);
  for (int r = 0; r < rows; ++r) gather[static_cast<size_t>(r)] = (r * 3) % T;
  for (int s = 0; s < rows; ++s) slot_row[static_cast<size_t>(s)] = (s * 7) % rows;
  auto dsrc = to_device(src);
  auto dg = to_device(gather);
  auto dout = poisoned_floats(static_cast<size_t>(rows) * n);
  TESSERA_ASSERT_OK(gather_rows(static_cast<const float*>(dsrc.data()), n, static_cast<const int32_t*>(dg.data()), rows, n,
                                static_cast<float*>(dout.data()), n, nullptr));
  const auto g = from_device<float>(dout, static_cast<size_t>(rows) * n);
  for (int r = 0; r < rows; ++r)
    for (int64_t i = 0; i < n; ++i)
      ASSERT_EQ(g[static_cast<size_t>(r * n + i)], src[static_cast<size_t>(gather[static_cast<size_t>(r)] * n + i)]);

  const auto weights = random_floats(static_cast<size_t>(rows), 5);
  const auto base = random_floats(static_cast<size_t>(T) * n, 6);
  auto dw = to_device(weights);
  auto ds = to_device(slot_row);
  for (bool with_slots : {false, true})
    for (bool acc : {false, true}) {
      auto o = to_device(base);
      TESSERA_ASSERT_OK(moe_combine(static_cast<const float*>(dout.data()), n,
                                    with_slots ? static_cast<const int32_t*>(ds.data()) : nullptr,
                                    static_cast<const float*>(dw.data()), T, k, n, static_cast<float*>(o.data()), n, acc,
                                    nullptr));
      const auto got = from_device<float>(o, static_cast<size_t>(T) * n);
      for (int t = 0; t < T; ++t)
        for (int64_t i = 0; i < n; ++i) {
          double want = acc ? base[static_cast<size_t>(t * n + i)] : 0.0;
          for (int j = 0; j < k; ++j) {
            const int s = t * k + j, r = with_slots ? slot_row[static_cast<size_t>(s)] : s;
            want += static_cast<double>(weights[static_cast<size_t>(s)]) * g[static_cast<size_t>(r * n + i)];
          }
          ASSERT_NEAR(got[static_cast<size_t>(t * n + i)], want, 1e-4) << t << "," << i;
        }
    }
}

// The router choices kernel against the CPU's router (moe_router_checks.h) at decode and prompt
// batch sizes; the host emulation runs the same checks on small batches (tests/cuda_emulated).
struct DeviceMemory {
  struct Floats {
    DeviceBuffer buf;
    float* get() const { return buf.as<float>(); }
  };
  static Floats up(const std::vector<float>& v) { return {to_device(v)}; }
  static std::vector<float> down(const Floats& f, size_t n) { return from_device<float>(f.buf, n); }
};

TEST(MoeRouter, ChoicesMatchTheCpuRouter) {
  TESSERA_REQUIRE_GPU();
  router_checks::check_against_cpu<DeviceMemory>({1, 7, 64, 300});
}

TEST(MoeRouter, NanLogitsKeepIdsInRangeAndTiesGoLow) {
  TESSERA_REQUIRE_GPU();
  router_checks::check_nan_and_ties<DeviceMemory>();
}

TEST(MoeRouter, RefusesShapesBeyondItsLimits) {
  router_checks::check_refusals();  // before any launch: no GPU needed
}

// Llama 4's weighted inputs (each slot's row times its weight, to its routed row) and the combine
// without weights and with Gemma 4's per-expert output scale.
TEST(Moe, WeightedInputsAndScaledCombine) {
  TESSERA_REQUIRE_GPU();
  const int T = 5, k = 2, rows = T * k;
  const int64_t n = 300, ld = 320;
  const auto x = random_floats(static_cast<size_t>(T * ld), 71);
  const auto weights = random_floats(static_cast<size_t>(rows), 72);
  std::vector<int32_t> slot_row(rows), ids(rows);
  for (int s = 0; s < rows; ++s) {
    slot_row[static_cast<size_t>(s)] = (s * 7) % rows;
    ids[static_cast<size_t>(s)] = (s * 5 + 1) % 6;
  }
  const auto expert_scale = random_floats(6, 73);
  auto dx = to_device(x);
  auto dw = to_device(weights);
  auto ds = to_device(slot_row);
  auto dids = to_device(ids);
  auto dscale = to_device(expert_scale);
  for (bool with_slots : {false, true}) {
    SCOPED_TRACE(with_slots ? "to routed rows" : "decode order");
    auto dst = poisoned_floats(static_cast<size_t>(rows) * n);
    TESSERA_ASSERT_OK(moe_weighted_rows(static_cast<const float*>(dx.data()), ld,
                                        with_slots ? static_cast<const int32_t*>(ds.data()) : nullptr,
                                        static_cast<const float*>(dw.data()), T, k, n, static_cast<float*>(dst.data()), n,
                                        nullptr));
    const auto got = from_device<float>(dst, static_cast<size_t>(rows) * n);
    for (int s = 0; s < rows; ++s) {
      const int r = with_slots ? slot_row[static_cast<size_t>(s)] : s;
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(got[static_cast<size_t>(r * n + i)],
                  weights[static_cast<size_t>(s)] * x[static_cast<size_t>((s / k) * ld + i)])
            << s << "," << i;
    }
  }
  const auto expert_rows = random_floats(static_cast<size_t>(rows) * n, 74);
  auto drows = to_device(expert_rows);
  for (bool weighted : {false, true}) {
    SCOPED_TRACE(weighted ? "weights and scales" : "scales only");
    auto o = poisoned_floats(static_cast<size_t>(T) * n);
    TESSERA_ASSERT_OK(moe_combine(static_cast<const float*>(drows.data()), n, static_cast<const int32_t*>(ds.data()),
                                  weighted ? static_cast<const float*>(dw.data()) : nullptr, T, k, n,
                                  static_cast<float*>(o.data()), n, false, nullptr,
                                  static_cast<const int32_t*>(dids.data()), static_cast<const float*>(dscale.data())));
    const auto got = from_device<float>(o, static_cast<size_t>(T) * n);
    for (int t = 0; t < T; ++t)
      for (int64_t i = 0; i < n; ++i) {
        double want = 0;
        for (int j = 0; j < k; ++j) {
          const int s = t * k + j, r = slot_row[static_cast<size_t>(s)];
          const double f = (weighted ? weights[static_cast<size_t>(s)] : 1.0f) *
                           expert_scale[static_cast<size_t>(ids[static_cast<size_t>(s)])];
          want += f * expert_rows[static_cast<size_t>(r * n + i)];
        }
        ASSERT_NEAR(got[static_cast<size_t>(t * n + i)], want, 1e-4) << t << "," << i;
      }
  }
  // An expert scale needs the ids it is looked up by.
  auto o = poisoned_floats(static_cast<size_t>(T) * n);
  auto st = moe_combine(static_cast<const float*>(drows.data()), n, nullptr, nullptr, T, k, n,
                        static_cast<float*>(o.data()), n, false, nullptr, nullptr,
                        static_cast<const float*>(dscale.data()));
  EXPECT_FALSE(st.ok());
}

// gpt-oss's expert biases: each row gets its chosen expert's slice of a [n, n_expert] bias.
TEST(Moe, AddExpertBiasAddsEachRowsExpertSlice) {
  TESSERA_REQUIRE_GPU();
  const int n_expert = 6, rows = 4;
  const int64_t n = 2880, ld = 2900;
  const auto base = random_floats(static_cast<size_t>(rows * ld), 31);
  const auto bias = random_floats(static_cast<size_t>(n_expert * n), 32);
  const std::vector<int32_t> ids = {5, 0, 5, 2};
  auto drows = to_device(base);
  auto dbias = to_device(bias);
  auto dids = to_device(ids);
  TESSERA_ASSERT_OK(add_expert_bias(static_cast<float*>(drows.data()), ld, static_cast<const int32_t*>(dids.data()),
                                    static_cast<const float*>(dbias.data()), rows, n, nullptr));
  const auto got = from_device<float>(drows, static_cast<size_t>(rows * ld));
  for (int r = 0; r < rows; ++r)
    for (int64_t i = 0; i < ld; ++i) {
      const float want = i < n ? base[static_cast<size_t>(r * ld + i)] + bias[static_cast<size_t>(ids[static_cast<size_t>(r)] * n + i)]
                               : base[static_cast<size_t>(r * ld + i)];  // past n: untouched
      ASSERT_EQ(got[static_cast<size_t>(r * ld + i)], want) << r << "," << i;
    }
  // No bias: nothing to do; bad shapes are named.
  TESSERA_ASSERT_OK(add_expert_bias(static_cast<float*>(drows.data()), ld, static_cast<const int32_t*>(dids.data()), nullptr,
                                    rows, n, nullptr));
  auto st = add_expert_bias(static_cast<float*>(drows.data()), 10, static_cast<const int32_t*>(dids.data()),
                            static_cast<const float*>(dbias.data()), rows, n, nullptr);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("add_expert_bias"), std::string::npos);
}

class MoeExperts : public ::testing::TestWithParam<GgmlType> {};

TEST_P(MoeExperts, ProductsOfTheChosenExperts) {
  TESSERA_REQUIRE_GPU();
  const GgmlType type = GetParam();
  const int n_expert = 5, k = 3;
  const int64_t cols = 256, rows = 64;  // per expert
  const size_t stride = row_size(type, cols).value();
  const auto w = random_rows(type, rows * n_expert, cols, stride, 21);
  const auto up = random_rows(type, rows * n_expert, cols, stride, 22);
  const auto wref = dequantize_ref(type, w, rows * n_expert, cols, stride);
  const auto uref = dequantize_ref(type, up, rows * n_expert, cols, stride);
  const std::vector<int32_t> ids = {3, 0, 4};
  const auto x = random_floats(static_cast<size_t>(k * cols), 23);
  auto dw = to_device(w, 16);
  auto du = to_device(up, 16);
  auto dids = to_device(ids);
  auto dx = to_device(x);
  auto q8 = DeviceBuffer::allocate(0, q8_activations_bytes(cols, k), "q8");
  ASSERT_TRUE(q8.ok());
  const bool quant = is_quantized(type);
  auto experts = [&](const DeviceBuffer& b) {
    ExpertWeights e;
    e.first = WeightMatrix{type, b.data(), rows, cols, stride};
    e.expert_bytes = stride * static_cast<size_t>(rows);
    e.n_expert = n_expert;
    return e;
  };
  auto dot = [&](const std::vector<float>& m, int e, int64_t r, int s) {
    double acc = 0;
    for (int64_t c = 0; c < cols; ++c)
      acc += static_cast<double>(m[static_cast<size_t>((e * rows + r) * cols + c)]) * x[static_cast<size_t>(s * cols + c)];
    return acc;
  };
  const double tol = quant ? 3e-2 : 1e-4;
  for (bool per_slot : {false, true}) {
    SCOPED_TRACE(per_slot ? "an input per slot" : "one input");
    if (quant) TESSERA_ASSERT_OK(quantize_activations(static_cast<const float*>(dx.data()), cols, cols, per_slot ? k : 1, q8->data(), nullptr));
    auto y = poisoned_floats(static_cast<size_t>(k * rows));
    TESSERA_ASSERT_OK(matvec_experts(experts(dw), static_cast<const int32_t*>(dids.data()), k,
                                     static_cast<const float*>(dx.data()), cols, q8->data(), per_slot,
                                     static_cast<float*>(y.data()), rows, nullptr));
    const auto got = from_device<float>(y, static_cast<size_t>(k * rows));
    std::vector<double> want;
    for (int s = 0; s < k; ++s)
      for (int64_t r = 0; r < rows; ++r) want.push_back(dot(wref, ids[static_cast<size_t>(s)], r, per_slot ? s : 0));
    EXPECT_LT(max_rel_error(got, want), tol);
  }
  if (quant) TESSERA_ASSERT_OK(quantize_activations(static_cast<const float*>(dx.data()), cols, cols, 1, q8->data(), nullptr));
  auto h = poisoned_floats(static_cast<size_t>(k * rows));
  TESSERA_ASSERT_OK(matvec_glu_experts(experts(dw), experts(du), static_cast<const int32_t*>(dids.data()), k,
                                       static_cast<const float*>(dx.data()), q8->data(), static_cast<float*>(h.data()), rows,
                                       FfnActivation::SiLU, nullptr));
  const auto got = from_device<float>(h, static_cast<size_t>(k * rows));
  std::vector<double> want;
  for (int s = 0; s < k; ++s)
    for (int64_t r = 0; r < rows; ++r) {
      const double g = dot(wref, ids[static_cast<size_t>(s)], r, 0), u = dot(uref, ids[static_cast<size_t>(s)], r, 0);
      want.push_back(g / (1.0 + std::exp(-g)) * u);
    }
  EXPECT_LT(max_rel_error(got, want), tol);
  // gpt-oss's clamped SwiGLU through the same kernel (random rows stay inside the clamp; the clamp
  // itself is Ops.GluSwigluOaiClampsLikeTheCpu's).
  TESSERA_ASSERT_OK(matvec_glu_experts(experts(dw), experts(du), static_cast<const int32_t*>(dids.data()), k,
                                       static_cast<const float*>(dx.data()), q8->data(), static_cast<float*>(h.data()), rows,
                                       FfnActivation::SwiGluOai, nullptr));
  const auto got_oai = from_device<float>(h, static_cast<size_t>(k * rows));
  std::vector<double> want_oai;
  for (int s = 0; s < k; ++s)
    for (int64_t r = 0; r < rows; ++r) {
      const double g = std::min(dot(wref, ids[static_cast<size_t>(s)], r, 0), 7.0);
      const double u = std::clamp(dot(uref, ids[static_cast<size_t>(s)], r, 0), -7.0, 7.0);
      want_oai.push_back(g / (1.0 + std::exp(-1.702 * g)) * (u + 1.0));
    }
  // Q4_K measured 6.1e-2 here (its min term sums the int8 activations; SiLU on the same rows
  // stays under 3e-2); the gpt-oss conformance and HF cases check the whole block end to end.
  EXPECT_LT(max_rel_error(got_oai, want_oai), type == GgmlType::Q4_K ? 8e-2 : tol);
}

INSTANTIATE_TEST_SUITE_P(Types, MoeExperts,
                         ::testing::Values(GgmlType::F32, GgmlType::F16, GgmlType::Q8_0, GgmlType::Q4_K, GgmlType::MXFP4),
                         [](const auto& info) { return std::string(type_name(info.param)); });

// Device grouping of routed rows (moe_group_rows) against a stable host counting sort: offsets,
// each row's token, each slot's row, the tile list and its count, for several expert counts (3 to
// the 512 maximum), batches whose warps' segments split experts, an expert with no rows, and ids
// outside the range (counted as expert 0).
TEST(Moe, GroupRowsSortsStablyAndCutsTiles) {
  TESSERA_REQUIRE_GPU();
  struct Case {
    int n_tok, k, n_expert, tile_rows;
  };
  for (const Case c : {Case{9, 2, 3, 32}, Case{512, 8, 128, 32}, Case{700, 4, 32, 64}, Case{64, 8, 256, 64},
                       Case{4096, 8, 128, 64}, Case{33, 3, 512, 32}, Case{1, 1, 1, 64}}) {
    SCOPED_TRACE(std::to_string(c.n_tok) + " tokens x " + std::to_string(c.k) + " of " + std::to_string(c.n_expert) +
                 ", tiles of " + std::to_string(c.tile_rows));
    const int rows = c.n_tok * c.k;
    std::vector<int32_t> ids(static_cast<size_t>(rows));
    uint32_t h = 12345u + static_cast<uint32_t>(c.n_expert);
    for (auto& id : ids) {
      h = h * 1664525u + 1013904223u;
      // Skewed: expert 1 never chosen (when there are more than 2), low experts more often.
      int e = static_cast<int>((h >> 8) % static_cast<uint32_t>(c.n_expert));
      if ((h >> 28) < 4) e = e / 4;
      if (c.n_expert > 2 && e == 1) e = 2;
      id = e;
    }
    if (rows > 5) ids[5] = c.n_expert + 7;  // out of range: counted as expert 0
    if (rows > 6) ids[6] = -3;
    // Host: stable counting sort.
    std::vector<int32_t> want_off(static_cast<size_t>(c.n_expert) + 1, 0), want_tok(static_cast<size_t>(rows)),
        want_row(static_cast<size_t>(rows)), want_tiles;
    auto clamp = [&](int32_t e) { return e >= 0 && e < c.n_expert ? e : 0; };
    for (int32_t id : ids) ++want_off[static_cast<size_t>(clamp(id)) + 1];
    for (int e = 0; e < c.n_expert; ++e) want_off[static_cast<size_t>(e) + 1] += want_off[static_cast<size_t>(e)];
    std::vector<int32_t> next(want_off.begin(), want_off.end() - 1);
    for (int s = 0; s < rows; ++s) {
      const int32_t r = next[static_cast<size_t>(clamp(ids[static_cast<size_t>(s)]))]++;
      want_tok[static_cast<size_t>(r)] = s / c.k;
      want_row[static_cast<size_t>(s)] = r;
    }
    for (int e = 0; e < c.n_expert; ++e)
      for (int r = want_off[static_cast<size_t>(e)]; r < want_off[static_cast<size_t>(e) + 1]; r += c.tile_rows)
        want_tiles.insert(want_tiles.end(), {e, r, std::min(c.tile_rows, want_off[static_cast<size_t>(e) + 1] - r)});
    const int capacity = moe_tile_capacity(rows, c.n_expert, c.tile_rows);
    ASSERT_LE(static_cast<int>(want_tiles.size() / 3), capacity);

    auto dids = to_device(ids);
    const size_t ints = 3 * static_cast<size_t>(capacity) + 1 + static_cast<size_t>(c.n_expert) + 1;
    auto region = DeviceBuffer::allocate(0, 4 * ints, "tiles");
    auto tok = DeviceBuffer::allocate(0, 4 * static_cast<size_t>(rows), "x_rows");
    auto row = DeviceBuffer::allocate(0, 4 * static_cast<size_t>(rows), "slot_row");
    ASSERT_TRUE(region.ok() && tok.ok() && row.ok());
    MoeGroups g;
    g.tiles = region->as<int32_t>();
    g.n_tiles = g.tiles + 3 * capacity;
    g.offsets = g.n_tiles + 1;
    g.x_rows = tok->as<int32_t>();
    g.slot_row = row->as<int32_t>();
    TESSERA_ASSERT_OK(moe_group_rows(static_cast<const int32_t*>(dids.data()), c.n_tok, c.k, c.n_expert, c.tile_rows,
                                     g, nullptr));
    const auto all = from_device<int32_t>(*region, ints);
    const int n_tiles = all[3 * static_cast<size_t>(capacity)];
    ASSERT_EQ(n_tiles, static_cast<int>(want_tiles.size() / 3));
    EXPECT_EQ(std::vector<int32_t>(all.begin(), all.begin() + 3 * n_tiles), want_tiles);
    EXPECT_EQ(std::vector<int32_t>(all.begin() + 3 * capacity + 1, all.end()), want_off);
    EXPECT_EQ(from_device<int32_t>(*tok, static_cast<size_t>(rows)), want_tok);
    EXPECT_EQ(from_device<int32_t>(*row, static_cast<size_t>(rows)), want_row);
  }
}

// Inputs as the kernels take them: f16 rows (the values used for the float64 reference too).
struct HalfRows {
  std::vector<uint16_t> h;
  std::vector<float> f;  // the same values as floats
};
HalfRows half_rows(int64_t n, int64_t cols, int64_t ld, uint32_t seed, float scale = 1.0f) {
  const auto x = random_floats(static_cast<size_t>(n * ld), seed, scale);
  HalfRows r;
  r.h.resize(x.size());
  r.f.resize(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    r.h[i] = fp32_to_fp16(static_cast<int64_t>(i % static_cast<size_t>(ld)) < cols ? x[i] : 0.0f);
    r.f[i] = fp16_to_fp32(r.h[i]);
  }
  return r;
}

// W_e row i . x_t in float64 (wref: n_expert x rows rows of cols values).
double expert_dot(const std::vector<float>& wref, int64_t rows, int64_t cols, int64_t e, int64_t i,
                  const std::vector<float>& x, int64_t x_off) {
  double acc = 0;
  for (int64_t c = 0; c < cols; ++c)
    acc += static_cast<double>(wref[static_cast<size_t>((e * rows + i) * cols + c)]) * x[static_cast<size_t>(x_off + c)];
  return acc;
}

// 171 routed rows over 4 experts: expert 2 has 100, expert 0 has 1, expert 3 has 70, expert 1 none;
// as tiles of 64 and of 32 rows. The list has one spare tile past the count (garbage: CTAs past
// *n_tiles must do nothing).
struct TileSet {
  std::vector<int32_t> tiles;
  int n_tiles = 0;
};
TileSet tiles_of(int tile_rows) {
  TileSet t;
  const int32_t experts[3][3] = {{2, 0, 100}, {0, 100, 1}, {3, 101, 70}};
  for (const auto& e : experts)
    for (int r = 0; r < e[2]; r += tile_rows, ++t.n_tiles) t.tiles.insert(t.tiles.end(), {e[0], e[1] + r, std::min(tile_rows, e[2] - r)});
  t.tiles.insert(t.tiles.end(), {1, 0, 64});  // past the count
  return t;
}
std::vector<int32_t> expert_of_rows(const TileSet& t, int n_rows) {
  std::vector<int32_t> expert_of(static_cast<size_t>(n_rows));
  for (int i = 0; i < t.n_tiles; ++i)
    for (int v = 0; v < t.tiles[3 * i + 2]; ++v)
      expert_of[static_cast<size_t>(t.tiles[3 * i + 1] + v)] = t.tiles[3 * static_cast<size_t>(i)];
  return expert_of;
}

class MoeExpertGemm : public ::testing::TestWithParam<GgmlType> {};

// The tensor-core grouped prefill (expert_gemm.h), plain form: tiles of 32 and 64 rows over several
// experts, 200 weight rows (a partial CTA of 128), two or three pipeline stages (a partial last one
// for 32-element blocks), inputs through a row index and without one, an expert bias, against
// float64 on the f16 inputs with exact weights: the weights' f16 rounding (2^-11) over 512-768
// random products stays under 5e-3 of the largest output.
TEST_P(MoeExpertGemm, PlainTilesMatchTheirExpertsProducts) {
  TESSERA_REQUIRE_GPU();
  const GgmlType type = GetParam();
  const int n_expert = 4;
  const bool k_quant = type_info(type).block_size == 256;
  const int64_t cols = k_quant ? 768 : 576, rows = 200;
  const size_t stride = row_size(type, cols).value();
  const auto w = random_rows(type, rows * n_expert, cols, stride, 41);
  const auto wref = dequantize_ref(type, w, rows * n_expert, cols, stride);
  const auto bias = random_floats(static_cast<size_t>(rows * n_expert), 45);
  const int n_rows = 171, n_tok = 9;
  std::vector<int32_t> token_of(n_rows);
  for (int r = 0; r < n_rows; ++r) token_of[static_cast<size_t>(r)] = (r * 7 + 2) % n_tok;
  auto dw = to_device(w, 16);
  auto dtok = to_device(token_of);
  auto dbias = to_device(bias);
  ExpertWeights e;
  e.first = WeightMatrix{type, dw.data(), rows, cols, stride};
  e.expert_bytes = stride * static_cast<size_t>(rows);
  e.n_expert = n_expert;
  ASSERT_TRUE(expert_gemm_supported(e));
  for (int tile_rows : {kExpertGemmTileRows, kExpertGemmTileRowsSmall}) {
    const TileSet ts = tiles_of(tile_rows);
    const std::vector<int32_t> expert_of = expert_of_rows(ts, n_rows);
    auto dtiles = to_device(ts.tiles);
    auto dcount = to_device(std::vector<int32_t>{ts.n_tiles});
    for (bool indexed : {true, false}) {
      SCOPED_TRACE(std::string(indexed ? "inputs through the row index" : "an input per row") + ", tiles of " +
                   std::to_string(tile_rows));
      const int n_vec = indexed ? n_tok : n_rows;
      const int64_t ldx = cols + 8;
      const HalfRows x = half_rows(n_vec, cols, ldx, indexed ? 42 : 43);
      auto dx = to_device(x.h);
      const int64_t ldy = rows + 5;
      auto y = poisoned_floats(static_cast<size_t>(n_rows * ldy));
      const ExpertTiles t{static_cast<const int32_t*>(dtiles.data()), static_cast<const int32_t*>(dcount.data()),
                          ts.n_tiles + 1, tile_rows};
      TESSERA_ASSERT_OK(expert_gemm(e, indexed ? static_cast<const float*>(dbias.data()) : nullptr, t,
                                    ExpertInputs{static_cast<const uint16_t*>(dx.data()), ldx,
                                                 indexed ? static_cast<const int32_t*>(dtok.data()) : nullptr},
                                    static_cast<float*>(y.data()), ldy, nullptr));
      const auto all = from_device<float>(y, static_cast<size_t>(n_rows * ldy));
      std::vector<float> got;
      std::vector<double> want;
      for (int r = 0; r < n_rows; ++r) {
        const int64_t xi = indexed ? token_of[static_cast<size_t>(r)] : r;
        const int64_t ex = expert_of[static_cast<size_t>(r)];
        for (int64_t i = 0; i < rows; ++i) {
          want.push_back(expert_dot(wref, rows, cols, ex, i, x.f, xi * ldx) +
                         (indexed ? bias[static_cast<size_t>(ex * rows + i)] : 0.0));
          got.push_back(all[static_cast<size_t>(r * ldy + i)]);
        }
        for (int64_t i = rows; i < ldy; ++i)
          EXPECT_TRUE(std::isnan(all[static_cast<size_t>(r * ldy + i)])) << "wrote past row " << r;
      }
      EXPECT_LT(max_rel_error(got, want), 5e-3);
    }
  }
}

// The gate|up form: gate and up of the same experts in one launch, the activation (SiLU, gpt-oss's
// clamped SwiGLU) and both biases applied, h rounded to f16; the bias is wide enough to reach the
// SwiGLU clamps. Float64 reference with the same f16 inputs; f16 output adds 2^-11.
TEST_P(MoeExpertGemm, GateUpTilesApplyTheActivation) {
  TESSERA_REQUIRE_GPU();
  const GgmlType type = GetParam();
  const int n_expert = 4;
  const bool k_quant = type_info(type).block_size == 256;
  const int64_t cols = k_quant ? 512 : 544, rows = 100;  // 100 outputs: two CTAs of 64, the second partial
  const size_t stride = row_size(type, cols).value();
  const auto gw = random_rows(type, rows * n_expert, cols, stride, 51);
  const auto uw = random_rows(type, rows * n_expert, cols, stride, 52);
  const auto gref = dequantize_ref(type, gw, rows * n_expert, cols, stride);
  const auto uref = dequantize_ref(type, uw, rows * n_expert, cols, stride);
  auto gb = random_floats(static_cast<size_t>(rows * n_expert), 53, 9.0f);  // wide enough to reach the clamps
  auto ub = random_floats(static_cast<size_t>(rows * n_expert), 54, 9.0f);
  auto dg = to_device(gw, 16), du = to_device(uw, 16), dgb = to_device(gb), dub = to_device(ub);
  auto experts = [&](const DeviceBuffer& b) {
    ExpertWeights e;
    e.first = WeightMatrix{type, b.data(), rows, cols, stride};
    e.expert_bytes = stride * static_cast<size_t>(rows);
    e.n_expert = n_expert;
    return e;
  };
  const int n_rows = 171, n_tok = 9;
  std::vector<int32_t> token_of(n_rows);
  for (int r = 0; r < n_rows; ++r) token_of[static_cast<size_t>(r)] = (r * 5 + 3) % n_tok;
  auto dtok = to_device(token_of);
  const int64_t ldx = cols + 16;
  // Inputs scaled so gate and up stay a few units (random Q6_K rows reach |w| ~ 10: unscaled, g * u
  // passes f16's 65504, and the SwiGLU clamps at +-7 would see only saturated values).
  const HalfRows x = half_rows(n_tok, cols, ldx, 55, 1.0f / 64.0f);
  auto dx = to_device(x.h);
  for (int tile_rows : {kExpertGemmTileRowsSmall, kExpertGemmTileRows}) {
    const TileSet ts = tiles_of(tile_rows);
    const std::vector<int32_t> expert_of = expert_of_rows(ts, n_rows);
    auto dtiles = to_device(ts.tiles);
    const ExpertTiles t{static_cast<const int32_t*>(dtiles.data()), nullptr, ts.n_tiles, tile_rows};
    for (FfnActivation act : {FfnActivation::SiLU, FfnActivation::SwiGluOai}) {
      const bool oai = act == FfnActivation::SwiGluOai;
      SCOPED_TRACE(std::string(oai ? "gpt-oss SwiGLU with biases" : "SiLU") + ", tiles of " + std::to_string(tile_rows));
      const int64_t ldh = rows + 4;
      std::vector<uint16_t> poison(static_cast<size_t>(n_rows * ldh), 0x7E00);  // f16 NaN
      auto dh = to_device(poison);
      TESSERA_ASSERT_OK(expert_gemm_glu(experts(dg), experts(du), oai ? static_cast<const float*>(dgb.data()) : nullptr,
                                        oai ? static_cast<const float*>(dub.data()) : nullptr, act, t,
                                        ExpertInputs{static_cast<const uint16_t*>(dx.data()), ldx,
                                                     static_cast<const int32_t*>(dtok.data())},
                                        static_cast<uint16_t*>(dh.data()), ldh, nullptr));
      const auto hh = from_device<uint16_t>(dh, static_cast<size_t>(n_rows * ldh));
      std::vector<float> got;
      std::vector<double> want;
      for (int r = 0; r < n_rows; ++r) {
        const int64_t ex = expert_of[static_cast<size_t>(r)], xo = token_of[static_cast<size_t>(r)] * ldx;
        for (int64_t i = 0; i < rows; ++i) {
          double g = expert_dot(gref, rows, cols, ex, i, x.f, xo), u = expert_dot(uref, rows, cols, ex, i, x.f, xo);
          if (oai) {
            g = std::min(g + gb[static_cast<size_t>(ex * rows + i)], 7.0);
            u = std::clamp(u + ub[static_cast<size_t>(ex * rows + i)], -7.0, 7.0);
            want.push_back(g / (1.0 + std::exp(-1.702 * g)) * (u + 1.0));
          } else {
            want.push_back(g / (1.0 + std::exp(-g)) * u);
          }
          got.push_back(fp16_to_fp32(hh[static_cast<size_t>(r * ldh + i)]));
        }
        for (int64_t i = rows; i < ldh; ++i)
          EXPECT_EQ(hh[static_cast<size_t>(r * ldh + i)], 0x7E00) << "wrote past row " << r;
      }
      EXPECT_LT(max_rel_error(got, want), 6e-3);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Types, MoeExpertGemm,
                         ::testing::Values(GgmlType::Q8_0, GgmlType::Q4_0, GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K,
                                           GgmlType::Q3_K, GgmlType::Q2_K, GgmlType::IQ4_XS, GgmlType::IQ2_XXS,
                                           GgmlType::MXFP4),
                         [](const auto& info) { return std::string(type_name(info.param)); });

// What the kernels refuse, by name: float experts (their prefill takes GEMMs), inputs that are not
// 16-byte aligned f16 rows, gate and up of different layouts.
TEST(MoeExpertGemmArgs, RefusesFloatExpertsAndBadInputs) {
  TESSERA_REQUIRE_GPU();
  const int64_t cols = 256, rows = 64;
  const size_t stride = row_size(GgmlType::Q8_0, cols).value();
  auto dw = to_device(random_rows(GgmlType::Q8_0, rows, cols, stride, 61), 16);
  ExpertWeights e;
  e.first = WeightMatrix{GgmlType::Q8_0, dw.data(), rows, cols, stride};
  e.expert_bytes = stride * static_cast<size_t>(rows);
  e.n_expert = 1;
  auto dtiles = to_device(std::vector<int32_t>{0, 0, 1});
  auto dx = to_device(std::vector<uint16_t>(static_cast<size_t>(cols + 8), 0));
  auto y = poisoned_floats(static_cast<size_t>(rows));
  const ExpertTiles t{static_cast<const int32_t*>(dtiles.data()), nullptr, 1, kExpertGemmTileRows};
  ExpertWeights f = e;
  f.first.type = GgmlType::F32;
  f.first.row_stride = static_cast<size_t>(cols) * 4;
  EXPECT_FALSE(expert_gemm_supported(f));
  auto s = expert_gemm(f, nullptr, t, ExpertInputs{static_cast<const uint16_t*>(dx.data()), cols, nullptr},
                       static_cast<float*>(y.data()), rows, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, ErrorKind::Unsupported);
  s = expert_gemm(e, nullptr, t, ExpertInputs{static_cast<const uint16_t*>(dx.data()) + 1, cols, nullptr},
                  static_cast<float*>(y.data()), rows, nullptr);  // not 16-byte aligned
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("expert_gemm"), std::string::npos) << s.error().message;
  ExpertWeights other = e;
  other.first.rows = rows / 2;
  auto dh = to_device(std::vector<uint16_t>(static_cast<size_t>(rows), 0));
  s = expert_gemm_glu(e, other, nullptr, nullptr, FfnActivation::SiLU, t,
                      ExpertInputs{static_cast<const uint16_t*>(dx.data()), cols, nullptr},
                      static_cast<uint16_t*>(dh.data()), rows, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("gate and up"), std::string::npos) << s.error().message;
}

}  // namespace
}  // namespace tessera::cuda::test
