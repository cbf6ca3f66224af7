// tessera-cli devices [--json]: the NVIDIA GPUs this machine offers, with live memory.
// A machine without a driver or GPU, or without the CUDA module and its runtime, is not an error:
// the command says why and exits 0.
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "backend/backend_plugin.h"
#include "backend_choice.h"
#include "commands.h"
#include "terminal_text.h"

namespace tessera::cli {
namespace {

void print_usage(FILE* out) {
  std::fprintf(out,
               "usage: tessera-cli devices [--json]\n\n"
               "Lists the NVIDIA GPUs visible to this process (CUDA_VISIBLE_DEVICES applies): index, name,\n"
               "compute capability, free/total memory, multiprocessors, PCI bus id and UUID.\n"
               "  --json   one JSON object instead of a table\n"
               "Exit status: 0 (also when no GPU, driver or CUDA module is present), 1 when a device query fails,\n"
               "2 on bad usage.\n");
}

}  // namespace

int cmd_devices(const Args& args) {
  bool json = false;
  for (const auto& a : args) {
    if (a == "--json") {
      json = true;
    } else if (a == "--help" || a == "-h") {
      print_usage(stdout);
      return 0;
    } else {
      print_error("devices", "unknown option '" + a + "'");
      std::fputc('\n', stderr);
      print_usage(stderr);
      return 2;
    }
  }

  CudaPluginLoader cuda(cuda_environment_of_process());
  auto api = cuda.load();
  if (!api.ok()) {
    const std::string reason = "no CUDA backend: " + api.error().message;
    if (json) {
      nlohmann::json j = {{"devices", nlohmann::json::array()}, {"unavailable_reason", reason}};
      std::printf("%s\n", j.dump(2).c_str());
    } else {
      std::printf("%s\n", reason.c_str());
    }
    return 0;
  }
  const CudaPluginApi& cu = **api;
  auto list = cu.list_devices();
  if (!list.ok()) {
    print_error("devices", list.error().describe());
    return 1;
  }
  if (json) {
    nlohmann::json devices = nlohmann::json::array();
    for (const auto& d : list->devices) {
      devices.push_back({{"index", d.index},
                         {"name", d.name},
                         {"compute_capability", std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor)},
                         {"total_bytes", d.total_bytes},
                         {"free_bytes", d.free_bytes},
                         {"multiprocessors", d.multiprocessor_count},
                         {"l2_bytes", d.l2_bytes},
                         {"pci_bus_id", d.pci_bus_id},
                         {"uuid", d.uuid}});
    }
    nlohmann::json j = {{"cuda_runtime", cu.format_cuda_version(list->runtime_version)},
                        {"cuda_driver", cu.format_cuda_version(list->driver_version)},
                        {"cuda_module", cuda.file().string()},
                        {"devices", devices}};
    if (!list->unavailable_reason.empty()) j["unavailable_reason"] = list->unavailable_reason;
    std::printf("%s\n", j.dump(2).c_str());
    return 0;
  }
  if (list->devices.empty()) {
    std::printf("%s\n", list->unavailable_reason.c_str());
    return 0;
  }
  std::printf("CUDA runtime %s, driver %s\n", cu.format_cuda_version(list->runtime_version).c_str(),
              cu.format_cuda_version(list->driver_version).c_str());
  std::printf("%-3s %-28s %-4s %-24s %-5s %-14s %s\n", "#", "name", "cc", "memory free / total", "SMs", "PCI bus",
              "UUID");
  for (const auto& d : list->devices) {
    const std::string mem = cu.format_bytes(d.free_bytes) + " / " + cu.format_bytes(d.total_bytes);
    std::printf("%-3d %-28s %d.%-2d %-24s %-5d %-14s %s\n", d.index, d.name.c_str(), d.cc_major, d.cc_minor, mem.c_str(),
                d.multiprocessor_count, d.pci_bus_id.c_str(), d.uuid.c_str());
  }
  return 0;
}

}  // namespace tessera::cli
