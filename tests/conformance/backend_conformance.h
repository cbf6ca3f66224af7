// One conformance suite for every backend (CPU, CUDA on one device, CUDA split by layers or rows
// over virtual devices), in the manner of llama.cpp's test-backend-ops: the same random models of
// every architecture and weight type against the float64 reference (core/model/reference_forward.h),
// the Hugging Face fixtures against transformers' float64 greedy ids and logits, and the same
// BackendModel contract checks (argument errors, KV keep, cancelled loads, footprint).
//
// The suite's TEST_Ps live in backend_conformance.cpp, compiled into each test executable that
// instantiates it with its backends:
//   INSTANTIATE_TEST_SUITE_P(Cpu, BackendLogits, ::testing::ValuesIn(logits_cases({cpu})), case_name);
//   INSTANTIATE_TEST_SUITE_P(Cpu, BackendHfModels, ::testing::ValuesIn(hf_cases({cpu})), hf_case_name);
//   INSTANTIATE_TEST_SUITE_P(Cpu, BackendContract, ::testing::Values(cpu), backend_name);
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backend/backend.h"
#include "core/model/random_model.h"

namespace tessera::test {

struct BackendUnderTest {
  std::string name;
  std::function<std::unique_ptr<Backend>()> make;
  // Empty when the backend can run here; otherwise why not (the tests skip with it).
  std::function<std::string()> unavailable = [] { return std::string(); };
  KvCacheType kv_type = KvCacheType::F32;
  // Largest max|got - ref| / max|ref| of logits against the float64 reference.
  double float_tolerance = 1e-4;      // F32/F16/BF16 weights
  double quantized_tolerance = 1e-4;  // quantized weights
  // The Hugging Face mixture-of-experts fixtures' first logits: rounding that moves a router logit
  // past a near tie picks another expert for a token, which the logits feel more than in a dense model.
  double moe_fixture_tolerance = 1e-4;
  bool supports_moe = true;  // false: loading a mixture-of-experts model must fail as Unsupported
  // false: loading a model with recurrent layers (Qwen3.5/3.6, Qwen3-Next) must fail as Unsupported
  bool supports_recurrent = true;
  // Greedy ids of the Hugging Face fixtures are compared up to the first step whose reference
  // margin (top-1 minus top-2 logit) is below this: a backend with f16 rounding may pick the other
  // token of a near tie.
  double greedy_margin = 0.01;
  // Bytes a backend's weight footprint may hold beyond the file's tensors: per-tensor alignment
  // and tables it derives at load (the CUDA backend's RoPE angles).
  uint64_t weight_overhead_bytes = 0;
};

struct ForwardCase {
  std::string name;
  RandomModelConfig config;
};

// Small random models of every supported architecture variant and several weight types.
std::vector<ForwardCase> forward_cases();

struct LogitsCase {
  BackendUnderTest backend;
  ForwardCase model;
};
std::vector<LogitsCase> logits_cases(const std::vector<BackendUnderTest>& backends);

// The Hugging Face fixtures (../shared/fixtures/hf/ARCH-f16.gguf + .ref.json) on each backend,
// plus every ARCH-f16.ref.json in tests/data/hf-extra (references made by
// tools/hf-reference/make_reference.py with transformers on the GPU machine: the architectures the
// shared fixtures lack, a few MB each) and in the folder named by TESSERA_HF_EXTRA_DIR when it is set
// (newly made ones; an architecture there replaces the repository's).
struct HfCase {
  BackendUnderTest backend;
  std::string arch;
  std::filesystem::path dir;  // holds ARCH-f16.ref.json and the GGUF it names
};
void PrintTo(const HfCase& c, std::ostream* os);
std::vector<HfCase> hf_cases(const std::vector<BackendUnderTest>& backends);
std::string hf_case_name(const ::testing::TestParamInfo<HfCase>& info);

std::string case_name(const ::testing::TestParamInfo<LogitsCase>& info);
std::string backend_name(const ::testing::TestParamInfo<BackendUnderTest>& info);

class BackendLogits : public ::testing::TestWithParam<LogitsCase> {};
class BackendHfModels : public ::testing::TestWithParam<HfCase> {};
class BackendContract : public ::testing::TestWithParam<BackendUnderTest> {};

}  // namespace tessera::test
