#include "placement/attention_split.h"

#include <algorithm>

namespace tessera {

AttentionSplit plan_attention_split(int n_tokens, int n_head, int n_head_kv, int head_dim, int capacity) {
  AttentionSplit p;
  if (n_tokens <= 0 || n_head <= 0 || n_head_kv <= 0 || n_head % n_head_kv != 0 || head_dim <= 0 || capacity <= 0)
    return p;
  p.group = n_head / n_head_kv;
  for (int g = std::min(p.group, kAttentionMaxVectors); g >= 1; --g) {
    if (p.group % g == 0) {
      p.gb = g;
      break;
    }
  }
  p.n_hsub = p.group / p.gb;
  p.nq = std::max(1, std::min(n_tokens, kAttentionMaxVectors / p.gb));
  p.n_qtiles = (n_tokens + p.nq - 1) / p.nq;
  // Split the keys when the other dimensions give too few CTAs to fill the GPU (~4 waves of 4-warp
  // CTAs on a 132-SM H200), keeping at least 128 keys (4 tiles) per split.
  const int base = p.n_qtiles * n_head_kv * p.n_hsub;
  const int want = (528 + base - 1) / base;
  const int useful = std::max(1, (capacity + 127) / 128);
  p.n_splits = std::max(1, std::min({want, useful, 128}));
  p.chunk = (capacity + p.n_splits - 1) / p.n_splits;
  p.chunk = (p.chunk + kAttentionKeyTile - 1) / kAttentionKeyTile * kAttentionKeyTile;
  p.n_splits = std::max(1, (capacity + p.chunk - 1) / p.chunk);
  if (p.n_splits > 1)
    p.workspace_bytes = static_cast<uint64_t>(n_tokens) * static_cast<uint64_t>(n_head) *
                        static_cast<uint64_t>(p.n_splits) * (static_cast<uint64_t>(head_dim) + 2) * 4;
  return p;
}

uint64_t attention_workspace_max(int n_batch, int n_head, int n_head_kv, int head_dim, int capacity) {
  uint64_t most = 0;
  for (int t = 1; t <= n_batch; ++t)
    most = std::max(most, plan_attention_split(t, n_head, n_head_kv, head_dim, capacity).workspace_bytes);
  return most;
}

AttentionSplit plan_latent_attention_split(int n_tokens, int n_head, int rank, int capacity) {
  return plan_attention_split(n_tokens, n_head, 1, rank, capacity);
}

uint64_t latent_attention_workspace_max(int n_batch, int n_head, int rank, int capacity) {
  return attention_workspace_max(n_batch, n_head, 1, rank, capacity);
}

}  // namespace tessera
