// An independent float64 implementation of the forward pass of every supported architecture
// (Llama family, Qwen3 and Qwen3-MoE, Gemma 2/3, Phi-3, Mixtral, gpt-oss, Qwen3.5/3.6 and
// Qwen3-Next), written from the definitions without any of the engine's code: no KV cache (every
// position recomputed), its own RoPE, llama3 and YaRN factors, attention sinks, gpt-oss's clamped
// SwiGLU, and the Gated DeltaNet recurrence token by token from a zero state (transformers'
// torch_recurrent_gated_delta_rule, with the GGUF conventions of llama.cpp's converter: norm
// gains stored as 1 + w, A stored as -exp(A_log), Qwen3.5's value heads in tiled order). Weights are the file's tensors, dequantized with
// dequantize_row (so quantized models are compared on exactly the weights they hold).
#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/model/random_model.h"
#include "gguf/gguf_file.h"
#include "quant/dequantize.h"

namespace tessera::test {

using Matrix = std::vector<std::vector<double>>;  // [row][column]

inline Matrix load_matrix(const gguf::GgufFile& f, const std::string& name) {
  const gguf::TensorInfo* t = f.find_tensor(name);
  EXPECT_NE(t, nullptr) << name;
  if (t == nullptr) return {};
  const int64_t cols = t->dim(0), rows = t->rows();
  auto data = f.tensor_data(*t);
  const uint64_t rb = data.size() / static_cast<uint64_t>(rows);
  Matrix m(static_cast<size_t>(rows), std::vector<double>(static_cast<size_t>(cols)));
  std::vector<float> tmp(static_cast<size_t>(cols));
  for (int64_t r = 0; r < rows; ++r) {
    auto st = dequantize_row(t->type, data.data() + static_cast<uint64_t>(r) * rb, tmp.data(), cols);
    EXPECT_TRUE(st.ok()) << name;
    for (int64_t c = 0; c < cols; ++c) m[static_cast<size_t>(r)][static_cast<size_t>(c)] = tmp[static_cast<size_t>(c)];
  }
  return m;
}

inline std::vector<double> load_vector(const gguf::GgufFile& f, const std::string& name) {
  Matrix m = load_matrix(f, name);
  return m.empty() ? std::vector<double>{} : m[0];
}

inline std::vector<double> mat_vec(const Matrix& w, const std::vector<double>& x) {
  std::vector<double> y(w.size(), 0.0);
  for (size_t r = 0; r < w.size(); ++r)
    for (size_t c = 0; c < x.size(); ++c) y[r] += w[r][c] * x[c];
  return y;
}

inline std::vector<double> rms_norm_ref(const std::vector<double>& x, const std::vector<double>& w, double eps) {
  double ss = 0;
  for (double v : x) ss += v * v;
  const double s = 1.0 / std::sqrt(ss / static_cast<double>(x.size()) + eps);
  std::vector<double> y(x.size());
  for (size_t i = 0; i < x.size(); ++i) y[i] = x[i] * s * w[i];
  return y;
}

// YaRN's divisor of pair i and its cos/sin factor, from the YaRN paper's definitions (ramp between
// the pairs that turn beta_fast and beta_slow times over the original context; llama.cpp's
// floor/ceil of the band edges).
inline double yarn_divisor_ref(const RandomModelConfig& c, int64_t i) {
  const double n = static_cast<double>(c.rot());
  // The pair that completes `turns` rotations over the original context: L / (2 pi base^(2d/n)) = turns.
  auto dim_of = [&](double turns) { return n * std::log(c.original_ctx / (2 * std::numbers::pi * turns)) / (2 * std::log(c.rope_base)); };
  const double lo = std::max(0.0, std::floor(dim_of(c.yarn_beta_fast)));
  const double hi = std::min(n - 1, std::ceil(dim_of(c.yarn_beta_slow)));
  const double t = std::clamp((static_cast<double>(i) - lo) / std::max(hi - lo, 0.001), 0.0, 1.0);
  // t = 0: original frequency (extrapolated), t = 1: divided by the factor (interpolated).
  const double freq_factor = (1 - t) + t / c.scaling_factor;
  return 1.0 / freq_factor;
}
inline double yarn_magnitude_ref(const RandomModelConfig& c) {
  return c.scaling_factor > 1 ? 0.1 * std::log(c.scaling_factor) + 1.0 : 1.0;
}

// Rotary divisors per pair, as the model's description says (llama3 formula re-derived here).
inline std::vector<double> reference_rope_divisors(const RandomModelConfig& c, const gguf::GgufFile& f) {
  const int64_t half = c.rot() / 2;
  std::vector<double> div(static_cast<size_t>(half), 1.0);
  if (c.scaling == RopeScalingKind::Linear) {
    for (auto& v : div) v = c.scaling_factor;
  } else if (c.scaling == RopeScalingKind::RopeFreqsTensor) {
    div = load_vector(f, "rope_freqs.weight");
  } else if (c.scaling == RopeScalingKind::Yarn) {
    for (int64_t i = 0; i < half; ++i) div[static_cast<size_t>(i)] = yarn_divisor_ref(c, i);
  } else if (c.scaling == RopeScalingKind::Llama3Metadata) {
    for (int64_t i = 0; i < half; ++i) {
      const double freq = std::pow(c.rope_base, -2.0 * static_cast<double>(i) / static_cast<double>(c.rot()));
      const double wavelen = 2 * std::numbers::pi / freq;
      const double lo = c.original_ctx / c.low_freq_factor, hi = c.original_ctx / c.high_freq_factor;
      double r;
      if (wavelen < hi) r = 1.0;
      else if (wavelen > lo) r = c.scaling_factor;
      else {
        const double smooth = (c.original_ctx / wavelen - c.low_freq_factor) / (c.high_freq_factor - c.low_freq_factor);
        r = 1.0 / ((1 - smooth) / c.scaling_factor + smooth);
      }
      div[static_cast<size_t>(i)] = r;
    }
  }
  return div;
}

// The block choices of each architecture, written down here from the models' definitions
// (Hugging Face modelling code and the GGUF conventions), not taken from the engine's table.
struct ReferenceArch {
  bool neox = false;        // rotate pairs (i, i + rot/2) instead of (2i, 2i+1)
  bool qk_norm = false;     // per-head RMS norm of q and k before RoPE
  bool post_norms = false;  // an RMS norm on the attention and FFN outputs before the residual add
  bool gelu = false;        // GeGLU (gelu-tanh) instead of SwiGLU
  bool scale_embd = false;  // embeddings times sqrt(n_embd)
  bool fused = false;       // phi3: one attn_qkv matrix, one ffn_up holding gate then up
  int sliding_period = 0;   // layer l slides when l % period < period - 1 (with a window)
  bool gpt_oss = false;     // attention sinks, biases on attn_output, router and experts, clamped
                            // SwiGLU, the FFN norm stored as post_attention_norm.weight
  bool hybrid = false;      // Qwen3.5/Qwen3-Next: Gated DeltaNet layers but every interval-th,
                            // output-gated attention, FFN norm stored as post_attention_norm.weight,
                            // a sigmoid-gated shared expert in MoE layers
  bool tiled_v_heads = false;  // value head e reads key head e % Hk (Qwen3.5), else e / (Hv / Hk)
  bool fused_ba = false;       // Qwen3-Next's ssm_ba: per key head, beta logits then decay logits
};

inline ReferenceArch reference_arch(const std::string& a) {
  ReferenceArch r;
  if (a == "qwen2") r.neox = true;
  if (a == "qwen3" || a == "qwen3moe") r.neox = r.qk_norm = true;
  if (a == "phi3") r.neox = r.fused = true;
  if (a == "gpt-oss") {
    r.neox = r.gpt_oss = true;
    r.sliding_period = 2;
  }
  if (a == "qwen35" || a == "qwen35moe" || a == "qwen3next") {
    r.neox = r.qk_norm = r.hybrid = true;
    r.tiled_v_heads = a != "qwen3next";
    r.fused_ba = a == "qwen3next";
  }
  if (a == "gemma2" || a == "gemma3") {
    r.neox = r.post_norms = r.gelu = r.scale_embd = true;
    r.qk_norm = a == "gemma3";
    r.sliding_period = a == "gemma2" ? 2 : 6;
  }
  return r;
}

inline Matrix rows_of(const Matrix& m, size_t first, size_t n) {
  return Matrix(m.begin() + static_cast<std::ptrdiff_t>(first), m.begin() + static_cast<std::ptrdiff_t>(first + n));
}

inline double softcap_ref(double x, double cap) { return cap > 0 ? cap * std::tanh(x / cap) : x; }

// gpt-oss's gated unit (Hugging Face GptOssExperts): the gate clamped from above at 7, the up
// projection to [-7, 7], gate * sigmoid(1.702 gate) * (up + 1).
inline double oai_glu_ref(double gate, double up) {
  const double g = std::min(gate, 7.0), u = std::max(-7.0, std::min(up, 7.0));
  return g / (1.0 + std::exp(-1.702 * g)) * (u + 1.0);
}

// Gated FFN of one token: act(gate·h + bg) * (up·h + bu), then down (+ bd); empty biases: none.
inline std::vector<double> glu_ffn_ref(const Matrix& wg, const Matrix& wu, const Matrix& wd, const std::vector<double>& h,
                                       bool gelu, bool oai = false, const double* bg = nullptr,
                                       const double* bu = nullptr, const double* bd = nullptr) {
  auto g = mat_vec(wg, h);
  auto u = mat_vec(wu, h);
  for (size_t i = 0; i < g.size(); ++i) {
    if (bg != nullptr) g[i] += bg[i];
    if (bu != nullptr) u[i] += bu[i];
    const double x = g[i];
    if (oai) {
      g[i] = oai_glu_ref(x, u[i]);
      continue;
    }
    const double a = gelu ? 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / std::numbers::pi) * (x + 0.044715 * x * x * x)))
                          : x / (1.0 + std::exp(-x));
    g[i] = a * u[i];
  }
  auto y = mat_vec(wd, g);
  if (bd != nullptr)
    for (size_t i = 0; i < y.size(); ++i) y[i] += bd[i];
  return y;
}

