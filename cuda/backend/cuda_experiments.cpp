#include "backend/cuda_experiments.h"

#include "backend/cuda_switches.h"

namespace tessera::cuda {

Result<CudaExperiments> parse_cuda_experiments(const std::string& list) {
  // No experiment is known at present: a new one adds its flag in the header and its name here,
  // as parse_cuda_fusions does.
  TESSERA_TRY(parse_switch_names(list, {}, "experimental CUDA kernel"));
  return CudaExperiments{};
}

}  // namespace tessera::cuda
