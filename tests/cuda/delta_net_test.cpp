// The Gated DeltaNet kernels on the GPU against the CPU reference (delta_net_checks.h), at the
// shapes of the published models and of the HF test models.
#include <gtest/gtest.h>

#include "cuda_test_util.h"
#include "delta_net_checks.h"

namespace tessera::cuda {
namespace {

struct DeviceMemory {
  struct Floats {
    DeviceBuffer buf;
    float* get() const { return buf.as<float>(); }
  };
  static Floats up(const std::vector<float>& v) { return {test::to_device(v)}; }
  static std::vector<float> down(const Floats& f, size_t n) { return test::from_device<float>(f.buf, n); }
};

const std::vector<DeltaNetHeads>& head_shapes() {
  static const std::vector<DeltaNetHeads> shapes = {
      {2, 4, 16, 16, true},      // the conformance suite's random models
      {2, 4, 32, 32, true},      // the HF test models
      {16, 32, 128, 128, true},  // Qwen3.6-35B-A3B (Qwen3.6-27B: 48 value heads)
      {2, 4, 64, 64, false},     // Qwen3-Next's grouped value heads
      {1, 3, 128, 32, false},    // dk != dv, an odd head count
  };
  return shapes;
}

TEST(DeltaNetKernels, SequentialMatchesCpuRecurrent) {
  TESSERA_REQUIRE_GPU();
  delta_checks::check_prompt_kernel<DeviceMemory>(delta_rule_sequential, false, head_shapes(), {1, 37, 150}, 2e-5);
}

TEST(DeltaNetKernels, ChunkedMatchesCpuChunked) {
  TESSERA_REQUIRE_GPU();
  // TF32 products (10-bit mantissas) against f32: errors of a few 1e-4 of the largest value.
  delta_checks::check_prompt_kernel<DeviceMemory>(delta_rule_chunked, true, delta_checks::chunked_shapes(head_shapes()),
                                                  {1, 64, 65, 150, 63}, 4e-3);
  delta_checks::check_chunked_refuses_small_heads();
}

TEST(DeltaNetKernels, DecodeMatchesCpu) {
  TESSERA_REQUIRE_GPU();
  delta_checks::check_decode<DeviceMemory>(head_shapes(), 2e-5);
}

TEST(DeltaNetKernels, ConvMatchesCpu) {
  TESSERA_REQUIRE_GPU();
  delta_checks::check_conv<DeviceMemory>({{{2, 4, 16, 16, true}, 4},
                                          {{2, 4, 32, 32, true}, 4},
                                          {{16, 32, 128, 128, true}, 4},
                                          {{1, 1, 64, 64, true}, 2},
                                          {{1, 2, 32, 128, false}, 8}},
                                         {5, 1, 1, 2, 70, 1});
}

TEST(DeltaNetKernels, GatesMatchCpu) {
  TESSERA_REQUIRE_GPU();
  delta_checks::check_gates<DeviceMemory>();
}

TEST(DeltaNetKernels, GatedNormMatchesCpu) {
  TESSERA_REQUIRE_GPU();
  delta_checks::check_gated_norm<DeviceMemory>();
}

}  // namespace
}  // namespace tessera::cuda
