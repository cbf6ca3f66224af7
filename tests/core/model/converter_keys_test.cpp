// Tessera's metadata writer (write_hyperparameters: `synth` and the tests' model writers) against
// the files llama.cpp's own converter made from transformers models (the shared hf fixtures and
// tests/data/hf-extra): for each architecture the writer gives every {arch}.* key the converter
// wrote, so that llama.cpp opens what `synth` makes. The side-by-side bench of 2026-12-06 found the
// gap this guards: synth's Qwen3.6 files lacked rope.dimension_sections, which llama.cpp requires,
// so llama-bench had no row for them.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "gguf/gguf_file.h"
#include "gguf/gguf_writer.h"
#include "model/hparams_io.h"
#include "model/model_loader.h"
#include "support/test_support.h"

namespace tessera::test {
namespace {

std::vector<std::filesystem::path> converter_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& dir : {fixture("hf"), source_dir() / "tests" / "data" / "hf-extra"}) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
      const std::string n = e.path().filename().string();
      if (n.size() > 9 && n.compare(n.size() - 9, 9, "-f16.gguf") == 0) files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::set<std::string> arch_keys(const gguf::GgufFile& f, const std::string& arch) {
  std::set<std::string> keys;
  for (const auto& e : f.metadata())
    if (e.key.rfind(arch + ".", 0) == 0) keys.insert(e.key);
  return keys;
}

TEST(ConverterKeys, TheWriterGivesEveryKeyTheConverterWrote) {
  const auto files = converter_files();
  if (files.empty()) GTEST_SKIP() << "no converter-made files (fixtures at " << fixture("hf") << ")";
  // Keys the converter writes that llama.cpp reads as optional, where the converter's value means
  // what the key's absence means (so the writer may leave them out), and keys both programs ignore.
  const auto absent_means_the_same = [](const gguf::GgufFile& f, const std::string& arch, const std::string& suffix) {
    const gguf::Value* v = f.find(arch + "." + suffix);
    if (suffix == "expert_group_count" || suffix == "expert_group_used_count") return v->as_uint() == 1u;  // no groups
    // The draft (multi-token-prediction) blocks: Tessera drops them, so what it writes has none.
    if (suffix == "nextn_predict_layers") return true;
    // Phi-3's window: llama.cpp turns Phi's sliding window off, Tessera does not read it.
    if (arch == "phi3" && suffix == "attention.sliding_window") return true;
    // Read only with a scaling type that uses it.
    if (suffix == "rope.scaling.original_context_length") {
      const gguf::Value* type = f.find(arch + ".rope.scaling.type");
      return type == nullptr || type->as_string() == "none";
    }
    return false;
  };
  TempDir tmp;
  for (const auto& path : files) {
    SCOPED_TRACE(path.filename().string());
    auto opened = gguf::GgufFile::open(path.string());
    ASSERT_TRUE(opened.ok()) << opened.error().describe();
    std::shared_ptr<const gguf::GgufFile> file = std::move(*opened);
    auto spec = build_model_spec(file);
    ASSERT_TRUE(spec.ok()) << spec.error().describe();
    gguf::GgufWriter w;
    ASSERT_TRUE(write_hyperparameters(w, *spec).ok());
    const auto out_path = tmp.file(path.filename().string());
    ASSERT_TRUE(w.write_file(out_path.string()).ok());
    auto written = gguf::GgufFile::open(out_path.string());
    ASSERT_TRUE(written.ok()) << written.error().describe();
    const std::string& arch = spec->architecture;
    const auto ours = arch_keys(**written, arch);
    for (const auto& key : arch_keys(*file, arch)) {
      if (absent_means_the_same(*file, arch, key.substr(arch.size() + 1))) continue;
      EXPECT_TRUE(ours.count(key)) << arch << ": the converter wrote " << key << ", write_hyperparameters did not";
    }
  }
}

}  // namespace
}  // namespace tessera::test
