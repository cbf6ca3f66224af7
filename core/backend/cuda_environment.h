// The environment variables through which a person steers the CUDA backend, as one value.
//
// Library code reads no environment: a program's edge (tessera-cli's commands, the app's main)
// calls read_cuda_environment(std::getenv) once and hands the result down (CudaPluginLoader,
// CudaBackendConfig, the app's engine session and device source). The names live here, once.
#pragma once

#include <functional>
#include <string>

namespace tessera {

inline constexpr const char* kCudaPluginEnv = "TESSERA_CUDA_PLUGIN";
inline constexpr const char* kCudaVirtualDevicesEnv = "TESSERA_CUDA_VIRTUAL_DEVICES";
inline constexpr const char* kCudaGraphsEnv = "TESSERA_CUDA_GRAPHS";
inline constexpr const char* kCudaUnfusedEnv = "TESSERA_CUDA_UNFUSED";
inline constexpr const char* kCudaExperimentalEnv = "TESSERA_CUDA_EXPERIMENTAL";

struct CudaEnvironment {
  // TESSERA_CUDA_PLUGIN: the module file to load instead of searching (empty: search).
  std::string plugin_file;
  // TESSERA_CUDA_VIRTUAL_DEVICES: "N[:QUOTA_GIB]", N logical devices on the first GPU (empty: off).
  // Parsed, with errors naming the text, by the CUDA backend (cuda::parse_virtual_devices).
  std::string virtual_devices;
  // TESSERA_CUDA_GRAPHS=0: run the decode step without CUDA graph capture (A/B measurements).
  bool graphs = true;
  // TESSERA_CUDA_UNFUSED=glu,norm_q8,rope: run those fused kernels as separate ones (A/B measurements).
  std::string unfused;
  // TESSERA_CUDA_EXPERIMENTAL=a,b: kernels not yet verified on a GPU, on for A/B runs (the CUDA
  // backend's list, cuda/backend/cuda_experiments.h; none at present).
  std::string experimental;
};

// Looks a variable up by name; nullptr when unset. std::getenv has this shape.
using EnvironmentLookup = std::function<const char*(const char* name)>;

// The CUDA settings `lookup` describes; unset or empty variables keep the defaults above.
CudaEnvironment read_cuda_environment(const EnvironmentLookup& lookup);

}  // namespace tessera
