// plan_for_load: the placement of a model on its devices (placement.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "placement/placement.h"
#include "placement/weight_pieces.h"

namespace tessera {
namespace {

using placement_detail::RowShare;
using placement_detail::WeightPacker;

std::string gib(uint64_t bytes) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.2f GiB", static_cast<double>(bytes) / 1073741824.0);
  return buf;
}

// The normalised shares: None puts everything on the main device; all-zero (or missing) ratios
// mean proportional to free memory, or even when nothing is known.
std::vector<float> normalised_shares(const std::vector<DeviceDescription>& devices, const SplitSettings& s,
                                     SplitMode mode) {
  const size_t nd = devices.size();
  std::vector<float> shares(nd, 0.0f);
  if (mode == SplitMode::None) {
    shares[static_cast<size_t>(s.main_device)] = 1.0f;
    return shares;
  }
  double sum = 0.0;
  for (size_t i = 0; i < nd; ++i) {
    shares[i] = i < s.ratios.size() ? std::max(0.0f, std::isfinite(s.ratios[i]) ? s.ratios[i] : 0.0f) : 0.0f;
    sum += shares[i];
  }
  if (sum <= 0.0) {
    for (size_t i = 0; i < nd; ++i) shares[i] = static_cast<float>(devices[i].free_bytes);
    sum = std::accumulate(shares.begin(), shares.end(), 0.0);
    if (sum <= 0.0) {
      std::fill(shares.begin(), shares.end(), 1.0f);
      sum = static_cast<double>(nd);
    }
  }
  for (auto& v : shares) v = static_cast<float>(v / sum);
  return shares;
}

// Contiguous ranges of `n_units` units by cumulative share; a device with share 0 gets none.
std::vector<RowRange> split_units(int64_t n_units, const std::vector<float>& shares) {
  std::vector<RowRange> out(shares.size());
  double cum = 0.0;
  int64_t begin = 0;
  int last_nonzero = -1;
  for (size_t i = 0; i < shares.size(); ++i)
    if (shares[i] > 0.0f) last_nonzero = static_cast<int>(i);
  for (size_t i = 0; i < shares.size(); ++i) {
    cum += shares[i];
    int64_t end =
        static_cast<int>(i) == last_nonzero ? n_units : std::min<int64_t>(n_units, std::llround(cum * n_units));
    if (shares[i] <= 0.0f) end = begin;
    end = std::max(end, begin);
    out[i] = {begin, end};
    begin = end;
  }
  return out;
}

// token_embd on the home device, output_norm and the output matrix on the output device (tied
// embeddings read token_embd: again here unless this device holds it already).
void place_model_tensors(const ModelSpec& m, DevicePlacement& d, WeightPacker& packer) {
  if (d.holds_embeddings) packer.add_whole(m.token_embd, {-1, LayerTensor::Count, ModelTensor::TokenEmbd}, false);
  if (d.holds_embeddings && m.n_embd_per_layer > 0) {
    packer.add_whole(m.per_layer_token_embd, {-1, LayerTensor::Count, ModelTensor::PerLayerTokenEmbd}, false);
    packer.add_whole(m.per_layer_model_proj, {-1, LayerTensor::Count, ModelTensor::PerLayerModelProj}, false);
    packer.add_whole(m.per_layer_proj_norm, {-1, LayerTensor::Count, ModelTensor::PerLayerProjNorm}, true);
  }
  if (!d.holds_output) return;
  packer.add_whole(m.output_norm, {-1, LayerTensor::Count, ModelTensor::OutputNorm}, true);
  d.output_reads_embeddings = m.tied_embeddings && d.holds_embeddings;
  if (!d.output_reads_embeddings) packer.add_whole(m.output, {-1, LayerTensor::Count, ModelTensor::Output}, false);
}

// The rotary tables of a device that computes attention heads, after its weights.
void place_rotary(const ModelSpec& m, int32_t n_ctx, const DevicePlacement& d, WeightPacker& packer) {
  if (d.kv_dim <= 0) return;
  packer.add_rotary(RotaryKind::Full, rope_for_context(m.rope, n_ctx).n_dims / 2);
  packer.add_rotary(RotaryKind::Sliding, rope_for_context(m.rope_swa, n_ctx).n_dims / 2);
}

// The widest K (or V) projection of any attention layer: Gemma 4's layers differ in head size and KV
// heads, where ModelSpec::kv_dim() (the model's head size times its KV heads) is no layer's.
int64_t widest_kv_dim(const ModelSpec& m) {
  int64_t w = 0;
  for (const LayerSpec& l : m.layers)
    if (l.mixer == LayerMixer::Attention) w = std::max(w, m.n_head_kv_of(l) * m.head_dim_of(l));
  return w > 0 ? w : m.kv_dim();
}

// Whether some layer `d` computes adds a per-layer embedding (Gemma 4 E2B/E4B).
bool holds_per_layer_embeddings(const ModelSpec& m, const DevicePlacement& d) {
  return std::any_of(d.layers.begin(), d.layers.end(),
                     [&m](int32_t l) { return m.layers[static_cast<size_t>(l)].has(LayerTensor::PleGate); });
}

void finish_device(const ModelSpec& m, const Placement& p, DevicePlacement& d, WeightPacker& packer,
                   ScratchShape shape) {
  place_model_tensors(m, d, packer);
  place_rotary(m, p.n_ctx, d, packer);
  d.bytes.weights = packer.total();
  d.weights = packer.take_pieces();
  d.rotary = packer.take_rotary();
  d.cache = layout_cache(m, d.layers, d.kv_dim, p.n_ctx, p.kv_type);
  d.bytes.kv_cache = d.cache.kv_bytes();
  d.bytes.recurrent_state = d.cache.recurrent_bytes();
  shape.n_batch = p.n_batch;
  shape.n_ctx = p.n_ctx;
  shape.n_embd = m.n_embd;
  shape.q_dim = d.q_dim;
  shape.kv_dim = d.kv_dim;
  shape.n_head = d.n_head;
  shape.n_head_kv = d.n_head_kv;
  shape.head_dim = m.head_dim;
  shape.n_ff = d.n_ff;
  shape.n_vocab = d.holds_output ? m.n_vocab : 0;
  shape.all_logits = p.all_logits;
  shape.attention_output_gate = m.attention_output_gate && d.q_dim > 0;
  // Per-layer embeddings: the home device computes every layer's input, the devices with such layers
  // receive them.
  if (m.n_embd_per_layer > 0 && (d.holds_embeddings || holds_per_layer_embeddings(m, d))) {
    shape.per_layer_width = m.n_embd_per_layer;
    shape.per_layer_inputs = m.n_embd_per_layer * m.n_layer;
    shape.computes_per_layer_inputs = d.holds_embeddings;
    if (d.holds_embeddings)
      shape.largest_matrix =
          std::max<uint64_t>(shape.largest_matrix, static_cast<uint64_t>(m.per_layer_model_proj.n_elements()));
  }
  if (m.mla.enabled() && d.q_dim > 0) {
    shape.latent_q_rank = m.mla.q_lora_rank;
    shape.latent_rank = m.mla.kv_lora_rank;
    shape.latent_nope = m.mla.qk_nope;
    shape.latent_rope = m.mla.qk_rope;
    shape.latent_v_head = m.mla.v_head;
  }
  if (d.holds_output && m.output.present())
    shape.largest_matrix = std::max<uint64_t>(shape.largest_matrix, static_cast<uint64_t>(m.output.n_elements()));
  d.scratch_shape = shape;
  d.scratch = layout_scratch(shape);
  d.bytes.scratch = d.scratch.total;
}

void place_by_layers(const ModelSpec& m, const std::vector<float>& shares, Placement& p) {
  const int64_t n_layer = m.n_layer;
  const auto ranges = split_units(n_layer, shares);
  p.layer_device.assign(static_cast<size_t>(n_layer), p.main_device);
  for (size_t d = 0; d < ranges.size(); ++d)
    for (int64_t l = ranges[d].begin; l < ranges[d].end; ++l) p.layer_device[static_cast<size_t>(l)] = static_cast<int32_t>(d);
  // A layer reading an earlier layer's cache (Gemma 4's shared-KV layers) runs where that cache is:
  // the layers from the source up to the reader move to the reader's device (the devices stay in
  // layer order, each a contiguous range, some perhaps emptied).
  // Readers from the last: a move never touches the layers from the reader on, and an earlier
  // reader between a later one and its source is on the later one's device already.
  for (int64_t l = n_layer - 1; l >= 0; --l) {
    const int32_t src = m.layers[static_cast<size_t>(l)].kv_source;
    if (src < 0 || p.layer_device[static_cast<size_t>(src)] == p.layer_device[static_cast<size_t>(l)]) continue;
    for (int64_t k = src; k < l; ++k) p.layer_device[static_cast<size_t>(k)] = p.layer_device[static_cast<size_t>(l)];
  }
  p.home_device = n_layer > 0 ? p.layer_device.front() : p.main_device;
  p.output_device = n_layer > 0 ? p.layer_device.back() : p.main_device;
  for (size_t di = 0; di < p.devices.size(); ++di) {
    DevicePlacement& d = p.devices[di];
    for (int64_t l = 0; l < n_layer; ++l)
      if (p.layer_device[static_cast<size_t>(l)] == static_cast<int32_t>(di)) d.layers.push_back(static_cast<int32_t>(l));
    d.holds_embeddings = static_cast<int32_t>(di) == p.home_device;
    d.holds_output = static_cast<int32_t>(di) == p.output_device;
    if (d.layers.empty() && !d.holds_embeddings && !d.holds_output) continue;
    d.n_head = m.n_head;
    d.n_head_kv = m.n_head_kv;
    // The widest layer's (Gemma 4's layers differ in head size and KV heads; q_dim() elsewhere).
    d.q_dim = m.max_q_dim();
    d.kv_dim = widest_kv_dim(m);
    WeightPacker packer;
    ScratchShape shape;
    for (int32_t l : d.layers) {
      const LayerSpec& ls = m.layers[static_cast<size_t>(l)];
      if (ls.mixer == LayerMixer::Attention && (m.n_head_kv_of(ls) != m.n_head_kv || m.head_dim_of(ls) != m.head_dim)) {
        const std::array<int64_t, 2> hs = {m.n_head_kv_of(ls), m.head_dim_of(ls)};
        if (std::find(shape.other_head_shapes.begin(), shape.other_head_shapes.end(), hs) ==
            shape.other_head_shapes.end())
          shape.other_head_shapes.push_back(hs);
      }
      d.layer_ffn_rows.push_back(ls.n_ff);
      // The gate/up regions also serve the shared expert of a mixture-of-experts layer and the dense
      // MLP beside its experts (Gemma 4); the MoE regions only the experts.
      d.n_ff = std::max({d.n_ff, ls.n_ff, ls.n_ff_shared, ls.n_ff_dense});
      if (ls.moe) shape.n_ff_expert = std::max(shape.n_ff_expert, ls.n_ff);
      if (ls.is_recurrent()) {
        shape.delta_channels = m.delta_net.conv_channels();
        shape.delta_value_dim = m.delta_net.value_dim();
        shape.delta_v_heads = m.delta_net.n_v_heads;
      }
      shape.largest_matrix = std::max(shape.largest_matrix, ModelSpec::largest_layer_matrix(ls, m.n_expert));
      for (const LayerTensorInfo& info : layer_tensor_table())
        packer.add_whole(ls[info.slot], {l, info.slot, ModelTensor::None}, info.kind == TensorKind::Vector);
    }
    shape.n_expert = m.n_expert;
    shape.n_expert_used = m.n_expert_used;
    finish_device(m, p, d, packer, shape);
  }
}

Status place_by_rows(const ModelSpec& m, const std::vector<float>& shares, Placement& p) {
  const std::string model_name = m.name.empty() ? m.architecture : m.name;
  if (m.has_recurrent_layers())
    return make_error(ErrorKind::Unsupported, "row split: " + model_name + " has " +
                                                  std::to_string(m.recurrent_layer_count()) + " recurrent (" +
                                                  layer_mixer_name(LayerMixer::GatedDeltaNet) +
                                                  ") layers, which are not split by rows; use layer split");
  if (m.attention_output_gate)
    return make_error(ErrorKind::Unsupported, "row split: " + model_name +
                                                  " gates its attention output from the query projection, which "
                                                  "row split does not slice; use layer split");
  if (m.mla.enabled() || m.has_per_layer_geometry() || m.n_embd_per_layer > 0 ||
      std::any_of(m.layers.begin(), m.layers.end(), [](const LayerSpec& l) { return l.kv_source >= 0; }))
    return make_error(ErrorKind::Unsupported, "row split: " + model_name +
                                                  " has latent attention, layers of their own head sizes, per-layer "
                                                  "embeddings or layers sharing another layer's cache, which row "
                                                  "split does not slice; use layer split");
  if (m.has_moe())
    return make_error(ErrorKind::Unsupported, "row split: " + model_name + " is a mixture-of-experts model (" +
                                                  std::to_string(m.n_expert) +
                                                  " experts per layer); its experts are placed by layer: use layer "
                                                  "split");
  if (m.n_head_kv <= 0 || m.n_head % m.n_head_kv != 0)
    return make_error(ErrorKind::Unsupported, "row split: " + std::to_string(m.n_head) +
                                                  " query heads do not group evenly over " +
                                                  std::to_string(m.n_head_kv) + " KV heads");
  const int64_t q_per_kv = m.n_head / m.n_head_kv;
  // attn_output is split along its input: a device's columns must be whole blocks of its type.
  uint64_t wo_block = 1, down_block = 1;
  int64_t n_ff = 0;
  for (const auto& l : m.layers) {
    if (l.has(LayerTensor::Wo)) wo_block = std::max<uint64_t>(wo_block, type_info(l[LayerTensor::Wo].type).block_size);
    if (l.has(LayerTensor::FfnDown))
      down_block = std::max<uint64_t>(down_block, type_info(l[LayerTensor::FfnDown].type).block_size);
    n_ff = std::max(n_ff, l.n_ff);
  }
  const uint64_t cols_per_kv = static_cast<uint64_t>(q_per_kv * m.head_dim);
  uint64_t group = wo_block / std::gcd(wo_block, cols_per_kv);  // KV heads per unit
  if (group == 0 || m.n_head_kv % static_cast<int64_t>(group) != 0) group = static_cast<uint64_t>(m.n_head_kv);
  const int64_t head_units = m.n_head_kv / static_cast<int64_t>(group);
  const int64_t ffn_unit = std::lcm<int64_t>(kFfnRowTile, static_cast<int64_t>(down_block));
  const int64_t ffn_units = (n_ff + ffn_unit - 1) / ffn_unit;
  const auto head_ranges = split_units(head_units, shares);
  const auto ffn_ranges = split_units(ffn_units, shares);
  p.home_device = p.output_device = p.main_device;
  const int32_t n_devices = static_cast<int32_t>(p.devices.size());
  for (int32_t di = 0; di < n_devices; ++di) {
    DevicePlacement& d = p.devices[static_cast<size_t>(di)];
    const bool is_main = di == p.main_device;
    d.kv_heads = {head_ranges[static_cast<size_t>(di)].begin * static_cast<int64_t>(group),
                  head_ranges[static_cast<size_t>(di)].end * static_cast<int64_t>(group)};
    d.ffn_rows = {std::min(n_ff, ffn_ranges[static_cast<size_t>(di)].begin * ffn_unit),
                  std::min(n_ff, ffn_ranges[static_cast<size_t>(di)].end * ffn_unit)};
    d.holds_embeddings = d.holds_output = is_main;
    if (d.kv_heads.empty() && d.ffn_rows.empty() && !is_main) continue;
    d.n_head_kv = d.kv_heads.size();
    d.n_head = d.n_head_kv * q_per_kv;
    d.q_dim = d.n_head * m.head_dim;
    d.kv_dim = d.n_head_kv * m.head_dim;
    d.n_ff = d.ffn_rows.size();
    WeightPacker packer;
    ScratchShape shape;
    for (int32_t l = 0; l < static_cast<int32_t>(m.n_layer); ++l) {
      const LayerSpec& ls = m.layers[static_cast<size_t>(l)];
      RowShare share;
      share.kv_head_begin = d.kv_heads.begin;
      share.kv_head_end = d.kv_heads.end;
      share.q_per_kv = q_per_kv;
      share.head_dim = m.head_dim;
      share.ffn_end = std::min(d.ffn_rows.end, ls.n_ff);
      share.ffn_begin = std::min(d.ffn_rows.begin, share.ffn_end);
      share.is_main = is_main;
      d.layers.push_back(l);
      d.layer_ffn_rows.push_back(share.ffn_end - share.ffn_begin);
      if (d.q_dim > 0) shape.largest_matrix = std::max<uint64_t>(shape.largest_matrix, static_cast<uint64_t>(d.q_dim * m.n_embd));
      if (share.ffn_end > share.ffn_begin)
        shape.largest_matrix =
            std::max<uint64_t>(shape.largest_matrix, static_cast<uint64_t>((share.ffn_end - share.ffn_begin) * m.n_embd));
      // Every slot by its row-split rule, in table order, so Q|K|V and gate|up land back to back.
      for (const LayerTensorInfo& info : layer_tensor_table()) {
        const TensorRef& t = ls[info.slot];
        if (!t.present()) continue;
        const bool vector = info.kind == TensorKind::Vector;
        const auto slice = placement_detail::row_slice_of(info.row_slice, t, vector, share);
        if (slice) packer.add(t, {l, info.slot, ModelTensor::None}, vector, slice->cut, slice->begin, slice->end);
      }
    }
    // The main device receives every other device's partial sum for the reductions.
    shape.partial_sums = is_main ? n_devices - 1 : 0;
    finish_device(m, p, d, packer, shape);
  }
  return {};
}

void list_transfers(const ModelSpec& m, Placement& p) {
  const uint64_t positions = 4ull * static_cast<uint64_t>(p.n_batch);
  const uint64_t rows = 4ull * static_cast<uint64_t>(p.n_batch) * static_cast<uint64_t>(m.n_embd);
  for (int32_t d = 0; d < static_cast<int32_t>(p.devices.size()); ++d) {
    if (d == p.home_device || !p.devices[static_cast<size_t>(d)].active()) continue;
    p.transfers.push_back({p.home_device, d, TransferKind::Positions, positions});
    if (p.mode == SplitMode::Row) {
      p.transfers.push_back({p.main_device, d, TransferKind::NormedInput, rows});
      p.transfers.push_back({d, p.main_device, TransferKind::PartialSum, rows});
    }
  }
  if (p.mode != SplitMode::Row) {
    for (size_t l = 1; l < p.layer_device.size(); ++l)
      if (p.layer_device[l] != p.layer_device[l - 1])
        p.transfers.push_back({p.layer_device[l - 1], p.layer_device[l], TransferKind::Residual, rows});
    const uint64_t inputs = 4ull * static_cast<uint64_t>(p.n_batch) * static_cast<uint64_t>(m.n_embd_per_layer) *
                            static_cast<uint64_t>(m.n_layer);
    for (int32_t d = 0; d < static_cast<int32_t>(p.devices.size()); ++d)
      if (d != p.home_device && inputs > 0 && holds_per_layer_embeddings(m, p.devices[static_cast<size_t>(d)]))
        p.transfers.push_back({p.home_device, d, TransferKind::PerLayerInputs, inputs});
  }
}

}  // namespace

