// plan_for_load (core/placement/placement.h): where layers, heads and rows go by mode and ratio,
// the bytes each device holds, the refusal of unusable input, and the fit check.
#include "placement/placement.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "backend/kv_cache_type.h"
#include "synth/shape_spec.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;

constexpr uint64_t GiB = 1ull << 30;

ModelSpec spec_of(const char* shape, GgmlType type) {
  synth::SynthOptions o;
  o.type = type;
  auto spec = synth::shape_spec(*synth::find_shape(shape), o);
  EXPECT_TRUE(spec.ok()) << spec.error().describe();
  return spec.ok() ? std::move(spec).value() : ModelSpec{};
}

std::vector<DeviceDescription> devices(std::initializer_list<double> free_gib, double total_gib = 141.0) {
  std::vector<DeviceDescription> out;
  int id = 0;
  for (double f : free_gib) {
    DeviceDescription d;
    d.id = id;
    d.name = "GPU " + std::to_string(id);
    d.uuid = "GPU-" + std::to_string(1000 + id);
    d.free_bytes = static_cast<uint64_t>(f * GiB);
    d.total_bytes = static_cast<uint64_t>(total_gib * GiB);
    out.push_back(d);
    ++id;
  }
  return out;
}

// Bytes of all distinct tensors from their types and shapes (the spec has no data behind it).
uint64_t model_bytes(const ModelSpec& m) {
  uint64_t b = 0;
  for (const TensorRef* t : m.all_tensors())
    b += tensor_bytes_unchecked(t->type, static_cast<uint64_t>(t->n_elements()));
  return b;
}

// The stored bytes the placement reads from the file over every device (a vector's elements in its
// stored type), so every byte of the model is placed exactly once when this equals model_bytes.
uint64_t weight_total(const Placement& p) {
  uint64_t w = 0;
  for (const auto& d : p.devices)
    for (const WeightPiece& piece : d.weights)
      w += piece.vector ? tensor_bytes_unchecked(piece.stored_type, static_cast<uint64_t>(piece.end - piece.begin))
                        : piece.bytes;
  return w;
}

TEST(Placement, NonePutsEverythingOnTheMainDevice) {
  const ModelSpec m = spec_of("llama3-8b", GgmlType::Q4_K);
  SplitSettings s;
  s.mode = SplitMode::None;
  s.main_device = 1;
  auto plan = plan_for_load(m, devices({80, 80}), s);
  ASSERT_TRUE(plan.ok()) << plan.error().describe();
  EXPECT_EQ(plan->devices[0].bytes.total(), 0u);
  EXPECT_EQ(plan->devices[1].layers.size(), 32u);
  EXPECT_EQ(weight_total(*plan), model_bytes(m));
  // Held: the stored matrices, f32 gains, alignment gaps and the rotary tables, a little more.
  EXPECT_GT(plan->devices[1].bytes.weights, model_bytes(m));
  EXPECT_LT(plan->devices[1].bytes.weights, model_bytes(m) + (2u << 20));
  EXPECT_EQ(plan->devices[1].bytes.kv_cache, kv_cache_bytes(32, 1024, 4096, KvCacheType::F16));
  EXPECT_TRUE(plan->fits);
}

TEST(Placement, LayerSplitFollowsNormalisedRatios) {
  const ModelSpec m = spec_of("llama3-8b", GgmlType::Q4_K);
  SplitSettings s;
  s.mode = SplitMode::Layer;
  s.ratios = {3.0f, 1.0f};  // same as 0.75 : 0.25
  auto plan = plan_for_load(m, devices({80, 80}), s);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->devices[0].layers.size(), 24u);
  EXPECT_EQ(plan->devices[1].layers.size(), 8u);
  EXPECT_FLOAT_EQ(plan->devices[0].share, 0.75f);
  EXPECT_TRUE(plan->devices[0].holds_embeddings);
  EXPECT_TRUE(plan->devices[1].holds_output);
  // Every byte of weights is somewhere, exactly once.
  EXPECT_EQ(weight_total(*plan), model_bytes(m));
  // Layers are contiguous and in order.
  for (size_t l = 1; l < plan->layer_device.size(); ++l) EXPECT_LE(plan->layer_device[l - 1], plan->layer_device[l]);
  // KV cache follows the layers.
  EXPECT_EQ(plan->devices[0].bytes.kv_cache, 3 * plan->devices[1].bytes.kv_cache);
}

