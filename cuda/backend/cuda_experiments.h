// The kernels written but not yet verified and measured on a GPU, which CudaBackendOptions::
// experimental (TESSERA_CUDA_EXPERIMENTAL at the programs' edge) turns on for A/B runs. Once a GPU
// run has verified and measured one, it becomes the default (or is removed) and leaves this list.
#pragma once

#include <string>

#include "common/error.h"

namespace tessera::cuda {

// None at present: the tensor-core attention (tc_attention, tc_decode) and the tensor-core MoE
// prefill (moe_mma) were verified and measured on an H100 and became the defaults (docs/perf.md).
// A new unmeasured kernel adds its flag here and its name to kNames in the .cpp.
struct CudaExperiments {};

// "a,b" -> those flags; empty names are skipped. An unknown name is an error that names it and the
// known ones (a typo would otherwise measure the default path under the experiment's name).
Result<CudaExperiments> parse_cuda_experiments(const std::string& list);

}  // namespace tessera::cuda
