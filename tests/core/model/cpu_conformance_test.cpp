// The backend conformance suite (tests/conformance) on the CPU backend, with an F32 KV cache: the
// CPU backend keeps f32 activations for every weight type, so every case is held to 1e-4.
#include "backend/cpu_backend.h"
#include "conformance/backend_conformance.h"

namespace tessera::test {
namespace {

BackendUnderTest cpu_backend() {
  BackendUnderTest b;
  b.name = "cpu";
  b.make = [] { return std::make_unique<CpuBackend>(); };
  return b;
}

INSTANTIATE_TEST_SUITE_P(Cpu, BackendLogits, ::testing::ValuesIn(logits_cases({cpu_backend()})), case_name);
INSTANTIATE_TEST_SUITE_P(Cpu, BackendHfModels, ::testing::ValuesIn(hf_cases({cpu_backend()})), hf_case_name);
INSTANTIATE_TEST_SUITE_P(Cpu, BackendContract, ::testing::Values(cpu_backend()), backend_name);

}  // namespace
}  // namespace tessera::test
