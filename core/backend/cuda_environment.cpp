#include "backend/cuda_environment.h"

namespace tessera {

CudaEnvironment read_cuda_environment(const EnvironmentLookup& lookup) {
  CudaEnvironment env;
  if (!lookup) return env;
  auto text = [&](const char* name) {
    const char* v = lookup(name);
    return v != nullptr ? std::string(v) : std::string();
  };
  env.plugin_file = text(kCudaPluginEnv);
  env.virtual_devices = text(kCudaVirtualDevicesEnv);
  env.graphs = text(kCudaGraphsEnv) != "0";
  env.unfused = text(kCudaUnfusedEnv);
  env.experimental = text(kCudaExperimentalEnv);
  return env;
}

}  // namespace tessera
