#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gguf/gguf_file.h"
#include "quant/dequantize.h"
#include "support/test_support.h"
#include "synth/synthetic_model.h"

namespace tessera::synth {
namespace {

const GgmlType kAllTypes[] = {GgmlType::F32,  GgmlType::F16,  GgmlType::BF16, GgmlType::Q4_0, GgmlType::Q4_1,
                              GgmlType::Q5_0, GgmlType::Q5_1, GgmlType::Q8_0, GgmlType::Q2_K, GgmlType::Q3_K,
                              GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K, GgmlType::IQ2_XXS, GgmlType::IQ2_XS,
                              GgmlType::IQ3_XXS, GgmlType::IQ1_S, GgmlType::IQ4_NL, GgmlType::IQ3_S, GgmlType::IQ2_S,
                              GgmlType::IQ4_XS, GgmlType::IQ1_M, GgmlType::TQ1_0, GgmlType::TQ2_0, GgmlType::MXFP4};

TEST(ModelShapes, KnownShapesAreConsistent) {
  for (const auto& s : known_shapes()) {
    SCOPED_TRACE(s.name);
    EXPECT_EQ(s.n_embd % s.n_head, 0);
    EXPECT_EQ(s.n_head % s.n_head_kv, 0);
    EXPECT_GT(s.n_vocab, 259);
    EXPECT_EQ(find_shape(s.name), &s);
  }
  EXPECT_EQ(find_shape("no-such-model"), nullptr);
  EXPECT_THAT(shape_names(), ::testing::HasSubstr("llama3-8b"));
}

TEST(ModelShapes, Llama3_8bHasTheKnownParameterCount) {
  const ModelShape* s = find_shape("llama3-8b");
  ASSERT_NE(s, nullptr);
  SynthOptions o;
  o.type = GgmlType::F32;
  o.output_q6k_for_kquants = false;
  // 8.03 billion parameters, 4 bytes each.
  const double params = synthetic_weight_bytes(*s, o) / 4.0;
  EXPECT_NEAR(params / 1e9, 8.03, 0.01);
}

// Qwen2.5-1.5B: 1.54 billion parameters (its model card), embeddings tied to the output.
TEST(ModelShapes, Qwen25_1_5bHasTheKnownParameterCount) {
  const ModelShape* s = find_shape("qwen2.5-1.5b");
  ASSERT_NE(s, nullptr);
  SynthOptions o;
  o.type = GgmlType::F32;
  o.output_q6k_for_kquants = false;
  EXPECT_NEAR(synthetic_weight_bytes(*s, o) / 4.0 / 1e9, 1.54, 0.01);
}

// gpt-oss-20b: 20.9 billion parameters (OpenAI's model card: 20.91B), YaRN x32 of 4096 and
// 128-position windows on even layers as the loader reads them back.
TEST(ModelShapes, GptOss20bHasTheKnownParameterCountAndBlocks) {
  const ModelShape* s = find_shape("gpt-oss-20b");
  ASSERT_NE(s, nullptr);
  SynthOptions o;
  o.type = GgmlType::F32;
  o.output_q6k_for_kquants = false;
  EXPECT_NEAR(synthetic_weight_bytes(*s, o) / 4.0 / 1e9, 20.91, 0.02);
  auto spec = shape_hyperparameters(*s);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  EXPECT_EQ(spec->activation, FfnActivation::SwiGluOai);
  EXPECT_FLOAT_EQ(spec->rope.yarn.factor, 32.0f);
  EXPECT_EQ(spec->rope.yarn.original_context, 4096);
  EXPECT_EQ(spec->rope.freq_factors.size(), 32u);
  EXPECT_EQ(spec->sliding_window, 128);
  EXPECT_TRUE(spec->layers[0].sliding);
  EXPECT_FALSE(spec->layers[1].sliding);
}

class SynthEveryType : public ::testing::TestWithParam<GgmlType> {};

TEST_P(SynthEveryType, WritesAFileWhoseWeightsAreFiniteAndRealistic) {
  const GgmlType type = GetParam();
  SCOPED_TRACE(std::string(type_name(type)));
  SynthOptions o;
  o.type = type;
  o.n_threads = 2;
  const ModelShape* s = find_shape("tiny");
  auto writer = make_synthetic_writer(*s, o);
  ASSERT_TRUE(writer.ok()) << writer.error().describe();
  test::TempDir dir;
  const auto path = dir.file("tiny.gguf").string();
  ASSERT_TRUE(writer->write_file(path).ok());
  auto file = gguf::GgufFile::open(path);
  ASSERT_TRUE(file.ok()) << file.error().describe();
  EXPECT_EQ((*file)->architecture(), "llama");
  EXPECT_EQ(*(*file)->get_uint("llama.embedding_length"), 256u);
  EXPECT_EQ((*file)->get_string_array("tokenizer.ggml.tokens")->size(), 1024u);
  uint64_t bytes = 0;
  for (const auto& t : (*file)->tensors()) bytes += t.n_bytes;
  EXPECT_EQ(bytes, synthetic_weight_bytes(*s, o));

  const auto* q = (*file)->find_tensor("blk.1.attn_q.weight");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->type, type);
  std::vector<float> row(q->dims[0]);
  double sum = 0, sum2 = 0;
  int64_t n = 0;
  auto data = (*file)->tensor_data(*q);
  const uint64_t row_bytes = q->n_bytes / q->rows();
  for (int64_t r = 0; r < q->rows(); ++r) {
    ASSERT_TRUE(dequantize_row(type, data.data() + r * row_bytes, row.data(), q->dims[0]).ok());
    for (float v : row) {
      ASSERT_TRUE(std::isfinite(v));
      sum += v;
      sum2 += static_cast<double>(v) * v;
      ++n;
    }
  }
  const double mean = sum / n, stddev = std::sqrt(sum2 / n - mean * mean);
  EXPECT_LT(std::fabs(mean), 0.02);
  EXPECT_GT(stddev, 0.005);
  EXPECT_LT(stddev, 0.08);

