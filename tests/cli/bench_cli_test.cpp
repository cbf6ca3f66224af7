// `tessera-cli bench` run as a process: usage and its errors, --synth's checks of shape and type,
// the CPU backend refusing --synth's random in-memory weights, and a small JSON run on the
// embedded model.
#include <set>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using test::CliResult;
using test::run_cli;
using ::testing::HasSubstr;

std::string tiny_model() {
  return (test::source_dir() / "resources/models/tessera-tiny.gguf").string();
}

TEST(BenchCli, HelpMentionsSynth) {
  const CliResult r = run_cli({"bench", "--help"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("usage: tessera-cli bench"));
  EXPECT_THAT(r.out, HasSubstr("--synth"));
}

TEST(BenchCli, NeedsExactlyOneOfModelAndSynth) {
  const CliResult neither = run_cli({"bench"});
  EXPECT_EQ(neither.exit_code, 2);
  EXPECT_EQ(neither.out, "");
  EXPECT_THAT(neither.err, HasSubstr("usage: tessera-cli bench"));

  const CliResult both = run_cli({"bench", "-m", tiny_model(), "--synth", "tiny", "--type", "F16"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_EQ(both.out, "");
  EXPECT_THAT(both.err, HasSubstr("usage: tessera-cli bench"));
}

TEST(BenchCli, UnknownShapeListsTheKnownOnes) {
  const CliResult r = run_cli({"bench", "--synth", "no-such-shape", "--type", "F16"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("unknown shape 'no-such-shape'"));
  EXPECT_THAT(r.err, HasSubstr("llama3-8b"));
}

TEST(BenchCli, TypeTesseraCannotComputeWithIsNamed) {
  const CliResult r = run_cli({"bench", "--synth", "tiny", "--type", "Q8_K"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("type 'Q8_K'"));
}

TEST(BenchCli, CpuBackendRefusesSynthWeights) {
  const CliResult r =
      run_cli({"bench", "--synth", "tiny", "--type", "F16", "--backend", "cpu", "-p", "4", "-n", "2", "-r", "1"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("CUDA backend"));
}

TEST(BenchCli, JsonOnTheEmbeddedModel) {
  const CliResult r =
      run_cli({"bench", "-m", tiny_model(), "--backend", "cpu", "-p", "8", "-n", "4", "-r", "1", "-o", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(j.is_discarded()) << "not JSON: " << r.out.substr(0, 200);
  EXPECT_EQ(j.at("model").get<std::string>(), tiny_model());
  ASSERT_TRUE(j.at("results").is_array());
  std::set<std::string> tests;
  for (const auto& row : j.at("results")) {
    const std::string name = row.at("test").get<std::string>();
    tests.insert(name);
    EXPECT_GT(row.at("tokens_per_second").get<double>(), 0.0) << name;
    EXPECT_EQ(row.at("samples").size(), 1u) << name;  // -r 1
  }
  EXPECT_EQ(tests, (std::set<std::string>{"pp8", "tg4"}));
}

// --kv-type reaches the backend (its description names the cache) and the output shows it.
TEST(BenchCli, KvTypeIsUsedAndShown) {
  const CliResult j = run_cli({"bench", "-m", tiny_model(), "--backend", "cpu", "-p", "8", "-n", "4", "-r", "1", "-o",
                               "json", "--kv-type", "q4_0"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const nlohmann::json doc = nlohmann::json::parse(j.out, nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(doc.is_discarded()) << "not JSON: " << j.out.substr(0, 200);
  EXPECT_EQ(doc.at("kv_type").get<std::string>(), "q4_0");
  EXPECT_THAT(doc.at("backend").get<std::string>(), HasSubstr("Q4_0 KV cache"));
  const CliResult md =
      run_cli({"bench", "-m", tiny_model(), "--backend", "cpu", "-p", "8", "-n", "4", "-r", "1", "--kv-type", "q8_0"});
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_THAT(md.out, HasSubstr("| kv |"));
  EXPECT_THAT(md.out, HasSubstr("| q8_0 | pp8 |"));
  const CliResult bad = run_cli({"bench", "-m", tiny_model(), "--kv-type", "q2_k"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--kv-type: 'q2_k' is not a KV cache type (f16|f32|q8_0|q4_0)"));
}

}  // namespace
}  // namespace tessera
