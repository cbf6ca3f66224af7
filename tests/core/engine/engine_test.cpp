// The Engine end to end on real and random models: generation, stopping, timings, KV reuse,
// backend selection and errors.
#include "engine/engine.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "core/model/random_model.h"
#include "engine/model_info.h"
#include "model/model_loader.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"

namespace tessera::test {
namespace {

const std::string kStories = "models/stories260K-f32.gguf";

nlohmann::json stories_expected() {
  std::ifstream in(fixture("models/stories260K.expected.json"));
  return nlohmann::json::parse(in);
}

LoadSettings cpu_settings(int32_t n_ctx = 0) {
  LoadSettings s;
  s.backend = "cpu";
  s.n_ctx = n_ctx;
  s.n_threads = 2;
  return s;
}

GenerationRequest greedy_request(const std::string& prompt, int32_t n) {
  GenerationRequest r;
  r.prompt = prompt;
  r.n_predict = n;
  r.sampling.temperature = 0.0f;
  return r;
}

std::string write_model(const TempDir& dir, const RandomModelConfig& c, const std::string& name) {
  const auto path = dir.file(name);
  write_file_bytes(path, random_model_bytes(c));
  return path.string();
}

TEST(Engine, Stories260KGreedyMatchesLlamaCppThroughText) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings()).ok());
  ASSERT_NE(engine.tokenizer(), nullptr);
  const auto expected = stories_expected();
  for (const auto& c : expected["cases"]) {
    const std::string prompt = c["prompt"].get<std::string>();
    const auto& ref = c["llama_cpp"];
    auto ids = engine.tokenize(prompt, true, false);
    ASSERT_TRUE(ids.ok());
    EXPECT_EQ(*ids, c["prompt_token_ids"].get<std::vector<int32_t>>()) << prompt;
    std::string streamed;
    int events = 0;
    auto r = engine.generate(greedy_request(prompt, c["n_predict"].get<int32_t>()), [&](const TokenEvent& e) {
      streamed += e.text;
      ++events;
      return true;
    });
    ASSERT_TRUE(r.ok()) << r.error().describe();
    EXPECT_EQ(r->tokens, ref["continuation_token_ids"].get<std::vector<int32_t>>()) << prompt;
    EXPECT_EQ(r->text, ref["continuation_text"].get<std::string>()) << prompt;
    EXPECT_EQ(streamed, r->text);
    EXPECT_GE(events, static_cast<int>(r->tokens.size()));
    EXPECT_EQ(r->stop_reason, StopReason::Length);
    const auto& t = r->timings;
    EXPECT_EQ(t.prompt_tokens, static_cast<int32_t>(ids->size()));
    EXPECT_EQ(t.generated_tokens, c["n_predict"].get<int32_t>());
    EXPECT_GT(t.prompt_tokens_per_s, 0.0);
    EXPECT_GT(t.generation_tokens_per_s, 0.0);
    EXPECT_GT(t.time_to_first_token_ms, 0.0);
    EXPECT_GE(t.time_to_first_token_ms, t.prompt_ms);
  }
}

TEST(Engine, ModelInfo) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings(256)).ok());
  const ModelInfo& i = engine.info();
  EXPECT_EQ(i.architecture, "llama");
  EXPECT_EQ(i.n_layer, 5);
  EXPECT_EQ(i.n_embd, 64);
  EXPECT_EQ(i.n_vocab, 512);
  EXPECT_EQ(i.n_ctx_train, 512);
  EXPECT_EQ(i.n_ctx, 256);
  EXPECT_EQ(engine.n_ctx(), 256);
  EXPECT_EQ(i.file_size, 1185664u);
  // Every tensor is F32; embedding and output stored separately: 260,032 + 64 x 512.
  EXPECT_EQ(i.parameter_count, 260032u + 64u * 512u);
  EXPECT_EQ(i.weight_bytes, i.parameter_count * 4);
  ASSERT_EQ(i.tensor_types.size(), 1u);
  EXPECT_EQ(i.main_type(), "F32");
  EXPECT_NE(i.tensor_types_summary().find("F32 (48 tensors"), std::string::npos) << i.tensor_types_summary();
  EXPECT_TRUE(i.has_tokenizer);
  EXPECT_NE(i.backend.find("cpu"), std::string::npos);
  // 2 x 5 layers x 256 positions x 32 (kv dim) x 2 bytes
  EXPECT_EQ(i.memory.kv_cache_bytes, 2u * 5u * 256u * 32u * 2u);
  engine.unload();
  EXPECT_FALSE(engine.loaded());
}

