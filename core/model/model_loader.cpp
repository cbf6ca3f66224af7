#include "model/model_loader.h"

#include <algorithm>
#include <cmath>

#include "model/rope_scaling.h"

namespace tessera {
namespace {

struct ArchTraits {
  const char* name;
  RopeMode rope_mode;
  bool qkv_bias_required;
};

constexpr ArchTraits kArchitectures[] = {
    {"llama", RopeMode::Normal, false},
    {"mistral", RopeMode::Normal, false},
    {"qwen2", RopeMode::NeoX, true},
};

const ArchTraits* find_arch(std::string_view name) {
  for (const auto& a : kArchitectures)
    if (name == a.name) return &a;
  return nullptr;
}

std::string shape_string(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
  return s + "]";
}

// Reads metadata and tensors of one file; `path` names it in every message.
class SpecBuilder {
 public:
  SpecBuilder(const gguf::GgufFile& file, std::string arch) : f_(file), arch_(std::move(arch)) {}

  std::string key(std::string_view suffix) const { return arch_ + "." + std::string(suffix); }

  Result<int64_t> positive(std::string_view suffix) {
    TESSERA_ASSIGN_OR_RETURN(uint64_t v, f_.get_uint(key(suffix)));
    return check_positive(suffix, v);
  }
  Result<int64_t> positive_or(std::string_view suffix, int64_t fallback) {
    TESSERA_ASSIGN_OR_RETURN(uint64_t v, f_.get_uint_or(key(suffix), static_cast<uint64_t>(fallback)));
    return check_positive(suffix, v);
  }
  Result<int64_t> check_positive(std::string_view suffix, uint64_t v) {
    if (v == 0 || v > (1ull << 31))
      return make_error(ErrorKind::BadFile, "metadata '" + key(suffix) + "' in " + f_.path() + " is " + std::to_string(v) +
                                                ", expected a positive count below 2^31");
    return static_cast<int64_t>(v);
  }

  // A required tensor with exactly `dims`.
  Result<TensorRef> tensor(const std::string& name, std::vector<int64_t> dims) {
    const gguf::TensorInfo* info = f_.find_tensor(name);
    if (info == nullptr)
      return make_error(ErrorKind::BadFile, "missing tensor '" + name + "' in " + f_.path() + " (architecture " + arch_ +
                                                " needs it, shape " + shape_string(dims) + ")");
    return check(*info, dims);
  }
  // An optional tensor: absent -> an empty TensorRef.
  Result<TensorRef> optional_tensor(const std::string& name, std::vector<int64_t> dims) {
    const gguf::TensorInfo* info = f_.find_tensor(name);
    if (info == nullptr) return TensorRef{};
    return check(*info, dims);
  }

 private:
  Result<TensorRef> check(const gguf::TensorInfo& info, const std::vector<int64_t>& dims) {
    // Trailing dimensions of 1 are equivalent ([64] == [64, 1]).
    std::vector<int64_t> found = info.dims;
    while (found.size() > dims.size() && found.back() == 1) found.pop_back();
    if (found != dims)
      return make_error(ErrorKind::BadFile, "tensor '" + info.name + "' in " + f_.path() + " has shape " +
                                                shape_string(info.dims) + ", expected " + shape_string(dims));
    TESSERA_TRY(require_supported(info.type, info.name));
    TensorRef t;
    t.name = info.name;
    t.type = info.type;
    t.dims = dims;
    t.data = f_.tensor_data(info);
    return t;
  }

