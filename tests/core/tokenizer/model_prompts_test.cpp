// Prompt encodings recorded next to the model fixtures: stories260K (llama2.c's tok512, checked
// against llama2.c and llama.cpp) and the small Hugging Face models (2048 pieces of the Llama 2
// vocabulary, encoded by transformers). Both include BOS, as the models' add_bos flag asks.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "gguf/gguf_file.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"

namespace tessera::tokenizer {
namespace {

nlohmann::json read_json(const std::string& relative) {
  std::ifstream in(test::fixture(relative));
  EXPECT_TRUE(in.good()) << relative;
  return nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
}

std::unique_ptr<Tokenizer> open_model(const std::string& relative) {
  auto file = gguf::GgufFile::open(test::fixture(relative).string());
  EXPECT_TRUE(file.ok()) << (file.ok() ? "" : file.error().describe());
  if (!file.ok()) return nullptr;
  auto tok = Tokenizer::from_gguf(**file);
  EXPECT_TRUE(tok.ok()) << (tok.ok() ? "" : tok.error().describe());
  return tok.ok() ? std::move(tok).value() : nullptr;
}

TEST(ModelPrompts, Stories260K) {
  auto tok = open_model("models/stories260K-f32.gguf");
  ASSERT_NE(tok, nullptr);
  const auto ref = read_json("models/stories260K.expected.json");
  ASSERT_TRUE(ref.contains("cases"));
  DecodeOptions verbatim;  // continuation_text joins the pieces as they are
  verbatim.strip_space_prefix = false;
  for (const auto& c : ref["cases"]) {
    const std::string prompt = c["prompt"].get<std::string>();
    EXPECT_EQ(tok->encode(prompt, true, false), c["prompt_token_ids"].get<std::vector<int32_t>>()) << prompt;
    const auto cont = c["continuation_token_ids"].get<std::vector<int32_t>>();
    EXPECT_EQ(tok->decode(cont, verbatim), c["continuation_text"].get<std::string>()) << prompt;
  }
}

TEST(ModelPrompts, HuggingFaceSmallModels) {
  for (const char* arch : {"llama2", "qwen2"}) {
    auto tok = open_model(std::string("hf/") + arch + "-f16.gguf");
    ASSERT_NE(tok, nullptr);
    const auto ref = read_json(std::string("hf/") + arch + "-f16.ref.json");
    for (const auto& [variant, body] : ref["variants"].items()) {
      for (const auto& c : body["cases"]) {
        const std::string prompt = c["prompt"].get<std::string>();
        EXPECT_EQ(tok->encode(prompt, true, false), c["prompt_ids"].get<std::vector<int32_t>>()) << arch << ": " << prompt;
        const auto ids = c["prompt_ids"].get<std::vector<int32_t>>();
        EXPECT_EQ(tok->decode(ids), prompt) << arch;
      }
    }
  }
}

}  // namespace
}  // namespace tessera::tokenizer
