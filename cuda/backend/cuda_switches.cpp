#include "backend/cuda_switches.h"

#include <algorithm>

namespace tessera::cuda {

Result<std::vector<std::string_view>> parse_switch_names(const std::string& list,
                                                         const std::vector<std::string_view>& known,
                                                         std::string_view what) {
  std::vector<std::string_view> out;
  size_t at = 0;
  while (at <= list.size()) {
    const size_t comma = std::min(list.find(',', at), list.size());
    const std::string_view name = std::string_view(list).substr(at, comma - at);
    at = comma + 1;
    if (name.empty()) continue;
    const auto it = std::find(known.begin(), known.end(), name);
    if (it == known.end()) {
      std::string names;
      for (std::string_view k : known) names += std::string(names.empty() ? "" : ", ") + std::string(k);
      if (names.empty()) names = "none";
      return make_error(ErrorKind::InvalidArgument, "unknown " + std::string(what) + " '" + std::string(name) +
                                                        "' in '" + list + "' (known: " + names + ")");
    }
    out.push_back(*it);
  }
  return out;
}

Result<CudaFusions> parse_cuda_fusions(const std::string& list) {
  static constexpr std::pair<std::string_view, bool CudaFusions::*> kNames[] = {
      {"glu", &CudaFusions::glu}, {"norm_q8", &CudaFusions::norm_q8}, {"rope", &CudaFusions::rope_kv}};
  std::vector<std::string_view> known;
  for (const auto& [name, flag] : kNames) known.push_back(name);
  TESSERA_ASSIGN_OR_RETURN(auto names, parse_switch_names(list, known, "fusion to turn off"));
  CudaFusions out;
  for (std::string_view n : names)
    for (const auto& [name, flag] : kNames)
      if (n == name) out.*flag = false;
  return out;
}

}  // namespace tessera::cuda
