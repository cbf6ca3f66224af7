#include "synth/shape_spec.h"

namespace tessera::synth {

Result<ModelSpec> shape_spec(const ModelShape& s, const SynthOptions& o) {
  TESSERA_ASSIGN_OR_RETURN(ModelSpec m, shape_hyperparameters(s));
  const bool tied = m.tied_embeddings;
  return shape_only_spec(std::move(m), optional_slots(s),
                         [&o, tied](const FileTensor& t) { return synthetic_tensor_type(t, o, tied); });
}

}  // namespace tessera::synth
