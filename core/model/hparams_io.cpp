#include "model/hparams_io.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

#include "model/rope_scaling.h"

namespace tessera {
namespace {

// Reads the keys of one file; every message names the key and the file.
class MetadataReader {
 public:
  MetadataReader(const gguf::GgufFile& f, std::string_view arch) : f_(f), arch_(arch) {}

  std::string key(std::string_view suffix) const { return arch_ + "." + std::string(suffix); }
  bool has(std::string_view suffix) const { return f_.has(key(suffix)); }
  const std::string& path() const { return f_.path(); }

  Result<int64_t> positive(std::string_view suffix) {
    TESSERA_ASSIGN_OR_RETURN(uint64_t v, f_.get_uint(key(suffix)));
    return check_positive(suffix, v);
  }
  Result<int64_t> positive_or(std::string_view suffix, int64_t fallback) {
    TESSERA_ASSIGN_OR_RETURN(uint64_t v, f_.get_uint_or(key(suffix), static_cast<uint64_t>(fallback)));
    return check_positive(suffix, v);
  }
  Result<int64_t> count_or(std::string_view suffix, int64_t fallback, int64_t max) {
    TESSERA_ASSIGN_OR_RETURN(uint64_t v, f_.get_uint_or(key(suffix), static_cast<uint64_t>(fallback)));
    if (v > static_cast<uint64_t>(max))
      return bad(suffix, std::to_string(v), "at most " + std::to_string(max));
    return static_cast<int64_t>(v);
  }
  Result<int64_t> check_positive(std::string_view suffix, uint64_t v) {
    if (v == 0 || v > (1ull << 31)) return bad(suffix, std::to_string(v), "a positive count below 2^31");
    return static_cast<int64_t>(v);
  }
  // A finite float >= 0 (0 meaning "none"), or the fallback when absent.
  Result<float> non_negative_or(std::string_view suffix, double fallback) {
    TESSERA_ASSIGN_OR_RETURN(double v, f_.get_float_or(key(suffix), fallback));
    if (!(v >= 0.0) || !std::isfinite(v)) return bad(suffix, std::to_string(v), "a finite number >= 0");
    return static_cast<float>(v);
  }
  Error bad(std::string_view suffix, const std::string& value, const std::string& expected) const {
    return Error{ErrorKind::BadFile,
                 "metadata '" + key(suffix) + "' in " + f_.path() + " is " + value + ", expected " + expected};
  }

  const gguf::GgufFile& file() const { return f_; }

