#include "placement/scratch_regions.h"

#include <algorithm>

#include "placement/attention_split.h"
#include "placement/kernel_workspaces.h"

namespace tessera {
namespace {

using S = ScratchShape;

uint64_t u(int64_t v) { return static_cast<uint64_t>(v > 0 ? v : 0); }
uint64_t f32_rows(const S& s, int64_t width) { return 4 * u(s.n_batch) * u(width); }
uint64_t round32(int64_t v) { return (u(v) + 31) / 32 * 32; }
// Rows of the MoE regions: every token's n_expert_used routed copies.
uint64_t moe_rows(const S& s) { return s.n_expert > 0 ? u(s.n_batch) * u(s.n_expert_used) : 0; }
// The experts' gate/up width (the MoE regions' rows).
int64_t expert_ff(const S& s) { return s.n_ff_expert > 0 ? s.n_ff_expert : s.n_ff; }
// Latent attention: the rows of its regions (0 without latent layers here), and its matrices' inputs
// (the low-rank queries, each head's q_n and attended latent, the heads' values into Wo).
bool latent(const S& s) { return s.latent_rank > 0; }
int64_t latent_width(const S& s) { return s.latent_rank + s.latent_rope; }
uint64_t latent_rows(const S& s, int64_t width) { return latent(s) ? f32_rows(s, width) : 0; }
int64_t latent_decode_vectors(const S& s) { return std::min<int64_t>(s.n_batch, kMaxMatvecVectors) * s.n_head; }
int64_t widest_input(const S& s) {
  const int64_t w = std::max({s.n_embd, s.q_dim, s.n_ff, s.delta_value_dim});
  if (!latent(s)) return w;
  return std::max({w, s.latent_q_rank, s.latent_nope, s.latent_rank, s.n_head * s.latent_v_head});
}
// The query values of a token's q|k|v row: q, or q and its output gate side by side per head.
int64_t query_width(const S& s) { return s.attention_output_gate ? 2 * s.q_dim : s.q_dim; }

}  // namespace

const std::array<ScratchRegionInfo, kScratchRegionCount>& scratch_region_table() {
  using R = ScratchRegion;
  // One row per region, in enum order. A region whose bytes are 0 for a shape is not placed.
  static const std::array<ScratchRegionInfo, kScratchRegionCount> table = {{
      {R::Residual, "residual stream", [](const S& s) { return f32_rows(s, s.n_embd); }},
      {R::Normed, "normed block input", [](const S& s) { return f32_rows(s, s.n_embd); }},
      {R::BlockOutput, "block output", [](const S& s) { return f32_rows(s, s.n_embd); }},
      // Latent attention layers have regions of their own (the Latent* rows).
      {R::Qkv, "q|k|v rows", [](const S& s) { return latent(s) ? 0 : f32_rows(s, query_width(s) + 2 * s.kv_dim); }},
      {R::AttentionOutput, "attention output", [](const S& s) { return latent(s) ? 0 : f32_rows(s, s.q_dim); }},
      {R::Gate, "FFN gate", [](const S& s) { return f32_rows(s, s.n_ff); }},
      {R::Up, "FFN up", [](const S& s) { return f32_rows(s, s.n_ff); }},
      // f16 rows of the widest input for the GEMM, or its q8 copy for up to kMaxMatvecVectors
      // vectors (the matvec quantizes whole 32-value blocks).
      {R::MatmulInput, "matrix input",
       [](const S& s) {
         const int64_t w = widest_input(s);
         return std::max(2 * u(s.n_batch) * u(w),
                         q8_activations_bytes(static_cast<int64_t>(round32(w)),
                                              static_cast<int>(std::min<int64_t>(s.n_batch, kMaxMatvecVectors))));
       }},
      {R::AttentionWorkspace, "attention workspace",
       [](const S& s) {
         if (s.n_head <= 0) return uint64_t{0};
         if (latent(s))
           return latent_attention_workspace_max(static_cast<int>(s.n_batch), static_cast<int>(s.n_head),
                                                 static_cast<int>(s.latent_rank), static_cast<int>(s.n_ctx));
         uint64_t most = attention_workspace_max(static_cast<int>(s.n_batch), static_cast<int>(s.n_head),
                                                 static_cast<int>(s.n_head_kv), static_cast<int>(s.head_dim),
                                                 static_cast<int>(s.n_ctx));
         for (const auto& [kv_heads, head_dim] : s.other_head_shapes)
           most = std::max(most, attention_workspace_max(static_cast<int>(s.n_batch), static_cast<int>(s.n_head),
                                                         static_cast<int>(kv_heads), static_cast<int>(head_dim),
                                                         static_cast<int>(s.n_ctx)));
         return most;
       }},
      {R::Logits, "logits", [](const S& s) { return 4 * u(s.n_vocab) * (s.all_logits ? u(s.n_batch) : 1); }},
      {R::Argmax, "argmax",
       [](const S& s) { return s.n_vocab > 0 ? kScratchAlignment + argmax_workspace_bytes(s.n_vocab) : 0; }},
      {R::WeightF16, "f16 weight slice", [](const S& s) { return 2 * s.largest_matrix; }},
      {R::CublasWorkspace, "cuBLAS workspace", [](const S&) { return kCublasWorkspaceBytes; }},
      {R::TokenIo, "token ids and positions", [](const S& s) { return 8 * u(s.n_batch); }},
      {R::PartialSums, "received partial sums", [](const S& s) { return u(s.partial_sums) * f32_rows(s, s.n_embd); }},
      {R::MoeLogits, "router logits", [](const S& s) { return s.n_expert > 0 ? f32_rows(s, s.n_expert) : 0; }},
      {R::MoeIds, "chosen experts", [](const S& s) { return 4 * moe_rows(s); }},
      {R::MoeWeights, "expert weights", [](const S& s) { return 4 * moe_rows(s); }},
      {R::MoeGather, "rows by expert", [](const S& s) { return 4 * moe_rows(s); }},
      {R::MoeSlotRow, "row of each slot", [](const S& s) { return 4 * moe_rows(s); }},
      // The prefill's tiles {expert, first row, rows}, their count and the experts' offsets: at most
      // min(rows, n_expert) + rows / 32 + 1 tiles (cuda/kernels/moe.h moe_tile_capacity).
      {R::MoeTiles, "expert tiles",
       [](const S& s) { return s.n_expert > 0 ? 4 * (3 * moe_rows(s) + 4 * u(s.n_expert) + 16) : 0; }},
      {R::MoeIn, "expert inputs", [](const S& s) { return 4 * moe_rows(s) * u(s.n_embd); }},
      {R::MoeOut, "expert outputs", [](const S& s) { return 4 * moe_rows(s) * u(s.n_embd); }},
      {R::MoeGate, "expert gate", [](const S& s) { return 4 * moe_rows(s) * u(expert_ff(s)); }},
      {R::MoeUp, "expert up", [](const S& s) { return 4 * moe_rows(s) * u(expert_ff(s)); }},
      // The q8 copies of the k expert activations a decode step multiplies by the down experts.
      {R::MoeQ8, "expert q8 activations",
       [](const S& s) {
         if (s.n_expert == 0) return uint64_t{0};
         const int64_t w = std::max(s.n_embd, expert_ff(s));
         return std::max(2 * u(s.n_expert_used) * u(w),
                         q8_activations_bytes(static_cast<int64_t>(round32(w)), s.n_expert_used));
       }},
      {R::DeltaProjected, "recurrent q|k|v rows", [](const S& s) { return f32_rows(s, s.delta_channels); }},
      {R::DeltaConvolved, "recurrent convolved rows", [](const S& s) { return f32_rows(s, s.delta_channels); }},
      {R::DeltaZ, "recurrent output gate", [](const S& s) { return f32_rows(s, s.delta_value_dim); }},
      {R::DeltaGateLogits, "recurrent gate logits", [](const S& s) { return f32_rows(s, 2 * s.delta_v_heads); }},
      {R::DeltaGates, "recurrent gates", [](const S& s) { return f32_rows(s, 2 * s.delta_v_heads); }},
      {R::DeltaOutput, "recurrent output", [](const S& s) { return f32_rows(s, s.delta_value_dim); }},
      {R::LatentQueryRank, "latent low-rank queries", [](const S& s) { return latent_rows(s, s.latent_q_rank); }},
      {R::LatentQuery, "latent queries",
       [](const S& s) { return latent_rows(s, s.n_head * (s.latent_nope + s.latent_rope)); }},
      {R::LatentKv, "latent rows", [](const S& s) { return latent_rows(s, latent_width(s)); }},
      {R::LatentAbsorbed, "absorbed queries", [](const S& s) { return latent_rows(s, s.n_head * latent_width(s)); }},
      {R::LatentAttended, "attended latents", [](const S& s) { return latent_rows(s, s.n_head * s.latent_rank); }},
      {R::LatentHeads, "latent head values", [](const S& s) { return latent_rows(s, s.n_head * s.latent_v_head); }},
      {R::LatentHeadIds, "latent head ids",
       [](const S& s) { return latent(s) ? 4 * u(latent_decode_vectors(s)) : 0; }},
      // The matvec quantizes whole 32-value blocks of each head's q_n (N) or attended latent (Lk).
      {R::LatentQ8, "latent q8 inputs",
       [](const S& s) {
         if (!latent(s)) return uint64_t{0};
         const int64_t w = static_cast<int64_t>(round32(std::max(s.latent_nope, s.latent_rank)));
         return q8_activations_bytes(w, static_cast<int>(latent_decode_vectors(s)));
       }},
      {R::PerLayerInputs, "per-layer inputs", [](const S& s) { return f32_rows(s, s.per_layer_inputs); }},
      {R::PerLayerProjection, "per-layer projection",
       [](const S& s) { return s.computes_per_layer_inputs ? f32_rows(s, s.per_layer_inputs) : 0; }},
      {R::PerLayerGate, "per-layer gate", [](const S& s) { return f32_rows(s, s.per_layer_width); }},
  }};
  return table;
}

ScratchLayout layout_scratch(const ScratchShape& shape) {
  ScratchLayout layout;
  uint64_t at = 0;
  for (const ScratchRegionInfo& info : scratch_region_table()) {
    PlacedRegion& r = layout.regions[static_cast<size_t>(info.region)];
    r.region = info.region;
    r.bytes = info.bytes(shape);
    if (r.bytes == 0) continue;
    r.offset = at;
    at = (at + r.bytes + kScratchAlignment - 1) / kScratchAlignment * kScratchAlignment;
  }
  layout.total = at;
  return layout;
}

}  // namespace tessera
