// CPU-backend specifics of the forward pass: the F16 KV cache, thread-count independence, host
// memory checks. The logits of every architecture and type, and the BackendModel contract, are the
// conformance suite's (tests/conformance, instantiated in cpu_conformance_test.cpp).
#include <gtest/gtest.h>


#include "backend/cpu_backend.h"
#include "core/model/reference_forward.h"
#include "model/model_loader.h"
#include "support/test_support.h"

namespace tessera::test {
namespace {

RandomModelConfig quantized(GgmlType type) {
  RandomModelConfig c;
  c.n_embd = 256;
  c.n_ff = 256;
  c.n_vocab = 64;
  c.matrix_type = type;
  return c;
}

std::vector<float> as_floats(const std::vector<double>& v) { return {v.begin(), v.end()}; }

std::unique_ptr<BackendModel> load(const ModelSpec& spec, KvCacheType kv, int threads = 2, int32_t n_batch = 16) {
  CpuBackend backend;
  BackendModelSettings s;
  s.n_ctx = 64;
  s.n_batch = n_batch;
  s.kv_type = kv;
  s.n_threads = threads;
  s.all_logits = true;
  auto m = backend.load_model(spec, s, nullptr);
  EXPECT_TRUE(m.ok()) << m.error().describe();
  return m.ok() ? std::move(m).value() : nullptr;
}

TEST(Forward, F16KvCacheStaysClose) {
  RandomModelConfig c;
  auto file = random_model_file(c);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok());
  auto model = load(*spec, KvCacheType::F16);
  const auto tokens = random_tokens(10, c.n_vocab, 3);
  const auto ref = reference_logits(c, *file, tokens);
  ASSERT_TRUE(model->eval(tokens, 0, LogitsRequest::All).ok());
  auto all = model->logits();
  ASSERT_TRUE(all.ok());
  for (size_t t = 0; t < tokens.size(); ++t) {
    std::vector<float> row(all->begin() + static_cast<std::ptrdiff_t>(t * c.n_vocab),
                           all->begin() + static_cast<std::ptrdiff_t>((t + 1) * c.n_vocab));
    EXPECT_LT(max_relative_error(row, as_floats(ref[t])), 5e-3) << t;
  }
}

TEST(Forward, ThreadCountDoesNotChangeResults) {
  RandomModelConfig c = quantized(GgmlType::Q4_K);
  auto file = random_model_file(c);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok());
  const auto tokens = random_tokens(9, c.n_vocab, 5);
  std::vector<float> results[2];
  int i = 0;
  for (int threads : {1, 3}) {
    auto model = load(*spec, KvCacheType::F16, threads);
    ASSERT_TRUE(model->eval(std::span(tokens).first(6), 0, LogitsRequest::None).ok());
    for (size_t t = 6; t < tokens.size(); ++t)
      ASSERT_TRUE(model->eval(std::span(tokens).subspan(t, 1), static_cast<int32_t>(t), LogitsRequest::Last).ok());
    auto l = model->logits();
    ASSERT_TRUE(l.ok());
    results[i++].assign(l->begin(), l->end());
  }
  EXPECT_EQ(results[0], results[1]);
}

}  // namespace
}  // namespace tessera::test

namespace tessera::test {
namespace {

TEST(Forward, ContextTooLargeForHostMemoryFailsBeforeAllocating) {
  RandomModelConfig c;
  auto file = random_model_file(c);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok());
  BackendModelSettings s;
  s.n_ctx = 1 << 30;  // 2 x 2 layers x 2^30 x 32 x 2 bytes = 256 GiB of KV cache
  s.n_batch = 8;
  auto m = CpuBackend().load_model(*spec, s, nullptr);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().kind, ErrorKind::OutOfMemory);
  EXPECT_NE(m.error().message.find("host memory"), std::string::npos) << m.error().message;
  EXPECT_NE(m.error().message.find("274877906944"), std::string::npos) << m.error().message;
}

}  // namespace
}  // namespace tessera::test
