// The quantized KV cache (--kv-type q8_0|q4_0) on the GPU against the CPU reference:
//  - the cache write (kv_cache_write) and the fused RoPE + cache write (rope_qk_to_cache) encode
//    rows as backend/kv_cache_type.h defines them: Q8_0 bit for bit as core/quant, Q4_0 as ggml's
//    reference quantizer (an independent copy below);
//  - attention reads the blocks directly: over a cache encoded on the host by the CPU codec it
//    equals attention over an F16 cache holding the decoded values (the kernel decodes to f16
//    tiles), and the float64 reference over the decoded values, for head sizes 64..256, prompt
//    tiles, split-K decode at ~2k positions, windows, soft-caps and sinks;
//  - whole models: the CUDA backend with each cache type against the CPU backend with an F32 cache
//    (prompt batches then decode, a 2k context), on one device and on two virtual devices split by
//    layers (bit-identical to one device) and by rows, with the KV bytes the planner projected.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "backend/cpu_backend.h"
#include "backend/kv_cache_type.h"
#include "backend_support.h"
#include "core/model/random_model.h"
#include "cuda_test_util.h"
#include "kernels/attention.h"
#include "kernels/attention_mma.h"
#include "kernels/kv_cache.h"
#include "kernels/rope.h"
#include "model/model_loader.h"
#include "quant/fp16.h"
#include "support/test_support.h"

