// Llama 4's attention blocks in the CUDA backend, end to end against the CPU backend (the kernels'
// masks alone: attention_test.cpp's ChunkedAttention): chunked layers whose 8-position chunks the
// prompt and the decode steps cross, a NoPE layer with the attention temperature, and the unit QK
// norm of the rotated layers, on one device and split by layers and by rows. The blocks are set on
// a llama spec (Llama 4's architecture row is not in the table yet; its blocks are the spec's).
#include <gtest/gtest.h>

#include "backend/cpu_backend.h"
#include "backend_support.h"
#include "core/model/random_model.h"
#include "cuda_test_util.h"
#include "model/model_loader.h"

namespace tessera::cuda::test {
namespace {

TEST(CudaLlama4Attention, MatchesTheCpuBackend) {
  TESSERA_REQUIRE_GPU();
  tessera::test::RandomModelConfig c;
  c.n_layer = 4;
  c.head_size = 32;
  auto file = tessera::test::random_model_file(c);
  auto built = build_model_spec(file);
  ASSERT_TRUE(built.ok()) << built.error().describe();
  ModelSpec spec = std::move(built).value();
  for (size_t l = 0; l < 3; ++l) spec.layers[l].chunked = true;
  spec.attention_chunk = 8;
  spec.layers[3].nope = true;
  spec.attention_temperature = {0.1f, 4, 1.0f};
  spec.unit_qk_norm = true;
  const auto settings = test_settings(64, 16, true);
  CpuBackend cpu_backend;
  auto cpu = cpu_backend.load_model(spec, settings, nullptr);
  ASSERT_TRUE(cpu.ok()) << cpu.error().describe();
  for (auto [n, mode] : {std::pair{0, SplitMode::None}, std::pair{2, SplitMode::Layer}, std::pair{2, SplitMode::Row}}) {
    SCOPED_TRACE(split_mode_name(mode));
    auto backend = make_cuda_backend(n, mode);
    ASSERT_TRUE(backend);
    auto gpu = backend->load_model(spec, settings, nullptr);
    ASSERT_TRUE(gpu.ok()) << gpu.error().describe();
    // 12 prompt tokens (chunks 0..7 and 8..11), 3 more (to 14), then decode across position 16.
    std::vector<int32_t> prompt(12);
    for (size_t i = 0; i < prompt.size(); ++i) prompt[i] = static_cast<int32_t>((i * 37 + 5) % spec.n_vocab);
    const std::vector<std::vector<int32_t>> steps = {prompt, {7, 3, 11}, {19}, {23}, {29}, {31}};
    int32_t pos = 0;
    (*cpu)->kv_clear();
    for (size_t s = 0; s < steps.size(); ++s) {
      for (auto* m : {&*gpu, &*cpu}) ASSERT_TRUE((*m)->eval(steps[s], pos, LogitsRequest::All).ok());
      pos += static_cast<int32_t>(steps[s].size());
      auto lg = (*gpu)->logits();
      auto lc = (*cpu)->logits();
      ASSERT_TRUE(lg.ok() && lc.ok());
      EXPECT_LT(rel_error(*lg, *lc), 2e-2) << "step " << s << " (" << steps[s].size() << " tokens)";
    }
  }
}

}  // namespace
}  // namespace tessera::cuda::test
