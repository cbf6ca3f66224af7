// libtessera-cuda.so: the CUDA backend as a module the programs load at run time
// (core/backend/backend_plugin.h). It exports one symbol, tessera_cuda_plugin_v1, returning the
// table of core/backend/backend_plugin_api.h; everything else in it (tessera_cuda, the core code it
// uses, the static CUDA runtime) stays hidden. cuBLAS is linked dynamically and found through the
// module's RUNPATH (cuda/CMakeLists.txt).
#include <utility>

#include "backend/backend_plugin_api.h"
#include "backend/cuda_backend.h"
#include "backend/virtual_devices.h"
#include "device_info.h"

namespace tessera::cuda {
namespace {

CudaGpuInfo to_plugin(const DeviceInfo& d) {
  CudaGpuInfo g;
  g.index = d.index;
  g.name = d.name;
  g.cc_major = d.cc_major;
  g.cc_minor = d.cc_minor;
  g.total_bytes = d.total_bytes;
  g.free_bytes = d.free_bytes;
  g.pci_bus_id = d.pci_bus_id;
  g.uuid = d.uuid;
  g.multiprocessor_count = d.multiprocessor_count;
  g.l2_bytes = d.l2_bytes;
  return g;
}

CudaLogicalGpu to_plugin(const LogicalDevice& l) {
  return CudaLogicalGpu{l.index, l.physical, l.name, l.uuid, l.virtual_slot, l.virtual_count, l.quota_bytes};
}

LogicalDevice from_plugin(const CudaLogicalGpu& l) {
  LogicalDevice d;
  d.index = l.index;
  d.physical = l.physical;
  d.name = l.name;
  d.uuid = l.uuid;
  d.virtual_slot = l.virtual_slot;
  d.virtual_count = l.virtual_count;
  d.quota_bytes = l.quota_bytes;
  return d;
}

Result<CudaGpuList> plugin_list_devices() {
  TESSERA_ASSIGN_OR_RETURN(DeviceList list, list_devices());
  CudaGpuList out;
  for (const DeviceInfo& d : list.devices) out.devices.push_back(to_plugin(d));
  out.unavailable_reason = std::move(list.unavailable_reason);
  out.driver_version = list.driver_version;
  out.runtime_version = list.runtime_version;
  return out;
}

BackendFactory plugin_backend_factory(const CudaBackendConfig& config) {
  auto virtual_devices = parse_virtual_devices(config.virtual_devices);
  if (!virtual_devices.ok()) {
    Error error = virtual_devices.error();
    return [error]() -> Result<std::unique_ptr<Backend>> { return error; };
  }
  CudaBackendOptions options;
  options.device_ids = config.device_ids;
  options.split = config.split;
  options.virtual_devices = *virtual_devices;
  options.use_graphs = config.graphs;
  options.unfused = config.unfused;
  options.experimental = config.experimental;
  return cuda_backend_factory(std::move(options));
}

Result<std::vector<CudaLogicalGpu>> plugin_logical_devices(const std::string& virtual_devices_text) {
  TESSERA_ASSIGN_OR_RETURN(VirtualDevices virtual_devices, parse_virtual_devices(virtual_devices_text));
  TESSERA_ASSIGN_OR_RETURN(std::vector<LogicalDevice> logical, make_logical_devices({}, virtual_devices));
  std::vector<CudaLogicalGpu> out;
  for (const LogicalDevice& l : logical) out.push_back(to_plugin(l));
  return out;
}

Result<CudaMemory> plugin_logical_memory(const CudaLogicalGpu& device) {
  TESSERA_ASSIGN_OR_RETURN(LogicalMemory m, logical_memory(from_plugin(device)));
  return CudaMemory{m.free_bytes, m.total_bytes};
}

CudaPluginApi make_api() {
  static const std::string build_id = cuda_plugin_build_id();
  CudaPluginApi api;
  api.build_id = build_id.c_str();
  api.list_devices = plugin_list_devices;
  api.backend_factory = plugin_backend_factory;
  api.logical_devices = plugin_logical_devices;
  api.logical_memory = plugin_logical_memory;
  api.format_cuda_version = format_cuda_version;
  api.format_bytes = format_bytes;
  return api;
}

}  // namespace
}  // namespace tessera::cuda

// The table is built once, on the first call (thread-safe static initialisation), and never
// changes: constant data of the module, not mutable state.
extern "C" __attribute__((visibility("default"))) const tessera::CudaPluginApi* tessera_cuda_plugin_v1() {
  static const tessera::CudaPluginApi api = tessera::cuda::make_api();
  return &api;
}