 private:
  const gguf::GgufFile& f_;
  std::string arch_;
};

// Rotary base and scaling of the full-attention layers (rope), and of the sliding ones (rope_swa).
Status read_rope(MetadataReader& r, const Architecture& arch, ModelSpec& spec) {
  const gguf::GgufFile& f = r.file();
  RopeParams& rope = spec.rope;
  rope.mode = arch.rope_mode;
  TESSERA_ASSIGN_OR_RETURN(int64_t n_rot, r.positive_or("rope.dimension_count", spec.head_dim));
  if (n_rot > spec.head_dim || n_rot % 2 != 0)
    return r.bad("rope.dimension_count", std::to_string(n_rot),
                 "an even number <= the head size " + std::to_string(spec.head_dim));
  rope.n_dims = static_cast<int32_t>(n_rot);
  TESSERA_ASSIGN_OR_RETURN(double base, f.get_float_or(r.key("rope.freq_base"), 10000.0));
  if (!(base > 1.0) || !std::isfinite(base)) return r.bad("rope.freq_base", std::to_string(base), "a value > 1");
  rope.freq_base = static_cast<float>(base);

  TESSERA_ASSIGN_OR_RETURN(double linear, f.get_float_or(r.key("rope.scale_linear"), 1.0));
  TESSERA_ASSIGN_OR_RETURN(std::string type,
                           f.get_string_or(r.key("rope.scaling.type"), linear != 1.0 ? "linear" : "none"));
  TESSERA_ASSIGN_OR_RETURN(double factor, f.get_float_or(r.key("rope.scaling.factor"), linear));
  if (type == "linear" || type == "llama3" || type == "yarn") {
    if (!(factor > 0.0) || !std::isfinite(factor))
      return r.bad("rope.scaling.factor", std::to_string(factor), "a positive number");
  }
  const bool longrope = arch.longrope_factors && (type == "longrope" || f.find_tensor("rope_factors_long.weight"));
  if (type == "linear") {
    rope.freq_scale = static_cast<float>(1.0 / factor);
  } else if (type != "none" && type != "llama3" && type != "yarn" && !(type == "longrope" && arch.longrope_factors)) {
    return make_error(ErrorKind::Unsupported,
                      "rope scaling type '" + type + "' of " + f.path() + " is not supported (Tessera supports none, " +
                          "linear, llama3 and yarn" +
                          (arch.longrope_factors ? ", and longrope for this architecture" : "") + ")");
  }

  // Frequency divisors held in tensors: rope_freqs.weight (Llama 3.1), rope_factors_long/short (Phi-3).
  auto factors = [&](const std::string& name, std::vector<float>& out) -> Status {
    const gguf::TensorInfo* info = f.find_tensor(name);
    if (info == nullptr) return make_error(ErrorKind::BadFile, "missing tensor '" + name + "' in " + f.path());
    std::vector<int64_t> dims = info->dims;
    while (dims.size() > 1 && dims.back() == 1) dims.pop_back();
    if (dims != std::vector<int64_t>{n_rot / 2})
      return make_error(ErrorKind::BadFile, "tensor '" + name + "' in " + f.path() + " has " +
                                                std::to_string(info->n_elements) + " values, expected " +
                                                std::to_string(n_rot / 2) + " (half the rotary dimensions)");
    if (info->type != GgmlType::F32)
      return make_error(ErrorKind::Unsupported, "tensor '" + name + "' in " + f.path() + " has type " +
                                                    std::string(type_name(info->type)) + ", expected F32");
    const auto data = f.tensor_data(*info);
    out.resize(static_cast<size_t>(n_rot / 2));
    if (!f.has_tensor_data()) {
      // A header read before a download (shapes for the planner): the divisors are not there.
      std::fill(out.begin(), out.end(), 1.0f);
      return {};
    }
    for (size_t i = 0; i < out.size(); ++i) {
      float v;
      std::memcpy(&v, data.data() + 4 * i, 4);
      if (!(v > 0.0f) || !std::isfinite(v))
        return make_error(ErrorKind::BadFile, "tensor '" + name + "' in " + f.path() + " holds " + std::to_string(v) +
                                                  " at index " + std::to_string(i) + ", expected positive divisors");
      out[i] = v;
    }
    return {};
  };
  if (longrope) {
    TESSERA_TRY(factors("rope_factors_short.weight", rope.freq_factors));
    TESSERA_TRY(factors("rope_factors_long.weight", rope.freq_factors_long));
    TESSERA_ASSIGN_OR_RETURN(rope.long_factors_above,
                             r.positive_or("rope.scaling.original_context_length", spec.n_ctx_train));
    TESSERA_ASSIGN_OR_RETURN(double attn, f.get_float_or(r.key("rope.scaling.attn_factor"), 1.0));
    if (!(attn > 0.0) || !std::isfinite(attn))
      return r.bad("rope.scaling.attn_factor", std::to_string(attn), "a positive number");
    rope.attn_factor = static_cast<float>(attn);
  } else if (f.find_tensor("rope_freqs.weight") != nullptr) {
    // A file's rope_freqs.weight wins over metadata (it is what converters write for Llama 3.1).
    TESSERA_TRY(factors("rope_freqs.weight", rope.freq_factors));
  } else if (type == "llama3") {
    Llama3RopeScaling s;
    s.factor = factor;
    TESSERA_ASSIGN_OR_RETURN(s.low_freq_factor, f.get_float_or(r.key("rope.scaling.low_freq_factor"), 1.0));
    TESSERA_ASSIGN_OR_RETURN(s.high_freq_factor, f.get_float_or(r.key("rope.scaling.high_freq_factor"), 4.0));
    TESSERA_ASSIGN_OR_RETURN(s.original_context_length,
                             f.get_float_or(r.key("rope.scaling.original_context_length"), 8192.0));
    if (!(s.high_freq_factor > s.low_freq_factor) || !(s.low_freq_factor > 0.0) || !(s.original_context_length > 0.0))
      return make_error(ErrorKind::BadFile, "llama3 rope scaling of " + f.path() + " needs 0 < low_freq_factor (" +
                                                std::to_string(s.low_freq_factor) + ") < high_freq_factor (" +
                                                std::to_string(s.high_freq_factor) + ") and a positive original context");
    rope.freq_factors = llama3_rope_freq_factors(s, rope.n_dims, base);
  }
  if (type == "yarn") {
    YarnRopeScaling y;
    y.factor = factor;
    TESSERA_ASSIGN_OR_RETURN(int64_t original, r.positive_or("rope.scaling.original_context_length", spec.n_ctx_train));
    y.original_context_length = static_cast<double>(original);
    TESSERA_ASSIGN_OR_RETURN(y.beta_fast, f.get_float_or(r.key("rope.scaling.yarn_beta_fast"), 32.0));
    TESSERA_ASSIGN_OR_RETURN(y.beta_slow, f.get_float_or(r.key("rope.scaling.yarn_beta_slow"), 1.0));
    if (!(y.beta_slow > 0.0) || !(y.beta_fast > y.beta_slow) || !std::isfinite(y.beta_fast))
      return make_error(ErrorKind::BadFile, "yarn rope scaling of " + f.path() + " needs 0 < yarn_beta_slow (" +
                                                std::to_string(y.beta_slow) + ") < yarn_beta_fast (" +
                                                std::to_string(y.beta_fast) + ")");
    TESSERA_ASSIGN_OR_RETURN(double attn, f.get_float_or(r.key("rope.scaling.attn_factor"), 1.0));
    if (!(attn > 0.0) || !std::isfinite(attn))
      return r.bad("rope.scaling.attn_factor", std::to_string(attn), "a positive number");
    const YarnRope yr = yarn_rope(y, rope.n_dims, base);
    // Divisors of a rope_freqs.weight apply before YaRN's mix (as in ggml): the two multiply.
    if (rope.freq_factors.empty()) rope.freq_factors.assign(yr.freq_factors.size(), 1.0f);
    for (size_t i = 0; i < yr.freq_factors.size(); ++i) rope.freq_factors[i] *= yr.freq_factors[i];
    rope.attn_factor = yr.attn_factor * static_cast<float>(attn);
    rope.yarn = {static_cast<float>(factor), original, static_cast<float>(y.beta_fast), static_cast<float>(y.beta_slow)};
  }

  spec.rope_swa = rope;
  if (arch.sliding_rope_base) {
    TESSERA_ASSIGN_OR_RETURN(double swa_base, f.get_float_or(r.key("rope.freq_base_swa"), base));
    if (!(swa_base > 1.0) || !std::isfinite(swa_base))
      return r.bad("rope.freq_base_swa", std::to_string(swa_base), "a value > 1");
    spec.rope_swa.freq_base = static_cast<float>(swa_base);
  }
  return {};
}

// The flag the window keys set: a sliding layer's, or a chunked one's (Llama 4).
bool LayerSpec::*windowed_flag(const Architecture& arch) {
  return arch.sliding == SlidingLayers::Chunked ? &LayerSpec::chunked : &LayerSpec::sliding;
}

void mark_periodic(const Architecture& arch, ModelSpec& spec, int64_t period) {
  // llama.cpp's rule: a period of 0 makes every layer slide; else the last layer of each period is full.
  for (int64_t l = 0; l < static_cast<int64_t>(spec.layers.size()); ++l)
    spec.layers[static_cast<size_t>(l)].*windowed_flag(arch) = period == 0 || (l % period < period - 1);
}

// Which layers slide (or attend within chunks), and over how many positions.
Status read_sliding_window(MetadataReader& r, const Architecture& arch, ModelSpec& spec) {
  if (arch.sliding == SlidingLayers::None) return {};
  if (arch.window_needs_key && !r.has("attention.sliding_window")) return {};
  TESSERA_ASSIGN_OR_RETURN(int64_t window, r.count_or("attention.sliding_window", arch.default_sliding_window, 1 << 30));
  const bool chunked = arch.sliding == SlidingLayers::Chunked;
  if (window == 0 && chunked)
    // llama.cpp's converter writes 0 for models whose every layer attends in full (MobileLLM-R1, a
    // dense "Llama 4"); llama.cpp's graph for that case is not Llama 4's either.
    return make_error(ErrorKind::Unsupported, "metadata '" + r.key("attention.sliding_window") + "' in " + r.path() +
                                                  " is 0 (no chunked attention layers); Tessera runs " +
                                                  std::string(arch.name) +
                                                  " models with chunked attention (Llama 4 Scout and Maverick)");
  if (window == 0) return {};
  (chunked ? spec.attention_chunk : spec.sliding_window) = static_cast<int32_t>(window);
  const std::string pattern_key = r.key("attention.sliding_window_pattern");
  const gguf::Value* pattern = r.file().find(pattern_key);
  if (pattern != nullptr && pattern->is_array()) {
    // One bool per layer: true = sliding.
    const auto& items = pattern->items();
    if (static_cast<int64_t>(items.size()) != spec.n_layer)
      return r.bad("attention.sliding_window_pattern", "an array of " + std::to_string(items.size()),
                   "one entry per layer (" + std::to_string(spec.n_layer) + ")");
    for (size_t l = 0; l < items.size(); ++l) {
      std::optional<bool> b = items[l].as_bool();
      if (!b && items[l].as_int()) b = *items[l].as_int() != 0;
      if (!b) return r.bad("attention.sliding_window_pattern", "an array of " + std::string(gguf::value_type_name(items[l].type())),
                           "bools");
      spec.layers[l].*windowed_flag(arch) = *b;
    }
    return {};
  }
  TESSERA_ASSIGN_OR_RETURN(int64_t period, r.count_or("attention.sliding_window_pattern", arch.default_sliding_period, 1 << 20));
  mark_periodic(arch, spec, period);
  return {};
}

// Llama 4: the layers without RoPE and their attention temperature, and the weightless QK-norm of
// the others.
Status read_rope_free_layers(MetadataReader& r, const Architecture& arch, ModelSpec& spec) {
  spec.unit_qk_norm = arch.unit_qk_norm && spec.n_expert != arch.no_unit_qk_norm_at_experts;
  if (arch.no_rope_interval <= 0) return {};
  set_rope_free_layers(arch, spec);
  AttentionTemperature& t = spec.attention_temperature;
  t = arch.default_attention_temperature;
  TESSERA_ASSIGN_OR_RETURN(t.scale, r.non_negative_or("attention.temperature_scale", t.scale));
  TESSERA_ASSIGN_OR_RETURN(t.floor_scale, r.positive_or("attention.temperature_length", t.floor_scale));
  return {};
}

// Which layers are recurrent, and the sizes of their blocks (architectures with a recurrent mixer).
Status read_recurrent_layers(MetadataReader& r, const Architecture& arch, int64_t n_blocks, ModelSpec& spec) {
  if (arch.recurrent_mixer == LayerMixer::Attention) return {};
  const gguf::Value* flags = r.file().find(r.key("attention.recurrent_layers"));
  if (flags != nullptr && flags->is_array()) {
    // One entry per block (MTP blocks included, as llama.cpp writes it) or per layer.
    const auto& items = flags->items();
    if (static_cast<int64_t>(items.size()) != n_blocks && static_cast<int64_t>(items.size()) != spec.n_layer)
      return r.bad("attention.recurrent_layers", "an array of " + std::to_string(items.size()),
                   "one entry per layer (" + std::to_string(spec.n_layer) + ")");
    for (size_t l = 0; l < spec.layers.size(); ++l) {
      std::optional<bool> b = items[l].as_bool();
      if (!b && items[l].as_int()) b = *items[l].as_int() != 0;
      if (!b)
        return r.bad("attention.recurrent_layers", "an array of " + std::string(gguf::value_type_name(items[l].type())),
                     "bools");
      spec.layers[l].mixer = *b ? arch.recurrent_mixer : LayerMixer::Attention;
    }
  } else {
    TESSERA_ASSIGN_OR_RETURN(int64_t interval, r.positive_or("full_attention_interval", arch.default_full_attention_interval));
    set_full_attention_interval(arch, spec, interval);
  }
  if (!spec.has_recurrent_layers()) return {};
  DeltaNetParams& dn = spec.delta_net;
  TESSERA_ASSIGN_OR_RETURN(int64_t kernel, r.positive("ssm.conv_kernel"));
  if (kernel > 64) return r.bad("ssm.conv_kernel", std::to_string(kernel), "a convolution width of at most 64");
  dn.conv_kernel = static_cast<int32_t>(kernel);
  TESSERA_ASSIGN_OR_RETURN(dn.head_k_dim, r.positive("ssm.state_size"));
  TESSERA_ASSIGN_OR_RETURN(dn.n_k_heads, r.positive("ssm.group_count"));
  TESSERA_ASSIGN_OR_RETURN(dn.n_v_heads, r.positive("ssm.time_step_rank"));
  TESSERA_ASSIGN_OR_RETURN(int64_t inner, r.positive("ssm.inner_size"));
  if (dn.n_v_heads % dn.n_k_heads != 0)
    return r.bad("ssm.time_step_rank", std::to_string(dn.n_v_heads),
                 "a multiple of ssm.group_count (" + std::to_string(dn.n_k_heads) + "): value heads share key heads evenly");
  if (inner % dn.n_v_heads != 0)
    return r.bad("ssm.inner_size", std::to_string(inner),
                 "a multiple of ssm.time_step_rank (" + std::to_string(dn.n_v_heads) + " value heads)");
  dn.head_v_dim = inner / dn.n_v_heads;
  dn.v_heads_tiled = arch.delta_net_v_heads_tiled;
  return {};
}

// The feed-forward widths (feed_forward_length: one value or one per block; the experts':
// expert_feed_forward_length, else feed_forward_length), which layers have experts (all, all but
// the leading dense ones, every step-th), the shared expert's width and the router's choices.
Status read_ffn_layers(MetadataReader& r, const Architecture& arch, int64_t n_blocks, bool moe, ModelSpec& spec) {
  const gguf::GgufFile& f = r.file();
  const int64_t n_layer = spec.n_layer;
  for (auto& l : spec.layers) l.moe = moe;
  if (moe && arch.reads_leading_dense_layers) {
    TESSERA_ASSIGN_OR_RETURN(int64_t dense, r.count_or("leading_dense_block_count", 0, n_layer));
    for (int64_t l = 0; l < dense; ++l) spec.layers[static_cast<size_t>(l)].moe = false;
  }
  if (moe && arch.reads_moe_layer_step) {
    TESSERA_ASSIGN_OR_RETURN(int64_t step, r.positive("interleave_moe_layer_step"));  // required, as llama.cpp reads it
    if (step > n_layer) return r.bad("interleave_moe_layer_step", std::to_string(step), "at most block_count");
    for (int64_t l = 0; l < n_layer; ++l) spec.layers[static_cast<size_t>(l)].moe = (l + 1) % step == 0;
  }
  // The dense FFNs' widths (a dense layer's, or the MLP beside the experts), per layer.
  const std::string ff_key = r.key("feed_forward_length");
  const gguf::Value* ff = f.find(ff_key);
  std::vector<int64_t> dense_ff(static_cast<size_t>(n_layer), 0);
  if (ff != nullptr && ff->is_array()) {
    TESSERA_ASSIGN_OR_RETURN(std::vector<int64_t> per_layer, f.get_int_array(ff_key));
    if (static_cast<int64_t>(per_layer.size()) == n_blocks) per_layer.resize(static_cast<size_t>(n_layer));
    if (static_cast<int64_t>(per_layer.size()) != n_layer)
      return r.bad("feed_forward_length", "an array of " + std::to_string(per_layer.size()),
                   "one entry per layer (" + std::to_string(n_layer) + ")");
    for (size_t i = 0; i < per_layer.size(); ++i) {
      TESSERA_ASSIGN_OR_RETURN(dense_ff[i],
                               r.check_positive("feed_forward_length", static_cast<uint64_t>(per_layer[i])));
    }
  } else if (ff != nullptr || !moe) {
    TESSERA_ASSIGN_OR_RETURN(int64_t v, r.positive("feed_forward_length"));
    std::fill(dense_ff.begin(), dense_ff.end(), v);
  }
  int64_t expert_ff = 0;
  if (moe) {
    // Where feed_forward_length is the dense layers' width (rows with dense layers among the
    // expert ones), the experts' needs its own key.
    const bool own_key = arch.reads_leading_dense_layers || arch.reads_moe_layer_step;
    if (own_key || r.has("expert_feed_forward_length") || ff == nullptr || ff->is_array()) {
      TESSERA_ASSIGN_OR_RETURN(expert_ff, r.positive("expert_feed_forward_length"));
    } else {
      expert_ff = dense_ff.front();  // Mixtral's feed_forward_length is the experts' width
    }
  }
  // Where the experts sit beside a dense MLP (Gemma 4), feed_forward_length is the MLP's width.
  const bool dense_beside = in_mask(arch.moe_required, LayerTensor::FfnGate);
  for (int64_t l = 0; l < n_layer; ++l) {
    LayerSpec& ls = spec.layers[static_cast<size_t>(l)];
    const int64_t d = dense_ff[static_cast<size_t>(l)];
    if ((!ls.moe || dense_beside) && d == 0)
      return r.bad("feed_forward_length", "missing",
                   "the width of layer " + std::to_string(l) + "'s dense feed-forward block");
    ls.n_ff = ls.moe ? expert_ff : d;
    if (ls.moe && dense_beside) ls.n_ff_dense = d;
  }
  if (!moe) return {};

  int64_t shared = 0;
  switch (arch.shared_expert_width) {
    case SharedExpertWidth::Key:
      if (in_mask(arch.moe_required, LayerTensor::SharedGate)) {
        // llama.cpp's default is the dense feed-forward length.
        const int64_t fallback = ff != nullptr && !ff->is_array() ? dense_ff.front() : expert_ff;
        TESSERA_ASSIGN_OR_RETURN(shared,
                                 r.positive_or("expert_shared_feed_forward_length", std::max<int64_t>(1, fallback)));
      }
      break;
    case SharedExpertWidth::CountTimesExpert: {
      TESSERA_ASSIGN_OR_RETURN(int64_t count, r.count_or("expert_shared_count", 0, 64));
      shared = count * expert_ff;
      break;
    }
    case SharedExpertWidth::ExpertWidth:
      shared = expert_ff;
      break;
  }
  for (auto& l : spec.layers)
    if (l.moe) l.n_ff_shared = shared;

  RouterParams& rp = spec.router;
  rp.gating = arch.default_gating;
  if (arch.reads_router_keys) {
    TESSERA_ASSIGN_OR_RETURN(int64_t gating, r.count_or("expert_gating_func", 0, 1 << 16));
    if (gating == 1) {
      rp.gating = ExpertGating::Softmax;
    } else if (gating == 2) {
      rp.gating = ExpertGating::Sigmoid;
    } else if (gating != 0) {
      return make_error(ErrorKind::Unsupported, "metadata '" + r.key("expert_gating_func") + "' in " + r.path() +
                                                    " is " + std::to_string(gating) +
                                                    "; Tessera routes with 1 (softmax) and 2 (sigmoid)");
    }
    TESSERA_ASSIGN_OR_RETURN(rp.normalize, f.get_bool_or(r.key("expert_weights_norm"), false));
    TESSERA_ASSIGN_OR_RETURN(float scale, r.non_negative_or("expert_weights_scale", 0.0));
    rp.scale = scale > 0.0f ? scale : 1.0f;
    TESSERA_ASSIGN_OR_RETURN(int64_t groups, r.count_or("expert_group_count", 0, spec.n_expert));
    TESSERA_ASSIGN_OR_RETURN(int64_t used, r.count_or("expert_group_used_count", 0, std::max<int64_t>(groups, 1)));
    if (groups > 1) {
      if (spec.n_expert % groups != 0)
        return r.bad("expert_group_count", std::to_string(groups),
                     "a divisor of expert_count (" + std::to_string(spec.n_expert) + ")");
      if (used == 0 || used * (spec.n_expert / groups) < spec.n_expert_used)
        return r.bad("expert_group_used_count", std::to_string(used),
                     "enough groups of " + std::to_string(spec.n_expert / groups) + " experts for expert_used_count " +
                         std::to_string(spec.n_expert_used));
      rp.n_group = static_cast<int32_t>(groups);
      rp.n_group_used = static_cast<int32_t>(used);
    }
  }
  if (arch.llama4_router) {
    // Llama 4: the top-k of the raw logits, each weighted by its sigmoid, which scales the
    // expert's input; no normalisation and no scale (llama.cpp reads no router key for llama4).
    rp.gating = ExpertGating::Sigmoid;
    rp.select_on_logits = true;
    rp.weight_input = true;
    rp.normalize = false;
  }
  return {};
}

// Latent attention (deepseek2): the ranks and per-head sizes. key_length / value_length are the
// latent's as the converter writes them (Lk + R, Lk); the model's head_dim becomes N + R (the
// query's width per head, whose square root the scores are divided by) and the one "KV head" is
// the latent. Checked against the rotated dims after read_rope (check_latent_attention_rope).
Status read_latent_attention_sizes(MetadataReader& r, const Architecture& arch, int64_t key_len, int64_t value_len,
                                   ModelSpec& spec) {
  if (!arch.latent_attention) return {};
  const gguf::GgufFile& f = r.file();
  // Files converted before llama.cpp split kv_b into the absorbed k_b / v_b (2025) hold the
  // decompressing attn_kv_b.weight; their cache would be per-head K and V.
  if (f.find_tensor("blk.0.attn_kv_b.weight") != nullptr && f.find_tensor("blk.0.attn_k_b.weight") == nullptr)
    return make_error(ErrorKind::Unsupported,
                      r.path() + " holds attn_kv_b.weight, the latent attention of an older conversion; Tessera "
                                 "reads the absorbed form (attn_k_b / attn_v_b): convert the model again with a "
                                 "llama.cpp converter of 2025 or later");
  if (r.has("attention.temperature_scale"))
    return make_error(ErrorKind::Unsupported, "metadata '" + r.key("attention.temperature_scale") + "' in " + r.path() +
                                                  ": Tessera does not scale deepseek2 queries by position yet");
  MlaParams& m = spec.mla;
  TESSERA_ASSIGN_OR_RETURN(m.kv_lora_rank, r.positive("attention.kv_lora_rank"));
  TESSERA_ASSIGN_OR_RETURN(m.q_lora_rank, r.count_or("attention.q_lora_rank", 0, 1 << 20));
  TESSERA_ASSIGN_OR_RETURN(int64_t key_mla, r.positive_or("attention.key_length_mla", key_len));
  TESSERA_ASSIGN_OR_RETURN(m.v_head, r.positive_or("attention.value_length_mla", value_len));
  if (value_len != m.kv_lora_rank)
    return r.bad("attention.value_length", std::to_string(value_len),
                 "attention.kv_lora_rank (" + std::to_string(m.kv_lora_rank) + "): the latent is the value");
  spec.head_dim = key_mla;
  spec.n_head_kv = 1;
  return {};
}

Status check_latent_attention_rope(MetadataReader& r, const Architecture& arch, ModelSpec& spec) {
  if (!arch.latent_attention) return {};
  MlaParams& m = spec.mla;
  m.qk_rope = spec.rope.n_dims;
  m.qk_nope = spec.head_dim - m.qk_rope;
  if (m.qk_nope < 1)
    return r.bad("attention.key_length_mla", std::to_string(spec.head_dim),
                 "more than rope.dimension_count (" + std::to_string(m.qk_rope) + "): each head has unrotated dims");
  if (r.has("attention.key_length")) {
    TESSERA_ASSIGN_OR_RETURN(int64_t key_len, r.positive("attention.key_length"));
    if (key_len != m.latent_width())
      return r.bad("attention.key_length", std::to_string(key_len),
                   "kv_lora_rank + rope.dimension_count (" + std::to_string(m.latent_width()) + ")");
  }
  return {};
}

// YaRN on latent attention, as DeepSeek defines it (and llama.cpp computes it): with the file's
// yarn_log_multiplier (0.1 mscale_all_dim) the rotation keeps its magnitude (no 1 + 0.1 ln s on
// cos/sin) and the scores are scaled by mscale^2, mscale = attn_factor (1 + mscale_all_dim 0.1 ln s).
Status apply_latent_attention_yarn(MetadataReader& r, ModelSpec& spec) {
  RopeParams& rope = spec.rope;
  if (rope.yarn.factor <= 0.0f) return {};
  TESSERA_ASSIGN_OR_RETURN(float log_mul, r.non_negative_or("rope.scaling.yarn_log_multiplier", 0.0));
  rope.yarn.log_multiplier = log_mul;
  const double ln_s = std::log(static_cast<double>(rope.yarn.factor));
  if (log_mul > 0.0f && rope.yarn.factor > 1.0f) rope.attn_factor /= static_cast<float>(1.0 + 0.1 * ln_s);
  const double mscale = rope.attn_factor * (1.0 + static_cast<double>(log_mul) * ln_s);
  spec.attention_scale = static_cast<float>(mscale * mscale / std::sqrt(static_cast<double>(spec.head_dim)));
  spec.rope_swa = rope;
  return {};
}

// Gemma 4: the sliding layers' head size and rotation, and per-layer KV head counts.
Status read_per_layer_attention(MetadataReader& r, const Architecture& arch, const std::vector<int64_t>& kv_heads,
                                ModelSpec& spec) {
  if (!arch.per_layer_attention) return {};
  for (size_t l = 0; l < kv_heads.size(); ++l)
    if (kv_heads[l] != spec.n_head_kv) spec.layers[l].n_head_kv = kv_heads[l];
  TESSERA_ASSIGN_OR_RETURN(int64_t key_swa, r.positive_or("attention.key_length_swa", spec.head_dim));
  TESSERA_ASSIGN_OR_RETURN(int64_t value_swa, r.positive_or("attention.value_length_swa", key_swa));
  if (key_swa != value_swa)
    return make_error(ErrorKind::Unsupported, "attention key length " + std::to_string(key_swa) +
                                                  " of the sliding layers differs from their value length " +
                                                  std::to_string(value_swa) + " in " + r.path() +
                                                  "; Tessera needs them equal");
  for (auto& l : spec.layers)
    if (l.sliding && key_swa != spec.head_dim) l.head_dim = key_swa;
  TESSERA_ASSIGN_OR_RETURN(int64_t n_rot, r.positive_or("rope.dimension_count_swa", key_swa));
  if (n_rot > key_swa || n_rot % 2 != 0)
    return r.bad("rope.dimension_count_swa", std::to_string(n_rot),
                 "an even number <= the sliding layers' head size " + std::to_string(key_swa));
  // The sliding layers rotate their own dims; rope_freqs.weight (proportional RoPE) is the full
  // layers' alone.
  spec.rope_swa.n_dims = static_cast<int32_t>(n_rot);
  spec.rope_swa.freq_factors.clear();
  spec.rope_swa.freq_factors_long.clear();
  return {};
}

// Gemma 4 E2B/E4B: the last {arch}.attention.shared_kv_layers layers read the cache of the last
// earlier layer of the same kind (transformers' rule; llama.cpp's n_layer_kv_from_start - 2 for
// sliding and - 1 for full layers picks the same layers in every published model).
Status read_shared_kv_layers(MetadataReader& r, const Architecture& arch, ModelSpec& spec) {
  if (!arch.reads_shared_kv_layers) return {};
  TESSERA_ASSIGN_OR_RETURN(int64_t shared, r.count_or("attention.shared_kv_layers", 0, spec.n_layer - 1));
  set_shared_kv_layers(spec, shared);
  for (int64_t l = spec.n_layer - shared; l < spec.n_layer; ++l)
    if (spec.layers[static_cast<size_t>(l)].kv_source < 0)
      return r.bad("attention.shared_kv_layers", std::to_string(shared),
                   "a count that leaves a " +
                       std::string(spec.layers[static_cast<size_t>(l)].sliding ? "sliding" : "full") +
                       " attention layer before the shared ones for layer " + std::to_string(l) + " to read");
  return {};
}

}  // namespace

void set_shared_kv_layers(ModelSpec& spec, int64_t shared) {
  const int64_t first = static_cast<int64_t>(spec.layers.size()) - shared;
  for (auto& l : spec.layers) l.kv_source = -1;
  for (int64_t l = std::max<int64_t>(first, 0); l < static_cast<int64_t>(spec.layers.size()); ++l) {
    LayerSpec& ls = spec.layers[static_cast<size_t>(l)];
    for (int64_t src = first - 1; src >= 0; --src) {
      const LayerSpec& s = spec.layers[static_cast<size_t>(src)];
      if (s.mixer == LayerMixer::Attention && s.sliding == ls.sliding) {
        ls.kv_source = static_cast<int32_t>(src);
        break;
      }
    }
  }
}

void set_full_attention_interval(const Architecture& arch, ModelSpec& spec, int64_t interval) {
  // llama.cpp's rule: layer l attends when (l + 1) % interval == 0.
  for (int64_t l = 0; l < static_cast<int64_t>(spec.layers.size()); ++l)
    spec.layers[static_cast<size_t>(l)].mixer =
        interval > 0 && (l + 1) % interval == 0 ? LayerMixer::Attention : arch.recurrent_mixer;
}

void set_default_sliding_layers(const Architecture& arch, ModelSpec& spec) {
  for (auto& l : spec.layers) l.sliding = l.chunked = false;
  const int32_t window = arch.sliding == SlidingLayers::Chunked ? spec.attention_chunk : spec.sliding_window;
  if (arch.sliding == SlidingLayers::None || window <= 0) return;
  mark_periodic(arch, spec, arch.default_sliding_period);
}

void set_rope_free_layers(const Architecture& arch, ModelSpec& spec) {
  // llama.cpp's rule (n_no_rope_layer_step): layer l rotates unless (l + 1) % interval == 0.
  const int64_t interval = arch.no_rope_interval;
  for (int64_t l = 0; l < static_cast<int64_t>(spec.layers.size()); ++l)
    spec.layers[static_cast<size_t>(l)].nope = interval > 0 && (l + 1) % interval == 0;
}

Status read_hyperparameters(const gguf::GgufFile& f, const Architecture& arch, ModelSpec& spec) {
  MetadataReader r(f, arch.name);
  spec.architecture = std::string(arch.name);
  spec.source_path = f.path();
  TESSERA_ASSIGN_OR_RETURN(spec.name, f.get_string_or("general.name", ""));
  TESSERA_ASSIGN_OR_RETURN(spec.n_embd, r.positive("embedding_length"));
  TESSERA_ASSIGN_OR_RETURN(spec.n_layer, r.positive("block_count"));
  if (spec.n_layer > 4096) return r.bad("block_count", std::to_string(spec.n_layer), "at most 4096");
  // Blocks a file counts that are not the model's own layers (multi-token-prediction heads).
  const int64_t n_blocks = spec.n_layer;
  if (arch.trailing_mtp_layers) {
    TESSERA_ASSIGN_OR_RETURN(int64_t mtp, r.count_or("nextn_predict_layers", 0, spec.n_layer - 1));
    spec.n_layer -= mtp;
  }
  TESSERA_ASSIGN_OR_RETURN(spec.n_ctx_train, r.positive("context_length"));
  TESSERA_ASSIGN_OR_RETURN(spec.n_head, r.positive("attention.head_count"));
  // One KV head count, or one per block (Gemma 4: its full layers have fewer).
  std::vector<int64_t> kv_heads_per_layer;
  const gguf::Value* kv_heads = f.find(r.key("attention.head_count_kv"));
  if (kv_heads != nullptr && kv_heads->is_array()) {
    if (!arch.per_layer_attention)
      return r.bad("attention.head_count_kv", "an array", "one count (per-layer counts are Gemma 4's)");
    TESSERA_ASSIGN_OR_RETURN(kv_heads_per_layer, f.get_int_array(r.key("attention.head_count_kv")));
    if (static_cast<int64_t>(kv_heads_per_layer.size()) < spec.n_layer)
      return r.bad("attention.head_count_kv", "an array of " + std::to_string(kv_heads_per_layer.size()),
                   "one count per layer (" + std::to_string(spec.n_layer) + ")");
    kv_heads_per_layer.resize(static_cast<size_t>(spec.n_layer));
    for (int64_t v : kv_heads_per_layer)
      if (v <= 0 || spec.n_head % v != 0)
        return r.bad("attention.head_count_kv", "an array holding " + std::to_string(v),
                     "positive counts dividing attention.head_count " + std::to_string(spec.n_head));
    spec.n_head_kv = kv_heads_per_layer.front();
  } else {
    TESSERA_ASSIGN_OR_RETURN(spec.n_head_kv, r.positive_or("attention.head_count_kv", spec.n_head));
  }
  if (spec.n_head % spec.n_head_kv != 0)
    return make_error(ErrorKind::BadFile, "attention.head_count " + std::to_string(spec.n_head) +
                                              " is not a multiple of attention.head_count_kv " +
                                              std::to_string(spec.n_head_kv) + " in " + f.path());
  const int64_t default_head = spec.n_embd / spec.n_head;
  TESSERA_ASSIGN_OR_RETURN(int64_t key_len, r.positive_or("attention.key_length", std::max<int64_t>(1, default_head)));
  TESSERA_ASSIGN_OR_RETURN(int64_t value_len, r.positive_or("attention.value_length", key_len));
  if (key_len != value_len && !arch.latent_attention)
    return make_error(ErrorKind::Unsupported, "attention key length " + std::to_string(key_len) +
                                                  " differs from value length " + std::to_string(value_len) + " in " +
                                                  f.path() + "; Tessera needs them equal");
  spec.head_dim = key_len;
  TESSERA_ASSIGN_OR_RETURN(double eps, f.get_float_or(r.key("attention.layer_norm_rms_epsilon"), 1e-5));
  if (!(eps > 0.0) || eps > 1.0)
    return r.bad("attention.layer_norm_rms_epsilon", std::to_string(eps), "a small positive number");
  spec.rms_eps = static_cast<float>(eps);

  // Experts.
  TESSERA_ASSIGN_OR_RETURN(int64_t n_expert, r.count_or("expert_count", 0, 4096));
  TESSERA_ASSIGN_OR_RETURN(int64_t n_used, r.count_or("expert_used_count", 0, 4096));
  const bool moe = arch.ffn == FfnKind::MoE || (arch.ffn == FfnKind::DenseOrMoE && n_expert > 0);
  if (moe) {
    if (n_expert == 0) return r.bad("expert_count", "missing or 0", "the number of experts of this MoE model");
    if (n_used == 0 || n_used > n_expert)
      return r.bad("expert_used_count", std::to_string(n_used),
                   "between 1 and expert_count (" + std::to_string(n_expert) + ")");
    spec.n_expert = static_cast<int32_t>(n_expert);
    spec.n_expert_used = static_cast<int32_t>(n_used);
  }

  // Feed-forward widths, which layers are mixtures of experts, their shared experts and routing.
  spec.layers.assign(static_cast<size_t>(spec.n_layer), LayerSpec{});
  TESSERA_TRY(read_ffn_layers(r, arch, n_blocks, moe, spec));

  TESSERA_TRY(read_latent_attention_sizes(r, arch, key_len, value_len, spec));
  TESSERA_TRY(read_rope(r, arch, spec));
  TESSERA_TRY(check_latent_attention_rope(r, arch, spec));
  TESSERA_TRY(read_sliding_window(r, arch, spec));
  TESSERA_TRY(read_rope_free_layers(r, arch, spec));
  TESSERA_TRY(read_recurrent_layers(r, arch, n_blocks, spec));
  TESSERA_TRY(read_per_layer_attention(r, arch, kv_heads_per_layer, spec));
  TESSERA_TRY(read_shared_kv_layers(r, arch, spec));
  if (arch.reads_per_layer_embeddings) {
    TESSERA_ASSIGN_OR_RETURN(spec.n_embd_per_layer, r.count_or("embedding_length_per_layer_input", 0, 1 << 20));
  }
  spec.value_norm = arch.value_norm;
  spec.attention_output_gate = arch.attention_output_gate;

  spec.activation = arch.activation;
  spec.embedding_scale = arch.scale_embeddings ? std::sqrt(static_cast<float>(spec.n_embd)) : 1.0f;
  if (arch.reads_softcaps) {
    TESSERA_ASSIGN_OR_RETURN(spec.attention_softcap, r.non_negative_or("attn_logit_softcapping", arch.default_attn_softcap));
    TESSERA_ASSIGN_OR_RETURN(spec.final_softcap, r.non_negative_or("final_logit_softcapping", arch.default_final_softcap));
  }
  const bool by_width = arch.query_scale_by_width_at_layers != 0 && spec.n_layer == arch.query_scale_by_width_at_layers;
  spec.attention_scale = 1.0f / std::sqrt(static_cast<float>(by_width ? spec.n_embd / spec.n_head : spec.head_dim));
  if (arch.fixed_attention_scale > 0.0f) spec.attention_scale = arch.fixed_attention_scale;
  if (arch.latent_attention) TESSERA_TRY(apply_latent_attention_yarn(r, spec));
  return {};
}

Status write_hyperparameters(gguf::GgufWriter& w, const ModelSpec& s) {
  const Architecture* arch = find_architecture(s.architecture);
  if (arch == nullptr)
    return make_error(ErrorKind::InvalidArgument, "write_hyperparameters: unknown architecture '" + s.architecture + "'");
  if (s.layers.empty() || static_cast<int64_t>(s.layers.size()) != s.n_layer)
    return make_error(ErrorKind::InvalidArgument, "write_hyperparameters: the spec needs one LayerSpec per layer");
  const std::string a = s.architecture;
  auto u32 = [&](const std::string& k, int64_t v) { w.set_u32(a + "." + k, static_cast<uint32_t>(v)); };
  w.set_string("general.architecture", a);
  u32("context_length", s.n_ctx_train);
  u32("embedding_length", s.n_embd);
  u32("block_count", s.n_layer);
  // feed_forward_length: the dense FFNs' width (a dense layer's, or the MLP beside the experts),
  // one value or one per layer; expert_feed_forward_length: the experts'.
  // (A spec of experts that marks no layer as MoE has them in every layer.)
  const bool marked = std::any_of(s.layers.begin(), s.layers.end(), [](const LayerSpec& l) { return l.moe; });
  auto is_moe = [&](const LayerSpec& l) { return s.has_moe() && (l.moe || !marked); };
  const auto moe_layer = std::find_if(s.layers.begin(), s.layers.end(), is_moe);
  const int64_t expert_ff = moe_layer != s.layers.end() ? moe_layer->n_ff : 0;
  // An expert layer without a dense MLP beside it gives the dense layers' width where the model has
  // dense layers (one value, as the converters write for GLM-4.x, DeepSeek and Llama 4), else the
  // experts' (Mixtral's).
  const auto dense_layer =
      std::find_if(s.layers.begin(), s.layers.end(), [&](const LayerSpec& l) { return !is_moe(l); });
  const int64_t other_ff = dense_layer != s.layers.end() ? dense_layer->n_ff : expert_ff;
  std::vector<int32_t> dense_ff;
  for (const auto& l : s.layers)
    dense_ff.push_back(static_cast<int32_t>(!is_moe(l) ? l.n_ff : l.n_ff_dense > 0 ? l.n_ff_dense : other_ff));
  if (std::all_of(dense_ff.begin(), dense_ff.end(), [&](int32_t v) { return v == dense_ff.front(); })) {
    u32("feed_forward_length", dense_ff.front());
  } else {
    w.set(a + ".feed_forward_length", gguf::Value::i32_array(dense_ff));
  }
  if (s.has_moe()) {
    u32("expert_feed_forward_length", expert_ff);
    if (arch->reads_leading_dense_layers) {
      const auto first = std::find_if(s.layers.begin(), s.layers.end(), is_moe);
      u32("leading_dense_block_count", first - s.layers.begin());
    }
    if (arch->reads_moe_layer_step) {
      int64_t step = 1;
      while (step <= s.n_layer && !is_moe(s.layers[static_cast<size_t>(step - 1)])) ++step;
      u32("interleave_moe_layer_step", step);
    }
    const int64_t shared = moe_layer != s.layers.end() ? moe_layer->n_ff_shared : 0;
    if (arch->shared_expert_width == SharedExpertWidth::CountTimesExpert)
      u32("expert_shared_count", expert_ff > 0 ? shared / expert_ff : 0);
    if (arch->reads_router_keys) {
      u32("expert_gating_func", s.router.gating == ExpertGating::Sigmoid ? 2 : 1);
      w.set_bool(a + ".expert_weights_norm", s.router.normalize);
      if (s.router.scale != 1.0f) w.set_f32(a + ".expert_weights_scale", s.router.scale);
      if (s.router.n_group > 1) {
        u32("expert_group_count", s.router.n_group);
        u32("expert_group_used_count", s.router.n_group_used);
      }
    }
  }
  if (s.has_moe()) {
    u32("expert_count", s.n_expert);
    u32("expert_used_count", s.n_expert_used);
  }
  u32("attention.head_count", s.n_head);
  if (std::any_of(s.layers.begin(), s.layers.end(),
                  [&](const LayerSpec& l) { return s.n_head_kv_of(l) != s.n_head_kv; })) {
    std::vector<int32_t> kv;
    for (const auto& l : s.layers) kv.push_back(static_cast<int32_t>(s.n_head_kv_of(l)));
    w.set(a + ".attention.head_count_kv", gguf::Value::i32_array(kv));
  } else {
    u32("attention.head_count_kv", s.n_head_kv);
  }
  if (arch->latent_attention) {
    // The latent as the converter writes it: one "KV head" of Lk + R keys and Lk values.
    const MlaParams& m = s.mla;
    if (m.q_lora_rank > 0) u32("attention.q_lora_rank", m.q_lora_rank);
    u32("attention.kv_lora_rank", m.kv_lora_rank);
    u32("attention.key_length", m.kv_lora_rank + m.qk_rope);
    u32("attention.value_length", m.kv_lora_rank);
    u32("attention.key_length_mla", m.qk_nope + m.qk_rope);
    u32("attention.value_length_mla", m.v_head);
  } else {
    u32("attention.key_length", s.head_dim);
    u32("attention.value_length", s.head_dim);
  }
  if (arch->per_layer_attention) {
    // The sliding layers' heads and rotation (the full layers' are the model's).
    int64_t swa_head = s.head_dim;
    for (const auto& l : s.layers)
      if (l.sliding) swa_head = s.head_dim_of(l);
    u32("attention.key_length_swa", swa_head);
    u32("attention.value_length_swa", swa_head);
    u32("rope.dimension_count_swa", s.rope_swa.n_dims);
  }
  if (arch->reads_shared_kv_layers)
    u32("attention.shared_kv_layers",
        std::count_if(s.layers.begin(), s.layers.end(), [](const LayerSpec& l) { return l.kv_source >= 0; }));
  if (arch->reads_per_layer_embeddings) u32("embedding_length_per_layer_input", s.n_embd_per_layer);
  w.set_f32(a + ".attention.layer_norm_rms_epsilon", s.rms_eps);
  u32("rope.dimension_count", s.rope.n_dims);
  if (arch->rope_sections_in_files) {
    // The rotated pairs over the temporal, height and width components as Qwen3.5's config splits
    // them (32 pairs: 11, 11, 10), the fourth section empty, as the converter writes it.
    const int32_t pairs = static_cast<int32_t>(s.rope.n_dims / 2);
    const int32_t t = (pairs + 2) / 3;
    const int32_t h = std::min(t, pairs - t);
    w.set(a + ".rope.dimension_sections", gguf::Value::i32_array({t, h, pairs - t - h, 0}));
  }
  w.set_f32(a + ".rope.freq_base", s.rope.freq_base);
  if (s.rope.freq_scale != 1.0f) {
    w.set_string(a + ".rope.scaling.type", "linear");
    w.set_f32(a + ".rope.scaling.factor", 1.0f / s.rope.freq_scale);
  }
  if (s.rope.yarn.factor > 0.0f) {
    w.set_string(a + ".rope.scaling.type", "yarn");
    w.set_f32(a + ".rope.scaling.factor", s.rope.yarn.factor);
    u32("rope.scaling.original_context_length", s.rope.yarn.original_context);
    w.set_f32(a + ".rope.scaling.yarn_beta_fast", s.rope.yarn.beta_fast);
    w.set_f32(a + ".rope.scaling.yarn_beta_slow", s.rope.yarn.beta_slow);
    if (s.rope.yarn.log_multiplier > 0.0f)
      w.set_f32(a + ".rope.scaling.yarn_log_multiplier", s.rope.yarn.log_multiplier);
  }
  if (!s.rope.freq_factors_long.empty()) {
    w.set_string(a + ".rope.scaling.type", "longrope");
    u32("rope.scaling.original_context_length", s.rope.long_factors_above);
    w.set_f32(a + ".rope.scaling.attn_factor", s.rope.attn_factor);
  }
  if (arch->sliding_rope_base) w.set_f32(a + ".rope.freq_base_swa", s.rope_swa.freq_base);
  const int32_t window = arch->sliding == SlidingLayers::Chunked ? s.attention_chunk : s.sliding_window;
  if (arch->sliding != SlidingLayers::None && window > 0) {
    u32("attention.sliding_window", window);
    std::vector<uint32_t> flags;
    bool periodic = true;
    const int64_t period = arch->default_sliding_period;
    for (int64_t l = 0; l < s.n_layer; ++l) {
      const bool slides = s.layers[static_cast<size_t>(l)].*windowed_flag(*arch);
      flags.push_back(slides ? 1u : 0u);
      periodic = periodic && slides == (period == 0 || l % period < period - 1);  // as mark_periodic
    }
    if (!periodic) {
      std::vector<gguf::Value> items;
      for (uint32_t v : flags) items.push_back(gguf::Value::boolean(v != 0));
      w.set(a + ".attention.sliding_window_pattern", gguf::Value::array(gguf::ValueType::Bool, std::move(items)));
    }
  }
  if (arch->no_rope_interval > 0 && s.attention_temperature.floor_scale > 0) {
    w.set_f32(a + ".attention.temperature_scale", s.attention_temperature.scale);
    u32("attention.temperature_length", s.attention_temperature.floor_scale);
  }
  if (arch->reads_softcaps) {
    w.set_f32(a + ".attn_logit_softcapping", s.attention_softcap);
    w.set_f32(a + ".final_logit_softcapping", s.final_softcap);
  }
  if (arch->recurrent_mixer != LayerMixer::Attention) {
    // The pattern as an interval where one fits (what llama.cpp's converter writes), else per layer.
    int64_t interval = 0;
    for (int64_t k = 1; k <= s.n_layer + 1 && interval == 0; ++k) {
      bool fits = true;
      for (int64_t l = 0; l < s.n_layer && fits; ++l)
        fits = s.layers[static_cast<size_t>(l)].is_recurrent() == ((l + 1) % k != 0);
      if (fits) interval = k;
    }
    if (interval > 0) {
      u32("full_attention_interval", interval);
    } else {
      std::vector<gguf::Value> items;
      for (const auto& l : s.layers) items.push_back(gguf::Value::boolean(l.is_recurrent()));
      w.set(a + ".attention.recurrent_layers", gguf::Value::array(gguf::ValueType::Bool, std::move(items)));
    }
    const DeltaNetParams& dn = s.delta_net;
    if (s.has_recurrent_layers()) {
      u32("ssm.conv_kernel", dn.conv_kernel);
      u32("ssm.state_size", dn.head_k_dim);
      u32("ssm.group_count", dn.n_k_heads);
      u32("ssm.time_step_rank", dn.n_v_heads);
      u32("ssm.inner_size", dn.value_dim());
    }
  }
  if (s.has_moe() && arch->shared_expert_width == SharedExpertWidth::Key && moe_layer != s.layers.end() &&
      moe_layer->n_ff_shared > 0)
    u32("expert_shared_feed_forward_length", moe_layer->n_ff_shared);
  u32("vocab_size", s.n_vocab);
  return {};
}

}  // namespace tessera
