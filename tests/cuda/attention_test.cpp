// Causal GQA attention over the f16 cache (prompt tiles, split-K decode, and the tensor-core prompt
// kernel of attention_mma.h) against f64.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "cuda_test_util.h"
#include "kernels/attention.h"
#include "kernels/attention_mma.h"
#include "quant/fp16.h"
#include "support/test_support.h"

namespace tessera::cuda {
namespace {

struct Case {
  int n_tokens, start_pos, n_head, n_head_kv, head_dim, capacity;
  float scale_mul;  // scale = scale_mul / sqrt(head_dim); large values test the stable softmax
  int window = 0;     // sliding window (0: none)
  bool sinks = false; // gpt-oss's per-head sink logits in the denominator
  bool tensor_cores = false;  // ask for the tensor-core prompt kernel
  float softcap = 0;          // Gemma 2's logit soft-cap
  int chunk = 0;              // Llama 4's chunked attention (0: none)
};

// The tensor-core kernel rounds the (scaled) queries and the probabilities to f16 before its
// products (attention_mma.h): a score of magnitude |s| moves by ~|s| * 2^-12 and each weight by
// 2^-12 relative, which on these random cases stays under 4e-3 of the largest output. The SIMT
// kernel keeps f32 queries and weights: 2e-4 (the cache's own f16 rounding is in the reference).
constexpr double kSimtTolerance = 2e-4;
constexpr double kTensorCoreTolerance = 4e-3;

void run_case(const Case& c, uint32_t seed) {
  SCOPED_TRACE("tokens " + std::to_string(c.n_tokens) + " start " + std::to_string(c.start_pos) + " heads " +
               std::to_string(c.n_head) + "/" + std::to_string(c.n_head_kv) + " dim " + std::to_string(c.head_dim) +
               " capacity " + std::to_string(c.capacity) + " window " + std::to_string(c.window) +
               (c.sinks ? " sinks" : "") + (c.tensor_cores ? " tensor cores" : "") +
               (c.softcap > 0 ? " softcap " + std::to_string(c.softcap) : "") +
               (c.chunk > 0 ? " chunk " + std::to_string(c.chunk) : ""));
  const int D = c.head_dim;
  const int64_t kv_dim = static_cast<int64_t>(c.n_head_kv) * D;
  const int64_t cstride = kv_dim + 8;
  const int64_t qstride = static_cast<int64_t>(c.n_head) * D + 4, ostride = static_cast<int64_t>(c.n_head) * D + 12;
  // The whole cache random: the kernel must not look past each query's position.
  const auto kf = tessera::test::random_floats(static_cast<size_t>(c.capacity * cstride), seed);
  const auto vf = tessera::test::random_floats(static_cast<size_t>(c.capacity * cstride), seed + 1);
  std::vector<uint16_t> kh(kf.size()), vh(vf.size());
  for (size_t i = 0; i < kf.size(); ++i) {
    kh[i] = fp32_to_fp16(kf[i]);
    vh[i] = fp32_to_fp16(vf[i]);
  }
  const auto q = tessera::test::random_floats(static_cast<size_t>(c.n_tokens * qstride), seed + 2);
  std::vector<int32_t> pos(c.n_tokens);
  for (int t = 0; t < c.n_tokens; ++t) pos[t] = c.start_pos + t;
  const float scale = c.scale_mul / std::sqrt(static_cast<float>(D));

  // Sink logits around the scores' range, one far above them (that head's output nearly vanishes).
  auto sinks = tessera::test::random_floats(static_cast<size_t>(c.n_head), seed + 3, 2.0f);
  sinks[0] = 6.0f;
  auto dk = test::to_device(kh), dv = test::to_device(vh), dq = test::to_device(q), dp = test::to_device(pos);
  auto dsinks = test::to_device(sinks);
  auto dout = test::poisoned_floats(static_cast<size_t>(c.n_tokens * ostride));
  const size_t ws_bytes = attention_workspace_bytes(c.n_tokens, c.n_head, c.n_head_kv, D, c.capacity);
  auto ws = DeviceBuffer::allocate(0, ws_bytes, "attention ws");
  TESSERA_ASSERT_OK(ws);
  AttentionArgs a;
  a.q = dq.as<float>();
  a.q_stride = qstride;
  a.cache = KvCacheView{dk.as<uint16_t>(), dv.as<uint16_t>(), cstride, c.capacity};
  a.out = dout.as<float>();
  a.out_stride = ostride;
  a.positions = dp.as<int32_t>();
  a.n_tokens = c.n_tokens;
  a.n_head = c.n_head;
  a.n_head_kv = c.n_head_kv;
  a.head_dim = D;
  a.scale = scale;
  a.window = c.window;
  a.sinks = c.sinks ? dsinks.as<float>() : nullptr;
  a.softcap = c.softcap;
  a.chunk = c.chunk;
  a.tensor_cores = a.tensor_cores_decode = c.tensor_cores;
  const bool mma = attention_mma_chosen(a);
  TESSERA_ASSERT_OK(attention(a, ws->data(), ws->bytes(), nullptr));
  const auto out = test::from_device<float>(dout, static_cast<size_t>(c.n_tokens * ostride));

  std::vector<float> got;
  std::vector<double> want;
  const int group = c.n_head / c.n_head_kv;
  for (int t = 0; t < c.n_tokens; ++t) {
    for (int h = 0; h < c.n_head; ++h) {
      const int g = h / group;
      int first = c.window > 0 ? std::max(0, pos[t] - c.window + 1) : 0;
      if (c.chunk > 0) first = std::max(first, pos[t] / c.chunk * c.chunk);
      const int n_keys = pos[t] + 1 - first;
      std::vector<double> s(n_keys);
      double mx = c.sinks ? sinks[h] : -INFINITY;
      for (int j = 0; j < n_keys; ++j) {
        double dot = 0;
        for (int d = 0; d < D; ++d)
          dot += static_cast<double>(q[t * qstride + h * D + d]) * fp16_to_fp32(kh[(first + j) * cstride + g * D + d]);
        s[j] = c.softcap > 0 ? c.softcap * std::tanh(dot * scale / c.softcap) : dot * scale;
        mx = std::max(mx, s[j]);
      }
      double sum = c.sinks ? std::exp(sinks[h] - mx) : 0.0;  // the sink: denominator only
      for (double& v : s) sum += (v = std::exp(v - mx));
      for (int d = 0; d < D; ++d) {
        double o = 0;
        for (int j = 0; j < n_keys; ++j) o += s[j] * fp16_to_fp32(vh[(first + j) * cstride + g * D + d]);
        want.push_back(o / sum);
        got.push_back(out[t * ostride + h * D + d]);
      }
    }
    EXPECT_TRUE(std::isnan(out[t * ostride + static_cast<int64_t>(c.n_head) * D])) << "wrote past the row";
  }
  EXPECT_LT(test::max_rel_error(got, want), mma ? kTensorCoreTolerance : kSimtTolerance);
}

Case tc(Case c) {
  c.tensor_cores = true;
  return c;
}

TEST(Attention, PromptCausalGqa) {
  TESSERA_REQUIRE_GPU();
  run_case({37, 0, 8, 2, 64, 64, 1.0f}, 1);
  run_case({20, 100, 8, 2, 128, 256, 4.0f}, 2);  // continuing a cached prefix; sharp softmax
  run_case({6, 500, 4, 4, 256, 1024, 1.0f}, 3);  // no GQA, the largest head_dim
  run_case({2, 40, 32, 1, 64, 128, 1.0f}, 4);    // 32 query heads on one KV head (group split in CTAs)
  run_case({70, 0, 6, 2, 96, 80, 1.0f}, 5);      // head_dim 96, partial tiles
  run_case({3, 10, 8, 1, 256, 64, 1.0f}, 6);     // 16 warps x head_dim 256: > 48 KB of shared memory
}

TEST(Attention, DecodeSplitK) {
  TESSERA_REQUIRE_GPU();
  run_case({1, 3000, 32, 8, 128, 4096, 1.0f}, 10);
  run_case({1, 0, 32, 8, 128, 4096, 1.0f}, 11);   // first token: most splits are empty
  run_case({1, 300, 8, 4, 8, 512, 1.0f}, 12);     // tiny heads (stories260K shape)
  run_case({1, 65000, 6, 2, 96, 70000, 8.0f}, 13);
  run_case({3, 2000, 16, 2, 64, 2048, 1.0f}, 14);  // a few tokens still split
}

// gpt-oss: sink logits per head, with and without its 128-position window, in prompt tiles (one
// split) and split-K decode (the sink joins in the merge kernel).
TEST(Attention, SinksJoinTheDenominator) {
  TESSERA_REQUIRE_GPU();
  run_case({37, 0, 8, 2, 64, 64, 1.0f, 0, true}, 20);
  run_case({20, 100, 8, 2, 64, 256, 4.0f, 16, true}, 21);
  run_case({1, 3000, 64, 8, 64, 4096, 1.0f, 0, true}, 22);    // gpt-oss-20b's heads, decode
  run_case({1, 3000, 64, 8, 64, 4096, 1.0f, 128, true}, 23);  // its sliding layers
  run_case({1, 0, 8, 2, 64, 4096, 1.0f, 0, true}, 24);        // first token: the sink against one key
  run_case({3, 2000, 16, 2, 64, 2048, 1.0f, 128, true}, 25);
}

// The tensor-core prompt kernel: every head size it has, GQA groups that do and do not divide its 64
// rows, partial query tiles, a cached prefix, a split key range (few tokens over a long cache, merged
// by the combine kernel), windows, sinks and the soft-cap.
TEST(Attention, TensorCorePromptKernel) {
  TESSERA_REQUIRE_GPU();
  run_case(tc({64, 0, 32, 8, 128, 256, 1.0f}), 40);          // Llama-3-8B heads
  run_case(tc({100, 37, 8, 2, 64, 256, 4.0f}), 41);          // unaligned prefix, partial tile, sharp softmax
  run_case(tc({40, 0, 16, 16, 256, 64, 1.0f}), 42);          // no GQA, head_dim 256 (Gemma)
  run_case(tc({33, 5, 6, 2, 96, 64, 1.0f}), 43);             // head_dim 96 (Phi-3), group 3: 63 of 64 rows
  run_case(tc({48, 0, 32, 1, 80, 64, 1.0f}), 44);            // group 32: 2 tokens per CTA, head_dim 80
  run_case(tc({16, 3000, 32, 8, 128, 4096, 1.0f}), 45);      // 16 tokens over 3000 cached: split keys
  run_case(tc({40, 0, 8, 4, 32, 64, 1.0f}), 53);             // head_dim 32 (the embedded tessera-tiny)
  run_case(tc({70, 0, 8, 2, 64, 128, 1.0f, 16, true}), 46);  // sliding window and sinks
  run_case(tc({20, 100, 8, 2, 128, 256, 4.0f, 32, true}), 47);
  Case capped = tc({64, 0, 8, 4, 256, 128, 1.0f});
  capped.softcap = 50.0f;  // Gemma 2
  run_case(capped, 48);
  capped.window = 24;
  run_case(capped, 49);
}

// Which calls the tensor-core kernel takes (host logic: runs without a GPU).
TEST(Attention, TensorCoreShapeRule) {
  AttentionArgs a;
  a.n_tokens = kAttentionMmaMinTokens;
  a.n_head = 32;
  a.n_head_kv = 8;
  a.q_stride = 32 * 128;
  a.cache.type = KvCacheType::F16;
  for (int d : {32, 64, 80, 96, 128, 256}) {
    a.head_dim = d;
    EXPECT_TRUE(attention_mma_supports(a)) << d;
  }
  for (int d : {8, 16, 48, 72, 112, 192}) {
    a.head_dim = d;
    EXPECT_FALSE(attention_mma_supports(a)) << d;
  }
  a.head_dim = 128;
  for (KvCacheType t : {KvCacheType::Q8_0, KvCacheType::Q4_0}) {
    a.cache.type = t;
    EXPECT_TRUE(attention_mma_supports(a));
  }
  a.cache.type = KvCacheType::F32;  // a CPU-only cache type
  EXPECT_FALSE(attention_mma_supports(a));
  a.cache.type = KvCacheType::F16;
  a.q_stride = 32 * 128 + 2;  // rows not 16-byte aligned
  EXPECT_FALSE(attention_mma_supports(a));
  a.q_stride = 32 * 128;
  // Chosen by default wherever supported; the flags (for the tests and the kernel benchmark) turn it
  // off: prompts (>= 16 tokens) by tensor_cores, fewer tokens by tensor_cores_decode.
  EXPECT_TRUE(attention_mma_chosen(a));
  a.tensor_cores = false;
  EXPECT_FALSE(attention_mma_chosen(a));
  a.n_tokens = kAttentionMmaMinTokens - 1;
  EXPECT_TRUE(attention_mma_chosen(a));
  a.tensor_cores_decode = false;
  EXPECT_FALSE(attention_mma_chosen(a));
  a.tensor_cores = true;
  a.n_tokens = 512;
  EXPECT_TRUE(attention_mma_chosen(a));
  a.head_dim = 48;  // unsupported: the SIMT kernel, whatever the flags say
  EXPECT_FALSE(attention_mma_chosen(a));
}

// Decode and few-token steps on the tensor cores (tensor_cores_decode): the split-K plan with the
// merge kernel, first token, long contexts, GQA groups of 1 to 32, windows and sinks.
TEST(Attention, TensorCoreDecode) {
  TESSERA_REQUIRE_GPU();
  run_case(tc({1, 3000, 32, 8, 128, 4096, 1.0f}), 60);
  run_case(tc({1, 0, 32, 8, 128, 4096, 1.0f}), 61);  // first token: most splits are empty
  run_case(tc({1, 65000, 6, 2, 96, 70000, 8.0f}), 62);
  run_case(tc({3, 2000, 16, 2, 64, 2048, 1.0f}), 63);
  run_case(tc({8, 100, 8, 2, 128, 256, 1.0f}), 64);
  run_case(tc({2, 40, 32, 1, 64, 128, 1.0f}), 65);
  run_case(tc({1, 3000, 16, 16, 256, 4096, 1.0f}), 66);  // no GQA: one useful row per CTA
  run_case(tc({1, 3000, 64, 8, 64, 4096, 1.0f, 128, true}), 67);
  run_case(tc({1, 0, 8, 2, 64, 4096, 1.0f, 0, true}), 68);
}

// Shapes the tensor-core kernel does not take run on the SIMT kernel, with its precision.
TEST(Attention, TensorCoreRequestFallsBackOnOtherShapes) {
  TESSERA_REQUIRE_GPU();
  run_case(tc({37, 0, 8, 2, 8, 64, 1.0f}), 50);      // head_dim 8 (stories260K)
  run_case(tc({1, 300, 8, 4, 8, 512, 1.0f}), 51);    // its decode
  run_case(tc({20, 0, 8, 2, 48, 64, 1.0f}), 52);     // head_dim 48
}

// Gemma 4's full layers: heads of 512 (the SIMT kernel; the tensor-core one stops at 256), GQA,
// prompts and split-K decode, a request for tensor cores falling back.
TEST(Attention, HeadSize512) {
  TESSERA_REQUIRE_GPU();
  run_case({37, 0, 8, 2, 512, 64, 1.0f}, 70);
  run_case({3, 10, 16, 1, 512, 64, 1.0f}, 71);  // 16 warps x 512: the most shared memory
  run_case({1, 3000, 32, 4, 512, 4096, 1.0f}, 72);
  run_case(tc({20, 100, 8, 4, 512, 256, 4.0f}), 73);
  run_case({9, 0, 4, 2, 320, 64, 1.0f}, 74);  // a multiple of 16 between 256 and 512
}

// Llama 4's chunked attention: each query sees the keys of its own chunk of positions, in prompt
// tiles that cross chunk boundaries, decode at and just after a boundary (split key ranges), on
// both kernels, and with a window on top.
TEST(Attention, ChunkedAttention) {
  TESSERA_REQUIRE_GPU();
  for (bool tensor_cores : {false, true}) {
    auto chunked = [&](Case c, int chunk) {
      c.tensor_cores = tensor_cores;
      c.chunk = chunk;
      return c;
    };
    run_case(chunked({70, 0, 8, 2, 128, 128, 1.0f}, 16), 80);     // many chunks inside one prompt
    run_case(chunked({40, 50, 8, 2, 64, 128, 1.0f}, 64), 81);     // a prompt crossing position 64
    run_case(chunked({37, 0, 8, 2, 64, 64, 1.0f}, 37), 82);       // a chunk not a tile multiple
    run_case(chunked({1, 4096, 32, 8, 128, 8192, 1.0f}, 4096), 83);  // decode at a boundary: one key
    run_case(chunked({1, 4097, 32, 8, 128, 8192, 1.0f}, 4096), 84);
    run_case(chunked({1, 8000, 32, 8, 128, 8192, 1.0f}, 4096), 85);  // deep in the second chunk
    run_case(chunked({3, 2046, 16, 2, 64, 4096, 1.0f}, 2048), 86);   // tokens on both sides
    run_case(chunked({50, 10, 8, 2, 64, 128, 1.0f, 12}, 32), 87);    // a window inside the chunks
  }
}

TEST(Attention, RejectsBadShapes) {
  TESSERA_REQUIRE_GPU();
  AttentionArgs a;
  a.n_tokens = 1;
  a.n_head = 6;
  a.n_head_kv = 4;
  a.head_dim = 64;
  a.cache.capacity = 16;
  auto st = attention(a, nullptr, 0, nullptr);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("n_head_kv"), std::string::npos) << st.error().message;
  a.n_head_kv = 2;
  a.head_dim = 60;
  st = attention(a, nullptr, 0, nullptr);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("head_dim"), std::string::npos) << st.error().message;
}

}  // namespace
}  // namespace tessera::cuda
