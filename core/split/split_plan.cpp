#include "split/split_plan.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "backend/layer_state.h"
#include "split/attention_split.h"

namespace tessera {
namespace {

constexpr uint64_t kAlign = 256;
constexpr uint64_t kCublasWorkspace = 32ull << 20;

uint64_t align_up(uint64_t v) {
  return (v + kAlign - 1) / kAlign * kAlign;
}

std::string gib(uint64_t bytes) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.2f GiB", bytes / 1073741824.0);
  return buf;
}

// Sizes come from type and shape, not from the data span, so a plan can be made for a model that is
// described but not mapped (tests, what-if previews of large shapes).
uint64_t tensor_bytes(const TensorRef& t) {
  return t.present() ? tensor_bytes_unchecked(t.type, static_cast<uint64_t>(t.n_elements())) : 0;
}

uint64_t row_bytes_of(const TensorRef& t) {
  const TypeInfo& info = type_info(t.type);
  return static_cast<uint64_t>(t.row_length() / info.block_size) * info.type_size;
}

uint64_t layer_bytes(const LayerSpec& l) {
  uint64_t b = 0;
  for (const TensorRef& t : l.tensors) b += tensor_bytes(t);
  return b;
}

// Bytes of rows [begin, end) of a matrix (row split).
uint64_t row_slice_bytes(const TensorRef& t, int64_t begin, int64_t end) {
  if (!t.present() || end <= begin) return 0;
  return static_cast<uint64_t>(end - begin) * row_bytes_of(t);
}

// Bytes of columns [begin, end) of every row of a matrix (column split); begin is block-aligned.
uint64_t column_slice_bytes(const TensorRef& t, int64_t begin, int64_t end) {
  if (!t.present() || end <= begin) return 0;
  const TypeInfo& info = type_info(t.type);
  const int64_t first_block = begin / info.block_size;
  const int64_t end_block = (end + info.block_size - 1) / info.block_size;
  return static_cast<uint64_t>(t.n_rows()) * static_cast<uint64_t>(end_block - first_block) * info.type_size;
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

uint64_t gcd_u(uint64_t a, uint64_t b) {
  return std::gcd(a, b);
}

}  // namespace

const char* split_mode_name(SplitMode mode) {
  switch (mode) {
    case SplitMode::None:
      return "none";
    case SplitMode::Layer:
      return "layer";
    case SplitMode::Row:
      return "row";
  }
  return "?";
}

Result<SplitMode> parse_split_mode(const std::string& text) {
  if (text == "none") return SplitMode::None;
  if (text == "layer") return SplitMode::Layer;
  if (text == "row") return SplitMode::Row;
  return make_error(ErrorKind::InvalidArgument, "unknown split mode '" + text + "' (expected none, layer or row)");
}

LayerStateBytes device_state_bytes(const ModelSpec& m, const std::vector<int32_t>& layers, int32_t n_ctx,
                                   KvCacheType kv_type) {
  LayerStateBytes sum;
  for (int32_t l : layers) sum += layer_state_bytes(m, m.layers[static_cast<size_t>(l)], n_ctx, kv_type);
  return sum;
}

uint64_t SplitPlan::total_bytes() const {
  uint64_t t = 0;
  for (const auto& d : devices) t += d.bytes.total();
  return t;
}

uint64_t scratch_bytes(const ScratchNeeds& n) {
  const uint64_t b = static_cast<uint64_t>(n.n_batch);
  uint64_t total = 0;
  // f32 activations: residual, normed input, q, k, v, attention output, gate, up, partial sums.
  total += align_up(4 * b * (3 * n.n_embd + 2 * n.q_dim + 2 * n.kv_dim + 2 * n.n_ff));
  // f16 copy of the widest activation, the input of tensor-core GEMMs.
  total += align_up(2 * b * static_cast<uint64_t>(std::max({n.n_embd, n.q_dim, n.n_ff})));
  // The attention kernel's split-K workspace, as large as its biggest eval of 1..n_batch tokens.
  if (n.n_head > 0)
    total += align_up(attention_workspace_max(static_cast<int>(n.n_batch), static_cast<int>(n.n_head),
                                              static_cast<int>(n.n_head_kv), static_cast<int>(n.head_dim),
                                              static_cast<int>(n.n_ctx)));
  if (n.n_vocab > 0) total += align_up(4 * static_cast<uint64_t>(n.n_vocab) * (n.all_logits ? b : 1));
  // Prefill dequantizes one weight matrix at a time to f16.
  total += align_up(2 * n.largest_matrix_elements);
  total += kCublasWorkspace;
  total += align_up(8 * b);  // token ids and positions
  if (n.n_expert > 0) {
    const uint64_t rows = b * static_cast<uint64_t>(n.n_expert_used);
    const uint64_t E = static_cast<uint64_t>(n.n_embd), F = static_cast<uint64_t>(n.n_ff);
    const uint64_t k = static_cast<uint64_t>(n.n_expert_used);
    total += align_up(4 * b * static_cast<uint64_t>(n.n_expert));  // router logits
    total += align_up(8 * rows);                                   // chosen experts and their weights
    total += align_up(8 * rows);                                   // rows gathered per expert, each slot's row
    // Prefill tiles {expert, row, rows}, their count and the experts' offsets (at most
    // min(rows, n_expert) + rows / 32 + 1 tiles: cuda/kernels/moe.h moe_tile_capacity).
    total += align_up(4 * (3 * rows + 4 * static_cast<uint64_t>(n.n_expert) + 16));
    total += 2 * align_up(4 * rows * E);                           // expert inputs, outputs
    total += 2 * align_up(4 * rows * F);                           // gate, up
    total += align_up(2 * k * std::max(E, F));                     // int8 copies of k decode vectors
  }
  return total;
}

Result<SplitPlan> plan_split(const ModelSpec& m, const std::vector<DeviceDescription>& devices,
                             const SplitSettings& s) {
  if (devices.empty()) return make_error(ErrorKind::InvalidArgument, "split plan: no devices");
  if (s.main_device < 0 || s.main_device >= static_cast<int32_t>(devices.size())) {
    return make_error(ErrorKind::InvalidArgument, "split plan: main device " + std::to_string(s.main_device) +
                                                      " is not one of the " + std::to_string(devices.size()) +
                                                      " devices");
  }
  if (s.n_ctx <= 0 || s.n_batch <= 0) {
    return make_error(ErrorKind::InvalidArgument, "split plan: context and batch sizes must be positive");
  }
  SplitPlan plan;
  plan.mode = s.mode;
  plan.main_device = s.main_device;
  const size_t nd = devices.size();

  // Normalised shares.
  std::vector<float> shares(nd, 0.0f);
  if (s.mode == SplitMode::None) {
    shares[s.main_device] = 1.0f;
  } else {
    double sum = 0.0;
    for (size_t i = 0; i < nd; ++i) {
      shares[i] = i < s.ratios.size() ? std::max(0.0f, std::isfinite(s.ratios[i]) ? s.ratios[i] : 0.0f) : 0.0f;
      sum += shares[i];
    }
    if (sum <= 0.0) {  // all zero: proportional to free memory, or even if nothing is known
      for (size_t i = 0; i < nd; ++i) shares[i] = static_cast<float>(devices[i].free_bytes);
      sum = std::accumulate(shares.begin(), shares.end(), 0.0);
      if (sum <= 0.0) {
        std::fill(shares.begin(), shares.end(), 1.0f);
        sum = static_cast<double>(nd);
      }
    }
    for (auto& v : shares) v = static_cast<float>(v / sum);
  }

  plan.devices.resize(nd);
  for (size_t i = 0; i < nd; ++i) {
    plan.devices[i].device = devices[i];
    plan.devices[i].share = shares[i];
  }
  const int64_t n_layer = m.n_layer;
  const uint64_t embd_bytes = tensor_bytes(m.token_embd);
  const uint64_t out_bytes = tensor_bytes(m.output_norm) + (m.tied_embeddings ? 0 : tensor_bytes(m.output));
  const uint64_t out_matrix = static_cast<uint64_t>(m.output.present() ? m.output.n_elements() : 0);

  if (s.mode == SplitMode::None || s.mode == SplitMode::Layer) {
    auto ranges = split_units(n_layer, shares);
    plan.layer_device.assign(static_cast<size_t>(n_layer), s.main_device);
    for (size_t d = 0; d < nd; ++d)
      for (int64_t l = ranges[d].begin; l < ranges[d].end; ++l) plan.layer_device[l] = static_cast<int32_t>(d);
    const int32_t first_dev = n_layer > 0 ? plan.layer_device.front() : s.main_device;
    const int32_t last_dev = n_layer > 0 ? plan.layer_device.back() : s.main_device;
    std::vector<uint64_t> largest(nd, 0);
    for (int64_t l = 0; l < n_layer; ++l) {
      DevicePlan& dp = plan.devices[plan.layer_device[l]];
      dp.layers.push_back(static_cast<int32_t>(l));
      dp.bytes.weights += layer_bytes(m.layers[l]);
      largest[plan.layer_device[l]] =
          std::max(largest[plan.layer_device[l]], ModelSpec::largest_layer_matrix(m.layers[l], m.n_expert));
    }
    // Tied embeddings: the output layer reads token_embd, so the output device holds it too.
    plan.devices[first_dev].holds_embeddings = true;
    plan.devices[first_dev].bytes.weights += embd_bytes;
    plan.devices[last_dev].holds_output = true;
    plan.devices[last_dev].bytes.weights += out_bytes;
    if (m.tied_embeddings && last_dev != first_dev) plan.devices[last_dev].bytes.weights += embd_bytes;
    largest[last_dev] = std::max(largest[last_dev], out_matrix);
    for (size_t d = 0; d < nd; ++d) {
      DevicePlan& dp = plan.devices[d];
      if (dp.layers.empty() && !dp.holds_embeddings && !dp.holds_output) continue;
      const LayerStateBytes state = device_state_bytes(m, dp.layers, s.n_ctx, s.kv_type);
      dp.bytes.kv_cache = state.context_cache();  // per-head K and V, or latent-attention rows
      dp.bytes.recurrent_state = state.conv_state + state.recurrent_state;
      ScratchNeeds needs{s.n_batch, m.n_embd, m.q_dim(),  m.kv_dim(),   0,           dp.holds_output ? m.n_vocab : 0,
                         s.n_ctx,   m.n_head, largest[d], s.all_logits, m.n_head_kv, m.head_dim};
      int64_t n_ff = 0;
      for (int32_t l : dp.layers) n_ff = std::max(n_ff, m.layers[l].n_ff);
      needs.n_ff = n_ff;
      needs.n_expert = m.n_expert;
      needs.n_expert_used = m.n_expert_used;
      dp.bytes.scratch = scratch_bytes(needs);
    }
  } else {
    // Row split: KV-head groups and FFN row ranges per device.
    if (m.has_recurrent_layers())
      return make_error(ErrorKind::Unsupported, "row split: " + (m.name.empty() ? m.architecture : m.name) + " has " +
                                                    std::to_string(m.recurrent_layer_count()) + " recurrent (" +
                                                    layer_mixer_name(LayerMixer::GatedDeltaNet) +
                                                    ") layers, which are not split by rows; use layer split");
    if (m.attention_output_gate)
      return make_error(ErrorKind::Unsupported, "row split: " + (m.name.empty() ? m.architecture : m.name) +
                                                    " gates its attention output from the query projection, which "
                                                    "row split does not slice; use layer split");
    if (m.has_per_layer_geometry() || m.n_embd_per_layer > 0 ||
        std::any_of(m.layers.begin(), m.layers.end(), [](const LayerSpec& l) { return l.kv_source >= 0; }))
      return make_error(ErrorKind::Unsupported, "row split: " + (m.name.empty() ? m.architecture : m.name) +
                                                    " has layers of their own head sizes, per-layer embeddings or "
                                                    "layers sharing another layer's cache, which row split does not "
                                                    "slice; use layer split");
    if (m.has_moe())
      return make_error(ErrorKind::Unsupported, "row split: " + (m.name.empty() ? m.architecture : m.name) +
                                                    " is a mixture-of-experts model (" + std::to_string(m.n_expert) +
                                                    " experts per layer); its experts are placed by layer: use layer "
                                                    "split");
    if (m.n_head_kv <= 0 || m.n_head % m.n_head_kv != 0) {
      return make_error(ErrorKind::Unsupported, "row split: " + std::to_string(m.n_head) +
                                                    " query heads do not group "
                                                    "evenly over " +
                                                    std::to_string(m.n_head_kv) + " KV heads");
    }
    const int64_t q_per_kv = m.n_head / m.n_head_kv;
    // attn_output is split along its input: a device's columns must be whole blocks of its type.
    uint64_t wo_block = 1, down_block = 1;
    for (const auto& l : m.layers) {
      if (l.has(LayerTensor::Wo)) wo_block = std::max<uint64_t>(wo_block, type_info(l[LayerTensor::Wo].type).block_size);
      if (l.has(LayerTensor::FfnDown))
        down_block = std::max<uint64_t>(down_block, type_info(l[LayerTensor::FfnDown].type).block_size);
    }
    const uint64_t cols_per_kv = static_cast<uint64_t>(q_per_kv * m.head_dim);
    uint64_t group = wo_block / gcd_u(wo_block, cols_per_kv);  // KV heads per unit
    if (group == 0 || m.n_head_kv % static_cast<int64_t>(group) != 0) group = static_cast<uint64_t>(m.n_head_kv);
    const int64_t head_units = m.n_head_kv / static_cast<int64_t>(group);
    const int64_t ffn_unit = std::lcm<int64_t>(kFfnRowTile, static_cast<int64_t>(down_block));
    int64_t n_ff = 0;
    for (const auto& l : m.layers) n_ff = std::max(n_ff, l.n_ff);
    const int64_t ffn_units = (n_ff + ffn_unit - 1) / ffn_unit;
    auto head_ranges = split_units(head_units, shares);
    auto ffn_ranges = split_units(ffn_units, shares);
    DevicePlan& main = plan.devices[s.main_device];
    main.holds_embeddings = main.holds_output = true;
    main.bytes.weights += embd_bytes + out_bytes;
    for (size_t d = 0; d < nd; ++d) {
      DevicePlan& dp = plan.devices[d];
      dp.kv_heads = {head_ranges[d].begin * static_cast<int64_t>(group),
                     head_ranges[d].end * static_cast<int64_t>(group)};
      dp.ffn_rows = {std::min(n_ff, ffn_ranges[d].begin * ffn_unit), std::min(n_ff, ffn_ranges[d].end * ffn_unit)};
      const int64_t kvh0 = dp.kv_heads.begin, kvh1 = dp.kv_heads.end;
      const int64_t q0 = kvh0 * q_per_kv * m.head_dim, q1 = kvh1 * q_per_kv * m.head_dim;
      const int64_t k0 = kvh0 * m.head_dim, k1 = kvh1 * m.head_dim;
      uint64_t largest = 0;
      const bool is_main = static_cast<int32_t>(d) == s.main_device;
      for (const auto& l : m.layers) {
        const int64_t f1 = std::min(dp.ffn_rows.end, l.n_ff), f0 = std::min(dp.ffn_rows.begin, f1);
        // Every slot by its row-split rule (layer_tensors.h); vectors split with their rows.
        for (const LayerTensorInfo& info : layer_tensor_table()) {
          const TensorRef& t = l[info.slot];
          if (!t.present()) continue;
          const bool vector = info.kind == TensorKind::Vector;
          auto rows = [&](int64_t b, int64_t e) {
            return vector ? static_cast<uint64_t>(e - b) * (tensor_bytes(t) / static_cast<uint64_t>(t.n_elements()))
                          : row_slice_bytes(t, b, e);
          };
          switch (info.row_slice) {
            case RowSlice::MainOnly:
              if (is_main) dp.bytes.weights += tensor_bytes(t);
              break;
            case RowSlice::EveryDevice:
              if (kvh1 > kvh0) dp.bytes.weights += tensor_bytes(t);
              break;
            case RowSlice::QueryRows:
              dp.bytes.weights += rows(q0, q1);
              break;
            case RowSlice::QueryHeads:
              dp.bytes.weights += rows(kvh0 * q_per_kv, kvh1 * q_per_kv);
              break;
            case RowSlice::KvRows:
              dp.bytes.weights += rows(k0, k1);
              break;
            case RowSlice::QueryColumns:
              dp.bytes.weights += column_slice_bytes(t, q0, q1);
              break;
            case RowSlice::FfnRows:
              dp.bytes.weights += rows(f0, f1);
              break;
            case RowSlice::FfnColumns:
              dp.bytes.weights += column_slice_bytes(t, f0, f1);
              break;
            case RowSlice::Unsplittable:
              break;  // refused above
          }
        }
        if (q1 > q0) largest = std::max<uint64_t>(largest, static_cast<uint64_t>((q1 - q0) * m.n_embd));
        if (f1 > f0) largest = std::max<uint64_t>(largest, static_cast<uint64_t>((f1 - f0) * m.n_embd));
      }
      if (is_main) largest = std::max(largest, out_matrix);
      const bool computes = kvh1 > kvh0 || dp.ffn_rows.size() > 0 || static_cast<int32_t>(d) == s.main_device;
      if (!computes) continue;
      for (int64_t l = 0; l < n_layer; ++l) dp.layers.push_back(static_cast<int32_t>(l));
      dp.bytes.kv_cache = kv_cache_bytes(n_layer, k1 - k0, s.n_ctx, s.kv_type);
      ScratchNeeds needs{s.n_batch,
                         m.n_embd,
                         q1 - q0,
                         k1 - k0,
                         dp.ffn_rows.size(),
                         static_cast<int32_t>(d) == s.main_device ? m.n_vocab : 0,
                         s.n_ctx,
                         (kvh1 - kvh0) * q_per_kv,
                         largest,
                         s.all_logits,
                         kvh1 - kvh0,
                         m.head_dim};
      dp.bytes.scratch = scratch_bytes(needs);
      // The main device receives every other device's partial sums for the reduction.
      if (static_cast<int32_t>(d) == s.main_device)
        dp.bytes.scratch += align_up(4ull * s.n_batch * m.n_embd * (nd - 1));
    }
  }

  for (auto& dp : plan.devices) {
    dp.available = dp.device.free_bytes > s.reserve_bytes ? dp.device.free_bytes - s.reserve_bytes : 0;
    dp.fits = dp.bytes.total() <= dp.available;
    if (!dp.fits && plan.fits) {
      plan.fits = false;
      plan.problem = "device " + std::to_string(dp.device.id) + " (" + dp.device.name + ") needs " +
                     gib(dp.bytes.total()) + " (" + std::to_string(dp.bytes.total()) + " bytes: weights " +
                     gib(dp.bytes.weights) + ", KV cache " + gib(dp.bytes.kv_cache) +
                     (dp.bytes.recurrent_state > 0 ? ", recurrent state " + gib(dp.bytes.recurrent_state) : "") +
                     ", scratch " + gib(dp.bytes.scratch) + ") but has " + gib(dp.device.free_bytes) + " free (" +
                     std::to_string(dp.device.free_bytes) + " bytes, " + gib(s.reserve_bytes) + " kept in reserve)";
    }
  }
  return plan;
}

Status check_plan_fits(const SplitPlan& plan) {
  if (plan.fits) return {};
  return make_error(ErrorKind::OutOfMemory, "the model does not fit: " + plan.problem +
                                                "; lower the context length, move the split sliders, or use a "
                                                "smaller quantization");
}

}  // namespace tessera
