// tessera-cli tokenize, run as a separate process (TESSERA_CLI_PATH).
#include <gtest/gtest.h>

#include <string>

#include "cli_process.h"
#include "support/test_support.h"

namespace {

using tessera::test::CliResult;
using tessera::test::run_cli;

std::string spm_vocab() {
  return tessera::test::fixture("tokenizer/ggml-vocab-llama-spm.gguf").string();
}

TEST(TokenizeCli, IdsOnTheLlamaSpmVocabulary) {
  const CliResult with_bos = run_cli({"tokenize", "-m", spm_vocab(), "--ids", "Hello world"});
  EXPECT_EQ(with_bos.exit_code, 0) << with_bos.err;
  EXPECT_EQ(with_bos.out, "1 15043 3186\n");
  const CliResult no_bos = run_cli({"tokenize", "-m", spm_vocab(), "--ids", "--no-bos", " Hello world"});
  EXPECT_EQ(no_bos.exit_code, 0) << no_bos.err;
  EXPECT_EQ(no_bos.out, "29871 15043 3186\n");
}

TEST(TokenizeCli, StdinAndSpecialTokens) {
  const CliResult plain = run_cli({"tokenize", "-m", spm_vocab(), "--ids", "--no-bos", "-"}, "<s>Hello");
  EXPECT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_NE(plain.out.rfind("1 ", 0), 0u) << plain.out;  // "<s>" is text here
  const CliResult parsed = run_cli({"tokenize", "-m", spm_vocab(), "--ids", "--no-bos", "--special", "-"}, "<s>Hello");
  EXPECT_EQ(parsed.exit_code, 0) << parsed.err;
  EXPECT_EQ(parsed.out, "1 15043\n");
}

TEST(TokenizeCli, DefaultAndPiecesOutput) {
  const CliResult table = run_cli({"tokenize", "-m", spm_vocab(), "Hi\tyou"});
  EXPECT_EQ(table.exit_code, 0) << table.err;
  EXPECT_EQ(table.out.substr(0, 6), "1\t<s>\n");
  EXPECT_NE(table.out.find("\t\\t\n"), std::string::npos) << table.out;  // the tab byte token, escaped
  const CliResult pieces = run_cli({"tokenize", "-m", spm_vocab(), "--pieces", "--no-bos", "Hello world"});
  EXPECT_EQ(pieces.exit_code, 0) << pieces.err;
  EXPECT_EQ(pieces.out, " Hello\n world\n");
}

TEST(TokenizeCli, UsageAndFileErrors) {
  EXPECT_EQ(run_cli({"tokenize", "--ids", "x"}).exit_code, 2);       // no model
  EXPECT_EQ(run_cli({"tokenize", "-m", spm_vocab()}).exit_code, 2);  // no text
  EXPECT_EQ(run_cli({"tokenize", "-m", spm_vocab(), "--bogus", "x"}).exit_code, 2);
  EXPECT_EQ(run_cli({"tokenize", "-m", "/nonexistent/file.gguf", "x"}).exit_code, 1);
  const CliResult help = run_cli({"tokenize", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--special"), std::string::npos);
}

}  // namespace
