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

void mark_periodic(ModelSpec& spec, int64_t period) {
  // llama.cpp's rule: a period of 0 makes every layer slide; else the last layer of each period is full.
  for (int64_t l = 0; l < static_cast<int64_t>(spec.layers.size()); ++l)
    spec.layers[static_cast<size_t>(l)].sliding = period == 0 || (l % period < period - 1);
}

// Which layers slide, and over how many positions.
Status read_sliding_window(MetadataReader& r, const Architecture& arch, ModelSpec& spec) {
  if (arch.sliding == SlidingLayers::None) return {};
  if (arch.window_needs_key && !r.has("attention.sliding_window")) return {};
  TESSERA_ASSIGN_OR_RETURN(int64_t window, r.count_or("attention.sliding_window", arch.default_sliding_window, 1 << 30));
  if (window == 0) return {};
  spec.sliding_window = static_cast<int32_t>(window);
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
      spec.layers[l].sliding = *b;
    }
    return {};
  }
  TESSERA_ASSIGN_OR_RETURN(int64_t period, r.count_or("attention.sliding_window_pattern", arch.default_sliding_period, 1 << 20));
  mark_periodic(spec, period);
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

}  // namespace

void set_full_attention_interval(const Architecture& arch, ModelSpec& spec, int64_t interval) {
  // llama.cpp's rule: layer l attends when (l + 1) % interval == 0.
  for (int64_t l = 0; l < static_cast<int64_t>(spec.layers.size()); ++l)
    spec.layers[static_cast<size_t>(l)].mixer =
        interval > 0 && (l + 1) % interval == 0 ? LayerMixer::Attention : arch.recurrent_mixer;
}