// What `inspect` shows for gpt-oss: YaRN, the clamped SwiGLU, the biases and the sinks.
TEST(Engine, ArchitectureFactsOfGptOss) {
  RandomModelConfig c;
  c.arch = "gpt-oss";
  c.n_expert = 4;
  c.n_expert_used = 2;
  c.qkv_bias = true;
  c.sliding_window = 8;
  c.scaling = RopeScalingKind::Yarn;
  c.scaling_factor = 32.0;
  c.original_ctx = 4096.0;
  auto spec = build_model_spec(random_model_file(c));
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  std::map<std::string, std::string> facts;
  for (const ModelFact& f : architecture_facts(*spec)) facts[f.name] = f.value;
  EXPECT_EQ(facts["activation"], "clamped SwiGLU (gpt-oss: alpha 1.702, limit 7)");
  EXPECT_NE(facts["rope"].find("YaRN x32 of 4096 positions (beta 32/1)"), std::string::npos) << facts["rope"];
  EXPECT_NE(facts["rope"].find("attention factor 1.34657"), std::string::npos) << facts["rope"];
  EXPECT_EQ(facts["biases"], "on q, k, v, attention output, router, expert gate/up/down");
  EXPECT_EQ(facts["attention sinks"], "one learned logit per head in the softmax");
  EXPECT_EQ(facts["sliding window"], "8 positions on 1 of 2 layers");
  EXPECT_NE(facts["experts"].find("4, 2 used per token"), std::string::npos) << facts["experts"];
}

TEST(Engine, DefaultContextIsTheTrainingContext) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings(0)).ok());
  EXPECT_EQ(engine.n_ctx(), 512);
}

TEST(Engine, SeededSamplingReproduces) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings()).ok());
  GenerationRequest r;
  r.prompt = "Lily wanted";
  r.n_predict = 40;
  r.sampling.temperature = 1.0f;
  r.sampling.top_k = 0;
  r.sampling.top_p = 1.0f;
  r.sampling.min_p = 0.0f;
  r.sampling.seed = 99;
  auto a = engine.generate(r);
  auto b = engine.generate(r);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->tokens, b->tokens);
  EXPECT_EQ(a->text, b->text);
  r.sampling.seed = 100;
  auto c = engine.generate(r);
  ASSERT_TRUE(c.ok());
  EXPECT_NE(a->tokens, c->tokens);
  // Not the greedy path either.
  auto g = engine.generate(greedy_request("Lily wanted", 40));
  ASSERT_TRUE(g.ok());
  EXPECT_NE(a->tokens, g->tokens);
}

TEST(Engine, ReusesTheSharedPrefixOfTheCache) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings()).ok());
  auto first = engine.generate(greedy_request("Once upon a time", 20));
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->timings.prompt_tokens_reused, 0);
  // The cache holds the prompt and every generated token but the last.
  EXPECT_EQ(engine.cached_tokens().size(), 5u + 19u);

  // A prompt extending the first prompt + continuation evaluates only the new part...
  GenerationRequest r;
  r.prompt_tokens = {1, 403, 407, 261, 378};
  r.prompt_tokens.insert(r.prompt_tokens.end(), first->tokens.begin(), first->tokens.end());
  r.n_predict = 30;
  r.sampling.temperature = 0.0f;
  auto second = engine.generate(r);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->timings.prompt_tokens_reused, 24);
  EXPECT_EQ(second->timings.prompt_tokens, 25);
  // ...and continues exactly as one uninterrupted greedy run does.
  auto whole = engine.generate(greedy_request("Once upon a time", 50));
  ASSERT_TRUE(whole.ok());
  std::vector<int32_t> joined = first->tokens;
  joined.insert(joined.end(), second->tokens.begin(), second->tokens.end());
  EXPECT_EQ(joined, whole->tokens);
  // The same prompt again reuses all but its last token.
  auto again = engine.generate(greedy_request("Once upon a time", 50));
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->timings.prompt_tokens_reused, 4);
  EXPECT_EQ(again->tokens, whole->tokens);
  engine.clear_cache();
  auto fresh = engine.generate(greedy_request("Once upon a time", 50));
  ASSERT_TRUE(fresh.ok());
  EXPECT_EQ(fresh->timings.prompt_tokens_reused, 0);
  EXPECT_EQ(fresh->tokens, whole->tokens);
}

