// The CUDA backend's A/B switches, named in comma-separated lists (CudaBackendOptions::unfused and
// ::experimental; TESSERA_CUDA_UNFUSED and TESSERA_CUDA_EXPERIMENTAL at the programs' edge). Every
// name is checked: a misspelled one is an error naming it and the known ones, because a typo would
// otherwise measure the default path under the switch's name.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/error.h"

namespace tessera::cuda {

// Which fused kernels a step uses; all on by default, and `unfused` turns them off one by one
// (docs/perf.md has their measured effect).
struct CudaFusions {
  bool glu = true;      // "glu": the gate|up matvec applies the activation (else matvec + glu kernel)
  bool norm_q8 = true;  // "norm_q8": RMSNorm writes the q8 activations (else norm + quantize kernel)
  bool rope_kv = true;  // "rope": RoPE of q, k and the KV-cache write in one kernel (else three)
};

// "glu,rope" -> those fusions off; empty names are skipped, an unknown one is InvalidArgument.
Result<CudaFusions> parse_cuda_fusions(const std::string& list);

// The names of a comma-separated `list` (empty ones skipped), each one of `known`, in list order.
// `what` names the list in the error ("experimental CUDA kernel").
Result<std::vector<std::string_view>> parse_switch_names(const std::string& list,
                                                         const std::vector<std::string_view>& known,
                                                         std::string_view what);

}  // namespace tessera::cuda
