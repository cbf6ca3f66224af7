// The gated delta rule of a Gated DeltaNet layer on the GPU (model_spec.h's equations; the CPU
// reference is core/backend/cpu_delta_net.h, which the tests compare these with):
//   per value head e and token t:  S_e = exp(g) S_e;  S_e += k (beta (v - S_e^T k))^T;  o = S_e^T q
// with q, k the key head delta_key_head(e) of the token's convolved row (already L2-normalised, q
// scaled by 1/sqrt(dk): delta_net_conv.h) and v its value head e. S_e is dk x dv f32, row-major by
// key index (delta_net_shape.h). Every kernel reads the layer's state once and writes it once per
// call, whatever the number of tokens.
//
// Three forms:
//   delta_rule_decode      a few tokens (decode: one): the gates from their logits, the update and
//                          the gated RMS norm of the output, fused in one kernel (one CTA per head).
//   delta_rule_sequential  a prompt, token by token: one warp per state column (the reference path,
//                          and the fallback where the chunked kernel does not apply).
//   delta_rule_chunked     a prompt in chunks of kDeltaChunk tokens, the products of a chunk on the
//                          tensor cores (TF32) (cpu::delta_rule_chunked's equations); head sizes
//                          of 32 and up.
// The prompt forms take the gates precomputed (delta_net_gates.h) and leave the output un-normed
// (gated_norm.h follows).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"
#include "kernels/delta_net_shape.h"

namespace tessera::cuda {

// Token t's convolved row at qkv + t * qkv_stride (q | k | v, delta_net_shape.h); head e's output
// (dv floats) at out + t * out_stride + e * dv.
struct DeltaRuleArgs {
  DeltaNetHeads heads;
  int n_tok = 0;
  const float* qkv = nullptr;
  int64_t qkv_stride = 0;
  const float* g = nullptr;     // [t * gate_stride + e]: the decay log (< 0)
  const float* beta = nullptr;  // [t * gate_stride + e]
  int64_t gate_stride = 0;
  float* state = nullptr;  // [Hv][dk][dv]
  float* out = nullptr;
  int64_t out_stride = 0;
};

Status delta_rule_sequential(const DeltaRuleArgs& a, cudaStream_t stream);

// The chunk length of delta_rule_chunked (the CPU backend's kDeltaRuleChunk).
inline constexpr int kDeltaChunk = 64;
// The dynamic shared memory one CTA of delta_rule_chunked uses (for dk = 128 about 150 KiB: the
// kernel runs only where the device offers that much per block; delta_rule_chunked says so).
size_t delta_rule_chunked_shared_bytes(int dk);
// Whether delta_rule_chunked takes these heads: dk and dv of 32 and up (its tiles).
bool delta_rule_chunked_supports(const DeltaNetHeads& h);
Status delta_rule_chunked(const DeltaRuleArgs& a, cudaStream_t stream);

// The decode form: gates from the logit rows (delta_net_gates.cuh's layout, `ba_group` per group),
// then the update, then out_e = rms_norm(o_e) * norm_w * silu(z_e) (z_e: dv floats at z + t *
// z_stride + e * dv; norm_w: dv floats). Tokens run in order inside one launch, so it serves any
// n_tok, but its parallelism is one CTA per head: meant for decode steps.
struct DeltaDecodeArgs {
  DeltaNetHeads heads;
  int n_tok = 0;
  const float* qkv = nullptr;
  int64_t qkv_stride = 0;
  const float* ba = nullptr;
  int64_t ba_stride = 0;
  int ba_group = 0;
  const float* rate = nullptr;     // ssm_a: Hv floats
  const float* dt_bias = nullptr;  // Hv floats
  float* state = nullptr;
  const float* z = nullptr;
  int64_t z_stride = 0;
  const float* norm_w = nullptr;
  float eps = 1e-6f;
  float* out = nullptr;
  int64_t out_stride = 0;
};

Status delta_rule_decode(const DeltaDecodeArgs& a, cudaStream_t stream);

}  // namespace tessera::cuda
