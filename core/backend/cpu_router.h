// The router of a mixture-of-experts layer (model_spec.h's equations, RouterParams) in float32 for
// one token: the CPU backend's routing, and the reference the CUDA router kernels are tested against
// (tests/cuda/moe_router_checks.h).
#pragma once

#include <cstdint>
#include <vector>

#include "backend/model_spec.h"

namespace tessera::cpu {

// Work space of route_token, reused across tokens (sized on first use).
struct RouterScratch {
  std::vector<float> p, c, group_score;
  std::vector<int32_t> order, groups;
  std::vector<uint8_t> keep;
};

// One token's choice from its n_expert router logits r (bias added already):
//   p = softmax(r) or sigmoid(r) (rp.gating); c = r (rp.select_on_logits) or p + select_bias (none
//   when select_bias is null); rp.n_group > 1: only the experts of the rp.n_group_used groups with
//   the largest sum of their two best c stay in the running; the k largest c, ties toward the lower
//   expert, in decreasing order: ids[0..k); their weights p_e, divided by max(sum of the k p_e,
//   6.1e-5) when rp.normalize, times rp.scale: weights[0..k).
// k <= n_expert; with groups, n_expert % rp.n_group == 0 and enough experts in the searched groups
// (the loader checks both).
void route_token(const RouterParams& rp, const float* r, const float* select_bias, int32_t n_expert, int32_t k,
                 RouterScratch& scratch, int32_t* ids, float* weights);

}  // namespace tessera::cpu