namespace tessera::cuda {
namespace {

constexpr KvCacheType kQuantTypes[] = {KvCacheType::Q8_0, KvCacheType::Q4_0};

std::string name_of(KvCacheType t) {
  return std::string(kv_cache_type_name(t));
}

// ggml's quantize_row_q4_0_ref for one block: the value of largest magnitude m, d = m / -8,
// q = min(15, (int8)(x / d + 8.5)).
void ggml_q4_0_block(const float* x, uint16_t& d_bits, uint8_t* qs) {
  float amax = 0, m = 0;
  for (int j = 0; j < 32; ++j)
    if (std::fabs(x[j]) > amax) {
      amax = std::fabs(x[j]);
      m = x[j];
    }
  const float d = m / -8.0f;
  const float id = d != 0.0f ? 1.0f / d : 0.0f;
  d_bits = fp32_to_fp16(d);
  for (int j = 0; j < 16; ++j) {
    const int a = std::min(15, static_cast<int>(static_cast<int8_t>(x[j] * id + 8.5f)));
    const int b = std::min(15, static_cast<int>(static_cast<int8_t>(x[j + 16] * id + 8.5f)));
    qs[j] = static_cast<uint8_t>(a | (b << 4));
  }
}

// The expected bytes of one row: Q8_0 from the CPU codec, Q4_0 from ggml's reference above.
std::vector<uint8_t> expected_row(KvCacheType type, const float* x, int kv_dim) {
  std::vector<uint8_t> row(kv_cache_row_bytes(type, kv_dim));
  if (type == KvCacheType::Q8_0) {
    EXPECT_TRUE(kv_cache_encode_row(type, x, kv_dim, row.data()).ok());
    return row;
  }
  for (int b = 0; b * 32 < kv_dim; ++b) {
    float block[32] = {};
    for (int j = 0; j < 32 && b * 32 + j < kv_dim; ++j) block[j] = x[b * 32 + j];
    uint16_t d;
    ggml_q4_0_block(block, d, row.data() + b * 18 + 2);
    std::memcpy(row.data() + b * 18, &d, 2);
  }
  return row;
}

// Compares encoded rows: Q8_0 byte for byte; Q4_0 scales exactly and each 4-bit value within one
// level (the device may fuse x * id + 8.5 into one rounding), at most 1% of them off by one.
void expect_rows_match(KvCacheType type, const uint8_t* got, const std::vector<uint8_t>& want,
                       const std::string& where) {
  if (type == KvCacheType::Q8_0) {
    EXPECT_EQ(std::memcmp(got, want.data(), want.size()), 0) << where;
    return;
  }
  int off_by_one = 0, values = 0;
  for (size_t b = 0; b < want.size(); b += 18) {
    EXPECT_EQ(std::memcmp(got + b, want.data() + b, 2), 0) << where << " block " << b / 18 << " scale";
    for (int j = 0; j < 16; ++j)
      for (int shift : {0, 4}) {
        const int g = (got[b + 2 + j] >> shift) & 15, w = (want[b + 2 + j] >> shift) & 15;
        ASSERT_LE(std::abs(g - w), 1) << where << " block " << b / 18 << " byte " << j;
        off_by_one += g != w;
        ++values;
      }
  }
  EXPECT_LE(off_by_one * 100, values) << where;
}

TEST(KvQuantKernels, WriteEncodesRowsAsTheCpuCodec) {
  TESSERA_REQUIRE_GPU();
  const int capacity = 16, n_tokens = 5;
  const std::vector<int32_t> pos = {3, 0, 7, 15, 9};
  for (KvCacheType type : kQuantTypes) {
    for (int kv_dim : {64, 80, 128, 512}) {
      const std::string label = name_of(type) + " kv_dim " + std::to_string(kv_dim);
      const int64_t words = kv_cache_row_words(type, kv_dim), stride = words + 3;  // padded rows
      const int64_t ks = kv_dim + 4;
      const auto k = tessera::test::random_floats(static_cast<size_t>(n_tokens * ks), 3 + kv_dim);
      const auto v = tessera::test::random_floats(static_cast<size_t>(n_tokens * ks), 4 + kv_dim, 5.0f);
      std::vector<uint16_t> init(static_cast<size_t>(capacity * stride), 0xFFFF);
      auto dk = test::to_device(k), dv = test::to_device(v), dp = test::to_device(pos);
      auto kc = test::to_device(init), vc = test::to_device(init);
      KvCacheView view{kc.as<uint16_t>(), vc.as<uint16_t>(), stride, capacity, type};
      TESSERA_ASSERT_OK(
          kv_cache_write(dk.as<float>(), ks, dv.as<float>(), ks, n_tokens, kv_dim, dp.as<int32_t>(), view, nullptr));
      const auto gk = test::from_device<uint16_t>(kc, init.size());
      const auto gv = test::from_device<uint16_t>(vc, init.size());
      for (int p = 0; p < capacity; ++p) {
        const auto it = std::find(pos.begin(), pos.end(), p);
        const uint8_t* rk = reinterpret_cast<const uint8_t*>(&gk[static_cast<size_t>(p * stride)]);
        const uint8_t* rv = reinterpret_cast<const uint8_t*>(&gv[static_cast<size_t>(p * stride)]);
        if (it == pos.end()) {
          for (int64_t w = 0; w < stride; ++w) ASSERT_EQ(gk[static_cast<size_t>(p * stride + w)], 0xFFFF) << label;
          continue;
        }
        const int t = static_cast<int>(it - pos.begin());
        expect_rows_match(type, rk, expected_row(type, &k[static_cast<size_t>(t * ks)], kv_dim), label + " K");
        expect_rows_match(type, rv, expected_row(type, &v[static_cast<size_t>(t * ks)], kv_dim), label + " V");
        // Words past the row are the caller's padding: untouched.
        for (int64_t w = words; w < stride; ++w) ASSERT_EQ(gk[static_cast<size_t>(p * stride + w)], 0xFFFF) << label;
      }
    }
  }
}

// Values of an encoded row as the CPU decodes them.
std::vector<float> decode(KvCacheType type, const uint16_t* row, int kv_dim) {
  std::vector<float> out(static_cast<size_t>(kv_dim));
  EXPECT_TRUE(kv_cache_decode_row(type, row, kv_dim, out.data()).ok());
  return out;
}

TEST(KvQuantKernels, FusedRopeWriteMatchesRopeThenWrite) {
  TESSERA_REQUIRE_GPU();
  const int n_tokens = 7, n_head = 8, capacity = 32;
  const std::vector<int32_t> pos = {0, 1, 2, 20, 21, 30, 31};
  for (KvCacheType type : kQuantTypes)
    for (int head_dim : {64, 80, 128})
      for (RopeStyle style : {RopeStyle::Normal, RopeStyle::NeoX})
        for (int n_head_kv : {1, 2}) {
          const std::string label = name_of(type) + " head_dim " + std::to_string(head_dim) +
                                    (style == RopeStyle::NeoX ? " neox" : " normal") + " kv heads " +
                                    std::to_string(n_head_kv);
          const int kv_dim = n_head_kv * head_dim;
          const int64_t W = static_cast<int64_t>(n_head + 2 * n_head_kv) * head_dim + 8;  // q|k|v rows
          const auto rows = tessera::test::random_floats(static_cast<size_t>(n_tokens * W), 50 + head_dim);
          RopeConfig rc;
          rc.style = style;
          rc.n_dims = head_dim - 16;  // partial rotation: the last 16 values pass through
          rc.freq_base = 10000.0f;
          const int64_t stride = kv_cache_row_words(type, kv_dim);
          std::vector<uint16_t> init(static_cast<size_t>(capacity * stride), 0);
          auto dp = test::to_device(pos);
          auto fused_rows = test::to_device(rows), split_rows = test::to_device(rows);
          auto fk = test::to_device(init), fv = test::to_device(init), sk = test::to_device(init),
               sv = test::to_device(init);
          float* fq = fused_rows.as<float>();
          float* sq = split_rows.as<float>();
          const int64_t k_off = static_cast<int64_t>(n_head) * head_dim, v_off = k_off + kv_dim;
          TESSERA_ASSERT_OK(
              rope_qk_to_cache(fq, fq + k_off, fq + v_off, W, n_tokens, n_head, n_head_kv, head_dim, dp.as<int32_t>(),
                               rc, KvCacheView{fk.as<uint16_t>(), fv.as<uint16_t>(), stride, capacity, type}, nullptr));
          TESSERA_ASSERT_OK(rope(sq, W, n_tokens, n_head, head_dim, dp.as<int32_t>(), rc, nullptr));
          TESSERA_ASSERT_OK(rope(sq + k_off, W, n_tokens, n_head_kv, head_dim, dp.as<int32_t>(), rc, nullptr));
          TESSERA_ASSERT_OK(kv_cache_write(sq + k_off, W, sq + v_off, W, n_tokens, kv_dim, dp.as<int32_t>(),
                                           KvCacheView{sk.as<uint16_t>(), sv.as<uint16_t>(), stride, capacity, type},
                                           nullptr));
          const auto gq = test::from_device<float>(fused_rows, rows.size());
          const auto wq = test::from_device<float>(split_rows, rows.size());
          for (int t = 0; t < n_tokens; ++t) {
            // q rotated as rope() rotates it; k left as it was.
            ASSERT_EQ(std::memcmp(&gq[static_cast<size_t>(t * W)], &wq[static_cast<size_t>(t * W)], k_off * 4), 0)
                << label;
            ASSERT_EQ(std::memcmp(&gq[static_cast<size_t>(t * W + k_off)], &rows[static_cast<size_t>(t * W + k_off)],
                                  static_cast<size_t>(kv_dim) * 4),
                      0)
                << label << ": k was modified";
          }
          for (auto [fb, sb] : {std::pair{&fk, &sk}, std::pair{&fv, &sv}}) {
            const auto f = test::from_device<uint16_t>(*fb, init.size());
            const auto s = test::from_device<uint16_t>(*sb, init.size());
            for (int p : pos) {
              const auto a = decode(type, &f[static_cast<size_t>(p * stride)], kv_dim);
              const auto b = decode(type, &s[static_cast<size_t>(p * stride)], kv_dim);
              // Within one level of the block's scale (the two kernels may round a product differently).
              for (int i = 0; i < kv_dim; ++i) {
                const uint8_t* blk = reinterpret_cast<const uint8_t*>(&s[static_cast<size_t>(p * stride)]) +
                                     (i / 32) * (type == KvCacheType::Q8_0 ? 34 : 18);
                uint16_t d_bits;
                std::memcpy(&d_bits, blk, 2);
                const float step = std::fabs(fp16_to_fp32(d_bits));
                ASSERT_LE(std::fabs(a[static_cast<size_t>(i)] - b[static_cast<size_t>(i)]), 1.01f * step + 1e-6f)
                    << label << " position " << p << " value " << i;
              }
            }
          }
        }
}

struct AttnCase {
  int n_tokens, start_pos, n_head, n_head_kv, head_dim, capacity;
  int window = 0;
  float softcap = 0;
  bool sinks = false;
  bool tensor_cores = false;  // the tensor-core kernel (attention_mma.h) for prompt and decode
};

// Attention over a quantized cache encoded on the host by the CPU codec, against (1) attention over
// an F16 cache holding fp16(decoded value) and (2) the float64 reference over the decoded values.
void run_attention(const AttnCase& c, KvCacheType type, uint32_t seed) {
  const std::string label =
      name_of(type) + " tokens " + std::to_string(c.n_tokens) + " start " + std::to_string(c.start_pos) + " heads " +
      std::to_string(c.n_head) + "/" + std::to_string(c.n_head_kv) + " dim " + std::to_string(c.head_dim) + " window " +
      std::to_string(c.window) + " softcap " + std::to_string(c.softcap) + (c.sinks ? " sinks" : "") +
      (c.tensor_cores ? " tensor cores" : "");
  SCOPED_TRACE(label);
  const int D = c.head_dim, kv_dim = c.n_head_kv * D;
  const int64_t qstride = static_cast<int64_t>(c.n_head) * D, ostride = qstride + 4;
  const int64_t qwords = kv_cache_row_words(type, kv_dim);
  const auto kf = tessera::test::random_floats(static_cast<size_t>(c.capacity) * kv_dim, seed);
  const auto vf = tessera::test::random_floats(static_cast<size_t>(c.capacity) * kv_dim, seed + 1);
  std::vector<uint16_t> kq(static_cast<size_t>(c.capacity * qwords)), vq(kq.size());
  std::vector<float> kd(kf.size()), vd(vf.size());
  std::vector<uint16_t> kh(kf.size()), vh(vf.size());
  for (int p = 0; p < c.capacity; ++p) {
    const size_t r = static_cast<size_t>(p) * kv_dim;
    TESSERA_ASSERT_OK(kv_cache_encode_row(type, &kf[r], kv_dim, &kq[static_cast<size_t>(p * qwords)]));
    TESSERA_ASSERT_OK(kv_cache_encode_row(type, &vf[r], kv_dim, &vq[static_cast<size_t>(p * qwords)]));
    TESSERA_ASSERT_OK(kv_cache_decode_row(type, &kq[static_cast<size_t>(p * qwords)], kv_dim, &kd[r]));
    TESSERA_ASSERT_OK(kv_cache_decode_row(type, &vq[static_cast<size_t>(p * qwords)], kv_dim, &vd[r]));
  }
  for (size_t i = 0; i < kd.size(); ++i) {
    kh[i] = fp32_to_fp16(kd[i]);
    vh[i] = fp32_to_fp16(vd[i]);
  }
  const auto q = tessera::test::random_floats(static_cast<size_t>(c.n_tokens * qstride), seed + 2);
  auto sinks = tessera::test::random_floats(static_cast<size_t>(c.n_head), seed + 3, 2.0f);
  std::vector<int32_t> pos(static_cast<size_t>(c.n_tokens));
  for (int t = 0; t < c.n_tokens; ++t) pos[static_cast<size_t>(t)] = c.start_pos + t;
  const float scale = 1.0f / std::sqrt(static_cast<float>(D));

  auto dq = test::to_device(q), dp = test::to_device(pos), dsinks = test::to_device(sinks);
  auto dkq = test::to_device(kq), dvq = test::to_device(vq), dkh = test::to_device(kh), dvh = test::to_device(vh);
  const size_t ws_bytes = attention_workspace_bytes(c.n_tokens, c.n_head, c.n_head_kv, D, c.capacity);
  auto ws = DeviceBuffer::allocate(0, std::max<size_t>(ws_bytes, 16), "attention ws");
  TESSERA_ASSERT_OK(ws);
  std::vector<float> outs[2];
  for (int which = 0; which < 2; ++which) {
    auto dout = test::poisoned_floats(static_cast<size_t>(c.n_tokens * ostride));
    AttentionArgs a;
    a.q = dq.as<float>();
    a.q_stride = qstride;
    a.cache = which == 0 ? KvCacheView{dkq.as<uint16_t>(), dvq.as<uint16_t>(), qwords, c.capacity, type}
                         : KvCacheView{dkh.as<uint16_t>(), dvh.as<uint16_t>(), kv_dim, c.capacity, KvCacheType::F16};
    a.out = dout.as<float>();
    a.out_stride = ostride;
    a.positions = dp.as<int32_t>();
    a.n_tokens = c.n_tokens;
    a.n_head = c.n_head;
    a.n_head_kv = c.n_head_kv;
    a.head_dim = D;
    a.scale = scale;
    a.window = c.window;
    a.softcap = c.softcap;
    a.sinks = c.sinks ? dsinks.as<float>() : nullptr;
    a.tensor_cores = a.tensor_cores_decode = c.tensor_cores;
    if (c.tensor_cores) EXPECT_TRUE(attention_mma_chosen(a));
    TESSERA_ASSERT_OK(attention(a, ws->data(), ws->bytes(), nullptr));
    outs[which] = test::from_device<float>(dout, static_cast<size_t>(c.n_tokens * ostride));
  }
  // (1) the quantized read is the F16 read of the decoded values: only the written values are
  // compared (the 4 floats between output rows stay NaN-poisoned, checked below).
  std::vector<float> written[2];
  for (int which = 0; which < 2; ++which)
    for (int t = 0; t < c.n_tokens; ++t)
      written[which].insert(written[which].end(), outs[which].begin() + t * ostride,
                            outs[which].begin() + t * ostride + qstride);
  EXPECT_LE(test::max_rel_error(written[0], written[1]), 1e-6);

  // (2) float64 reference over the decoded values (the f16 tiles round them by 2^-11 at most).
  std::vector<float> got;
  std::vector<double> want;
  const int group = c.n_head / c.n_head_kv;
  for (int t = 0; t < c.n_tokens; ++t) {
    for (int h = 0; h < c.n_head; ++h) {
      const int g = h / group, p = pos[static_cast<size_t>(t)];
      const int first = c.window > 0 ? std::max(0, p - c.window + 1) : 0;
      const int n_keys = p + 1 - first;
      std::vector<double> s(static_cast<size_t>(n_keys));
      double mx = c.sinks ? sinks[static_cast<size_t>(h)] : -INFINITY;
      for (int j = 0; j < n_keys; ++j) {
        double dot = 0;
        for (int d = 0; d < D; ++d)
          dot += static_cast<double>(q[static_cast<size_t>(t * qstride + h * D + d)]) *
                 kd[static_cast<size_t>((first + j) * kv_dim + g * D + d)];
        double sc = dot * scale;
        if (c.softcap > 0) sc = c.softcap * std::tanh(sc / c.softcap);
        s[static_cast<size_t>(j)] = sc;
        mx = std::max(mx, sc);
      }
      double sum = c.sinks ? std::exp(sinks[static_cast<size_t>(h)] - mx) : 0.0;
      for (double& x : s) sum += (x = std::exp(x - mx));
      for (int d = 0; d < D; ++d) {
        double o = 0;
        for (int j = 0; j < n_keys; ++j)
          o += s[static_cast<size_t>(j)] * vd[static_cast<size_t>((first + j) * kv_dim + g * D + d)];
        want.push_back(o / sum);
        got.push_back(outs[0][static_cast<size_t>(t * ostride + h * D + d)]);
      }
    }
    for (int which = 0; which < 2; ++which)
      EXPECT_TRUE(std::isnan(outs[which][static_cast<size_t>(t * ostride + qstride)])) << "wrote past the row";
  }
  // The tensor-core kernel adds f16 queries and probabilities (attention_test.cpp's 4e-3).
  EXPECT_LT(test::max_rel_error(got, want), c.tensor_cores ? 5e-3 : 2e-3);
}

TEST(KvQuantAttention, PromptTilesEveryHeadSize) {
  TESSERA_REQUIRE_GPU();
  for (KvCacheType type : kQuantTypes) {
    run_attention({37, 0, 8, 2, 64, 64}, type, 1);
    run_attention({20, 100, 8, 1, 80, 160}, type, 2);  // phi-2's 80: rows of one head pad a block
    run_attention({70, 0, 6, 2, 96, 80}, type, 3);     // phi3's 96, partial tiles
    run_attention({33, 60, 8, 2, 128, 128}, type, 4);
    run_attention({12, 20, 4, 2, 256, 64}, type, 5);       // gemma's 256: > 48 KB of shared memory
    run_attention({300, 1700, 8, 2, 128, 2048}, type, 6);  // a long prompt continuing a ~2k cache
  }
}

TEST(KvQuantAttention, DecodeSplitKLongContexts) {
  TESSERA_REQUIRE_GPU();
  for (KvCacheType type : kQuantTypes) {
    run_attention({1, 2047, 32, 8, 128, 2048}, type, 10);
    run_attention({1, 0, 32, 8, 128, 2048}, type, 11);  // first token: most splits are empty
    run_attention({1, 1999, 16, 4, 64, 2048}, type, 12);
    run_attention({1, 2040, 8, 4, 256, 2048}, type, 13);
    run_attention({1, 1500, 8, 2, 80, 2048}, type, 14);
    run_attention({1, 1800, 8, 2, 96, 2048}, type, 15);
    run_attention({3, 2000, 16, 2, 64, 2048}, type, 16);  // a few tokens still split
  }
}

TEST(KvQuantAttention, WindowsSoftcapsAndSinks) {
  TESSERA_REQUIRE_GPU();
  for (KvCacheType type : kQuantTypes) {
    run_attention({20, 100, 8, 4, 256, 256, 16, 50.0f}, type, 20);      // gemma2: window + soft-cap
    run_attention({1, 2000, 8, 4, 256, 2048, 1024, 50.0f}, type, 21);   // its decode
    run_attention({37, 0, 8, 2, 64, 64, 0, 0, true}, type, 22);         // gpt-oss sinks
    run_attention({1, 2000, 64, 8, 64, 2048, 128, 0, true}, type, 23);  // its sliding layers, decode
    run_attention({1, 2000, 64, 8, 64, 2048, 0, 0, true}, type, 24);
  }
}

// The tensor-core kernel over quantized caches: the decoded tiles are the F16 path's (check (1) holds
// for it too), for prompts and decode, with the soft-cap, windows and sinks.
TEST(KvQuantAttention, TensorCoreKernel) {
  TESSERA_REQUIRE_GPU();
  auto tc = [](AttnCase c) {
    c.tensor_cores = true;
    return c;
  };
  for (KvCacheType type : kQuantTypes) {
    run_attention(tc({37, 0, 8, 2, 64, 64}), type, 30);
    run_attention(tc({300, 1700, 8, 2, 128, 2048}), type, 31);
    run_attention(tc({20, 100, 8, 4, 256, 256, 16, 50.0f}), type, 32);
    run_attention(tc({1, 2047, 32, 8, 128, 2048}), type, 33);
    run_attention(tc({1, 0, 32, 8, 128, 2048}), type, 34);
    run_attention(tc({1, 2000, 64, 8, 64, 2048, 128, 0, true}), type, 35);
    run_attention(tc({3, 2000, 16, 2, 96, 2048}), type, 36);
  }
}

TEST(KvQuantAttention, RejectsAnF32CacheAndShortRows) {
  TESSERA_REQUIRE_GPU();
  AttentionArgs a;
  a.n_tokens = 1;
  a.n_head = 4;
  a.n_head_kv = 2;
  a.head_dim = 64;
  a.q_stride = a.out_stride = 256;
  auto buf = DeviceBuffer::allocate(0, 1 << 16, "cache");
  TESSERA_ASSERT_OK(buf);
  a.cache = KvCacheView{buf->as<uint16_t>(), buf->as<uint16_t>(), 256, 16, KvCacheType::F32};
  auto st = attention(a, nullptr, 0, nullptr);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::Unsupported) << st.error().describe();
  a.cache.type = KvCacheType::Q8_0;
  a.cache.stride = kv_cache_row_words(KvCacheType::Q8_0, 128) - 1;
  st = attention(a, nullptr, 0, nullptr);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("q8_0"), std::string::npos) << st.error().message;
}

