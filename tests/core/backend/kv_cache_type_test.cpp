// The KV cache's element types (backend/kv_cache_type.h): names, row sizes from the ggml block
// layouts, the row codec, and the CPU backend's cache storing and reading every type.
#include "backend/kv_cache_type.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "backend/cpu_kv_cache.h"
#include "backend/thread_pool.h"
#include "support/test_support.h"

namespace tessera {
namespace {

#define KV_ASSERT_OK(expr)                                 \
  do {                                                     \
    const Status kv_st_ = (expr);                          \
    ASSERT_TRUE(kv_st_.ok()) << kv_st_.error().describe(); \
  } while (0)

TEST(KvCacheType, NamesRoundTripAndIgnoreCase) {
  for (KvCacheType t : all_kv_cache_types()) EXPECT_EQ(parse_kv_cache_type(kv_cache_type_name(t)), t);
  EXPECT_EQ(parse_kv_cache_type("Q8_0"), KvCacheType::Q8_0);
  EXPECT_EQ(parse_kv_cache_type("q4_0"), KvCacheType::Q4_0);
  EXPECT_EQ(parse_kv_cache_type("F32"), KvCacheType::F32);
  EXPECT_FALSE(parse_kv_cache_type("q5_0").has_value());
  EXPECT_FALSE(parse_kv_cache_type("").has_value());
  EXPECT_EQ(kv_cache_type_names(), "f16|f32|q8_0|q4_0");
}

// Row sizes from the block layouts of quant/blocks.h written out here: 34 bytes per 32 values for
// Q8_0 (an fp16 scale and 32 int8), 18 for Q4_0 (an fp16 scale and 16 bytes of nibbles); a partial
// last block takes a whole block.
TEST(KvCacheType, RowBytesFollowTheBlockLayouts) {
  for (int64_t kv_dim : {32, 64, 80, 96, 128, 160, 1024, 2048}) {
    SCOPED_TRACE(kv_dim);
    const uint64_t blocks = static_cast<uint64_t>((kv_dim + 31) / 32);
    EXPECT_EQ(kv_cache_row_bytes(KvCacheType::F16, kv_dim), static_cast<uint64_t>(kv_dim) * 2);
    EXPECT_EQ(kv_cache_row_bytes(KvCacheType::F32, kv_dim), static_cast<uint64_t>(kv_dim) * 4);
    EXPECT_EQ(kv_cache_row_bytes(KvCacheType::Q8_0, kv_dim), blocks * 34);
    EXPECT_EQ(kv_cache_row_bytes(KvCacheType::Q4_0, kv_dim), blocks * 18);
    for (KvCacheType t : all_kv_cache_types())
      EXPECT_EQ(kv_cache_bytes(3, kv_dim, 100, t), 2ull * 3 * 100 * kv_cache_row_bytes(t, kv_dim));
  }
  // Llama-3-8B at 8192 positions: 1 GiB in F16, 0.53 GiB in Q8_0, 0.28 GiB in Q4_0.
  EXPECT_EQ(kv_cache_bytes(32, 1024, 8192, KvCacheType::F16), 1ull << 30);
  EXPECT_EQ(kv_cache_bytes(32, 1024, 8192, KvCacheType::Q8_0), 32ull * 2 * 8192 * 32 * 34);
  EXPECT_EQ(kv_cache_bytes(32, 1024, 8192, KvCacheType::Q4_0), 32ull * 2 * 8192 * 32 * 18);
}

// The codec's error is the bit depth's: relative RMS error on normal data just above core/quant's
// measured 0.0054 (Q8_0) and 0.081 (Q4_0); F16's is ~2^-12. Widths that are not a multiple of 32
// (a head of 80 on one KV head) pad the last block, and the padding never leaks into the values.
TEST(KvCacheType, RowCodecErrorMatchesTheBitDepth) {
  for (int64_t kv_dim : {80, 128, 1024}) {
    SCOPED_TRACE(kv_dim);
    const auto x = test::random_floats(static_cast<size_t>(kv_dim) * 64, 11);
    for (auto [type, bound] : {std::pair{KvCacheType::F16, 1e-3}, std::pair{KvCacheType::F32, 0.0},
                               std::pair{KvCacheType::Q8_0, 0.0065}, std::pair{KvCacheType::Q4_0, 0.095}}) {
      SCOPED_TRACE(std::string(kv_cache_type_name(type)));
      const uint64_t rb = kv_cache_row_bytes(type, kv_dim);
      std::vector<uint8_t> rows(rb * 64 + 4);
      std::vector<float> back(x.size(), std::numeric_limits<float>::quiet_NaN());
      for (int64_t r = 0; r < 64; ++r) {
        uint8_t* dst = rows.data() + static_cast<uint64_t>(r) * rb;
        KV_ASSERT_OK(kv_cache_encode_row(type, &x[static_cast<size_t>(r * kv_dim)], kv_dim, dst));
        KV_ASSERT_OK(kv_cache_decode_row(type, dst, kv_dim, &back[static_cast<size_t>(r * kv_dim)]));
      }
      EXPECT_LE(test::relative_rms_error(back, x), bound);
      if (type == KvCacheType::Q4_0) {
        EXPECT_GT(test::relative_rms_error(back, x), 0.02);  // really 4 bits
      }
    }
  }
}

TEST(KvCacheType, EncodeRejectsValuesItCannotStore) {
  std::vector<float> x(64, 1.0f);
  x[40] = std::numeric_limits<float>::quiet_NaN();
  std::vector<uint8_t> row(kv_cache_row_bytes(KvCacheType::Q8_0, 64));
  EXPECT_FALSE(kv_cache_encode_row(KvCacheType::Q8_0, x.data(), 64, row.data()).ok());
  EXPECT_FALSE(kv_cache_encode_row(KvCacheType::Q4_0, x.data(), 64, row.data()).ok());
}

// The CPU cache: what read() hands attention is exactly the row codec's value of what was stored,
// for every type, and the cache holds the bytes the one size function gives.
TEST(CpuKvCache, StoresAndReadsEveryType) {
  auto made = ThreadPool::create(2);
  ASSERT_TRUE(made.ok()) << made.error().describe();
  ThreadPool& pool = **made;
  const int64_t n_layer = 2, n_ctx = 40, kv_dim = 80;
  for (KvCacheType type : all_kv_cache_types()) {
    SCOPED_TRACE(std::string(kv_cache_type_name(type)));
    cpu::KvCache cache;
    cache.allocate(type, n_layer, n_ctx, kv_dim);
    EXPECT_EQ(cache.bytes(), kv_cache_bytes(n_layer, kv_dim, n_ctx, type));
    EXPECT_EQ(cache.bytes(), cpu::KvCache::bytes_for(type, n_layer, n_ctx, kv_dim));
    const auto k = test::random_floats(static_cast<size_t>(n_ctx * kv_dim), 21);
    const auto v = test::random_floats(static_cast<size_t>(n_ctx * kv_dim), 22, 3.0f);
    for (int64_t p = 0; p < n_ctx; ++p)
      KV_ASSERT_OK(cache.store(1, p, &k[static_cast<size_t>(p * kv_dim)], &v[static_cast<size_t>(p * kv_dim)]));
    std::vector<float> kt(k.size()), vt(v.size());
    const float* kr = nullptr;
    const float* vr = nullptr;
    cache.read(1, n_ctx, kt.data(), vt.data(), pool, &kr, &vr);
    std::vector<uint8_t> row(kv_cache_row_bytes(type, kv_dim));
    std::vector<float> want(static_cast<size_t>(kv_dim));
    for (int64_t p = 0; p < n_ctx; ++p) {
      for (auto [src, got] : {std::pair{&k, kr}, std::pair{&v, vr}}) {
        KV_ASSERT_OK(kv_cache_encode_row(type, &(*src)[static_cast<size_t>(p * kv_dim)], kv_dim, row.data()));
        KV_ASSERT_OK(kv_cache_decode_row(type, row.data(), kv_dim, want.data()));
        for (int64_t i = 0; i < kv_dim; ++i)
          ASSERT_EQ(got[p * kv_dim + i], want[static_cast<size_t>(i)]) << p << " " << i;
      }
    }
  }
}

}  // namespace
}  // namespace tessera
