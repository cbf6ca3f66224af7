// A split model (gguf_split.h) runs as one model: stories260K rewritten by the project's writer as
// three parts, loaded through its middle part, generates exactly what llama.cpp generated from the
// whole file (stories260K.expected.json), and describes itself with the set's size.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "gguf/gguf_file.h"
#include "gguf/gguf_split.h"
#include "support/test_support.h"

namespace tessera::test {
namespace {

TEST(SplitModel, Stories260KInThreePartsGeneratesLikeLlamaCpp) {
  TempDir dir;
  auto whole = gguf::GgufFile::open(fixture("models/stories260K-f32.gguf").string());
  ASSERT_TRUE(whole.ok()) << whole.error().message;
  auto copy = gguf::GgufWriter::copy_of(**whole);
  ASSERT_TRUE(copy.ok());
  auto parts = gguf::write_split_files(*copy, (dir.path() / "stories260K").string(), 20);
  ASSERT_TRUE(parts.ok()) << parts.error().message;
  ASSERT_EQ(parts->size(), 3u);

  Engine engine;
  LoadSettings s;
  s.backend = "cpu";
  s.n_threads = 2;
  ASSERT_TRUE(engine.load((*parts)[1], s).ok());
  EXPECT_EQ(engine.info().path, (*parts)[0]);
  uint64_t total = 0;
  for (const auto& p : *parts) total += std::filesystem::file_size(p);
  EXPECT_EQ(engine.info().file_size, total);
  Engine reference;
  ASSERT_TRUE(reference.load(fixture("models/stories260K-f32.gguf").string(), s).ok());
  EXPECT_EQ(engine.info().parameter_count, reference.info().parameter_count);
  EXPECT_EQ(engine.info().weight_bytes, reference.info().weight_bytes);
  EXPECT_EQ(engine.info().tensor_types_summary(), reference.info().tensor_types_summary());
  EXPECT_EQ(engine.info().name, reference.info().name);

  std::ifstream in(fixture("models/stories260K.expected.json"));
  const auto expected = nlohmann::json::parse(in);
  const auto& c = expected["cases"][0];
  GenerationRequest r;
  r.prompt = c["prompt"].get<std::string>();
  r.n_predict = 40;
  r.sampling.temperature = 0.0f;
  auto out = engine.generate(r, [](const TokenEvent&) { return true; });
  ASSERT_TRUE(out.ok()) << out.error().describe();
  auto ref = c["llama_cpp"]["continuation_token_ids"].get<std::vector<int32_t>>();
  ref.resize(40);
  EXPECT_EQ(out->tokens, ref);
}

}  // namespace
}  // namespace tessera::test
