// The attention kernel's work division (core/placement/attention_split.h) and the placement's use of
// it: the split-K workspace region the placement sizes is the one the kernel's plan needs.
#include "placement/attention_split.h"

#include <gtest/gtest.h>

#include "placement/scratch_regions.h"

namespace tessera {
namespace {

TEST(AttentionSplit, DecodeSplitsTheKeysAcrossCtas) {
  // Llama-3-8B: 32 query heads over 8 KV heads of 128, a 4096-position cache, one token: 8 CTAs
  // without splitting, so the keys are cut into 32 splits of 128 (the kernel's minimum chunk).
  const AttentionSplit p = plan_attention_split(1, 32, 8, 128, 4096);
  EXPECT_EQ(p.group, 4);
  EXPECT_EQ(p.gb, 4);
  EXPECT_EQ(p.nq, 1);
  EXPECT_EQ(p.n_splits, 32);
  EXPECT_EQ(p.chunk, 128);
  EXPECT_EQ(p.workspace_bytes, 1u * 32 * 32 * (128 + 2) * 4);
  // Chunks are whole key tiles and cover the cache.
  for (int cap : {1, 31, 33, 640, 4097, 131072}) {
    const AttentionSplit q = plan_attention_split(1, 32, 8, 128, cap);
    EXPECT_EQ(q.chunk % kAttentionKeyTile, 0) << cap;
    EXPECT_GE(static_cast<int64_t>(q.chunk) * q.n_splits, cap) << cap;
    EXPECT_LT(static_cast<int64_t>(q.chunk) * (q.n_splits - 1), cap) << cap;
  }
}

TEST(AttentionSplit, PromptBatchesNeedNoWorkspace) {
  const AttentionSplit p = plan_attention_split(512, 32, 8, 128, 4096);
  EXPECT_EQ(p.n_splits, 1);
  EXPECT_EQ(p.workspace_bytes, 0u);
  // Groups larger than a CTA's 16 warps are cut into slices.
  const AttentionSplit big = plan_attention_split(1, 64, 2, 64, 1024);
  EXPECT_EQ(big.group, 32);
  EXPECT_EQ(big.gb, 16);
  EXPECT_EQ(big.n_hsub, 2);
}

TEST(AttentionSplit, MaximumOverBatchSizesIsNotAtTheLargestBatch) {
  uint64_t most = 0;
  int at = 0;
  for (int t = 1; t <= 512; ++t) {
    const uint64_t w = plan_attention_split(t, 32, 8, 128, 4096).workspace_bytes;
    if (w > most) most = w, at = t;
  }
  EXPECT_EQ(attention_workspace_max(512, 32, 8, 128, 4096), most);
  EXPECT_GT(at, 1);
  EXPECT_LT(at, 512);
  EXPECT_EQ(attention_workspace_max(512, 0, 8, 128, 4096), 0u);              // a device without heads
  EXPECT_EQ(plan_attention_split(1, 30, 8, 128, 4096).workspace_bytes, 0u);  // heads that do not group
}

TEST(AttentionSplit, PlacementScratchCountsTheKernelWorkspace) {
  ScratchShape n;
  n.n_batch = 512;
  n.n_ctx = 4096;
  n.n_embd = 4096;
  n.q_dim = 4096;
  n.kv_dim = 1024;
  n.n_head = 32;
  n.n_head_kv = 8;
  n.head_dim = 128;
  n.n_ff = 14336;
  n.n_vocab = 128256;
  n.largest_matrix = 4096ull * 14336;
  const uint64_t ws = attention_workspace_max(512, 32, 8, 128, 4096);
  EXPECT_GT(ws, 8ull << 20);  // the ~8.5 MB a 512-token batch needs, which the old estimate missed
  EXPECT_EQ(layout_scratch(n)[ScratchRegion::AttentionWorkspace].bytes, ws);
  ScratchShape no_heads = n;
  no_heads.n_head = 0;
  EXPECT_EQ(layout_scratch(no_heads)[ScratchRegion::AttentionWorkspace].bytes, 0u);
  EXPECT_EQ(layout_scratch(n).total - layout_scratch(no_heads).total, (ws + 255) / 256 * 256);
  // Decode only (n_batch 1): just the one-token workspace.
  n.n_batch = 1;
  EXPECT_EQ(layout_scratch(n)[ScratchRegion::AttentionWorkspace].bytes, 532480u);
}

}  // namespace
}  // namespace tessera
