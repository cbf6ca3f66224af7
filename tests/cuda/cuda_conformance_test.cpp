// The backend conformance suite (tests/conformance) on the CUDA backend: one device, and two
// virtual devices split by layers and by rows (row split refuses mixture-of-experts models and
// models with recurrent layers).
//
// Tolerances against the float64 reference (max |got - ref| / max |ref|), with the F16 KV cache the
// CUDA backend keeps: 1e-2 for float weights (prompt batches above 8 rows round activations and
// weights to f16 for the tensor-core GEMM), 5e-2 for quantized weights (the fused matvec quantizes
// activations to int8 per 32 values, as llama.cpp does). Greedy ids of the Hugging Face fixtures are
// compared up to the first reference margin below 0.05.
#include "backend_support.h"
#include "conformance/backend_conformance.h"
#include "cuda_test_util.h"

namespace tessera::cuda::test {
namespace {

using tessera::test::BackendUnderTest;

BackendUnderTest cuda_backend(const std::string& name, int n_virtual, SplitMode mode) {
  BackendUnderTest b;
  b.name = name;
  b.make = [n_virtual, mode]() -> std::unique_ptr<Backend> { return make_cuda_backend(n_virtual, mode, 0); };
  b.unavailable = [] {
    const std::string& why = gpu_unavailable_reason();
    return why.empty() ? why : "needs a CUDA device: " + why;
  };
  b.kv_type = KvCacheType::F16;
  // Attention on the tensor cores rounds queries and probabilities to f16 (~1e-3 more than the SIMT
  // kernel's 1e-2 bound needed), so float weights get 2e-2. The mixtral fixture measured 2.3e-2 on
  // the H200 before (its f16 prompt GEMMs move a router near a tie; the CPU with an F16 KV cache:
  // 5.9e-3); with the tensor-core attention it is held to 5e-2, and every greedy id matches.
  b.float_tolerance = 2e-2;
  b.moe_fixture_tolerance = 5e-2;
  b.quantized_tolerance = 5e-2;
  b.greedy_margin = 0.05;
  b.supports_moe = mode != SplitMode::Row;
  // Recurrent (Gated DeltaNet) layers on one device and in layer split; row split refuses them
  // (plan_for_load: Unsupported), which the suite checks.
  b.supports_recurrent = mode != SplitMode::Row;
  b.unsupported_features = ~kCudaFeatures;  // issue 36: the features whose kernels are yet to come
  // Row split refuses (plan_for_load: Unsupported) latent attention, layers of their own head sizes,
  // layers reading another layer's cache and per-layer embeddings; use layer split.
  if (mode == SplitMode::Row)
    for (ModelFeature f : {ModelFeature::LatentAttention, ModelFeature::PerLayerAttention, ModelFeature::SharedKvLayers,
                           ModelFeature::PerLayerEmbeddings})
      b.unsupported_features |= 1u << static_cast<unsigned>(f);
  b.weight_overhead_bytes = 16 << 10;  // 256-byte aligned tensors and the RoPE angle tables
  return b;
}

std::vector<BackendUnderTest> cuda_backends() {
  return {cuda_backend("cuda", 0, SplitMode::None), cuda_backend("cuda_layer2", 2, SplitMode::Layer),
          cuda_backend("cuda_row2", 2, SplitMode::Row)};
}

// The quantized caches on one device. Q8_0 runs every random model, held to the CPU's Q8_0 cache
// tolerance (0.06, cpu_conformance_test.cpp) plus this backend's own quantized-weight tolerance;
// Q4_0's amplified error on random models (up to 0.64 on the CPU) makes a logits bound there say
// little, so it runs the contract checks here and is compared with the CPU reference case by case
// in kv_quant_test.cpp.
BackendUnderTest cuda_quantized_kv(KvCacheType type) {
  BackendUnderTest b =
      cuda_backend(std::string("cuda_") + (type == KvCacheType::Q8_0 ? "q8_0" : "q4_0") + "_kv", 0, SplitMode::None);
  b.kv_type = type;
  b.float_tolerance = b.moe_fixture_tolerance = 0.06 + 2e-2;
  b.quantized_tolerance = 0.06 + 5e-2;
  return b;
}

using tessera::test::BackendContract;
using tessera::test::BackendHfModels;
using tessera::test::BackendLogits;

INSTANTIATE_TEST_SUITE_P(Cuda, BackendLogits, ::testing::ValuesIn(tessera::test::logits_cases(cuda_backends())),
                         tessera::test::case_name);
INSTANTIATE_TEST_SUITE_P(Cuda, BackendHfModels, ::testing::ValuesIn(tessera::test::hf_cases(cuda_backends())),
                         tessera::test::hf_case_name);
INSTANTIATE_TEST_SUITE_P(Cuda, BackendContract, ::testing::ValuesIn(cuda_backends()), tessera::test::backend_name);
INSTANTIATE_TEST_SUITE_P(CudaQuantizedKv, BackendLogits,
                         ::testing::ValuesIn(tessera::test::logits_cases({cuda_quantized_kv(KvCacheType::Q8_0)})),
                         tessera::test::case_name);
INSTANTIATE_TEST_SUITE_P(CudaQuantizedKv, BackendContract,
                         ::testing::Values(cuda_quantized_kv(KvCacheType::Q8_0), cuda_quantized_kv(KvCacheType::Q4_0)),
                         tessera::test::backend_name);

}  // namespace
}  // namespace tessera::cuda::test
