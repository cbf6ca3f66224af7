// Which backend a CLI command runs on: `--backend cpu|cuda|auto` (auto: CUDA where the CUDA module
// loads and a GPU exists, otherwise the CPU). Keeps the CLI's knowledge of CUDA in one file.
#pragma once

#include <string>

#include "backend/backend.h"
#include "backend/backend_plugin.h"
#include "common/error.h"

namespace tessera::cli {

// Options that shape how a backend places a model (multi-GPU split settings live here too).
struct BackendOptions {
  std::string name = "auto";  // cpu | cuda | auto
  int n_threads = 0;          // CPU threads, 0 = all cores
  std::string split_mode;     // none | layer | row ("" = backend default)
  std::string tensor_split;   // "3,1"
  int main_gpu = 0;
};

// Consumes one backend option at args[i] (advancing i past its value); false if args[i] is not one.
// Recognised: --backend NAME, --threads N / -t N, --split-mode MODE / -sm MODE,
// --tensor-split LIST / -ts LIST, --main-gpu N / -mg N.
bool parse_backend_option(const std::vector<std::string>& args, size_t& i, BackendOptions& options, std::string& error);

// Usage lines for the options above.
const char* backend_options_usage();

// A factory for the chosen backend. `auto` falls back to the CPU, with `note` saying why (no CUDA
// module, no CUDA runtime, no driver or GPU). A CUDA factory holds code of the module `cuda` loaded:
// the caller keeps `cuda` alive longer than the factory and everything it makes.
Result<BackendFactory> make_backend_factory(const BackendOptions& options, CudaPluginLoader& cuda, std::string* note);

}  // namespace tessera::cli
