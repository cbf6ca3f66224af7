// What `inspect` and the app say about the 2026 families (issue 36): the layer pattern, the head
// geometry, what a position of context costs (the latent of latent attention), the expert layout.
#include <gtest/gtest.h>

#include <map>

#include "core/model/random_model.h"
#include "engine/model_info.h"
#include "model/model_loader.h"

namespace tessera::test {
namespace {

std::map<std::string, std::string> facts_of(const RandomModelConfig& c) {
  auto spec = build_model_spec(random_model_file(c));
  EXPECT_TRUE(spec.ok()) << spec.error().describe();
  std::map<std::string, std::string> facts;
  if (!spec.ok()) return facts;
  for (const ModelFact& f : architecture_facts(*spec)) facts[f.name] = f.value;
  return facts;
}

TEST(FamilyFacts, Gemma4) {
  RandomModelConfig c;
  c.arch = "gemma4";
  c.n_layer = 6;
  c.sliding_layers = {true, true, true, false, true, false};
  c.head_size = 32;
  c.head_size_swa = 16;
  c.n_head_kv_full = 1;
  c.full_layers_value_from_key = true;
  c.sliding_window = 4;
  c.shared_kv_layers = 2;
  c.n_embd_per_layer = 8;
  c.layer_out_scale = true;
  c.tied = true;
  auto f = facts_of(c);
  EXPECT_EQ(f["attention heads"],
            "sliding layers 4 query, 2 key/value, 16 dims each (16 rotated); full layers 4 query, 1 key/value, 32 dims "
            "each (32 rotated)");
  EXPECT_EQ(f["keys as values"], "no value projection on 1 of 6 layers: V is K as projected");
  EXPECT_EQ(f["shared KV"], "layers 4, 5 attend over the cache of layers 2, 3 and keep none of their own");
  EXPECT_EQ(f["per-layer embeddings"], "8 per layer, gated into every layer's output");
  EXPECT_EQ(f["value norm"], "per-head RMSNorm of v without a gain");
  // 3 sliding layers x 2 x 16 x 2 (K, V) x 2 bytes + 1 full layer x 1 x 32 x 2 x 2 bytes.
  EXPECT_EQ(f["KV cache per token"], "512 B in F16 (keys and values of 4 layers)");
  EXPECT_EQ(f["sliding window"].rfind("4 positions on 4 of 6 layers", 0), 0u) << f["sliding window"];
}

TEST(FamilyFacts, Glm4Moe) {
  RandomModelConfig c;
  c.arch = "glm4moe";
  c.n_layer = 3;
  c.n_expert = 8;
  c.n_expert_used = 2;
  set_v3_style_experts(c);
  c.router.n_group = 4;
  c.router.n_group_used = 2;
  auto f = facts_of(c);
  EXPECT_EQ(f["experts"],
            "8, 2 used per token, feed-forward 32 each, on 2 of 3 layers (the others dense, feed-forward 96); plus a "
            "shared expert (feed-forward 32)");
  EXPECT_EQ(
      f["router"],
      "sigmoid scores, a per-expert selection bias, 4 groups of which 2 are searched, weights normalised, times 2.5");
}

TEST(FamilyFacts, DeepSeek2) {
  RandomModelConfig c;
  c.arch = "deepseek2";
  c.n_layer = 2;
  c.n_expert = 4;
  c.n_expert_used = 2;
  c.leading_dense = 1;
  c.n_ff = 32;
  c.n_ff_dense_layers = 96;
  c.n_shared_experts = 2;
  set_deepseek_latent_attention(c);
  auto f = facts_of(c);
  EXPECT_EQ(f["attention heads"], "4 query (32 + 32 rotated dims each), values of 32 dims each, all from one latent");
  EXPECT_EQ(f["latent attention"],
            "the cache keeps a latent of 64 + a shared rotated key of 32 per position and layer; queries low-rank (rank "
            "32); key and value up-projections absorbed into the queries and outputs");
  // 2 layers x 96 values x 2 bytes.
  EXPECT_EQ(f["KV cache per token"], "384 B in F16 (the latent of 2 layers)");
  EXPECT_EQ(f["experts"],
            "4, 2 used per token, feed-forward 32 each, on 1 of 2 layers (the others dense, feed-forward 96); plus a "
            "shared expert (feed-forward 64)");
}

TEST(FamilyFacts, Llama4) {
  RandomModelConfig c;
  c.arch = "llama4";
  c.n_layer = 8;
  c.n_expert = 4;
  c.n_expert_used = 1;
  c.moe_layer_step = 2;
  c.n_ff = 32;
  c.n_ff_dense_layers = 96;
  auto f = facts_of(c);
  EXPECT_EQ(f["layer pattern"],
            "6 chunked (attention within chunks of 8192 positions) and 2 full attention layers without RoPE, on layers "
            "3, 7");
  EXPECT_EQ(f["attention temperature"],
            "queries of the layers without RoPE times 1 + 0.1 ln(floor((position + 1) / 8192) + 1)");
  EXPECT_EQ(f["QK-norm"], "per-head RMSNorm of q and k without a gain, after RoPE, on the layers with RoPE");
  EXPECT_EQ(f["experts"],
            "4, 1 used per token, feed-forward 32 each, on 4 of 8 layers (the others dense, feed-forward 96); plus a "
            "shared expert (feed-forward 32)");
  EXPECT_EQ(f["router"], "top 1 of the logits, weighted by their sigmoid; the weight scales the expert's input");
  EXPECT_EQ(f.count("sliding window"), 0u);
  // 8 layers x 2 KV heads x 16 x 2 (K, V) x 2 bytes.
  EXPECT_EQ(f["KV cache per token"], "1.0 KiB in F16 (keys and values of 8 layers)");
}

}  // namespace
}  // namespace tessera::test