inline double sigmoid_ref(double x) { return 1.0 / (1.0 + std::exp(-x)); }
inline double silu_ref(double x) { return x * sigmoid_ref(x); }

// One Gated DeltaNet layer over every position (prefix `p` = "blk.N."), added to the residual x.
inline void delta_net_layer_ref(const RandomModelConfig& c, const ReferenceArch& arch, const gguf::GgufFile& f,
                                const std::string& p, std::vector<std::vector<double>>& x) {
  const size_t T = x.size();
  const int64_t Hk = c.linear_k_heads, Hv = c.linear_v_heads, dk = c.linear_head_dim, dv = c.linear_head_dim;
  const int64_t Kq = Hk * dk, Vd = Hv * dv, C = 2 * Kq + Vd, W = c.conv_kernel;
  const auto norm_in = load_vector(f, p + "attn_norm.weight");
  const Matrix wqkv = load_matrix(f, p + "attn_qkv.weight"), wz = load_matrix(f, p + "attn_gate.weight"),
               wout = load_matrix(f, p + "ssm_out.weight"), conv = load_matrix(f, p + "ssm_conv1d.weight");
  Matrix wb, wa;
  if (arch.fused_ba) {
    // Rows g 2r .. g 2r + r - 1: beta logits of value heads g r ..; the next r: their decay logits.
    const Matrix ba = load_matrix(f, p + "ssm_ba.weight");
    const int64_t r = Hv / Hk;
    for (int64_t e = 0; e < Hv; ++e) {
      wb.push_back(ba[static_cast<size_t>((e / r) * 2 * r + e % r)]);
      wa.push_back(ba[static_cast<size_t>((e / r) * 2 * r + r + e % r)]);
    }
  } else {
    wb = load_matrix(f, p + "ssm_beta.weight");
    wa = load_matrix(f, p + "ssm_alpha.weight");
  }
  const auto dt = load_vector(f, p + "ssm_dt.bias"), rate = load_vector(f, p + "ssm_a"),
             gain = load_vector(f, p + "ssm_norm.weight");
  // [head][k][v], zero before the first position.
  std::vector<double> S(static_cast<size_t>(Hv * dk * dv), 0.0);
  std::vector<std::vector<double>> u(T);  // the convolution's inputs
  for (size_t t = 0; t < T; ++t) {
    const auto h = rms_norm_ref(x[t], norm_in, c.rms_eps);
    u[t] = mat_vec(wqkv, h);
    const auto z = mat_vec(wz, h), b = mat_vec(wb, h), a = mat_vec(wa, h);
    std::vector<double> cv(static_cast<size_t>(C));
    for (int64_t i = 0; i < C; ++i) {
      double acc = 0;
      for (int64_t j = 0; j < W; ++j) {
        const int64_t src = static_cast<int64_t>(t) - (W - 1) + j;  // inputs before position 0 are zero
        if (src >= 0) acc += conv[static_cast<size_t>(i)][static_cast<size_t>(j)] * u[static_cast<size_t>(src)][static_cast<size_t>(i)];
      }
      cv[static_cast<size_t>(i)] = silu_ref(acc);
    }
    auto l2 = [](double* v, int64_t n) {
      double ss = 0;
      for (int64_t i = 0; i < n; ++i) ss += v[i] * v[i];
      const double s = 1.0 / std::sqrt(ss + 1e-6);
      for (int64_t i = 0; i < n; ++i) v[i] *= s;
    };
    for (int64_t hh = 0; hh < Hk; ++hh) {
      l2(&cv[static_cast<size_t>(hh * dk)], dk);
      l2(&cv[static_cast<size_t>(Kq + hh * dk)], dk);
    }
    std::vector<double> o(static_cast<size_t>(Vd));
    for (int64_t e = 0; e < Hv; ++e) {
      const int64_t kh = arch.tiled_v_heads ? e % Hk : e / (Hv / Hk);
      const double* q = &cv[static_cast<size_t>(kh * dk)];
      const double* k = &cv[static_cast<size_t>(Kq + kh * dk)];
      const double* v = &cv[static_cast<size_t>(2 * Kq + e * dv)];
      const double beta = sigmoid_ref(b[static_cast<size_t>(e)]);
      const double ae = a[static_cast<size_t>(e)] + dt[static_cast<size_t>(e)];
      const double g = rate[static_cast<size_t>(e)] * (ae > 30 ? ae : std::log1p(std::exp(ae)));
      double* Se = &S[static_cast<size_t>(e * dk * dv)];
      for (int64_t i = 0; i < dk * dv; ++i) Se[i] *= std::exp(g);
      for (int64_t j = 0; j < dv; ++j) {
        double kv = 0;
        for (int64_t i = 0; i < dk; ++i) kv += Se[i * dv + j] * k[i];
        const double delta = beta * (v[j] - kv);
        for (int64_t i = 0; i < dk; ++i) Se[i * dv + j] += k[i] * delta;
      }
      std::vector<double> oe(static_cast<size_t>(dv), 0.0);
      for (int64_t j = 0; j < dv; ++j)
        for (int64_t i = 0; i < dk; ++i) oe[static_cast<size_t>(j)] += Se[i * dv + j] * q[i] / std::sqrt(static_cast<double>(dk));
      oe = rms_norm_ref(oe, gain, c.rms_eps);
      for (int64_t j = 0; j < dv; ++j)
        o[static_cast<size_t>(e * dv + j)] = oe[static_cast<size_t>(j)] * silu_ref(z[static_cast<size_t>(e * dv + j)]);
    }
    const auto out = mat_vec(wout, o);
    for (size_t i = 0; i < out.size(); ++i) x[t][i] += out[i];
  }
}

