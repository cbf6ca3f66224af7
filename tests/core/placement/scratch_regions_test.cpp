// The scratch region table (core/placement/scratch_regions.h): one row per region in enum order,
// the layout's alignment and order, and the sizes the CUDA kernels check (kernel_workspaces.h).
#include "placement/scratch_regions.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "placement/attention_split.h"
#include "placement/kernel_workspaces.h"

namespace tessera {
namespace {

ScratchShape moe_shape() {
  ScratchShape s;
  s.n_batch = 512;
  s.n_ctx = 4096;
  s.n_embd = 2048;
  s.q_dim = 4096;
  s.kv_dim = 512;
  s.n_head = 32;
  s.n_head_kv = 4;
  s.head_dim = 128;
  s.n_ff = 768;
  s.n_vocab = 151936;
  s.largest_matrix = 2048ull * 768;
  s.n_expert = 128;
  s.n_expert_used = 8;
  return s;
}

TEST(ScratchRegions, OneRowPerRegionInEnumOrderWithDistinctNames) {
  std::set<std::string> names;
  for (size_t i = 0; i < kScratchRegionCount; ++i) {
    const ScratchRegionInfo& r = scratch_region_table()[i];
    EXPECT_EQ(static_cast<size_t>(r.region), i);
    EXPECT_FALSE(r.name.empty());
    EXPECT_NE(r.bytes, nullptr);
    EXPECT_TRUE(names.insert(std::string(r.name)).second) << r.name;
  }
}

TEST(ScratchRegions, LayoutIsInTableOrderAlignedAndTight) {
  const ScratchLayout l = layout_scratch(moe_shape());
  uint64_t end = 0;
  for (const PlacedRegion& r : l.regions) {
    if (r.bytes == 0) continue;
    EXPECT_EQ(r.offset % kScratchAlignment, 0u) << scratch_region_info(r.region).name;
    EXPECT_GE(r.offset, end);
    EXPECT_LT(r.offset, end + kScratchAlignment);  // no more than the alignment between regions
    end = r.offset + r.bytes;
  }
  EXPECT_EQ(l.total, (end + kScratchAlignment - 1) / kScratchAlignment * kScratchAlignment);
}

// What the kernels need, region by region, for a Qwen3-30B-A3B-like device.
TEST(ScratchRegions, SizesAreWhatTheKernelsCheck) {
  const ScratchShape s = moe_shape();
  const ScratchLayout l = layout_scratch(s);
  EXPECT_EQ(l[ScratchRegion::Qkv].bytes, 4ull * 512 * (4096 + 2 * 512));
  EXPECT_EQ(l[ScratchRegion::CublasWorkspace].bytes, kCublasWorkspaceBytes);
  // The matrix input holds the f16 prompt rows and the q8 copy of up to 8 decode vectors.
  EXPECT_GE(l[ScratchRegion::MatmulInput].bytes, 2ull * 512 * 4096);
  EXPECT_GE(l[ScratchRegion::MatmulInput].bytes, q8_activations_bytes(4096, kMaxMatvecVectors));
  EXPECT_EQ(l[ScratchRegion::Argmax].bytes, kScratchAlignment + argmax_workspace_bytes(151936));
  EXPECT_EQ(l[ScratchRegion::Logits].bytes, 4ull * 151936);
  EXPECT_EQ(l[ScratchRegion::MoeTiles].bytes, 4ull * (3 * 512 * 8 + 4 * 128 + 16));
  EXPECT_GE(l[ScratchRegion::MoeQ8].bytes, q8_activations_bytes(2048, 8));
  EXPECT_EQ(l[ScratchRegion::PartialSums].bytes, 0u);
  // Dense layers wider than the experts (GLM-4.x, DeepSeek): the MoE rows keep the experts' width.
  ScratchShape wide = s;
  wide.n_ff = 10944;
  wide.n_ff_expert = 768;
  const ScratchLayout w = layout_scratch(wide);
  EXPECT_EQ(w[ScratchRegion::Gate].bytes, 4ull * 512 * 10944);
  EXPECT_EQ(w[ScratchRegion::MoeGate].bytes, 4ull * 512 * 8 * 768);
  EXPECT_EQ(w[ScratchRegion::MoeUp].bytes, 4ull * 512 * 8 * 768);
  EXPECT_EQ(w[ScratchRegion::MoeQ8].bytes, l[ScratchRegion::MoeQ8].bytes);
  // A dense device without the logits holds no MoE, logits or argmax regions.
  ScratchShape dense = s;
  dense.n_expert = dense.n_expert_used = 0;
  dense.n_vocab = 0;
  const ScratchLayout d = layout_scratch(dense);
  for (ScratchRegion r : {ScratchRegion::Logits, ScratchRegion::Argmax, ScratchRegion::MoeLogits,
                          ScratchRegion::MoeIds, ScratchRegion::MoeQ8})
    EXPECT_EQ(d[r].bytes, 0u) << scratch_region_info(r).name;
  // Row split's main device receives one partial sum per other device.
  dense.partial_sums = 3;
  EXPECT_EQ(layout_scratch(dense)[ScratchRegion::PartialSums].bytes, 3ull * 4 * 512 * 2048);
}

// A DeepSeek-V2-Lite-like device (16 heads, latent 512 + 64, 128 + 64 query dims, 128 value dims,
// queries from Wq): its latent attention regions replace the q|k|v rows and the attention output,
// and the attention workspace holds the latent kernel's partials (outputs of the latent's rank).
TEST(ScratchRegions, LatentAttentionHasRegionsOfItsOwn) {
  ScratchShape s = moe_shape();
  s.n_embd = 2048;
  s.n_head = 16;
  s.n_head_kv = 1;
  s.head_dim = 192;
  s.q_dim = 16 * 192;
  s.kv_dim = 192;
  s.latent_rank = 512;
  s.latent_rope = 64;
  s.latent_nope = 128;
  s.latent_v_head = 128;
  const ScratchLayout l = layout_scratch(s);
  EXPECT_EQ(l[ScratchRegion::Qkv].bytes, 0u);
  EXPECT_EQ(l[ScratchRegion::AttentionOutput].bytes, 0u);
  EXPECT_EQ(l[ScratchRegion::LatentQueryRank].bytes, 0u);  // no low-rank queries
  EXPECT_EQ(l[ScratchRegion::LatentQuery].bytes, 4ull * 512 * 16 * 192);
  EXPECT_EQ(l[ScratchRegion::LatentKv].bytes, 4ull * 512 * 576);
  EXPECT_EQ(l[ScratchRegion::LatentAbsorbed].bytes, 4ull * 512 * 16 * 576);
  EXPECT_EQ(l[ScratchRegion::LatentAttended].bytes, 4ull * 512 * 16 * 512);
  EXPECT_EQ(l[ScratchRegion::LatentHeads].bytes, 4ull * 512 * 16 * 128);
  EXPECT_EQ(l[ScratchRegion::LatentHeadIds].bytes, 4ull * kMaxMatvecVectors * 16);
  EXPECT_EQ(l[ScratchRegion::LatentQ8].bytes, q8_activations_bytes(512, kMaxMatvecVectors * 16));
  EXPECT_EQ(l[ScratchRegion::AttentionWorkspace].bytes, latent_attention_workspace_max(512, 16, 512, 4096));
  s.latent_q_rank = 1536;
  EXPECT_EQ(layout_scratch(s)[ScratchRegion::LatentQueryRank].bytes, 4ull * 512 * 1536);
  // Without latent layers none of them.
  const ScratchLayout plain = layout_scratch(moe_shape());
  for (size_t r = static_cast<size_t>(ScratchRegion::LatentQueryRank); r < kScratchRegionCount; ++r)
    EXPECT_EQ(plain.regions[r].bytes, 0u) << scratch_region_table()[r].name;
}

// q8 activations: cols int8 values and an 8-byte scale record per 32, each vector 16-byte aligned;
// the argmax workspace: one partial per block of 8 x 256 values, at most 128.
TEST(KernelWorkspaces, Q8AndArgmaxSizes) {
  EXPECT_EQ(q8_vector_bytes(32), 48u);
  EXPECT_EQ(q8_vector_bytes(4096), 4096u + 1024u);
  EXPECT_EQ(q8_activations_bytes(4096, 3), 3u * 5120u);
  EXPECT_EQ(q8_activations_bytes(4096, 0), 0u);
  EXPECT_EQ(argmax_partial_blocks(1), 1);
  EXPECT_EQ(argmax_partial_blocks(2048), 1);
  EXPECT_EQ(argmax_partial_blocks(2049), 2);
  EXPECT_EQ(argmax_partial_blocks(1 << 30), kArgmaxMaxBlocks);
  EXPECT_EQ(argmax_workspace_bytes(32000), 16u * 12u + 16u);
}

}  // namespace
}  // namespace tessera
