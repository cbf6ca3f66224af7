#include "backend/cuda_experiments.h"

#include <algorithm>

namespace tessera::cuda {

Result<CudaExperiments> parse_cuda_experiments(const std::string& list) {
  size_t at = 0;
  while (at <= list.size()) {
    const size_t comma = std::min(list.find(',', at), list.size());
    const std::string name = list.substr(at, comma - at);
    at = comma + 1;
    if (name.empty()) continue;
    // No experiment is known at present (a new one adds its name and flag here).
    return make_error(ErrorKind::InvalidArgument,
                      "unknown experimental CUDA kernel '" + name + "' in '" + list + "' (known: none)");
  }
  return CudaExperiments{};
}

}  // namespace tessera::cuda