TEST(Engine, StopFlagAndCallbackStop) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings()).ok());
  std::atomic<bool> stop{false};
  auto req = greedy_request("The cat", 100);
  req.stop = &stop;
  auto r = engine.generate(req, [&](const TokenEvent& e) {
    if (e.index == 4) stop = true;
    return true;
  });
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->stop_reason, StopReason::Stopped);
  EXPECT_EQ(r->tokens.size(), 5u);
  // A stop flag already set stops before the first token.
  r = engine.generate(req);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->stop_reason, StopReason::Stopped);
  EXPECT_TRUE(r->tokens.empty());
  // The callback's false stops too.
  req.stop = nullptr;
  r = engine.generate(req, [](const TokenEvent& e) { return e.index < 2; });
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->stop_reason, StopReason::Stopped);
  EXPECT_EQ(r->tokens.size(), 3u);
}

// Timed prompt steps: the first is kFirstPromptStep tokens, progress comes after each, a stop set
// during the prompt lands at the next step, and the result matches full-batch evaluation.
TEST(Engine, TimedPromptStepsReportProgressAndStopBetweenSteps) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings()).ok());
  std::string text;
  for (int i = 0; i < 12; ++i) text += "Once upon a time, there was a little girl. ";
  auto req = greedy_request(text, 4);
  auto full = engine.generate(req);
  ASSERT_TRUE(full.ok());
  const int32_t n_prompt = full->timings.prompt_tokens;
  ASSERT_GT(n_prompt, 3 * kFirstPromptStep);

  engine.clear_cache();
  req.prompt_step_ms = 1000.0;  // steps grow, 4x at most each time
  std::vector<std::pair<int32_t, int32_t>> progress;
  req.on_prompt_progress = [&](int32_t done, int32_t total) { progress.emplace_back(done, total); };
  auto stepped = engine.generate(req);
  ASSERT_TRUE(stepped.ok());
  EXPECT_EQ(stepped->tokens, full->tokens);
  ASSERT_GE(progress.size(), 2u);
  EXPECT_EQ(progress.front(), std::make_pair(kFirstPromptStep, n_prompt));
  EXPECT_EQ(progress.back(), std::make_pair(n_prompt, n_prompt));
  for (size_t i = 1; i < progress.size(); ++i) {
    EXPECT_GT(progress[i].first, progress[i - 1].first);
    EXPECT_LE(progress[i].first - progress[i - 1].first, 4 * std::max(progress[i - 1].first - (i > 1 ? progress[i - 2].first : 0), 1));
  }

  engine.clear_cache();
  std::atomic<bool> stop{false};
  req.stop = &stop;
  req.on_prompt_progress = [&](int32_t, int32_t) { stop = true; };
  auto stopped = engine.generate(req);
  ASSERT_TRUE(stopped.ok());
  EXPECT_EQ(stopped->stop_reason, StopReason::Stopped);
  EXPECT_TRUE(stopped->tokens.empty());
  EXPECT_EQ(engine.cached_tokens().size(), static_cast<size_t>(kFirstPromptStep));  // one step, then the stop

  req.prompt_step_ms = -1.0;
  EXPECT_FALSE(engine.generate(req).ok());
}

TEST(Engine, PromptLongerThanContextIsAClearError) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings(8)).ok());
  auto r = engine.generate(greedy_request("Once upon a time, there was a big tree.", 4));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::InvalidArgument);
  EXPECT_EQ(r.error().message, "prompt of 14 tokens does not fit the context of 8");
}