  const gguf::GgufFile& f_;
  std::string arch_;
};

Status read_rope(const gguf::GgufFile& f, SpecBuilder& b, ModelSpec& spec) {
  RopeParams& rope = spec.rope;
  TESSERA_ASSIGN_OR_RETURN(int64_t n_rot, b.positive_or("rope.dimension_count", spec.head_dim));
  if (n_rot > spec.head_dim || n_rot % 2 != 0)
    return make_error(ErrorKind::BadFile, "metadata '" + b.key("rope.dimension_count") + "' in " + f.path() + " is " +
                                              std::to_string(n_rot) + ", expected an even number <= the head size " +
                                              std::to_string(spec.head_dim));
  rope.n_dims = static_cast<int32_t>(n_rot);
  TESSERA_ASSIGN_OR_RETURN(double base, f.get_float_or(b.key("rope.freq_base"), 10000.0));
  if (!(base > 1.0))
    return make_error(ErrorKind::BadFile, "metadata '" + b.key("rope.freq_base") + "' in " + f.path() + " is " +
                                              std::to_string(base) + ", expected a value > 1");
  rope.freq_base = static_cast<float>(base);

  TESSERA_ASSIGN_OR_RETURN(double linear, f.get_float_or(b.key("rope.scale_linear"), 1.0));
  TESSERA_ASSIGN_OR_RETURN(std::string type, f.get_string_or(b.key("rope.scaling.type"), linear != 1.0 ? "linear" : "none"));
  TESSERA_ASSIGN_OR_RETURN(double factor, f.get_float_or(b.key("rope.scaling.factor"), linear));
  if (type == "linear" || type == "llama3") {
    if (!(factor > 0.0) || !std::isfinite(factor))
      return make_error(ErrorKind::BadFile, "metadata '" + b.key("rope.scaling.factor") + "' in " + f.path() + " is " +
                                                std::to_string(factor) + ", expected a positive number");
  }
  if (type == "linear") {
    rope.freq_scale = static_cast<float>(1.0 / factor);
  } else if (type != "none" && type != "llama3") {
    return make_error(ErrorKind::Unsupported, "rope scaling type '" + type + "' of " + f.path() +
                                                  " is not supported (Tessera supports none, linear and llama3)");
  }

  // A file's rope_freqs.weight wins over metadata (it is what converters write for Llama 3.1).
  const std::string freqs_name = "rope_freqs.weight";
  if (const gguf::TensorInfo* info = f.find_tensor(freqs_name)) {
    TESSERA_ASSIGN_OR_RETURN(TensorRef t, b.tensor(freqs_name, {n_rot / 2}));
    if (t.type != GgmlType::F32)
      return make_error(ErrorKind::Unsupported, "tensor '" + freqs_name + "' in " + f.path() + " has type " +
                                                    std::string(type_name(t.type)) + ", expected F32");
    rope.freq_factors.resize(static_cast<size_t>(n_rot / 2));
    const auto* src = reinterpret_cast<const float*>(t.data.data());
    for (size_t i = 0; i < rope.freq_factors.size(); ++i) {
      if (!(src[i] > 0.0f) || !std::isfinite(src[i]))
        return make_error(ErrorKind::BadFile, "tensor '" + freqs_name + "' in " + f.path() + " holds " +
                                                  std::to_string(src[i]) + " at index " + std::to_string(i) +
                                                  ", expected positive frequency divisors");
      rope.freq_factors[i] = src[i];
    }
    (void)info;
  } else if (type == "llama3") {
    Llama3RopeScaling s;
    s.factor = factor;
    TESSERA_ASSIGN_OR_RETURN(s.low_freq_factor, f.get_float_or(b.key("rope.scaling.low_freq_factor"), 1.0));
    TESSERA_ASSIGN_OR_RETURN(s.high_freq_factor, f.get_float_or(b.key("rope.scaling.high_freq_factor"), 4.0));
    TESSERA_ASSIGN_OR_RETURN(s.original_context_length,
                             f.get_float_or(b.key("rope.scaling.original_context_length"), 8192.0));
    if (!(s.high_freq_factor > s.low_freq_factor) || !(s.low_freq_factor > 0.0) || !(s.original_context_length > 0.0))
      return make_error(ErrorKind::BadFile, "llama3 rope scaling of " + f.path() + " needs 0 < low_freq_factor (" +
                                                std::to_string(s.low_freq_factor) + ") < high_freq_factor (" +
                                                std::to_string(s.high_freq_factor) + ") and a positive original context");
    rope.freq_factors = llama3_rope_freq_factors(s, rope.n_dims, base);
  }
  return {};
}

}  // namespace

const std::vector<std::string>& supported_architectures() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& a : kArchitectures) v.emplace_back(a.name);
    return v;
  }();
  return names;
}

bool is_supported_architecture(std::string_view name) { return find_arch(name) != nullptr; }

