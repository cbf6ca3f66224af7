// Helpers for the template suites: render a template with variables given as JSON, and check
// tables of expected outputs or errors.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "template/chat_template.h"

namespace tessera::chat {

// `vars_json` is an object: "messages", "add_generation_prompt", "bos_token", "eos_token" fill
// those fields; every other key becomes an extra variable. The date is fixed at 2026-07-04 12:00.
inline Result<std::string> render_with(const std::string& source, const std::string& vars_json = "{}") {
  auto tmpl = ChatTemplate::parse(source, "test template");
  if (!tmpl.ok()) return tmpl.take_error();
  ChatTemplateInput in;
  in.add_generation_prompt = false;
  in.now = DateTime{2026, 7, 4, 12, 0, 0};
  auto vars = nlohmann::ordered_json::parse(vars_json);
  for (auto& [k, v] : vars.items()) {
    if (k == "messages")
      in.messages = v;
    else if (k == "add_generation_prompt")
      in.add_generation_prompt = v.get<bool>();
    else if (k == "bos_token")
      in.bos_token = v.get<std::string>();
    else if (k == "eos_token")
      in.eos_token = v.get<std::string>();
    else
      in.extra[k] = v;
  }
  return tmpl->render(in);
}

struct RenderCase {
  std::string source;
  std::string vars;
  std::string expected;
};

// Every case renders to its expected text; the failure lists each case that does not (use as
// EXPECT_TRUE(renders_as_expected({...}))).
inline ::testing::AssertionResult renders_as_expected(const std::vector<RenderCase>& cases) {
  std::string failures;
  for (const auto& c : cases) {
    auto out = render_with(c.source, c.vars);
    if (!out.ok())
      failures += "\ntemplate: " + c.source + "\n  failed: " + out.error().message;
    else if (*out != c.expected)
      failures += "\ntemplate: " + c.source + "\n  rendered: \"" + *out + "\"\n  expected: \"" + c.expected + "\"";
  }
  if (failures.empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << failures;
}

struct ErrorCase {
  std::string source;
  std::string vars;
  int line;             // template line the error must name
  std::string message;  // jinja2's message, which must appear verbatim
};

// Every case fails, with an error naming its line and containing its message (use as
// EXPECT_TRUE(fails_as_expected({...}))).
inline ::testing::AssertionResult fails_as_expected(const std::vector<ErrorCase>& cases) {
  std::string failures;
  for (const auto& c : cases) {
    auto out = render_with(c.source, c.vars);
    if (out.ok()) {
      failures += "\ntemplate: " + c.source + "\n  rendered instead of failing: " + *out;
      continue;
    }
    const std::string& m = out.error().message;
    if (m.find("line " + std::to_string(c.line) + ": ") == std::string::npos || m.find(c.message) == std::string::npos)
      failures += "\ntemplate: " + c.source + "\n  error: " + m + "\n  expected line " + std::to_string(c.line) +
                  " and \"" + c.message + "\"";
  }
  if (failures.empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << failures;
}

}  // namespace tessera::chat
