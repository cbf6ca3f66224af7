// tessera-cli against hostile inputs, as processes: files that are not regular files (a
// directory, /dev/zero, /dev/urandom, a FIFO) are refused by name instead of read for ever;
// JSON nested 100,000 deep is refused naming the limit instead of crashing; a thread count the
// system cannot start is an error, not an abort; and on a terminal, control characters from a
// model's text or a file name are escaped, while a pipe gets the bytes exactly.
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "core/model/random_model.h"
#include "support/test_support.h"
#include "terminal_text.h"

namespace tessera {
namespace {

using test::CliResult;
using test::run_cli;
using ::testing::HasSubstr;
using ::testing::Not;

std::string tiny_model() { return (test::source_dir() / "resources/models/tessera-tiny.gguf").string(); }

void write_text(const std::filesystem::path& p, const std::string& text) {
  test::write_file_bytes(p, std::vector<uint8_t>(text.begin(), text.end()));
}

std::string nested(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

// A FIFO nobody writes to: reading it would block for ever.
std::string make_fifo(const test::TempDir& dir) {
  const std::string path = dir.file("fifo").string();
  EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0);
  return path;
}

TEST(HostileInputCli, TemplateInputsMustBeRegularFiles) {
  test::TempDir dir;
  write_text(dir.file("t.jinja"), "{{ messages[0].content }}");
  write_text(dir.file("m.json"), R"([{"role": "user", "content": "hi"}])");
  const std::string fifo = make_fifo(dir);
  const std::string tmpl = dir.file("t.jinja").string(), messages = dir.file("m.json").string();
  struct Case {
    std::vector<std::string> args;
    std::string named, kind;
  };
  const Case cases[] = {
      {{"--file", dir.path().string(), "--messages", messages}, dir.path().string(), "a directory"},
      {{"--file", "/dev/zero", "--messages", messages}, "/dev/zero", "a character device"},
      {{"--file", fifo, "--messages", messages}, fifo, "a FIFO"},
      {{"--file", tmpl, "--messages", "/dev/urandom"}, "/dev/urandom", "a character device"},
      {{"--file", tmpl, "--messages", fifo}, fifo, "a FIFO"},
      {{"--file", tmpl, "--messages", messages, "--tools", dir.path().string()}, dir.path().string(), "a directory"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"template"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 1) << c.named;
    EXPECT_EQ(r.out, "") << c.named;
    EXPECT_THAT(r.err, HasSubstr("'" + c.named + "' is not a regular file (" + c.kind + ")"));
  }
  const CliResult ok = run_cli({"template", "--file", tmpl, "--messages", messages});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, "hi");
}

// Regular files past the size bounds (sparse: nothing is written) are refused before any read.
TEST(HostileInputCli, InputFilesHaveSizeBounds) {
  test::TempDir dir;
  write_text(dir.file("t.jinja"), "x");
  write_text(dir.file("m.json"), "[]");
  const auto sparse = [&](const char* name, uintmax_t bytes) {
    write_text(dir.file(name), "");
    std::filesystem::resize_file(dir.file(name), bytes);
    return dir.file(name).string();
  };
  const std::string big_template = sparse("big.jinja", (uintmax_t{16} << 20) + 1);
  const std::string big_json = sparse("big.json", (uintmax_t{64} << 20) + 1);
  const std::string big_text = sparse("big.txt", (uintmax_t{256} << 20) + 1);
  CliResult r = run_cli({"template", "--file", big_template, "--messages", dir.file("m.json").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("the template file '" + big_template + "' is 16777217 bytes, more than the limit of 16777216 bytes"));
  r = run_cli({"template", "--file", dir.file("t.jinja").string(), "--messages", big_json});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("the messages file '" + big_json + "' is 67108865 bytes, more than the limit of 67108864 bytes"));
  r = run_cli({"perplexity", "-m", tiny_model(), "-f", big_text});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("the text '" + big_text + "' is 268435457 bytes, more than the limit of 268435456 bytes"));
}

TEST(HostileInputCli, NanLogitsAreAMessageNotText) {
  test::TempDir dir;
  test::RandomModelConfig c;
  c.n_vocab = 300;
  c.with_tokenizer = true;
  c.edit_values["output_norm.weight"] = [](std::vector<float>& v) {
    std::fill(v.begin(), v.end(), std::numeric_limits<float>::quiet_NaN());
  };
  test::write_file_bytes(dir.file("nan.gguf"), test::random_model_bytes(c));
  for (const char* temp : {"0", "0.8"}) {
    const CliResult r = run_cli({"run", "-m", dir.file("nan.gguf").string(), "-p", "ab", "-n", "4", "--temp", temp});
    EXPECT_EQ(r.exit_code, 1) << temp;
    EXPECT_EQ(r.out, "") << temp;
    EXPECT_THAT(r.err, HasSubstr("tessera-cli run: the model produced NaN logits")) << temp;
  }
}