Result<ModelSpec> build_model_spec(std::shared_ptr<const gguf::GgufFile> file) {
  if (!file) return make_error(ErrorKind::InvalidArgument, "build_model_spec: no file");
  const gguf::GgufFile& f = *file;
  if (!f.has("general.architecture"))
    return make_error(ErrorKind::BadFile, "missing metadata key 'general.architecture' in " + f.path());
  const std::string arch = f.architecture();
  const ArchTraits* traits = find_arch(arch);
  if (traits == nullptr) {
    std::string list;
    for (const auto& a : kArchitectures) list += (list.empty() ? "" : ", ") + std::string(a.name);
    return make_error(ErrorKind::Unsupported,
                      "unsupported architecture '" + arch + "' in " + f.path() + "; Tessera runs " + list);
  }

  SpecBuilder b(f, arch);
  ModelSpec spec;
  spec.architecture = arch;
  spec.source_path = f.path();
  TESSERA_ASSIGN_OR_RETURN(spec.name, f.get_string_or("general.name", ""));
  TESSERA_ASSIGN_OR_RETURN(spec.n_embd, b.positive("embedding_length"));
  TESSERA_ASSIGN_OR_RETURN(spec.n_layer, b.positive("block_count"));
  TESSERA_ASSIGN_OR_RETURN(spec.n_ctx_train, b.positive("context_length"));
  TESSERA_ASSIGN_OR_RETURN(spec.n_head, b.positive("attention.head_count"));
  TESSERA_ASSIGN_OR_RETURN(spec.n_head_kv, b.positive_or("attention.head_count_kv", spec.n_head));
  if (spec.n_head % spec.n_head_kv != 0)
    return make_error(ErrorKind::BadFile, "attention.head_count " + std::to_string(spec.n_head) +
                                              " is not a multiple of attention.head_count_kv " +
                                              std::to_string(spec.n_head_kv) + " in " + f.path());
  if (spec.n_layer > 4096)
    return make_error(ErrorKind::BadFile, "metadata '" + b.key("block_count") + "' in " + f.path() + " is " +
                                              std::to_string(spec.n_layer) + ", expected at most 4096");
  const int64_t default_head = spec.n_embd / spec.n_head;
  TESSERA_ASSIGN_OR_RETURN(int64_t key_len, b.positive_or("attention.key_length", default_head));
  TESSERA_ASSIGN_OR_RETURN(int64_t value_len, b.positive_or("attention.value_length", key_len));
  if (key_len != value_len)
    return make_error(ErrorKind::Unsupported, "attention key length " + std::to_string(key_len) +
                                                  " differs from value length " + std::to_string(value_len) + " in " +
                                                  f.path() + "; Tessera needs them equal");
  spec.head_dim = key_len;
  TESSERA_ASSIGN_OR_RETURN(double eps, f.get_float_or(b.key("attention.layer_norm_rms_epsilon"), 1e-5));
  if (!(eps > 0.0) || eps > 1.0)
    return make_error(ErrorKind::BadFile, "metadata '" + b.key("attention.layer_norm_rms_epsilon") + "' in " + f.path() +
                                              " is " + std::to_string(eps) + ", expected a small positive number");
  spec.rms_eps = static_cast<float>(eps);

  // Feed-forward width: one value, or one per layer.
  std::vector<int64_t> n_ff(static_cast<size_t>(spec.n_layer));
  const gguf::Value* ff = f.find(b.key("feed_forward_length"));
  if (ff != nullptr && ff->is_array()) {
    TESSERA_ASSIGN_OR_RETURN(std::vector<int64_t> per_layer, f.get_int_array(b.key("feed_forward_length")));
    if (static_cast<int64_t>(per_layer.size()) != spec.n_layer)
      return make_error(ErrorKind::BadFile, "metadata '" + b.key("feed_forward_length") + "' in " + f.path() + " has " +
                                                std::to_string(per_layer.size()) + " entries, expected one per layer (" +
                                                std::to_string(spec.n_layer) + ")");
    for (size_t i = 0; i < per_layer.size(); ++i) {
      TESSERA_ASSIGN_OR_RETURN(n_ff[i], b.check_positive("feed_forward_length", static_cast<uint64_t>(per_layer[i])));
    }
  } else {
    TESSERA_ASSIGN_OR_RETURN(int64_t v, b.positive("feed_forward_length"));
    std::fill(n_ff.begin(), n_ff.end(), v);
  }

  TESSERA_TRY(read_rope(f, b, spec));
  spec.rope.mode = traits->rope_mode;

  // Vocabulary size comes from the embedding matrix; metadata must agree when present.
  const gguf::TensorInfo* embd = f.find_tensor("token_embd.weight");
  if (embd == nullptr)
    return make_error(ErrorKind::BadFile, "missing tensor 'token_embd.weight' in " + f.path() + " (architecture " + arch +
                                              " needs it)");
  spec.n_vocab = embd->dims.size() >= 2 ? embd->dims[1] : 0;
  if (spec.n_vocab <= 0)
    return make_error(ErrorKind::BadFile, "tensor 'token_embd.weight' in " + f.path() + " has shape " +
                                              shape_string(embd->dims) + ", expected [" + std::to_string(spec.n_embd) +
                                              ", n_vocab]");
  TESSERA_ASSIGN_OR_RETURN(uint64_t vocab_key, f.get_uint_or(b.key("vocab_size"), static_cast<uint64_t>(spec.n_vocab)));
  if (static_cast<int64_t>(vocab_key) != spec.n_vocab)
    return make_error(ErrorKind::BadFile, "metadata '" + b.key("vocab_size") + "' in " + f.path() + " is " +
                                              std::to_string(vocab_key) + " but token_embd.weight has " +
                                              std::to_string(spec.n_vocab) + " rows");

  const int64_t d = spec.n_embd, qd = spec.q_dim(), kvd = spec.kv_dim(), nv = spec.n_vocab;
  TESSERA_ASSIGN_OR_RETURN(spec.token_embd, b.tensor("token_embd.weight", {d, nv}));
  TESSERA_ASSIGN_OR_RETURN(spec.output_norm, b.tensor("output_norm.weight", {d}));
  TESSERA_ASSIGN_OR_RETURN(spec.output, b.optional_tensor("output.weight", {d, nv}));
  if (!spec.output.present()) {
    spec.output = spec.token_embd;
    spec.tied_embeddings = true;
  }

  spec.layers.resize(static_cast<size_t>(spec.n_layer));
  for (int64_t i = 0; i < spec.n_layer; ++i) {
    LayerSpec& l = spec.layers[static_cast<size_t>(i)];
    const std::string p = "blk." + std::to_string(i) + ".";
    const int64_t ff_i = n_ff[static_cast<size_t>(i)];
    l.n_ff = ff_i;
    TESSERA_ASSIGN_OR_RETURN(l.attn_norm, b.tensor(p + "attn_norm.weight", {d}));
    TESSERA_ASSIGN_OR_RETURN(l.wq, b.tensor(p + "attn_q.weight", {d, qd}));
    TESSERA_ASSIGN_OR_RETURN(l.wk, b.tensor(p + "attn_k.weight", {d, kvd}));
    TESSERA_ASSIGN_OR_RETURN(l.wv, b.tensor(p + "attn_v.weight", {d, kvd}));
    TESSERA_ASSIGN_OR_RETURN(l.wo, b.tensor(p + "attn_output.weight", {qd, d}));
    if (traits->qkv_bias_required) {
      TESSERA_ASSIGN_OR_RETURN(l.bq, b.tensor(p + "attn_q.bias", {qd}));
      TESSERA_ASSIGN_OR_RETURN(l.bk, b.tensor(p + "attn_k.bias", {kvd}));
      TESSERA_ASSIGN_OR_RETURN(l.bv, b.tensor(p + "attn_v.bias", {kvd}));
    } else {
      TESSERA_ASSIGN_OR_RETURN(l.bq, b.optional_tensor(p + "attn_q.bias", {qd}));
      TESSERA_ASSIGN_OR_RETURN(l.bk, b.optional_tensor(p + "attn_k.bias", {kvd}));
      TESSERA_ASSIGN_OR_RETURN(l.bv, b.optional_tensor(p + "attn_v.bias", {kvd}));
    }
    TESSERA_ASSIGN_OR_RETURN(l.bo, b.optional_tensor(p + "attn_output.bias", {d}));
    TESSERA_ASSIGN_OR_RETURN(l.ffn_norm, b.tensor(p + "ffn_norm.weight", {d}));
    TESSERA_ASSIGN_OR_RETURN(l.ffn_gate, b.tensor(p + "ffn_gate.weight", {d, ff_i}));
    TESSERA_ASSIGN_OR_RETURN(l.ffn_up, b.tensor(p + "ffn_up.weight", {d, ff_i}));
    TESSERA_ASSIGN_OR_RETURN(l.ffn_down, b.tensor(p + "ffn_down.weight", {ff_i, d}));
  }
  spec.weights_owner = std::shared_ptr<const void>(file, file.get());
  return spec;
}

}  // namespace tessera
