// The placement of Gemma 4's per-layer choices (the E2B/E4B and 31B features in one small model,
// random_model.h's set_gemma4_e2b_31b_layers): layers reading an earlier layer's cache are placed
// with it whatever the split's ratios; the per-layer embeddings' tensors live with token_embd on the
// home device, which sends every layer's inputs to the devices whose layers add them; the q|k|v rows
// and the attention workspace fit the widest layer.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/model/random_model.h"
#include "model/model_loader.h"
#include "placement/attention_split.h"
#include "placement/placement.h"

namespace tessera {
namespace {

ModelSpec gemma4_spec() {
  test::RandomModelConfig c;
  c.arch = "gemma4";
  test::set_gemma4_e2b_31b_layers(c);  // layers 4 and 5 read layers 2 and 3's caches
  auto spec = build_model_spec(test::random_model_file(c));
  EXPECT_TRUE(spec.ok()) << spec.error().describe();
  return spec.ok() ? std::move(spec).value() : ModelSpec{};
}

std::vector<DeviceDescription> gpus(size_t n) {
  std::vector<DeviceDescription> out(n);
  for (size_t i = 0; i < n; ++i) {
    out[i].id = static_cast<int32_t>(i);
    out[i].name = "GPU " + std::to_string(i);
    out[i].free_bytes = out[i].total_bytes = 80ull << 30;
  }
  return out;
}

TEST(PerLayerPlacement, SharedKvLayersRunWhereTheirCacheIs) {
  const ModelSpec m = gemma4_spec();
  ASSERT_EQ(m.n_layer, 6);
  ASSERT_EQ(m.layers[4].kv_source, 2);
  ASSERT_EQ(m.layers[5].kv_source, 3);
  // Ratios that would put the split between a source and its reader.
  for (const std::vector<float>& ratios : {std::vector<float>{1, 1}, {1, 2}, {2, 1}, {5, 1}, {1, 1, 1}}) {
    SplitSettings s;
    s.mode = SplitMode::Layer;
    s.ratios = ratios;
    s.n_ctx = 64;
    auto p = plan_for_load(m, gpus(ratios.size()), s);
    ASSERT_TRUE(p.ok()) << p.error().describe();
    for (int32_t l = 0; l < 6; ++l) {
      if (m.layers[static_cast<size_t>(l)].kv_source < 0) continue;
      EXPECT_EQ(p->layer_device[static_cast<size_t>(l)],
                p->layer_device[static_cast<size_t>(m.layers[static_cast<size_t>(l)].kv_source)]);
    }
    EXPECT_TRUE(std::is_sorted(p->layer_device.begin(), p->layer_device.end())) << "devices out of layer order";
    // The reader's device keeps the source's slot and none of its own.
    for (const DevicePlacement& d : p->devices) {
      const PlacedCacheState* keys = d.cache.find(CacheState::Keys);
      for (int32_t l : d.layers) {
        const LayerSpec& ls = m.layers[static_cast<size_t>(l)];
        ASSERT_NE(keys, nullptr);
        EXPECT_EQ(keys->slot_of(l) >= 0, ls.kv_source < 0) << "layer " << l;
        if (ls.kv_source >= 0) {
          EXPECT_GE(keys->slot_of(ls.kv_source), 0) << "layer " << l;
        }
      }
    }
  }
}

TEST(PerLayerPlacement, PerLayerEmbeddingsLiveHomeAndTravel) {
  const ModelSpec m = gemma4_spec();
  SplitSettings s;
  s.mode = SplitMode::Layer;
  s.ratios = {1, 1};
  s.n_ctx = 64;
  s.n_batch = 16;
  auto p = plan_for_load(m, gpus(2), s);
  ASSERT_TRUE(p.ok()) << p.error().describe();
  const int64_t inputs = m.n_embd_per_layer * m.n_layer;
  for (size_t i = 0; i < p->devices.size(); ++i) {
    const DevicePlacement& d = p->devices[i];
    const bool home = static_cast<int32_t>(i) == p->home_device;
    int ple_pieces = 0;
    for (const WeightPiece& w : d.weights)
      ple_pieces += w.source.model == ModelTensor::PerLayerTokenEmbd || w.source.model == ModelTensor::PerLayerModelProj ||
                    w.source.model == ModelTensor::PerLayerProjNorm;
    EXPECT_EQ(ple_pieces, home ? 3 : 0) << "device " << i;
    const bool uses = std::any_of(d.layers.begin(), d.layers.end(),
                                  [&m](int32_t l) { return m.layers[static_cast<size_t>(l)].has(LayerTensor::PleGate); });
    EXPECT_EQ(d.scratch[ScratchRegion::PerLayerInputs].bytes,
              home || uses ? 4ull * 16 * static_cast<uint64_t>(inputs) : 0u);
    EXPECT_EQ(d.scratch[ScratchRegion::PerLayerProjection].bytes > 0, home);
    bool received = false;
    for (const Transfer& t : p->transfers)
      received = received || (t.kind == TransferKind::PerLayerInputs && t.to == static_cast<int32_t>(i) &&
                               t.from == p->home_device && t.max_bytes == 4ull * 16 * static_cast<uint64_t>(inputs));
    EXPECT_EQ(received, !home && uses) << "device " << i;
  }
}

TEST(PerLayerPlacement, RowsAndWorkspaceFitTheWidestLayer) {
  const ModelSpec m = gemma4_spec();
  SplitSettings s;
  s.n_ctx = 256;
  s.n_batch = 16;
  auto p = plan_for_load(m, gpus(1), s);
  ASSERT_TRUE(p.ok()) << p.error().describe();
  const DevicePlacement& d = p->devices[0];
  EXPECT_EQ(d.q_dim, m.max_q_dim());
  int64_t widest = 0;
  for (const LayerSpec& l : m.layers) widest = std::max(widest, m.n_head_kv_of(l) * m.head_dim_of(l));
  EXPECT_EQ(d.kv_dim, widest);
  uint64_t ws = 0;
  for (const LayerSpec& l : m.layers)
    ws = std::max(ws, attention_workspace_max(16, static_cast<int>(m.n_head), static_cast<int>(m.n_head_kv_of(l)),
                                              static_cast<int>(m.head_dim_of(l)), 256));
  EXPECT_EQ(d.scratch[ScratchRegion::AttentionWorkspace].bytes, ws);
  EXPECT_EQ(d.scratch[ScratchRegion::Qkv].bytes, 4ull * 16 * static_cast<uint64_t>(m.max_q_dim() + 2 * widest));
}

}  // namespace
}  // namespace tessera
