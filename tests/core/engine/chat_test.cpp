// Engine::render_chat / Engine::chat: templates, BOS handling and KV reuse across turns.
#include <gtest/gtest.h>

#include "core/model/random_model.h"
#include "engine/engine.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"

namespace tessera::test {
namespace {

LoadSettings cpu(int32_t n_ctx) {
  LoadSettings s;
  s.backend = "cpu";
  s.n_ctx = n_ctx;
  s.n_threads = 2;
  return s;
}

TEST(EngineChat, DefaultTemplateIsChatMlWhenTheFileHasNone) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture("models/stories260K-f32.gguf").string(), cpu(512)).ok());
  EXPECT_FALSE(engine.info().has_chat_template);
  auto text = engine.render_chat({{"system", "Be brief."}, {"user", "Hi"}}, true);
  ASSERT_TRUE(text.ok()) << text.error().describe();
  EXPECT_EQ(*text, "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n");
}

TEST(EngineChat, MultiTurnReusesTheConversationPrefix) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture("models/stories260K-f32.gguf").string(), cpu(512)).ok());
  GenerationRequest r;
  r.n_predict = 12;
  r.sampling.temperature = 0.0f;
  std::vector<ChatMessage> conv = {{"user", "Once upon a time"}};
  auto first = engine.chat(conv, r);
  ASSERT_TRUE(first.ok()) << first.error().describe();
  EXPECT_EQ(first->tokens.size(), 12u);
  EXPECT_EQ(first->timings.prompt_tokens_reused, 0);
  // The prompt started with BOS (the model wants it; ChatML does not write it).
  EXPECT_EQ(engine.cached_tokens().front(), engine.tokenizer()->bos());
  const int32_t first_prompt = first->timings.prompt_tokens;

  conv.push_back({"assistant", first->text});
  conv.push_back({"user", "Lily wanted"});
  auto second = engine.chat(conv, r);
  ASSERT_TRUE(second.ok()) << second.error().describe();
  // At least the whole first prompt comes from the cache.
  EXPECT_GE(second->timings.prompt_tokens_reused, first_prompt);
  EXPECT_LT(second->timings.prompt_tokens_reused, second->timings.prompt_tokens);

  // The same reply as a fresh engine computing the whole conversation.
  Engine fresh;
  ASSERT_TRUE(fresh.load(fixture("models/stories260K-f32.gguf").string(), cpu(512)).ok());
  auto again = fresh.chat(conv, r);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->timings.prompt_tokens_reused, 0);
  EXPECT_EQ(again->tokens, second->tokens);
}

TEST(EngineChat, UsesTheFilesTemplate) {
  TempDir dir;
  RandomModelConfig c;
  c.n_vocab = 300;
  c.with_tokenizer = true;
  c.chat_template =
      "{{ bos_token }}{% for m in messages %}[{{ m.role }}]{{ m.content }}{% endfor %}"
      "{% if add_generation_prompt %}[assistant]{% endif %}";
  write_file_bytes(dir.file("t.gguf"), random_model_bytes(c));
  Engine engine;
  ASSERT_TRUE(engine.load(dir.file("t.gguf").string(), cpu(128)).ok());
  EXPECT_TRUE(engine.info().has_chat_template);
  auto text = engine.render_chat({{"user", "ab"}}, true);
  ASSERT_TRUE(text.ok()) << text.error().describe();
  EXPECT_EQ(*text, "<s>[user]ab[assistant]");
  GenerationRequest r;
  r.n_predict = 3;
  r.sampling.temperature = 0.0f;
  auto out = engine.chat({{"user", "ab"}}, r);
  ASSERT_TRUE(out.ok()) << out.error().describe();
  // "<s>" parsed as the BOS token, and not doubled.
  ASSERT_GE(engine.cached_tokens().size(), 2u);
  EXPECT_EQ(engine.cached_tokens()[0], 1);
  EXPECT_NE(engine.cached_tokens()[1], 1);
}

TEST(EngineChat, BrokenTemplateFailsChatButNotLoad) {
  TempDir dir;
  RandomModelConfig c;
  c.n_vocab = 300;
  c.with_tokenizer = true;
  c.chat_template = "{% for m in messages %}{{ m.content }";
  write_file_bytes(dir.file("t.gguf"), random_model_bytes(c));
  Engine engine;
  ASSERT_TRUE(engine.load(dir.file("t.gguf").string(), cpu(128)).ok());
  GenerationRequest r;
  r.n_predict = 2;
  auto out = engine.chat({{"user", "ab"}}, r);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("chat template of " + dir.file("t.gguf").string()), std::string::npos)
      << out.error().message;
  // Plain prompts still work.
  r.prompt = "ab";
  r.sampling.temperature = 0.0f;
  EXPECT_TRUE(engine.generate(r).ok());
}

TEST(EngineChat, ConversationLongerThanTheContext) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture("models/stories260K-f32.gguf").string(), cpu(16)).ok());
  GenerationRequest r;
  r.n_predict = 4;
  auto out = engine.chat({{"user", "Once upon a time there was a big tree and a little girl"}}, r);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("does not fit the context of 16"), std::string::npos) << out.error().message;
}

}  // namespace
}  // namespace tessera::test
