// Context overflow policies (engine.h) on the stories260K model with a 256-token context: long
// replies and long chats go on under TruncateMiddle and RollingWindow, stop with a clear message
// under Stop, and keep the KV cache (counts of re-evaluated tokens) where the CPU backend shifts it.
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"

namespace tessera::test {
namespace {

constexpr int32_t kCtx = 256;

LoadSettings cpu() {
  LoadSettings s;
  s.backend = "cpu";
  s.n_ctx = kCtx;
  s.n_threads = 2;
  return s;
}

GenerationRequest greedy(OverflowPolicy policy, int32_t n_predict) {
  GenerationRequest r;
  r.n_predict = n_predict;
  r.sampling.temperature = 0.0f;
  r.stop_at_end_of_generation = false;  // replies as long as asked, whatever the tiny model says
  r.overflow = policy;
  return r;
}

void load(Engine& engine) {
  const Status s = engine.load(fixture("models/stories260K-f32.gguf").string(), cpu());
  ASSERT_TRUE(s.ok()) << s.error().describe();
}

// User messages of about 40 tokens each (this tokenizer has short pieces), different per turn.
std::string user_message(int turn) { return "Turn " + std::to_string(turn) + ": Lily and her dog played in the park."; }

std::vector<int32_t> rendered_tokens(Engine& engine, const std::vector<ChatMessage>& messages) {
  auto text = engine.render_chat(messages, false);
  EXPECT_TRUE(text.ok());
  auto tokens = engine.chat_prompt_tokens(*text);
  EXPECT_TRUE(tokens.ok());
  return *tokens;
}

bool starts_with(const std::vector<int32_t>& v, const std::vector<int32_t>& prefix) {
  return v.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), v.begin());
}

TEST(OverflowPolicy, NamesRoundTrip) {
  for (OverflowPolicy p : {OverflowPolicy::Stop, OverflowPolicy::TruncateMiddle, OverflowPolicy::RollingWindow})
    EXPECT_EQ(parse_overflow_policy(overflow_policy_name(p)), p);
  EXPECT_EQ(parse_overflow_policy("truncate-middle"), OverflowPolicy::TruncateMiddle);
  EXPECT_FALSE(parse_overflow_policy("middle").has_value());
}

TEST(Overflow, StopEndsAReplyAtTheEndOfTheContext) {
  Engine engine;
  load(engine);
  auto r = engine.generate([] {
    GenerationRequest g = greedy(OverflowPolicy::Stop, 400);
    g.prompt = "Once upon a time";
    return g;
  }());
  ASSERT_TRUE(r.ok()) << r.error().describe();
  EXPECT_EQ(r->stop_reason, StopReason::ContextFull);
  EXPECT_EQ(r->timings.prompt_tokens + r->timings.generated_tokens, kCtx + 1);  // the last one sampled, not evaluated
  EXPECT_EQ(r->timings.context_shifts, 0);
}

TEST(Overflow, ReplyGoesOnPastTheContextByShiftingTheCache) {
  for (OverflowPolicy policy : {OverflowPolicy::RollingWindow, OverflowPolicy::TruncateMiddle}) {
    SCOPED_TRACE(overflow_policy_name(policy));
    Engine engine;
    load(engine);
    GenerationRequest g = greedy(policy, 600);
    g.prompt = "Once upon a time, there was a little girl named Lily.";
    auto r = engine.generate(g);
    ASSERT_TRUE(r.ok()) << r.error().describe();
    EXPECT_EQ(r->stop_reason, StopReason::Length);
    EXPECT_EQ(r->tokens.size(), 600u);
    EXPECT_GE(r->timings.context_shifts, 2);
    EXPECT_GE(r->timings.overflow_tokens_dropped, r->timings.prompt_tokens + 599 - kCtx);
    EXPECT_EQ(r->timings.overflow_tokens_reevaluated, 0);  // the CPU backend shifted its cache
    EXPECT_LE(engine.backend_model().n_past(), kCtx);
    EXPECT_EQ(static_cast<int32_t>(engine.cached_tokens().size()), engine.backend_model().n_past());
    // The kept start: BOS for the rolling window, the prompt (shorter than a quarter) for the middle.
    const auto prompt = *engine.tokenize(g.prompt, true, false);
    const size_t kept = policy == OverflowPolicy::RollingWindow ? 1 : prompt.size();
    EXPECT_TRUE(starts_with(engine.cached_tokens(), {prompt.begin(), prompt.begin() + static_cast<std::ptrdiff_t>(kept)}));
    if (policy == OverflowPolicy::RollingWindow) {
      EXPECT_NE(engine.cached_tokens()[1], prompt[1]);
    }
  }
}

