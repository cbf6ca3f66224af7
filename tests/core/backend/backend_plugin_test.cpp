// The CUDA module loader (core/backend/backend_plugin.h): every way a module can be missing or wrong
// is an error value naming the file and what to do, never a crash; the module this build made
// loads, and on a machine without a GPU (CI) says so.
#include "backend/backend_plugin.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;

// Sets an environment variable for one test and restores it afterwards.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) setenv(name, value, 1);
    else unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_) setenv(name_, old_->c_str(), 1);
    else unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// A real shared library that is certainly not a Tessera module: the C library this test runs on.
std::string libc_path() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&std::getenv), &info) == 0 || !info.dli_fname) return {};
  return info.dli_fname;
}

TEST(CudaPluginLoader, MissingFileIsAnErrorNamingEveryPlaceLooked) {
  test::TempDir dir;
  const auto a = dir.file("a") / kCudaPluginFileName;
  const auto b = dir.file("b") / kCudaPluginFileName;
  CudaPluginLoader loader(std::vector<std::filesystem::path>{a, b});
  auto r = loader.load();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::Unsupported);
  EXPECT_THAT(r.error().message, HasSubstr(a.string()));
  EXPECT_THAT(r.error().message, HasSubstr(b.string()));
  EXPECT_THAT(r.error().message, HasSubstr(kCudaPluginEnv));  // what to do: point it at the file
  EXPECT_TRUE(loader.file().empty());
  // The outcome is kept: the same error again, no second search.
  auto again = loader.load();
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().message, r.error().message);
}

// A lookup over fixed values, as a program's edge would read them from its environment.
EnvironmentLookup lookup_of(std::map<std::string, std::string> values) {
  return [values = std::move(values)](const char* name) -> const char* {
    auto it = values.find(name);
    return it == values.end() ? nullptr : it->second.c_str();
  };
}

TEST(CudaEnvironment, ReadsEachVariableByItsNameAndKeepsDefaultsForUnsetOnes) {
  const CudaEnvironment none = read_cuda_environment(lookup_of({}));
  EXPECT_TRUE(none.plugin_file.empty());
  EXPECT_TRUE(none.virtual_devices.empty());
  EXPECT_TRUE(none.graphs);
  EXPECT_TRUE(none.unfused.empty());
  EXPECT_TRUE(none.experimental.empty());
  const CudaEnvironment set = read_cuda_environment(lookup_of({{kCudaPluginEnv, "/x/libtessera-cuda.so"},
                                                               {kCudaVirtualDevicesEnv, "2:0.5"},
                                                               {kCudaGraphsEnv, "0"},
                                                               {kCudaUnfusedEnv, "glu,rope"},
                                                               {kCudaExperimentalEnv, "tc_attention"}}));
  EXPECT_EQ(set.plugin_file, "/x/libtessera-cuda.so");
  EXPECT_EQ(set.virtual_devices, "2:0.5");
  EXPECT_FALSE(set.graphs);
  EXPECT_EQ(set.unfused, "glu,rope");
  EXPECT_EQ(set.experimental, "tc_attention");
  EXPECT_TRUE(read_cuda_environment(lookup_of({{kCudaGraphsEnv, "1"}})).graphs);
  EXPECT_TRUE(read_cuda_environment({}).graphs);  // no lookup at all: the defaults
}

TEST(CudaPluginLoader, EnvironmentOverrideIsTheOnlyCandidate) {
  test::TempDir dir;
  const std::string missing = dir.file("nowhere.so").string();
  EXPECT_EQ(cuda_plugin_candidates(missing), std::vector<std::filesystem::path>{missing});
  // The variable only matters where a program's edge read it and passed it on.
  ScopedEnv env(kCudaPluginEnv, missing.c_str());
  CudaPluginLoader ignores_environment;
  EXPECT_NE(ignores_environment.environment().plugin_file, missing);
  CudaPluginLoader loader(read_cuda_environment([](const char* name) { return std::getenv(name); }));
  EXPECT_EQ(loader.environment().plugin_file, missing);
  auto r = loader.load();
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.error().message, HasSubstr(std::string(kCudaPluginEnv) + "=" + missing));
  EXPECT_THAT(r.error().message, HasSubstr("no such file"));
}

TEST(CudaPluginLoader, DefaultCandidatesAreNextToTheProgramThenTheBuildTree) {
  const auto candidates = cuda_plugin_candidates("");
  ASSERT_FALSE(candidates.empty());
  std::error_code ec;
  const auto exe_dir = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path();
  ASSERT_FALSE(ec);
  const auto next_to_exe = (exe_dir / ".." / "lib" / "tessera" / kCudaPluginFileName).lexically_normal();
  EXPECT_NE(std::find(candidates.begin(), candidates.end(), next_to_exe), candidates.end()) << next_to_exe;
  for (const auto& c : candidates) EXPECT_EQ(c.filename(), kCudaPluginFileName) << c;
#ifdef TESSERA_TEST_CUDA_PLUGIN
  EXPECT_EQ(candidates.back(), std::filesystem::path(TESSERA_TEST_CUDA_PLUGIN).lexically_normal());
#endif
}

