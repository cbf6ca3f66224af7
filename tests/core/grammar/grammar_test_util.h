// Helpers of the grammar tests: a schema compiled from JSON text (a failure is a test failure) and
// whether the matcher takes a whole text as a complete value.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string_view>

#include <nlohmann/json.hpp>

#include "grammar/json_matcher.h"
#include "grammar/json_schema.h"

namespace tessera::grammar::test {

inline std::shared_ptr<const JsonSchema> compile(const char* text) {
  auto r = JsonSchema::compile(nlohmann::ordered_json::parse(text));
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : nullptr;
}

inline bool matches(const std::shared_ptr<const JsonSchema>& s, std::string_view text) {
  JsonMatcher m(s);
  return m.feed(text) && m.accepting();
}

}  // namespace tessera::grammar::test
