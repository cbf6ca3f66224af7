// Tessera's CPU dequantizer on GGUF files made by llama.cpp's llama-quantize, against the values
// gguf-py (an independent decoder) gives for the same tensors. The files and references are made
// by tools/quant-check/run.sh into a git-ignored folder; point TESSERA_QUANT_CHECK_DIR at it
// (e.g. build-quant-data). Without it the test skips, saying so.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "gguf/gguf_file.h"
#include "quant/dequantize.h"
#include "support/test_support.h"

namespace tessera {
namespace {

namespace fs = std::filesystem;

struct Entry {
  std::string gguf, tensor, type, ref;
};

std::vector<Entry> read_manifest(const fs::path& path) {
  std::vector<Entry> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    Entry e;
    if (std::getline(fields, e.gguf, '\t') && std::getline(fields, e.tensor, '\t') &&
        std::getline(fields, e.type, '\t') && std::getline(fields, e.ref, '\t'))
      out.push_back(e);
  }
  return out;
}

TEST(QuantFiles, CpuDequantizeMatchesGgufPyOnLlamaQuantizeFiles) {
  const char* dir_env = std::getenv("TESSERA_QUANT_CHECK_DIR");
  if (dir_env == nullptr || *dir_env == '\0')
    GTEST_SKIP() << "TESSERA_QUANT_CHECK_DIR is not set (make the files with tools/quant-check/run.sh, then set it "
                    "to build-quant-data)";
  const fs::path dir(dir_env);
  if (!fs::exists(dir / "manifest.tsv"))
    GTEST_SKIP() << dir / "manifest.tsv" << " does not exist (run tools/quant-check/run.sh)";
  const std::vector<Entry> entries = read_manifest(dir / "manifest.tsv");
  ASSERT_FALSE(entries.empty()) << "empty manifest";

  std::map<std::string, std::unique_ptr<gguf::GgufFile>> files;
  std::map<std::string, double> max_diff;
  std::map<std::string, uint64_t> checked;
  for (const Entry& e : entries) {
    SCOPED_TRACE(e.gguf + " " + e.tensor);
    auto& file = files[e.gguf];
    if (!file) {
      auto opened = gguf::GgufFile::open((dir / e.gguf).string());
      ASSERT_TRUE(opened.ok()) << opened.error().describe();
      file = std::move(opened).value();
    }
    const gguf::TensorInfo* t = file->find_tensor(e.tensor);
    ASSERT_NE(t, nullptr);
    ASSERT_EQ(type_name(t->type), e.type);
    const std::vector<uint8_t> ref_bytes = test::read_file_bytes(dir / e.ref);
    ASSERT_EQ(ref_bytes.size(), t->n_elements * 4);
    const int64_t cols = t->dim(0);
    const uint64_t rb = *row_size(t->type, cols);
    const auto data = file->tensor_data(*t);
    std::vector<float> row(static_cast<size_t>(cols));
    double worst = 0.0;
    for (int64_t r = 0; r < t->rows(); ++r) {
      const Status st = dequantize_row(t->type, data.data() + r * rb, row.data(), cols);
      ASSERT_TRUE(st.ok()) << st.error().describe();
      for (int64_t c = 0; c < cols; ++c) {
        float want;
        std::memcpy(&want, ref_bytes.data() + (r * cols + c) * 4, 4);  // little-endian host
        if (std::isnan(want) && std::isnan(row[c])) continue;
        worst = std::max(worst, std::fabs(static_cast<double>(row[c]) - want));
      }
    }
    max_diff[e.type] = std::max(max_diff[e.type], worst);
    checked[e.type] += t->n_elements;
  }
  for (const auto& [type, diff] : max_diff) {
    std::printf("  %-8s %10llu elements, max |tessera - gguf-py| = %g\n", type.c_str(),
                static_cast<unsigned long long>(checked[type]), diff);
    EXPECT_EQ(diff, 0.0) << type;
  }
}

}  // namespace
}  // namespace tessera
