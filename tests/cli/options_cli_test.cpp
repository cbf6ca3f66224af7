// tessera-cli's numeric options as a person types them: every refusal exits 2 and names the
// option, the text given and the accepted range (cli/option_ranges.h); nothing wraps or is read
// half ("4x"). Each case here was once accepted or misread.
#include <set>
#include <string>
#include <vector>

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
using ::testing::StartsWith;

std::string stories() { return test::fixture("models/stories260K-f32.gguf").string(); }
std::string tiny_model() { return (test::source_dir() / "resources/models/tessera-tiny.gguf").string(); }

// `run` (and `chat`, which shares the options) print the one-line reason only.
void expect_run_refusal(const std::vector<std::string>& options, const std::string& reason) {
  for (const char* command : {"run", "chat"}) {
    std::vector<std::string> args = {command, "-m", stories()};
    if (std::string(command) == "run") args.insert(args.end(), {"-p", "x"});
    args.insert(args.end(), options.begin(), options.end());
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << command << " " << reason;
    EXPECT_EQ(r.out, "") << command;
    EXPECT_EQ(r.err, "tessera-cli " + std::string(command) + ": " + reason + "\n") << command;
  }
}

// `bench` and `synth` print the reason, a blank line and their usage.
void expect_usage_refusal(const std::vector<std::string>& args, const std::string& reason) {
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.exit_code, 2) << reason;
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, StartsWith("tessera-cli " + args[0] + ": " + reason + "\n\nusage: tessera-cli " + args[0]));
}

TEST(OptionsCli, ThreadCountIsOneTo1024) {
  expect_run_refusal({"-t", "100000"}, "-t: 100000 is out of range (1..1024)");
  expect_run_refusal({"-t", "-4"}, "-t: -4 is out of range (1..1024)");  // once meant "all cores"
  expect_run_refusal({"--threads", "0"}, "--threads: 0 is out of range (1..1024)");
  expect_run_refusal({"-t", "4x"}, "-t: '4x' is not an integer (1..1024)");
  expect_usage_refusal({"bench", "-m", tiny_model(), "-t", "100000"}, "-t: 100000 is out of range (1..1024)");
  test::TempDir dir;
  expect_usage_refusal({"synth", "--shape", "tiny", "--type", "F16", "-o", dir.file("x.gguf").string(), "--threads",
                        "100000"},
                       "--threads: 100000 is out of range (1..1024)");
  expect_usage_refusal({"synth", "--shape", "tiny", "--type", "F16", "-o", dir.file("x.gguf").string(), "--threads",
                        "4x"},
                       "--threads: '4x' is not an integer (1..1024)");
}

TEST(OptionsCli, ContextBatchAndPredictDoNotWrap) {
  // 4294967296 is 2^32: static_cast<int32_t> made it 0 (the model's default).
  expect_run_refusal({"--ctx", "4294967296"}, "--ctx: 4294967296 is out of range (1..16777216)");
  expect_run_refusal({"-c", "16777217"}, "-c: 16777217 is out of range (1..16777216)");
  expect_run_refusal({"-c", "0"}, "-c: 0 is out of range (1..16777216)");
  expect_run_refusal({"-n", "4294967296"}, "-n: 4294967296 is out of range (-1..16777216)");
  expect_run_refusal({"--n-predict", "-2"}, "--n-predict: -2 is out of range (-1..16777216)");
  expect_run_refusal({"-b", "4294967296"}, "-b: 4294967296 is out of range (1..16777216)");
  expect_run_refusal({"--batch", "0"}, "--batch: 0 is out of range (1..16777216)");
  expect_run_refusal({"--ctx"}, "--ctx needs a value (1..16777216)");
  expect_usage_refusal({"bench", "-m", tiny_model(), "--ctx", "4294967296"},
                       "--ctx: 4294967296 is out of range (1..16777216)");
}

