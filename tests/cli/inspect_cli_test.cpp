// `tessera-cli inspect` run as a process on every fixture GGUF: exit codes, text output, and the
// JSON output checked field by field against what the reader itself says about the file.
#include <cmath>
#include <map>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "gguf/gguf_file.h"
#include "gguf/gguf_writer.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

using test::CliResult;
using test::run_cli;

// A sanitizer build of the CLI reports findings on stderr; none may appear in any run.
void expect_no_sanitizer_report(const CliResult& r) {
  EXPECT_THAT(r.err, Not(HasSubstr("Sanitizer")));
  EXPECT_THAT(r.err, Not(HasSubstr("runtime error:")));
}

const char* const kFixtures[] = {
    "tokenizer/ggml-vocab-llama-spm.gguf", "tokenizer/ggml-vocab-gpt-2.gguf", "models/stories260K-f32.gguf",
    "hf/llama2-f16.gguf", "hf/qwen2-f16.gguf",
};

std::unique_ptr<gguf::GgufFile> open_reader(const std::string& path) {
  auto r = gguf::GgufFile::open(path);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().describe());
  return r.ok() ? std::move(r).value() : nullptr;
}

// The CLI's JSON for one metadata value: scalars as JSON scalars, arrays of up to 16 items as
// arrays, longer ones (without --all) as {type, length, first: [16 items]}.
void expect_json_value(const nlohmann::json& j, const gguf::Value& v, bool all, const std::string& where) {
  using gguf::ValueType;
  switch (v.type()) {
    case ValueType::String: EXPECT_EQ(j.get<std::string>(), v.as_string()) << where; break;
    case ValueType::Bool: EXPECT_EQ(j.get<bool>(), *v.as_bool()) << where; break;
    case ValueType::Float32:
    case ValueType::Float64:
      if (std::isfinite(*v.as_float())) {
        EXPECT_DOUBLE_EQ(j.get<double>(), *v.as_float()) << where;
      } else {
        EXPECT_TRUE(j.is_null()) << where;  // JSON has no NaN/inf
      }
      break;
    case ValueType::Array: {
      const auto& items = v.items();
      const nlohmann::json* arr = &j;
      size_t shown = items.size();
      if (!all && items.size() > 16) {
        ASSERT_TRUE(j.is_object()) << where;
        EXPECT_EQ(j.at("length").get<size_t>(), items.size()) << where;
        EXPECT_EQ(j.at("type").get<std::string>(), gguf::value_type_name(v.array_type())) << where;
        arr = &j.at("first");
        shown = 16;
      }
      ASSERT_TRUE(arr->is_array()) << where;
      ASSERT_EQ(arr->size(), shown) << where;
      for (size_t i = 0; i < shown; ++i) expect_json_value((*arr)[i], items[i], all, where + "[" + std::to_string(i) + "]");
      break;
    }
    default:
      if (gguf::is_signed_integer_type(v.type())) EXPECT_EQ(j.get<int64_t>(), *v.as_int()) << where;
      else EXPECT_EQ(j.get<uint64_t>(), *v.as_uint()) << where;
  }
}