TEST(Placement, ZeroRatioDeviceHoldsNothing) {
  const ModelSpec m = spec_of("llama2-7b", GgmlType::Q8_0);
  SplitSettings s;
  s.mode = SplitMode::Layer;
  s.ratios = {1.0f, 0.0f, 1.0f};
  auto plan = plan_for_load(m, devices({40, 40, 40}), s);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->devices[1].bytes.total(), 0u);
  EXPECT_TRUE(plan->devices[1].layers.empty());
  EXPECT_EQ(plan->devices[0].layers.size() + plan->devices[2].layers.size(), 32u);

  s.mode = SplitMode::Row;
  auto rows = plan_for_load(m, devices({40, 40, 40}), s);
  ASSERT_TRUE(rows.ok());
  EXPECT_EQ(rows->devices[1].bytes.total(), 0u);
  EXPECT_TRUE(rows->devices[1].kv_heads.empty());
  EXPECT_TRUE(rows->devices[1].ffn_rows.empty());
}

TEST(Placement, AllZeroRatiosMeanProportionalToFreeMemory) {
  const ModelSpec m = spec_of("llama3-8b", GgmlType::F16);
  SplitSettings s;
  s.mode = SplitMode::Layer;
  s.ratios = {0.0f, 0.0f};
  auto plan = plan_for_load(m, devices({90, 30}), s);
  ASSERT_TRUE(plan.ok());
  EXPECT_FLOAT_EQ(plan->devices[0].share, 0.75f);
  EXPECT_EQ(plan->devices[0].layers.size(), 24u);
  // No ratios at all behaves the same.
  s.ratios.clear();
  auto plan2 = plan_for_load(m, devices({90, 30}), s);
  EXPECT_EQ(plan2->devices[0].layers.size(), 24u);
}

TEST(Placement, RowSplitPairsHeadsAndFfnRowsAndCoversEverything) {
  const ModelSpec m = spec_of("llama3-8b", GgmlType::Q4_K);
  SplitSettings s;
  s.mode = SplitMode::Row;
  s.ratios = {1.0f, 1.0f, 1.0f};
  auto plan = plan_for_load(m, devices({80, 80, 80}), s);
  ASSERT_TRUE(plan.ok());
  int64_t heads = 0, ffn = 0;
  for (const auto& d : plan->devices) {
    heads += d.kv_heads.size();
    ffn += d.ffn_rows.size();
    // ffn_down is split along its input: column ranges start on a block boundary.
    EXPECT_EQ(d.ffn_rows.begin % 256, 0);
    EXPECT_EQ(d.ffn_rows.begin % kFfnRowTile, 0);
  }
  EXPECT_EQ(heads, 8);
  EXPECT_EQ(ffn, 14336);
  // Contiguous ranges.
  EXPECT_EQ(plan->devices[0].kv_heads.begin, 0);
  EXPECT_EQ(plan->devices[0].kv_heads.end, plan->devices[1].kv_heads.begin);
  EXPECT_EQ(plan->devices[2].kv_heads.end, 8);
  EXPECT_EQ(plan->devices[2].ffn_rows.end, 14336);
  // The weights add up to the whole model (column slices of whole blocks lose nothing here).
  EXPECT_EQ(weight_total(*plan), model_bytes(m));
  // KV cache split by heads adds up to the unsplit cache.
  uint64_t kv = 0;
  for (const auto& d : plan->devices) kv += d.bytes.kv_cache;
  EXPECT_EQ(kv, kv_cache_bytes(32, 1024, 4096, KvCacheType::F16));
  EXPECT_TRUE(plan->devices[0].holds_output);
}

