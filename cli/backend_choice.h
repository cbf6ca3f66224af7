// Which backend a CLI command runs on: `--backend cpu|cuda|auto` (auto: CUDA where the CUDA module
// loads and a GPU exists, otherwise the CPU). Keeps the CLI's knowledge of CUDA in one file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "backend/backend_plugin.h"
#include "common/error.h"
#include "option_parse.h"
#include "placement/split_settings.h"

namespace tessera::cli {

// Options that shape how a backend places a model (multi-GPU split settings live here too).
struct BackendOptions {
  std::string name = "auto";            // cpu | cuda | auto
  int32_t n_threads = 0;                // CPU threads (kThreadsRange), 0 = all cores
  std::optional<SplitMode> split_mode;  // none | layer | row (nullopt: the backend's default)
  std::vector<float> tensor_split;      // shares per GPU, "3,1" (empty: the backend's default)
  int32_t main_gpu = 0;                 // kDeviceIndexRange; the planner checks it against the devices
};

// Consumes the backend option at hand (with its value); false if it is not one. Recognised:
// --backend NAME, --threads N / -t N, --split-mode MODE / -sm MODE, --tensor-split LIST / -ts LIST,
// --main-gpu N / -mg N. A bad value is recorded in `reader` (the option is still consumed).
bool parse_backend_option(OptionReader& reader, BackendOptions& options);

// Usage lines for the options above, with their ranges.
std::string backend_options_usage();

// The CUDA settings of this process's environment (TESSERA_CUDA_PLUGIN, _VIRTUAL_DEVICES, _GRAPHS,
// _UNFUSED): the CLI is the edge that reads them; library code is handed the value.
CudaEnvironment cuda_environment_of_process();

// A factory for the chosen backend. `auto` falls back to the CPU, with `note` saying why (no CUDA
// module, no CUDA runtime, no driver or GPU). A CUDA factory holds code of the module `cuda` loaded:
// the caller keeps `cuda` alive longer than the factory and everything it makes. The CUDA settings
// (virtual devices, graphs, fusions) are `cuda.environment()`.
Result<BackendFactory> make_backend_factory(const BackendOptions& options, CudaPluginLoader& cuda, std::string* note);

}  // namespace tessera::cli