TEST(Engine, StopsWhenTheContextIsFull) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings(16)).ok());
  auto r = engine.generate(greedy_request("Once upon a time", -1));  // 5 prompt tokens
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->stop_reason, StopReason::ContextFull);
  // Positions 5..15 hold generated tokens 1..11; the 12th is sampled from position 15's logits.
  EXPECT_EQ(r->tokens.size(), 12u);
  const auto expected = stories_expected()["cases"][0]["llama_cpp"]["continuation_token_ids"].get<std::vector<int32_t>>();
  EXPECT_EQ(r->tokens, std::vector<int32_t>(expected.begin(), expected.begin() + 12));
}

TEST(Engine, StopsAtEndOfGeneration) {
  // Find a random model's greedy path, then declare its third token to be EOS: the same weights
  // must then stop after two tokens, without emitting the EOS.
  TempDir dir;
  RandomModelConfig c;
  c.n_vocab = 300;
  c.with_tokenizer = true;
  GenerationRequest r;
  r.prompt_tokens = {1, 10, 20};
  r.n_predict = 6;
  r.sampling.temperature = 0.0f;
  Engine engine;
  ASSERT_TRUE(engine.load(write_model(dir, c, "a.gguf"), cpu_settings(64)).ok());
  auto path = engine.generate(r);
  ASSERT_TRUE(path.ok());
  ASSERT_EQ(path->tokens.size(), 6u);
  const int32_t third = path->tokens[2];
  ASSERT_TRUE(third != path->tokens[0] && third != path->tokens[1]) << "pick another seed";
  c.eos_id = third;
  ASSERT_TRUE(engine.load(write_model(dir, c, "b.gguf"), cpu_settings(64)).ok());
  EXPECT_TRUE(engine.tokenizer()->is_end_of_generation(third));
  auto out = engine.generate(r);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->stop_reason, StopReason::EndOfGeneration);
  EXPECT_EQ(out->tokens, std::vector<int32_t>(path->tokens.begin(), path->tokens.begin() + 2));
  // Not stopping at EOS: the same path as before, EOS included.
  r.stop_at_end_of_generation = false;
  out = engine.generate(r);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->tokens, path->tokens);
  EXPECT_EQ(out->stop_reason, StopReason::Length);
}

TEST(Engine, LoadErrorsAreClear) {
  TempDir dir;
  Engine engine;
  auto s = engine.load(dir.file("missing.gguf").string(), cpu_settings());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("missing.gguf"), std::string::npos);

  gguf::GgufWriter w;
  w.set_string("general.architecture", "gpt2");
  write_file_bytes(dir.file("gpt2.gguf"), w.to_bytes().value());
  s = engine.load(dir.file("gpt2.gguf").string(), cpu_settings());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, ErrorKind::Unsupported);
  EXPECT_NE(s.error().message.find("unsupported architecture 'gpt2'"), std::string::npos);

  RandomModelConfig c;
  c.omit = {"blk.0.attn_q.weight"};
  s = engine.load(write_model(dir, c, "missing-tensor.gguf"), cpu_settings());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("missing tensor 'blk.0.attn_q.weight'"), std::string::npos);
  EXPECT_NE(s.error().message.find("missing-tensor.gguf"), std::string::npos);

  c = {};
  c.reshape = {{"blk.1.ffn_gate.weight", {64, 95}}};
  s = engine.load(write_model(dir, c, "shape.gguf"), cpu_settings());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("'blk.1.ffn_gate.weight' in " + dir.file("shape.gguf").string() +
                                   " has shape [64, 95], expected [64, 96]"),
            std::string::npos)
      << s.error().message;
  EXPECT_FALSE(engine.loaded());

  auto r = engine.generate(greedy_request("x", 1));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("no model is loaded"), std::string::npos);
}

