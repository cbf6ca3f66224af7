// `tessera-cli template` run as a process: the prompt on stdout byte for byte, errors on stderr with
// exit status 1, usage errors with 2, and the chat template and BOS/EOS text read from a GGUF.
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "gguf/gguf_writer.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using json = nlohmann::ordered_json;

using test::CliResult;
using test::read_all;

void write_all(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

CliResult run_template(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"template"};
  all.insert(all.end(), args.begin(), args.end());
  return test::run_cli(all);
}

// The fixture's first case: its messages written to a file, and what jinja2 rendered.
struct FixtureCase {
  json c;
  std::string template_path;
};

FixtureCase fixture_case(const std::string& cases_file, size_t index) {
  const auto dir = test::fixture("templates");
  const json file = json::parse(read_all(dir / cases_file));
  return {file.at("cases").at(index), (dir / file.at("template").get<std::string>()).string()};
}

TEST(TemplateCli, RendersAFixtureExactlyToStdout) {
  test::TempDir dir;
  const FixtureCase fc = fixture_case("Qwen-Qwen2.5-7B-Instruct.cases.json", 4);  // multi_turn/agp=1
  ASSERT_TRUE(fc.c.at("add_generation_prompt").get<bool>());
  write_all(dir.file("messages.json"), fc.c.at("messages").dump());
  const CliResult r = run_template({"--file", fc.template_path, "--messages", dir.file("messages.json").string(),
                              "--add-generation-prompt", "--bos-token", "<s>", "--eos-token", "</s>"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, fc.c.at("expected").get<std::string>());
  EXPECT_EQ(r.err, "");
}

TEST(TemplateCli, UsesEosTokenAndNoGenerationPrompt) {
  test::TempDir dir;
  const FixtureCase fc = fixture_case("microsoft-Phi-3.5-mini-instruct.cases.json", 3);  // system_user/agp=0
  ASSERT_FALSE(fc.c.at("add_generation_prompt").get<bool>());
  write_all(dir.file("m.json"), fc.c.at("messages").dump());
  const CliResult r = run_template({"--file", fc.template_path, "--messages", dir.file("m.json").string(), "--eos-token",
                              fc.c.at("eos_token").get<std::string>()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, fc.c.at("expected").get<std::string>());
}

TEST(TemplateCli, TemplateErrorGoesToStderrWithExitOne) {
  test::TempDir dir;
  const FixtureCase fc = fixture_case("google-gemma-2-2b-it.cases.json", 2);  // system role refused
  const std::string want = fc.c.at("expected_error").get<std::string>();
  write_all(dir.file("m.json"), fc.c.at("messages").dump());
  const CliResult r = run_template({"--file", fc.template_path, "--messages", dir.file("m.json").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(want), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line 1"), std::string::npos) << r.err;
}

TEST(TemplateCli, VariablesToolsAndDate) {
  test::TempDir dir;
  write_all(dir.file("t.jinja"), "{{ tools|map(attribute='name')|join(',') }}|{{ flag }}|{{ note }}|{{ strftime_now('%d %b %Y') }}");
  write_all(dir.file("m.json"), R"({"messages": [], "note": "from messages file"})");
  write_all(dir.file("tools.json"), R"([{"name": "a"}, {"name": "b"}])");
  const CliResult r = run_template({"--file", dir.file("t.jinja").string(), "--messages", dir.file("m.json").string(), "--tools",
                              dir.file("tools.json").string(), "--var", "flag=false", "--date", "2026-07-04"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "a,b|False|from messages file|04 Jul 2026");
}

TEST(TemplateCli, UsageErrorsExitTwo) {
  test::TempDir dir;
  write_all(dir.file("m.json"), "[]");
  write_all(dir.file("t.jinja"), "x");
  EXPECT_EQ(run_template({}).exit_code, 2);
  EXPECT_EQ(run_template({"--file", dir.file("t.jinja").string()}).exit_code, 2);  // no --messages
  EXPECT_EQ(run_template({"--messages", dir.file("m.json").string()}).exit_code, 2);  // no template
  EXPECT_EQ(run_template({"--file", "a", "-m", "b", "--messages", "c"}).exit_code, 2);
  EXPECT_EQ(run_template({"--file", dir.file("t.jinja").string(), "--messages", dir.file("m.json").string(), "--bogus"}).exit_code, 2);
  EXPECT_EQ(run_template({"--file", dir.file("t.jinja").string(), "--messages", dir.file("m.json").string(), "--var", "x=notjson"}).exit_code, 2);
  const CliResult help = run_template({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("usage: tessera-cli template"), std::string::npos);
  const CliResult missing = run_template({"--file", dir.file("nope.jinja").string(), "--messages", dir.file("m.json").string()});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("nope.jinja"), std::string::npos) << missing.err;
}

TEST(TemplateCli, ReadsTemplateAndTokensFromGguf) {
  test::TempDir dir;
  const FixtureCase fc = fixture_case("microsoft-Phi-3.5-mini-instruct.cases.json", 1);  // single_user/agp=0
  gguf::GgufWriter w;
  w.set_string("general.architecture", "llama");
  w.set_string("tokenizer.chat_template", read_all(fc.template_path));
  w.set("tokenizer.ggml.tokens", gguf::Value::string_array({"<unk>", "<s>", "</s>"}));
  w.set_u32("tokenizer.ggml.bos_token_id", 1);
  w.set_u32("tokenizer.ggml.eos_token_id", 2);
  w.set_string("tokenizer.chat_template.tool_use", "{{ bos_token }}named{{ eos_token }}");
  ASSERT_TRUE(w.write_file(dir.file("model.gguf").string()).ok());
  write_all(dir.file("m.json"), fc.c.at("messages").dump());
  const CliResult r = run_template({"-m", dir.file("model.gguf").string(), "--messages", dir.file("m.json").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, fc.c.at("expected").get<std::string>());  // ends with the EOS text "</s>"

  const CliResult named = run_template({"-m", dir.file("model.gguf").string(), "--template-name", "tool_use", "--messages",
                                        dir.file("m.json").string()});
  EXPECT_EQ(named.exit_code, 0) << named.err;
  EXPECT_EQ(named.out, "<s>named</s>");
  const CliResult unnamed = run_template({"-m", dir.file("model.gguf").string(), "--template-name", "rag", "--messages",
                                          dir.file("m.json").string()});
  EXPECT_EQ(unnamed.exit_code, 1);
  EXPECT_NE(unnamed.err.find("tokenizer.chat_template.rag"), std::string::npos) << unnamed.err;

  // No chat template in the file: the built-in ChatML template, with a note on stderr.
  gguf::GgufWriter bare;
  bare.set_string("general.architecture", "llama");
  ASSERT_TRUE(bare.write_file(dir.file("bare.gguf").string()).ok());
  const CliResult d = run_template({"-m", dir.file("bare.gguf").string(), "--messages", dir.file("m.json").string(),
                              "--add-generation-prompt"});
  EXPECT_EQ(d.exit_code, 0) << d.err;
  EXPECT_EQ(d.out, "<|im_start|>user\nHello<|im_end|>\n<|im_start|>assistant\n");
  EXPECT_NE(d.err.find("built-in ChatML"), std::string::npos);

  const CliResult bad = run_template({"-m", dir.file("m.json").string(), "--messages", dir.file("m.json").string()});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_FALSE(bad.err.empty());
}

}  // namespace
}  // namespace tessera