TEST(Overflow, WithoutShiftingTheKeptTokensAreEvaluatedAgain) {
  Engine engine;
  load(engine);
  GenerationRequest g = greedy(OverflowPolicy::RollingWindow, 300);
  g.prompt = "Once upon a time";
  g.shift_kv_cache = false;
  auto r = engine.generate(g);
  ASSERT_TRUE(r.ok()) << r.error().describe();
  EXPECT_EQ(r->tokens.size(), 300u);
  EXPECT_EQ(r->timings.context_shifts, 1);
  // One shift from 256 positions with BOS kept: 127 dropped, the other 128 evaluated again.
  EXPECT_EQ(r->timings.overflow_tokens_dropped, (kCtx - 1) / 2);
  EXPECT_EQ(r->timings.overflow_tokens_reevaluated, kCtx - 1 - (kCtx - 1) / 2);
  EXPECT_EQ(static_cast<int32_t>(engine.cached_tokens().size()), engine.backend_model().n_past());
}

TEST(Overflow, ALongPromptIsCutInTheMiddleOrRefused) {
  Engine engine;
  load(engine);
  std::string text;
  for (int i = 0; i < 24; ++i) text += user_message(i) + " ";
  GenerationRequest g = greedy(OverflowPolicy::Stop, 8);
  g.prompt = text;
  const auto all = *engine.tokenize(text, true, false);
  ASSERT_GT(static_cast<int32_t>(all.size()), kCtx);
  auto refused = engine.generate(g);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("tokens does not fit the context of 256"), std::string::npos)
      << refused.error().message;

  g.overflow = OverflowPolicy::TruncateMiddle;
  g.overflow_keep = 10;
  auto cut = engine.generate(g);
  ASSERT_TRUE(cut.ok()) << cut.error().describe();
  EXPECT_EQ(cut->tokens.size(), 8u);
  EXPECT_EQ(cut->timings.prompt_tokens, kCtx - 8);  // room for the 8 tokens asked for
  EXPECT_EQ(cut->timings.overflow_tokens_dropped, static_cast<int32_t>(all.size()) - (kCtx - 8));
  const std::vector<int32_t>& cached = engine.cached_tokens();
  EXPECT_TRUE(std::equal(all.begin(), all.begin() + 10, cached.begin()));
  // The most recent tokens follow the kept ten.
  EXPECT_TRUE(std::equal(all.end() - (kCtx - 8 - 10), all.end(), cached.begin() + 10));
}

// A chat turn by turn until it is far longer than the context.
struct ChatRun {
  std::vector<ChatMessage> conv;
  std::vector<GenerationResult> replies;
  Status error;
};

ChatRun run_chat(Engine& engine, OverflowPolicy policy, int turns) {
  ChatRun run;
  run.conv = {{"system", "You tell short stories."}, {"user", user_message(0)}};
  for (int t = 0; t < turns; ++t) {
    auto r = engine.chat(run.conv, greedy(policy, 24));
    if (!r.ok()) {
      run.error = r.take_error();
      return run;
    }
    run.conv.push_back({"assistant", r->text});
    run.conv.push_back({"user", user_message(t + 1)});
    run.replies.push_back(std::move(r).value());
  }
  return run;
}

