// The mixture-of-experts FFN of issue 36's families on the CUDA backend against the CPU backend
// (the reference: model_spec.h's equations in f32), for every router choice, dense layers among
// expert layers, shared experts of GLM's and DeepSeek's widths (a count times the expert width),
// Llama 4's weights on the experts' inputs, and Gemma 4's branch (fused gate|up experts, per-expert
// output scales, its own router input and norms, the dense MLP beside the experts); experts in F16,
// Q8_0, Q4_K and MXFP4; 1 token (decode), 7 (a prefill batch the matvecs would take), 64 and 300
// (the grouped tensor-core prefill, tiles of 32 and of 64 rows).
//
// The models are small random ones whose attention adds nothing (attn_output is zero) and whose
// dense layers add nothing (ffn_down is zero; they still run, in their place among the expert
// layers), so the expert layer reads the same f32 rows on both backends: its router sees the same
// logits to the last bits and chooses the same experts (a prompt-wide comparison through quantized
// layers before it would flip near-ties, a fact of f16/int8 rounding, not of the router). Every
// row's logits are compared, at the conformance suite's tolerances.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "backend/cpu_backend.h"
#include "backend_support.h"
#include "core/model/random_model.h"
#include "cuda_test_util.h"
#include "model/model_loader.h"
#include "support/test_support.h"

