// `tessera-cli bench -d`: tests run with tokens already in the KV cache (llama-bench's depth), on
// the CPU with the embedded model.
#include <set>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;
using test::CliResult;
using test::run_cli;

std::string tiny_model() { return (test::source_dir() / "resources/models/tessera-tiny.gguf").string(); }

TEST(BenchDepthCli, EveryTestRunsAtEveryDepth) {
  const CliResult r = run_cli({"bench", "-m", tiny_model(), "--backend", "cpu", "-p", "8", "-n", "4", "-d", "0,24",
                               "-r", "2", "-o", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(j.is_discarded()) << r.out.substr(0, 200);
  std::set<std::pair<std::string, int>> seen;
  for (const auto& row : j.at("results")) {
    seen.insert({row.at("test").get<std::string>(), row.at("n_depth").get<int>()});
    EXPECT_GT(row.at("tokens_per_second").get<double>(), 0.0);
    EXPECT_EQ(row.at("samples").size(), 2u);
  }
  EXPECT_EQ(seen, (std::set<std::pair<std::string, int>>{{"pp8", 0}, {"tg4", 0}, {"pp8 @ d24", 24}, {"tg4 @ d24", 24}}));
}

TEST(BenchDepthCli, TableLabelsTheDepthLikeLlamaBench) {
  const CliResult r = run_cli({"bench", "-m", tiny_model(), "--backend", "cpu", "-p", "8", "-n", "4", "-d", "16", "-r", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("| pp8 @ d16 |"));
  EXPECT_THAT(r.out, HasSubstr("| tg4 @ d16 |"));
}

TEST(BenchDepthCli, DepthBeyondTheContextIsRefused) {
  const CliResult r = run_cli({"bench", "-m", tiny_model(), "--backend", "cpu", "-p", "8", "-n", "4", "-d", "30",
                               "--ctx", "32", "-r", "1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("--ctx 32 is shorter than the longest test (-p 8 tokens at depth -d 30: 38 tokens)"));
  // Exactly fitting is fine.
  const CliResult fits = run_cli({"bench", "-m", tiny_model(), "--backend", "cpu", "-p", "8", "-n", "4", "-d", "24",
                                  "--ctx", "32", "-r", "1"});
  EXPECT_EQ(fits.exit_code, 0) << fits.err;

  const CliResult bad = run_cli({"bench", "-m", tiny_model(), "-d", "8,x"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("-d: '8,x' holds 'x'"));
}

}  // namespace
}  // namespace tessera
