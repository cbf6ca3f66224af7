// A split model through the CLI: `inspect`, `run` and `bench` given any part of stories260K
// rewritten as three parts read the whole set, with the same results as the single file.
#include <filesystem>
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "gguf/gguf_file.h"
#include "gguf/gguf_split.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;
using test::run_cli;

std::string stories() { return test::fixture("models/stories260K-f32.gguf").string(); }

class SplitModelCli : public ::testing::Test {
 protected:
  void SetUp() override {
    auto whole = gguf::GgufFile::open(stories());
    ASSERT_TRUE(whole.ok());
    auto copy = gguf::GgufWriter::copy_of(**whole);
    ASSERT_TRUE(copy.ok());
    auto written = gguf::write_split_files(*copy, (dir.path() / "stories260K").string(), 20);
    ASSERT_TRUE(written.ok()) << written.error().message;
    parts = *written;
    ASSERT_EQ(parts.size(), 3u);
  }
  test::TempDir dir;
  std::vector<std::string> parts;
};

TEST_F(SplitModelCli, InspectListsThePartsOfTheSet) {
  const auto r = run_cli({"inspect", parts[2], "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.at("parts").size(), 3u);
  uint64_t total = 0;
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(j["parts"][i]["path"], parts[i]);
    EXPECT_EQ(j["parts"][i]["size"].get<uint64_t>(), std::filesystem::file_size(parts[i]));
    total += j["parts"][i]["size"].get<uint64_t>();
  }
  EXPECT_EQ(j["file_size"].get<uint64_t>(), total);
  EXPECT_EQ(j["tensors"].size(), 48u);
  EXPECT_EQ(j["tensors"][0]["part"], 1);
  EXPECT_EQ(j["tensors"][47]["part"], 3);
  EXPECT_TRUE(j["model"]["runs"].get<bool>()) << j["model"]["error"];

  const auto whole = nlohmann::json::parse(run_cli({"inspect", stories(), "--json"}).out);
  EXPECT_EQ(j["parameters"], whole["parameters"]);
  EXPECT_EQ(j["model"]["facts"], whole["model"]["facts"]);
  ASSERT_EQ(whole.at("parts").size(), 1u);
  EXPECT_EQ(whole["parts"][0]["path"], stories());

  const auto text = run_cli({"inspect", parts[1]});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("file:          " + parts[1]));
  EXPECT_THAT(text.out, HasSubstr("in 3 parts"));
  EXPECT_THAT(text.out, HasSubstr("part 2      " + parts[1]));
  const auto tensor = run_cli({"inspect", parts[0], "--tensor", j["tensors"][47]["name"].get<std::string>()});
  EXPECT_THAT(tensor.out, HasSubstr(" of " + parts[2]));
}

TEST_F(SplitModelCli, RunAndBenchReadTheWholeSet) {
  const std::vector<std::string> rest = {"-p", "Once upon a time", "-n", "24", "--temp", "0", "--ids"};
  auto args = [&](const std::string& model) {
    std::vector<std::string> a = {"run", "-m", model};
    a.insert(a.end(), rest.begin(), rest.end());
    return a;
  };
  const auto whole = run_cli(args(stories()));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  const auto split = run_cli(args(parts[1]));
  ASSERT_EQ(split.exit_code, 0) << split.err;
  EXPECT_EQ(split.out, whole.out);

  const auto bench = run_cli({"bench", "-m", parts[2], "--backend", "cpu", "-p", "8", "-n", "4", "-r", "1", "-o", "json"});
  ASSERT_EQ(bench.exit_code, 0) << bench.err;
  EXPECT_THAT(bench.out, HasSubstr("\"tokens_per_second\""));
}

TEST_F(SplitModelCli, AMissingPartIsNamed) {
  std::filesystem::remove(parts[1]);
  const auto r = run_cli({"run", "-m", parts[0], "-p", "x", "-n", "1"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("1 part is missing: part 2 of 3 (" + parts[1] + ")"));
  const auto i = run_cli({"inspect", parts[2]});
  EXPECT_EQ(i.exit_code, 1);
  EXPECT_THAT(i.err, HasSubstr("part 2 of 3 (" + parts[1] + ")"));
}

}  // namespace
}  // namespace tessera
