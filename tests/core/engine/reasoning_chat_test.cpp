// Engine::chat with a reasoning model's template on the embedded model: the reply is split, the
// timings count the reasoning tokens, earlier turns' thinking is dropped by the template, and the KV
// cache prefix is still reused turn after turn (measured over a 5-turn chat).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/engine.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"

namespace tessera::test {
namespace {

const auto kModel = [] { return source_dir() / "resources" / "models" / "tessera-tiny.gguf"; };

std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class ReasoningChat : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kModel())) GTEST_SKIP() << "no tessera-tiny model in this tree";
    LoadSettings ls;
    ls.backend = "cpu";
    ls.n_ctx = 2048;
    ls.n_threads = 2;
    ASSERT_TRUE(engine.load(kModel().string(), ls).ok());
  }
  Engine engine;
};

// DeepSeek-R1's template opens the thinking in the generation prompt and strips it from earlier
// turns. The tiny model never closes it, so each reply is all reasoning (cut off by n_predict).
TEST_F(ReasoningChat, FiveTurnsReuseThePrefixWhileTheThinkingIsDropped) {
  const auto path = fixture("templates/deepseek-ai-DeepSeek-R1-Distill-Llama-8B.jinja");
  ASSERT_TRUE(engine.set_chat_template(read_text(path), path.filename().string()).ok());
  EXPECT_EQ(engine.output_format().family, reasoning::Family::ThinkTags);
  const auto open_tokens = engine.tokenize("<think>\n", false, true);
  ASSERT_TRUE(open_tokens.ok());

  GenerationRequest r;
#if defined(__SANITIZE_ADDRESS__)
  r.n_predict = 6;  // a Debug+ASan build is ~50x slower per token
#else
  r.n_predict = 24;
#endif
  r.sampling.temperature = 0.0f;
  std::vector<ChatMessage> conv;
  const char* questions[] = {"Where is the ball?", "Who found it?", "Was Tom happy?", "What did Lily say?", "The end?"};
  int32_t previous_prompt = 0;
  std::printf("5-turn chat, DeepSeek-R1 template on tessera-tiny (prompt tokens / reused / reasoning tokens):\n");
  for (int turn = 0; turn < 5; ++turn) {
    conv.push_back({"user", questions[turn]});
    auto out = engine.chat(conv, r);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    const GenerationTimings& t = out->timings;
    std::printf("  turn %d: %d / %d / %d of %d generated\n", turn + 1, t.prompt_tokens, t.prompt_tokens_reused,
                t.reasoning_tokens, t.generated_tokens);
    // Inside the thinking from the first token: every generated token is a reasoning token.
    EXPECT_EQ(t.reasoning_tokens, t.generated_tokens);
    EXPECT_EQ(out->reply.content, "");
    EXPECT_FALSE(out->reply.reasoning.empty());
    EXPECT_EQ(out->text.find(out->reply.reasoning.substr(0, 8)) != std::string::npos, true);
    if (turn > 0) {
      // Everything of the previous prompt but its "<think>\n" is reused.
      EXPECT_GE(t.prompt_tokens_reused, previous_prompt - static_cast<int32_t>(open_tokens->size()));
    }
    // The template leaves the thinking out of the next turn's prompt.
    conv.push_back({"assistant", out->reply.content, out->reply.reasoning});
    auto next = engine.render_chat(conv, false);
    ASSERT_TRUE(next.ok());
    EXPECT_EQ(next->find(out->reply.reasoning), std::string::npos);
    previous_prompt = t.prompt_tokens;
  }
}

// Qwen3's template: the switch turns into "<think>\n\n</think>\n\n" in the generation prompt, and
// the reply is then all content.
TEST_F(ReasoningChat, EnableThinkingReachesTheTemplate) {
  const auto path = source_dir() / "tests" / "data" / "templates" / "Qwen-Qwen3-0.6B.jinja";
  ASSERT_TRUE(engine.set_chat_template(read_text(path), path.filename().string()).ok());
  EXPECT_EQ(engine.output_format().control, reasoning::ThinkingControl::Toggle);
  GenerationRequest r;
  r.n_predict = 8;
  r.sampling.temperature = 0.0f;
  r.enable_thinking = false;
  const std::vector<ChatMessage> conv = {{"user", "Hi"}};
  auto in = engine.render_chat_input(engine.chat_input(conv, true, r));
  ASSERT_TRUE(in.ok());
  EXPECT_TRUE(in->ends_with("<think>\n\n</think>\n\n"));
  auto out = engine.chat(conv, r);
  ASSERT_TRUE(out.ok()) << out.error().describe();
  EXPECT_EQ(out->timings.reasoning_tokens, 0);
  EXPECT_EQ(out->reply.reasoning, "");
  EXPECT_FALSE(out->reply.content.empty());
}

// The Thinking row's choices (reasoning/thinking_choice.h) reach the variable of their control,
// and nothing else: set_thinking_choice is the one place a choice becomes a template variable.
TEST_F(ReasoningChat, EachThinkingChoiceSetsItsOwnTemplateVariable) {
  using reasoning::ThinkingChoice;
  const std::vector<ChatMessage> conv = {{"user", "Hi"}};
  const auto qwen = source_dir() / "tests" / "data" / "templates" / "Qwen-Qwen3-0.6B.jinja";
  ASSERT_TRUE(engine.set_chat_template(read_text(qwen), qwen.filename().string()).ok());
  for (const auto& [choice, closes] : {std::pair{ThinkingChoice::Off, true}, std::pair{ThinkingChoice::On, false},
                                       std::pair{ThinkingChoice::Default, false}}) {
    GenerationRequest r;
    set_thinking_choice(r, choice);
    EXPECT_TRUE(r.reasoning_effort.empty());
    auto in = engine.render_chat_input(engine.chat_input(conv, true, r));
    ASSERT_TRUE(in.ok());
    EXPECT_EQ(in->ends_with("<think>\n\n</think>\n\n"), closes) << reasoning::thinking_choice_key(choice);
  }
  const auto oss = source_dir() / "tests" / "data" / "templates" / "openai-gpt-oss-120b.jinja";
  ASSERT_TRUE(engine.set_chat_template(read_text(oss), oss.filename().string()).ok());
  EXPECT_EQ(engine.output_format().control, reasoning::ThinkingControl::Effort);
  for (const auto& [choice, line] : {std::pair{ThinkingChoice::Low, "Reasoning: low"},
                                     std::pair{ThinkingChoice::High, "Reasoning: high"}}) {
    GenerationRequest r;
    set_thinking_choice(r, choice);
    EXPECT_FALSE(r.enable_thinking.has_value());
    auto in = engine.render_chat_input(engine.chat_input(conv, true, r));
    ASSERT_TRUE(in.ok());
    EXPECT_NE(in->find(line), std::string::npos) << *in;
  }
}

}  // namespace
}  // namespace tessera::test
