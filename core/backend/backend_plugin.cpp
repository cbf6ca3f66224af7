#include "backend/backend_plugin.h"

#include <dlfcn.h>

#include <cstdlib>
#include <system_error>

namespace tessera {
namespace {

// What a person needs to make the module load; part of every "cannot load" message.
constexpr const char* kRuntimeAdvice =
    "The CUDA backend needs the NVIDIA driver and NVIDIA's CUDA 13 runtime with cuBLAS "
    "(libcublas.so.13, libcublasLt.so.13): install the NVIDIA driver and the package libcublas-13-0 "
    "from NVIDIA's CUDA repository, or a CUDA 13 toolkit at /usr/local/cuda";

std::filesystem::path executable_dir() {
  std::error_code ec;
  auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : p.parent_path();
}

std::string joined(const std::vector<std::filesystem::path>& files) {
  std::string out;
  for (const auto& f : files) out += (out.empty() ? "" : ", ") + f.string();
  return out;
}

std::string dl_error() {
  const char* e = dlerror();
  return e ? e : "unknown reason";
}

using EntryPoint = const CudaPluginApi* (*)();

}  // namespace

std::vector<std::filesystem::path> cuda_plugin_candidates(const std::string& plugin_file) {
  if (!plugin_file.empty()) return {std::filesystem::path(plugin_file)};
  std::vector<std::filesystem::path> out;
  auto add = [&](std::filesystem::path p) {
    p = p.lexically_normal();
    for (const auto& q : out)
      if (q == p) return;
    out.push_back(std::move(p));
  };
  const std::filesystem::path exe = executable_dir();
  if (!exe.empty()) {
    std::vector<std::filesystem::path> libdirs;
#ifdef TESSERA_INSTALL_LIBDIR
    libdirs.emplace_back(TESSERA_INSTALL_LIBDIR);
#endif
    libdirs.emplace_back("lib");
#ifdef TESSERA_LIBRARY_ARCHITECTURE
    if (*TESSERA_LIBRARY_ARCHITECTURE) libdirs.push_back(std::filesystem::path("lib") / TESSERA_LIBRARY_ARCHITECTURE);
#endif
    for (const auto& d : libdirs) add((d.is_absolute() ? d : exe / ".." / d) / "tessera" / kCudaPluginFileName);
  }
#ifdef TESSERA_CUDA_PLUGIN_BUILD_FILE
  add(TESSERA_CUDA_PLUGIN_BUILD_FILE);
#endif
  return out;
}

CudaPluginLoader::CudaPluginLoader(CudaEnvironment environment) : environment_(std::move(environment)) {
  from_env_ = !environment_.plugin_file.empty();
  candidates_ = cuda_plugin_candidates(environment_.plugin_file);
}

CudaPluginLoader::CudaPluginLoader(std::vector<std::filesystem::path> candidates)
    : candidates_(std::move(candidates)) {}

CudaPluginLoader::~CudaPluginLoader() {
  if (handle_) dlclose(handle_);
}

Result<const CudaPluginApi*> CudaPluginLoader::load() {
  if (!outcome_) outcome_ = open();
  return *outcome_;
}

Result<const CudaPluginApi*> CudaPluginLoader::open() {
  std::filesystem::path file;
  for (const auto& c : candidates_) {
    std::error_code ec;
    if (std::filesystem::exists(c, ec)) {
      file = c;
      break;
    }
  }
  if (file.empty()) {
    if (from_env_)
      return make_error(ErrorKind::Unsupported, std::string(kCudaPluginEnv) + "=" + joined(candidates_) +
                                                    ": no such file; unset it or point it at " + kCudaPluginFileName);
#ifdef TESSERA_CUDA_PLUGIN_BUILT
    return make_error(ErrorKind::Unsupported,
                      std::string("the CUDA backend module ") + kCudaPluginFileName + " is not installed (looked for " +
                          joined(candidates_) + "); reinstall the tessera package, or set " + kCudaPluginEnv +
                          " to the file");
#else
    return make_error(ErrorKind::Unsupported,
                      std::string("this build of Tessera has no CUDA backend (configured with TESSERA_BUILD_CUDA=OFF) "
                                  "and no module ") +
                          kCudaPluginFileName + " was found (looked for " + joined(candidates_) +
                          "); build with CUDA, or set " + kCudaPluginEnv + " to a module from such a build");
#endif
  }

  // RTLD_NOW: a missing cuBLAS symbol fails here, not in the middle of a load. RTLD_LOCAL: the
  // module's copies of core code stay its own. RTLD_NODELETE: see the header.
  dlerror();
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!handle)
    return make_error(ErrorKind::Unsupported,
                      "cannot load the CUDA backend module " + file.string() + ": " + dl_error() + ". " + kRuntimeAdvice);

  auto refuse = [&](ErrorKind kind, std::string why) -> Error {
    dlclose(handle);
    return make_error(kind, file.string() + " " + why);
  };
  dlerror();
  void* symbol = dlsym(handle, kCudaPluginEntryPoint);
  if (!symbol)
    return refuse(ErrorKind::BadFile, std::string("is not a Tessera CUDA backend module (") + dl_error() +
                                          "); point " + kCudaPluginEnv + " at " + kCudaPluginFileName + " or unset it");
  const CudaPluginApi* api = reinterpret_cast<EntryPoint>(symbol)();
  if (!api) return refuse(ErrorKind::BadFile, std::string("returned no table from ") + kCudaPluginEntryPoint);
  const std::string same_build = "; install tessera and its CUDA module from the same build";
  if (api->abi_version != kCudaPluginAbiVersion)
    return refuse(ErrorKind::BadFile, "has module ABI version " + std::to_string(api->abi_version) +
                                          ", this program needs " + std::to_string(kCudaPluginAbiVersion) + same_build);
  if (api->struct_size != sizeof(CudaPluginApi))
    return refuse(ErrorKind::BadFile, "has a table of " + std::to_string(api->struct_size) + " bytes, this program's is " +
                                          std::to_string(sizeof(CudaPluginApi)) + same_build);
  const std::string ours = cuda_plugin_build_id();
  if (!api->build_id || ours != api->build_id)
    return refuse(ErrorKind::BadFile, "was built as '" + std::string(api->build_id ? api->build_id : "?") +
                                          "', this program as '" + ours + "'" + same_build);
  if (!api->list_devices || !api->backend_factory || !api->logical_devices || !api->logical_memory ||
      !api->format_cuda_version || !api->format_bytes)
    return refuse(ErrorKind::BadFile, "has an incomplete table" + same_build);
  handle_ = handle;
  file_ = file;
  return api;
}

}  // namespace tessera
