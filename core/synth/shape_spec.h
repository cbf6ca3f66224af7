// A ModelSpec for a model shape without any weights behind it: tensor names, types and dims only
// (TensorRef::data stays empty). For split previews of models that are not on disk and for tests of
// the planner; a backend cannot load it.
#pragma once

#include "backend/model_spec.h"
#include "synth/model_shapes.h"
#include "synth/synthetic_model.h"

namespace tessera::synth {

// Errors: those of shape_hyperparameters (unknown architecture, inconsistent heads).
Result<ModelSpec> shape_spec(const ModelShape& shape, const SynthOptions& options);

}  // namespace tessera::synth
