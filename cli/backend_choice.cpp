#include "backend_choice.h"

#include <cstdlib>

#include "backend/cpu_backend.h"
#include "option_ranges.h"

namespace tessera::cli {

bool parse_backend_option(OptionReader& r, BackendOptions& o) {
  if (r.is({"--backend"})) {
    const std::string option = r.arg();
    if (r.text(o.name) && o.name != "cpu" && o.name != "cuda" && o.name != "auto")
      r.fail(option + ": '" + o.name + "' is not a backend (cpu, cuda or auto)");
  } else if (r.is({"--threads", "-t"})) {
    r.integer(o.n_threads, kThreadsRange);
  } else if (r.is({"--main-gpu", "-mg"})) {
    r.integer(o.main_gpu, kDeviceIndexRange);
  } else if (r.is({"--tensor-split", "-ts"})) {
    r.real_list(o.tensor_split, kSplitShareRange);
  } else if (r.is({"--split-mode", "-sm"})) {
    const std::string option = r.arg();
    std::string v;
    if (!r.text(v)) return true;
    auto mode = parse_split_mode(v);
    if (mode.ok())
      o.split_mode = *mode;
    else
      r.fail(option + ": '" + v + "' is not a split mode (none, layer or row)");
  } else {
    return false;
  }
  return true;
}

std::string backend_options_usage() {
  return usage_line("--backend cpu|cuda|auto", "where to run (default auto: CUDA when a GPU is present)") +
         usage_line("-t, --threads N", "CPU threads, " + range_text(kThreadsRange) + " (default: all cores)") +
         usage_line("-sm, --split-mode MODE", "multi-GPU split: none | layer | row") +
         usage_line("-ts, --tensor-split LIST",
                    "share of the model per GPU, e.g. 3,1 (each " + range_text(kSplitShareRange) + ")") +
         usage_line("-mg, --main-gpu N", "GPU that holds shared tensors, " + range_text(kDeviceIndexRange) + " (default 0)") +
         "  (TESSERA_CUDA_VIRTUAL_DEVICES=N[:GIB] presents N virtual GPUs on the first GPU;\n"
         "   TESSERA_CUDA_PLUGIN=FILE loads the CUDA backend module libtessera-cuda.so from FILE)\n";
}

CudaEnvironment cuda_environment_of_process() {
  return read_cuda_environment([](const char* name) { return std::getenv(name); });
}

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
  if (o.split_mode) config.split.mode = *o.split_mode;
  config.split.ratios = o.tensor_split;
  config.split.main_device = o.main_gpu;
  config.virtual_devices = cuda.environment().virtual_devices;
  config.graphs = cuda.environment().graphs;
  config.unfused = cuda.environment().unfused;
  config.experimental = cuda.environment().experimental;
  return (*api)->backend_factory(config);
}

}  // namespace tessera::cli
