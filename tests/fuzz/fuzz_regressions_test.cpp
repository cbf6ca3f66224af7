// Every input a fuzz target once crashed on (tests/fuzz/regressions/<target>/) goes through the
// same entry function again (fuzz_entries.h), in the normal and the ASan builds, without libFuzzer.
// A crash still open in another area is listed in that folder's OPEN file ("name  reason" per
// line): its case is skipped with the reason until the fix lands and the line is removed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_entries.h"

namespace tessera::fuzz {
namespace {

namespace fs = std::filesystem;

struct Case {
  std::string target;  // folder name: gguf, template, tokenizer, schema, http, request, reply
  fs::path file;
};

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool is_input(const fs::path& p) {
  const std::string name = p.filename().string();
  return fs::is_regular_file(p) && name != "OPEN" && name != "README.md" && name[0] != '.';
}

std::vector<Case> all_cases() {
  std::vector<Case> out;
  const fs::path root = TESSERA_FUZZ_REGRESSIONS_DIR;
  for (const char* target : {"gguf", "template", "tokenizer", "schema", "http", "request", "reply"}) {
    std::error_code ec;
    if (!fs::is_directory(root / target, ec)) continue;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(root / target))
      if (is_input(e.path())) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (auto& f : files) out.push_back({target, f});
  }
  return out;
}

// name -> reason, from the target folder's OPEN file.
std::map<std::string, std::string> open_crashes(const fs::path& folder) {
  std::map<std::string, std::string> out;
  std::istringstream lines(read_all(folder / "OPEN"));
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t space = line.find_first_of(" \t");
    const std::string name = line.substr(0, space);
    out[name] = space == std::string::npos ? "open" : line.substr(line.find_first_not_of(" \t", space));
  }
  return out;
}

class FuzzRegression : public ::testing::TestWithParam<Case> {};

TEST_P(FuzzRegression, RunsCleanly) {
  const Case& c = GetParam();
  const auto open = open_crashes(c.file.parent_path());
  if (auto it = open.find(c.file.filename().string()); it != open.end()) {
    GTEST_SKIP() << c.target << "/" << c.file.filename().string() << " still crashes: " << it->second;
  }
  const std::string bytes = read_all(c.file);
  if (c.target == "gguf") {
    gguf_one_input(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  } else if (c.target == "schema") {
    schema_one_input(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  } else if (c.target == "reply") {
    if (!has_reply_entry()) GTEST_SKIP() << "this build has no server (TESSERA_BUILD_SERVER=OFF)";
    reply_one_input(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  } else if (c.target == "request") {
    if (!has_request_entry()) GTEST_SKIP() << "this build has no server (TESSERA_BUILD_SERVER=OFF)";
    request_one_input(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  } else if (c.target == "http") {
    if (!has_http_entry()) GTEST_SKIP() << "this build has no server (TESSERA_BUILD_SERVER=OFF)";
    http_one_input(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  } else if (c.target == "template") {
    if (!has_template_entry()) GTEST_SKIP() << "this build has no core/template/template_fuzz_entry.h";
    template_one_input(bytes);
  } else {
    if (!has_tokenizer_entry()) GTEST_SKIP() << "this build has no core/tokenizer/tokenizer_fuzz_entry.h";
    tokenizer_one_input(bytes);
  }
  SUCCEED() << c.file;
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string name = info.param.target + "_" + info.param.file.stem().string();
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Inputs, FuzzRegression, ::testing::ValuesIn(all_cases()), case_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(FuzzRegression);

// The folders exist and the seeds of a normal run parse: a sanity check that the entry works.
TEST(FuzzEntries, GgufEntryAcceptsGarbageAndEmptyInput) {
  gguf_one_input(nullptr, 0);
  const uint8_t junk[] = {'G', 'G', 'U', 'F', 3, 0, 0, 0, 1, 2, 3};
  gguf_one_input(junk, sizeof junk);
  EXPECT_TRUE(fs::is_directory(fs::path(TESSERA_FUZZ_REGRESSIONS_DIR) / "gguf"));
}

}  // namespace
}  // namespace tessera::fuzz
