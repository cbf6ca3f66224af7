// The checks of the latent attention kernels (cuda/kernels/latent_attention.h) against a float64
// loop of the formula that header states (the CPU backend's latent attention computes the same sums
// in float32: core/backend/cpu_latent_attention.cpp), on random data: prompts whose tokens cross key
// tiles, decode steps deep in the cache (split key ranges), several head counts (one CTA of every
// head, several head slices, slices that do not fill 16 warps), the published rank / rope widths and
// the test models' small ones, and the quantized caches (the kernel's own cache write, bit for bit
// against core/quant for Q8_0). Written once for two ways of running the kernels: on the GPU
// (latent_attention_test.cpp) and under the host emulation of the CUDA execution model
// (tests/cuda_emulated), which needs no GPU.
//
// `Memory` puts vectors where the kernels read them:
//   Memory::Buffer<T>          a buffer; T* get() const
//   Memory::up(vector<T>)      a copy of a host vector (16-byte aligned)
//   Memory::down(buffer, n)    its first n values, back on the host (after the kernels are done)
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "backend/kv_cache_type.h"
#include "kernels/latent_attention.h"
#include "placement/attention_split.h"
#include "quant/fp16.h"
#include "support/test_support.h"

namespace tessera::cuda::latent_checks {

#define TESSERA_LATENT_ASSERT_OK(expr)                               \
  do {                                                               \
    const Status tessera_st_ = (expr);                               \
    ASSERT_TRUE(tessera_st_.ok()) << tessera_st_.error().describe(); \
  } while (0)

struct Case {
  int n_tokens, start_pos, n_head, rank, rope, capacity;
  KvCacheType type = KvCacheType::F16;
  float scale_mul = 1.0f;  // scale = scale_mul / sqrt(qk head width); large values test the stable softmax

  std::string name() const {
    return "tokens " + std::to_string(n_tokens) + " from " + std::to_string(start_pos) + ", heads " +
           std::to_string(n_head) + ", rank " + std::to_string(rank) + " + rope " + std::to_string(rope) +
           ", capacity " + std::to_string(capacity) + ", " + std::string(kv_cache_type_name(type)) + " cache, scale x" +
           std::to_string(scale_mul);
  }
};

// max_i |a_i - b_i| / max_i |b_i|; infinite for a NaN in a (an output never written).
inline double max_rel_error(const std::vector<float>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return INFINITY;
  double scale = 1e-30, diff = 0.0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::isnan(a[i])) return INFINITY;
    scale = std::max(scale, std::fabs(b[i]));
    diff = std::max(diff, std::fabs(static_cast<double>(a[i]) - b[i]));
  }
  return diff / scale;
}

// The attended latents of every (token, head) in float64 from the cache's decoded rows.
inline std::vector<double> reference(const Case& c, const std::vector<float>& q, int64_t q_stride,
                                     const std::vector<float>& rows, int64_t width, float scale) {
  std::vector<double> out(static_cast<size_t>(c.n_tokens) * c.n_head * c.rank, 0.0);
  for (int t = 0; t < c.n_tokens; ++t) {
    const int p = c.start_pos + t;
    for (int h = 0; h < c.n_head; ++h) {
      const float* qh = &q[static_cast<size_t>(t * q_stride + h * width)];
      std::vector<double> s(static_cast<size_t>(p + 1));
      double mx = -INFINITY;
      for (int j = 0; j <= p; ++j) {
        double dot = 0.0;
        for (int64_t d = 0; d < width; ++d) dot += static_cast<double>(qh[d]) * rows[static_cast<size_t>(j * width + d)];
        s[static_cast<size_t>(j)] = dot * scale;
        mx = std::max(mx, s[static_cast<size_t>(j)]);
      }
      double sum = 0.0;
      for (double& v : s) sum += (v = std::exp(v - mx));
      double* o = &out[(static_cast<size_t>(t) * c.n_head + h) * c.rank];
      for (int j = 0; j <= p; ++j)
        for (int i = 0; i < c.rank; ++i) o[i] += s[static_cast<size_t>(j)] / sum * rows[static_cast<size_t>(j * width + i)];
    }
  }
  return out;
}

