// Every case of every fixture in fixtures/templates/*.cases.json (and tests/data/templates/*.cases.json)
// must render byte-identical to what Python's jinja2 rendered (`expected`), or fail with the
// template's own message (`expected_error`).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "python_literal.h"
#include "support/test_support.h"
#include "template/chat_template.h"

namespace tessera::chat {
namespace {

using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> case_files_in(const fs::path& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 11 && name.ends_with(".cases.json")) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}
std::vector<std::string> case_files() { return case_files_in(test::fixture("templates")); }

// The repository's own template cases (tests/data/templates: templates the shared fixtures and
// llama.cpp's collection lack, e.g. Llama 4's, and the reasoning models').
fs::path in_repo_dir() { return test::source_dir() / "tests" / "data" / "templates"; }
std::vector<std::string> in_repo_files() { return case_files_in(in_repo_dir()); }

// tools/template-check/make_cases.py's output (llama.cpp's collection of templates rendered by
// jinja2 over tools, tool calls, enable_thinking, ...), when TESSERA_TEMPLATE_CHECK_DIR names it.
fs::path check_dir() {
  const char* d = std::getenv("TESSERA_TEMPLATE_CHECK_DIR");
  return d != nullptr ? fs::path(d) : fs::path();
}
std::vector<std::string> check_files() {
  const fs::path d = check_dir();
  return d.empty() ? std::vector<std::string>{} : case_files_in(d);
}

// Messages are JSON, or a Python literal string (repr of a list of dicts).
json messages_of(const json& c) {
  const json& m = c.at("messages");
  if (!m.is_string()) return m;
  auto parsed = test::python_literal_to_json(m.get<std::string>());
  EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().message);
  return parsed.ok() ? *parsed : json::array();
}

TEST(TemplateFixtures, FixtureFilesArePresent) {
  EXPECT_GE(case_files().size(), 6u) << "no *.cases.json under " << test::fixture("templates");
}

// Real templates render far below the default budget: every case must also pass with about a
// hundredth of it.
jinja::RenderLimits tight_limits() {
  jinja::RenderLimits l;
  l.max_syntax_depth = 32;
  l.max_steps = 200'000;
  l.max_output_bytes = 1 << 20;
  l.max_string_bytes = 1 << 20;
  l.max_container_items = 10'000;
  l.max_call_depth = 10;
  l.max_eval_depth = 200;
  l.max_value_depth = 16;
  return l;
}

class TemplateFixture : public ::testing::TestWithParam<std::string> {};

// Renders every case of `file_name` in `dir` and expects each to pass, under `limits`.
void check_case_file(const fs::path& dir, const std::string& file_name, const jinja::RenderLimits& limits) {
  const json file = json::parse(read_text(dir / file_name));
  const std::string template_name = file.at("template").get<std::string>();
  auto tmpl = ChatTemplate::parse(read_text(dir / template_name), template_name, limits);
  ASSERT_TRUE(tmpl.ok()) << tmpl.error().message;

  int passed = 0;
  const int total = static_cast<int>(file.at("cases").size());
  for (const json& c : file.at("cases")) {
    SCOPED_TRACE(template_name + " case " + c.value("name", std::string("?")));
    ChatTemplateInput in;
    in.messages = messages_of(c);
    in.add_generation_prompt = c.at("add_generation_prompt").get<bool>();
    in.bos_token = c.value("bos_token", std::string());
    in.eos_token = c.value("eos_token", std::string());
    in.now = DateTime{2026, 7, 4, 12, 0, 0};
    if (c.contains("extra") && c.at("extra").is_object()) in.extra = c.at("extra");
    in.limits = limits;
    auto out = tmpl->render(in);
    if (c.contains("expected_error")) {
      const std::string want = c.at("expected_error").get<std::string>();
      if (out.ok()) {
        ADD_FAILURE() << "expected error '" << want << "', rendered:\n" << *out;
        continue;
      }
      EXPECT_NE(out.error().message.find(want), std::string::npos) << out.error().message;
      if (out.error().message.find(want) != std::string::npos) ++passed;
    } else {
      if (!out.ok()) {
        ADD_FAILURE() << out.error().message;
        continue;
      }
      const std::string want = c.at("expected").get<std::string>();
      EXPECT_EQ(*out, want);
      if (*out == want) ++passed;
    }
  }
  std::printf("[ fixture  ] %s: %d/%d cases pass\n", template_name.c_str(), passed, total);
  EXPECT_EQ(passed, total);
}

TEST_P(TemplateFixture, RendersLikeJinja2) {
  check_case_file(test::fixture("templates"), GetParam(), tight_limits());
}

class TemplateInRepo : public ::testing::TestWithParam<std::string> {};

TEST_P(TemplateInRepo, RendersLikeJinja2) { check_case_file(in_repo_dir(), GetParam(), tight_limits()); }

class TemplateCheck : public ::testing::TestWithParam<std::string> {};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TemplateCheck);

TEST_P(TemplateCheck, RendersLikeJinja2) { check_case_file(check_dir(), GetParam(), jinja::RenderLimits{}); }

std::string param_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param.substr(0, info.param.size() - 11);
  for (char& ch : n)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Templates, TemplateFixture, ::testing::ValuesIn(case_files()), param_name);
INSTANTIATE_TEST_SUITE_P(InRepo, TemplateInRepo, ::testing::ValuesIn(in_repo_files()), param_name);
INSTANTIATE_TEST_SUITE_P(Collected, TemplateCheck, ::testing::ValuesIn(check_files()), param_name);

}  // namespace
}  // namespace tessera::chat
