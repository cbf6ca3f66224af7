// The table the CUDA backend module (libtessera-cuda.so, built from cuda/plugin/) hands to the
// programs that load it at run time (core/backend/backend_plugin.h).
//
// Why a module: the CUDA backend needs NVIDIA's cuBLAS (libcublas.so.13, libcublasLt.so.13, about
// half a gigabyte, from NVIDIA's repository, not Debian). Linking it into tessera and tessera-cli
// would make both refuse to start on every machine without it, GPU or not. Loaded at run time, the
// programs start everywhere and use the CPU backend where the module or its runtime is missing.
//
// The contract across the module boundary:
// - The table carries C++ types (std::string, std::vector, std::function inside BackendFactory,
//   Result, std::unique_ptr<Backend>). That is only sound for a module built in the same build, by
//   the same compiler and standard library, from the same headers. The loader therefore checks, in
//   this order, abi_version (first member, plain uint32_t, readable whatever the rest looks like),
//   struct_size, and build_id (project version, compiler version, C++ standard, libstdc++ ABI), and
//   refuses a module that differs in any of them.
// - Change anything in this file (a member, a struct it uses) and bump kCudaPluginAbiVersion.
// - Everything the module returns (factories, backends, models) holds code of the module: the
//   loader (CudaPluginLoader) must outlive all of it.
// - Functions are called from any one thread at a time per object they return, like the rest of the
//   backend; list_devices and logical_memory may be called from a monitor thread.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "common/error.h"
#include "placement/split_settings.h"

namespace tessera {

// The module's file name (in lib/tessera/ next to the programs, or in the build tree).
inline constexpr const char* kCudaPluginFileName = "libtessera-cuda.so";
// The one symbol the module exports: extern "C" const CudaPluginApi* tessera_cuda_plugin_v1().
inline constexpr const char* kCudaPluginEntryPoint = "tessera_cuda_plugin_v1";
// 2: settings from the programs' edge instead of the environment (CudaBackendConfig, logical_devices);
//    BackendModel::kv_remove and kv_remove_supported (context shift).
// 3: CudaBackendConfig::experimental (unmeasured kernels on for A/B runs).
// 4: recurrent layers (ModelSpec::delta_net, LayerSpec::mixer, new layer slots), BackendModel's
//    recurrent-state checkpoints, DeviceBytes::recurrent_state.
// 5: SplitSettings from placement/split_settings.h (n_ctx 0: the model's context), DeviceBytes
//    from placement/placement.h.
inline constexpr uint32_t kCudaPluginAbiVersion = 5;

// What the module and the program were built with; equal strings mean the C++ types above agree.
// Inline, so each side compiles its own answer in.
inline std::string cuda_plugin_build_id() {
  std::string id = "tessera ";
#ifdef TESSERA_VERSION
  id += TESSERA_VERSION;
#endif
  id += ", " __VERSION__ ", C++ " + std::to_string(__cplusplus);
#ifdef _GLIBCXX_USE_CXX11_ABI
  id += ", libstdc++ cxx11 ABI " + std::to_string(_GLIBCXX_USE_CXX11_ABI);
#endif
  return id;
}

// One NVIDIA GPU (mirrors cuda::DeviceInfo, cuda/device_info.h).
struct CudaGpuInfo {
  int index = -1;                  // CUDA runtime ordinal (after CUDA_VISIBLE_DEVICES)
  std::string name;                // "NVIDIA H200"
  int cc_major = 0, cc_minor = 0;  // compute capability
  uint64_t total_bytes = 0;
  uint64_t free_bytes = 0;
  std::string pci_bus_id;          // "0000:19:00.0"
  std::string uuid;                // "GPU-8c1b7e6f-..."
  int multiprocessor_count = 0;
  uint64_t l2_bytes = 0;
};

// Every visible GPU (mirrors cuda::DeviceList). No driver or no GPU is not an error: no devices
// and a reason ("no NVIDIA driver/GPU found (...)").
struct CudaGpuList {
  std::vector<CudaGpuInfo> devices;
  std::string unavailable_reason;
  int driver_version = 0;   // 13000 for CUDA 13.0; 0 without a driver
  int runtime_version = 0;  // the CUDA runtime inside the module
};

// A device the CUDA backend plans and allocates on (mirrors cuda::LogicalDevice): one per GPU, or
// several on one GPU with virtual devices (cuda/backend/virtual_devices.h).
struct CudaLogicalGpu {
  int index = 0;     // logical index, the planner's device index
  int physical = 0;  // CUDA runtime ordinal
  std::string name;  // "NVIDIA H200" or "NVIDIA H200 (virtual 2/4)"
  std::string uuid;
  int virtual_slot = -1;
  int virtual_count = 0;
  uint64_t quota_bytes = 0;
};

struct CudaMemory {
  uint64_t free_bytes = 0;
  uint64_t total_bytes = 0;
};

// How the backend places models (the parts of cuda::CudaBackendOptions the programs choose). The
// module reads no environment: the programs pass what read_cuda_environment() found.
struct CudaBackendConfig {
  std::vector<int> device_ids;  // physical ordinals; empty = every visible GPU
  SplitSettings split;          // mode, ratios, main device, reserve
  std::string virtual_devices;  // "N[:QUOTA_GIB]" (CudaEnvironment::virtual_devices); empty: off
  bool graphs = true;           // capture the decode step in a CUDA graph
  std::string unfused;          // "glu,norm_q8,rope": fusions to run unfused (A/B measurements)
  std::string experimental;     // "a,b": unmeasured kernels on for A/B runs (cuda_experiments.h)
};

struct CudaPluginApi {
  uint32_t abi_version = kCudaPluginAbiVersion;  // first, so any loader can read it
  uint32_t struct_size = sizeof(CudaPluginApi);
  const char* build_id = nullptr;  // cuda_plugin_build_id() as the module was compiled

  // cuda::list_devices().
  Result<CudaGpuList> (*list_devices)() = nullptr;
  // cuda::cuda_backend_factory(options): the factory fails (Error{Device}) where no GPU is usable.
  BackendFactory (*backend_factory)(const CudaBackendConfig& config) = nullptr;
  // The backend's logical devices over every visible GPU; `virtual_devices` as in CudaBackendConfig.
  // Error{Device} when no GPU is usable, InvalidArgument for a malformed `virtual_devices`.
  Result<std::vector<CudaLogicalGpu>> (*logical_devices)(const std::string& virtual_devices) = nullptr;
  // Live memory of one logical device as the planner sees it (quota applied).
  Result<CudaMemory> (*logical_memory)(const CudaLogicalGpu& device) = nullptr;
  // "13.0" from 13000; "none" for 0.
  std::string (*format_cuda_version)(int version) = nullptr;
  // "139.8 GiB" style.
  std::string (*format_bytes)(uint64_t bytes) = nullptr;
};

}  // namespace tessera