TEST(Engine, LoadCanBeCancelledAndLeavesNothingLoaded) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings()).ok());
  std::vector<float> seen;
  auto s = engine.load(fixture(kStories).string(), cpu_settings(), [&](float p) {
    seen.push_back(p);
    return p < 0.5f;
  });
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, ErrorKind::Cancelled);
  EXPECT_FALSE(engine.loaded());
  ASSERT_GE(seen.size(), 2u);
  for (size_t i = 1; i < seen.size(); ++i) EXPECT_GE(seen[i], seen[i - 1]);
  // Cancel at the very first call.
  s = engine.load(fixture(kStories).string(), cpu_settings(), [](float) { return false; });
  EXPECT_EQ(s.error().kind, ErrorKind::Cancelled);
  // A full load reports 1 at the end.
  seen.clear();
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings(), [&](float p) {
    seen.push_back(p);
    return true;
  }).ok());
  EXPECT_FLOAT_EQ(seen.back(), 1.0f);
}

class FakeBackend final : public Backend {
 public:
  std::string name() const override { return "fake"; }
  Result<std::unique_ptr<BackendModel>> load_model(const ModelSpec&, const BackendModelSettings&,
                                                   const ProgressFn&) override {
    return make_error(ErrorKind::OutOfMemory, "fake device 0 needs 1 byte, 0 free");
  }
};

TEST(Engine, BackendSelection) {
  Engine engine;
  EXPECT_EQ(engine.backend_names(), std::vector<std::string>{"cpu"});
  auto s = engine.load(fixture(kStories).string(), [] {
    auto l = cpu_settings();
    l.backend = "cuda";
    return l;
  }());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("backend 'cuda' is not available in this build (available: cpu, auto)"),
            std::string::npos);

  // "auto" skips a backend whose factory fails (no device) and takes the CPU.
  engine.register_backend("nodevice", []() -> Result<std::unique_ptr<Backend>> {
    return make_error(ErrorKind::Device, "no NVIDIA driver/GPU found");
  });
  auto l = cpu_settings();
  l.backend = "auto";
  ASSERT_TRUE(engine.load(fixture(kStories).string(), l).ok());
  EXPECT_NE(engine.info().backend.find("cpu"), std::string::npos);
  l.backend = "nodevice";
  s = engine.load(fixture(kStories).string(), l);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, ErrorKind::Device);

  // A backend that exists but cannot load reports its own error under "auto".
  engine.register_backend("fake", []() -> Result<std::unique_ptr<Backend>> {
    return std::unique_ptr<Backend>(std::make_unique<FakeBackend>());
  });
  l.backend = "auto";
  s = engine.load(fixture(kStories).string(), l);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, ErrorKind::OutOfMemory);
  EXPECT_FALSE(engine.loaded());
}

TEST(Engine, TokenIdPromptsWithoutTokenizer) {
  TempDir dir;
  RandomModelConfig c;
  Engine engine;
  ASSERT_TRUE(engine.load(write_model(dir, c, "plain.gguf"), cpu_settings(32)).ok());
  EXPECT_EQ(engine.tokenizer(), nullptr);
  GenerationRequest r;
  r.prompt = "text";
  auto bad = engine.generate(r);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("has no tokenizer"), std::string::npos);
  r.prompt_tokens = {3, 4, 5};
  r.n_predict = 6;
  r.sampling.temperature = 0.0f;
  auto ok = engine.generate(r);
  ASSERT_TRUE(ok.ok()) << ok.error().describe();
  EXPECT_EQ(ok->tokens.size(), 6u);
  EXPECT_TRUE(ok->text.empty());
  r.prompt_tokens = {3, 96};
  bad = engine.generate(r);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("prompt token id 96 is outside the vocabulary of 96"), std::string::npos);
}

TEST(Engine, InvalidRequests) {
  Engine engine;
  ASSERT_TRUE(engine.load(fixture(kStories).string(), cpu_settings()).ok());
  auto r = greedy_request("x", 4);
  r.sampling.top_p = -1.0f;
  auto out = engine.generate(r);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("top_p"), std::string::npos);
  r = greedy_request("", 4);
  r.add_special = false;
  out = engine.generate(r);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("prompt is empty"), std::string::npos);
  r = greedy_request("x", 0);
  out = engine.generate(r);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out->tokens.empty());
  EXPECT_EQ(out->stop_reason, StopReason::Length);
}

}  // namespace
}  // namespace tessera::test