// One case: the cache filled by latent_cache_write (every position, so the kernel must not look past
// a query's position: later rows hold values too), then latent_attention against the float64 loop
// over the cache's own decoded rows (the cache type's rounding is in the reference, and the fp16
// rounding of quantized values as they enter the kernel's tile; the kernel's f32 sums are what is
// measured).
template <typename Memory>
void check_case(const Case& c, double tolerance, uint32_t seed) {
  SCOPED_TRACE(c.name());
  const int W = c.rank + c.rope;
  const int64_t row_words = static_cast<int64_t>(kv_cache_row_bytes(c.type, W) / 2);
  const int64_t stride = (row_words + 7) / 8 * 8 + (c.type == KvCacheType::F16 ? 8 : 1);  // not tight
  const int64_t src_stride = W + 4;
  const auto src = tessera::test::random_floats(static_cast<size_t>(c.capacity * src_stride), seed);
  std::vector<int32_t> all_pos(static_cast<size_t>(c.capacity));
  for (int j = 0; j < c.capacity; ++j) all_pos[static_cast<size_t>(j)] = j;
  auto d_src = Memory::up(src);
  auto d_all_pos = Memory::up(all_pos);
  auto d_cache = Memory::up(std::vector<uint16_t>(static_cast<size_t>(c.capacity * stride), 0xFFFF));
  const LatentCacheView cache{d_cache.get(), stride, c.capacity, c.type};
  TESSERA_LATENT_ASSERT_OK(latent_cache_write(d_src.get(), src_stride, c.capacity, W, d_all_pos.get(), cache, nullptr));
  const auto cache_host = Memory::down(d_cache, static_cast<size_t>(c.capacity * stride));
  // The decoded rows, and the encoding against core's where it is the same arithmetic.
  std::vector<float> rows(static_cast<size_t>(c.capacity) * W);
  for (int j = 0; j < c.capacity; ++j) {
    const uint8_t* row = reinterpret_cast<const uint8_t*>(&cache_host[static_cast<size_t>(j * stride)]);
    TESSERA_LATENT_ASSERT_OK(kv_cache_decode_row(c.type, row, W, &rows[static_cast<size_t>(j) * W]));
    // Quantized rows enter the kernel's tile as fp16 (kv_quant.cuh's decode8): so in the reference.
    if (c.type != KvCacheType::F16)
      for (int i = 0; i < W; ++i) {
        float& v = rows[static_cast<size_t>(j) * W + static_cast<size_t>(i)];
        v = fp16_to_fp32(fp32_to_fp16(v));
      }
    if (c.type != KvCacheType::Q4_0) {
      std::vector<uint8_t> want(kv_cache_row_bytes(c.type, W));
      TESSERA_LATENT_ASSERT_OK(kv_cache_encode_row(c.type, &src[static_cast<size_t>(j * src_stride)], W, want.data()));
      ASSERT_TRUE(std::equal(want.begin(), want.end(), row)) << "cache row " << j << " differs from core's encoding";
    }
  }

  const int64_t q_stride = static_cast<int64_t>(c.n_head) * W + 4, out_stride = static_cast<int64_t>(c.n_head) * c.rank + 12;
  const auto q = tessera::test::random_floats(static_cast<size_t>(c.n_tokens * q_stride), seed + 1);
  std::vector<int32_t> pos(static_cast<size_t>(c.n_tokens));
  for (int t = 0; t < c.n_tokens; ++t) pos[static_cast<size_t>(t)] = c.start_pos + t;
  const float scale = c.scale_mul / std::sqrt(static_cast<float>(W));
  auto d_q = Memory::up(q);
  auto d_pos = Memory::up(pos);
  auto d_out = Memory::up(std::vector<float>(static_cast<size_t>(c.n_tokens * out_stride),
                                             std::numeric_limits<float>::quiet_NaN()));
  const size_t ws_bytes = latent_attention_workspace_bytes(c.n_tokens, c.n_head, c.rank, c.capacity);
  auto d_ws = Memory::up(std::vector<float>(ws_bytes / 4 + 4, std::numeric_limits<float>::quiet_NaN()));
  LatentAttentionArgs a;
  a.q = d_q.get();
  a.q_stride = q_stride;
  a.cache = cache;
  a.out = d_out.get();
  a.out_stride = out_stride;
  a.positions = d_pos.get();
  a.n_tokens = c.n_tokens;
  a.n_head = c.n_head;
  a.rank = c.rank;
  a.rope = c.rope;
  a.scale = scale;
  TESSERA_LATENT_ASSERT_OK(latent_attention(a, ws_bytes > 0 ? d_ws.get() : nullptr, ws_bytes, nullptr));
  const auto out = Memory::down(d_out, static_cast<size_t>(c.n_tokens * out_stride));
  std::vector<float> got;
  for (int t = 0; t < c.n_tokens; ++t)
    got.insert(got.end(), out.begin() + t * out_stride, out.begin() + t * out_stride + c.n_head * c.rank);
  const auto want = reference(c, q, q_stride, rows, W, scale);
  EXPECT_LT(max_rel_error(got, want), tolerance);
  // The padding between token rows is left alone.
  for (int t = 0; t < c.n_tokens; ++t)
    EXPECT_TRUE(std::isnan(out[static_cast<size_t>(t * out_stride + c.n_head * c.rank)]));
}

