// StreamingDecoder: text comes out as soon as it is complete UTF-8, never a split character.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gguf/gguf_file.h"
#include "support/test_support.h"
#include "tokenizer/streaming_decoder.h"
#include "tokenizer/tokenizer.h"
#include "tokenizer/utf8.h"

namespace tessera::tokenizer {
namespace {

using Ids = std::vector<int32_t>;

std::unique_ptr<Tokenizer> open_fixture(const std::string& name) {
  auto file = gguf::GgufFile::open(test::fixture("tokenizer/" + name).string());
  EXPECT_TRUE(file.ok()) << (file.ok() ? "" : file.error().describe());
  if (!file.ok()) return nullptr;
  auto tok = Tokenizer::from_gguf(**file);
  EXPECT_TRUE(tok.ok()) << (tok.ok() ? "" : tok.error().describe());
  return tok.ok() ? std::move(tok).value() : nullptr;
}

// Pushes ids one at a time; every chunk must be valid UTF-8 when the whole text is.
std::string stream_all(const Tokenizer& tok, const Ids& ids, std::vector<std::string>* chunks = nullptr) {
  StreamingDecoder dec(tok);
  std::string out;
  for (int32_t id : ids) {
    const std::string chunk = dec.push(id);
    EXPECT_TRUE(utf8::is_valid(chunk)) << "partial character emitted after id " << id;
    if (chunks) chunks->push_back(chunk);
    out += chunk;
  }
  const std::string rest = dec.flush();
  EXPECT_EQ(rest, "");
  return out + rest;
}

const std::string kText =
    "Hello \xF0\x9F\xA6\x99 llama! F\xC3\xBChrer \xE4\xBD\xA0\xE5\xA5\xBD \xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9"
    "\xE2\x80\x8D\xF0\x9F\x91\xA7 \xE1\x9E\x80\xE1\x9E\xB6\xE1\x9E\x93\xE1\x9F\x8B \xD0\xBF\xD1\x80\xD0\xB8\xD0\xB2"
    "\xD0\xB5\xD1\x82 \xE2\x9D\xA4\xEF\xB8\x8F\n  end";

TEST(StreamingDecoder, SpmEmojiThroughByteFallbackIsHeldUntilComplete) {
  auto tok = open_fixture("ggml-vocab-llama-spm.gguf");
  ASSERT_NE(tok, nullptr);
  // 🦙 is not in the Llama 2 vocabulary: four byte tokens <0xF0><0x9F><0xA6><0x99>.
  const Ids ids = tok->encode("\xF0\x9F\xA6\x99", true, false);
  ASSERT_EQ(ids.size(), 6u);  // BOS, '▁', four bytes
  EXPECT_EQ(ids[2], 3 + 0xF0);
  StreamingDecoder dec(*tok);
  EXPECT_EQ(dec.push(ids[0]), "");  // BOS
  EXPECT_EQ(dec.push(ids[1]), "");  // the space prefix, stripped
  EXPECT_EQ(dec.push(ids[2]), "");
  EXPECT_EQ(dec.pending_bytes(), 1u);
  EXPECT_EQ(dec.push(ids[3]), "");
  EXPECT_EQ(dec.push(ids[4]), "");
  EXPECT_EQ(dec.pending_bytes(), 3u);
  EXPECT_EQ(dec.push(ids[5]), "\xF0\x9F\xA6\x99");
  EXPECT_EQ(dec.pending_bytes(), 0u);
}

TEST(StreamingDecoder, StreamEqualsDecodeForBothFamilies) {
  for (const char* name : {"ggml-vocab-llama-spm.gguf", "ggml-vocab-gpt-2.gguf"}) {
    auto tok = open_fixture(name);
    ASSERT_NE(tok, nullptr);
    for (bool add_special : {false, true}) {
      const Ids ids = tok->encode(kText, add_special, false);
      std::vector<std::string> chunks;
      const std::string streamed = stream_all(*tok, ids, &chunks);
      EXPECT_EQ(streamed, tok->decode(ids)) << name;
      EXPECT_EQ(streamed, kText) << name;
      // Some ids produced nothing (held bytes), so the text really was held back somewhere.
      EXPECT_GT(std::count(chunks.begin(), chunks.end(), std::string()), 0) << name;
    }
  }
}

TEST(StreamingDecoder, Gpt2SplitsCharactersAcrossTokens) {
  auto tok = open_fixture("ggml-vocab-gpt-2.gguf");
  ASSERT_NE(tok, nullptr);
  const Ids ids = tok->encode("\xE1\x9E\x80", false, false);  // a Khmer letter: no single GPT-2 token
  ASSERT_GT(ids.size(), 1u);
  StreamingDecoder dec(*tok);
  for (size_t i = 0; i + 1 < ids.size(); ++i) EXPECT_EQ(dec.push(ids[i]), "");
  EXPECT_EQ(dec.push(ids.back()), "\xE1\x9E\x80");
}

TEST(StreamingDecoder, FlushReturnsAnIncompleteTailAndResetStartsOver) {
  auto tok = open_fixture("ggml-vocab-llama-spm.gguf");
  ASSERT_NE(tok, nullptr);
  StreamingDecoder dec(*tok);
  EXPECT_EQ(dec.push(3 + 0xE4), "");  // first byte of 你
  EXPECT_EQ(dec.push(3 + 0xBD), "");
  EXPECT_EQ(dec.flush(), "\xE4\xBD");  // generation ended mid-character
  EXPECT_EQ(dec.pending_bytes(), 0u);
  // The position is kept after flush: a later space-led token keeps its space.
  EXPECT_EQ(dec.push(tok->find_token("\xE2\x96\x81Hello")), " Hello");
  dec.reset();
  EXPECT_EQ(dec.push(tok->find_token("\xE2\x96\x81Hello")), "Hello");  // first token again
}

TEST(StreamingDecoder, InvalidBytesPassThrough) {
  auto tok = open_fixture("ggml-vocab-llama-spm.gguf");
  ASSERT_NE(tok, nullptr);
  StreamingDecoder dec(*tok);
  EXPECT_EQ(dec.push(3 + 0xFF), "\xFF");  // can never start a character: not held
  EXPECT_EQ(dec.push(3 + 0x80), "\x80");
}

TEST(StreamingDecoder, SpecialTokensRenderOnlyWhenAsked) {
  auto tok = open_fixture("ggml-vocab-llama-spm.gguf");
  ASSERT_NE(tok, nullptr);
  const Ids ids = {1, 15043, 2};  // <s> ▁Hello </s>
  {
    StreamingDecoder dec(*tok);
    std::string out;
    for (int32_t id : ids) out += dec.push(id);
    EXPECT_EQ(out, "Hello");
  }
  {
    StreamingDecoder dec(*tok, DecodeOptions{true, true});
    std::string out;
    for (int32_t id : ids) out += dec.push(id);
    EXPECT_EQ(out, "<s>Hello</s>");
    EXPECT_EQ(out, tok->decode(ids, DecodeOptions{true, true}));
  }
}

}  // namespace
}  // namespace tessera::tokenizer
