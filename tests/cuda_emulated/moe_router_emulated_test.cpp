// The router choices kernel's own source (cuda/kernels/moe_router.cu), run under the host model of
// the CUDA execution model (emulation/cuda_emulation.h), against the CPU's router: the checks of
// tests/cuda/moe_router_checks.h at token counts that fill one CTA of four warps, leave it partial
// and span several. The GPU runs the same checks with prompt-sized batches (tests/cuda/moe_test.cpp).
#include <gtest/gtest.h>

#include "moe_router_checks.h"

namespace tessera::cuda {
namespace {

// The kernels read host memory directly under the emulation.
struct HostMemory {
  struct Floats {
    mutable std::vector<float> v;
    float* get() const { return v.data(); }
  };
  static Floats up(const std::vector<float>& v) { return {v}; }
  static std::vector<float> down(const Floats& f, size_t n) { return {f.v.begin(), f.v.begin() + static_cast<long>(n)}; }
};

TEST(MoeRouterEmulated, ChoicesMatchTheCpuRouter) {
  router_checks::check_against_cpu<HostMemory>({1, 7, 33});
}

TEST(MoeRouterEmulated, NanLogitsKeepIdsInRangeAndTiesGoLow) {
  router_checks::check_nan_and_ties<HostMemory>();
}

TEST(MoeRouterEmulated, RefusesShapesBeyondItsLimits) {
  router_checks::check_refusals();
}

}  // namespace
}  // namespace tessera::cuda
