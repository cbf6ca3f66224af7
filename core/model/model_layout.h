// The tensors a GGUF file of an architecture holds, derived from the architecture table and the
// layer-tensor table for given hyperparameters: what `synth` and the tests' model writers write,
// and what a shape-only spec (split previews of models that are not on disk) describes. Fused
// tensors (architectures.h) appear once, with the slots they fill.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend/model_spec.h"
#include "common/error.h"
#include "model/architectures.h"

namespace tessera {

// What values a tensor holds, for writers that make data: weights, RMSNorm gains (near 1),
// biases, RoPE frequency divisors (>= 1), or a recurrent layer's decay rates (< 0, so its state
// decays rather than grows).
enum class TensorRole { Weight, NormGain, Bias, RopeDivisors, DecayRate };

struct FileTensor {
  std::string name;               // the GGUF name
  std::vector<int64_t> dims;
  TensorKind kind = TensorKind::Matrix;
  TensorRole role = TensorRole::Weight;
  int32_t layer = -1;             // -1: not a layer tensor
  std::vector<LayerTensor> layer_slots; // the layer slots it fills, in row order (several when fused)
  bool is_output = false;         // token_embd or output.weight (writers may give them other types)
};

// Every tensor of a file of `spec.architecture` with `spec`'s hyperparameters (n_vocab, n_ff per
// layer, experts, each layer's mixer, rope factors and tied_embeddings are read): the required
// slots of every layer (by its mixer),
// the optional slots in `optional` that the architecture allows, the global tensors. The order is
// that of real files: token_embd, per layer in slot order, output_norm, output, rope factors.
Result<std::vector<FileTensor>> file_tensor_layout(const ModelSpec& spec, SlotMask optional);

// Binds `whole` (a tensor read from a file or a shape without data) to the slots of `ft` in `spec`:
// one slot takes it as it is; fused slots take row views, each with the slot's own shape.
void bind_file_tensor(ModelSpec& spec, const FileTensor& ft, const TensorRef& whole);

// A shape-only spec: every tensor of file_tensor_layout bound without data, with the type that
// `type_of` gives each.
template <typename TypeOf>
Result<ModelSpec> shape_only_spec(ModelSpec spec, SlotMask optional, TypeOf type_of) {
  TESSERA_ASSIGN_OR_RETURN(std::vector<FileTensor> layout, file_tensor_layout(spec, optional));
  for (const FileTensor& ft : layout) {
    TensorRef t{ft.name, type_of(ft), ft.dims, {}};
    if (ft.layer < 0) {
      if (ft.name == "token_embd.weight") spec.token_embd = t;
      if (ft.name == "output_norm.weight") spec.output_norm = t;
      if (ft.name == "output.weight") spec.output = t;
      continue;
    }
    bind_file_tensor(spec, ft, t);
  }
  if (spec.tied_embeddings) spec.output = spec.token_embd;
  return spec;
}

}  // namespace tessera
