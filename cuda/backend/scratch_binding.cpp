#include "backend/scratch_binding.h"

namespace tessera::cuda {

void bind_scratch(DeviceState& d) {
  const DevicePlacement& place = *d.place;
  uint8_t* const base = d.scratch_arena.as<uint8_t>();
  auto at = [&](ScratchRegion r) -> uint8_t* {
    const PlacedRegion& p = place.scratch[r];
    return p.bytes > 0 ? base + p.offset : nullptr;
  };
  auto bytes = [&](ScratchRegion r) { return static_cast<size_t>(place.scratch[r].bytes); };
  auto f32 = [&](ScratchRegion r) { return reinterpret_cast<float*>(at(r)); };
  auto i32 = [&](ScratchRegion r) { return reinterpret_cast<int32_t*>(at(r)); };
  using R = ScratchRegion;
  Scratch& s = d.s;
  s = Scratch{};
  s.x = f32(R::Residual);
  s.xb = f32(R::Normed);
  s.xb2 = f32(R::BlockOutput);
  // Gated attention: q, then the heads' gates, then k and v (split_query_gate leaves them so).
  const int64_t query_width = place.scratch_shape.attention_output_gate ? 2 * place.q_dim : place.q_dim;
  s.qkv_stride = query_width + 2 * place.kv_dim;
  s.q = f32(R::Qkv);
  if (s.q != nullptr) {
    s.k = s.q + query_width;
    s.v = s.k + place.kv_dim;
    if (place.scratch_shape.attention_output_gate) s.q_gate = s.q + place.q_dim;
  }
  s.att = f32(R::AttentionOutput);
  s.gate = f32(R::Gate);
  s.up = f32(R::Up);
  s.in = at(R::MatmulInput);
  s.in_bytes = bytes(R::MatmulInput);
  s.attn_ws = at(R::AttentionWorkspace);
  s.attn_ws_bytes = bytes(R::AttentionWorkspace);
  s.logits = f32(R::Logits);
  s.w_f16 = reinterpret_cast<uint16_t*>(at(R::WeightF16));
  s.w_f16_bytes = bytes(R::WeightF16);
  if (uint8_t* argmax = at(R::Argmax)) {  // the result, then the workspace after the first alignment unit
    s.argmax_out = reinterpret_cast<int32_t*>(argmax);
    s.argmax_ws = argmax + kScratchAlignment;
    s.argmax_ws_bytes = bytes(R::Argmax) - kScratchAlignment;
  }
  s.io = i32(R::TokenIo);
  s.recv = f32(R::PartialSums);
  s.moe_logits = f32(R::MoeLogits);
  s.moe_ids = i32(R::MoeIds);
  s.moe_weights = f32(R::MoeWeights);
  s.moe_gather = i32(R::MoeGather);
  s.moe_slot_row = i32(R::MoeSlotRow);
  s.moe_tiles = i32(R::MoeTiles);
  s.moe_tiles_ints = bytes(R::MoeTiles) / 4;
  s.moe_in = f32(R::MoeIn);
  s.moe_out = f32(R::MoeOut);
  s.moe_gate = f32(R::MoeGate);
  s.moe_up = f32(R::MoeUp);
  s.moe_q8 = at(R::MoeQ8);
  s.dn_proj = f32(R::DeltaProjected);
  s.dn_conv = f32(R::DeltaConvolved);
  s.dn_z = f32(R::DeltaZ);
  s.dn_logits = f32(R::DeltaGateLogits);
  s.dn_gates = f32(R::DeltaGates);
  s.dn_out = f32(R::DeltaOutput);
  s.latent_qa = f32(R::LatentQueryRank);
  s.latent_q = f32(R::LatentQuery);
  s.latent_kv = f32(R::LatentKv);
  s.latent_absorbed = f32(R::LatentAbsorbed);
  s.latent_attended = f32(R::LatentAttended);
  s.latent_heads = f32(R::LatentHeads);
  s.latent_head_ids = i32(R::LatentHeadIds);
  s.latent_head_ids_count = bytes(R::LatentHeadIds) / 4;
  s.latent_q8 = at(R::LatentQ8);
  s.ple = f32(R::PerLayerInputs);
  s.ple_proj = f32(R::PerLayerProjection);
  s.ple_gate = f32(R::PerLayerGate);
}

}  // namespace tessera::cuda