namespace tessera::cuda::test {
namespace {

using tessera::test::RandomModelConfig;

constexpr uint32_t bit(ModelFeature f) { return 1u << static_cast<unsigned>(f); }
// What every router-choice variant uses: GLM-4.x's layout.
constexpr uint32_t kGlmSide =
    bit(ModelFeature::RouterChoices) | bit(ModelFeature::LeadingDenseLayers) | bit(ModelFeature::SharedExpert);
constexpr uint32_t kGemmaBranch =
    bit(ModelFeature::ExpertsBesideDense) | bit(ModelFeature::FusedExpertGateUp) | bit(ModelFeature::ExpertOutputScale);

struct MoeVariant {
  std::string name;
  std::function<RandomModelConfig()> config;
  std::function<void(ModelSpec&)> edit;  // what a file cannot say yet (Llama 4's router on glm4moe layers)
  uint32_t features = kGlmSide;          // the expert-side features the model must use
};

// Zeroes a tensor's values (before it is encoded).
void zero(RandomModelConfig& c, const std::string& name) {
  c.edit_values[name] = [](std::vector<float>& v) { std::fill(v.begin(), v.end(), 0.0f); };
}

// GLM-4.x's layout: layer 0 dense (twice the experts' width), layer 1 16 experts, top 4, one shared
// expert of the expert width; half of each 64-wide head rotated, Q/K/V biases. Widths are multiples
// of 256 so every expert type has whole blocks.
RandomModelConfig glm_config() {
  RandomModelConfig c;
  c.arch = "glm4moe";
  c.n_vocab = 96;
  c.n_embd = 256;
  c.n_head = 4;
  c.n_head_kv = 2;
  c.head_size = 64;
  c.n_rot = 32;
  c.qkv_bias = true;
  c.n_layer = 2;
  tessera::test::set_v3_style_experts(c);
  c.n_ff = 256;
  c.n_ff_dense_layers = 512;
  c.n_expert = 16;
  c.n_expert_used = 4;
  for (int l = 0; l < 2; ++l) zero(c, "blk." + std::to_string(l) + ".attn_output.weight");
  zero(c, "blk.0.ffn_down.weight");
  return c;
}

const std::vector<MoeVariant>& variants() {
  static const std::vector<MoeVariant> v = {
      // GLM-4.5/4.6/4.7: sigmoid gating, the selection bias (exp_probs_b), normalised weights x 2.5.
      {"glm45_sigmoid_bias_scaled", glm_config, {}},
      // DeepSeek-V3's router on the same layers: 4 groups of 4 experts, the best 2 searched; two
      // shared experts (twice the expert width).
      {"deepseek_v3_groups_two_shared",
       [] {
         RandomModelConfig c = glm_config();
         c.router.n_group = 4;
         c.router.n_group_used = 2;
         c.n_shared_experts = 2;
         return c;
       },
       {}},
      // DeepSeek-V2-Lite's router: the softmax of every logit, unnormalised, no selection bias.
      {"deepseek_v2_softmax_unnormalised",
       [] {
         RandomModelConfig c = glm_config();
         c.router.gating = ExpertGating::Softmax;
         c.router.normalize = false;
         c.router.scale = 1.0f;
         return c;
       },
       [](ModelSpec& s) {
         for (auto& l : s.layers) l[LayerTensor::RouterSelectBias] = TensorRef{};
       }},
      // Llama 4: the top-1 of the raw logits, its sigmoid scaling the expert's input, a shared
      // expert; and the same with two experts per token (the kernels' general form).
      {"llama4_top1_weighted_input", glm_config,
       [](ModelSpec& s) {
         s.router = RouterParams{};
         s.router.gating = ExpertGating::Sigmoid;
         s.router.select_on_logits = true;
         s.router.weight_input = true;
         s.router.normalize = false;
         s.n_expert_used = 1;
         for (auto& l : s.layers) l[LayerTensor::RouterSelectBias] = TensorRef{};
       }},
      {"weighted_input_top2",
       glm_config,
       [](ModelSpec& s) {
         s.router = RouterParams{};
         s.router.gating = ExpertGating::Sigmoid;
         s.router.select_on_logits = true;
         s.router.weight_input = true;
         s.router.normalize = false;
         s.n_expert_used = 2;
         for (auto& l : s.layers) l[LayerTensor::RouterSelectBias] = TensorRef{};
       }},
      // Gemma 4 26B-A4B's layer: 16 experts (fused gate|up, per-expert output scales), top 4, on
      // norm(x, pre_ffw_norm_2) with the router on norm(x) * scale / sqrt(n_embd), the experts' sum
      // normed, the dense MLP beside them on h with its own post-norm. Its attention is Gemma 3's
      // here (no V norm: an attention-side feature of its own).
      {"gemma4_experts_beside_dense",
       [] {
         RandomModelConfig c;
         c.arch = "gemma4";
         c.n_vocab = 96;
         c.n_embd = 256;
         c.n_head = 4;
         c.n_head_kv = 2;
         c.head_size = 64;
         c.n_layer = 1;
         c.sliding_layers = {false};
         c.n_ff = 256;
         c.n_ff_dense = 512;
         c.n_expert = 16;
         c.n_expert_used = 4;
         c.tied = true;
         zero(c, "blk.0.attn_output.weight");
         return c;
       },
       [](ModelSpec& s) { s.value_norm = false; },
       kGemmaBranch},
  };
  return v;
}

struct MoeBlockCase {
  size_t variant;
  GgmlType type;
};

std::vector<MoeBlockCase> block_cases() {
  std::vector<MoeBlockCase> v;
  for (size_t i = 0; i < variants().size(); ++i)
    for (GgmlType t : {GgmlType::F16, GgmlType::Q8_0, GgmlType::Q4_K, GgmlType::MXFP4}) v.push_back({i, t});
  return v;
}

class MoeBlock : public ::testing::TestWithParam<MoeBlockCase> {};

TEST_P(MoeBlock, MatchesTheCpuBackend) {
  TESSERA_REQUIRE_GPU();
  const MoeVariant& mv = variants()[GetParam().variant];
  const GgmlType type = GetParam().type;
  RandomModelConfig c = mv.config();
  c.matrix_type = type;
  auto file = tessera::test::random_model_file(c);
  ASSERT_TRUE(file);
  auto built = build_model_spec(file);
  ASSERT_TRUE(built.ok()) << built.error().describe();
  ModelSpec spec = std::move(built).value();
  if (mv.edit) mv.edit(spec);
  ASSERT_EQ(model_features(spec) & mv.features, mv.features) << model_feature_list(model_features(spec));
  // Only the features this backend computes (the attention side of these families is another's).
  ASSERT_EQ(model_features(spec) & ~kCudaFeatures, 0u) << model_feature_list(model_features(spec) & ~kCudaFeatures);

  const int n_max = 300;
  BackendModelSettings s = test_settings(n_max + 16, n_max, true);
  s.kv_type = KvCacheType::F16;
  CpuBackend cpu_backend;
  auto cpu = cpu_backend.load_model(spec, s, nullptr);
  ASSERT_TRUE(cpu.ok()) << cpu.error().describe();
  auto gpu = make_cuda_backend(0, SplitMode::None)->load_model(spec, s, nullptr);
  ASSERT_TRUE(gpu.ok()) << gpu.error().describe();

  const auto tokens = tessera::test::random_tokens(n_max, c.n_vocab, 77);
  const double tol = type == GgmlType::F16 ? 2e-2 : 5e-2;
  const size_t V = static_cast<size_t>(c.n_vocab);
  for (int n : {1, 7, 64, 300}) {
    SCOPED_TRACE(std::to_string(n) + " tokens");
    const std::span<const int32_t> prompt(tokens.data(), static_cast<size_t>(n));
    (*cpu)->kv_clear();
    (*gpu)->kv_clear();
    ASSERT_TRUE((*cpu)->eval(prompt, 0, LogitsRequest::All).ok());
    const Status st = (*gpu)->eval(prompt, 0, LogitsRequest::All);
    ASSERT_TRUE(st.ok()) << st.error().describe();
    auto want = (*cpu)->logits();
    auto got = (*gpu)->logits();
    ASSERT_TRUE(want.ok() && got.ok());
    ASSERT_EQ(got->size(), static_cast<size_t>(n) * V);
    double worst = 0;
    int worst_row = 0;
    for (int t = 0; t < n; ++t) {
      const double e = rel_error(got->subspan(static_cast<size_t>(t) * V, V), want->subspan(static_cast<size_t>(t) * V, V));
      if (e > worst) {
        worst = e;
        worst_row = t;
      }
    }
    EXPECT_LT(worst, tol) << "row " << worst_row;
    RecordProperty("max_relative_error_" + std::to_string(n), std::to_string(worst));
  }
}

INSTANTIATE_TEST_SUITE_P(Cuda, MoeBlock, ::testing::ValuesIn(block_cases()),
                         [](const ::testing::TestParamInfo<MoeBlockCase>& info) {
                           return variants()[info.param.variant].name + "_" + std::string(type_name(info.param.type));
                         });

}  // namespace
}  // namespace tessera::cuda::test