TEST(CudaPluginLoader, FileThatIsNotALibraryGivesTheLoadersReasonAndWhatToInstall) {
  test::TempDir dir;
  const auto file = dir.file(kCudaPluginFileName);
  std::ofstream(file) << std::string(4096, 'x');  // long enough for the loader to read a header
  CudaPluginLoader loader(std::vector<std::filesystem::path>{file});
  auto r = loader.load();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::Unsupported);
  EXPECT_THAT(r.error().message, HasSubstr("cannot load the CUDA backend module " + file.string()));
  EXPECT_THAT(r.error().message, HasSubstr("invalid ELF header"));  // dlerror's text
  EXPECT_THAT(r.error().message, HasSubstr("NVIDIA driver"));
  EXPECT_THAT(r.error().message, HasSubstr("libcublas-13-0"));
}

TEST(CudaPluginLoader, SharedLibraryWithoutTheEntryPointIsRefused) {
  const std::string libc = libc_path();
  ASSERT_FALSE(libc.empty());
  CudaEnvironment environment;
  environment.plugin_file = libc;
  CudaPluginLoader loader(environment);
  auto r = loader.load();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::BadFile);
  EXPECT_THAT(r.error().message, HasSubstr(libc + " is not a Tessera CUDA backend module"));
  EXPECT_THAT(r.error().message, HasSubstr(kCudaPluginEntryPoint));
  EXPECT_TRUE(loader.file().empty());
}

#ifdef TESSERA_TEST_FAKE_CUDA_PLUGIN
struct Flaw {
  const char* name;
  const char* message;
};
// Names the parameter in test listings (ctest shows it).
void PrintTo(const Flaw& flaw, std::ostream* os) { *os << flaw.name; }

class FlawedModule : public ::testing::TestWithParam<Flaw> {};

TEST_P(FlawedModule, IsRefusedWithAMessageNamingTheFile) {
  ScopedEnv env("TESSERA_FAKE_PLUGIN_FLAW", GetParam().name);
  CudaPluginLoader loader(std::vector<std::filesystem::path>{TESSERA_TEST_FAKE_CUDA_PLUGIN});
  auto r = loader.load();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::BadFile);
  EXPECT_THAT(r.error().message, HasSubstr(TESSERA_TEST_FAKE_CUDA_PLUGIN));
  EXPECT_THAT(r.error().message, HasSubstr(GetParam().message));
  EXPECT_TRUE(loader.file().empty());
}

INSTANTIATE_TEST_SUITE_P(
    CudaPluginLoader, FlawedModule,
    ::testing::Values(Flaw{"abi", "has module ABI version"},
                      Flaw{"size", "has a table of"}, Flaw{"build", "was built as 'tessera 0.0.0, another compiler'"},
                      Flaw{"null", "returned no table"}, Flaw{"incomplete", "incomplete table"}),
    [](const auto& info) { return std::string(info.param.name); });
#endif

#ifdef TESSERA_TEST_CUDA_PLUGIN
// The module this build made: it loads (cuBLAS found through its RUNPATH) and answers; without a
// GPU or driver it says so, and its backend factory fails instead of crashing.
TEST(CudaPluginLoader, BuiltModuleLoadsAndListsDevicesOrSaysWhyNot) {
  CudaPluginLoader loader(std::vector<std::filesystem::path>{TESSERA_TEST_CUDA_PLUGIN});
  auto api = loader.load();
  ASSERT_TRUE(api.ok()) << api.error().message;
  EXPECT_EQ(loader.file(), std::filesystem::path(TESSERA_TEST_CUDA_PLUGIN));
  EXPECT_EQ(std::string((*api)->build_id), cuda_plugin_build_id());
  EXPECT_EQ((*api)->format_cuda_version(13000), "13.0");
  EXPECT_EQ((*api)->format_bytes(3ull << 30), "3.0 GiB");
  auto list = (*api)->list_devices();
  ASSERT_TRUE(list.ok()) << list.error().message;
  EXPECT_GE(list->runtime_version, 13000);
  if (list->devices.empty()) {
    EXPECT_THAT(list->unavailable_reason, HasSubstr("no NVIDIA driver/GPU"));
    auto backend = (*api)->backend_factory(CudaBackendConfig{})();
    ASSERT_FALSE(backend.ok());
    EXPECT_EQ(backend.error().kind, ErrorKind::Device);
    EXPECT_FALSE((*api)->logical_devices("").ok());
  } else {
    EXPECT_TRUE(list->unavailable_reason.empty());
    EXPECT_FALSE(list->devices[0].name.empty());
    auto logical = (*api)->logical_devices("");
    ASSERT_TRUE(logical.ok()) << logical.error().message;
    ASSERT_FALSE(logical->empty());
    auto mem = (*api)->logical_memory(logical->front());
    ASSERT_TRUE(mem.ok()) << mem.error().message;
    EXPECT_GT(mem->total_bytes, 0u);
  }
  // Loading is done once per loader: the same table again.
  auto again = loader.load();
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, *api);
}

TEST(CudaPluginLoader, DefaultSearchFindsTheBuiltModule) {
  CudaPluginLoader loader;
  auto api = loader.load();
  ASSERT_TRUE(api.ok()) << api.error().message;
  EXPECT_EQ(loader.file().filename(), kCudaPluginFileName);
}
#endif

}  // namespace
}  // namespace tessera
