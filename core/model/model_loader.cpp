#include "model/model_loader.h"

#include <algorithm>

#include "model/architectures.h"
#include "model/hparams_io.h"
#include "model/model_layout.h"

namespace tessera {
namespace {

std::string shape_string(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
  return s + "]";
}

// Tensor lookups of one file; every message names the tensor and the file.
class TensorReader {
 public:
  TensorReader(const gguf::GgufFile& file, std::string_view arch) : f_(file), arch_(arch) {}

  bool has(const std::string& name) const { return f_.find_tensor(name) != nullptr; }

  // A required tensor with exactly `dims`.
  Result<TensorRef> tensor(const std::string& name, const std::vector<int64_t>& dims) {
    const gguf::TensorInfo* info = f_.find_tensor(name);
    if (info == nullptr)
      return make_error(ErrorKind::BadFile, "missing tensor '" + name + "' in " + f_.path() + " (architecture " + arch_ +
                                                " needs it, shape " + shape_string(dims) + ")");
    return check(*info, dims);
  }
  // An optional tensor: absent -> an empty TensorRef.
  Result<TensorRef> optional_tensor(const std::string& name, const std::vector<int64_t>& dims) {
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

// The tensors of layer `l`: fused tensors first (views into them fill their slots), then every
// other slot the architecture has.
Status read_layer(TensorReader& r, const Architecture& arch, ModelSpec& spec, int32_t l) {
  LayerSpec& ls = spec.layers[static_cast<size_t>(l)];
  const std::string prefix = "blk." + std::to_string(l) + ".";
  const SlotMask required = required_slots(arch, spec.has_moe(), ls.mixer);
  const SlotMask optional = optional_slots(arch, ls.mixer);
  SlotMask done = 0;
  // Fused tensors belong to the attention layers (a recurrent layer's attn_qkv is its own slot).
  for (const FusedTensor& fused : ls.is_recurrent() ? std::vector<FusedTensor>{} : arch.fused) {
    const std::string name = prefix + std::string(fused.gguf_name);
    FileTensor ft{name, {}, TensorKind::Matrix, TensorRole::Weight, l, {}, false};
    int64_t rows = 0;
    for (int i = 0; i < fused.n_parts; ++i) {
      const std::vector<int64_t> d = layer_tensor_shape(fused.parts[i], spec, ls);
      ft.dims = {d[0]};
      rows += d[1];
      ft.layer_slots.push_back(fused.parts[i]);
    }
    ft.dims.push_back(rows);
    if (!fused.only_fused && !r.has(name)) continue;  // stored as separate tensors
    TESSERA_ASSIGN_OR_RETURN(TensorRef whole, r.tensor(name, ft.dims));
    bind_file_tensor(spec, ft, whole);
    for (LayerTensor t : ft.layer_slots) done |= slot_mask({t});
  }
  for (const LayerTensorInfo& info : layer_tensor_table()) {
    if (in_mask(done, info.slot)) continue;
    const bool req = in_mask(required, info.slot);
    if (!req && !in_mask(optional, info.slot)) continue;
    const std::string name = prefix + std::string(slot_gguf_name(arch, info.slot));
    const std::vector<int64_t> dims = layer_tensor_shape(info.slot, spec, ls);
    if (req) {
      TESSERA_ASSIGN_OR_RETURN(ls[info.slot], r.tensor(name, dims));
    } else {
      TESSERA_ASSIGN_OR_RETURN(ls[info.slot], r.optional_tensor(name, dims));
    }
  }
  return {};
}

}  // namespace

const std::vector<std::string>& supported_architectures() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& a : architectures()) v.emplace_back(a.name);
    return v;
  }();
  return names;
}

bool is_supported_architecture(std::string_view name) { return find_architecture(name) != nullptr; }

Result<ModelSpec> build_model_spec(std::shared_ptr<const gguf::GgufFile> file) {
  if (!file) return make_error(ErrorKind::InvalidArgument, "build_model_spec: no file");
  const gguf::GgufFile& f = *file;
  if (!f.has("general.architecture"))
    return make_error(ErrorKind::BadFile, "missing metadata key 'general.architecture' in " + f.path());
  const std::string arch_name = f.architecture();
  const Architecture* arch = find_architecture(arch_name);
  if (arch == nullptr) {
    std::string list;
    for (const auto& n : supported_architectures()) list += (list.empty() ? "" : ", ") + n;
    return make_error(ErrorKind::Unsupported,
                      "unsupported architecture '" + arch_name + "' in " + f.path() + "; Tessera runs " + list);
  }

  ModelSpec spec;
  TESSERA_TRY(read_hyperparameters(f, *arch, spec));

  // Vocabulary size comes from the embedding matrix; metadata must agree when present.
  const gguf::TensorInfo* embd = f.find_tensor("token_embd.weight");
  if (embd == nullptr)
    return make_error(ErrorKind::BadFile, "missing tensor 'token_embd.weight' in " + f.path() + " (architecture " +
                                              arch_name + " needs it)");
  spec.n_vocab = embd->dims.size() >= 2 ? embd->dims[1] : 0;
  if (spec.n_vocab <= 0)
    return make_error(ErrorKind::BadFile, "tensor 'token_embd.weight' in " + f.path() + " has shape " +
                                              shape_string(embd->dims) + ", expected [" + std::to_string(spec.n_embd) +
                                              ", n_vocab]");
  const std::string vocab_key = arch_name + ".vocab_size";
  TESSERA_ASSIGN_OR_RETURN(uint64_t vocab_key_value, f.get_uint_or(vocab_key, static_cast<uint64_t>(spec.n_vocab)));
  if (static_cast<int64_t>(vocab_key_value) != spec.n_vocab)
    return make_error(ErrorKind::BadFile, "metadata '" + vocab_key + "' in " + f.path() + " is " +
                                              std::to_string(vocab_key_value) + " but token_embd.weight has " +
                                              std::to_string(spec.n_vocab) + " rows");

  TensorReader r(f, arch_name);
  const int64_t d = spec.n_embd, nv = spec.n_vocab;
  TESSERA_ASSIGN_OR_RETURN(spec.token_embd, r.tensor("token_embd.weight", {d, nv}));
  TESSERA_ASSIGN_OR_RETURN(spec.output_norm, r.tensor("output_norm.weight", {d}));
  TESSERA_ASSIGN_OR_RETURN(spec.output, r.optional_tensor("output.weight", {d, nv}));
  if (!spec.output.present()) {
    spec.output = spec.token_embd;
    spec.tied_embeddings = true;
  }
  for (int32_t l = 0; l < static_cast<int32_t>(spec.n_layer); ++l) TESSERA_TRY(read_layer(r, *arch, spec, l));
  spec.weights_owner = std::shared_ptr<const void>(file, file.get());
  return spec;
}

}  // namespace tessera
