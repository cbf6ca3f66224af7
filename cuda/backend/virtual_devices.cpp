#include "backend/virtual_devices.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "backend/cuda_environment.h"
#include "device_info.h"

namespace tessera::cuda {

Result<VirtualDevices> parse_virtual_devices(std::string_view text) {
  VirtualDevices v;
  if (text.empty()) return v;
  const std::string s(text);
  auto bad = [&](const std::string& why) {
    return make_error(ErrorKind::InvalidArgument, std::string(kCudaVirtualDevicesEnv) + "='" + s + "': " + why +
                                                      " (expected N or N:QUOTA_GIB, e.g. 4 or 4:20)");
  };
  const size_t colon = s.find(':');
  const std::string count_text = s.substr(0, colon);
  char* end = nullptr;
  const long n = std::strtol(count_text.c_str(), &end, 10);
  if (count_text.empty() || end == nullptr || *end != '\0') return bad("'" + count_text + "' is not a whole number");
  if (n < 1 || n > kMaxVirtualDevices) return bad("the device count must be 1.." + std::to_string(kMaxVirtualDevices));
  v.count = static_cast<int>(n);
  if (colon != std::string::npos) {
    const std::string quota_text = s.substr(colon + 1);
    const double gib = std::strtod(quota_text.c_str(), &end);
    if (quota_text.empty() || end == nullptr || *end != '\0' || !std::isfinite(gib) || gib <= 0.0)
      return bad("the quota '" + quota_text + "' is not a positive number of GiB");
    v.quota_bytes = static_cast<uint64_t>(gib * 1073741824.0);
  }
  return v;
}

Result<std::vector<LogicalDevice>> make_logical_devices(const std::vector<int>& physical_ids,
                                                        const VirtualDevices& virtual_devices) {
  TESSERA_ASSIGN_OR_RETURN(DeviceList list, list_devices());
  if (list.devices.empty())
    return make_error(ErrorKind::Device, list.unavailable_reason.empty() ? "no NVIDIA GPU found" : list.unavailable_reason);
  std::vector<int> ids = physical_ids;
  if (ids.empty())
    for (const auto& d : list.devices) ids.push_back(d.index);
  for (int id : ids)
    if (id < 0 || id >= static_cast<int>(list.devices.size()))
      return make_error(ErrorKind::InvalidArgument, "CUDA device " + std::to_string(id) + " does not exist (" +
                                                        std::to_string(list.devices.size()) + " visible)");
  std::vector<LogicalDevice> out;
  if (virtual_devices.count > 0) {
    const DeviceInfo& p = list.devices[static_cast<size_t>(ids.front())];
    for (int k = 0; k < virtual_devices.count; ++k) {
      LogicalDevice d;
      d.index = k;
      d.physical = p.index;
      d.name = p.name + " (virtual " + std::to_string(k + 1) + "/" + std::to_string(virtual_devices.count) + ")";
      d.uuid = p.uuid + "#" + std::to_string(k);
      d.virtual_slot = k;
      d.virtual_count = virtual_devices.count;
      d.quota_bytes = virtual_devices.quota_bytes;
      out.push_back(d);
    }
    return out;
  }
  for (size_t i = 0; i < ids.size(); ++i) {
    const DeviceInfo& p = list.devices[static_cast<size_t>(ids[i])];
    LogicalDevice d;
    d.index = static_cast<int>(i);
    d.physical = p.index;
    d.name = p.name;
    d.uuid = p.uuid;
    out.push_back(d);
  }
  return out;
}

Result<LogicalMemory> logical_memory(const LogicalDevice& device) {
  TESSERA_ASSIGN_OR_RETURN(MemoryInfo m, device_memory(device.physical));
  LogicalMemory out{m.free_bytes, m.total_bytes};
  if (device.virtual_count > 0) {
    const uint64_t share_free = m.free_bytes / static_cast<uint64_t>(device.virtual_count);
    const uint64_t share_total = m.total_bytes / static_cast<uint64_t>(device.virtual_count);
    out.free_bytes = device.quota_bytes > 0 ? std::min(device.quota_bytes, share_free) : share_free;
    out.total_bytes = device.quota_bytes > 0 ? device.quota_bytes : share_total;
  }
  return out;
}

}  // namespace tessera::cuda