TEST(OverflowChat, StopRefusesTheTurnThatDoesNotFit) {
  Engine engine;
  load(engine);
  ChatRun run = run_chat(engine, OverflowPolicy::Stop, 12);
  ASSERT_FALSE(run.error.ok());
  EXPECT_NE(run.error.error().message.find("does not fit the context of 256"), std::string::npos)
      << run.error.error().message;
  EXPECT_GE(run.replies.size(), 2u);
}

TEST(OverflowChat, TruncateMiddleKeepsTheStartAndTheCache) {
  Engine engine;
  load(engine);
  ChatRun run = run_chat(engine, OverflowPolicy::TruncateMiddle, 12);
  ASSERT_TRUE(run.error.ok()) << run.error.error().describe();
  ASSERT_EQ(run.replies.size(), 12u);
  const GenerationResult& last = run.replies.back();
  EXPECT_GT(last.messages_dropped, 0);
  EXPECT_GT(last.timings.overflow_tokens_dropped, 0);
  EXPECT_LE(last.timings.prompt_tokens, kCtx - 24);  // room for the 24 tokens of a reply
  // The system prompt and the first exchange are still what the model sees first.
  const std::vector<ChatMessage> head(run.conv.begin(), run.conv.begin() + 3);
  const std::vector<int32_t> head_tokens = rendered_tokens(engine, head);
  size_t same = 0;
  while (same < head_tokens.size() && same < engine.cached_tokens().size() && head_tokens[same] == engine.cached_tokens()[same]) ++same;
  EXPECT_EQ(same, head_tokens.size()) << "of " << engine.cached_tokens().size();
  // Turns after the first truncation reuse the cache past the kept start: only the new message
  // and the reply before it are evaluated, not the kept conversation.
  int truncated_turns = 0;
  for (size_t t = 1; t < run.replies.size(); ++t) {
    const GenerationTimings& tm = run.replies[t].timings;
    if (run.replies[t].messages_dropped == 0 || run.replies[t - 1].messages_dropped == 0) continue;
    ++truncated_turns;
    const int32_t evaluated = tm.prompt_tokens - tm.prompt_tokens_reused;
    EXPECT_LT(evaluated, 100) << "turn " << t << ": " << tm.prompt_tokens << " tokens, " << tm.prompt_tokens_reused
                              << " reused";
    EXPECT_EQ(tm.overflow_tokens_reevaluated, 0);
  }
  EXPECT_GE(truncated_turns, 3);
}

TEST(OverflowChat, RollingWindowKeepsTheSystemPromptAndTheRecentTurns) {
  Engine engine;
  load(engine);
  ChatRun run = run_chat(engine, OverflowPolicy::RollingWindow, 12);
  ASSERT_TRUE(run.error.ok()) << run.error.error().describe();
  ASSERT_EQ(run.replies.size(), 12u);
  EXPECT_GT(run.replies.back().messages_dropped, 0);
  const std::vector<ChatMessage> system(run.conv.begin(), run.conv.begin() + 1);
  EXPECT_TRUE(starts_with(engine.cached_tokens(), rendered_tokens(engine, system)));
  // The first exchange is gone: what follows the system prompt is a later turn.
  const std::vector<ChatMessage> head(run.conv.begin(), run.conv.begin() + 3);
  EXPECT_FALSE(starts_with(engine.cached_tokens(), rendered_tokens(engine, head)));
}

TEST(OverflowChat, AReplyLongerThanTheContextKeepsTheFirstExchange) {
  Engine engine;
  load(engine);
  const std::vector<ChatMessage> conv = {{"system", "You tell short stories."}, {"user", user_message(0)}};
  auto r = engine.chat(conv, greedy(OverflowPolicy::TruncateMiddle, 400));
  ASSERT_TRUE(r.ok()) << r.error().describe();
  EXPECT_EQ(r->tokens.size(), 400u);
  EXPECT_GE(r->timings.context_shifts, 1);
  EXPECT_EQ(r->messages_dropped, 0);
  EXPECT_TRUE(starts_with(engine.cached_tokens(), rendered_tokens(engine, conv)));
}

}  // namespace
}  // namespace tessera::test
