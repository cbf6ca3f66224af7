#include "backend_choice.h"

#include <sstream>

#include "backend/cpu_backend.h"
#include "split/split_plan.h"

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
         "  -mg, --main-gpu N         GPU that holds shared tensors (default 0)\n"
         "  (TESSERA_CUDA_VIRTUAL_DEVICES=N[:GIB] presents N virtual GPUs on the first GPU;\n"
         "   TESSERA_CUDA_PLUGIN=FILE loads the CUDA backend module libtessera-cuda.so from FILE)\n";
}

namespace {

// "3,1" -> {3, 1}.
Result<std::vector<float>> parse_ratios(const std::string& text) {
  std::vector<float> out;
  if (text.empty()) return out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    try {
      size_t used = 0;
      const float v = std::stof(item, &used);
      if (used != item.size() || !(v >= 0.0f)) throw std::invalid_argument(item);
      out.push_back(v);
    } catch (...) {
      return make_error(ErrorKind::InvalidArgument,
                        "--tensor-split '" + text + "': '" + item + "' is not a non-negative number (e.g. 3,1)");
    }
  }
  return out;
}

}  // namespace

Result<BackendFactory> make_backend_factory(const BackendOptions& o, CudaPluginLoader& cuda, std::string* note) {
  if (o.name == "cpu") return cpu_backend_factory();
  if (o.name != "cuda" && o.name != "auto")
    return make_error(ErrorKind::InvalidArgument, "unknown backend '" + o.name + "' (expected cpu, cuda or auto)");
  auto api = cuda.load();
  if (!api.ok()) {
    if (o.name == "cuda") return make_error(api.error().kind, "--backend cuda: " + api.error().message);
    if (note) *note = "no CUDA backend: " + api.error().message + "; running on the CPU";
    return cpu_backend_factory();
  }
  auto list = (*api)->list_devices();
  if (!list.ok()) {
    if (o.name == "cuda") return list.error();
    if (note) *note = "cannot query CUDA devices (" + list.error().message + "); running on the CPU";
    return cpu_backend_factory();
  }
  if (list->devices.empty()) {
    if (o.name == "cuda")
      return make_error(ErrorKind::Device, "--backend cuda: " + list->unavailable_reason);
    if (note) *note = list->unavailable_reason + "; running on the CPU";
    return cpu_backend_factory();
  }
  CudaBackendConfig config;
  if (!o.split_mode.empty()) {
    TESSERA_ASSIGN_OR_RETURN(config.split.mode, parse_split_mode(o.split_mode));
  }
  TESSERA_ASSIGN_OR_RETURN(config.split.ratios, parse_ratios(o.tensor_split));
  if (o.main_gpu < 0) return make_error(ErrorKind::InvalidArgument, "--main-gpu must not be negative");
  config.split.main_device = o.main_gpu;
  return (*api)->backend_factory(config);
}

}  // namespace tessera::cli
