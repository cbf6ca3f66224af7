// The latent attention kernels on the GPU against the float64 loop (latent_attention_checks.h), at
// the published models' shapes (DeepSeek-V2-Lite's 16 heads, V3's 128, rank 512 + rope 64) and the
// test models' small ones, prompts crossing key tiles and decode steps with split key ranges.
#include <gtest/gtest.h>

#include "cuda_test_util.h"
#include "latent_attention_checks.h"

namespace tessera::cuda {
namespace {

struct DeviceMemory {
  template <typename T>
  struct Buffer {
    DeviceBuffer buf;
    T* get() const { return buf.as<T>(); }
  };
  template <typename T>
  static Buffer<T> up(const std::vector<T>& v) {
    return {test::to_device(v)};
  }
  template <typename T>
  static std::vector<T> down(const Buffer<T>& b, size_t n) {
    return test::from_device<T>(b.buf, n);
  }
};

using latent_checks::Case;

TEST(LatentAttention, PromptAcrossKeyTiles) {
  TESSERA_REQUIRE_GPU();
  for (const Case& c : {Case{40, 0, 4, 32, 16, 64},       // the HF test model: 4 tokens per CTA
                        Case{77, 0, 16, 512, 64, 128},    // DeepSeek-V2-Lite: every head in one CTA
                        Case{33, 31, 128, 512, 64, 96},   // DeepSeek-V3: 8 slices of 16 heads
                        Case{9, 100, 20, 64, 32, 128}})   // slices of 10 heads, two tokens a CTA
    latent_checks::check_case<DeviceMemory>(c, 2e-4, 11);
}

TEST(LatentAttention, DecodeSplitsTheKeyRange) {
  TESSERA_REQUIRE_GPU();
  for (const Case& c : {Case{1, 4000, 16, 512, 64, 4096},   // one token deep in the cache
                        Case{1, 0, 16, 512, 64, 4096},      // the first position: most splits empty
                        Case{3, 2047, 128, 512, 64, 2304},  // a few tokens, every V3 head
                        Case{1, 700, 4, 32, 16, 1024, KvCacheType::F16, 10.0f}})
    latent_checks::check_case<DeviceMemory>(c, 2e-4, 12);
}

TEST(LatentAttention, QuantizedCaches) {
  TESSERA_REQUIRE_GPU();
  for (KvCacheType type : {KvCacheType::Q8_0, KvCacheType::Q4_0}) {
    latent_checks::check_case<DeviceMemory>({12, 20, 16, 512, 64, 64, type}, 2e-4, 13);
    latent_checks::check_case<DeviceMemory>({1, 1500, 4, 32, 16, 1536, type}, 2e-4, 14);
  }
}

TEST(LatentAttention, ShiftTurnsTheRotatedKey) {
  TESSERA_REQUIRE_GPU();
  latent_checks::check_shift<DeviceMemory>(512, 64, RopeStyle::Normal, 100, 900, 37, 15);
  latent_checks::check_shift<DeviceMemory>(32, 16, RopeStyle::NeoX, 5, 40, 3, 16);
}

TEST(LatentAttention, RefusesBadShapes) {
  TESSERA_REQUIRE_GPU();
  latent_checks::check_refusals<DeviceMemory>();
}

}  // namespace
}  // namespace tessera::cuda
