// Gemma 4's attention-side blocks in the CUDA backend, end to end (the conformance suite compares
// them with the float64 reference too): the E2B/E4B and 31B features in one small model
// (random_model.h's set_gemma4_e2b_31b_layers: sliding and full layers of their own head sizes and
// KV heads, K as V, V norm, two layers reading earlier layers' caches, per-layer embeddings, layer
// output scales). Every allocation is what the placement planned, on one device and split by layers
// with ratios that would cut between a shared cache and its reader (the placement keeps them
// together) and that send the per-layer inputs to the second device; the split computes what one
// device computes, bit for bit, and both agree with the CPU backend over a prompt, a few-token batch
// and decode steps, F32 and Q8_0 weights; the context shift keeps agreeing.
#include <gtest/gtest.h>

#include <algorithm>

#include "backend/cpu_backend.h"
#include "backend_support.h"
#include "core/model/random_model.h"
#include "cuda_test_util.h"
#include "model/model_loader.h"

namespace tessera::cuda::test {
namespace {

tessera::test::RandomModelConfig gemma4_model(GgmlType type) {
  tessera::test::RandomModelConfig c;
  c.arch = "gemma4";
  tessera::test::set_gemma4_e2b_31b_layers(c);
  c.final_softcap = 3.0;
  c.rms_eps = 1e-6;
  c.matrix_type = type;
  c.embd_type = type;
  if (type != GgmlType::F32) c.n_embd_per_layer = 32;  // the per-layer projection's rows: whole blocks
  return c;
}

std::unique_ptr<CudaBackend> split_backend(const std::vector<float>& ratios) {
  CudaBackendOptions o;
  o.virtual_devices = VirtualDevices{static_cast<int>(ratios.size()), 0};
  o.split.mode = SplitMode::Layer;
  o.split.ratios = ratios;
  auto b = CudaBackend::create(o);
  EXPECT_TRUE(b.ok()) << b.error().describe();
  return b.ok() ? std::move(b).value() : nullptr;
}

void expect_planned(BackendModel& model) {
  auto usage = cuda_device_usage(model);
  ASSERT_TRUE(usage.ok()) << usage.error().describe();
  for (const auto& u : *usage) {
    EXPECT_EQ(u.allocated.weights, u.planned.weights) << "device " << u.logical;
    EXPECT_EQ(u.allocated.kv_cache, u.planned.kv_cache) << "device " << u.logical;
    EXPECT_EQ(u.allocated.scratch, u.planned.scratch) << "device " << u.logical;
  }
}

TEST(CudaGemma4Attention, SplitAndOneDeviceMatchTheCpu) {
  TESSERA_REQUIRE_GPU();
  for (GgmlType type : {GgmlType::F32, GgmlType::Q8_0}) {
    SCOPED_TRACE(type_name(type));
    auto file = tessera::test::random_model_file(gemma4_model(type));
    auto built = build_model_spec(file);
    ASSERT_TRUE(built.ok()) << built.error().describe();
    const ModelSpec& spec = *built;
    const auto settings = test_settings(64, 16, true);
    auto one = make_cuda_backend(0, SplitMode::None);
    auto two = split_backend({2, 1});  // layers 0-3 | 4-5 before the placement moves 2-3 to the readers
    ASSERT_TRUE(one && two);
    auto g1 = one->load_model(spec, settings, nullptr);
    auto g2 = two->load_model(spec, settings, nullptr);
    ASSERT_TRUE(g1.ok()) << g1.error().describe();
    ASSERT_TRUE(g2.ok()) << g2.error().describe();
    expect_planned(**g1);
    expect_planned(**g2);
    CpuBackend cpu_backend;
    auto cpu = cpu_backend.load_model(spec, settings, nullptr);
    ASSERT_TRUE(cpu.ok()) << cpu.error().describe();
    std::vector<int32_t> prompt(12);
    for (size_t i = 0; i < prompt.size(); ++i) prompt[i] = static_cast<int32_t>((i * 37 + 5) % spec.n_vocab);
    const std::vector<std::vector<int32_t>> steps = {prompt, {7, 3, 11}, {19}, {23}, {29}};
    const double tol = type == GgmlType::F32 ? 2e-2 : 5e-2;
    int32_t pos = 0;
    auto compare = [&](const std::string& what) {
      auto l1 = (*g1)->logits();
      auto l2 = (*g2)->logits();
      auto lc = (*cpu)->logits();
      ASSERT_TRUE(l1.ok() && l2.ok() && lc.ok());
      EXPECT_TRUE(std::equal(l1->begin(), l1->end(), l2->begin(), l2->end())) << "layer split differs: " << what;
      EXPECT_LT(rel_error(*l1, *lc), tol) << what;
    };
    for (size_t s = 0; s < steps.size(); ++s) {
      for (auto* m : {&*g1, &*g2, &*cpu}) ASSERT_TRUE((*m)->eval(steps[s], pos, LogitsRequest::All).ok());
      pos += static_cast<int32_t>(steps[s].size());
      compare("step " + std::to_string(s));
    }
    // The context shift: positions 3..7 out, then one more token on every model.
    for (auto* m : {&*g1, &*g2, &*cpu}) {
      ASSERT_TRUE((*m)->kv_remove_supported());
      const Status st = (*m)->kv_remove(3, 5);
      ASSERT_TRUE(st.ok()) << st.error().describe();
    }
    pos -= 5;
    const std::vector<int32_t> next = {41};
    for (auto* m : {&*g1, &*g2, &*cpu}) ASSERT_TRUE((*m)->eval(next, pos, LogitsRequest::All).ok());
    compare("after the shift");
  }
}

}  // namespace
}  // namespace tessera::cuda::test
