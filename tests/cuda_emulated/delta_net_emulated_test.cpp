// The Gated DeltaNet kernels' own sources, run under the host model of the CUDA execution model
// (emulation/cuda_emulation.h), against the CPU reference: the checks of tests/cuda/
// delta_net_checks.h, at shapes small enough for the model (every thread a fiber) to run them in
// seconds, covering each kernel's code paths (each head size, both value-head layouts, tokens that
// fill chunks exactly, overflow them and leave tails). The GPU runs the same checks at the
// published models' shapes (tests/cuda/delta_net_test.cpp).
#include <gtest/gtest.h>

#include "delta_net_checks.h"

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

const std::vector<DeltaNetHeads>& head_shapes() {
  static const std::vector<DeltaNetHeads> shapes = {
      {2, 4, 16, 16, true},     // the conformance suite's random models
      {2, 4, 32, 32, true},     // the HF test models
      {1, 2, 128, 64, false},   // the published models' dk, grouped value heads, dk != dv
      {2, 4, 64, 64, false},
  };
  return shapes;
}

TEST(DeltaNetKernelsEmulated, SequentialMatchesCpuRecurrent) {
  delta_checks::check_prompt_kernel<HostMemory>(delta_rule_sequential, false, head_shapes(), {1, 40}, 2e-5);
}

TEST(DeltaNetKernelsEmulated, ChunkedMatchesCpuChunked) {
  delta_checks::check_prompt_kernel<HostMemory>(delta_rule_chunked, true, delta_checks::chunked_shapes(head_shapes()),
                                                {1, 64, 65, 150}, 4e-3);
  delta_checks::check_chunked_refuses_small_heads();
}

TEST(DeltaNetKernelsEmulated, DecodeMatchesCpu) {
  delta_checks::check_decode<HostMemory>(head_shapes(), 2e-5);
}

TEST(DeltaNetKernelsEmulated, ConvMatchesCpu) {
  delta_checks::check_conv<HostMemory>(
      {{{2, 4, 16, 16, true}, 4}, {{3, 6, 16, 16, false}, 4}, {{2, 4, 32, 32, true}, 4}, {{1, 1, 128, 64, true}, 2},
       {{1, 2, 32, 128, false}, 8}},
      {5, 1, 1, 2, 70, 1});
}

TEST(DeltaNetKernelsEmulated, GatesMatchCpu) {
  delta_checks::check_gates<HostMemory>();
}

TEST(DeltaNetKernelsEmulated, GatedNormMatchesCpu) {
  delta_checks::check_gated_norm<HostMemory>();
}

}  // namespace
}  // namespace tessera::cuda
