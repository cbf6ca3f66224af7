// tessera-cli and the CUDA backend module it loads at run time (libtessera-cuda.so): without the
// module, or with a file that is not one, `devices` says why and exits 0 and `run` falls back to the
// CPU with a note; `--backend cuda` fails with the reason. With the module this build made, `devices`
// reports it and lists GPUs or says there is no driver/GPU (CI).
#include <dlfcn.h>

#include <cstdlib>
#include <optional>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

using test::CliResult;

// Runs tessera-cli with TESSERA_CUDA_PLUGIN set to `plugin` (nullopt: unset, the default search).
CliResult cli(const std::optional<std::string>& plugin, const std::vector<std::string>& args) {
  return test::run_cli(args, "", {plugin ? "TESSERA_CUDA_PLUGIN=" + *plugin : std::string("TESSERA_CUDA_PLUGIN")});
}

std::string libc_path() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&std::getenv), &info) == 0 || !info.dli_fname) return {};
  return info.dli_fname;
}

const char* kPrompt = "Tom had a red ball.";

TEST(CliCudaModule, DevicesWithoutTheModuleSaysWhyAndExitsZero) {
  test::TempDir dir;
  const std::string missing = dir.file("libtessera-cuda.so").string();
  CliResult r = cli(missing, {"devices"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("no CUDA backend"));
  EXPECT_THAT(r.out, HasSubstr(missing));

  CliResult j = cli(missing, {"devices", "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto json = nlohmann::json::parse(j.out);
  EXPECT_TRUE(json["devices"].empty());
  EXPECT_THAT(json["unavailable_reason"].get<std::string>(), HasSubstr(missing));
}

TEST(CliCudaModule, DevicesWithALibraryThatIsNotTheModuleSaysSo) {
  const std::string libc = libc_path();
  ASSERT_FALSE(libc.empty());
  CliResult r = cli(libc, {"devices"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr(libc + " is not a Tessera CUDA backend module"));
}

TEST(CliCudaModule, RunWithoutTheModuleFallsBackToTheCpuWithANote) {
  test::TempDir dir;
  const std::string missing = dir.file("libtessera-cuda.so").string();
  CliResult r = cli(missing, {"run", "-p", kPrompt, "-n", "8", "--temp", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(r.out.empty());
  EXPECT_THAT(r.err, HasSubstr("tessera-cli run: no CUDA backend: "));
  EXPECT_THAT(r.err, HasSubstr(missing));
  EXPECT_THAT(r.err, HasSubstr("running on the CPU"));
}

TEST(CliCudaModule, BackendCudaWithoutTheModuleFailsWithTheReason) {
  test::TempDir dir;
  const std::string missing = dir.file("libtessera-cuda.so").string();
  CliResult r = cli(missing, {"run", "-p", kPrompt, "-n", "4", "--backend", "cuda"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("--backend cuda: "));
  EXPECT_THAT(r.err, HasSubstr(missing));
  EXPECT_TRUE(r.out.empty());
}

TEST(CliCudaModule, BackendCpuNeverLooksForTheModule) {
  test::TempDir dir;
  CliResult r = cli(dir.file("libtessera-cuda.so").string(), {"run", "-p", kPrompt, "-n", "4", "--backend", "cpu"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, Not(HasSubstr("CUDA")));
}

#ifdef TESSERA_TEST_CUDA_PLUGIN
TEST(CliCudaModule, DevicesFindsTheBuiltModuleAndListsGpusOrSaysThereIsNone) {
  CliResult r = cli(std::nullopt, {"devices", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(std::filesystem::path(json["cuda_module"].get<std::string>()),
            std::filesystem::path(TESSERA_TEST_CUDA_PLUGIN).lexically_normal());
  EXPECT_EQ(json["cuda_runtime"].get<std::string>().substr(0, 3), "13.");
  if (json["devices"].empty()) {
    EXPECT_THAT(json["unavailable_reason"].get<std::string>(), HasSubstr("no NVIDIA driver/GPU"));
    CliResult text = cli(std::nullopt, {"devices"});
    EXPECT_EQ(text.exit_code, 0);
    EXPECT_THAT(text.out, HasSubstr("no NVIDIA driver/GPU"));
  } else {
    EXPECT_FALSE(json["devices"][0]["name"].get<std::string>().empty());
  }
}
#endif

}  // namespace
}  // namespace tessera