TEST(Placement, RowSplitRoundsHeadGroupsToWholeQuantBlocks) {
  // llama2-7b: 32 KV heads of 128 columns; Q4_K blocks are 256 wide, so heads go in pairs.
  const ModelSpec m = spec_of("llama2-7b", GgmlType::Q4_K);
  SplitSettings s;
  s.mode = SplitMode::Row;
  s.ratios = {1.0f, 1.0f, 1.0f};
  auto plan = plan_for_load(m, devices({40, 40, 40}), s);
  ASSERT_TRUE(plan.ok());
  for (const auto& d : plan->devices) EXPECT_EQ(d.kv_heads.begin % 2, 0);
  EXPECT_EQ(weight_total(*plan), model_bytes(m));
}

// The projected weight bytes come from the type table, so the IQ/TQ/MXFP4 types (including
// MXFP4's odd 17-byte blocks) add up exactly in every mode.
TEST(Placement, EveryQuantTypeAddsUpInEveryMode) {
  for (const GgmlType type : {GgmlType::IQ4_XS, GgmlType::IQ4_NL, GgmlType::IQ3_XXS, GgmlType::IQ3_S,
                              GgmlType::IQ2_XXS, GgmlType::IQ2_XS, GgmlType::IQ2_S, GgmlType::IQ1_S, GgmlType::IQ1_M,
                              GgmlType::TQ1_0, GgmlType::TQ2_0, GgmlType::MXFP4}) {
    SCOPED_TRACE(std::string(type_name(type)));
    const ModelSpec m = spec_of("llama3-8b", type);
    ASSERT_GT(model_bytes(m), 0u);
    for (const SplitMode mode : {SplitMode::None, SplitMode::Layer, SplitMode::Row}) {
      SplitSettings s;
      s.mode = mode;
      s.ratios = {1.0f, 2.0f, 1.0f};
      auto plan = plan_for_load(m, devices({80, 80, 80}), s);
      ASSERT_TRUE(plan.ok()) << plan.error().describe();
      EXPECT_EQ(weight_total(*plan), model_bytes(m)) << "mode " << static_cast<int>(mode);
    }
  }
  // 4.25 bits per weight: IQ4_XS's matrices take 136/256 bytes per element.
  const ModelSpec iq4 = spec_of("llama3-8b", GgmlType::IQ4_XS);
  const ModelSpec q4k = spec_of("llama3-8b", GgmlType::Q4_K);
  EXPECT_LT(model_bytes(iq4), model_bytes(q4k));
}

// gpt-oss-20b: its sinks, output bias, router bias and expert biases are counted once (every
// weight byte is on some device), and row split refuses it like every mixture of experts.
TEST(Placement, GptOssCountsSinksAndBiases) {
  const ModelSpec m = spec_of("gpt-oss-20b", GgmlType::MXFP4);
  ASSERT_TRUE(m.layers[0].has(LayerTensor::AttnSinks));
  ASSERT_TRUE(m.layers[0].has(LayerTensor::ExpertDownBias));
  for (const SplitMode mode : {SplitMode::None, SplitMode::Layer}) {
    SplitSettings s;
    s.mode = mode;
    s.ratios = {1.0f, 1.0f};
    auto plan = plan_for_load(m, devices({80, 80}), s);
    ASSERT_TRUE(plan.ok()) << plan.error().describe();
    EXPECT_EQ(weight_total(*plan), model_bytes(m)) << "mode " << static_cast<int>(mode);
  }
  // Per layer: sinks 64 + output bias 2880 + router bias 32 + expert biases (2 x 2880 + 2880) x 32, f32.
  uint64_t biases = 0;
  for (LayerTensor t : {LayerTensor::AttnSinks, LayerTensor::Bo, LayerTensor::RouterBias, LayerTensor::ExpertGateBias,
                        LayerTensor::ExpertUpBias, LayerTensor::ExpertDownBias})
    biases += tensor_bytes_unchecked(m.layers[1][t].type, static_cast<uint64_t>(m.layers[1][t].n_elements()));
  EXPECT_EQ(biases, 4ull * (64 + 2880 + 32 + 3 * 2880 * 32));
  SplitSettings row;
  row.mode = SplitMode::Row;
  EXPECT_FALSE(plan_for_load(m, devices({80, 80}), row).ok());
}

