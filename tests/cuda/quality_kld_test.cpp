// The quality measure of issue 19 on the GPU: core's perplexity run (eval/perplexity_run.h) on the
// CPU float reference saves a KLD base, the CUDA backend is compared with it, as
// `tessera-cli perplexity --kl-divergence-base` does. stories260K (F32 weights) over our own
// paragraph, chunks of 64 in steps of 16 tokens, so scored rows come from several evaluation steps
// and from the tensor-core prompt path (steps above 8 tokens round to f16, hence the tolerances:
// mean KLD below 5e-3 nats, 90% same top token; the figures are printed so margins are visible).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "backend/cpu_backend.h"
#include "backend_support.h"
#include "cuda_test_util.h"
#include "eval/kld_base_file.h"
#include "eval/perplexity_run.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"

namespace tessera::cuda::test {
namespace {

TEST(CudaQuality, KlDivergenceAgainstTheCpuFloatReference) {
  TESSERA_REQUIRE_GPU();
  LoadedSpec m = open_model(tessera::test::fixture("models/stories260K-f32.gguf"));
  ASSERT_GT(m.spec.n_layer, 0);
  auto tok = tokenizer::Tokenizer::from_gguf(*m.file);
  ASSERT_TRUE(tok.ok()) << tok.error().describe();
  const auto bytes = tessera::test::read_file_bytes(tessera::test::source_dir() / "tests/data/quality/lighthouse.txt");
  const std::vector<int32_t> tokens = eval::perplexity_tokens(**tok, std::string(bytes.begin(), bytes.end()));
  auto plan = eval::plan_chunks(tokens.size(), 64, 0);
  ASSERT_TRUE(plan.ok()) << plan.error().message;
  const int32_t start = eval::chunk_start_token(**tok);

  tessera::test::TempDir dir;
  const std::string base_path = dir.file("cpu.kld").string();
  double cpu_ppl = 0.0;
  {
    CpuBackend cpu_backend;
    auto cpu = cpu_backend.load_model(m.spec, test_settings(64, 16, true), nullptr);
    ASSERT_TRUE(cpu.ok()) << cpu.error().describe();
    eval::KldBaseHeader header{static_cast<uint32_t>((*cpu)->n_vocab()), *plan, start};
    auto writer = eval::KldBaseWriter::create(
        base_path, header, std::span<const int32_t>(tokens).first(static_cast<size_t>(plan->n_chunks) * 64));
    ASSERT_TRUE(writer.ok()) << writer.error().message;
    eval::PerplexityRunOptions options;
    options.save_base = &*writer;
    auto run = eval::run_perplexity(**cpu, tokens, *plan, start, options);
    ASSERT_TRUE(run.ok()) << run.error().describe();
    ASSERT_TRUE(writer->finish().ok());
    cpu_ppl = run->ppl.value;
  }

  auto backend = make_cuda_backend(0, SplitMode::None);
  ASSERT_TRUE(backend);
  auto gpu = backend->load_model(m.spec, test_settings(64, 16, true), nullptr);
  ASSERT_TRUE(gpu.ok()) << gpu.error().describe();
  auto base = eval::KldBaseReader::open(base_path);
  ASSERT_TRUE(base.ok()) << base.error().message;
  ASSERT_TRUE(eval::check_kld_base_matches(*base, (*gpu)->n_vocab(), *plan, start, tokens).ok());
  eval::PerplexityRunOptions options;
  options.compare_base = &*base;
  auto run = eval::run_perplexity(**gpu, tokens, *plan, start, options);
  ASSERT_TRUE(run.ok()) << run.error().describe();
  ASSERT_TRUE(run->kld.has_value());
  const eval::KldSummary& k = *run->kld;
  std::printf("stories260K, %d chunks of 64: PPL cpu %.4f cuda %.4f; mean KLD %.3g +/- %.2g, max %.3g, same top %.2f%%\n",
              plan->n_chunks, cpu_ppl, run->ppl.value, k.kld.value, k.kld.error, k.kld_quantiles.max,
              100.0 * k.same_top.value);
  EXPECT_EQ(k.count, plan->scored_tokens());
  EXPECT_NEAR(k.ppl_base.value, cpu_ppl, 1e-3 * cpu_ppl);
  EXPECT_GE(k.kld.value, 0.0);
  EXPECT_LT(k.kld.value, 5e-3);
  EXPECT_GT(k.same_top.value, 0.9);
  EXPECT_NEAR(run->ppl.value, cpu_ppl, 0.02 * cpu_ppl);
}

}  // namespace
}  // namespace tessera::cuda::test
