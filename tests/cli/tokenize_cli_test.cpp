// tessera-cli tokenize, run as a separate process (TESSERA_CLI_PATH).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

#include "support/test_support.h"

namespace {

struct CliResult {
  int status = -1;
  std::string out;
};

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs the command through /bin/sh, capturing stdout (stderr goes to the test log).
CliResult run_cli(const std::string& args, const std::string& stdin_text = "") {
  std::string cmd = quote(TESSERA_CLI_PATH) + " " + args;
  if (!stdin_text.empty()) cmd = "printf '%s' " + quote(stdin_text) + " | " + cmd;
  CliResult r;
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return r;
  std::array<char, 4096> buf{};
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  const int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

std::string spm_vocab() { return quote(tessera::test::fixture("tokenizer/ggml-vocab-llama-spm.gguf").string()); }

TEST(TokenizeCli, IdsOnTheLlamaSpmVocabulary) {
  const CliResult with_bos = run_cli("tokenize -m " + spm_vocab() + " --ids 'Hello world'");
  EXPECT_EQ(with_bos.status, 0);
  EXPECT_EQ(with_bos.out, "1 15043 3186\n");
  const CliResult no_bos = run_cli("tokenize -m " + spm_vocab() + " --ids --no-bos ' Hello world'");
  EXPECT_EQ(no_bos.status, 0);
  EXPECT_EQ(no_bos.out, "29871 15043 3186\n");
}

TEST(TokenizeCli, StdinAndSpecialTokens) {
  const CliResult plain = run_cli("tokenize -m " + spm_vocab() + " --ids --no-bos -", "<s>Hello");
  EXPECT_EQ(plain.status, 0);
  EXPECT_NE(plain.out.rfind("1 ", 0), 0u) << plain.out;  // "<s>" is text here
  const CliResult parsed = run_cli("tokenize -m " + spm_vocab() + " --ids --no-bos --special -", "<s>Hello");
  EXPECT_EQ(parsed.status, 0);
  EXPECT_EQ(parsed.out, "1 15043\n");
}

TEST(TokenizeCli, DefaultAndPiecesOutput) {
  const CliResult table = run_cli("tokenize -m " + spm_vocab() + " 'Hi\tyou'");
  EXPECT_EQ(table.status, 0);
  EXPECT_EQ(table.out.substr(0, 6), "1\t<s>\n");
  EXPECT_NE(table.out.find("\t\\t\n"), std::string::npos) << table.out;  // the tab byte token, escaped
  const CliResult pieces = run_cli("tokenize -m " + spm_vocab() + " --pieces --no-bos 'Hello world'");
  EXPECT_EQ(pieces.status, 0);
  EXPECT_EQ(pieces.out, " Hello\n world\n");
}

TEST(TokenizeCli, UsageAndFileErrors) {
  EXPECT_EQ(run_cli("tokenize --ids 'x'").status, 2);                       // no model
  EXPECT_EQ(run_cli("tokenize -m " + spm_vocab()).status, 2);                // no text
  EXPECT_EQ(run_cli("tokenize -m " + spm_vocab() + " --bogus x").status, 2);
  EXPECT_EQ(run_cli("tokenize -m /nonexistent/file.gguf x").status, 1);
  const CliResult help = run_cli("tokenize --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--special"), std::string::npos);
}

}  // namespace
