// The kernels written but not yet verified and measured on a GPU, which CudaBackendOptions::
// experimental (TESSERA_CUDA_EXPERIMENTAL at the programs' edge) turns on for A/B runs. Once a GPU
// run has verified and measured one, it becomes the default (or is removed) and leaves this list.
#pragma once

#include <string>

#include "common/error.h"

namespace tessera::cuda {

struct CudaExperiments {
  bool tc_attention = false;  // "tc_attention": prompt attention on the tensor cores (kernels/attention_mma.h)
  bool tc_decode = false;     // "tc_decode": the same kernel for steps of fewer than 16 tokens
  bool moe_mma = false;       // "moe_mma": MoE prefill as grouped tensor-core tiles (kernels/expert_gemm.h)
};

// "tc_attention,moe_mma" -> those flags; empty names are skipped. An unknown name is an error that
// names it and the known ones (a typo would otherwise measure the default path under the
// experiment's name).
Result<CudaExperiments> parse_cuda_experiments(const std::string& list);

}  // namespace tessera::cuda
