// The CPU reference backend: the Llama-family forward pass of model_spec.h written plainly in
// float32, reading the weights in place from the memory-mapped GGUF (quantized rows are dequantized
// on the fly by core/quant), multi-threaded over the rows of each matrix (and over query heads in
// attention) by a small thread pool that each loaded model owns. It is the reference the CUDA
// backend is tested against, and the fallback where no GPU exists.
#pragma once

#include <memory>

#include "backend/backend.h"

namespace tessera {

class CpuBackend final : public Backend {
 public:
  std::string name() const override { return "cpu"; }
  Result<std::unique_ptr<BackendModel>> load_model(const ModelSpec& spec, const BackendModelSettings& settings,
                                                   const ProgressFn& progress) override;
};

// A factory for the Engine: always succeeds.
BackendFactory cpu_backend_factory();

}  // namespace tessera
