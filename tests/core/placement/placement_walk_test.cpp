// Walks the placement of every architecture row (core/model/architectures.h; the llama row with and
// without experts) x split mode x KV cache type x a few context sizes x one and three devices, and
// checks what the CUDA backend relies on when it allocates and fills a placement:
//   - no overlap: weight pieces, rotary tables, scratch regions and cache states lie inside their
//     allocation, aligned, one after another;
//   - sums exact: each allocation's size is its layout's end, the device's total their sum, the
//     cache the kv_cache_type.h bytes of its layers;
//   - every tensor placed once: a tensor is whole on one device (tied embeddings: token_embd again
//     on the output device), or in Row mode cut into ranges that cover it without overlap (gains
//     of every head, EveryDevice, once per device with heads);
//   - the transfers name active devices.
// Shape-only specs (synth/shape_spec.h): the placement reads types and shapes, never data.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "backend/kv_cache_type.h"
#include "backend/layer_state.h"
#include "model/architectures.h"
#include "placement/attention_split.h"
#include "placement/placement.h"
#include "synth/shape_spec.h"

namespace tessera {
namespace {

struct WalkModel {
  std::string name;
  ModelSpec spec;
};

// A small model of `arch`: 4 layers, 4 query heads over 2 KV heads of 64, widths multiples of 256
// so the K-quant blocks apply (the output Q6_K, the matrices Q4_K, the embeddings F16 or tied);
// hybrid architectures attend every second layer and mix the others with Gated DeltaNet.
ModelSpec small_spec(const Architecture& arch, bool moe, bool tied) {
  synth::ModelShape s;
  s.name = std::string(arch.name) + (moe ? "-moe" : "");
  s.architecture = std::string(arch.name);
  s.n_embd = 256;
  s.n_layer = 4;
  s.n_head = 4;
  s.n_head_kv = 2;
  s.head_dim = 64;
  s.n_ff = 512;
  s.n_vocab = 1000;
  s.n_ctx_train = 2048;
  s.tied_embeddings = tied;
  s.qkv_bias = true;
  s.sliding_window = 16;
  if (moe) {
    s.n_expert = 4;
    s.n_expert_used = 2;
    s.n_ff_shared = 256;  // the architectures with a shared expert
  }
  if (arch.recurrent_mixer != LayerMixer::Attention) {
    s.rope_dims = 16;
    s.full_attention_interval = 2;
    s.conv_kernel = 4;
    s.linear_k_heads = 2;
    s.linear_v_heads = 4;
    s.linear_head_dim = 32;
  }
  if (arch.per_layer_attention) {
    // Gemma 4's layers: sliding heads of 32, full ones of 64 over one KV head whose K is V, a
    // proportional rotation of 8 pairs.
    s.head_dim_swa = 32;
    s.n_head_kv_full = 1;
    s.full_layers_value_from_key = true;
    s.rot_pairs_full = 8;
  }
  if (s.architecture == "deepseek2") {
    // Latent attention: a latent of 64 and a rotated key of 16 per position, no query rank.
    s.mla = {0, 64, 32, 16, 32};
    s.rope_dims = 16;
    s.n_shared_experts = moe ? 1 : 0;
  }
  synth::SynthOptions o;
  o.type = GgmlType::Q4_K;
  auto spec = synth::shape_spec(s, o);
  EXPECT_TRUE(spec.ok()) << s.name << ": " << spec.error().describe();
  return spec.ok() ? std::move(spec).value() : ModelSpec{};
}

std::vector<WalkModel> walk_models() {
  std::vector<WalkModel> v;
  for (const Architecture& a : architectures()) {
    const bool moe = a.ffn == FfnKind::MoE;
    v.push_back({std::string(a.name), small_spec(a, moe, false)});
    v.push_back({std::string(a.name) + "_tied", small_spec(a, moe, true)});
    if (a.ffn == FfnKind::DenseOrMoE) v.push_back({std::string(a.name) + "_moe", small_spec(a, true, false)});
  }
  return v;
}

std::vector<DeviceDescription> devices(size_t n) {
  std::vector<DeviceDescription> out;
  for (size_t i = 0; i < n; ++i) {
    DeviceDescription d;
    d.id = static_cast<int32_t>(i);
    d.name = "GPU " + std::to_string(i);
    d.free_bytes = d.total_bytes = 80ull << 30;
    out.push_back(d);
  }
  return out;
}

uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

void check_device_layout(const ModelSpec& m, const DevicePlacement& d, const Placement& p) {
  if (!d.active()) {  // a device with nothing to do holds nothing
    EXPECT_TRUE(d.weights.empty() && d.rotary.empty() && d.cache.states.empty() && d.layers.empty());
    EXPECT_FALSE(d.holds_embeddings || d.holds_output);
    return;
  }
  // Weights: pieces, then rotary tables, aligned and in order.
  uint64_t end = 0;
  for (const WeightPiece& w : d.weights) {
    EXPECT_EQ(w.offset % kWeightAlignment, 0u);
    EXPECT_GE(w.offset, end) << "weight pieces overlap";
    EXPECT_GT(w.bytes, 0u);
    EXPECT_EQ(w.bytes, static_cast<uint64_t>(w.rows) * w.row_bytes);
    end = w.offset + w.bytes;
  }
  for (const RotaryTable& r : d.rotary) {
    EXPECT_EQ(r.offset % kWeightAlignment, 0u);
    EXPECT_GE(r.offset, end) << "a rotary table overlaps";
    EXPECT_EQ(r.bytes, 8u * static_cast<uint64_t>(r.n_pairs));
    end = r.offset + r.bytes;
  }
  EXPECT_EQ(d.bytes.weights, align_up(end, kWeightAlignment));
  EXPECT_EQ(d.rotary.empty(), d.kv_dim == 0);
  // Scratch: the table's layout of this device's shape.
  end = 0;
  for (const PlacedRegion& r : d.scratch.regions) {
    if (r.bytes == 0) continue;
    EXPECT_EQ(r.offset % kScratchAlignment, 0u);
    EXPECT_GE(r.offset, end) << "scratch regions overlap";
    end = r.offset + r.bytes;
  }
  EXPECT_EQ(d.bytes.scratch, align_up(end, kScratchAlignment));
  EXPECT_EQ(d.bytes.scratch, layout_scratch(d.scratch_shape).total);
  EXPECT_EQ(d.scratch[ScratchRegion::Logits].bytes > 0, d.holds_output);
  // The attention kernel's split-K partials: latent attention's kernel has outputs of the latent's
  // rank, over one shared row per position; layers of their own heads (Gemma 4) need the largest of
  // theirs.
  uint64_t attention_ws = 0;
  if (d.n_head > 0 && m.mla.enabled()) {
    attention_ws = latent_attention_workspace_max(p.n_batch, static_cast<int>(d.n_head),
                                                  static_cast<int>(m.mla.kv_lora_rank), p.n_ctx);
  } else if (d.n_head > 0) {
    attention_ws = attention_workspace_max(p.n_batch, static_cast<int>(d.n_head), static_cast<int>(d.n_head_kv),
                                           static_cast<int>(m.head_dim), p.n_ctx);
    for (int32_t l : d.layers) {
      const LayerSpec& ls = m.layers[static_cast<size_t>(l)];
      if (ls.mixer == LayerMixer::Attention && p.mode != SplitMode::Row)
        attention_ws = std::max(attention_ws, attention_workspace_max(p.n_batch, static_cast<int>(d.n_head),
                                                                      static_cast<int>(m.n_head_kv_of(ls)),
                                                                      static_cast<int>(m.head_dim_of(ls)), p.n_ctx));
    }
  }
  EXPECT_EQ(d.scratch[ScratchRegion::AttentionWorkspace].bytes, attention_ws);
  // The q|k|v rows hold the widest layer's.
  if (p.mode != SplitMode::Row && d.n_head > 0) {
    EXPECT_EQ(d.q_dim, m.max_q_dim());
    int64_t widest = 0;
    for (const LayerSpec& ls : m.layers)
      if (ls.mixer == LayerMixer::Attention) widest = std::max(widest, m.n_head_kv_of(ls) * m.head_dim_of(ls));
    EXPECT_EQ(d.kv_dim, widest);
  }
  // A layer reading another layer's cache runs on that layer's device.
  for (int32_t l : d.layers) {
    const int32_t src = m.layers[static_cast<size_t>(l)].kv_source;
    if (src >= 0 && p.mode != SplitMode::Row)
      EXPECT_EQ(p.layer_device[static_cast<size_t>(src)], p.layer_device[static_cast<size_t>(l)]) << "layer " << l;
  }
  // Latent attention's regions instead of the q|k|v rows, and only there.
  EXPECT_EQ(d.scratch[ScratchRegion::LatentAbsorbed].bytes > 0, m.mla.enabled() && d.n_head > 0);
  EXPECT_EQ(d.scratch[ScratchRegion::Qkv].bytes > 0, !m.mla.enabled() && d.n_head > 0);
  // Cache: K and V of every layer with heads here.
  end = 0;
  for (const PlacedCacheState& s : d.cache.states) {
    EXPECT_GE(s.offset, end) << "cache states overlap";
    EXPECT_EQ(s.bytes, static_cast<uint64_t>(s.n_slots()) * static_cast<uint64_t>(s.rows_per_slot) * s.row_bytes);
    end = s.offset + s.bytes;
  }
  EXPECT_EQ(d.bytes.kv_cache + d.bytes.recurrent_state, end);
  EXPECT_EQ(d.cache.total, end);
  // Each layer's state as backend/layer_state.h sizes it: K and V of the attention layers (the
  // device's heads), the latent rows of latent attention, the fixed state of the recurrent ones.
  LayerStateBytes state;
  for (int32_t l : d.layers) {
    const LayerSpec& layer = m.layers[static_cast<size_t>(l)];
    state += m.mla.enabled() || m.has_per_layer_geometry() ? layer_state_bytes(m, layer, p.n_ctx, p.kv_type)
                                                           : layer_state_bytes(m, layer, p.n_ctx, p.kv_type, d.kv_dim);
  }
  EXPECT_EQ(d.bytes.kv_cache, state.context_cache());
  EXPECT_EQ(d.bytes.recurrent_state, state.conv_state + state.recurrent_state);
  EXPECT_EQ(d.bytes.total(), d.bytes.weights + d.bytes.kv_cache + d.bytes.scratch + d.bytes.recurrent_state);
  EXPECT_EQ(d.layer_ffn_rows.size(), d.layers.size());
}

// Each tensor's pieces over every device: whole once, or ranges covering it without overlap.
void check_every_tensor_placed_once(const ModelSpec& m, const Placement& p) {
  using Key = std::tuple<int32_t, int, int>;  // layer, slot, model tensor
  std::map<Key, std::vector<const WeightPiece*>> by_tensor;
  for (const DevicePlacement& d : p.devices)
    for (const WeightPiece& w : d.weights)
      by_tensor[{w.source.layer, static_cast<int>(w.source.slot), static_cast<int>(w.source.model)}].push_back(&w);
  int heads_devices = 0;
  for (const DevicePlacement& d : p.devices) heads_devices += d.kv_heads.empty() ? 0 : 1;

  auto check = [&](const TensorRef& t, const Key& key, const std::string& what, RowSlice rule) {
    if (!t.present()) {
      EXPECT_EQ(by_tensor.count(key), 0u) << what << " is absent but placed";
      return;
    }
    auto it = by_tensor.find(key);
    ASSERT_NE(it, by_tensor.end()) << what << " is not placed";
    const auto& pieces = it->second;
    if (p.mode == SplitMode::Row && rule == RowSlice::EveryDevice) {
      EXPECT_EQ(static_cast<int>(pieces.size()), heads_devices) << what;
      for (const WeightPiece* w : pieces) EXPECT_EQ(w->cut, PieceCut::Whole) << what;
      return;
    }
    // Ranges in the units of their cut, sorted: they must tile [0, extent).
    std::vector<std::pair<int64_t, int64_t>> ranges;
    PieceCut cut = pieces.front()->cut;
    for (const WeightPiece* w : pieces) {
      if (w->cut != PieceCut::Whole) cut = w->cut;
      ranges.push_back({w->begin, w->end});
    }
    const bool vector = pieces.front()->vector;
    const int64_t extent = cut == PieceCut::Columns ? t.row_length() : vector ? t.n_elements() : t.n_rows();
    std::sort(ranges.begin(), ranges.end());
    int64_t at = 0;
    for (const auto& [b, e] : ranges) {
      EXPECT_EQ(b, at) << what << ": a gap or an overlap at " << at;
      EXPECT_GT(e, b) << what;
      at = e;
    }
    EXPECT_EQ(at, extent) << what << " is not covered";
  };

  for (int32_t l = 0; l < static_cast<int32_t>(m.n_layer); ++l)
    for (const LayerTensorInfo& info : layer_tensor_table())
      check(m.layers[static_cast<size_t>(l)][info.slot], {l, static_cast<int>(info.slot), 0},
            "layer " + std::to_string(l) + " " + std::string(info.gguf_name), info.row_slice);
  check(m.token_embd, {-1, static_cast<int>(LayerTensor::Count), static_cast<int>(ModelTensor::TokenEmbd)},
        "token_embd", RowSlice::MainOnly);
  check(m.output_norm, {-1, static_cast<int>(LayerTensor::Count), static_cast<int>(ModelTensor::OutputNorm)},
        "output_norm", RowSlice::MainOnly);
  // The output matrix: its own pieces, or (tied) token_embd's bytes, read on the output device.
  const DevicePlacement& out = p.devices[static_cast<size_t>(p.output_device)];
  const Key output_key{-1, static_cast<int>(LayerTensor::Count), static_cast<int>(ModelTensor::Output)};
  if (out.output_reads_embeddings) {
    EXPECT_TRUE(m.tied_embeddings && out.holds_embeddings);
    EXPECT_EQ(by_tensor.count(output_key), 0u);
  } else {
    check(m.output, output_key, "output", RowSlice::MainOnly);
  }
  for (const DevicePlacement& d : p.devices) {
    EXPECT_EQ(d.holds_output, &d == &out);
    for (const WeightPiece& w : d.weights) {
      // A piece reads inside its stored tensor.
      const TensorRef& t = source_tensor(m, w.source);
      const uint64_t stored = tensor_bytes_unchecked(t.type, static_cast<uint64_t>(t.n_elements()));
      const uint64_t read_end = w.cut == PieceCut::Columns
                                    ? static_cast<uint64_t>(w.rows - 1) * w.src_row_stride + w.src_offset + w.src_bytes
                                    : w.src_offset + w.src_bytes;
      EXPECT_LE(read_end, stored) << t.name;
      EXPECT_EQ(w.stored_type, t.type) << t.name;
    }
  }
}

void check_transfers(const Placement& p) {
  for (const Transfer& t : p.transfers) {
    EXPECT_NE(t.from, t.to);
    EXPECT_TRUE(p.devices[static_cast<size_t>(t.from)].active());
    EXPECT_TRUE(p.devices[static_cast<size_t>(t.to)].active());
    EXPECT_GT(t.max_bytes, 0u);
  }
  for (size_t i = 0; i < p.devices.size(); ++i) {
    if (!p.devices[i].active() || static_cast<int32_t>(i) == p.home_device) continue;
    bool positions = false;
    for (const Transfer& t : p.transfers)
      positions = positions || (t.kind == TransferKind::Positions && t.to == static_cast<int32_t>(i));
    EXPECT_TRUE(positions) << "device " << i << " gets no positions";
  }
}

TEST(PlacementWalk, EveryArchitectureModeKvTypeAndContext) {
  int placements = 0;
  for (const WalkModel& model : walk_models()) {
    const ModelSpec& m = model.spec;
    ASSERT_EQ(m.n_layer, 4) << model.name;
    for (size_t n_dev : {size_t{1}, size_t{3}})
      for (SplitMode mode : {SplitMode::None, SplitMode::Layer, SplitMode::Row})
        for (KvCacheType kv : all_kv_cache_types())
          for (int32_t n_ctx : {1, 100, 4096}) {
            SCOPED_TRACE(model.name + " on " + std::to_string(n_dev) + " devices, " + split_mode_name(mode) + ", " +
                         std::string(kv_cache_type_name(kv)) + " cache, context " + std::to_string(n_ctx));
            SplitSettings s;
            s.mode = mode;
            s.ratios = {1.0f, 2.0f, 1.0f};
            s.main_device = n_dev > 1 ? 1 : 0;
            s.n_ctx = n_ctx;
            s.kv_type = kv;
            auto p = plan_for_load(m, devices(n_dev), s);
            if (mode == SplitMode::Row && n_dev > 1 &&
                (m.has_moe() || m.has_recurrent_layers() || m.attention_output_gate || m.mla.enabled() ||
                 m.has_per_layer_geometry())) {
              ASSERT_FALSE(p.ok());
              EXPECT_EQ(p.error().kind, ErrorKind::Unsupported);
              continue;
            }
            ASSERT_TRUE(p.ok()) << p.error().describe();
            ++placements;
            EXPECT_EQ(p->n_ctx, n_ctx);
            EXPECT_EQ(p->n_batch, std::min(n_ctx, kDefaultBatch));
            uint64_t total = 0;
            for (const DevicePlacement& d : p->devices) {
              check_device_layout(m, d, *p);
              total += d.bytes.total();
            }
            EXPECT_EQ(p->total_bytes(), total);
            check_every_tensor_placed_once(m, *p);
            check_transfers(*p);
          }
  }
  EXPECT_GT(placements, 500);
}

}  // namespace
}  // namespace tessera
