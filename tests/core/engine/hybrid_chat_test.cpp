// The engine with a model that has recurrent state (Qwen3.5-style: Gated DeltaNet layers, every 2nd
// layer attention): chat turns start from a checkpoint of the state instead of re-reading the
// conversation, overflow policies fall back to evaluating the kept tokens again, and bench works at
// a depth; what `inspect` says about such a model.
#include <gtest/gtest.h>

#include "core/model/random_model.h"
#include "engine/bench.h"
#include "engine/engine.h"
#include "engine/model_info.h"
#include "model/model_loader.h"
#include "support/test_support.h"

namespace tessera::test {
namespace {

LoadSettings cpu(int32_t n_ctx) {
  LoadSettings s;
  s.backend = "cpu";
  s.n_ctx = n_ctx;
  s.n_threads = 2;
  return s;
}

// A template that, like Qwen3.5's, opens the reply with an empty think block the next turn's
// rendering of that reply does not repeat: the cached reply and the next prompt part right after
// the previous conversation.
RandomModelConfig hybrid_chat_model() {
  RandomModelConfig c;
  c.arch = "qwen35";
  c.n_layer = 4;
  c.head_size = 32;
  c.n_rot = 8;
  c.n_vocab = 300;
  c.with_tokenizer = true;
  c.eos_id = 299;  // a token the random model rarely picks, so replies run their length
  c.chat_template =
      "{% for m in messages %}{% if m.role == 'assistant' %}[a]{{ m.content }}[/a]{% else %}[u]{{ m.content }}[/u]"
      "{% endif %}{% endfor %}{% if add_generation_prompt %}[a][think][/think]{% endif %}";
  return c;
}

TEST(HybridChat, FiveTurnsReadOnlyWhatIsNew) {
  TempDir dir;
  write_file_bytes(dir.file("h.gguf"), random_model_bytes(hybrid_chat_model()));
  Engine engine;
  ASSERT_TRUE(engine.load(dir.file("h.gguf").string(), cpu(1024)).ok());
  EXPECT_TRUE(engine.backend_model().has_recurrent_state());
  GenerationRequest r;
  r.n_predict = 8;
  r.sampling.temperature = 0.0f;
  std::vector<ChatMessage> conv = {{"user", "abcab"}};
  const char* follow_ups[] = {"ba", "cab", "abc", "bca"};
  std::string reused_per_turn;
  int32_t evaluated = 0, total = 0;
  size_t checkpoint = 0;  // where the previous turn kept the state: its conversation before the reply
  int32_t previous_prompt = 0, previous_generation_prompt = 0;
  for (int turn = 0; turn < 5; ++turn) {
    auto out = engine.chat(conv, r);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    const GenerationTimings& t = out->timings;
    reused_per_turn +=
        (turn ? ", " : "") + std::to_string(t.prompt_tokens_reused) + "/" + std::to_string(t.prompt_tokens);
    evaluated += t.prompt_tokens - t.prompt_tokens_reused;
    total += t.prompt_tokens;
    // Everything before the previous reply comes from that checkpoint: this turn evaluates only
    // the previous reply (as the template renders it) and the new message.
    if (turn > 0) {
      EXPECT_EQ(t.prompt_tokens_reused, static_cast<int32_t>(checkpoint)) << "turn " << turn;
      // That is all of the previous prompt but its generation prompt ("[a][think][/think]").
      EXPECT_EQ(t.prompt_tokens_reused, previous_prompt - previous_generation_prompt) << "turn " << turn;
    }
    auto head = engine.chat_prompt_tokens(*engine.render_chat(conv, false));
    auto whole = engine.chat_prompt_tokens(*engine.render_chat(conv, true));
    ASSERT_TRUE(head.ok() && whole.ok());
    checkpoint = 0;
    while (checkpoint < head->size() && (*head)[checkpoint] == (*whole)[checkpoint]) ++checkpoint;
    previous_prompt = t.prompt_tokens;
    previous_generation_prompt = static_cast<int32_t>(whole->size() - head->size());
    // The same reply as a fresh engine reading the whole conversation.
    if (turn == 4) {
      Engine fresh;
      ASSERT_TRUE(fresh.load(dir.file("h.gguf").string(), cpu(1024)).ok());
      auto again = fresh.chat(conv, r);
      ASSERT_TRUE(again.ok());
      EXPECT_EQ(again->timings.prompt_tokens_reused, 0);
      EXPECT_EQ(again->tokens, out->tokens);
    }
    if (turn < 4) {
      conv.push_back({"assistant", out->text});
      conv.push_back({"user", follow_ups[turn]});
    }
  }
  // The reused tokens of each turn (of its prompt's): 0/30, 12/54, 36/82, 64/110, 92/137 with this
  // byte-level vocabulary, where the markup around each message costs most of what a turn reads.
  EXPECT_LT(evaluated, total) << reused_per_turn;
  RecordProperty("reused_per_turn", reused_per_turn);
  RecordProperty("evaluated_of_total", std::to_string(evaluated) + "/" + std::to_string(total));
}

// A reply that outgrows the context under RollingWindow continues: the recurrent state cannot drop
// tokens, so after each drop the kept tokens are evaluated again from the checkpoint at the kept
// start. overflow_support() says so.
TEST(HybridChat, OverflowPoliciesEvaluateTheKeptTokensAgain) {
  TempDir dir;
  write_file_bytes(dir.file("h.gguf"), random_model_bytes(hybrid_chat_model()));
  Engine engine;
  ASSERT_TRUE(engine.load(dir.file("h.gguf").string(), cpu(48)).ok());
  for (const OverflowPolicySupport& s : engine.overflow_support()) {
    EXPECT_EQ(s.keeps_cache, s.policy == OverflowPolicy::Stop) << overflow_policy_name(s.policy);
    if (!s.keeps_cache) {
      EXPECT_NE(s.note.find("recurrent"), std::string::npos) << s.note;
    }
  }
  GenerationRequest r;
  r.prompt = "abcabcab";
  r.n_predict = 100;
  r.sampling.temperature = 0.0f;
  r.stop_at_end_of_generation = false;
  r.overflow = OverflowPolicy::RollingWindow;
  auto out = engine.generate(r);
  ASSERT_TRUE(out.ok()) << out.error().describe();
  EXPECT_EQ(out->tokens.size(), 100u);
  EXPECT_GT(out->timings.context_shifts, 0);
  EXPECT_GT(out->timings.overflow_tokens_reevaluated, 0);
  EXPECT_LE(engine.backend_model().n_past(), 48);
}

TEST(HybridChat, BenchRunsAtADepth) {
  TempDir dir;
  write_file_bytes(dir.file("h.gguf"), random_model_bytes(hybrid_chat_model()));
  Engine engine;
  ASSERT_TRUE(engine.load(dir.file("h.gguf").string(), cpu(128)).ok());
  BenchOptions o;
  o.n_prompts = {16};
  o.n_gens = {4};
  o.depths = {0, 32};
  o.repetitions = 1;
  auto rows = run_bench(engine.backend_model(), o);
  ASSERT_TRUE(rows.ok()) << rows.error().describe();
  ASSERT_EQ(rows->size(), 4u);
  EXPECT_EQ((*rows)[3].test, "tg4 @ d32");
  for (const BenchRow& row : *rows) EXPECT_GT(row.tokens_per_second.front(), 0.0) << row.test;
}

TEST(HybridChat, FactsExplainTheLayerPatternAndTheState) {
  RandomModelConfig c = hybrid_chat_model();
  c.arch = "qwen35moe";
  c.n_expert = 4;
  c.n_expert_used = 2;
  c.n_ff_shared = 64;
  auto spec = build_model_spec(random_model_file(c));
  ASSERT_TRUE(spec.ok());
  std::string all;
  for (const ModelFact& f : architecture_facts(*spec)) all += f.name + ": " + f.value + "\n";
  EXPECT_NE(all.find("layer pattern: 2 Gated DeltaNet (recurrent) and 2 attention layers; attention on layers 1, 3"),
            std::string::npos)
      << all;
  // Per layer: 3 x 128 convolution floats and 4 x 16 x 16 state floats, two layers.
  EXPECT_NE(all.find("recurrent state: 11.0 KiB per sequence (convolution 3.0 KiB, delta-rule state 8.0 KiB)"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("output gate: sigmoid gate on the attention output"), std::string::npos) << all;
  EXPECT_NE(all.find("plus a shared expert (feed-forward 64, sigmoid-gated)"), std::string::npos) << all;
}

}  // namespace
}  // namespace tessera::test
