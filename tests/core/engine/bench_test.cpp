// engine/bench.h's run_bench (the measuring loop of `tessera-cli bench` and the app's A/B split
// benchmark) on the CPU backend with the embedded tiny model: the tests it runs, the runs it
// reports through progress, cancelling by progress and by the stop flag, and the limits it checks.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>

#include "engine/bench.h"
#include "engine/engine.h"
#include "support/test_support.h"

namespace tessera::test {
namespace {

const auto kModel = [] { return source_dir() / "resources" / "models" / "tessera-tiny.gguf"; };

class Bench : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kModel())) GTEST_SKIP() << "no tessera-tiny model in this tree";
    LoadSettings s;
    s.backend = "cpu";
    s.n_ctx = 64;
    s.n_batch = 32;
    s.n_threads = 1;
    ASSERT_TRUE(engine_.load(kModel().string(), s).ok());
  }
  BackendModel& model() { return engine_.backend_model(); }
  Engine engine_;
};

TEST_F(Bench, RunsEachPromptAndGenerationTestWithItsRepetitions) {
  BenchOptions o;
  o.n_prompts = {16, 0, 32};  // 0 skips
  o.n_gens = {8};
  o.repetitions = 2;
  std::vector<std::pair<int, int>> calls;
  auto rows = run_bench(model(), o, [&](int done, int total) {
    calls.emplace_back(done, total);
    return true;
  });
  ASSERT_TRUE(rows.ok()) << rows.error().describe();
  ASSERT_EQ(rows->size(), 3u);
  EXPECT_EQ((*rows)[0].test, "pp16");
  EXPECT_TRUE((*rows)[0].prompt);
  EXPECT_EQ((*rows)[1].test, "pp32");
  EXPECT_EQ((*rows)[2].test, "tg8");
  EXPECT_FALSE((*rows)[2].prompt);
  EXPECT_EQ((*rows)[2].n_tokens, 8);
  for (const BenchRow& row : *rows) {
    ASSERT_EQ(row.tokens_per_second.size(), 2u) << row.test;
    for (double tps : row.tokens_per_second) EXPECT_GT(tps, 0.0) << row.test;
  }
  // Three tests of one warm-up and two timed runs each, counted one by one.
  ASSERT_EQ(calls.size(), 9u);
  for (size_t i = 0; i < calls.size(); ++i) {
    EXPECT_EQ(calls[i].first, static_cast<int>(i) + 1);
    EXPECT_EQ(calls[i].second, 9);
  }
  EXPECT_EQ(model().n_past(), 0) << "the cache is left empty";
}

TEST_F(Bench, EveryTestRunsAtEachDepth) {
  BenchOptions o;
  o.n_prompts = {16};
  o.n_gens = {8};
  o.depths = {0, 24};
  o.repetitions = 1;
  auto rows = run_bench(model(), o);
  ASSERT_TRUE(rows.ok()) << rows.error().describe();
  ASSERT_EQ(rows->size(), 4u);
  const char* const tests[] = {"pp16", "tg8", "pp16 @ d24", "tg8 @ d24"};
  const int32_t depths[] = {0, 0, 24, 24};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ((*rows)[i].test, tests[i]);
    EXPECT_EQ((*rows)[i].depth, depths[i]);
    ASSERT_EQ((*rows)[i].tokens_per_second.size(), 1u);
    EXPECT_GT((*rows)[i].tokens_per_second[0], 0.0);
  }
  EXPECT_EQ(bench_longest_test(o), 24 + 16);
  // The depth counts against the context: 48 + 32 > 64.
  o.depths = {48};
  o.n_prompts = {32};
  auto deep = run_bench(model(), o);
  ASSERT_FALSE(deep.ok());
  EXPECT_NE(deep.error().message.find("80 tokens"), std::string::npos) << deep.error().message;
}

TEST_F(Bench, ProgressReturningFalseCancels) {
  BenchOptions o;
  o.n_prompts = {16};
  o.n_gens = {8};
  o.repetitions = 3;
  int calls = 0;
  auto rows = run_bench(model(), o, [&](int, int) { return ++calls < 2; });
  ASSERT_FALSE(rows.ok());
  EXPECT_EQ(rows.error().kind, ErrorKind::Cancelled);
  EXPECT_EQ(calls, 2);
}

TEST_F(Bench, TheStopFlagCancelsBeforeTheFirstRun) {
  std::atomic<bool> stop{true};
  BenchOptions o;
  o.n_prompts = {0};
  o.n_gens = {16};
  o.stop = &stop;
  int calls = 0;
  auto rows = run_bench(model(), o, [&](int, int) { return ++calls > 0; });
  ASSERT_FALSE(rows.ok());
  EXPECT_EQ(rows.error().kind, ErrorKind::Cancelled);
  EXPECT_EQ(calls, 0);
}

TEST_F(Bench, RefusesTestsBeyondTheContextOrTheBatch) {
  BenchOptions longer;
  longer.n_prompts = {0};
  longer.n_gens = {65};
  auto a = run_bench(model(), longer);
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.error().kind, ErrorKind::InvalidArgument);
  EXPECT_NE(a.error().message.find("65 tokens"), std::string::npos) << a.error().message;
  EXPECT_NE(a.error().message.find("context of 64"), std::string::npos) << a.error().message;

  BenchOptions wide;
  wide.n_prompts = {48};
  wide.n_gens = {0};
  auto b = run_bench(model(), wide);
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message.find("batch of 32"), std::string::npos) << b.error().message;

  BenchOptions none;
  none.repetitions = 0;
  EXPECT_FALSE(run_bench(model(), none).ok());
}

TEST(BenchStats, MeanAndSampleStandardDeviation) {
  const BenchStats s = bench_stats({2.0, 4.0, 6.0});
  EXPECT_DOUBLE_EQ(s.mean, 4.0);
  EXPECT_DOUBLE_EQ(s.stddev, 2.0);
  EXPECT_DOUBLE_EQ(bench_stats({5.0}).stddev, 0.0);
  EXPECT_DOUBLE_EQ(bench_stats({}).mean, 0.0);
}

}  // namespace
}  // namespace tessera::test
