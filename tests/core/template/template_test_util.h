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
    if (k == "messages") in.messages = v;
    else if (k == "add_generation_prompt") in.add_generation_prompt = v.get<bool>();
    else if (k == "bos_token") in.bos_token = v.get<std::string>();
    else if (k == "eos_token") in.eos_token = v.get<std::string>();
    else in.extra[k] = v;
  }
  return tmpl->render(in);
}

struct RenderCase {
  std::string source;
  std::string vars;
  std::string expected;
};

inline void expect_renders(const std::vector<RenderCase>& cases) {
  for (const auto& c : cases) {
    SCOPED_TRACE("template: " + c.source);
    auto out = render_with(c.source, c.vars);
    if (!out.ok()) {
      ADD_FAILURE() << out.error().message;
      continue;
    }
    EXPECT_EQ(*out, c.expected);
  }
}

struct ErrorCase {
  std::string source;
  std::string vars;
  int line;             // template line the error must name
  std::string message;  // jinja2's message, which must appear verbatim
};

inline void expect_errors(const std::vector<ErrorCase>& cases) {
  for (const auto& c : cases) {
    SCOPED_TRACE("template: " + c.source);
    auto out = render_with(c.source, c.vars);
    if (out.ok()) {
      ADD_FAILURE() << "rendered instead of failing: " << *out;
      continue;
    }
    const std::string& m = out.error().message;
    EXPECT_NE(m.find("line " + std::to_string(c.line) + ": "), std::string::npos) << m;
    EXPECT_NE(m.find(c.message), std::string::npos) << m;
  }
}

}  // namespace tessera::chat
