// Reading tokenizer.ggml.* from GGUF files written in the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gguf/gguf_file.h"
#include "gguf/gguf_writer.h"
#include "tokenizer/tokenizer.h"
#include "tokenizer/vocab_gguf.h"

namespace tessera::tokenizer {
namespace {

const std::string kSp = "\xE2\x96\x81";

gguf::GgufWriter spm_writer() {
  gguf::GgufWriter w;
  w.set_string("general.architecture", "llama");
  w.set_string("tokenizer.ggml.model", "llama");
  w.set("tokenizer.ggml.tokens", gguf::Value::string_array({"<unk>", "<s>", "</s>", kSp, "h", kSp + "h", "<|im_end|>"}));
  w.set("tokenizer.ggml.scores", gguf::Value::f32_array({0, 0, 0, -5, -5, -1, 0}));
  w.set("tokenizer.ggml.token_type", gguf::Value::i32_array({2, 3, 3, 1, 1, 1, 3}));
  return w;
}

Result<std::unique_ptr<Tokenizer>> load(const gguf::GgufWriter& w) {
  auto bytes = w.to_bytes();
  if (!bytes.ok()) return bytes.take_error();
  auto file = gguf::GgufFile::from_bytes(std::move(bytes).value(), "test.gguf");
  if (!file.ok()) return file.take_error();
  return Tokenizer::from_gguf(**file);
}

TEST(VocabGguf, SpmDefaultsWhenOptionalKeysAreMissing) {
  auto tok = load(spm_writer());
  ASSERT_TRUE(tok.ok()) << tok.error().describe();
  const Tokenizer& t = **tok;
  EXPECT_EQ(t.kind(), Kind::Spm);
  EXPECT_EQ(t.vocab_size(), 7u);
  EXPECT_EQ(t.unk(), 0);  // SentencePiece defaults
  EXPECT_EQ(t.bos(), 1);
  EXPECT_EQ(t.eos(), 2);
  EXPECT_TRUE(t.add_bos());
  EXPECT_FALSE(t.add_eos());
  EXPECT_TRUE(t.add_space_prefix());
  EXPECT_EQ(t.encode("h", true, false), (std::vector<int32_t>{1, 5}));
  EXPECT_TRUE(t.is_end_of_generation(6));  // <|im_end|> by name
  EXPECT_TRUE(t.warnings().empty());
}

TEST(VocabGguf, ExplicitIdsAndFlags) {
  auto w = spm_writer();
  w.set_u32("tokenizer.ggml.bos_token_id", 2);
  w.set_u32("tokenizer.ggml.eos_token_id", 1);
  w.set_u32("tokenizer.ggml.eot_token_id", 4);
  w.set_u32("tokenizer.ggml.padding_token_id", 0);
  w.set_bool("tokenizer.ggml.add_bos_token", false);
  w.set_bool("tokenizer.ggml.add_eos_token", true);
  w.set_bool("tokenizer.ggml.add_space_prefix", false);
  auto tok = load(w);
  ASSERT_TRUE(tok.ok()) << tok.error().describe();
  const Tokenizer& t = **tok;
  EXPECT_EQ(t.bos(), 2);
  EXPECT_EQ(t.eos(), 1);
  EXPECT_EQ(t.eot(), 4);
  EXPECT_EQ(t.pad(), 0);
  EXPECT_TRUE(t.is_end_of_generation(4));
  EXPECT_TRUE(t.is_end_of_generation(1));
  EXPECT_EQ(t.encode("h", true, false), (std::vector<int32_t>{4, 1}));  // no prefix, EOS appended
}

TEST(VocabGguf, OutOfRangeIdIsAWarningNotAFailure) {
  auto w = spm_writer();
  w.set_i32("tokenizer.ggml.padding_token_id", -1);
  w.set_u32("tokenizer.ggml.eos_token_id", 999);
  auto tok = load(w);
  ASSERT_TRUE(tok.ok()) << tok.error().describe();
  EXPECT_EQ((*tok)->pad(), kNoToken);
  EXPECT_EQ((*tok)->eos(), 2);  // the default stays
  const auto& warnings = (*tok)->warnings();
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_TRUE(std::any_of(warnings.begin(), warnings.end(),
                          [](const std::string& w) { return w.find("eos_token_id = 999") != std::string::npos; }));
}

TEST(VocabGguf, Gpt2Model) {
  gguf::GgufWriter w;
  w.set_string("tokenizer.ggml.model", "gpt2");
  w.set_string("tokenizer.ggml.pre", "qwen2");
  w.set("tokenizer.ggml.tokens", gguf::Value::string_array({"a", "b", "ab", "<|endoftext|>"}));
  w.set("tokenizer.ggml.token_type", gguf::Value::i32_array({1, 1, 1, 3}));
  w.set("tokenizer.ggml.merges", gguf::Value::string_array({"a b"}));
  w.set_u32("tokenizer.ggml.eos_token_id", 3);
  auto tok = load(w);
  ASSERT_TRUE(tok.ok()) << tok.error().describe();
  EXPECT_EQ((*tok)->kind(), Kind::Bpe);
  EXPECT_EQ((*tok)->pre_tokenizer(), "qwen2");
  EXPECT_EQ((*tok)->bos(), kNoToken);
  EXPECT_EQ((*tok)->encode("ab", true, false), (std::vector<int32_t>{2}));
  EXPECT_TRUE((*tok)->is_end_of_generation(3));
}

TEST(VocabGguf, ErrorsNameTheFileAndKey) {
  {
    gguf::GgufWriter w;
    w.set_string("general.architecture", "llama");
    auto tok = load(w);
    ASSERT_FALSE(tok.ok());
    EXPECT_EQ(tok.error().kind, ErrorKind::BadFile);
    EXPECT_NE(tok.error().message.find("tokenizer.ggml.model"), std::string::npos);
  }
  {
    auto w = spm_writer();
    w.set_string("tokenizer.ggml.model", "bert");
    auto tok = load(w);
    ASSERT_FALSE(tok.ok());
    EXPECT_EQ(tok.error().kind, ErrorKind::Unsupported);
    EXPECT_NE(tok.error().message.find("'bert'"), std::string::npos);
    EXPECT_NE(tok.error().message.find("test.gguf"), std::string::npos);
  }
  {
    auto w = spm_writer();
    w.set("tokenizer.ggml.scores", gguf::Value::f32_array({0, 0}));
    auto tok = load(w);
    ASSERT_FALSE(tok.ok());
    EXPECT_EQ(tok.error().kind, ErrorKind::BadFile);
    EXPECT_NE(tok.error().message.find("scores has 2 entries, expected 7"), std::string::npos);
  }
  {
    auto w = spm_writer();
    w.set_string("tokenizer.ggml.model", "gpt2");
    auto tok = load(w);
    ASSERT_FALSE(tok.ok());
    EXPECT_NE(tok.error().message.find("merges"), std::string::npos);
  }
  {
    auto w = spm_writer();
    w.set_string("tokenizer.ggml.bos_token_id", "one");
    auto tok = load(w);
    ASSERT_FALSE(tok.ok());
    EXPECT_NE(tok.error().message.find("bos_token_id"), std::string::npos);
  }
}

}  // namespace
}  // namespace tessera::tokenizer