TEST(HostileInputCli, PerplexityAndKldBaseInputsMustBeRegularFiles) {
  test::TempDir dir;
  const std::string fifo = make_fifo(dir);
  for (const std::string& text : {std::string("/dev/urandom"), fifo, dir.path().string()}) {
    const CliResult r = run_cli({"perplexity", "-m", tiny_model(), "-f", text});
    EXPECT_EQ(r.exit_code, 1) << text;
    EXPECT_THAT(r.err, HasSubstr("the text '" + text + "' is not a regular file")) << text;
  }
  const CliResult base = run_cli({"perplexity", "-m", tiny_model(), "--kl-divergence-base", fifo});
  EXPECT_EQ(base.exit_code, 1);
  EXPECT_THAT(base.err, HasSubstr("the KLD base '" + fifo + "' is not a regular file (a FIFO)"));
}

TEST(HostileInputCli, DeepJsonIsRefusedNamingTheLimit) {
  test::TempDir dir;
  write_text(dir.file("t.jinja"), "{{ messages | length }}");
  const std::string deep = nested(100000);  // 200 KB: crashed the CLI through recursion
  write_text(dir.file("deep.json"), deep);
  write_text(dir.file("deep_messages.json"), R"({"messages": [], "x": )" + deep + "}");
  write_text(dir.file("m.json"), "[]");
  const std::string tmpl = dir.file("t.jinja").string();
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--messages", dir.file("deep.json").string()},
           {"--messages", dir.file("deep_messages.json").string()},
           {"--messages", dir.file("m.json").string(), "--tools", dir.file("deep.json").string()}}) {
    std::vector<std::string> all = {"template", "--file", tmpl};
    all.insert(all.end(), args.begin(), args.end());
    const CliResult r = run_cli(all);
    EXPECT_EQ(r.exit_code, 1) << args.back();
    EXPECT_THAT(r.err, HasSubstr("nests arrays and objects more than 64 levels deep")) << args.back();
  }
  const CliResult from_stdin = run_cli({"template", "--file", tmpl, "--messages", "-"}, deep);
  EXPECT_EQ(from_stdin.exit_code, 1);
  EXPECT_THAT(from_stdin.err, HasSubstr("more than 64 levels deep"));
  // (An argument is at most 128 KiB.)
  const CliResult var = run_cli({"template", "--file", tmpl, "--messages", dir.file("m.json").string(), "--var",
                                 "x=" + nested(20000)});
  EXPECT_EQ(var.exit_code, 2);
  EXPECT_THAT(var.err, HasSubstr("--var x: the value nests arrays and objects more than 64 levels deep"));
  // Nesting within the limit still renders.
  write_text(dir.file("ok.json"), R"({"messages": [1, 2], "x": )" + nested(60) + "}");
  const CliResult ok = run_cli({"template", "--file", tmpl, "--messages", dir.file("ok.json").string()});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, "2");
}