TEST(OptionsCli, ContextBeyondTheTrainedOneRunsWithANote) {
  const CliResult r = run_cli({"run", "-m", stories(), "-p", "x", "-n", "2", "--temp", "0", "-c", "1024",
                               "--backend", "cpu"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("tessera-cli run: note: --ctx 1024 is beyond the 512 tokens of context " + stories() +
                               " was trained on; output may degrade past them\n"));
  const CliResult within = run_cli({"run", "-m", stories(), "-p", "x", "-n", "2", "--temp", "0", "-c", "512",
                                    "--backend", "cpu"});
  ASSERT_EQ(within.exit_code, 0) << within.err;
  EXPECT_THAT(within.err, ::testing::Not(HasSubstr("note: --ctx")));
}

TEST(OptionsCli, HalfNumbersAreRefused) {
  expect_run_refusal({"-mg", "4x"}, "-mg: '4x' is not an integer (0..255)");
  expect_run_refusal({"--main-gpu", "-1"}, "--main-gpu: -1 is out of range (0..255)");
  expect_run_refusal({"--top-k", "40k"}, "--top-k: '40k' is not an integer (0..2147483647)");
  expect_run_refusal({"--temp", "warm"}, "--temp: 'warm' is not a number (0..10)");
  expect_run_refusal({"--seed", "7s"}, "--seed: '7s' is not an integer (0..18446744073709551615)");
  expect_usage_refusal({"bench", "-m", tiny_model(), "-p", "4x"}, "-p: '4x' is not an integer (0..16777216)");
  expect_usage_refusal({"bench", "-m", tiny_model(), "-r", "3x"}, "-r: '3x' is not an integer (1..1000)");
  test::TempDir dir;
  expect_usage_refusal({"synth", "--shape", "tiny", "--type", "F16", "-o", dir.file("x.gguf").string(), "--seed", "4x"},
                       "--seed: '4x' is not an integer (0..18446744073709551615)");
}

TEST(OptionsCli, SamplingRanges) {
  expect_run_refusal({"--top-p", "2"}, "--top-p: 2 is out of range (0..1)");
  expect_run_refusal({"--top-p", "-1"}, "--top-p: -1 is out of range (0..1)");
  expect_run_refusal({"--min-p", "1.5"}, "--min-p: 1.5 is out of range (0..1)");
  expect_run_refusal({"--min-p", "nan"}, "--min-p: 'nan' is not a number (0..1)");
  expect_run_refusal({"--temp", "-1"}, "--temp: -1 is out of range (0..10)");
  expect_run_refusal({"--temp", "80"}, "--temp: 80 is out of range (0..10)");
  expect_run_refusal({"--top-k", "-1"}, "--top-k: -1 is out of range (0..2147483647)");
  expect_run_refusal({"--repeat-penalty", "0"}, "--repeat-penalty: 0 is out of range (0.01..10)");
  expect_run_refusal({"--repeat-last-n", "-2"}, "--repeat-last-n: -2 is out of range (-1..2147483647)");
  expect_run_refusal({"--frequency-penalty", "3"}, "--frequency-penalty: 3 is out of range (-2..2)");
  expect_run_refusal({"--presence-penalty", "-2.5"}, "--presence-penalty: -2.5 is out of range (-2..2)");
  expect_run_refusal({"--seed", "-1"}, "--seed: -1 is out of range (0..18446744073709551615)");
  expect_run_refusal({"--seed", "18446744073709551616"},
                     "--seed: 18446744073709551616 is out of range (0..18446744073709551615)");
}

TEST(OptionsCli, RangeEndsAreAccepted) {
  // Greedy, so the output does not depend on the seed; the largest seed and the range ends parse.
  const CliResult r = run_cli({"run", "-m", stories(), "-p", "x", "-n", "2", "--temp", "0", "--top-p", "1", "--min-p",
                               "0", "--top-k", "2147483647", "--seed", "18446744073709551615", "--repeat-last-n", "-1",
                               "--frequency-penalty", "-2", "--presence-penalty", "2", "--repeat-penalty", "10", "-t",
                               "1", "--backend", "cpu"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("generation: 2 tokens"));
}

TEST(OptionsCli, SplitAndBackendChoices) {
  expect_run_refusal({"-ts", "3,x"}, "-ts: '3,x' holds 'x', which is not a number (0..1000000)");
  expect_run_refusal({"--tensor-split", "3,-1"}, "--tensor-split: '3,-1' holds -1, which is out of range (0..1000000)");
  expect_run_refusal({"-sm", "diagonal"}, "-sm: 'diagonal' is not a split mode (none, layer or row)");
  expect_run_refusal({"--backend", "gpu"}, "--backend: 'gpu' is not a backend (cpu, cuda or auto)");
  expect_run_refusal({"--kv-type", "f8"}, "--kv-type: 'f8' is not a KV cache type (f16|f32|q8_0|q4_0)");
  expect_run_refusal({"--kv-type", "q5_0"}, "--kv-type: 'q5_0' is not a KV cache type (f16|f32|q8_0|q4_0)");
}

TEST(OptionsCli, BenchRefusalsSayWhy) {
  // Once: the usage text alone, without a reason.
  expect_usage_refusal({"bench", "-m", tiny_model(), "-p", "-1"}, "-p: -1 is out of range (0..16777216)");
  expect_usage_refusal({"bench", "-m", tiny_model(), "-n", "8,-1"}, "-n: '8,-1' holds -1, which is out of range (0..16777216)");
  expect_usage_refusal({"bench", "-m", tiny_model(), "-r", "0"}, "-r: 0 is out of range (1..1000)");
  expect_usage_refusal({"bench", "-m", tiny_model(), "-o", "xml"}, "-o: 'xml' is not md or json");
  expect_usage_refusal({"bench"}, "give exactly one of -m FILE and --synth SHAPE");
  expect_usage_refusal({"bench", "--synth", "tiny"}, "--synth needs --type TYPE");
  expect_usage_refusal({"bench", "-m", tiny_model(), "--ctx", "64", "-p", "128", "-n", "16"},
                       "--ctx 64 is shorter than the longest test (-p 128 tokens)");
  expect_usage_refusal({"bench", "-m", tiny_model(), "--bogus"}, "unknown option '--bogus'");
}

TEST(OptionsCli, BenchListsRunOneTestEach) {
  const CliResult r = run_cli({"bench", "-m", tiny_model(), "--backend", "cpu", "-p", "4,8", "-n", "0,2", "-r", "1",
                               "-o", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(j.is_discarded()) << r.out.substr(0, 200);
  std::vector<std::string> tests;
  for (const auto& row : j.at("results")) tests.push_back(row.at("test").get<std::string>());
  EXPECT_EQ(tests, (std::vector<std::string>{"pp4", "pp8", "tg2"}));  // 0 skips
}

TEST(OptionsCli, UsageShowsTheRanges) {
  const CliResult run = run_cli({"run", "--help"});
  ASSERT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out, HasSubstr("  -c, --ctx N               context size in tokens, 1..16777216"));
  EXPECT_THAT(run.out, HasSubstr("  -t, --threads N           CPU threads, 1..1024 (default: all cores)\n"));
  EXPECT_THAT(run.out, HasSubstr("  --top-p P                 nucleus sampling, 0..1 (default 0.95; 1 = off)\n"));
  EXPECT_THAT(run.out, HasSubstr("  --temp T                  temperature, 0..10 (default 0.8; 0 = greedy)\n"));
  const CliResult bench = run_cli({"bench", "--help"});
  ASSERT_EQ(bench.exit_code, 0);
  EXPECT_THAT(bench.out, HasSubstr("  -p N[,N...]  prompt tokens per pp test, each 0..16777216 (0 skips pp)"));
  const CliResult synth = run_cli({"synth", "--help"});
  ASSERT_EQ(synth.exit_code, 0);
  EXPECT_THAT(synth.out, HasSubstr("  --threads N  1..1024 (default: all cores)\n"));
}

}  // namespace
}  // namespace tessera
