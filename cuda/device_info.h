// NVIDIA GPU discovery: what `tessera-cli devices` and the GUI's GPU panel show.
//
// A machine without a driver or GPU is not an error: list_devices() succeeds with no devices and a
// reason ("no NVIDIA driver/GPU found (...)"), so callers fall back to the CPU backend. A failure
// while querying a device that does exist is an Error{Device} naming the call and the device.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/error.h"

namespace tessera::cuda {

struct DeviceInfo {
  int index = -1;                 // CUDA runtime ordinal (after CUDA_VISIBLE_DEVICES)
  std::string name;               // "NVIDIA H200"
  int cc_major = 0, cc_minor = 0; // compute capability
  uint64_t total_bytes = 0;       // device memory
  uint64_t free_bytes = 0;        // free when queried (cudaMemGetInfo; creates the device's context)
  std::string pci_bus_id;         // "0000:19:00.0"
  std::string uuid;               // "GPU-8c1b7e6f-...": the form nvidia-smi prints
  int multiprocessor_count = 0;
  uint64_t l2_bytes = 0;
  uint64_t shared_per_block_optin = 0;  // largest dynamic shared memory a block may opt in to
};

struct DeviceList {
  std::vector<DeviceInfo> devices;
  // Non-empty exactly when no device can be used: no driver, no GPU, driver too old.
  std::string unavailable_reason;
  int driver_version = 0;   // e.g. 13000 for CUDA 13.0; 0 when there is no driver
  int runtime_version = 0;  // the CUDA runtime this program was built with
};

// Every visible device with its live memory. Never fails because there is no GPU (see above).
Result<DeviceList> list_devices();

// One device (index < device count).
Result<DeviceInfo> query_device(int index);

struct MemoryInfo {
  uint64_t free_bytes = 0;
  uint64_t total_bytes = 0;
};
// Live free/total memory of one device (cheap once the device's context exists).
Result<MemoryInfo> device_memory(int index);

// "13.0" from 13000.
std::string format_cuda_version(int version);
// "139.8 GiB" style, for messages and tables.
std::string format_bytes(uint64_t bytes);

}  // namespace tessera::cuda
