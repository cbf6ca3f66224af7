#include "model/model_layout.h"

namespace tessera {
namespace {

TensorRole role_of(LayerTensor t) {
  switch (t) {
    case LayerTensor::Bq:
    case LayerTensor::Bk:
    case LayerTensor::Bv:
    case LayerTensor::Bo:
    case LayerTensor::AttnSinks:
    case LayerTensor::RouterBias:
    case LayerTensor::ExpertGateBias:
    case LayerTensor::ExpertUpBias:
    case LayerTensor::ExpertDownBias:
    case LayerTensor::DeltaDtBias:
      return TensorRole::Bias;
    case LayerTensor::DeltaA:
      return TensorRole::DecayRate;
    case LayerTensor::DeltaConv:
    case LayerTensor::SharedGateLogit:
      return TensorRole::Weight;
    default:
      return layer_tensor_info(t).kind == TensorKind::Vector ? TensorRole::NormGain : TensorRole::Weight;
  }
}

}  // namespace

Result<std::vector<FileTensor>> file_tensor_layout(const ModelSpec& s, SlotMask optional) {
  const Architecture* arch = find_architecture(s.architecture);
  if (arch == nullptr)
    return make_error(ErrorKind::InvalidArgument, "file_tensor_layout: unknown architecture '" + s.architecture + "'");
  if (static_cast<int64_t>(s.layers.size()) != s.n_layer)
    return make_error(ErrorKind::InvalidArgument, "file_tensor_layout: the spec needs one LayerSpec per layer");
  std::vector<FileTensor> out;
  out.push_back({"token_embd.weight", {s.n_embd, s.n_vocab}, TensorKind::Matrix, TensorRole::Weight, -1, {}, true});
  for (int32_t l = 0; l < static_cast<int32_t>(s.layers.size()); ++l) {
    const LayerSpec& ls = s.layers[static_cast<size_t>(l)];
    const std::string prefix = "blk." + std::to_string(l) + ".";
    const SlotMask wanted =
        required_slots(*arch, s.has_moe(), ls.mixer) | (optional & optional_slots(*arch, ls.mixer));
    SlotMask done = 0;
    for (const FusedTensor& fused : ls.is_recurrent() ? std::vector<FusedTensor>{} : arch->fused) {
      FileTensor ft{prefix + std::string(fused.gguf_name), {}, TensorKind::Matrix, TensorRole::Weight, l, {}, false};
      int64_t rows = 0;
      for (int i = 0; i < fused.n_parts; ++i) {
        const LayerTensor part = fused.parts[i];
        if (!in_mask(wanted, part)) continue;
        const std::vector<int64_t> dims = layer_tensor_shape(part, s, ls);
        ft.dims = {dims[0]};
        rows += dims[1];
        ft.layer_slots.push_back(part);
        done |= slot_mask({part});
      }
      if (ft.layer_slots.empty()) continue;
      ft.dims.push_back(rows);
      out.push_back(std::move(ft));
    }
    for (const LayerTensorInfo& info : layer_tensor_table()) {
      if (!in_mask(wanted, info.slot) || in_mask(done, info.slot)) continue;
      out.push_back({prefix + std::string(slot_gguf_name(*arch, info.slot)), layer_tensor_shape(info.slot, s, ls), info.kind,
                     role_of(info.slot), l, {info.slot}, false});
    }
  }
  out.push_back({"output_norm.weight", {s.n_embd}, TensorKind::Vector, TensorRole::NormGain, -1, {}, false});
  if (!s.tied_embeddings)
    out.push_back({"output.weight", {s.n_embd, s.n_vocab}, TensorKind::Matrix, TensorRole::Weight, -1, {}, true});
  const int64_t half = s.rope.n_dims / 2;
  if (!s.rope.freq_factors_long.empty()) {
    out.push_back({"rope_factors_long.weight", {half}, TensorKind::Vector, TensorRole::RopeDivisors, -1, {}, false});
    out.push_back({"rope_factors_short.weight", {half}, TensorKind::Vector, TensorRole::RopeDivisors, -1, {}, false});
  } else if (!s.rope.freq_factors.empty() && s.rope.yarn.factor == 0.0f) {  // YaRN's come from its keys
    out.push_back({"rope_freqs.weight", {half}, TensorKind::Vector, TensorRole::RopeDivisors, -1, {}, false});
  }
  return out;
}

void bind_file_tensor(ModelSpec& spec, const FileTensor& ft, const TensorRef& whole) {
  LayerSpec& ls = spec.layers[static_cast<size_t>(ft.layer)];
  if (ft.layer_slots.size() == 1) {
    ls[ft.layer_slots.front()] = whole;
    return;
  }
  const uint64_t row_bytes = whole.n_rows() > 0 ? whole.data.size() / static_cast<uint64_t>(whole.n_rows()) : 0;
  int64_t row = 0;
  for (LayerTensor slot : ft.layer_slots) {
    TensorRef part = whole;
    part.dims = layer_tensor_shape(slot, spec, ls);
    part.name = whole.name + " [" + std::string(layer_tensor_info(slot).gguf_name.substr(0, layer_tensor_info(slot).gguf_name.find('.'))) +
                " rows]";
    if (!whole.data.empty())
      part.data = whole.data.subspan(static_cast<size_t>(row) * row_bytes, static_cast<size_t>(part.n_rows()) * row_bytes);
    row += part.n_rows();
    ls[slot] = part;
  }
}

}  // namespace tessera