const TensorRef& source_tensor(const ModelSpec& model, const WeightSource& source) {
  if (source.layer >= 0) return model.layers[static_cast<size_t>(source.layer)][source.slot];
  switch (source.model) {
    case ModelTensor::TokenEmbd:
      return model.token_embd;
    case ModelTensor::OutputNorm:
      return model.output_norm;
    case ModelTensor::Output:
      return model.output;
    case ModelTensor::PerLayerTokenEmbd:
      return model.per_layer_token_embd;
    case ModelTensor::PerLayerModelProj:
      return model.per_layer_model_proj;
    case ModelTensor::PerLayerProjNorm:
      return model.per_layer_proj_norm;
    case ModelTensor::None:
      break;
  }
  static const TensorRef kNone;
  return kNone;
}

uint64_t Placement::total_bytes() const {
  uint64_t t = 0;
  for (const auto& d : devices) t += d.bytes.total();
  return t;
}

Result<Placement> plan_for_load(const ModelSpec& m, const std::vector<DeviceDescription>& devices,
                                const SplitSettings& s) {
  if (devices.empty()) return make_error(ErrorKind::InvalidArgument, "placement: no devices");
  if (s.main_device < 0 || s.main_device >= static_cast<int32_t>(devices.size()))
    return make_error(ErrorKind::InvalidArgument, "placement: main device " + std::to_string(s.main_device) +
                                                      " is not one of the " + std::to_string(devices.size()) +
                                                      " devices");
  if (s.n_ctx < 0 || s.n_batch <= 0)
    return make_error(ErrorKind::InvalidArgument, "placement: the context size (" + std::to_string(s.n_ctx) +
                                                      ") must not be negative and the batch size (" +
                                                      std::to_string(s.n_batch) + ") must be positive");
  if (static_cast<int64_t>(m.layers.size()) != m.n_layer)
    return make_error(ErrorKind::InvalidArgument, "placement: the model says " + std::to_string(m.n_layer) +
                                                      " layers but describes " + std::to_string(m.layers.size()));
  Placement p;
  // With one device every mode places everything on it.
  p.mode = devices.size() == 1 ? SplitMode::None : s.mode;
  p.main_device = s.main_device;
  p.n_ctx = load_context(m, s.n_ctx);
  p.n_batch = load_batch(s.n_batch, p.n_ctx);
  p.kv_type = s.kv_type;
  p.all_logits = s.all_logits;
  p.reserve_bytes = s.reserve_bytes;
  const std::vector<float> shares = normalised_shares(devices, s, p.mode);
  p.devices.resize(devices.size());
  for (size_t i = 0; i < devices.size(); ++i) {
    p.devices[i].device = devices[i];
    p.devices[i].share = shares[i];
  }
  if (p.mode == SplitMode::Row) {
    TESSERA_TRY(place_by_rows(m, shares, p));
  } else {
    place_by_layers(m, shares, p);
  }
  list_transfers(m, p);

  for (auto& d : p.devices) {
    d.available = d.device.free_bytes > s.reserve_bytes ? d.device.free_bytes - s.reserve_bytes : 0;
    d.fits = d.bytes.total() <= d.available;
    if (!d.fits && p.fits) {
      p.fits = false;
      p.problem = "device " + std::to_string(d.device.id) + " (" + d.device.name + ") needs " + gib(d.bytes.total()) +
                  " (" + std::to_string(d.bytes.total()) + " bytes: weights " + gib(d.bytes.weights) + ", KV cache " +
                  gib(d.bytes.kv_cache) +
                  (d.bytes.recurrent_state > 0 ? ", recurrent state " + gib(d.bytes.recurrent_state) : "") +
                  ", scratch " + gib(d.bytes.scratch) + ") but has " +
                  gib(d.device.free_bytes) + " free (" + std::to_string(d.device.free_bytes) + " bytes, " +
                  gib(s.reserve_bytes) + " kept in reserve)";
    }
  }
  return p;
}

Status check_placement_fits(const Placement& p) {
  if (p.fits) return {};
  return make_error(ErrorKind::OutOfMemory, "the model does not fit: " + p.problem +
                                                "; lower the context length, move the split sliders, or use a "
                                                "smaller quantization");
}

}  // namespace tessera
