// The router choices beyond Mixtral's softmax top-k (model_spec.h's router equations, RouterParams):
// sigmoid gating, a per-expert selection bias, group-limited choice, a routed scaling factor,
// unnormalised weights and the choice on the raw logits (DeepSeek-V3, GLM-4.x, Kimi-K2, Llama 4).
// The plain router stays moe_route (moe.h). The reference is tessera::cpu::route_token
// (core/backend/cpu_router.h): the same f32 logits give the same experts, in the same order.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"

namespace tessera::cuda {

// The limits of moe_route_choices: a warp holds a token's experts in registers (16 per lane), lane
// j keeps choice j, and lane g group g's score.
inline constexpr int kMaxChoiceExperts = 512;
inline constexpr int kMaxChoiceExpertsUsed = 32;
inline constexpr int kMaxRouterGroups = 32;

struct MoeRouting {
  bool sigmoid = false;                // p = sigmoid(r) per expert, else the softmax of every logit
  const float* select_bias = nullptr;  // device, n_expert values: the choice reads p + bias; null: p
  bool select_on_logits = false;       // the choice reads r itself (Llama 4); select_bias unused
  int n_group = 0;                     // > 1: n_group equal groups of experts,
  int n_group_used = 0;                //      only the n_group_used best searched
  bool normalize = true;               // the chosen p divided by max(their sum, 6.1e-5)
  float scale = 1.0f;                  // then times this (routed_scaling_factor)
};

// For token t < n_tokens (logits row t at logits + t * ld, n_expert values): the k experts with the
// largest choice values c (ties toward the lower expert), in decreasing order: ids[t * k + j]; their
// weights p_e (normalised and scaled as `routing` says): weights[t * k + j]. Groups: a group's score
// is the sum of its two largest c; only the experts of the n_group_used best groups (ties toward the
// lower group) are chosen from. Every id is in [0, n_expert) whatever the logits hold.
// InvalidArgument beyond the limits above, for k > n_expert, or groups that do not divide the
// experts or leave fewer than k of them.
Status moe_route_choices(const float* logits, int64_t ld, int n_tokens, int n_expert, int k, const MoeRouting& routing,
                         int32_t* ids, float* weights, cudaStream_t stream);

}  // namespace tessera::cuda
