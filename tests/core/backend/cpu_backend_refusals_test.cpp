// What the CPU backend refuses before doing any work.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace tessera
