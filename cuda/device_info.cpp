#include "device_info.h"

#include <cuda_runtime_api.h>

#include <cstdio>

#include "cuda_check.h"

namespace tessera::cuda {
namespace {

// Restores the calling thread's current device on scope exit: queries must not change which
// device later work in this thread goes to.
class DeviceGuard {
 public:
  DeviceGuard() {
    if (cudaGetDevice(&saved_) != cudaSuccess) {
      (void)cudaGetLastError();
      saved_ = -1;
    }
  }
  ~DeviceGuard() {
    if (saved_ >= 0) (void)cudaSetDevice(saved_);
  }
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int saved_ = -1;
};

std::string format_uuid(const cudaUUID_t& uuid) {
  const auto* b = reinterpret_cast<const unsigned char*>(uuid.bytes);
  char buf[64];
  std::snprintf(buf, sizeof buf,
                "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2],
                b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
  return buf;
}

}  // namespace

std::string format_cuda_version(int version) {
  if (version <= 0) return "none";
  return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

std::string format_bytes(uint64_t bytes) {
  char buf[32];
  const double b = static_cast<double>(bytes);
  if (b >= 1024.0 * 1024 * 1024) {
    std::snprintf(buf, sizeof buf, "%.1f GiB", b / (1024.0 * 1024 * 1024));
  } else if (b >= 1024.0 * 1024) {
    std::snprintf(buf, sizeof buf, "%.1f MiB", b / (1024.0 * 1024));
  } else if (b >= 1024.0) {
    std::snprintf(buf, sizeof buf, "%.1f KiB", b / 1024.0);
  } else {
    std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
  }
  return buf;
}

Result<MemoryInfo> device_memory(int index) {
  DeviceGuard guard;
  TESSERA_CUDA_CHECK_DEV(cudaSetDevice(index), index);
  size_t free_b = 0, total_b = 0;
  TESSERA_CUDA_CHECK_DEV(cudaMemGetInfo(&free_b, &total_b), index);
  return MemoryInfo{free_b, total_b};
}

Result<DeviceInfo> query_device(int index) {
  DeviceInfo info;
  info.index = index;
  cudaDeviceProp prop{};
  TESSERA_CUDA_CHECK_DEV(cudaGetDeviceProperties(&prop, index), index);
  info.name = prop.name;
  info.cc_major = prop.major;
  info.cc_minor = prop.minor;
  info.total_bytes = prop.totalGlobalMem;
  info.multiprocessor_count = prop.multiProcessorCount;
  info.l2_bytes = static_cast<uint64_t>(prop.l2CacheSize);
  info.shared_per_block_optin = prop.sharedMemPerBlockOptin;
  info.uuid = format_uuid(prop.uuid);
  char bus[32] = {};
  TESSERA_CUDA_CHECK_DEV(cudaDeviceGetPCIBusId(bus, static_cast<int>(sizeof bus), index), index);
  info.pci_bus_id = bus;
  TESSERA_ASSIGN_OR_RETURN(MemoryInfo mem, device_memory(index));
  info.free_bytes = mem.free_bytes;
  info.total_bytes = mem.total_bytes;
  return info;
}

Result<DeviceList> list_devices() {
  DeviceList list;
  (void)cudaRuntimeGetVersion(&list.runtime_version);
  if (cudaDriverGetVersion(&list.driver_version) != cudaSuccess) {
    (void)cudaGetLastError();
    list.driver_version = 0;
  }
  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) {
    (void)cudaGetLastError();
    if (is_no_device_error(err)) {
      list.unavailable_reason = cuda_error(err, "cudaGetDeviceCount", -1).message;
      return list;
    }
    return cuda_error(err, "cudaGetDeviceCount", -1);
  }
  if (count == 0) {
    list.unavailable_reason = "no NVIDIA driver/GPU found (cudaGetDeviceCount reported 0 devices)";
    return list;
  }
  for (int i = 0; i < count; ++i) {
    TESSERA_ASSIGN_OR_RETURN(DeviceInfo info, query_device(i));
    list.devices.push_back(std::move(info));
  }
  return list;
}

}  // namespace tessera::cuda
