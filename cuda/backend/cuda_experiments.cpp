#include "backend/cuda_experiments.h"

#include <algorithm>
#include <utility>

namespace tessera::cuda {

Result<CudaExperiments> parse_cuda_experiments(const std::string& list) {
  static constexpr std::pair<const char*, bool CudaExperiments::*> kNames[] = {
      {"tc_attention", &CudaExperiments::tc_attention},
      {"tc_decode", &CudaExperiments::tc_decode},
      {"moe_mma", &CudaExperiments::moe_mma}};
  CudaExperiments out;
  size_t at = 0;
  while (at <= list.size()) {
    const size_t comma = std::min(list.find(',', at), list.size());
    const std::string name = list.substr(at, comma - at);
    at = comma + 1;
    if (name.empty()) continue;
    bool known = false;
    std::string names;
    for (const auto& [text, flag] : kNames) {
      names += std::string(names.empty() ? "" : ", ") + text;
      if (name == text) {
        out.*flag = true;
        known = true;
      }
    }
    if (!known)
      return make_error(ErrorKind::InvalidArgument,
                        "unknown experimental CUDA kernel '" + name + "' in '" + list + "' (known: " + names + ")");
  }
  return out;
}

}  // namespace tessera::cuda