// ---- whole models ---------------------------------------------------------------------------------

struct ModelCase {
  std::string name;
  tessera::test::RandomModelConfig config;
};

std::vector<ModelCase> model_cases() {
  std::vector<ModelCase> v;
  for (int64_t hd : {64, 128, 256}) {
    tessera::test::RandomModelConfig c;
    c.n_embd = 128;
    c.n_head = 4;
    c.n_head_kv = 2;
    c.head_size = hd;
    c.n_layer = 4;  // splits over 2 devices
    c.n_ctx_train = 4096;
    c.seed = static_cast<uint32_t>(hd + 1);
    v.push_back({"llama_head" + std::to_string(hd), c});
  }
  return v;
}

// Logits of: a 2000-token prompt in batches of 512 (last row of each), then 6 decode steps.
std::vector<std::vector<float>> model_trace(BackendModel& m, int64_t n_vocab) {
  std::vector<int32_t> tokens(2006);
  for (size_t i = 0; i < tokens.size(); ++i) tokens[i] = static_cast<int32_t>((i * 37 + 11) % n_vocab);
  std::vector<std::vector<float>> out;
  m.kv_clear();
  size_t pos = 0;
  while (pos < tokens.size()) {
    const size_t n = pos < 2000 ? std::min<size_t>(512, 2000 - pos) : 1;
    auto st = m.eval(std::span(tokens).subspan(pos, n), static_cast<int32_t>(pos), LogitsRequest::Last);
    if (!st.ok()) {
      ADD_FAILURE() << st.error().describe();
      return out;
    }
    auto lg = m.logits();
    if (!lg.ok()) {
      ADD_FAILURE() << lg.error().describe();
      return out;
    }
    out.emplace_back(lg->end() - n_vocab, lg->end());
    pos += n;
  }
  return out;
}

