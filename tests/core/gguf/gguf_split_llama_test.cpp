// Split sets against llama.cpp's own tool (tools/gpu/gguf_split_check.sh runs this on the GPU
// machine, where llama.cpp is built; skipped elsewhere):
//  - sets written by `llama-gguf-split --split` (by tensor count, by size, with a first part of
//    metadata only) open through any part as the file they were made from: the same metadata
//    (plus the split keys) and the same tensors, byte for byte;
//  - a set written by Tessera's writer, left in the folder for `llama-gguf-split --merge` (the
//    script merges it and compares the merged file with its source through tessera-cli).
// TESSERA_LLAMA_SPLIT_DIR holds PREFIX-0000i-of-0000n.gguf parts and PREFIX.source files naming
// each set's source.
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "gguf/gguf_split.h"
#include "gguf_test_util.h"
#include "support/test_support.h"

namespace tessera::gguf::testing {
namespace {

namespace fs = std::filesystem;

fs::path split_dir() {
  const char* d = std::getenv("TESSERA_LLAMA_SPLIT_DIR");
  return d != nullptr ? fs::path(d) : fs::path();
}

TEST(LlamaGgufSplit, SetsOpenAsTheFileTheyWereMadeFrom) {
  const fs::path dir = split_dir();
  if (dir.empty()) GTEST_SKIP() << "TESSERA_LLAMA_SPLIT_DIR is not set (tools/gpu/gguf_split_check.sh sets it)";
  int sets = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".source") continue;
    const std::string prefix = (dir / e.path().stem()).string();
    std::ifstream in(e.path());
    std::string source;
    std::getline(in, source);
    SCOPED_TRACE(prefix + " from " + source);
    auto whole = GgufFile::open(source);
    ASSERT_TRUE(whole.ok()) << whole.error().message;
    std::vector<std::string> parts;
    for (uint32_t n = 1; n < 1000 && parts.empty(); ++n)
      if (fs::exists(split_part_path(prefix, 0, n)))
        for (uint32_t i = 0; i < n; ++i) parts.push_back(split_part_path(prefix, i, n));
    ASSERT_GE(parts.size(), 2u) << "no parts";
    for (const auto& part : parts) {
      auto set = GgufFile::open(part);
      ASSERT_TRUE(set.ok()) << part << ": " << set.error().message;
      EXPECT_EQ((*set)->parts().size(), parts.size());
      EXPECT_EQ((*set)->metadata().size(), (*whole)->metadata().size() + 3);
      for (const auto& m : (*whole)->metadata()) {
        const Value* v = (*set)->find(m.key);
        ASSERT_NE(v, nullptr) << m.key;
        EXPECT_EQ(v->to_display(64), m.value.to_display(64)) << m.key;
      }
      ASSERT_EQ((*set)->tensors().size(), (*whole)->tensors().size());
      for (size_t i = 0; i < (*whole)->tensors().size(); ++i) {
        const TensorInfo& a = (*set)->tensors()[i];
        const TensorInfo& b = (*whole)->tensors()[i];
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.type, b.type);
        EXPECT_EQ(a.dims, b.dims);
        const auto da = (*set)->tensor_data(a), db = (*whole)->tensor_data(b);
        EXPECT_TRUE(std::equal(da.begin(), da.end(), db.begin(), db.end())) << a.name;
      }
    }
    ++sets;
  }
  EXPECT_GE(sets, 1);
  RecordProperty("sets", sets);

  // For the merge the other way round: a set written by Tessera's writer from stories260K.
  auto source = GgufFile::open(test::fixture("models/stories260K-f32.gguf").string());
  ASSERT_TRUE(source.ok());
  auto copy = GgufWriter::copy_of(**source);
  ASSERT_TRUE(copy.ok());
  auto written = write_split_files(*copy, (dir / "tessera-written").string(), 20);
  ASSERT_TRUE(written.ok()) << written.error().message;
}

}  // namespace
}  // namespace tessera::gguf::testing
