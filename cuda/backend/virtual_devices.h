// Logical CUDA devices: the devices the CUDA backend plans and allocates on.
//
// Normally one logical device per physical GPU. With virtual devices, N logical devices share one
// physical GPU, each with its own allocations, stream, cuBLAS handle and memory quota, so every
// multi-GPU code path (layer split with activation hops, row split with partial-sum reductions,
// per-device KV caches) runs on a machine with one GPU.
//
// Text (TESSERA_CUDA_VIRTUAL_DEVICES at the programs' edge): N[:QUOTA_GIB]
//   N          number of logical devices (1..16) on the first selected physical GPU
//   QUOTA_GIB  optional memory quota per logical device in GiB (may be fractional, e.g. 0.5)
// e.g. "4:20" presents four devices of 20 GiB each. The planner sees each logical device with
//   total = QUOTA (or the physical total / N) and free = min(QUOTA, physical free / N)
// (physical free / N without a quota); the placement refuses a load that needs more than a device's
// free bytes, so nothing is allocated beyond the quota (the backend allocates exactly the placement).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"

namespace tessera::cuda {

inline constexpr int kMaxVirtualDevices = 16;

struct VirtualDevices {
  int count = 0;             // 0: off (one logical device per physical GPU)
  uint64_t quota_bytes = 0;  // 0: no quota (physical memory / count)
};

// Parses "N" or "N:QUOTA_GIB"; "" is off. Errors name the text and what was expected.
Result<VirtualDevices> parse_virtual_devices(std::string_view text);

struct LogicalDevice {
  int index = 0;      // logical index: DeviceDescription::id and the planner's device index
  int physical = 0;   // CUDA runtime ordinal
  std::string name;   // "NVIDIA H200", or "NVIDIA H200 (virtual 2/4)"
  std::string uuid;   // physical uuid, "#k" appended for virtual devices
  int virtual_slot = -1;   // k of N for virtual devices, -1 otherwise
  int virtual_count = 0;   // N for virtual devices, 0 otherwise
  uint64_t quota_bytes = 0;  // 0: none
};

// Logical devices over `physical_ids` (empty: every visible GPU). Error{Device} when no GPU or
// driver is usable, InvalidArgument for an id that does not exist.
Result<std::vector<LogicalDevice>> make_logical_devices(const std::vector<int>& physical_ids,
                                                        const VirtualDevices& virtual_devices);

// Live free/total memory of a logical device as the planner should see it (see above).
struct LogicalMemory {
  uint64_t free_bytes = 0;
  uint64_t total_bytes = 0;
};
Result<LogicalMemory> logical_memory(const LogicalDevice& device);

}  // namespace tessera::cuda