BackendModelSettings model_settings(KvCacheType kv) {
  BackendModelSettings s;
  s.n_ctx = 2048;
  s.n_batch = 512;
  s.kv_type = kv;
  s.n_threads = 4;
  return s;
}

class KvQuantBackend : public ::testing::TestWithParam<ModelCase> {};

// The reference is the CPU backend with an F32 cache. Each cache type costs the CPU backend an
// error of its own (cpu[type]: what the type's bits cost); the CUDA backend with that type must stay
// within that plus its own F16-cache difference, with a margin for its Q4_0 quantizer (ggml's,
// slightly coarser than core/quant's searched scales): gpu[type] < 2 cpu[type] + 2 gpu[F16].
TEST_P(KvQuantBackend, MatchesTheCpuReferenceOnOneAndTwoDevices) {
  TESSERA_REQUIRE_GPU();
  const auto& c = GetParam().config;
  auto file = tessera::test::random_model_file(c);
  auto spec = build_model_spec(file);
  ASSERT_TRUE(spec.ok()) << spec.error().describe();
  auto cpu_trace = [&](KvCacheType type) {
    auto cpu = CpuBackend().load_model(*spec, model_settings(type), nullptr);
    EXPECT_TRUE(cpu.ok()) << cpu.error().describe();
    return cpu.ok() ? model_trace(**cpu, spec->n_vocab) : std::vector<std::vector<float>>{};
  };
  const auto ref = cpu_trace(KvCacheType::F32);
  ASSERT_EQ(ref.size(), 10u);
  double gpu_f16 = 0;
  for (KvCacheType type : {KvCacheType::F16, KvCacheType::Q8_0, KvCacheType::Q4_0}) {
    const auto cpu = cpu_trace(type);
    ASSERT_EQ(cpu.size(), ref.size());
    const double cpu_err = tessera::test::relative_rms_error(cpu, ref);
    std::vector<std::vector<float>> one;
    for (auto [n, mode] :
         {std::pair{0, SplitMode::None}, std::pair{2, SplitMode::Layer}, std::pair{2, SplitMode::Row}}) {
      const std::string label = GetParam().name + " " + name_of(type) + " " + split_mode_name(mode);
      auto backend = test::make_cuda_backend(n, mode);
      ASSERT_TRUE(backend);
      auto m = backend->load_model(*spec, model_settings(type), nullptr);
      ASSERT_TRUE(m.ok()) << label << ": " << m.error().describe();
      auto usage = cuda_device_usage(**m);
      ASSERT_TRUE(usage.ok()) << usage.error().describe();
      for (const auto& u : *usage)
        EXPECT_EQ(u.allocated.kv_cache, u.planned.kv_cache) << label << " device " << u.logical;
      const auto got = model_trace(**m, spec->n_vocab);
      ASSERT_EQ(got.size(), ref.size()) << label;
      const double err = tessera::test::relative_rms_error(got, ref);
      std::printf("%-36s relative RMS logit error vs the CPU's F32 cache: %.3g (CPU with %s: %.3g)\n", label.c_str(),
                  err, name_of(type).c_str(), cpu_err);
      if (type == KvCacheType::F16 && mode == SplitMode::None) {
        gpu_f16 = err;
        EXPECT_LT(err, 1e-2) << label;
      } else {
        EXPECT_LT(err, 2 * cpu_err + 2 * gpu_f16 + 1e-4) << label;
      }
      if (mode == SplitMode::None) one = got;
      if (mode == SplitMode::Layer)  // the same kernels on the same inputs: bit-identical to one device
        for (size_t s = 0; s < got.size(); ++s)
          EXPECT_EQ(std::memcmp(got[s].data(), one[s].data(), got[s].size() * sizeof(float)), 0)
              << label << " step " << s;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Cuda, KvQuantBackend, ::testing::ValuesIn(model_cases()),
                         [](const ::testing::TestParamInfo<ModelCase>& info) { return info.param.name; });

}  // namespace
}  // namespace tessera::cuda