TEST(Placement, MoreDevicesThanUnitsLeavesSomeEmpty) {
  const ModelSpec m = spec_of("tiny", GgmlType::F16);  // 2 layers, 2 KV heads
  SplitSettings s;
  s.mode = SplitMode::Layer;
  s.ratios = {1, 1, 1, 1, 1, 1};
  auto plan = plan_for_load(m, devices({10, 10, 10, 10, 10, 10}), s);
  ASSERT_TRUE(plan.ok());
  size_t with_layers = 0;
  for (const auto& d : plan->devices) with_layers += d.layers.empty() ? 0 : 1;
  EXPECT_EQ(with_layers, 2u);
  EXPECT_EQ(weight_total(*plan), model_bytes(m));
  s.mode = SplitMode::Row;
  auto rows = plan_for_load(m, devices({10, 10, 10, 10, 10, 10}), s);
  ASSERT_TRUE(rows.ok());
  int64_t heads = 0;
  for (const auto& d : rows->devices) heads += d.kv_heads.size();
  EXPECT_EQ(heads, 2);
  EXPECT_EQ(weight_total(*rows), model_bytes(m));
}

TEST(Placement, HugeModelThatDoesNotFitNamesTheDeviceAndBytes) {
  const ModelSpec m = spec_of("llama2-70b", GgmlType::F16);  // ~138 GB of weights
  SplitSettings s;
  s.mode = SplitMode::None;
  auto plan = plan_for_load(m, devices({100}), s);
  ASSERT_TRUE(plan.ok());
  EXPECT_FALSE(plan->fits);
  EXPECT_FALSE(plan->devices[0].fits);
  Status st = check_placement_fits(*plan);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::OutOfMemory);
  EXPECT_THAT(st.error().message, HasSubstr("device 0 (GPU 0)"));
  EXPECT_THAT(st.error().message, HasSubstr("free"));
  // Split over two devices, it fits.
  s.mode = SplitMode::Layer;
  s.ratios = {1, 1};
  auto two = plan_for_load(m, devices({100, 100}), s);
  ASSERT_TRUE(two.ok());
  EXPECT_TRUE(two->fits) << two->problem;
  EXPECT_TRUE(check_placement_fits(*two).ok());
  EXPECT_GT(model_bytes(m), 120 * GiB);
}

TEST(Placement, ContextLengthAndKvTypeScaleTheCache) {
  const ModelSpec m = spec_of("llama3-8b", GgmlType::Q4_K);
  SplitSettings s;
  s.mode = SplitMode::None;
  s.n_ctx = 8192;
  auto a = plan_for_load(m, devices({80}), s);
  s.kv_type = KvCacheType::F32;
  auto b = plan_for_load(m, devices({80}), s);
  EXPECT_EQ(a->devices[0].bytes.kv_cache, 1073741824u);  // 32 layers x 2 x 1024 x 8192 x 2 bytes
  EXPECT_EQ(b->devices[0].bytes.kv_cache, 2 * a->devices[0].bytes.kv_cache);
}

// KV cache types q8_0 and q4_0: 34 and 18 bytes per 32 values (quant/blocks.h) instead of 64 for F16, in
// every mode; a row split over devices pads each device's rows to whole blocks on its own.
TEST(Placement, QuantizedKvTypesShrinkTheCacheInEveryMode) {
  const ModelSpec m = spec_of("llama3-8b", GgmlType::Q4_K);
  SplitSettings s;
  s.n_ctx = 8192;
  s.mode = SplitMode::None;
  s.kv_type = KvCacheType::Q8_0;
  auto q8 = plan_for_load(m, devices({80}), s);
  ASSERT_TRUE(q8.ok()) << q8.error().describe();
  // 32 layers x 2 (K, V) x 8192 positions x 1024 values / 32 per block x 34 bytes
  EXPECT_EQ(q8->devices[0].bytes.kv_cache, 32ull * 2 * 8192 * (1024 / 32) * 34);
  s.kv_type = KvCacheType::Q4_0;
  auto q4 = plan_for_load(m, devices({80}), s);
  ASSERT_TRUE(q4.ok()) << q4.error().describe();
  EXPECT_EQ(q4->devices[0].bytes.kv_cache, 32ull * 2 * 8192 * (1024 / 32) * 18);

  for (SplitMode mode : {SplitMode::Layer, SplitMode::Row}) {
    s.mode = mode;
    s.ratios = {1, 1, 2};
    auto plan = plan_for_load(m, devices({80, 80, 80}), s);
    ASSERT_TRUE(plan.ok()) << plan.error().describe();
    uint64_t kv = 0;
    for (const auto& d : plan->devices) {
      kv += d.bytes.kv_cache;
      // Each device's share is its layers (or KV heads of 128 values: 4 whole blocks) at 18 bytes a block.
      const uint64_t layers = mode == SplitMode::Layer ? d.layers.size() : 32;
      const uint64_t width = mode == SplitMode::Layer ? 1024 : static_cast<uint64_t>(d.kv_heads.size()) * 128;
      EXPECT_EQ(d.bytes.kv_cache, layers * 2 * 8192 * (width / 32) * 18) << split_mode_name(mode);
    }
    EXPECT_EQ(kv, q4->devices[0].bytes.kv_cache) << split_mode_name(mode);
  }
}

