// `tessera-cli run` and `chat` with reasoning models and structured output, as processes on the
// embedded model: --json-schema output that parses and follows the schema, refusals naming the
// keyword, the reply's reasoning and content apart in run --json, and --reasoning show|hide (the
// DeepSeek-R1 template from the fixtures makes the tiny model think: its generation prompt opens
// the thinking, which the model never closes).
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

std::string r1_template() { return test::fixture("templates/deepseek-ai-DeepSeek-R1-Distill-Llama-8B.jinja").string(); }

TEST(ReasoningCli, RunJsonSchemaWritesJsonThatFollowsIt) {
  test::TempDir dir;
  const auto schema = dir.file("mood.json");
  test::write_file_bytes(schema, [] {
    const std::string s = R"({"type":"object","properties":{"mood":{"enum":["happy","sad"]},"age":{"type":"integer"}},
                             "required":["mood","age"],"additionalProperties":false})";
    return std::vector<uint8_t>(s.begin(), s.end());
  }());
  const CliResult r = run_cli({"run", "-p", "Tom was", "-n", "40", "--seed", "7", "--json-schema", schema.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out;
  EXPECT_TRUE(j["mood"] == "happy" || j["mood"] == "sad") << r.out;
  EXPECT_TRUE(j["age"].is_number_integer()) << r.out;

  test::write_file_bytes(schema, [] {
    const std::string s = R"({"type":"object","properties":{"name":{"type":"string","maxLength":5}}})";
    return std::vector<uint8_t>(s.begin(), s.end());
  }());
  const CliResult bad = run_cli({"run", "-p", "x", "--json-schema", schema.string()});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("properties.name.maxLength"));
  // A schema nested deeper than any JSON input may be (the compiler recurses once per level) is an
  // error that says so, not a stack overflow.
  test::write_file_bytes(schema, [] {
    std::string s;
    for (int i = 0; i < 20000; ++i) s += R"({"type":"object","properties":{"a":)";
    s += "{}";
    for (int i = 0; i < 20000; ++i) s += "}}";
    return std::vector<uint8_t>(s.begin(), s.end());
  }());
  const CliResult deep = run_cli({"run", "-p", "x", "--json-schema", schema.string()});
  EXPECT_EQ(deep.exit_code, 2);
  EXPECT_THAT(deep.err, HasSubstr("64 levels"));
}

TEST(ReasoningCli, RunJsonKeepsReasoningApartFromTheContent) {
  // The prompt ends by opening the thinking, as DeepSeek-R1's generation prompt does.
  const CliResult r = run_cli({"run", "--chat-template-file", r1_template(), "-p", "<｜User｜>Hi<｜Assistant｜><think>\n",
                               "-n", "8", "--temp", "0", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_FALSE(j["reasoning"].get<std::string>().empty()) << r.out;
  EXPECT_EQ(j["content"], "");
  EXPECT_EQ(j["timings"]["reasoning_tokens"], j["timings"]["generated_tokens"]);
}

TEST(ReasoningCli, ChatShowsOrHidesTheThinking) {
  const std::vector<std::string> base = {"chat", "--chat-template-file", r1_template(), "-n", "8", "--temp", "0"};
  std::vector<std::string> show = base, hide = base;
  hide.insert(hide.end(), {"--reasoning", "hide"});
  const CliResult shown = run_cli(show, "Hi\n");
  const CliResult hidden = run_cli(hide, "Hi\n");
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  ASSERT_EQ(hidden.exit_code, 0) << hidden.err;
  // Not a terminal: the thinking is plain text (no escape sequences); hidden, the reply is empty.
  EXPECT_EQ(shown.out.find('\x1b'), std::string::npos);
  EXPECT_GT(shown.out.size(), hidden.out.size());
  EXPECT_EQ(hidden.out, "\n");
  const CliResult wrong = run_cli({"chat", "--reasoning", "maybe"}, "");
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_THAT(wrong.err, HasSubstr("--reasoning"));
}

}  // namespace
}  // namespace tessera
