// What the CPU backend refuses before doing any work.
#include <gtest/gtest.h>

#include <string>

#include "backend/cpu_backend.h"

namespace tessera {
namespace {

TEST(CpuBackendRefusals, RandomInMemoryWeightsNeedTheCudaBackend) {
  ModelSpec spec;  // a shape-only spec asking for random weights (bench --synth)
  spec.random_weights_seed = 42;
  CpuBackend backend;
  auto model = backend.load_model(spec, BackendModelSettings{}, nullptr);
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.error().kind, ErrorKind::Unsupported);
  EXPECT_NE(model.error().message.find("tessera-cli synth"), std::string::npos) << model.error().message;
}

TEST(CpuBackendRefusals, ThreadCountOutsideItsRange) {
  // Before: -4 meant all cores and 100000 started that many threads until creation threw.
  for (const int32_t n : {-4, kMaxThreads + 1, 100000}) {
    BackendModelSettings settings;
    settings.n_threads = n;
    CpuBackend backend;
    auto model = backend.load_model(ModelSpec{}, settings, nullptr);
    ASSERT_FALSE(model.ok()) << n;
    EXPECT_EQ(model.error().kind, ErrorKind::InvalidArgument);
    EXPECT_EQ(model.error().message, "thread count must be in 0..1024 (0: all cores), got " + std::to_string(n));
  }
}

}  // namespace
}  // namespace tessera
