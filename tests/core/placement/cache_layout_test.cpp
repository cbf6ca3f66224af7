// The cache layout (core/placement/cache_layout.h): the state-kind table, K then V back to back
// with the kv_cache_type.h sizes, slots by layer.
#include "placement/cache_layout.h"

#include <gtest/gtest.h>

#include "backend/kv_cache_type.h"
#include "backend/layer_state.h"

namespace tessera {
namespace {

TEST(CacheLayout, OneRowPerStateKindInEnumOrder) {
  for (size_t i = 0; i < kCacheStateCount; ++i) {
    const CacheStateInfo& s = cache_state_table()[i];
    EXPECT_EQ(static_cast<size_t>(s.state), i);
    EXPECT_FALSE(s.name.empty());
    EXPECT_GT(s.alignment, 0u);
  }
}

ModelSpec layers_of(const std::vector<LayerMixer>& mixers) {
  ModelSpec m;
  for (LayerMixer x : mixers) {
    LayerSpec l;
    l.mixer = x;
    m.layers.push_back(l);
  }
  m.n_layer = static_cast<int64_t>(m.layers.size());
  m.delta_net.conv_kernel = 4;
  m.delta_net.n_k_heads = 2;
  m.delta_net.n_v_heads = 4;
  m.delta_net.head_k_dim = 32;
  m.delta_net.head_v_dim = 16;
  return m;
}

TEST(CacheLayout, KeysThenValuesSizedAsTheKvCacheType) {
  const ModelSpec m = layers_of(std::vector<LayerMixer>(10, LayerMixer::Attention));
  for (KvCacheType type : all_kv_cache_types()) {
    SCOPED_TRACE(std::string(kv_cache_type_name(type)));
    const CacheLayout l = layout_cache(m, {3, 5, 9}, 96, 100, type);
    ASSERT_EQ(l.states.size(), 2u);
    const PlacedCacheState* k = l.find(CacheState::Keys);
    const PlacedCacheState* v = l.find(CacheState::Values);
    ASSERT_NE(k, nullptr);
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(k->offset, 0u);
    EXPECT_EQ(k->row_bytes, kv_cache_row_bytes(type, 96));
    EXPECT_EQ(k->bytes, 3u * 100u * k->row_bytes);
    EXPECT_EQ(v->offset, k->bytes);  // rows of 16-bit words: no gap
    EXPECT_EQ(l.total, kv_cache_bytes(3, 96, 100, type));
    EXPECT_EQ(k->slot_of(5), 1);
    EXPECT_EQ(k->slot_of(4), -1);
    EXPECT_EQ(v->slot_offset(2), v->offset + 2u * 100u * v->row_bytes);
  }
}

TEST(CacheLayout, NoLayersOrHeadsKeepNothing) {
  const ModelSpec m = layers_of({LayerMixer::Attention, LayerMixer::Attention});
  EXPECT_EQ(layout_cache(m, {}, 128, 4096, KvCacheType::F16).total, 0u);
  EXPECT_TRUE(layout_cache(m, {0, 1}, 0, 4096, KvCacheType::F16).states.empty());
}

// Recurrent layers keep their convolution and state matrices, one row each whatever the context,
// after the attention layers' K and V, with no bytes between (layer_state.h sizes them).
TEST(CacheLayout, RecurrentLayersKeepAFixedStateAfterTheKvCache) {
  const ModelSpec m = layers_of({LayerMixer::GatedDeltaNet, LayerMixer::Attention, LayerMixer::GatedDeltaNet,
                                 LayerMixer::Attention});
  for (int64_t n_ctx : {1, 4096}) {
    const CacheLayout l = layout_cache(m, {0, 1, 2, 3}, 64, n_ctx, KvCacheType::Q8_0);
    ASSERT_EQ(l.states.size(), 4u);
    EXPECT_EQ(l.find(CacheState::Keys)->layers, (std::vector<int32_t>{1, 3}));
    const PlacedCacheState* conv = l.find(CacheState::ConvState);
    const PlacedCacheState* state = l.find(CacheState::RecurrentState);
    EXPECT_EQ(conv->layers, (std::vector<int32_t>{0, 2}));
    EXPECT_EQ(conv->rows_per_slot, 1);
    EXPECT_EQ(conv->row_bytes, 4u * 3 * (2 * 2 * 32 + 4 * 16));  // (W - 1) x C floats
    EXPECT_EQ(state->row_bytes, 4u * 4 * 32 * 16);              // Hv x dk x dv floats
    EXPECT_EQ(conv->offset, l.kv_bytes());
    EXPECT_EQ(state->offset, conv->offset + conv->bytes);
    LayerStateBytes want;
    for (const LayerSpec& layer : m.layers) want += layer_state_bytes(m, layer, n_ctx, KvCacheType::Q8_0, 64);
    EXPECT_EQ(l.kv_bytes(), want.kv_cache);
    EXPECT_EQ(l.recurrent_bytes(), want.conv_state + want.recurrent_state);
    EXPECT_EQ(l.total, want.total());
  }
}

}  // namespace
}  // namespace tessera
