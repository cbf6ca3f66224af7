// `tessera-cli inspect` run as a process on every fixture GGUF: exit codes, text output, and the
// JSON output checked field by field against what the reader itself says about the file.
#include <cmath>
#include <cstring>
#include <map>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "gguf/gguf_file.h"
#include "gguf/gguf_writer.h"
#include "terminal_text.h"
#include "quant/dequantize.h"
#include "quant/fp16.h"
#include "quant/quantize.h"
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
      if (gguf::is_signed_integer_type(v.type())) {
        EXPECT_EQ(j.get<int64_t>(), *v.as_int()) << where;
      } else {
        EXPECT_EQ(j.get<uint64_t>(), *v.as_uint()) << where;
      }
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

// The model section: the architecture's hyperparameters as the engine reads them, or why the
// engine cannot run the file.
TEST(InspectCli, ModelSectionShowsTheArchitecturesHyperparameters) {
  struct Want {
    const char* fixture;
    std::vector<std::string> lines;
  };
  const Want wants[] = {
      {"hf/gemma2-f16.gguf",
       {"  sliding window       12 positions on 2 of 3 layers\n", "  attention soft-cap   50\n",
        "  output soft-cap      30\n", "  activation           GeGLU (gelu-tanh)\n",
        "  post-norms           after attention and feed-forward\n", "  embedding scale      11.3137\n"}},
      {"hf/gemma3-f16.gguf",
       {"  sliding window       12 positions on 5 of 6 layers; their rope: NeoX pairs, 64 dims, base 10000\n",
        "  rope                 NeoX pairs, 64 dims, base 1e+06\n", "  QK-norm              "}},
      {"hf/mixtral-f16.gguf", {"  experts              4, 2 used per token, feed-forward 256 each, on 3 of 3 layers\n"}},
      {"hf/qwen2-f16.gguf", {"  biases               on q, k, v\n", "  output               tied to the token embedding\n"}},
  };
  for (const auto& w : wants) {
    SCOPED_TRACE(w.fixture);
    CliResult r = run_cli({"inspect", test::fixture(w.fixture).string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr("\nmodel (as Tessera runs it):\n"));
    for (const auto& line : w.lines) EXPECT_THAT(r.out, HasSubstr(line));
  }
  CliResult j = run_cli({"inspect", test::fixture("hf/gemma2-f16.gguf").string(), "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto json = nlohmann::json::parse(j.out);
  EXPECT_TRUE(json["model"]["runs"].get<bool>());
  EXPECT_EQ(json["model"]["facts"]["attention soft-cap"], "50");
  EXPECT_EQ(json["model"]["facts"]["sliding window"], "12 positions on 2 of 3 layers");

  // A vocabulary-only file is not a model: inspect still describes it and says why it cannot run.
  CliResult v = run_cli({"inspect", test::fixture("tokenizer/ggml-vocab-gpt-2.gguf").string()});
  ASSERT_EQ(v.exit_code, 0) << v.err;
  EXPECT_THAT(v.out, HasSubstr("\nmodel: Tessera cannot run this file: "));
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

// Bytes no terminal should receive from a file: C0 controls other than the line ends the CLI
// writes itself, DEL, C1 controls in UTF-8 (U+009B is an 8-bit CSI), invalid UTF-8.
void expect_terminal_safe(const std::string& out, const std::string& where) {
  for (size_t i = 0; i < out.size(); ++i) {
    const auto b = static_cast<uint8_t>(out[i]);
    ASSERT_TRUE(b == '\n' || (b >= 0x20 && b != 0x7F)) << where << ": byte 0x" << std::hex << int{b} << " at " << i;
  }
  size_t start = 0;
  for (size_t nl = out.find('\n'); start < out.size(); nl = out.find('\n', start)) {
    const std::string line = out.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    EXPECT_EQ(cli::terminal_safe(line), line) << where << ": invalid UTF-8 or hidden controls in the output";
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
}

TEST(InspectText, EscapesControlsAndInvalidUtf8KeepsTheRest) {
  using cli::terminal_safe;
  EXPECT_EQ(terminal_safe("plain text, \\ and \"quotes\""), "plain text, \\ and \"quotes\"");
  EXPECT_EQ(terminal_safe("\x1b[31mred\a\n\t\r\b\f\v"), "\\x1b[31mred\\a\\n\\t\\r\\b\\f\\v");
  EXPECT_EQ(terminal_safe(std::string("a\0b\x7f", 4)), "a\\x00b\\x7f");
  EXPECT_EQ(terminal_safe("\xC3\xA9 \xE2\x96\x81 \xF0\x9F\x98\x80"), "\xC3\xA9 \xE2\x96\x81 \xF0\x9F\x98\x80");
  EXPECT_EQ(terminal_safe("\xFF\xC3"), "\\xff\\xc3");                  // invalid and truncated
  EXPECT_EQ(terminal_safe("\xC0\xAF"), "\\xc0\\xaf");                  // overlong '/'
  EXPECT_EQ(terminal_safe("\xED\xA0\x80"), "\\xed\\xa0\\x80");         // a surrogate
  EXPECT_EQ(terminal_safe("\xF4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
  EXPECT_EQ(terminal_safe("\xC2\x9B" "2J"), "\\u009b2J");               // 8-bit CSI
  EXPECT_EQ(terminal_safe("a\xE2\x80\xAE" "b"), "a\\u202eb");           // right-to-left override
  EXPECT_EQ(terminal_safe(""), "");
}

// A file whose keys, strings and tensor names try to drive the terminal.
TEST(InspectCli, FileTextIsEscapedOnTheTerminalAndJsonStaysValid) {
  test::TempDir dir;
  gguf::GgufWriter w;
  const std::string evil_name = "general.name \x1b]0;owned\a";
  w.set_string("general.architecture", "llama\x1b[2J");
  w.set_string("general.name", evil_name);
  w.set_string("test.\x1b[31mkey", "red\x1b[31m bell\a nl\n bad\xFF csi\xC2\x9B" "1m end");
  w.set("test.tokens", gguf::Value::string_array({"\x1b[5m", "ok", "\xC3"}));
  ASSERT_TRUE(w.add_tensor_f32("tensor\x1b[8m", {2}, {1.0f, 2.0f}).ok());
  const std::string path = dir.file("evil.gguf").string();
  ASSERT_TRUE(w.write_file(path).ok());

  CliResult text = run_cli({"inspect", path});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  expect_no_sanitizer_report(text);
  expect_terminal_safe(text.out, "text stdout");
  expect_terminal_safe(text.err, "text stderr");
  EXPECT_THAT(text.out, HasSubstr("architecture:  llama\\x1b[2J\n"));
  EXPECT_THAT(text.out, HasSubstr("name:          general.name \\x1b]0;owned\\a\n"));
  EXPECT_THAT(text.out, HasSubstr("test.\\x1b[31mkey"));
  EXPECT_THAT(text.out, HasSubstr("\"red\\x1b[31m bell\\a nl\\n bad\\xff csi\\u009b1m end\""));
  EXPECT_THAT(text.out, HasSubstr("[\"\\x1b[5m\", \"ok\", \"\\xc3\"]"));
  EXPECT_THAT(text.out, HasSubstr("tensor\\x1b[8m"));

  CliResult one = run_cli({"inspect", path, "--tensor", "tensor\x1b[8m"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  expect_terminal_safe(one.out, "--tensor stdout");
  EXPECT_THAT(one.out, HasSubstr("tensor\\x1b[8m F32 [2] 8 bytes"));
  CliResult missing = run_cli({"inspect", path, "--tensor", "no\x1b[1mpe"});
  EXPECT_EQ(missing.exit_code, 1);
  expect_terminal_safe(missing.err, "--tensor error");
  EXPECT_THAT(missing.err, HasSubstr("no\\x1b[1mpe"));

  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"inspect", path, "--json"}, {"inspect", path, "--json", "--tensor", "tensor\x1b[8m"}}) {
    CliResult r = run_cli(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    expect_terminal_safe(r.out, "json");
    for (char c : r.out) ASSERT_LT(static_cast<uint8_t>(c), 0x80) << "JSON output is pure ASCII";
    const nlohmann::json j = nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
    ASSERT_FALSE(j.is_discarded()) << r.out;
    if (args.size() > 3) {
      EXPECT_EQ(j.at("name").get<std::string>(), "tensor\x1b[8m");
      continue;
    }
    EXPECT_EQ(j.at("architecture").get<std::string>(), "llama\x1b[2J");
    EXPECT_EQ(j.at("name").get<std::string>(), evil_name);
    // Valid text survives exactly; the invalid byte becomes U+FFFD.
    EXPECT_EQ(j.at("metadata").at("test.\x1b[31mkey").get<std::string>(),
              "red\x1b[31m bell\a nl\n bad\xEF\xBF\xBD csi\xC2\x9B" "1m end");
    EXPECT_EQ(j.at("metadata").at("test.tokens")[0].get<std::string>(), "\x1b[5m");
    EXPECT_EQ(j.at("tensors")[0].at("name").get<std::string>(), "tensor\x1b[8m");
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

// --tensor NAME --dequant OUT.f32: the tensor's values as little-endian float32 in ggml order,
// equal to the CPU reference's decode of each row (types written by the quantizer, random
// codebook blocks, and MXFP4 rows of an odd byte length).
TEST(InspectCli, DequantWritesEveryTensorAsFloat32) {
  test::TempDir dir;
  gguf::GgufWriter w;
  w.set_string("general.architecture", "llama");
  struct Tensor {
    std::string name;
    GgmlType type;
    std::vector<int64_t> dims;
    std::vector<uint8_t> data;
  };
  std::vector<Tensor> tensors;
  auto quantized = [&](const std::string& name, GgmlType type, int64_t cols, int64_t rows) {
    const auto x = test::random_floats(static_cast<size_t>(cols * rows), static_cast<uint32_t>(tensors.size() + 3));
    const size_t rb = *row_size(type, cols);
    std::vector<uint8_t> data(rb * rows);
    std::vector<uint32_t> row((rb + 3) / 4);
    for (int64_t r = 0; r < rows; ++r) {
      EXPECT_TRUE(quantize_row(type, x.data() + r * cols, row.data(), cols).ok()) << name;
      std::memcpy(data.data() + r * rb, row.data(), rb);
    }
    tensors.push_back({name, type, {cols, rows}, data});
  };
  quantized("f32.weight", GgmlType::F32, 40, 3);
  quantized("q4k.weight", GgmlType::Q4_K, 512, 3);
  quantized("iq4xs.weight", GgmlType::IQ4_XS, 256, 4);
  quantized("iq4nl.weight", GgmlType::IQ4_NL, 96, 2);
  quantized("mxfp4.weight", GgmlType::MXFP4, 96, 5);  // 51-byte rows: every other row at an odd offset
  // Random IQ2_XXS blocks with a finite scale.
  std::vector<uint8_t> iq2(66 * 6);
  for (size_t i = 0; i < iq2.size(); ++i) iq2[i] = static_cast<uint8_t>(i * 131 + 7);
  for (size_t b = 0; b < 6; ++b) {
    const uint16_t d = fp32_to_fp16(0.01f * static_cast<float>(b + 1));
    std::memcpy(iq2.data() + 66 * b, &d, 2);
  }
  tensors.push_back({"blk.0.iq2xxs.weight", GgmlType::IQ2_XXS, {256, 2, 3}, iq2});
  for (const auto& t : tensors) ASSERT_TRUE(w.add_tensor(t.name, t.type, t.dims, t.data).ok()) << t.name;
  const auto path = dir.file("types.gguf").string();
  ASSERT_TRUE(w.write_file(path).ok());

  for (const auto& t : tensors) {
    SCOPED_TRACE(t.name);
    const auto out = dir.file(t.name + ".f32").string();
    const CliResult r = run_cli({"inspect", path, "--tensor", t.name, "--dequant", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    expect_no_sanitizer_report(r);
    EXPECT_THAT(r.out, HasSubstr(t.name + " " + std::string(type_name(t.type))));
    const int64_t cols = t.dims[0];
    const int64_t rows = static_cast<int64_t>(t.data.size() / *row_size(t.type, cols));
    EXPECT_THAT(r.out, HasSubstr("wrote " + std::to_string(cols * rows) + " float32 values"));
    const std::vector<uint8_t> bytes = test::read_file_bytes(out);
    ASSERT_EQ(bytes.size(), static_cast<size_t>(cols * rows) * 4);
    const size_t rb = *row_size(t.type, cols);
    std::vector<uint32_t> row((rb + 3) / 4);
    std::vector<float> want(static_cast<size_t>(cols));
    for (int64_t r0 = 0; r0 < rows; ++r0) {
      std::memcpy(row.data(), t.data.data() + r0 * rb, rb);
      ASSERT_TRUE(dequantize_row(t.type, row.data(), want.data(), cols).ok());
      for (int64_t c = 0; c < cols; ++c) {
        const size_t at = static_cast<size_t>((r0 * cols + c) * 4);
        const uint32_t bits = static_cast<uint32_t>(bytes[at]) | (static_cast<uint32_t>(bytes[at + 1]) << 8) |
                              (static_cast<uint32_t>(bytes[at + 2]) << 16) | (static_cast<uint32_t>(bytes[at + 3]) << 24);
        float got;
        std::memcpy(&got, &bits, 4);
        ASSERT_EQ(got, want[c]) << "row " << r0 << " col " << c;
      }
    }
  }
  // --tensor alone (and with --json) describes the tensor without writing anything.
  const CliResult one = run_cli({"inspect", path, "--tensor", "mxfp4.weight", "--json"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const nlohmann::json j = nlohmann::json::parse(one.out);
  EXPECT_EQ(j.at("type").get<std::string>(), "MXFP4");
  EXPECT_EQ(j.at("bytes").get<uint64_t>(), 5u * 51);
  EXPECT_EQ(j.at("shape"), nlohmann::json::array({96, 5}));
}

TEST(InspectCli, DequantErrorsNameTheProblem) {
  test::TempDir dir;
  gguf::GgufWriter w;
  ASSERT_TRUE(w.add_tensor_f32("a.weight", {8, 2}, test::random_floats(16, 1)).ok());
  ASSERT_TRUE(w.add_tensor("q8k.weight", GgmlType::Q8_K, {256}, std::vector<uint8_t>(292, 0)).ok());
  const auto path = dir.file("e.gguf").string();
  ASSERT_TRUE(w.write_file(path).ok());

  CliResult r = run_cli({"inspect", path, "--tensor", "nope", "--dequant", dir.file("x.f32").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("no tensor named 'nope'"));
  EXPECT_THAT(r.err, HasSubstr(path));
  r = run_cli({"inspect", path, "--tensor", "q8k.weight", "--dequant", dir.file("x.f32").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("Q8_K"));
  EXPECT_THAT(r.err, HasSubstr("q8k.weight"));
  r = run_cli({"inspect", path, "--tensor", "a.weight", "--dequant", "/nonexistent/dir/x.f32"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("cannot write '/nonexistent/dir/x.f32'"));
  r = run_cli({"inspect", path, "--dequant", dir.file("x.f32").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--dequant needs --tensor"));
  r = run_cli({"inspect", path, "--tensor"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--tensor needs a value"));
  r = run_cli({"inspect", "--help"});
  EXPECT_THAT(r.out, HasSubstr("--dequant OUT.f32"));
}

}  // namespace
}  // namespace tessera
