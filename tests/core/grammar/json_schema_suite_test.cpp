// The JSON-schema grammar against a suite nobody here wrote: Debian's json-schema-test-suite
// (draft 7, the required tests; tools/install-deps.sh installs it). For every case whose schema
// lies in the structured-output subset, the grammar must accept exactly the valid instances,
// written compactly and written with indentation. Cases outside the subset must be refused by the
// compiler with an error naming a keyword, never compiled with a keyword ignored.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "grammar/json_matcher.h"

namespace tessera::grammar {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

const fs::path kSuite = "/usr/share/json-schema-test-suite/tests";

// "properties.a.minimum: the keyword 'minimum' is not ..." -> "keyword 'minimum'"; other refusals
// (a remote $ref, a tuple) -> their message after the place.
std::string refusal_reason(const std::string& message) {
  const size_t k = message.find("the keyword '");
  if (k != std::string::npos) return message.substr(k + 4, message.find('\'', k + 13) - k - 3);
  const size_t colon = message.find(": ");
  return message.substr(colon == std::string::npos ? 0 : colon + 2, 60);
}

bool matches(const std::shared_ptr<const JsonSchema>& schema, const std::string& text) {
  JsonMatcher m(schema);
  return m.feed(text) && m.accepting();
}

// Draft 6 and 7 (draft 4 calls 1.0 a non-integer; the grammar follows the later drafts).
class JsonSchemaSuite : public ::testing::TestWithParam<const char*> {};

TEST_P(JsonSchemaSuite, CasesInTheSubsetAgreeWithTheSuite) {
  const fs::path dir = kSuite / GetParam();
  if (!fs::is_directory(dir))
    GTEST_SKIP() << dir << " is missing: install Debian's json-schema-test-suite (tools/install-deps.sh)";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  int groups = 0, groups_in = 0, tests_in = 0, valid_in = 0, invalid_in = 0, tests_out = 0;
  std::map<std::string, int> refused_by;
  for (const auto& file : files) {
    std::ifstream in(file);
    const Json cases = Json::parse(in);
    for (const Json& group : cases) {
      ++groups;
      // JSON Schema's number equality (1.0 is an integer); generation writes integers plainly.
      auto compiled = JsonSchema::compile(group.at("schema"), JsonSchemaOptions{.zero_fractions = true});
      if (!compiled.ok()) {
        // A refusal names the keyword (and where it is).
        EXPECT_NE(compiled.error().message.find(':'), std::string::npos) << compiled.error().message;
        tests_out += static_cast<int>(group.at("tests").size());
        ++refused_by[refusal_reason(compiled.error().message)];
        continue;
      }
      ++groups_in;
      for (const Json& t : group.at("tests")) {
        const bool valid = t.at("valid").get<bool>();
        ++tests_in;
        ++(valid ? valid_in : invalid_in);
        const std::string where = file.filename().string() + ": " + group.at("description").get<std::string>() +
                                  " / " + t.at("description").get<std::string>();
        const std::string compact = t.at("data").dump();
        EXPECT_EQ(matches(*compiled, compact), valid) << where << "\n  instance: " << compact;
        const std::string indented = t.at("data").dump(2);
        EXPECT_EQ(matches(*compiled, indented), valid) << where << " (indented)\n  instance: " << indented;
      }
    }
  }
  std::printf("json-schema-test-suite %s: %d of %d schemas in the subset, %d instances checked (%d valid, %d "
              "invalid), each compact and indented; %d instances of refused schemas\n",
              GetParam(), groups_in, groups, tests_in, valid_in, invalid_in, tests_out);
  for (const auto& [why, n] : refused_by) std::printf("  refused %2d: %s\n", n, why.c_str());
  EXPECT_GT(tests_in, 100);
}

INSTANTIATE_TEST_SUITE_P(Drafts, JsonSchemaSuite, ::testing::Values("draft6", "draft7"));

}  // namespace
}  // namespace tessera::grammar
