// A small Llama 4 file through the command line: `inspect` explains its layer pattern (chunked and
// RoPE-free layers), expert layout and router; `run` generates with it on the CPU backend.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli_process.h"
#include "core/model/random_model.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using test::run_cli;
using ::testing::HasSubstr;

TEST(Llama4Cli, InspectAndRun) {
  test::TempDir dir;
  test::RandomModelConfig c;
  c.arch = "llama4";
  c.n_vocab = 300;
  c.with_tokenizer = true;
  c.n_layer = 4;
  c.n_expert = 4;
  c.n_expert_used = 1;
  c.moe_layer_step = 2;
  c.n_ff = 32;
  c.n_ff_dense_layers = 96;
  c.attention_chunk = 4;  // the prompt and reply cross chunks
  const std::string path = dir.file("llama4.gguf").string();
  test::write_file_bytes(path, test::random_model_bytes(c));

  auto inspect = run_cli({"inspect", path});
  ASSERT_EQ(inspect.exit_code, 0) << inspect.err;
  EXPECT_THAT(inspect.out, HasSubstr("architecture:  llama4"));
  EXPECT_THAT(inspect.out, HasSubstr("3 chunked (attention within chunks of 4 positions) and 1 full attention layer "
                                     "without RoPE, on layer 3"));
  EXPECT_THAT(inspect.out, HasSubstr("plus a shared expert (feed-forward 32)"));
  EXPECT_THAT(inspect.out, HasSubstr("the weight scales the expert's input"));

  auto run = run_cli(
      {"run", "-m", path, "-p", "abc", "-n", "8", "--temp", "0", "--ignore-eos", "--backend", "cpu", "-t", "2", "-v"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.err, HasSubstr("generation: 8 tokens"));
}

}  // namespace
}  // namespace tessera