ScratchShape llama3_8b_scratch() {
  ScratchShape n;
  n.n_batch = 512;
  n.n_ctx = 4096;
  n.n_embd = 4096;
  n.q_dim = 4096;
  n.kv_dim = 1024;
  n.n_head = 32;
  n.n_head_kv = 8;
  n.head_dim = 128;
  n.n_ff = 14336;
  n.n_vocab = 128256;
  n.largest_matrix = 4096ull * 14336;
  return n;
}

TEST(Placement, ScratchCoversLogitsAndGrowsWithBatch) {
  ScratchShape n = llama3_8b_scratch();
  const uint64_t base = layout_scratch(n).total;
  EXPECT_GT(base, 4ull * 128256);
  n.all_logits = true;
  EXPECT_GT(layout_scratch(n).total, base + 4ull * 128256 * 500);
  n.n_batch = 1;
  EXPECT_LT(layout_scratch(n).total, base);
}

// The one context rule: the request, else the training context capped at kDefaultMaxContext; the
// batch never exceeds the context.
TEST(Placement, ResolvesTheContextAndTheBatchOfTheLoad) {
  const ModelSpec m = spec_of("tiny", GgmlType::F32);  // trained on 512 positions
  EXPECT_EQ(load_context(m, 0), 512);
  EXPECT_EQ(load_context(m, 100), 100);
  EXPECT_EQ(load_context(int64_t{100000}, 0), kDefaultMaxContext);
  EXPECT_EQ(load_context(int64_t{0}, 0), kDefaultMaxContext);
  EXPECT_EQ(load_batch(512, 100), 100);
  SplitSettings s;
  s.mode = SplitMode::None;
  auto p = plan_for_load(m, devices({10}), s);
  ASSERT_TRUE(p.ok()) << p.error().describe();
  EXPECT_EQ(p->n_ctx, 512);
  EXPECT_EQ(p->n_batch, 512);
  s.n_ctx = 64;
  p = plan_for_load(m, devices({10}), s);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->n_batch, 64);
  EXPECT_EQ(p->devices[0].bytes.kv_cache, kv_cache_bytes(2, 128, 64, KvCacheType::F16));
}

// With one device every mode is None: the app's preview shows what the backend loads.
TEST(Placement, OneDeviceIsAlwaysModeNone) {
  const ModelSpec m = spec_of("tiny-moe", GgmlType::Q8_0);
  for (SplitMode mode : {SplitMode::None, SplitMode::Layer, SplitMode::Row}) {
    SplitSettings s;
    s.mode = mode;
    auto p = plan_for_load(m, devices({10}), s);
    ASSERT_TRUE(p.ok()) << split_mode_name(mode) << ": " << p.error().describe();
    EXPECT_EQ(p->mode, SplitMode::None);
    EXPECT_EQ(p->devices[0].layers.size(), 2u);
  }
}