// The context shift of a latent cache: rows [first, first + n) move down by delta, the latent copied
// and the rotated key turned by -delta positions, against the same rotation in float64 (pairs as
// the style says, theta_i = base^(-2i/R) / factor_i) rounded to fp16 once, as the kernel stores it.
template <typename Memory>
void check_shift(int rank, int rope, RopeStyle style, int first, int n, int delta, uint32_t seed) {
  SCOPED_TRACE("rank " + std::to_string(rank) + " rope " + std::to_string(rope) + " rows " + std::to_string(first) +
               "+" + std::to_string(n) + " delta " + std::to_string(delta));
  const int W = rank + rope, capacity = first + n + 3;
  const int64_t stride = W + 8;
  const auto f = tessera::test::random_floats(static_cast<size_t>(capacity * stride), seed);
  std::vector<uint16_t> rows(f.size());
  for (size_t i = 0; i < f.size(); ++i) rows[i] = fp32_to_fp16(f[i]);
  std::vector<double> theta(static_cast<size_t>(rope / 2));
  for (size_t i = 0; i < theta.size(); ++i)
    theta[i] = std::pow(10000.0, -2.0 * static_cast<double>(i) / rope) / (1.0 + 0.5 * static_cast<double>(i % 3));
  auto d_rows = Memory::up(rows);
  auto d_theta = Memory::up(theta);
  RopeConfig rc;
  rc.style = style;
  rc.n_dims = rope;
  rc.theta = d_theta.get();
  TESSERA_LATENT_ASSERT_OK(latent_cache_shift(LatentCacheView{d_rows.get(), stride, capacity, KvCacheType::F16}, rank,
                                              rope, first, n, delta, rc, nullptr));
  const auto got = Memory::down(d_rows, rows.size());
  std::vector<uint16_t> want = rows;
  for (int p = first; p < first + n; ++p) {
    const uint16_t* src = &rows[static_cast<size_t>(p * stride)];
    uint16_t* dst = &want[static_cast<size_t>((p - delta) * stride)];
    for (int i = 0; i < rank; ++i) dst[i] = src[i];
    for (int i = 0; i < rope / 2; ++i) {
      const int a = rank + (style == RopeStyle::NeoX ? i : 2 * i), b = rank + (style == RopeStyle::NeoX ? i + rope / 2 : 2 * i + 1);
      const double angle = -static_cast<double>(delta) * theta[static_cast<size_t>(i)];
      const float c = static_cast<float>(std::cos(angle)), s = static_cast<float>(std::sin(angle));
      const float x0 = fp16_to_fp32(src[a]), x1 = fp16_to_fp32(src[b]);
      dst[a] = fp32_to_fp16(x0 * c - x1 * s);
      dst[b] = fp32_to_fp16(x0 * s + x1 * c);
    }
  }
  int wrong = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    // One fp16 step apart at most (the f32 products may round either way of a tie).
    const float g = fp16_to_fp32(got[i]), w = fp16_to_fp32(want[i]);
    if (std::fabs(g - w) > std::fabs(w) * 1e-3f + 1e-6f) ++wrong;
  }
  EXPECT_EQ(wrong, 0);
}

// Shapes the kernel refuses, with errors rather than wrong results.
template <typename Memory>
void check_refusals() {
  auto d = Memory::up(std::vector<float>(4096, 0.0f));
  auto dc = Memory::up(std::vector<uint16_t>(4096, 0));
  auto dp = Memory::up(std::vector<int32_t>(4, 0));
  LatentAttentionArgs a;
  a.q = d.get();
  a.out = d.get();
  a.positions = dp.get();
  a.cache = LatentCacheView{dc.get(), 64, 8, KvCacheType::F16};
  a.n_tokens = 1;
  a.n_head = 2;
  a.rank = 32;
  a.rope = 16;
  a.q_stride = 96;
  a.out_stride = 64;
  a.scale = 1.0f;
  EXPECT_TRUE(latent_attention(a, nullptr, 0, nullptr).ok());
  LatentAttentionArgs b = a;
  b.rank = 36;  // not a multiple of 8
  EXPECT_FALSE(latent_attention(b, nullptr, 0, nullptr).ok());
  b = a;
  b.rank = 520;  // above the largest rank
  EXPECT_FALSE(latent_attention(b, nullptr, 0, nullptr).ok());
  b = a;
  b.q_stride = 95;  // rows shorter than the heads
  EXPECT_FALSE(latent_attention(b, nullptr, 0, nullptr).ok());
  b = a;
  b.cache.stride = 40;  // shorter than a row of 48 values
  EXPECT_FALSE(latent_attention(b, nullptr, 0, nullptr).ok());
  b = a;
  b.cache.type = KvCacheType::F32;
  EXPECT_FALSE(latent_attention(b, nullptr, 0, nullptr).ok());
}

}  // namespace tessera::cuda::latent_checks
