// The pieces of a Gated DeltaNet layer (model_spec.h's equations) in float32, for the CPU backend's
// block and as the reference the CUDA kernels are tested against. Each says exactly what it
// computes; tests/core/backend/cpu_delta_net_test.cpp checks them against float64 loops.
//
// Layouts: activations are rows of one token (a stride apart); a head's delta-rule state S is dk x dv
// floats, row-major by key index (S[i][j] at i * dv + j), so S^T k and the rank-one update run
// along contiguous rows.
#pragma once

#include <cmath>
#include <cstdint>

namespace tessera::cpu {

inline float sigmoid(float x) {
  return 1.0f / (1.0f + std::exp(-x));
}
// log(1 + exp(x)), without overflow for large x.
float softplus(float x);

// Depthwise causal convolution over n_tok tokens of `channels` values (token t at x + t * stride),
// in place: x_t[c] = sum_{j < width} w[c * width + j] * u_{t - width + 1 + j}[c], where u are the
// inputs and u_{-1}, u_{-2}, ... come from `state` (width - 1 rows, the oldest first, row j's
// channel c at state[j * state_stride + c]). Afterwards `state` holds the last width - 1 inputs
// (from x and the old state). With silu, each output is passed through silu(a) = a / (1 + exp(-a)).
// width <= 64.
void causal_conv1d(float* x, int64_t n_tok, int64_t stride, int64_t channels, const float* w, int32_t width,
                   float* state, int64_t state_stride, bool silu);

// x /= sqrt(sum(x^2) + eps) (the L2 normalisation of Gated DeltaNet's q and k).
void l2_normalize(float* x, int64_t n, float eps);

// x[i] = x[i] / sqrt(mean(x^2) + eps) * w[i] * silu(z[i]) (the gated RMS norm of the output).
void gated_rms_norm(float* x, const float* w, const float* z, int64_t n, float eps);

// One head's inputs for n tokens: token t's q, k (dk values), v (dv values) at q + t * q_stride, ...;
// its decay log g_t (< 0) and beta_t at g[t * gb_stride], beta[t * gb_stride]; its output o_t (dv
// values) goes to out + t * out_stride.
struct DeltaRuleHead {
  const float* q = nullptr;
  const float* k = nullptr;
  const float* v = nullptr;
  int64_t q_stride = 0, k_stride = 0, v_stride = 0;
  const float* g = nullptr;
  const float* beta = nullptr;
  int64_t gb_stride = 1;
  float* out = nullptr;
  int64_t out_stride = 0;
};

// The gated delta rule token by token (decode):
//   S = exp(g_t) S;  S += k_t (beta_t (v_t - S^T k_t))^T;  o_t = S^T q_t.
// `work` holds dv floats.
void delta_rule_recurrent(float* state, int64_t dk, int64_t dv, int64_t n, const DeltaRuleHead& h, float* work);

// The same sequence of outputs and final state computed by chunks of `chunk` tokens, the form a
// GPU computes prompts in (a few matrix products per chunk instead of n dependent steps). Within a
// chunk starting from state S0, with G_i the cumulative sum of g up to token i:
//   A[i][j] = beta_i (k_i . k_j) exp(G_i - G_j) for j < i (unit lower-triangular system I + A);
//   U = (I + A)^-1 (beta v),  W = (I + A)^-1 (beta exp(G) k),  Vn = U - W S0;
//   o_i = exp(G_i) S0^T q_i + sum_{j <= i} (q_i . k_j) exp(G_i - G_j) Vn_j;
//   S = exp(G_last) S0 + sum_j exp(G_last - G_j) k_j Vn_j^T.
// `work` holds delta_rule_chunk_work_floats(chunk, dk, dv) floats.
void delta_rule_chunked(float* state, int64_t dk, int64_t dv, int64_t n, const DeltaRuleHead& h, int64_t chunk,
                        float* work);
int64_t delta_rule_chunk_work_floats(int64_t chunk, int64_t dk, int64_t dv);

// The chunk length the CPU backend computes prompts with (and the CUDA kernels will use).
constexpr int64_t kDeltaRuleChunk = 64;

}  // namespace tessera::cpu
