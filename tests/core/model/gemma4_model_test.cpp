// Gemma 4 files (gemma4): what the loader reads from their keys and tensors (the sliding and full
// layers' head geometry and rotation, shared-KV layers, K reused as V, per-layer embeddings, the
// expert branch beside the dense MLP), what each layer keeps in the cache, and the errors a bad
// file gets. The logits against the float64 reference: the conformance suite's gemma4 cases.
#include <gtest/gtest.h>

#include "backend/cpu_backend.h"
#include "backend/layer_state.h"
#include "core/model/random_model.h"
#include "model/model_loader.h"

namespace tessera::test {
namespace {

// The conformance suite's E2B/31B case: layers s s s F s F, the last two reading layers 2 and 3.
RandomModelConfig gemma4_dense() {
  RandomModelConfig c;
  c.arch = "gemma4";
  set_gemma4_e2b_31b_layers(c);
  c.final_softcap = 30.0;
  return c;
}

TEST(Gemma4Models, LoaderReadsPerLayerGeometryAndSharing) {
  auto spec = build_model_spec(random_model_file(gemma4_dense()));
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->head_dim, 32);  // the full layers'
  EXPECT_EQ(spec->head_dim_of(spec->layers[0]), 16);
  EXPECT_EQ(spec->head_dim_of(spec->layers[3]), 32);
  EXPECT_EQ(spec->n_head_kv_of(spec->layers[0]), 2);
  EXPECT_EQ(spec->n_head_kv_of(spec->layers[3]), 1);
  EXPECT_EQ(spec->rope.n_dims, 32);
  EXPECT_EQ(spec->rope_swa.n_dims, 16);
  EXPECT_TRUE(spec->rope_swa.freq_factors.empty());  // rope_freqs.weight is the full layers'
  ASSERT_EQ(spec->rope.freq_factors.size(), 16u);
  EXPECT_EQ(spec->rope.freq_factors[3], 1.0f);
  EXPECT_EQ(spec->rope.freq_factors[4], 1e30f);
  EXPECT_EQ(spec->rope_swa.freq_base, 1e4f);
  EXPECT_EQ(spec->rope.mode, RopeMode::NeoX);
  EXPECT_FLOAT_EQ(spec->attention_scale, 1.0f);
  EXPECT_TRUE(spec->value_norm);
  EXPECT_FLOAT_EQ(spec->final_softcap, 30.0f);
  EXPECT_EQ(spec->sliding_window, 4);
  // Layers 4 (sliding) and 5 (full) read the caches of layers 2 and 3 and hold no K/V of their own.
  EXPECT_EQ(spec->layers[4].kv_source, 2);
  EXPECT_EQ(spec->layers[5].kv_source, 3);
  EXPECT_EQ(spec->layers[2].kv_source, -1);
  EXPECT_FALSE(spec->layers[4].has(LayerTensor::Wk));
  EXPECT_FALSE(spec->layers[5].has(LayerTensor::KNorm));
  EXPECT_TRUE(spec->layers[5].has(LayerTensor::Wq));
  // Layer 3 (full) has no attn_v: its keys are its values; sliding layers have one.
  EXPECT_TRUE(spec->layers[3].value_from_key);
  EXPECT_FALSE(spec->layers[3].has(LayerTensor::Wv));
  EXPECT_FALSE(spec->layers[1].value_from_key);
  EXPECT_TRUE(spec->layers[1].has(LayerTensor::Wv));
  EXPECT_EQ(spec->layers[1][LayerTensor::Wv].dims, (std::vector<int64_t>{64, 2 * 16}));
  EXPECT_EQ(spec->layers[3][LayerTensor::Wq].dims, (std::vector<int64_t>{64, 4 * 32}));
  EXPECT_EQ(spec->layers[3][LayerTensor::Wk].dims, (std::vector<int64_t>{64, 32}));
  EXPECT_EQ(spec->layers[4].n_ff, 192);
  // Per-layer embeddings and the layer output scale.
  EXPECT_EQ(spec->n_embd_per_layer, 8);
  EXPECT_EQ(spec->per_layer_token_embd.dims, (std::vector<int64_t>{8 * 6, 96}));
  EXPECT_EQ(spec->per_layer_model_proj.dims, (std::vector<int64_t>{64, 8 * 6}));
  EXPECT_EQ(spec->layers[0][LayerTensor::PleGate].dims, (std::vector<int64_t>{64, 8}));
  EXPECT_EQ(spec->layers[0][LayerTensor::PleProj].name, "blk.0.proj.weight");
  EXPECT_EQ(spec->layers[5][LayerTensor::LayerOutScale].dims, (std::vector<int64_t>{1}));
  const uint32_t features = model_features(*spec);
  for (ModelFeature f :
       {ModelFeature::PerLayerAttention, ModelFeature::ValueFromKey, ModelFeature::ValueNorm,
        ModelFeature::SharedKvLayers, ModelFeature::PerLayerEmbeddings, ModelFeature::LayerOutputScale})
    EXPECT_TRUE(features >> static_cast<unsigned>(f) & 1u) << model_feature_name(f);
  EXPECT_FALSE(features >> static_cast<unsigned>(ModelFeature::LatentAttention) & 1u);
}

// The cache: sliding layers 2 heads of 16, full layers 1 head of 32, shared layers nothing; the
// CPU backend allocates exactly what layer_state_bytes (the planner's function) says.
TEST(Gemma4Models, CacheBytesPerLayerAgreeWithTheCpuBackend) {
  auto spec = build_model_spec(random_model_file(gemma4_dense()));
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  const int64_t n_ctx = 48;
  EXPECT_EQ(layer_state_bytes(*spec, spec->layers[0], n_ctx, KvCacheType::F16).kv_cache, 2u * 48 * 32 * 2);
  EXPECT_EQ(layer_state_bytes(*spec, spec->layers[3], n_ctx, KvCacheType::F16).kv_cache, 2u * 48 * 32 * 2);
  EXPECT_EQ(layer_state_bytes(*spec, spec->layers[4], n_ctx, KvCacheType::F16).total(), 0u);
  EXPECT_EQ(layer_state_bytes(*spec, spec->layers[5], n_ctx, KvCacheType::Q8_0).total(), 0u);
  for (KvCacheType type : {KvCacheType::F16, KvCacheType::F32, KvCacheType::Q8_0}) {
    BackendModelSettings s;
    s.n_ctx = static_cast<int32_t>(n_ctx);
    s.n_batch = 8;
    s.n_threads = 1;
    s.kv_type = type;
    auto model = CpuBackend().load_model(*spec, s, nullptr);
    ASSERT_TRUE(model.ok()) << model.error().describe();
    EXPECT_EQ((*model)->footprint().kv_cache_bytes, model_state_bytes(*spec, n_ctx, type).total());
  }
}

TEST(Gemma4Models, ExpertBranchBesideTheDenseMlp) {
  RandomModelConfig c = gemma4_dense();
  c.n_layer = 3;
  c.sliding_layers = {true, true, false};
  c.shared_kv_layers = 0;
  c.n_embd_per_layer = 0;
  c.n_ff_per_layer.clear();
  c.n_expert = 8;
  c.n_expert_used = 2;
  c.n_ff = 32;
  c.n_ff_dense = 80;
  auto spec = build_model_spec(random_model_file(c));
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  const LayerSpec& l = spec->layers[1];
  EXPECT_TRUE(l.moe);
  EXPECT_EQ(l.n_ff, 32);
  EXPECT_EQ(l.n_ff_dense, 80);
  // gate|up fused per expert, as llama.cpp's converter writes Gemma 4's experts.
  EXPECT_EQ(l[LayerTensor::ExpertGateUp].dims, (std::vector<int64_t>{64, 64, 8}));
  EXPECT_FALSE(l.has(LayerTensor::ExpertGate));
  EXPECT_EQ(l[LayerTensor::FfnGate].dims, (std::vector<int64_t>{64, 80}));
  EXPECT_EQ(l[LayerTensor::ExpertDown].dims, (std::vector<int64_t>{32, 64, 8}));
  EXPECT_EQ(l[LayerTensor::ExpertDownScale].dims, (std::vector<int64_t>{8}));
  EXPECT_EQ(l[LayerTensor::RouterScale].name, "blk.1.ffn_gate_inp.scale");
  EXPECT_EQ(l[LayerTensor::FfnPreNorm2].name, "blk.1.pre_ffw_norm_2.weight");
  EXPECT_TRUE(model_features(*spec) >> static_cast<unsigned>(ModelFeature::ExpertsBesideDense) & 1u);
}

TEST(Gemma4Models, BadFilesAreNamed) {
  RandomModelConfig missing = gemma4_dense();
  missing.omit = {"blk.2.inp_gate.weight"};
  auto a = build_model_spec(random_model_file(missing));
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.error().kind, ErrorKind::BadFile);
  EXPECT_NE(a.error().message.find("blk.2.inp_gate.weight"), std::string::npos) << a.error().message;
  // Five shared layers of six: layer 3 (full) has no full layer before layer 1 to read.
  auto file = random_model_file(gemma4_dense());
  ASSERT_TRUE(file);
  gguf::GgufWriter w;
  for (const auto& e : file->metadata())
    if (e.key != "general.alignment") w.set(e.key, e.value);
  for (const auto& t : file->tensors()) {
    const auto data = file->tensor_data(t);
    ASSERT_TRUE(w.add_tensor(t.name, t.type, t.dims, std::vector<uint8_t>(data.begin(), data.end())).ok());
  }
  w.set_u32("gemma4.attention.shared_kv_layers", 5);
  auto bytes = w.to_bytes();
  ASSERT_TRUE(bytes.ok());
  auto edited = gguf::GgufFile::from_bytes(std::move(bytes).value(), "edited.gguf");
  ASSERT_TRUE(edited.ok());
  auto b = build_model_spec(std::shared_ptr<const gguf::GgufFile>(std::move(edited).value()));
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message.find("gemma4.attention.shared_kv_layers"), std::string::npos) << b.error().message;
  EXPECT_NE(b.error().message.find("layer 3"), std::string::npos) << b.error().message;
}

}  // namespace
}  // namespace tessera::test
