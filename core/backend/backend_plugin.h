// Finds and loads the CUDA backend module (libtessera-cuda.so) at run time, so tessera and
// tessera-cli start on machines without NVIDIA's CUDA runtime and fall back to the CPU backend there.
// The table it returns is described in backend_plugin_api.h.
//
// Where it looks (the first file that exists is loaded; nothing else is tried after a failure, so a
// broken install is reported rather than hidden):
//   1. $TESSERA_CUDA_PLUGIN, when set: exactly that file.
//   2. Next to the running program's install location: <exe>/../<libdir>/tessera/, with <libdir> the
//      GNUInstallDirs value of this build, lib, and lib/<multiarch>.
//   3. The build tree's module (a program run from its build directory).
//
// Ownership: the caller owns a CudaPluginLoader and keeps it alive longer than every factory,
// backend, engine and model it obtained through the table (declare it before them). The module is
// opened with RTLD_NODELETE: the CUDA runtime linked into it registers kernels and driver callbacks
// that must not be unmapped while the process runs, so even after the loader is gone its code stays
// mapped; the rule above still holds, because the table's objects are only valid while it is open.
//
// Not thread-safe: one loader per thread that uses it (dlopen of the same file twice shares one
// copy of the module).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "backend/backend_plugin_api.h"
#include "backend/cuda_environment.h"
#include "common/error.h"

namespace tessera {

// Where the loader looks, in order (see above). `plugin_file` is CudaEnvironment::plugin_file
// (empty: search only).
std::vector<std::filesystem::path> cuda_plugin_candidates(const std::string& plugin_file);

class CudaPluginLoader {
 public:
  // Searches cuda_plugin_candidates(environment.plugin_file) on the first load(); the environment
  // comes from the program's edge (read_cuda_environment) and is kept for the backend's settings.
  explicit CudaPluginLoader(CudaEnvironment environment = {});
  // Searches only these files, in order (tests).
  explicit CudaPluginLoader(std::vector<std::filesystem::path> candidates);
  ~CudaPluginLoader();
  CudaPluginLoader(const CudaPluginLoader&) = delete;
  CudaPluginLoader& operator=(const CudaPluginLoader&) = delete;

  // The module's table. The first call opens the module; later calls return the same table or the
  // same error. The error names the file(s) tried, the loader's reason (dlerror) and what to install.
  Result<const CudaPluginApi*> load();

  // What the program's edge passed (virtual devices, graphs, fusions for the backend's config).
  const CudaEnvironment& environment() const { return environment_; }

  // The file loaded (empty before a successful load).
  const std::filesystem::path& file() const { return file_; }

 private:
  Result<const CudaPluginApi*> open();

  CudaEnvironment environment_;
  std::vector<std::filesystem::path> candidates_;
  bool from_env_ = false;
  void* handle_ = nullptr;
  std::filesystem::path file_;
  std::optional<Result<const CudaPluginApi*>> outcome_;
};

}  // namespace tessera
