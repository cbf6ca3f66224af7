// delta_rule_sequential (delta_rule.h): one warp per column j of a head's state, token by token.
// Column j of S evolves on its own (u_j needs only S[:, j] . k), so a warp holds it in registers,
// lane l rows l, l + 32, ... (dk = 16: lanes 16..31 hold none); per token two warp reductions (S^T k and S^T q). The next token's
// inputs are loaded while the current one is computed. The reference path for prompts, and the
// fallback where delta_rule_chunked does not run.
#include "cuda_check.h"
#include "kernels/delta_rule.h"
#include "kernels/launch.cuh"
#include "kernels/warp_reduce.cuh"

namespace tessera::cuda {
namespace {

constexpr int kWarps = 4;  // columns per CTA

template <int DK>
__global__ void __launch_bounds__(kWarps * 32) sequential_kernel(DeltaRuleArgs a) {
  constexpr int RPL = DK >= 32 ? DK / 32 : 1;  // rows per lane
  constexpr bool kPartial = DK < 32;            // lanes past dk hold no row
  pdl_wait();
  const int lane = static_cast<int>(threadIdx.x & 31);
  const int col = static_cast<int>(blockIdx.x) * kWarps + static_cast<int>(threadIdx.x >> 5);
  const int e = static_cast<int>(blockIdx.y);
  const int dv = a.heads.dv;
  if (col >= dv) return;
  const int64_t key_dim = a.heads.key_dim();
  const int kh = delta_key_head(a.heads, e);
  const float* q0 = a.qkv + static_cast<int64_t>(kh) * DK;
  const float* k0 = q0 + key_dim;
  const float* v0 = a.qkv + 2 * key_dim + static_cast<int64_t>(e) * dv + col;
  float* S = a.state + static_cast<int64_t>(e) * DK * dv + col;
  const bool rows = !kPartial || lane < DK;
  float s[RPL];
#pragma unroll
  for (int r = 0; r < RPL; ++r) s[r] = rows ? S[static_cast<int64_t>(lane + 32 * r) * dv] : 0.0f;

  // Token t's inputs; `next` is loaded one token ahead.
  struct Inputs {
    float k[RPL], q[RPL], v, g, beta;
  };
  auto load = [&](int t, Inputs& in) {
    const int64_t off = static_cast<int64_t>(t) * a.qkv_stride;
#pragma unroll
    for (int r = 0; r < RPL; ++r) {
      in.k[r] = rows ? k0[off + lane + 32 * r] : 0.0f;
      in.q[r] = rows ? q0[off + lane + 32 * r] : 0.0f;
    }
    in.v = v0[off];
    in.g = a.g[static_cast<int64_t>(t) * a.gate_stride + e];
    in.beta = a.beta[static_cast<int64_t>(t) * a.gate_stride + e];
  };
  Inputs cur;
  load(0, cur);
  for (int t = 0; t < a.n_tok; ++t) {
    Inputs next = cur;
    if (t + 1 < a.n_tok) load(t + 1, next);
    const float decay = expf(cur.g);
    float kv = 0.0f;
#pragma unroll
    for (int r = 0; r < RPL; ++r) {
      s[r] *= decay;
      kv += s[r] * cur.k[r];
    }
    const float u = cur.beta * (cur.v - warp_sum(kv));
    float o = 0.0f;
#pragma unroll
    for (int r = 0; r < RPL; ++r) {
      s[r] += cur.k[r] * u;
      o += s[r] * cur.q[r];
    }
    o = warp_sum(o);
    if (lane == 0) a.out[static_cast<int64_t>(t) * a.out_stride + static_cast<int64_t>(e) * dv + col] = o;
    cur = next;
  }
  if (rows)
#pragma unroll
    for (int r = 0; r < RPL; ++r) S[static_cast<int64_t>(lane + 32 * r) * dv] = s[r];
}

}  // namespace

Status delta_rule_sequential(const DeltaRuleArgs& a, cudaStream_t stream) {
  if (a.n_tok <= 0) return {};
  TESSERA_TRY(check_delta_net_heads(a.heads));
  const dim3 grid(static_cast<unsigned>((a.heads.dv + kWarps - 1) / kWarps), static_cast<unsigned>(a.heads.n_v_heads));
  const dim3 block(kWarps * 32);
  cudaError_t err = cudaErrorInvalidValue;
  switch (a.heads.dk) {
    case 16: err = launch_kernel(sequential_kernel<16>, grid, block, 0, stream, a); break;
    case 32: err = launch_kernel(sequential_kernel<32>, grid, block, 0, stream, a); break;
    case 64: err = launch_kernel(sequential_kernel<64>, grid, block, 0, stream, a); break;
    case 128: err = launch_kernel(sequential_kernel<128>, grid, block, 0, stream, a); break;
    default: break;
  }
  return check_launch(err, "delta_rule_sequential");
}

}  // namespace tessera::cuda
