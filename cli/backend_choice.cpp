#include "backend_choice.h"

#include "backend/cpu_backend.h"

namespace tessera::cli {

bool parse_backend_option(const std::vector<std::string>& args, size_t& i, BackendOptions& o, std::string& error) {
  const std::string& a = args[i];
  auto value = [&](std::string& dst) {
    if (i + 1 >= args.size()) {
      error = "option " + a + " needs a value";
      return true;
    }
    dst = args[++i];
    return true;
  };
  std::string v;
  if (a == "--backend") return value(o.name);
  if (a == "--split-mode" || a == "-sm") return value(o.split_mode);
  if (a == "--tensor-split" || a == "-ts") return value(o.tensor_split);
  if (a == "--threads" || a == "-t" || a == "--main-gpu" || a == "-mg") {
    value(v);
    if (!error.empty()) return true;
    try {
      (a == "--threads" || a == "-t" ? o.n_threads : o.main_gpu) = std::stoi(v);
    } catch (...) {
      error = "option " + a + " needs an integer, got '" + v + "'";
    }
    return true;
  }
  return false;
}

const char* backend_options_usage() {
  return "  --backend cpu|cuda|auto   where to run (default auto: CUDA when a GPU is present)\n"
         "  -t, --threads N           CPU threads (default: all cores)\n"
         "  -sm, --split-mode MODE    multi-GPU split: none | layer | row\n"
         "  -ts, --tensor-split LIST  share of the model per GPU, e.g. 3,1\n"
         "  -mg, --main-gpu N         GPU that holds shared tensors (default 0)\n";
}

Result<BackendFactory> make_backend_factory(const BackendOptions& o, std::string* note) {
  if (o.name == "cpu") return cpu_backend_factory();
  if (o.name == "cuda" || o.name == "auto") {
    // The CUDA backend plugs in here once it exists in this build.
    if (o.name == "cuda") {
      return make_error(ErrorKind::Unsupported, "this build of tessera-cli has no CUDA backend");
    }
    if (note) *note = "no CUDA backend in this build; running on the CPU";
    return cpu_backend_factory();
  }
  return make_error(ErrorKind::InvalidArgument, "unknown backend '" + o.name + "' (expected cpu, cuda or auto)");
}

}  // namespace tessera::cli
