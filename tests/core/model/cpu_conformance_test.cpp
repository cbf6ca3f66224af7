// The backend conformance suite (tests/conformance) on the CPU backend. With an F32 KV cache the
// CPU backend keeps f32 activations for every weight type, so every case is held to 1e-4. The
// Hugging Face fixtures also run with the F16 KV cache users get by default: only K and V are
// rounded to f16, which the logits feel at the 1e-3 level (more where a mixture-of-experts router
// sits near a tie and flips an expert: the tolerance there says how far that reaches).
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

BackendUnderTest cpu_backend_f16_kv() {
  BackendUnderTest b = cpu_backend();
  b.name = "cpu_f16_kv";
  b.kv_type = KvCacheType::F16;
  b.float_tolerance = 1e-2;
  b.moe_fixture_tolerance = 1e-2;
  b.greedy_margin = 0.05;
  return b;
}

INSTANTIATE_TEST_SUITE_P(Cpu, BackendLogits, ::testing::ValuesIn(logits_cases({cpu_backend()})), case_name);
INSTANTIATE_TEST_SUITE_P(Cpu, BackendHfModels, ::testing::ValuesIn(hf_cases({cpu_backend(), cpu_backend_f16_kv()})),
                         hf_case_name);
// The contract with both caches: the F16 cache's context shift rounds the moved keys again.
INSTANTIATE_TEST_SUITE_P(Cpu, BackendContract, ::testing::Values(cpu_backend(), cpu_backend_f16_kv()), backend_name);

}  // namespace
}  // namespace tessera::test