TEST(HostileInputCli, ThreadsTheSystemRefusesAreAnErrorNotAnAbort) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: no address-space limit can apply";
#else
  // 1 GiB of address space holds the program and the tiny model, not 1023 threads of 8 MiB stacks.
  const CliResult r = test::run_program("/bin/sh", {"-c", "ulimit -v 1048576 && exec \"$0\" \"$@\"", TESSERA_CLI_PATH,
                                                    "run", "-m", tiny_model(), "-p", "hi", "-n", "1", "-t", "1024"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_THAT(r.err, HasSubstr("the operating system refused to start CPU worker thread"));
  EXPECT_THAT(r.err, HasSubstr("use fewer threads"));
  EXPECT_THAT(r.err, Not(HasSubstr("terminate called")));
#endif
}

// A model whose vocabulary is mostly byte tokens (<0x00>..<0xFF>), sampled close to uniformly:
// its text is full of control bytes and bytes of broken UTF-8.
std::string byte_model(const test::TempDir& dir) {
  test::RandomModelConfig c;
  c.n_vocab = 300;
  c.with_tokenizer = true;
  const auto path = dir.file("bytes.gguf");
  test::write_file_bytes(path, test::random_model_bytes(c));
  return path.string();
}

const std::vector<std::string> kNoisyRun = {"-p", "ab", "-n", "48", "--ignore-eos", "--temp", "5", "--top-k", "0",
                                            "--top-p", "1", "--min-p", "0", "--seed", "3", "-t", "1"};

bool holds_controls(const std::string& text) {
  return cli::terminal_safe(text, cli::LineBreaks::Keep) != text;
}

TEST(HostileInputCli, GeneratedTextIsEscapedOnATerminalAndExactInAPipe) {
  test::TempDir dir;
  std::vector<std::string> args = {"run", "-m", byte_model(dir)};
  args.insert(args.end(), kNoisyRun.begin(), kNoisyRun.end());
  const CliResult piped = run_cli(args);
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  ASSERT_TRUE(holds_controls(piped.out)) << "the test needs a text with control characters";

  const CliResult terminal = test::run_cli_on_terminal(args);
  ASSERT_EQ(terminal.exit_code, 0) << terminal.out;
  EXPECT_FALSE(holds_controls(terminal.out));
  // The same text, escaped (the terminal also shows what went to stderr).
  EXPECT_THAT(terminal.out, HasSubstr(cli::terminal_safe(piped.out, cli::LineBreaks::Keep)));

  // --json: exact in a pipe; on a terminal the same JSON in ASCII (\uXXXX escapes for the rest).
  args.push_back("--json");
  const CliResult json_piped = run_cli(args);
  ASSERT_EQ(json_piped.exit_code, 0) << json_piped.err;
  const CliResult json_terminal = test::run_cli_on_terminal(args);
  ASSERT_EQ(json_terminal.exit_code, 0) << json_terminal.out;
  const std::string json_line = json_terminal.out.substr(json_terminal.out.rfind("\n{") + 1);
  for (unsigned char c : json_line) EXPECT_TRUE(c == '\n' || (c >= 0x20 && c < 0x80)) << static_cast<int>(c);
  nlohmann::json on_terminal = nlohmann::json::parse(json_line), piped_json = nlohmann::json::parse(json_piped.out);
  on_terminal.erase("timings");
  piped_json.erase("timings");
  EXPECT_EQ(on_terminal, piped_json);

  // Chat replies too.
  const CliResult chat = test::run_cli_on_terminal(
      {"chat", "-m", byte_model(dir), "-n", "48", "--temp", "5", "--top-k", "0", "--top-p", "1", "--min-p", "0",
       "--seed", "3", "-t", "1"},
      "hello\n/quit\n");
  EXPECT_EQ(chat.exit_code, 0) << chat.out;
  EXPECT_FALSE(holds_controls(chat.out));
}

TEST(HostileInputCli, FileNamesInErrorsAreEscapedOnATerminal) {
  test::TempDir dir;
  const std::string name = dir.file("\x1b]0;pwned\x07.gguf").string();
  const CliResult terminal = test::run_cli_on_terminal({"run", "-m", name, "-p", "x"});
  EXPECT_EQ(terminal.exit_code, 1);
  EXPECT_THAT(terminal.out, HasSubstr("\\x1b]0;pwned\\a.gguf"));
  EXPECT_FALSE(holds_controls(terminal.out));
  const CliResult piped = run_cli({"run", "-m", name, "-p", "x"});
  EXPECT_EQ(piped.exit_code, 1);
  EXPECT_THAT(piped.err, HasSubstr(name));  // byte-exact when it is not a terminal

  const CliResult tmpl = test::run_cli_on_terminal({"template", "--file", name, "--messages", name});
  EXPECT_EQ(tmpl.exit_code, 1);
  EXPECT_THAT(tmpl.out, HasSubstr("\\x1b]0;pwned\\a.gguf"));
  EXPECT_FALSE(holds_controls(tmpl.out));
}

TEST(TerminalText, KeepsNewlinesAndTabsOnlyWhenAsked) {
  using cli::LineBreaks;
  using cli::terminal_safe;
  EXPECT_EQ(terminal_safe("a\tb\nc\x1b[31m\r\x07", LineBreaks::Keep), "a\tb\nc\\x1b[31m\\r\\a");
  EXPECT_EQ(terminal_safe("a\tb\nc", LineBreaks::Escape), "a\\tb\\nc");
  EXPECT_EQ(terminal_safe("\xC2\x9B" "2J \xE2\x80\xAE", LineBreaks::Keep), "\\u009b2J \\u202e");  // 8-bit CSI, RLO
  EXPECT_EQ(terminal_safe("caf\xC3\xA9 \xF0\x9F\x98\x80", LineBreaks::Keep), "caf\xC3\xA9 \xF0\x9F\x98\x80");
}

}  // namespace
}  // namespace tessera