  const auto* norm = (*file)->find_tensor("blk.0.attn_norm.weight");
  ASSERT_NE(norm, nullptr);
  const float* g = reinterpret_cast<const float*>((*file)->tensor_data(*norm).data());
  EXPECT_NEAR(g[0], 1.0f, 0.11f);
}

INSTANTIATE_TEST_SUITE_P(AllTypes, SynthEveryType, ::testing::ValuesIn(kAllTypes),
                         [](const auto& info) { return std::string(type_name(info.param)); });

TEST(FillRandom, DependsOnTheSeedButNotOnTheThreadCount) {
  std::vector<uint8_t> a(144 * 20000), b(a.size()), c(a.size());
  ASSERT_TRUE(fill_random(GgmlType::Q4_K, ValueKind::Weight, 7, a.data(), a.size(), 1).ok());
  ASSERT_TRUE(fill_random(GgmlType::Q4_K, ValueKind::Weight, 7, b.data(), b.size(), 3).ok());
  ASSERT_TRUE(fill_random(GgmlType::Q4_K, ValueKind::Weight, 8, c.data(), c.size(), 3).ok());
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

TEST(FillRandom, RejectsPartialBlocksAndUnsupportedTypes) {
  std::vector<uint8_t> buf(292);
  EXPECT_FALSE(fill_random(GgmlType::Q4_K, ValueKind::Weight, 1, buf.data(), 100, 1).ok());
  EXPECT_EQ(fill_random(GgmlType::Q8_K, ValueKind::Weight, 1, buf.data(), 292, 1).error().kind,
            ErrorKind::Unsupported);
}

TEST(FallbackType, RowsThatDoNotFitTheBlockFallBack) {
  EXPECT_EQ(fallback_type(GgmlType::Q4_K, 4096), GgmlType::Q4_K);
  EXPECT_EQ(fallback_type(GgmlType::Q4_K, 896), GgmlType::Q8_0);
  EXPECT_EQ(fallback_type(GgmlType::Q4_0, 100), GgmlType::F16);
}

}  // namespace
}  // namespace tessera::synth