// The weights allocation is the pieces and rotary tables back to back, each start aligned; the
// vectors are held as f32 whatever their stored type.
TEST(Placement, WeightsAreAlignedPiecesAndVectorsAreF32) {
  const ModelSpec m = spec_of("llama3-8b", GgmlType::Q4_K);
  SplitSettings s;
  s.mode = SplitMode::None;
  auto p = plan_for_load(m, devices({80}), s);
  ASSERT_TRUE(p.ok());
  const DevicePlacement& d = p->devices[0];
  uint64_t end = 0;
  for (const WeightPiece& w : d.weights) {
    EXPECT_EQ(w.offset % kWeightAlignment, 0u);
    EXPECT_GE(w.offset, end);
    end = w.offset + w.bytes;
    if (w.vector) {
      EXPECT_EQ(w.placed_type, GgmlType::F32);
      EXPECT_EQ(w.bytes, 4u * static_cast<uint64_t>(w.end - w.begin));
    }
  }
  ASSERT_EQ(d.rotary.size(), 2u);  // full and sliding tables (the same angles here)
  EXPECT_EQ(d.rotary[0].bytes, 64u * sizeof(double));
  EXPECT_GE(d.rotary[0].offset, end);
  EXPECT_EQ(d.bytes.weights, (d.rotary[1].offset + d.rotary[1].bytes + 255) / 256 * 256);
}

// Qwen3.6-27B (48 Gated DeltaNet layers, 16 attention layers): each device holds the KV cache of
// its attention layers and the fixed state of its recurrent layers, as their own kind; a longer
// context grows only the former. Row split refuses the recurrent layers by name.
TEST(Placement, HybridModelsPlanKvCacheAndRecurrentStatePerLayer) {
  const ModelSpec m = spec_of("qwen3.6-27b", GgmlType::Q4_K);
  ASSERT_EQ(m.recurrent_layer_count(), 48);
  SplitSettings s;
  s.mode = SplitMode::Layer;
  s.ratios = {1, 1};
  s.n_ctx = 8192;
  auto plan = plan_for_load(m, devices({80, 80}), s);
  ASSERT_TRUE(plan.ok()) << plan.error().describe();
  // Per layer: K and V of 4 heads x 256 at f16; (4 - 1) x (2 x 16 x 128 + 48 x 128) and 48 x 128 x 128 floats.
  const uint64_t kv_per_layer = 2ull * 8192 * 4 * 256 * 2;
  const uint64_t state_per_layer = 4ull * (3 * (2 * 16 * 128 + 48 * 128) + 48 * 128 * 128);
  uint64_t kv = 0, state = 0;
  for (const DevicePlacement& d : plan->devices) {
    int64_t attending = 0;
    for (int32_t l : d.layers) attending += m.layers[static_cast<size_t>(l)].is_recurrent() ? 0 : 1;
    EXPECT_EQ(d.bytes.kv_cache, attending * kv_per_layer) << d.device.name;
    EXPECT_EQ(d.bytes.recurrent_state, (static_cast<int64_t>(d.layers.size()) - attending) * state_per_layer);
    EXPECT_EQ(d.bytes.total(), d.bytes.weights + d.bytes.kv_cache + d.bytes.scratch + d.bytes.recurrent_state);
    kv += d.bytes.kv_cache;
    state += d.bytes.recurrent_state;
  }
  EXPECT_EQ(kv, 16 * kv_per_layer);
  EXPECT_EQ(state, 48 * state_per_layer);
  s.n_ctx = 32768;
  auto longer = plan_for_load(m, devices({80, 80}), s);
  ASSERT_TRUE(longer.ok());
  EXPECT_EQ(longer->devices[0].bytes.kv_cache, 4 * plan->devices[0].bytes.kv_cache);
  EXPECT_EQ(longer->devices[0].bytes.recurrent_state, plan->devices[0].bytes.recurrent_state);
  s.mode = SplitMode::Row;
  auto row = plan_for_load(m, devices({80, 80}), s);
  ASSERT_FALSE(row.ok());
  EXPECT_EQ(row.error().kind, ErrorKind::Unsupported);
  EXPECT_THAT(row.error().message, HasSubstr("48 recurrent (Gated DeltaNet) layers"));
  EXPECT_THAT(row.error().message, HasSubstr("use layer split"));
  // A device that cannot hold its share names the state among its needs.
  s.mode = SplitMode::Layer;
  auto tight = plan_for_load(m, devices({10, 10}), s);
  ASSERT_TRUE(tight.ok());
  EXPECT_FALSE(tight->fits);
  EXPECT_THAT(tight->problem, HasSubstr("recurrent state"));
}

