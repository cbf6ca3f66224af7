// An independent float64 implementation of the Llama-family equations (model_spec.h), written
// from the definitions without any of the engine's code: no KV cache (every position recomputed),
// its own RoPE and llama3 factors. Weights are the file's tensors, dequantized with
// dequantize_row (so quantized models are compared on exactly the weights they hold).
#pragma once

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

// Rotary divisors per pair, as the model's description says (llama3 formula re-derived here).
inline std::vector<double> reference_rope_divisors(const RandomModelConfig& c, const gguf::GgufFile& f) {
  const int64_t half = c.rot() / 2;
  std::vector<double> div(static_cast<size_t>(half), 1.0);
  if (c.scaling == RopeScalingKind::Linear) {
    for (auto& v : div) v = c.scaling_factor;
  } else if (c.scaling == RopeScalingKind::RopeFreqsTensor) {
    div = load_vector(f, "rope_freqs.weight");
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

// Logits for every position of `tokens`: [position][n_vocab].
inline std::vector<std::vector<double>> reference_logits(const RandomModelConfig& c, const gguf::GgufFile& f,
                                                         const std::vector<int32_t>& tokens) {
  const int64_t d = c.n_embd, hd = c.head_dim(), nh = c.n_head, nkv = c.n_head_kv, rot = c.rot();
  const size_t T = tokens.size();
  const bool neox = c.arch == "qwen2";
  const std::vector<double> div = reference_rope_divisors(c, f);
  auto rope = [&](double* x, size_t pos) {
    for (int64_t i = 0; i < rot / 2; ++i) {
      const double theta = static_cast<double>(pos) * std::pow(c.rope_base, -2.0 * static_cast<double>(i) / static_cast<double>(rot)) /
                           div[static_cast<size_t>(i)];
      const int64_t i0 = neox ? i : 2 * i, i1 = neox ? i + rot / 2 : 2 * i + 1;
      const double a = x[i0], b = x[i1];
      x[i0] = a * std::cos(theta) - b * std::sin(theta);
      x[i1] = a * std::sin(theta) + b * std::cos(theta);
    }
  };

  Matrix embd = load_matrix(f, "token_embd.weight");
  std::vector<std::vector<double>> x(T);
  for (size_t t = 0; t < T; ++t) x[t] = embd[static_cast<size_t>(tokens[t])];

  for (int64_t l = 0; l < c.n_layer; ++l) {
    const std::string p = "blk." + std::to_string(l) + ".";
    const auto attn_norm = load_vector(f, p + "attn_norm.weight");
    const Matrix wq = load_matrix(f, p + "attn_q.weight"), wk = load_matrix(f, p + "attn_k.weight"),
                 wv = load_matrix(f, p + "attn_v.weight"), wo = load_matrix(f, p + "attn_output.weight");
    std::vector<double> bq, bk, bv;
    if (c.qkv_bias) {
      bq = load_vector(f, p + "attn_q.bias");
      bk = load_vector(f, p + "attn_k.bias");
      bv = load_vector(f, p + "attn_v.bias");
    }
    std::vector<std::vector<double>> q(T), k(T), v(T);
    for (size_t t = 0; t < T; ++t) {
      const auto h = rms_norm_ref(x[t], attn_norm, c.rms_eps);
      q[t] = mat_vec(wq, h);
      k[t] = mat_vec(wk, h);
      v[t] = mat_vec(wv, h);
      for (size_t i = 0; i < bq.size(); ++i) q[t][i] += bq[i];
      for (size_t i = 0; i < bk.size(); ++i) k[t][i] += bk[i];
      for (size_t i = 0; i < bv.size(); ++i) v[t][i] += bv[i];
      for (int64_t hh = 0; hh < nh; ++hh) rope(&q[t][static_cast<size_t>(hh * hd)], t);
      for (int64_t hh = 0; hh < nkv; ++hh) rope(&k[t][static_cast<size_t>(hh * hd)], t);
    }
    for (size_t t = 0; t < T; ++t) {
      std::vector<double> att(static_cast<size_t>(nh * hd), 0.0);
      for (int64_t hh = 0; hh < nh; ++hh) {
        const int64_t g = hh / (nh / nkv);
        std::vector<double> s(t + 1);
        double mx = -1e300;
        for (size_t j = 0; j <= t; ++j) {
          double dot = 0;
          for (int64_t i = 0; i < hd; ++i) dot += q[t][static_cast<size_t>(hh * hd + i)] * k[j][static_cast<size_t>(g * hd + i)];
          s[j] = dot / std::sqrt(static_cast<double>(hd));
          mx = std::max(mx, s[j]);
        }
        double sum = 0;
        for (auto& e : s) sum += (e = std::exp(e - mx));
        for (size_t j = 0; j <= t; ++j)
          for (int64_t i = 0; i < hd; ++i)
            att[static_cast<size_t>(hh * hd + i)] += s[j] / sum * v[j][static_cast<size_t>(g * hd + i)];
      }
      const auto o = mat_vec(wo, att);
      for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
    }
    const auto ffn_norm = load_vector(f, p + "ffn_norm.weight");
    const Matrix wg = load_matrix(f, p + "ffn_gate.weight"), wu = load_matrix(f, p + "ffn_up.weight"),
                 wd = load_matrix(f, p + "ffn_down.weight");
    for (size_t t = 0; t < T; ++t) {
      const auto h = rms_norm_ref(x[t], ffn_norm, c.rms_eps);
      auto g = mat_vec(wg, h);
      const auto u = mat_vec(wu, h);
      for (size_t i = 0; i < g.size(); ++i) g[i] = g[i] / (1.0 + std::exp(-g[i])) * u[i];
      const auto o = mat_vec(wd, g);
      for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
    }
  }
  const auto out_norm = load_vector(f, "output_norm.weight");
  const Matrix out = load_matrix(f, c.tied ? "token_embd.weight" : "output.weight");
  std::vector<std::vector<double>> logits(T);
  for (size_t t = 0; t < T; ++t) logits[t] = mat_vec(out, rms_norm_ref(x[t], out_norm, c.rms_eps));
  return logits;
}

}  // namespace tessera::test
