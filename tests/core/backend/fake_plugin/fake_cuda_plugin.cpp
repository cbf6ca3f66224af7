// A module that looks like libtessera-cuda.so from outside (it exports tessera_cuda_plugin_v1) but
// breaks one rule of the table contract, chosen by $TESSERA_FAKE_PLUGIN_FLAW at each call:
//   abi: another ABI version   size: another table size   build: another build id
//   null: no table             incomplete: a table without functions
// The loader must refuse each with a message and never call into the table.
#include <cstdlib>
#include <string_view>

#include "backend/backend_plugin_api.h"

namespace {

tessera::CudaPluginApi flawed(std::string_view flaw) {
  tessera::CudaPluginApi api;
  static const std::string ours = tessera::cuda_plugin_build_id();
  api.build_id = ours.c_str();
  if (flaw == "abi") api.abi_version = tessera::kCudaPluginAbiVersion + 1;
  if (flaw == "size") api.struct_size = sizeof(tessera::CudaPluginApi) - 8;
  if (flaw == "build") api.build_id = "tessera 0.0.0, another compiler";
  return api;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const tessera::CudaPluginApi* tessera_cuda_plugin_v1() {
  const char* env = std::getenv("TESSERA_FAKE_PLUGIN_FLAW");
  const std::string_view flaw = env ? env : "";
  if (flaw == "null") return nullptr;
  static const tessera::CudaPluginApi abi = flawed("abi"), size = flawed("size"), build = flawed("build"),
                                      incomplete = flawed("incomplete");
  if (flaw == "abi") return &abi;
  if (flaw == "size") return &size;
  if (flaw == "build") return &build;
  return &incomplete;
}