void set_default_sliding_layers(const Architecture& arch, ModelSpec& spec) {
  for (auto& l : spec.layers) l.sliding = false;
  if (arch.sliding == SlidingLayers::None || spec.sliding_window <= 0) return;
  mark_periodic(spec, arch.default_sliding_period);
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
  TESSERA_ASSIGN_OR_RETURN(spec.n_head_kv, r.positive_or("attention.head_count_kv", spec.n_head));
  if (spec.n_head % spec.n_head_kv != 0)
    return make_error(ErrorKind::BadFile, "attention.head_count " + std::to_string(spec.n_head) +
                                              " is not a multiple of attention.head_count_kv " +
                                              std::to_string(spec.n_head_kv) + " in " + f.path());
  const int64_t default_head = spec.n_embd / spec.n_head;
  TESSERA_ASSIGN_OR_RETURN(int64_t key_len, r.positive_or("attention.key_length", std::max<int64_t>(1, default_head)));
  TESSERA_ASSIGN_OR_RETURN(int64_t value_len, r.positive_or("attention.value_length", key_len));
  if (key_len != value_len)
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

  // Feed-forward width: one value, or one per layer; MoE layers use the expert width.
  spec.layers.assign(static_cast<size_t>(spec.n_layer), LayerSpec{});
  const std::string ff_key = r.key("feed_forward_length");
  const gguf::Value* ff = f.find(ff_key);
  if (ff != nullptr && ff->is_array()) {
    TESSERA_ASSIGN_OR_RETURN(std::vector<int64_t> per_layer, f.get_int_array(ff_key));
    if (static_cast<int64_t>(per_layer.size()) == n_blocks) per_layer.resize(static_cast<size_t>(spec.n_layer));
    if (static_cast<int64_t>(per_layer.size()) != spec.n_layer)
      return r.bad("feed_forward_length", "an array of " + std::to_string(per_layer.size()),
                   "one entry per layer (" + std::to_string(spec.n_layer) + ")");
    for (size_t i = 0; i < per_layer.size(); ++i) {
      TESSERA_ASSIGN_OR_RETURN(spec.layers[i].n_ff,
                               r.check_positive("feed_forward_length", static_cast<uint64_t>(per_layer[i])));
    }
  } else {
    int64_t v = 0;
    if (moe && !f.has(ff_key)) {
      TESSERA_ASSIGN_OR_RETURN(v, r.positive("expert_feed_forward_length"));
    } else {
      TESSERA_ASSIGN_OR_RETURN(v, r.positive("feed_forward_length"));
    }
    for (auto& l : spec.layers) l.n_ff = v;
  }
  if (moe && r.has("expert_feed_forward_length")) {
    TESSERA_ASSIGN_OR_RETURN(int64_t v, r.positive("expert_feed_forward_length"));
    for (auto& l : spec.layers) l.n_ff = v;
  }

  if (moe && in_mask(arch.moe_required, LayerTensor::SharedGate)) {
    // The shared expert's width; llama.cpp's default is the dense feed-forward length.
    int64_t fallback = spec.layers.front().n_ff;
    if (ff != nullptr && !ff->is_array()) {
      TESSERA_ASSIGN_OR_RETURN(uint64_t v, f.get_uint(ff_key));
      fallback = static_cast<int64_t>(v);
    }
    TESSERA_ASSIGN_OR_RETURN(int64_t shared,
                             r.positive_or("expert_shared_feed_forward_length", std::max<int64_t>(1, fallback)));
    for (auto& l : spec.layers) l.n_ff_shared = shared;
  }

  TESSERA_TRY(read_rope(r, arch, spec));
  TESSERA_TRY(read_sliding_window(r, arch, spec));
  TESSERA_TRY(read_recurrent_layers(r, arch, n_blocks, spec));
  spec.attention_output_gate = arch.attention_output_gate;

  spec.activation = arch.activation;
  spec.embedding_scale = arch.scale_embeddings ? std::sqrt(static_cast<float>(spec.n_embd)) : 1.0f;
  if (arch.reads_softcaps) {
    TESSERA_ASSIGN_OR_RETURN(spec.attention_softcap, r.non_negative_or("attn_logit_softcapping", arch.default_attn_softcap));
    TESSERA_ASSIGN_OR_RETURN(spec.final_softcap, r.non_negative_or("final_logit_softcapping", arch.default_final_softcap));
  }
  const bool by_width = arch.query_scale_by_width_at_layers != 0 && spec.n_layer == arch.query_scale_by_width_at_layers;
  spec.attention_scale = 1.0f / std::sqrt(static_cast<float>(by_width ? spec.n_embd / spec.n_head : spec.head_dim));
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
  const int64_t ff = s.layers.front().n_ff;
  const bool uniform = std::all_of(s.layers.begin(), s.layers.end(), [&](const LayerSpec& l) { return l.n_ff == ff; });
  if (uniform) {
    u32(s.has_moe() ? "expert_feed_forward_length" : "feed_forward_length", ff);
    if (s.has_moe()) u32("feed_forward_length", ff);
  } else {
    std::vector<int32_t> per_layer;
    for (const auto& l : s.layers) per_layer.push_back(static_cast<int32_t>(l.n_ff));
    w.set(a + ".feed_forward_length", gguf::Value::i32_array(per_layer));
  }
  if (s.has_moe()) {
    u32("expert_count", s.n_expert);
    u32("expert_used_count", s.n_expert_used);
  }
  u32("attention.head_count", s.n_head);
  u32("attention.head_count_kv", s.n_head_kv);
  u32("attention.key_length", s.head_dim);
  u32("attention.value_length", s.head_dim);
  w.set_f32(a + ".attention.layer_norm_rms_epsilon", s.rms_eps);
  u32("rope.dimension_count", s.rope.n_dims);
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
  }
  if (!s.rope.freq_factors_long.empty()) {
    w.set_string(a + ".rope.scaling.type", "longrope");
    u32("rope.scaling.original_context_length", s.rope.long_factors_above);
    w.set_f32(a + ".rope.scaling.attn_factor", s.rope.attn_factor);
  }
  if (arch->sliding_rope_base) w.set_f32(a + ".rope.freq_base_swa", s.rope_swa.freq_base);
  if (arch->sliding != SlidingLayers::None && s.sliding_window > 0) {
    u32("attention.sliding_window", s.sliding_window);
    std::vector<uint32_t> flags;
    bool periodic = true;
    const int64_t period = arch->default_sliding_period;
    for (int64_t l = 0; l < s.n_layer; ++l) {
      const bool slides = s.layers[static_cast<size_t>(l)].sliding;
      flags.push_back(slides ? 1u : 0u);
      periodic = periodic && slides == (period == 0 || l % period < period - 1);  // as mark_periodic
    }
    if (!periodic) {
      std::vector<gguf::Value> items;
      for (uint32_t v : flags) items.push_back(gguf::Value::boolean(v != 0));
      w.set(a + ".attention.sliding_window_pattern", gguf::Value::array(gguf::ValueType::Bool, std::move(items)));
    }
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
  if (s.has_moe() && !s.layers.empty() && s.layers.front().n_ff_shared > 0)
    u32("expert_shared_feed_forward_length", s.layers.front().n_ff_shared);
  u32("vocab_size", s.n_vocab);
  return {};
}

}  // namespace tessera
