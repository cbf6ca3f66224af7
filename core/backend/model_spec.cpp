#include "backend/model_spec.h"

namespace tessera {

std::vector<const TensorRef*> ModelSpec::all_tensors() const {
  std::vector<const TensorRef*> out;
  auto add = [&out](const TensorRef& t) {
    if (t.present()) out.push_back(&t);
  };
  add(token_embd);
  for (const LayerSpec& l : layers) {
    for (const TensorRef* t : {&l.attn_norm, &l.wq, &l.wk, &l.wv, &l.wo, &l.bq, &l.bk, &l.bv, &l.bo,
                               &l.ffn_norm, &l.ffn_gate, &l.ffn_up, &l.ffn_down})
      add(*t);
  }
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
  for (const TensorRef* t : all_tensors()) n += t->data.size();
  return n;
}

}  // namespace tessera