void expect_json_matches_reader(const nlohmann::json& j, const gguf::GgufFile& f, bool all) {
  EXPECT_EQ(j.at("file").get<std::string>(), f.path());
  EXPECT_EQ(j.at("file_size").get<uint64_t>(), f.file_size());
  EXPECT_EQ(j.at("gguf_version").get<uint32_t>(), f.version());
  EXPECT_EQ(j.at("alignment").get<uint64_t>(), f.alignment());
  EXPECT_EQ(j.at("architecture").get<std::string>(), f.architecture());
  const auto& meta = j.at("metadata");
  ASSERT_EQ(meta.size(), f.metadata().size());
  for (const auto& e : f.metadata()) {
    ASSERT_TRUE(meta.contains(e.key)) << e.key;
    expect_json_value(meta.at(e.key), e.value, all, e.key);
  }
  const auto& tensors = j.at("tensors");
  ASSERT_EQ(tensors.size(), f.tensors().size());
  uint64_t params = 0, bytes = 0;
  std::map<std::string, uint64_t> per_type;
  for (size_t i = 0; i < f.tensors().size(); ++i) {
    const auto& t = f.tensors()[i];
    const auto& jt = tensors[i];
    EXPECT_EQ(jt.at("name").get<std::string>(), t.name);
    EXPECT_EQ(jt.at("type").get<std::string>(), type_name(t.type)) << t.name;
    EXPECT_EQ(jt.at("shape").get<std::vector<int64_t>>(), t.dims) << t.name;
    EXPECT_EQ(jt.at("elements").get<uint64_t>(), t.n_elements) << t.name;
    EXPECT_EQ(jt.at("bytes").get<uint64_t>(), t.n_bytes) << t.name;
    EXPECT_EQ(jt.at("offset").get<uint64_t>(), t.offset) << t.name;
    params += t.n_elements;
    bytes += t.n_bytes;
    per_type[std::string(type_name(t.type))]++;
  }
  EXPECT_EQ(j.at("parameters").get<uint64_t>(), params);
  EXPECT_EQ(j.at("tensor_bytes").get<uint64_t>(), bytes);
  const auto& totals = j.at("totals_by_type");
  EXPECT_EQ(totals.size(), per_type.size());
  for (const auto& [type, n] : per_type) EXPECT_EQ(totals.at(type).at("tensors").get<uint64_t>(), n) << type;
}

TEST(InspectCli, TextOutputOnEveryFixture) {
  for (const char* rel : kFixtures) {
    SCOPED_TRACE(rel);
    const std::string path = test::fixture(rel).string();
    auto f = open_reader(path);
    ASSERT_NE(f, nullptr);
    CliResult r = run_cli({"inspect", path});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    expect_no_sanitizer_report(r);
    EXPECT_THAT(r.out, HasSubstr("GGUF version:  3 (alignment 32)"));
    EXPECT_THAT(r.out, HasSubstr("architecture:  " + f->architecture() + "\n"));
    EXPECT_THAT(r.out, HasSubstr("tensors:       " + std::to_string(f->tensors().size()) + " ("));
    EXPECT_THAT(r.out, HasSubstr("metadata (" + std::to_string(f->metadata().size()) + " keys):"));
    for (const auto& t : f->tensors()) EXPECT_THAT(r.out, HasSubstr(t.name));
  }
}