TEST(Placement, HybridMoeShapeCountsSharedExperts) {
  const ModelSpec m = spec_of("qwen3.6-35b-a3b", GgmlType::Q4_K);
  EXPECT_EQ(m.recurrent_layer_count(), 30);
  EXPECT_TRUE(m.layers[0].has(LayerTensor::SharedGate));
  EXPECT_EQ(m.layers[0].n_ff_shared, 512);
  SplitSettings s;
  s.mode = SplitMode::None;
  auto plan = plan_for_load(m, devices({80}), s);
  ASSERT_TRUE(plan.ok()) << plan.error().describe();
  EXPECT_EQ(weight_total(*plan), model_bytes(m));
  // About 35B parameters.
  EXPECT_GT(m.parameter_count(), 33'000'000'000ull);
  EXPECT_LT(m.parameter_count(), 37'000'000'000ull);
}

// GLM-4.5-Air: the dense first layer (10944 wide) sizes the dense gate/up regions, the experts
// (1408 wide) the MoE regions, which hold n_batch x 8 rows: sized by the dense width they would be
// 7.8 times larger (2 x 149 MiB more at a batch of 512).
TEST(Placement, LeadingDenseLayersLeaveTheExpertRegionsTheExpertsWidth) {
  const ModelSpec m = spec_of("glm4.5-air", GgmlType::Q4_K);
  ASSERT_FALSE(m.layers[0].moe);
  ASSERT_TRUE(m.layers[1].moe);
  SplitSettings s;
  s.mode = SplitMode::Layer;
  s.n_batch = 512;
  auto plan = plan_for_load(m, devices({140, 140}), s);
  ASSERT_TRUE(plan.ok()) << plan.error().describe();
  for (const DevicePlacement& d : plan->devices) {
    const bool dense_here = std::find(d.layers.begin(), d.layers.end(), 0) != d.layers.end();
    EXPECT_EQ(d.scratch_shape.n_ff, dense_here ? 10944 : 1408);
    EXPECT_EQ(d.scratch_shape.n_ff_expert, 1408);
    EXPECT_EQ(d.scratch[ScratchRegion::Gate].bytes, 4ull * 512 * (dense_here ? 10944 : 1408));
    EXPECT_EQ(d.scratch[ScratchRegion::MoeGate].bytes, 4ull * 512 * 8 * 1408);
    EXPECT_EQ(d.scratch[ScratchRegion::MoeUp].bytes, 4ull * 512 * 8 * 1408);
  }
}

TEST(Placement, RejectsUnusableInput) {
  const ModelSpec m = spec_of("tiny", GgmlType::F32);
  SplitSettings s;
  EXPECT_FALSE(plan_for_load(m, {}, s).ok());
  s.main_device = 3;
  auto r = plan_for_load(m, devices({1, 1}), s);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.error().message, HasSubstr("main device 3"));
  s.main_device = 0;
  s.n_ctx = -1;
  EXPECT_FALSE(plan_for_load(m, devices({1}), s).ok());
  s.n_ctx = 0;
  s.n_batch = 0;
  EXPECT_FALSE(plan_for_load(m, devices({1}), s).ok());
  EXPECT_FALSE(parse_split_mode("rows").ok());
  EXPECT_EQ(*parse_split_mode("row"), SplitMode::Row);
}

TEST(Placement, NegativeAndNanRatiosCountAsZero) {
  const ModelSpec m = spec_of("llama2-7b", GgmlType::Q4_0);
  SplitSettings s;
  s.mode = SplitMode::Layer;
  s.ratios = {-1.0f, std::numeric_limits<float>::quiet_NaN(), 2.0f};
  auto plan = plan_for_load(m, devices({40, 40, 40}), s);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->devices[2].layers.size(), 32u);
}

}  // namespace
}  // namespace tessera
