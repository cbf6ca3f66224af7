// A Qwen3.5-style hybrid file (Gated DeltaNet layers with every 4th layer attention) through the
// command line: `synth` writes one, `inspect` explains its layer pattern and state, `run` and
// `bench -d` run it on the CPU backend.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli_process.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;
using test::run_cli;

TEST(HybridCli, SynthInspectRunAndBench) {
  test::TempDir dir;
  const std::string path = dir.file("tiny-qwen35.gguf").string();
  auto synth = run_cli({"synth", "--shape", "tiny-qwen35", "--type", "Q8_0", "-o", path, "--threads", "2"});
  ASSERT_EQ(synth.exit_code, 0) << synth.err;

  auto inspect = run_cli({"inspect", path});
  ASSERT_EQ(inspect.exit_code, 0) << inspect.err;
  EXPECT_THAT(inspect.out, HasSubstr("architecture:  qwen35"));
  EXPECT_THAT(inspect.out, HasSubstr("3 Gated DeltaNet (recurrent) and 1 attention layer; attention on layer 3"));
  EXPECT_THAT(inspect.out, HasSubstr("57.0 KiB per sequence"));

  auto run = run_cli({"run", "-m", path, "-p", "hello", "-n", "6", "--temp", "0", "--backend", "cpu", "-t", "2", "-v"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.err, HasSubstr("recurrent state of 3 layers"));
  EXPECT_THAT(run.err, HasSubstr("generation: 6 tokens"));

  // A reply longer than the context under rolling: the note says the kept tokens are read again,
  // and the run goes on.
  auto rolling = run_cli({"run", "-m", path, "-p", "hello", "-n", "40", "-c", "24", "--temp", "0", "--ignore-eos",
                          "--context-overflow", "rolling", "--backend", "cpu", "-t", "2"});
  ASSERT_EQ(rolling.exit_code, 0) << rolling.err;
  EXPECT_THAT(rolling.err, HasSubstr("context overflow (rolling): the recurrent layers' state cannot drop tokens"));
  EXPECT_THAT(rolling.err, HasSubstr("tokens re-evaluated"));

  auto bench = run_cli({"bench", "-m", path, "-p", "16", "-n", "4", "-d", "0,32", "-r", "1", "--backend", "cpu", "-t",
                        "2"});
  ASSERT_EQ(bench.exit_code, 0) << bench.err;
  EXPECT_THAT(bench.out, HasSubstr("tg4 @ d32"));
}

}  // namespace
}  // namespace tessera