// Logits for every position of `tokens`: [position][n_vocab].
inline std::vector<std::vector<double>> reference_logits(const RandomModelConfig& c, const gguf::GgufFile& f,
                                                         const std::vector<int32_t>& tokens) {
  const ReferenceArch arch = reference_arch(c.arch);
  const int64_t d = c.n_embd, hd = c.head_dim(), nh = c.n_head, nkv = c.n_head_kv, rot = c.rot();
  const size_t T = tokens.size();
  const std::vector<double> div = reference_rope_divisors(c, f);
  const double magnitude = c.scaling == RopeScalingKind::Yarn ? yarn_magnitude_ref(c) : 1.0;
  auto rope = [&](double* x, size_t pos, double base) {
    for (int64_t i = 0; i < rot / 2; ++i) {
      const double theta = static_cast<double>(pos) * std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(rot)) /
                           div[static_cast<size_t>(i)];
      const int64_t i0 = arch.neox ? i : 2 * i, i1 = arch.neox ? i + rot / 2 : 2 * i + 1;
      const double a = x[i0], b = x[i1];
      const double cs = magnitude * std::cos(theta), sn = magnitude * std::sin(theta);
      x[i0] = a * cs - b * sn;
      x[i1] = a * sn + b * cs;
    }
  };
  auto head_norm = [&](std::vector<double>& v, int64_t heads, const std::vector<double>& w) {
    for (int64_t hh = 0; hh < heads; ++hh) {
      std::vector<double> part(v.begin() + hh * hd, v.begin() + (hh + 1) * hd);
      part = rms_norm_ref(part, w, c.rms_eps);
      std::copy(part.begin(), part.end(), v.begin() + hh * hd);
    }
  };

  Matrix embd = load_matrix(f, "token_embd.weight");
  std::vector<std::vector<double>> x(T);
  for (size_t t = 0; t < T; ++t) {
    x[t] = embd[static_cast<size_t>(tokens[t])];
    if (arch.scale_embd)
      for (double& v : x[t]) v *= std::sqrt(static_cast<double>(d));
  }

  for (int64_t l = 0; l < c.n_layer; ++l) {
    const std::string p = "blk." + std::to_string(l) + ".";
    const bool recurrent = arch.hybrid && (l + 1) % c.full_attention_interval != 0;
    if (recurrent) delta_net_layer_ref(c, arch, f, p, x);
    const bool sliding = c.sliding_window > 0 && arch.sliding_period > 0 && l % arch.sliding_period < arch.sliding_period - 1;
    const double base = sliding && c.rope_base_swa > 0 ? c.rope_base_swa : c.rope_base;
    std::vector<double> post_attn, post_ffn;
    if (arch.post_norms) {
      post_attn = load_vector(f, p + "post_attention_norm.weight");
      post_ffn = load_vector(f, p + "post_ffw_norm.weight");
    }
    if (!recurrent) {
      const auto attn_norm = load_vector(f, p + "attn_norm.weight");
      Matrix wq, wk, wv;
      if (arch.fused) {
        const Matrix qkv = load_matrix(f, p + "attn_qkv.weight");
        wq = rows_of(qkv, 0, static_cast<size_t>(nh * hd));
        wk = rows_of(qkv, static_cast<size_t>(nh * hd), static_cast<size_t>(nkv * hd));
        wv = rows_of(qkv, static_cast<size_t>((nh + nkv) * hd), static_cast<size_t>(nkv * hd));
      } else {
        wq = load_matrix(f, p + "attn_q.weight");
        wk = load_matrix(f, p + "attn_k.weight");
        wv = load_matrix(f, p + "attn_v.weight");
      }
      const Matrix wo = load_matrix(f, p + "attn_output.weight");
      std::vector<double> bq, bk, bv, q_norm, k_norm, bo, sinks;
      if (arch.gpt_oss) {
        bo = load_vector(f, p + "attn_output.bias");
        sinks = load_vector(f, p + "attn_sinks.weight");
      }
      if (c.qkv_bias) {
        bq = load_vector(f, p + "attn_q.bias");
        bk = load_vector(f, p + "attn_k.bias");
        bv = load_vector(f, p + "attn_v.bias");
      }
      if (arch.qk_norm) {
        q_norm = load_vector(f, p + "attn_q_norm.weight");
        k_norm = load_vector(f, p + "attn_k_norm.weight");
      }
      std::vector<std::vector<double>> q(T), k(T), v(T), gate(T);
      for (size_t t = 0; t < T; ++t) {
        const auto h = rms_norm_ref(x[t], attn_norm, c.rms_eps);
        q[t] = mat_vec(wq, h);
        if (arch.hybrid) {
          // Per head: hd query values, then hd gate values.
          std::vector<double> qq, gg;
          for (int64_t hh = 0; hh < nh; ++hh) {
            qq.insert(qq.end(), q[t].begin() + 2 * hh * hd, q[t].begin() + (2 * hh + 1) * hd);
            gg.insert(gg.end(), q[t].begin() + (2 * hh + 1) * hd, q[t].begin() + (2 * hh + 2) * hd);
          }
          q[t] = qq;
          gate[t] = gg;
        }
        k[t] = mat_vec(wk, h);
        v[t] = mat_vec(wv, h);
        for (size_t i = 0; i < bq.size(); ++i) q[t][i] += bq[i];
        for (size_t i = 0; i < bk.size(); ++i) k[t][i] += bk[i];
        for (size_t i = 0; i < bv.size(); ++i) v[t][i] += bv[i];
        if (arch.qk_norm) {
          head_norm(q[t], nh, q_norm);
          head_norm(k[t], nkv, k_norm);
        }
        for (int64_t hh = 0; hh < nh; ++hh) rope(&q[t][static_cast<size_t>(hh * hd)], t, base);
        for (int64_t hh = 0; hh < nkv; ++hh) rope(&k[t][static_cast<size_t>(hh * hd)], t, base);
      }
      for (size_t t = 0; t < T; ++t) {
        std::vector<double> att(static_cast<size_t>(nh * hd), 0.0);
        const size_t first = sliding && t + 1 > static_cast<size_t>(c.sliding_window) ? t + 1 - static_cast<size_t>(c.sliding_window) : 0;
        for (int64_t hh = 0; hh < nh; ++hh) {
          const int64_t g = hh / (nh / nkv);
          std::vector<double> s(t + 1, 0.0);
          double mx = -1e300;
          for (size_t j = first; j <= t; ++j) {
            double dot = 0;
            for (int64_t i = 0; i < hd; ++i) dot += q[t][static_cast<size_t>(hh * hd + i)] * k[j][static_cast<size_t>(g * hd + i)];
            s[j] = softcap_ref(dot / std::sqrt(static_cast<double>(hd)), c.attn_softcap);
            mx = std::max(mx, s[j]);
          }
          // A sink joins the softmax's denominator as one more logit without a value.
          const double sink = sinks.empty() ? 0.0 : sinks[static_cast<size_t>(hh)];
          if (!sinks.empty()) mx = std::max(mx, sink);
          double sum = sinks.empty() ? 0.0 : std::exp(sink - mx);
          for (size_t j = first; j <= t; ++j) sum += (s[j] = std::exp(s[j] - mx));
          for (size_t j = first; j <= t; ++j)
            for (int64_t i = 0; i < hd; ++i)
              att[static_cast<size_t>(hh * hd + i)] += s[j] / sum * v[j][static_cast<size_t>(g * hd + i)];
        }
        if (arch.hybrid)
          for (size_t i = 0; i < att.size(); ++i) att[i] *= sigmoid_ref(gate[t][i]);
        auto o = mat_vec(wo, att);
        for (size_t i = 0; i < bo.size(); ++i) o[i] += bo[i];
        if (arch.post_norms) o = rms_norm_ref(o, post_attn, c.rms_eps);
        for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
      }
    }
    const auto ffn_norm =
        load_vector(f, p + (arch.gpt_oss || arch.hybrid ? "post_attention_norm.weight" : "ffn_norm.weight"));
    const size_t F = static_cast<size_t>(c.n_ff);
    if (c.n_expert > 0) {
      // Softmax router over all experts, the top n_expert_used, their weights renormalised to sum 1.
      const Matrix router = load_matrix(f, p + "ffn_gate_inp.weight");
      const Matrix eg = load_matrix(f, p + "ffn_gate_exps.weight"), eu = load_matrix(f, p + "ffn_up_exps.weight"),
                   ed = load_matrix(f, p + "ffn_down_exps.weight");
      std::vector<double> br, bg, bu, bd;
      if (arch.gpt_oss) {
        br = load_vector(f, p + "ffn_gate_inp.bias");
        // [F, X] / [E, X] tensors: X rows of one expert's biases each.
        for (const char* n : {"ffn_gate_exps.bias", "ffn_up_exps.bias", "ffn_down_exps.bias"}) {
          std::vector<double>& dst = n[4] == 'g' ? bg : n[4] == 'u' ? bu : bd;
          for (const auto& row : load_matrix(f, p + n)) dst.insert(dst.end(), row.begin(), row.end());
        }
      }
      for (size_t t = 0; t < T; ++t) {
        const auto h = rms_norm_ref(x[t], ffn_norm, c.rms_eps);
        auto logits = mat_vec(router, h);
        for (size_t e = 0; e < br.size(); ++e) logits[e] += br[e];
        const double mx = *std::max_element(logits.begin(), logits.end());
        std::vector<size_t> order(logits.size());
        for (size_t e = 0; e < order.size(); ++e) order[e] = e;
        std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return logits[a] > logits[b]; });
        double wsum = 0;
        for (int32_t k2 = 0; k2 < c.n_expert_used; ++k2) wsum += std::exp(logits[order[static_cast<size_t>(k2)]] - mx);
        for (int32_t k2 = 0; k2 < c.n_expert_used; ++k2) {
          const size_t e = order[static_cast<size_t>(k2)];
          const double w = std::exp(logits[e] - mx) / wsum;
          const auto o = glu_ffn_ref(rows_of(eg, e * F, F), rows_of(eu, e * F, F), rows_of(ed, e * static_cast<size_t>(d), static_cast<size_t>(d)),
                                     h, arch.gelu, arch.gpt_oss, bg.empty() ? nullptr : &bg[e * F],
                                     bu.empty() ? nullptr : &bu[e * F], bd.empty() ? nullptr : &bd[e * static_cast<size_t>(d)]);
          for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += w * o[static_cast<size_t>(i)];
        }
        if (arch.hybrid) {
          // The shared expert, scaled by sigmoid(ffn_gate_inp_shexp . h).
          const auto o = glu_ffn_ref(load_matrix(f, p + "ffn_gate_shexp.weight"), load_matrix(f, p + "ffn_up_shexp.weight"),
                                     load_matrix(f, p + "ffn_down_shexp.weight"), h, false);
          const auto gl = load_vector(f, p + "ffn_gate_inp_shexp.weight");
          double s = 0;
          for (int64_t i = 0; i < d; ++i) s += gl[static_cast<size_t>(i)] * h[static_cast<size_t>(i)];
          for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += sigmoid_ref(s) * o[static_cast<size_t>(i)];
        }
      }
      continue;
    }
    Matrix wg, wu;
    if (arch.fused) {
      const Matrix gu = load_matrix(f, p + "ffn_up.weight");
      wg = rows_of(gu, 0, F);
      wu = rows_of(gu, F, F);
    } else {
      wg = load_matrix(f, p + "ffn_gate.weight");
      wu = load_matrix(f, p + "ffn_up.weight");
    }
    const Matrix wd = load_matrix(f, p + "ffn_down.weight");
    for (size_t t = 0; t < T; ++t) {
      auto o = glu_ffn_ref(wg, wu, wd, rms_norm_ref(x[t], ffn_norm, c.rms_eps), arch.gelu);
      if (arch.post_norms) o = rms_norm_ref(o, post_ffn, c.rms_eps);
      for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
    }
  }
  const auto out_norm = load_vector(f, "output_norm.weight");
  const Matrix out = load_matrix(f, c.tied ? "token_embd.weight" : "output.weight");
  std::vector<std::vector<double>> logits(T);
  for (size_t t = 0; t < T; ++t) {
    logits[t] = mat_vec(out, rms_norm_ref(x[t], out_norm, c.rms_eps));
    for (double& v : logits[t]) v = softcap_ref(v, c.final_softcap);
  }
  return logits;
}

}  // namespace tessera::test
