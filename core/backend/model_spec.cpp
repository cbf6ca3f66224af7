#include "backend/model_spec.h"

#include <algorithm>

namespace tessera {

const char* layer_mixer_name(LayerMixer mixer) {
  switch (mixer) {
    case LayerMixer::Attention: return "attention";
    case LayerMixer::GatedDeltaNet: return "Gated DeltaNet";
  }
  return "?";
}

int64_t ModelSpec::recurrent_layer_count() const {
  return std::count_if(layers.begin(), layers.end(), [](const LayerSpec& l) { return l.is_recurrent(); });
}

RopeParams rope_for_context(const RopeParams& rope, int64_t n_ctx) {
  RopeParams r = rope;
  if (!r.freq_factors_long.empty() && n_ctx > r.long_factors_above) r.freq_factors = r.freq_factors_long;
  r.freq_factors_long.clear();
  return r;
}

std::vector<const TensorRef*> ModelSpec::all_tensors() const {
  std::vector<const TensorRef*> out;
  auto add = [&out](const TensorRef& t) {
    if (t.present()) out.push_back(&t);
  };
  add(token_embd);
  for (const LayerSpec& l : layers)
    for (const TensorRef& t : l.tensors) add(t);
  add(output_norm);
  if (!tied_embeddings) add(output);
  return out;
}

uint64_t ModelSpec::parameter_count() const {
  uint64_t n = 0;
  for (const TensorRef* t : all_tensors()) n += static_cast<uint64_t>(t->n_elements());
  return n;
}

uint64_t ModelSpec::weight_bytes() const {
  uint64_t n = 0;
  // From type and shape, so a shape-only spec (no data) counts the bytes its file would hold.
  for (const TensorRef* t : all_tensors()) n += tensor_bytes_unchecked(t->type, static_cast<uint64_t>(t->n_elements()));
  return n;
}

uint64_t ModelSpec::largest_layer_matrix(const LayerSpec& l, int32_t n_expert) {
  uint64_t m = 0;
  for (const LayerTensorInfo& info : layer_tensor_table()) {
    const TensorRef& t = l[info.slot];
    if (info.kind != TensorKind::Matrix || !t.present()) continue;
    uint64_t n = static_cast<uint64_t>(t.n_elements());
    // An expert tensor is multiplied one expert at a time; the shared expert and the recurrent
    // layers' matrices (also Unsplittable) whole.
    const bool expert = info.slot == LayerTensor::ExpertGate || info.slot == LayerTensor::ExpertUp ||
                        info.slot == LayerTensor::ExpertDown;
    if (expert && n_expert > 0) n /= static_cast<uint64_t>(n_expert);
    m = std::max(m, n);
  }
  return m;
}

}  // namespace tessera
