// The latent attention kernels' own sources, run under the host model of the CUDA execution model
// (emulation/cuda_emulation.h), against the float64 loop of latent_attention_checks.h, at shapes
// small enough for the model (every thread a fiber) to run them in seconds while covering each code
// path: the values' dims per lane (1, 2, 4 and the published rank's 16), key tiles crossed by a
// prompt, decode with the key range split over CTAs, head slices of one CTA and of several, and the
// quantized caches; the context shift. The GPU runs the same checks at the published models' shapes
// (tests/cuda/latent_attention_test.cpp).
#include <gtest/gtest.h>

#include "latent_attention_checks.h"

namespace tessera::cuda {
namespace {

// The kernels read host memory directly under the emulation.
struct HostMemory {
  template <typename T>
  struct Buffer {
    mutable std::vector<T> v;
    T* get() const { return v.data(); }
  };
  template <typename T>
  static Buffer<T> up(const std::vector<T>& v) {
    return {v};
  }
  template <typename T>
  static std::vector<T> down(const Buffer<T>& b, size_t n) {
    return {b.v.begin(), b.v.begin() + static_cast<long>(n)};
  }
};

using latent_checks::Case;

TEST(LatentAttentionEmulated, PromptAcrossKeyTiles) {
  // 4 heads of rank 32 + rope 16 (the HF test model's): 4 tokens per CTA; a 40-token prompt.
  latent_checks::check_case<HostMemory>({40, 0, 4, 32, 16, 48}, 2e-4, 1);
  // A prompt continuing a cache, 20 heads of rank 64 + 32: slices of 10 heads (two per token).
  latent_checks::check_case<HostMemory>({5, 33, 20, 64, 32, 40}, 2e-4, 2);
}

TEST(LatentAttentionEmulated, DecodeSplitsTheKeyRange) {
  // One token deep in a 300-position cache: three key splits merged by the second kernel.
  latent_checks::check_case<HostMemory>({1, 290, 4, 32, 16, 300}, 2e-4, 3);
  // Two tokens, rank 128 (4 dims per lane), a large scale (a peaked softmax).
  latent_checks::check_case<HostMemory>({2, 200, 2, 128, 64, 260, KvCacheType::F16, 8.0f}, 2e-4, 4);
}

TEST(LatentAttentionEmulated, PublishedRank) {
  // DeepSeek-V2/V3's 512 + 64: 16 dims per lane, the widest row.
  latent_checks::check_case<HostMemory>({3, 30, 2, 512, 64, 40}, 2e-4, 5);
}

TEST(LatentAttentionEmulated, QuantizedCaches) {
  // Rows of 48 values: a padded second block of 32.
  latent_checks::check_case<HostMemory>({6, 10, 4, 32, 16, 20, KvCacheType::Q8_0}, 2e-4, 6);
  latent_checks::check_case<HostMemory>({1, 150, 4, 64, 32, 160, KvCacheType::Q4_0}, 2e-4, 7);
}

TEST(LatentAttentionEmulated, ShiftTurnsTheRotatedKey) {
  latent_checks::check_shift<HostMemory>(32, 16, RopeStyle::Normal, 12, 9, 5, 8);
  latent_checks::check_shift<HostMemory>(64, 32, RopeStyle::NeoX, 20, 30, 11, 9);  // more rows than the unroll
}

TEST(LatentAttentionEmulated, RefusesBadShapes) {
  latent_checks::check_refusals<HostMemory>();
}

}  // namespace
}  // namespace tessera::cuda
