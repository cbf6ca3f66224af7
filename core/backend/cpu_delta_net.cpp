#include "backend/cpu_delta_net.h"

#include <algorithm>

#include "backend/cpu_kernels.h"

namespace tessera::cpu {

float softplus(float x) {
  return x > 20.0f ? x : std::log1p(std::exp(x));
}

void causal_conv1d(float* x, int64_t n_tok, int64_t stride, int64_t channels, const float* w, int32_t width,
                   float* state, int64_t state_stride, bool silu) {
  const int32_t hist = width - 1;
  float window[64];  // the last `width` inputs of one channel, the oldest first (width <= 64: hparams_io)
  for (int64_t c = 0; c < channels; ++c) {
    const float* wc = w + c * width;
    for (int32_t j = 0; j < hist; ++j) window[j] = state[j * state_stride + c];
    for (int64_t t = 0; t < n_tok; ++t) {
      float* xt = x + t * stride + c;
      window[hist] = *xt;
      float acc = 0.0f;
      for (int32_t j = 0; j < width; ++j) acc += wc[j] * window[j];
      *xt = silu ? acc / (1.0f + std::exp(-acc)) : acc;
      for (int32_t j = 0; j < hist; ++j) window[j] = window[j + 1];
    }
    for (int32_t j = 0; j < hist; ++j) state[j * state_stride + c] = window[j];
  }
}

void l2_normalize(float* x, int64_t n, float eps) {
  float ss = 0.0f;
  for (int64_t i = 0; i < n; ++i) ss += x[i] * x[i];
  const float s = 1.0f / std::sqrt(ss + eps);
  for (int64_t i = 0; i < n; ++i) x[i] *= s;
}

void gated_rms_norm(float* x, const float* w, const float* z, int64_t n, float eps) {
  rms_norm(x, w, x, n, eps);
  for (int64_t i = 0; i < n; ++i) x[i] *= z[i] / (1.0f + std::exp(-z[i]));
}

namespace {

// y[j] += a * x[j]
inline void axpy(float* y, const float* x, float a, int64_t n) {
  for (int64_t j = 0; j < n; ++j) y[j] += a * x[j];
}

// out[j] = sum_i vec[i] S[i][j] (S^T vec) for S of dk x dv.
inline void transpose_times(const float* S, const float* vec, int64_t dk, int64_t dv, float* out) {
  std::fill(out, out + dv, 0.0f);
  for (int64_t i = 0; i < dk; ++i) axpy(out, S + i * dv, vec[i], dv);
}

}  // namespace

void delta_rule_recurrent(float* S, int64_t dk, int64_t dv, int64_t n, const DeltaRuleHead& h, float* u) {
  for (int64_t t = 0; t < n; ++t) {
    const float* q = h.q + t * h.q_stride;
    const float* k = h.k + t * h.k_stride;
    const float* v = h.v + t * h.v_stride;
    const float decay = std::exp(h.g[t * h.gb_stride]);
    const float beta = h.beta[t * h.gb_stride];
    for (int64_t i = 0; i < dk * dv; ++i) S[i] *= decay;
    transpose_times(S, k, dk, dv, u);  // S^T k
    for (int64_t j = 0; j < dv; ++j) u[j] = beta * (v[j] - u[j]);
    for (int64_t i = 0; i < dk; ++i) axpy(S + i * dv, u, k[i], dv);
    transpose_times(S, q, dk, dv, h.out + t * h.out_stride);
  }
}

int64_t delta_rule_chunk_work_floats(int64_t chunk, int64_t dk, int64_t dv) {
  return chunk * chunk + chunk * dv + chunk * dk + chunk + dv;
}

void delta_rule_chunked(float* S, int64_t dk, int64_t dv, int64_t n, const DeltaRuleHead& h, int64_t chunk,
                        float* work) {
  float* A = work;               // chunk x chunk: A[i][j], j < i
  float* U = A + chunk * chunk;  // chunk x dv: U, then Vn
  float* W = U + chunk * dv;     // chunk x dk
  float* G = W + chunk * dk;     // chunk: cumulative decay logs
  float* tmp = G + chunk;        // dv
  for (int64_t t0 = 0; t0 < n; t0 += chunk) {
    const int64_t m = std::min(chunk, n - t0);
    auto q = [&](int64_t i) { return h.q + (t0 + i) * h.q_stride; };
    auto k = [&](int64_t i) { return h.k + (t0 + i) * h.k_stride; };
    auto v = [&](int64_t i) { return h.v + (t0 + i) * h.v_stride; };
    auto beta = [&](int64_t i) { return h.beta[(t0 + i) * h.gb_stride]; };
    float acc = 0.0f;
    for (int64_t i = 0; i < m; ++i) G[i] = acc += h.g[(t0 + i) * h.gb_stride];
    // The unit lower-triangular system and its two right-hand sides, solved by forward substitution.
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < i; ++j) A[i * chunk + j] = beta(i) * dot_f32(k(i), k(j), dk) * std::exp(G[i] - G[j]);
      float* Ui = U + i * dv;
      float* Wi = W + i * dk;
      const float bi = beta(i), bgi = beta(i) * std::exp(G[i]);
      for (int64_t c = 0; c < dv; ++c) Ui[c] = bi * v(i)[c];
      for (int64_t c = 0; c < dk; ++c) Wi[c] = bgi * k(i)[c];
      for (int64_t j = 0; j < i; ++j) {
        axpy(Ui, U + j * dv, -A[i * chunk + j], dv);
        axpy(Wi, W + j * dk, -A[i * chunk + j], dk);
      }
    }
    // Vn = U - W S0 (in place in U).
    for (int64_t i = 0; i < m; ++i) {
      transpose_times(S, W + i * dk, dk, dv, tmp);
      for (int64_t c = 0; c < dv; ++c) U[i * dv + c] -= tmp[c];
    }
    // Outputs: the old state's read, decayed, plus the chunk's own causal part.
    for (int64_t i = 0; i < m; ++i) {
      float* o = h.out + (t0 + i) * h.out_stride;
      transpose_times(S, q(i), dk, dv, o);
      const float gi = std::exp(G[i]);
      for (int64_t c = 0; c < dv; ++c) o[c] *= gi;
      for (int64_t j = 0; j <= i; ++j) axpy(o, U + j * dv, dot_f32(q(i), k(j), dk) * std::exp(G[i] - G[j]), dv);
    }
    // The state after the chunk.
    const float last = G[m - 1];
    const float decay = std::exp(last);
    for (int64_t i = 0; i < dk * dv; ++i) S[i] *= decay;
    for (int64_t j = 0; j < m; ++j) {
      const float wj = std::exp(last - G[j]);
      const float* kj = k(j);
      for (int64_t a = 0; a < dk; ++a) axpy(S + a * dv, U + j * dv, wj * kj[a], dv);
    }
  }
}

}  // namespace tessera::cpu
