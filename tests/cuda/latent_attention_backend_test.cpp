// The DeepSeek-V3 family's latent attention in the CUDA backend, end to end (its kernels alone:
// latent_attention_test.cpp): the cache is the latent, one row of rank + rope values per position
// and layer, exactly what the placement planned (every allocation, on one device and split by
// layers over two); the layer split computes what one device computes, bit for bit; and the logits
// agree with the CPU backend's over a prompt (the per-head GEMMs), few-token batches (the per-head
// products as one matvec) and decode steps (the captured graph), for low-rank queries and Wq ones,
// F32 and Q8_0 weights. The model's router is the plain one, so these run on this backend before the
// DeepSeek-V3 router choices do (the conformance suite's deepseek2 cases need both).
#include <gtest/gtest.h>

#include <algorithm>

#include "backend/cpu_backend.h"
#include "backend/kv_cache_type.h"
#include "backend_support.h"
#include "core/model/random_model.h"
#include "cuda_test_util.h"
#include "model/model_loader.h"

namespace tessera::cuda::test {
namespace {

using tessera::test::RandomModelConfig;

RandomModelConfig latent_model(int64_t q_lora_rank, GgmlType type) {
  RandomModelConfig c;
  c.arch = "deepseek2";
  c.n_layer = 3;
  c.n_expert = 4;
  c.n_expert_used = 2;
  c.n_ff = 32;
  c.n_shared_experts = 1;
  tessera::test::set_deepseek_latent_attention(c, q_lora_rank);
  c.scaling = tessera::test::RopeScalingKind::Yarn;
  c.scaling_factor = 4.0;
  c.original_ctx = 64;
  c.yarn_log_multiplier = 0.0707;
  c.matrix_type = type;
  for (int l = 0; l < 3; ++l) c.omit.insert("blk." + std::to_string(l) + ".exp_probs_b.bias");  // no selection bias
  return c;
}

struct Model {
  std::shared_ptr<const gguf::GgufFile> file;
  ModelSpec spec;
};
Model build(const RandomModelConfig& c) {
  Model m;
  m.file = tessera::test::random_model_file(c);
  auto spec = build_model_spec(m.file);
  EXPECT_TRUE(spec.ok()) << spec.error().describe();
  if (spec.ok()) m.spec = std::move(spec).value();
  return m;
}

TEST(CudaLatentAttention, TheCacheIsTheLatentAsPlanned) {
  TESSERA_REQUIRE_GPU();
  const Model m = build(latent_model(32, GgmlType::F32));
  ASSERT_GT(m.spec.n_layer, 0);
  const int n_ctx = 256;
  for (auto [n_virtual, mode] : {std::pair{0, SplitMode::None}, std::pair{2, SplitMode::Layer}}) {
    SCOPED_TRACE(split_mode_name(mode));
    auto backend = make_cuda_backend(n_virtual, mode);
    ASSERT_TRUE(backend);
    auto model = backend->load_model(m.spec, test_settings(n_ctx, 16, false), nullptr);
    ASSERT_TRUE(model.ok()) << model.error().describe();
    auto usage = cuda_device_usage(**model);
    ASSERT_TRUE(usage.ok()) << usage.error().describe();
    uint64_t kv = 0;
    for (const auto& u : *usage) {
      EXPECT_EQ(u.allocated.weights, u.planned.weights) << "device " << u.logical;
      EXPECT_EQ(u.allocated.kv_cache, u.planned.kv_cache) << "device " << u.logical;
      EXPECT_EQ(u.allocated.scratch, u.planned.scratch) << "device " << u.logical;
      EXPECT_EQ(u.allocated.recurrent_state, u.planned.recurrent_state) << "device " << u.logical;
      kv += u.allocated.kv_cache;
    }
    // One row of the latent (64) and the rotated key (32) per position and layer; per-head K and V
    // would be 2 x 4 heads x 64 values.
    EXPECT_EQ(kv, static_cast<uint64_t>(m.spec.n_layer) * n_ctx * kv_cache_row_bytes(KvCacheType::F16, 96));
    EXPECT_EQ((*model)->footprint().kv_cache_bytes, kv);
  }
}

// Logits of a prompt, a 3-token batch and decode steps on one device, split by layers, and the CPU.
void compare(const RandomModelConfig& c, double tol) {
  const Model m = build(c);
  ASSERT_GT(m.spec.n_layer, 0);
  const auto settings = test_settings(64, 32, true);
  auto one = make_cuda_backend(0, SplitMode::None);
  auto two = make_cuda_backend(2, SplitMode::Layer);
  ASSERT_TRUE(one && two);
  auto g1 = one->load_model(m.spec, settings, nullptr);
  auto g2 = two->load_model(m.spec, settings, nullptr);
  ASSERT_TRUE(g1.ok()) << g1.error().describe();
  ASSERT_TRUE(g2.ok()) << g2.error().describe();
  CpuBackend cpu_backend;
  auto cpu = cpu_backend.load_model(m.spec, settings, nullptr);
  ASSERT_TRUE(cpu.ok()) << cpu.error().describe();
  std::vector<int32_t> prompt(12);
  for (size_t i = 0; i < prompt.size(); ++i) prompt[i] = static_cast<int32_t>((i * 37 + 5) % m.spec.n_vocab);
  const std::vector<std::vector<int32_t>> steps = {prompt, {7, 3, 11}, {19}, {23}, {29}, {31}};
  int32_t pos = 0;
  for (size_t s = 0; s < steps.size(); ++s) {
    for (auto* model : {&*g1, &*g2, &*cpu})
      ASSERT_TRUE((*model)->eval(steps[s], pos, LogitsRequest::All).ok());
    pos += static_cast<int32_t>(steps[s].size());
    auto l1 = (*g1)->logits();
    auto l2 = (*g2)->logits();
    auto lc = (*cpu)->logits();
    ASSERT_TRUE(l1.ok() && l2.ok() && lc.ok());
    EXPECT_TRUE(std::equal(l1->begin(), l1->end(), l2->begin(), l2->end())) << "layer split differs at step " << s;
    EXPECT_LT(rel_error(*l1, *lc), tol) << "step " << s << " (" << steps[s].size() << " tokens)";
  }
}

TEST(CudaLatentAttention, MatchesTheCpuBackend) {
  TESSERA_REQUIRE_GPU();
  {
    SCOPED_TRACE("low-rank queries, F32");
    compare(latent_model(32, GgmlType::F32), 2e-2);
  }
  {
    SCOPED_TRACE("Wq queries, Q8_0");
    compare(latent_model(0, GgmlType::Q8_0), 5e-2);
  }
}

}  // namespace
}  // namespace tessera::cuda::test