TEST(InspectCli, JsonOutputMatchesTheReaderOnEveryFixture) {
  for (const char* rel : kFixtures) {
    SCOPED_TRACE(rel);
    const std::string path = test::fixture(rel).string();
    auto f = open_reader(path);
    ASSERT_NE(f, nullptr);
    CliResult r = run_cli({"inspect", path, "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    expect_no_sanitizer_report(r);
    nlohmann::json j = nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
    ASSERT_FALSE(j.is_discarded()) << "not JSON: " << r.out.substr(0, 200);
    expect_json_matches_reader(j, *f, /*all=*/false);
  }
}

TEST(InspectCli, JsonAllListsWholeArrays) {
  const std::string path = test::fixture("models/stories260K-f32.gguf").string();
  auto f = open_reader(path);
  ASSERT_NE(f, nullptr);
  CliResult r = run_cli({"inspect", "--json", "--all", path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded());
  expect_json_matches_reader(j, *f, /*all=*/true);
  EXPECT_EQ(j["metadata"]["tokenizer.ggml.tokens"].size(), 512u);
  EXPECT_EQ(j["metadata"]["tokenizer.ggml.tokens"][511].get<std::string>(),
            f->get_string_array("tokenizer.ggml.tokens")->back());
  EXPECT_EQ(j["totals_by_type"]["F32"]["tensors"].get<int>(), 48);
  EXPECT_EQ(j["parameters"].get<uint64_t>(), 292800u);
}

// A file the CLI writes JSON for although its strings are not UTF-8 and a float is NaN.
TEST(InspectCli, JsonSurvivesInvalidUtf8AndNaN) {
  test::TempDir dir;
  gguf::GgufWriter w;
  w.set_string("general.architecture", "llama");
  w.set_string("test.bytes", "\xFF\xFE ok \xC3");
  w.set("test.nan", gguf::Value::f32(NAN));
  w.set("test.strings", gguf::Value::string_array({"\x80", "fine"}));
  ASSERT_TRUE(w.add_tensor_f32("t", {2}, {1.0f, 2.0f}).ok());
  const std::string path = dir.file("odd.gguf").string();
  ASSERT_TRUE(w.write_file(path).ok());
  for (bool json : {false, true}) {
    CliResult r =
        run_cli(json ? std::vector<std::string>{"inspect", path, "--json"} : std::vector<std::string>{"inspect", path});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    expect_no_sanitizer_report(r);
    if (!json) continue;
    nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.out;
    EXPECT_THAT(j["metadata"]["test.bytes"].get<std::string>(), HasSubstr(" ok "));
    EXPECT_TRUE(j["metadata"]["test.nan"].is_null());
    EXPECT_EQ(j["metadata"]["test.strings"][1].get<std::string>(), "fine");
  }
}

TEST(InspectCli, CorruptFilesExitOneNamingTheProblem) {
  test::TempDir dir;
  gguf::GgufWriter w;
  w.set_string("general.architecture", "llama");
  w.set_u32("llama.block_count", 1);
  ASSERT_TRUE(w.add_tensor_f32("blk.0.attn_norm.weight", {64}, test::random_floats(64, 5)).ok());
  ASSERT_TRUE(w.add_tensor_f32("output_norm.weight", {64}, test::random_floats(64, 6)).ok());
  auto good = w.to_bytes();
  ASSERT_TRUE(good.ok());

  struct Case {
    std::string name;
    std::vector<uint8_t> bytes;
    std::vector<std::string> expect;
  };
  std::vector<Case> cases;
  // Cut inside the last tensor's data.
  cases.push_back({"truncated.gguf", std::vector<uint8_t>(good->begin(), good->end() - 100),
                   {"BadFile", "output_norm.weight", "extends past the end of the file"}});
  // Cut inside the header.
  cases.push_back({"header.gguf", std::vector<uint8_t>(good->begin(), good->begin() + 20),
                   {"BadFile", "truncated file", "metadata key count"}});
  auto magic = *good;
  magic[3] = 'X';
  cases.push_back({"magic.gguf", magic, {"not a GGUF file", "magic is \"GGUX\""}});
  w.set_version_for_testing(1);
  cases.push_back({"v1.gguf", *w.to_bytes(), {"Unsupported", "GGUF version 1"}});
  cases.push_back({"empty.gguf", {}, {"magic"}});

  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const auto path = dir.file(c.name);
    test::write_file_bytes(path, c.bytes);
    for (bool json : {false, true}) {
      CliResult r = run_cli(json ? std::vector<std::string>{"inspect", path.string(), "--json"}
                                 : std::vector<std::string>{"inspect", path.string()});
      EXPECT_EQ(r.exit_code, 1) << r.err;
      EXPECT_EQ(r.out, "");
      expect_no_sanitizer_report(r);
      EXPECT_THAT(r.err, HasSubstr(path.string()));
      for (const auto& e : c.expect) EXPECT_THAT(r.err, HasSubstr(e));
    }
  }
}

TEST(InspectCli, MissingFileAndUsageErrors) {
  CliResult missing = run_cli({"inspect", "/nonexistent/model.gguf"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.err, HasSubstr("cannot open '/nonexistent/model.gguf'"));
  EXPECT_THAT(missing.err, HasSubstr("No such file"));
  expect_no_sanitizer_report(missing);

  test::TempDir dir;
  CliResult directory = run_cli({"inspect", dir.path().string()});
  EXPECT_EQ(directory.exit_code, 1);
  EXPECT_THAT(directory.err, HasSubstr("not a regular file"));

  CliResult none = run_cli({"inspect"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_THAT(none.err, HasSubstr("usage: tessera-cli inspect"));
  CliResult unknown = run_cli({"inspect", "--bogus", "x.gguf"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.err, HasSubstr("unknown option '--bogus'"));
  CliResult two = run_cli({"inspect", "a.gguf", "b.gguf"});
  EXPECT_EQ(two.exit_code, 2);
  CliResult help = run_cli({"inspect", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_THAT(help.out, HasSubstr("--json"));
}

}  // namespace
}  // namespace tessera
