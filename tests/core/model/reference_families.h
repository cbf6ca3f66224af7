// The float64 forward passes of the 2026 families (issue 36), written from the models' definitions
// (transformers' Gemma4TextModel, Glm4MoeModel, DeepseekV3Model, Llama4TextModel) and the GGUF
// conventions of llama.cpp's converter, without any of the engine's code: every position
// recomputed, no cache. Included by reference_forward.h, whose reference_logits hands these
// architectures here; it shares that file's helpers (load_matrix, rms_norm_ref, glu_ffn_ref, ...).
//   gemma4: sliding and full layers with heads of their own size and rotation (proportional RoPE:
//     rope_freqs.weight's 1e30 divisors leave pairs unrotated), V = the raw K projection where a
//     layer has no attn_v, V normed without a gain, a query scale of 1, shared-KV layers reading the
//     last earlier layer of their kind (transformers' rule), per-layer embeddings, the 26B-A4B expert
//     branch beside the dense MLP, layer output scales, the final soft-cap;
//   glm4moe: partial NeoX RoPE, Q/K/V biases, optional QK-norm, leading dense layers, DeepSeek-V3's
//     sigmoid router with selection bias, groups and scaling (route_ref), shared experts;
//   deepseek2: latent attention decompressed (per-head K and V from the latent), adjacent-pair RoPE
//     of the shared rotated key, YaRN's mscale^2 in the scores, the same FFN as glm4moe;
//   llama4: rotary layers attending within chunks with weightless QK-norm after the rotation, every
//     fourth layer without RoPE attending in full with the attention temperature, dense and expert
//     layers interleaved, the router's sigmoid weight scaling the chosen expert's input, the shared
//     expert.
#pragma once

#include <limits>
#include <tuple>
#include <utility>

#include "core/model/reference_forward.h"

namespace tessera::test {

// The RoPE of one head, pairs (i, i + rot/2) (NeoX), angle pos * base^(-2i/rot) / divisor_i.
inline void rope_neox_ref(double* x, size_t pos, int64_t rot, double base, const std::vector<double>& divisors) {
  for (int64_t i = 0; i < rot / 2; ++i) {
    const double div = divisors.empty() ? 1.0 : divisors[static_cast<size_t>(i)];
    const double theta =
        static_cast<double>(pos) * std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(rot)) / div;
    const double a = x[i], b = x[i + rot / 2];
    x[i] = a * std::cos(theta) - b * std::sin(theta);
    x[i + rot / 2] = a * std::sin(theta) + b * std::cos(theta);
  }
}

inline double gelu_tanh_ref(double x) {
  return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / std::numbers::pi) * (x + 0.044715 * x * x * x)));
}

inline std::vector<double> weightless_rms_ref(const std::vector<double>& x, double eps) {
  return rms_norm_ref(x, std::vector<double>(x.size(), 1.0), eps);
}

// One attention head over keys/values of positions [first, t]: softmax(scale q.k) v.
inline void attend_head_ref(const double* q, const std::vector<std::vector<double>>& k,
                            const std::vector<std::vector<double>>& v, size_t t, size_t first, int64_t g, int64_t hd,
                            double scale, double* out) {
  std::vector<double> s(t + 1, 0.0);
  double mx = -1e300;
  for (size_t j = first; j <= t; ++j) {
    double dot = 0;
    for (int64_t i = 0; i < hd; ++i) dot += q[i] * k[j][static_cast<size_t>(g * hd + i)];
    s[j] = dot * scale;
    mx = std::max(mx, s[j]);
  }
  double sum = 0;
  for (size_t j = first; j <= t; ++j) sum += (s[j] = std::exp(s[j] - mx));
  for (size_t j = first; j <= t; ++j)
    for (int64_t i = 0; i < hd; ++i) out[i] += s[j] / sum * v[j][static_cast<size_t>(g * hd + i)];
}

inline std::vector<std::vector<double>> reference_logits_gemma4(const RandomModelConfig& c, const gguf::GgufFile& f,
                                                                const std::vector<int32_t>& tokens) {
  const int64_t d = c.n_embd, nh = c.n_head, L = c.n_layer;
  const size_t T = tokens.size();
  const double eps = c.rms_eps;
  std::vector<bool> sliding(static_cast<size_t>(L));
  for (int64_t l = 0; l < L; ++l)
    sliding[static_cast<size_t>(l)] = c.sliding_layers.empty() ? l % 6 < 5 : c.sliding_layers[static_cast<size_t>(l)];
  const std::vector<double> full_divisors = load_vector(f, "rope_freqs.weight");

  Matrix embd = load_matrix(f, "token_embd.weight");
  std::vector<std::vector<double>> x(T);
  for (size_t t = 0; t < T; ++t) {
    x[t] = embd[static_cast<size_t>(tokens[t])];
    for (double& v : x[t]) v *= std::sqrt(static_cast<double>(d));
  }
  // Per-layer embeddings: (norm(proj x / sqrt(d), gain)_l + sqrt(P) table[token]_l) / sqrt(2).
  const int64_t P = c.n_embd_per_layer;
  std::vector<std::vector<double>> ple(T);
  if (P > 0) {
    const Matrix proj = load_matrix(f, "per_layer_model_proj.weight"),
                 table = load_matrix(f, "per_layer_token_embd.weight");
    const auto gain = load_vector(f, "per_layer_proj_norm.weight");
    for (size_t t = 0; t < T; ++t) {
      auto pr = mat_vec(proj, x[t]);
      for (int64_t l = 0; l < L; ++l) {
        std::vector<double> part(pr.begin() + l * P, pr.begin() + (l + 1) * P);
        for (double& v : part) v /= std::sqrt(static_cast<double>(d));
        part = rms_norm_ref(part, gain, eps);
        for (int64_t i = 0; i < P; ++i)
          ple[t].push_back((part[static_cast<size_t>(i)] +
                            std::sqrt(static_cast<double>(P)) *
                                table[static_cast<size_t>(tokens[t])][static_cast<size_t>(l * P + i)]) /
                           std::sqrt(2.0));
      }
    }
  }

  std::vector<std::vector<std::vector<double>>> keys(static_cast<size_t>(L)), values(static_cast<size_t>(L));
  const int64_t first_shared = L - c.shared_kv_layers;
  for (int64_t l = 0; l < L; ++l) {
    const std::string p = "blk." + std::to_string(l) + ".";
    const bool sw = sliding[static_cast<size_t>(l)];
    const int64_t hd = sw && c.head_size_swa > 0 ? c.head_size_swa : c.head_dim();
    const int64_t nkv = !sw && c.n_head_kv_full > 0 ? c.n_head_kv_full : c.n_head_kv;
    const int64_t rot = sw ? (c.n_rot_swa > 0 ? c.n_rot_swa : hd) : hd;
    const double base = sw && c.rope_base_swa > 0 ? c.rope_base_swa : c.rope_base;
    const std::vector<double> none;
    const std::vector<double>& divisors = sw ? none : full_divisors;
    // The layer whose keys and values this one reads: its own, or the last earlier one of its kind.
    int64_t src = l;
    if (l >= first_shared)
      for (int64_t j = first_shared - 1; j >= 0; --j)
        if (sliding[static_cast<size_t>(j)] == sw) {
          src = j;
          break;
        }
    const auto attn_norm = load_vector(f, p + "attn_norm.weight");
    const auto q_norm = load_vector(f, p + "attn_q_norm.weight");
    const Matrix wq = load_matrix(f, p + "attn_q.weight"), wo = load_matrix(f, p + "attn_output.weight");
    std::vector<std::vector<double>> q(T);
    for (size_t t = 0; t < T; ++t) {
      const auto h = rms_norm_ref(x[t], attn_norm, eps);
      q[t] = mat_vec(wq, h);
      for (int64_t hh = 0; hh < nh; ++hh) {
        std::vector<double> part(q[t].begin() + hh * hd, q[t].begin() + (hh + 1) * hd);
        part = rms_norm_ref(part, q_norm, eps);
        rope_neox_ref(part.data(), t, rot, base, divisors);
        std::copy(part.begin(), part.end(), q[t].begin() + hh * hd);
      }
    }
    if (src == l) {
      const Matrix wk = load_matrix(f, p + "attn_k.weight");
      const bool has_v = f.find_tensor(p + "attn_v.weight") != nullptr;
      const Matrix wv = has_v ? load_matrix(f, p + "attn_v.weight") : Matrix{};
      const auto k_norm = load_vector(f, p + "attn_k_norm.weight");
      keys[static_cast<size_t>(l)].resize(T);
      values[static_cast<size_t>(l)].resize(T);
      for (size_t t = 0; t < T; ++t) {
        const auto h = rms_norm_ref(x[t], attn_norm, eps);
        auto k = mat_vec(wk, h);
        auto v = has_v ? mat_vec(wv, h) : k;  // the raw K projection is V
        for (int64_t g = 0; g < nkv; ++g) {
          std::vector<double> kp(k.begin() + g * hd, k.begin() + (g + 1) * hd),
              vp(v.begin() + g * hd, v.begin() + (g + 1) * hd);
          kp = rms_norm_ref(kp, k_norm, eps);
          rope_neox_ref(kp.data(), t, rot, base, divisors);
          vp = weightless_rms_ref(vp, eps);
          std::copy(kp.begin(), kp.end(), k.begin() + g * hd);
          std::copy(vp.begin(), vp.end(), v.begin() + g * hd);
        }
        keys[static_cast<size_t>(l)][t] = k;
        values[static_cast<size_t>(l)][t] = v;
      }
    }
    const auto& K = keys[static_cast<size_t>(src)];
    const auto& V = values[static_cast<size_t>(src)];
    const auto post_attn = load_vector(f, p + "post_attention_norm.weight");
    for (size_t t = 0; t < T; ++t) {
      std::vector<double> att(static_cast<size_t>(nh * hd), 0.0);
      const size_t first =
          sw && t + 1 > static_cast<size_t>(c.sliding_window) ? t + 1 - static_cast<size_t>(c.sliding_window) : 0;
      for (int64_t hh = 0; hh < nh; ++hh)
        attend_head_ref(&q[t][static_cast<size_t>(hh * hd)], K, V, t, first, hh / (nh / nkv), hd, 1.0,
                        &att[static_cast<size_t>(hh * hd)]);
      const auto o = rms_norm_ref(mat_vec(wo, att), post_attn, eps);
      for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
    }
    // Feed-forward: the dense MLP, and the expert branch beside it in MoE models.
    const auto ffn_norm = load_vector(f, p + "ffn_norm.weight"), post_ffn = load_vector(f, p + "post_ffw_norm.weight");
    const Matrix wg = load_matrix(f, p + "ffn_gate.weight"), wu = load_matrix(f, p + "ffn_up.weight"),
                 wd = load_matrix(f, p + "ffn_down.weight");
    const bool moe = c.n_expert > 0;
    Matrix router, gate_up, down;
    std::vector<double> router_scale, expert_scale, pre2, post1, post2;
    if (moe) {
      router = load_matrix(f, p + "ffn_gate_inp.weight");
      gate_up = load_matrix(f, p + "ffn_gate_up_exps.weight");
      down = load_matrix(f, p + "ffn_down_exps.weight");
      router_scale = load_vector(f, p + "ffn_gate_inp.scale");
      expert_scale = load_vector(f, p + "ffn_down_exps.scale");
      pre2 = load_vector(f, p + "pre_ffw_norm_2.weight");
      post1 = load_vector(f, p + "post_ffw_norm_1.weight");
      post2 = load_vector(f, p + "post_ffw_norm_2.weight");
    }
    const size_t F = static_cast<size_t>(c.n_ff);
    for (size_t t = 0; t < T; ++t) {
      auto o = glu_ffn_ref(wg, wu, wd, rms_norm_ref(x[t], ffn_norm, eps), true);
      if (moe) {
        o = rms_norm_ref(o, post1, eps);
        // The router reads norm(x) * scale / sqrt(d); softmax, top-k renormalised, per-expert scale.
        auto g = weightless_rms_ref(x[t], eps);
        for (int64_t i = 0; i < d; ++i)
          g[static_cast<size_t>(i)] *= router_scale[static_cast<size_t>(i)] / std::sqrt(static_cast<double>(d));
        const auto logits = mat_vec(router, g);
        std::vector<size_t> order(logits.size());
        for (size_t e = 0; e < order.size(); ++e) order[e] = e;
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return logits[a] > logits[b]; });
        const double mx = logits[order[0]];
        double wsum = 0;
        for (int32_t j = 0; j < c.n_expert_used; ++j) wsum += std::exp(logits[order[static_cast<size_t>(j)]] - mx);
        const auto he = rms_norm_ref(x[t], pre2, eps);
        std::vector<double> experts(static_cast<size_t>(d), 0.0);
        for (int32_t j = 0; j < c.n_expert_used; ++j) {
          const size_t e = order[static_cast<size_t>(j)];
          const double w = std::exp(logits[e] - mx) / wsum * expert_scale[e];
          const auto oe = glu_ffn_ref(rows_of(gate_up, 2 * e * F, F), rows_of(gate_up, (2 * e + 1) * F, F),
                                      rows_of(down, e * static_cast<size_t>(d), static_cast<size_t>(d)), he, true);
          for (int64_t i = 0; i < d; ++i) experts[static_cast<size_t>(i)] += w * oe[static_cast<size_t>(i)];
        }
        experts = rms_norm_ref(experts, post2, eps);
        for (int64_t i = 0; i < d; ++i) o[static_cast<size_t>(i)] += experts[static_cast<size_t>(i)];
      }
      o = rms_norm_ref(o, post_ffn, eps);
      for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
    }
    if (P > 0) {
      const Matrix gate = load_matrix(f, p + "inp_gate.weight"), proj = load_matrix(f, p + "proj.weight");
      const auto post = load_vector(f, p + "post_norm.weight");
      for (size_t t = 0; t < T; ++t) {
        auto gv = mat_vec(gate, x[t]);
        for (int64_t i = 0; i < P; ++i)
          gv[static_cast<size_t>(i)] =
              gelu_tanh_ref(gv[static_cast<size_t>(i)]) * ple[t][static_cast<size_t>(l * P + i)];
        const auto o = rms_norm_ref(mat_vec(proj, gv), post, eps);
        for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
      }
    }
    if (f.find_tensor(p + "layer_output_scale.weight") != nullptr) {
      const double s = load_vector(f, p + "layer_output_scale.weight")[0];
      for (auto& row : x)
        for (double& v : row) v *= s;
    }
  }
  const auto out_norm = load_vector(f, "output_norm.weight");
  const Matrix out = load_matrix(f, c.tied ? "token_embd.weight" : "output.weight");
  std::vector<std::vector<double>> logits(T);
  for (size_t t = 0; t < T; ++t) {
    logits[t] = mat_vec(out, rms_norm_ref(x[t], out_norm, eps));
    for (double& v : logits[t]) v = softcap_ref(v, c.final_softcap);
  }
  return logits;
}

// The router of DeepSeek-V3's Gate (its reference inference code; GLM-4.x routes the same way):
// scores = sigmoid or softmax of the logits; the choice adds the selection bias; with groups, a
// group's score is the sum of its two best and the other groups' experts are out (-inf); the
// chosen experts' unbiased scores, divided by their sum when normalising, times the scale.
// Llama 4 (select_on_logits): the top-k of the raw logits, each weighted by its sigmoid.
// Returns (expert, weight) pairs.
inline std::vector<std::pair<size_t, double>> route_ref(const std::vector<double>& logits,
                                                        const std::vector<double>& bias, const RouterParams& r,
                                                        int32_t k) {
  const size_t n = logits.size();
  std::vector<double> scores(n), choice(n);
  if (r.gating == ExpertGating::Softmax) {
    const double mx = *std::max_element(logits.begin(), logits.end());
    double sum = 0;
    for (size_t e = 0; e < n; ++e) sum += (scores[e] = std::exp(logits[e] - mx));
    for (double& v : scores) v /= sum;
  } else {
    for (size_t e = 0; e < n; ++e) scores[e] = sigmoid_ref(logits[e]);
  }
  for (size_t e = 0; e < n; ++e)
    choice[e] = r.select_on_logits ? logits[e] : scores[e] + (bias.empty() ? 0.0 : bias[e]);
  if (r.n_group > 1) {
    const size_t per = n / static_cast<size_t>(r.n_group);
    std::vector<std::pair<double, size_t>> groups;
    for (size_t g = 0; g < static_cast<size_t>(r.n_group); ++g) {
      std::vector<double> member(choice.begin() + static_cast<std::ptrdiff_t>(g * per),
                                 choice.begin() + static_cast<std::ptrdiff_t>((g + 1) * per));
      std::sort(member.rbegin(), member.rend());
      groups.push_back({member[0] + (per > 1 ? member[1] : 0.0), g});
    }
    std::stable_sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<bool> keep(static_cast<size_t>(r.n_group), false);
    for (int32_t i = 0; i < r.n_group_used; ++i) keep[groups[static_cast<size_t>(i)].second] = true;
    for (size_t e = 0; e < n; ++e)
      if (!keep[e / per]) choice[e] = -std::numeric_limits<double>::infinity();
  }
  std::vector<size_t> order(n);
  for (size_t e = 0; e < n; ++e) order[e] = e;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return choice[a] > choice[b]; });
  std::vector<std::pair<size_t, double>> out;
  double sum = 0;
  for (int32_t j = 0; j < k; ++j) {
    const size_t e = order[static_cast<size_t>(j)];
    const double w = r.select_on_logits ? sigmoid_ref(logits[e]) : scores[e];
    out.push_back({e, w});
    sum += w;
  }
  for (auto& [e, w] : out) w = (r.normalize ? w / sum : w) * r.scale;
  return out;
}

// The FFN of a DeepSeek-style layer (GLM-4.x, the DeepSeek-V3 family): x += the dense SwiGLU of
// the first leading_dense layers, else the routed experts (route_ref) plus n_shared_experts
// expert-wide shared experts (one SwiGLU of their summed width), all reading norm(x, ffn_norm).
inline void deepseek_style_ffn_ref(const RandomModelConfig& c, const gguf::GgufFile& f, int64_t l,
                                   const std::string& ffn_norm_name, std::vector<std::vector<double>>& x) {
  const std::string p = "blk." + std::to_string(l) + ".";
  const int64_t d = c.n_embd;
  const size_t T = x.size();
  const double eps = c.rms_eps;
  const auto ffn_norm = load_vector(f, p + ffn_norm_name);
  if (l < c.leading_dense) {
    const Matrix wg = load_matrix(f, p + "ffn_gate.weight"), wu = load_matrix(f, p + "ffn_up.weight"),
                 wd = load_matrix(f, p + "ffn_down.weight");
    for (size_t t = 0; t < T; ++t) {
      const auto o = glu_ffn_ref(wg, wu, wd, rms_norm_ref(x[t], ffn_norm, eps), false);
      for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
    }
    return;
  }
  const Matrix router = load_matrix(f, p + "ffn_gate_inp.weight"), eg = load_matrix(f, p + "ffn_gate_exps.weight"),
               eu = load_matrix(f, p + "ffn_up_exps.weight"), ed = load_matrix(f, p + "ffn_down_exps.weight");
  const auto bias = f.find_tensor(p + "exp_probs_b.bias") != nullptr ? load_vector(f, p + "exp_probs_b.bias")
                                                                     : std::vector<double>{};
  const bool shared = c.n_shared_experts > 0;
  const Matrix sg = shared ? load_matrix(f, p + "ffn_gate_shexp.weight") : Matrix{},
               su = shared ? load_matrix(f, p + "ffn_up_shexp.weight") : Matrix{},
               sd = shared ? load_matrix(f, p + "ffn_down_shexp.weight") : Matrix{};
  const size_t F = static_cast<size_t>(c.n_ff);
  for (size_t t = 0; t < T; ++t) {
    const auto h = rms_norm_ref(x[t], ffn_norm, eps);
    std::vector<double> o(static_cast<size_t>(d), 0.0);
    for (const auto& [e, w] : route_ref(mat_vec(router, h), bias, c.router, c.n_expert_used)) {
      const auto oe = glu_ffn_ref(rows_of(eg, e * F, F), rows_of(eu, e * F, F),
                                  rows_of(ed, e * static_cast<size_t>(d), static_cast<size_t>(d)), h, false);
      for (int64_t i = 0; i < d; ++i) o[static_cast<size_t>(i)] += w * oe[static_cast<size_t>(i)];
    }
    if (shared) {
      const auto os = glu_ffn_ref(sg, su, sd, h, false);
      for (int64_t i = 0; i < d; ++i) o[static_cast<size_t>(i)] += os[static_cast<size_t>(i)];
    }
    for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
  }
}

// GLM-4.x (Glm4MoeModel): NeoX RoPE over the first rot dims of each head, Q/K/V biases, optional
// QK-norm, 1/sqrt(head) scale; the first leading_dense layers' FFN dense, the others a sigmoid
// router with a selection bias, SwiGLU experts and count x expert-wide shared experts; the FFN
// norm is post_attention_norm.weight.
inline std::vector<std::vector<double>> reference_logits_glm4moe(const RandomModelConfig& c, const gguf::GgufFile& f,
                                                                 const std::vector<int32_t>& tokens) {
  const int64_t d = c.n_embd, nh = c.n_head, nkv = c.n_head_kv, hd = c.head_dim(), rot = c.rot();
  const size_t T = tokens.size();
  const double eps = c.rms_eps;
  Matrix embd = load_matrix(f, "token_embd.weight");
  std::vector<std::vector<double>> x(T);
  for (size_t t = 0; t < T; ++t) x[t] = embd[static_cast<size_t>(tokens[t])];
  for (int64_t l = 0; l < c.n_layer; ++l) {
    const std::string p = "blk." + std::to_string(l) + ".";
    const auto attn_norm = load_vector(f, p + "attn_norm.weight");
    const Matrix wq = load_matrix(f, p + "attn_q.weight"), wk = load_matrix(f, p + "attn_k.weight"),
                 wv = load_matrix(f, p + "attn_v.weight"), wo = load_matrix(f, p + "attn_output.weight");
    auto optional = [&](const std::string& name) {
      return f.find_tensor(p + name) != nullptr ? load_vector(f, p + name) : std::vector<double>{};
    };
    const auto bq = optional("attn_q.bias"), bk = optional("attn_k.bias"), bv = optional("attn_v.bias");
    const auto qn = optional("attn_q_norm.weight"), kn = optional("attn_k_norm.weight");
    std::vector<std::vector<double>> q(T), k(T), v(T);
    for (size_t t = 0; t < T; ++t) {
      const auto h = rms_norm_ref(x[t], attn_norm, eps);
      q[t] = mat_vec(wq, h);
      k[t] = mat_vec(wk, h);
      v[t] = mat_vec(wv, h);
      for (size_t i = 0; i < bq.size(); ++i) q[t][i] += bq[i];
      for (size_t i = 0; i < bk.size(); ++i) k[t][i] += bk[i];
      for (size_t i = 0; i < bv.size(); ++i) v[t][i] += bv[i];
      for (auto [vec, heads, gain] : {std::tuple{&q[t], nh, &qn}, std::tuple{&k[t], nkv, &kn}})
        for (int64_t hh = 0; hh < heads; ++hh) {
          std::vector<double> part(vec->begin() + hh * hd, vec->begin() + (hh + 1) * hd);
          if (!gain->empty()) part = rms_norm_ref(part, *gain, eps);
          rope_neox_ref(part.data(), t, rot, c.rope_base, {});
          std::copy(part.begin(), part.end(), vec->begin() + hh * hd);
        }
    }
    for (size_t t = 0; t < T; ++t) {
      std::vector<double> att(static_cast<size_t>(nh * hd), 0.0);
      for (int64_t hh = 0; hh < nh; ++hh)
        attend_head_ref(&q[t][static_cast<size_t>(hh * hd)], k, v, t, 0, hh / (nh / nkv), hd,
                        1.0 / std::sqrt(static_cast<double>(hd)), &att[static_cast<size_t>(hh * hd)]);
      const auto o = mat_vec(wo, att);
      for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
    }
    deepseek_style_ffn_ref(c, f, l, "post_attention_norm.weight", x);
  }
  const auto out_norm = load_vector(f, "output_norm.weight");
  const Matrix out = load_matrix(f, c.tied ? "token_embd.weight" : "output.weight");
  std::vector<std::vector<double>> logits(T);
  for (size_t t = 0; t < T; ++t) logits[t] = mat_vec(out, rms_norm_ref(x[t], out_norm, eps));
  return logits;
}

// The DeepSeek-V3 family (DeepseekV3Attention, written in its decompressed form from the file's
// absorbed tensors, so the engine's absorption is checked, not repeated): per head h,
//   q = AttnQB norm(AttnQA h) (or Wq h) = [q_n (N) | q_r (R)];  [c | k_r] = AttnKvA h, c = norm(c);
//   k_n = AttnKB_h^T c (N; AttnKB_h holds Lk rows of N), v = AttnVB_h c (Vh; Vh rows of Lk);
//   q_r, k_r rotated by adjacent pairs (transformers' interleaved RoPE: the same dot products);
//   scores = [q_n | q_r] . [k_n | k_r] mscale^2 / sqrt(N + R), mscale = 1 + 0.1 mscale_all_dim ln s
//   under YaRN (the file's yarn_log_multiplier is 0.1 mscale_all_dim; cos/sin keep magnitude 1).
// Then the DeepSeek-style FFN (ffn_norm.weight).
inline std::vector<std::vector<double>> reference_logits_deepseek2(const RandomModelConfig& c,
                                                                   const gguf::GgufFile& f,
                                                                   const std::vector<int32_t>& tokens) {
  const int64_t d = c.n_embd, H = c.n_head, N = c.qk_nope, R = c.rot(), Lk = c.kv_lora_rank, Vh = c.v_head;
  const size_t T = tokens.size();
  const double eps = c.rms_eps;
  std::vector<double> div(static_cast<size_t>(R / 2), 1.0);
  double scale = 1.0 / std::sqrt(static_cast<double>(N + R));
  if (c.scaling == RopeScalingKind::Yarn) {
    for (int64_t i = 0; i < R / 2; ++i) div[static_cast<size_t>(i)] = yarn_divisor_ref(c, i);
    const double mscale = 1.0 + c.yarn_log_multiplier * std::log(c.scaling_factor);
    scale *= mscale * mscale;
  }
  auto rope_pairs = [&](double* v, size_t pos) {
    for (int64_t i = 0; i < R / 2; ++i) {
      const double theta = static_cast<double>(pos) *
                           std::pow(c.rope_base, -2.0 * static_cast<double>(i) / static_cast<double>(R)) /
                           div[static_cast<size_t>(i)];
      const double a = v[2 * i], b = v[2 * i + 1];
      v[2 * i] = a * std::cos(theta) - b * std::sin(theta);
      v[2 * i + 1] = a * std::sin(theta) + b * std::cos(theta);
    }
  };
  Matrix embd = load_matrix(f, "token_embd.weight");
  std::vector<std::vector<double>> x(T);
  for (size_t t = 0; t < T; ++t) x[t] = embd[static_cast<size_t>(tokens[t])];
  for (int64_t l = 0; l < c.n_layer; ++l) {
    const std::string p = "blk." + std::to_string(l) + ".";
    const auto attn_norm = load_vector(f, p + "attn_norm.weight");
    const bool low_rank = c.q_lora_rank > 0;
    const Matrix wq = low_rank ? Matrix{} : load_matrix(f, p + "attn_q.weight");
    const Matrix wqa = low_rank ? load_matrix(f, p + "attn_q_a.weight") : Matrix{};
    const Matrix wqb = low_rank ? load_matrix(f, p + "attn_q_b.weight") : Matrix{};
    const auto qa_norm = low_rank ? load_vector(f, p + "attn_q_a_norm.weight") : std::vector<double>{};
    const Matrix wkva = load_matrix(f, p + "attn_kv_a_mqa.weight"), wkb = load_matrix(f, p + "attn_k_b.weight"),
                 wvb = load_matrix(f, p + "attn_v_b.weight"), wo = load_matrix(f, p + "attn_output.weight");
    const auto kva_norm = load_vector(f, p + "attn_kv_a_norm.weight");
    // q[t][h] = N + R values; k[t][h] = N + R; v[t][h] = Vh.
    std::vector<std::vector<std::vector<double>>> q(T), k(T), v(T);
    for (size_t t = 0; t < T; ++t) {
      const auto h = rms_norm_ref(x[t], attn_norm, eps);
      const auto qq = low_rank ? mat_vec(wqb, rms_norm_ref(mat_vec(wqa, h), qa_norm, eps)) : mat_vec(wq, h);
      auto kv = mat_vec(wkva, h);
      const auto latent = rms_norm_ref(std::vector<double>(kv.begin(), kv.begin() + Lk), kva_norm, eps);
      std::vector<double> k_r(kv.begin() + Lk, kv.end());
      rope_pairs(k_r.data(), t);
      for (int64_t hh = 0; hh < H; ++hh) {
        std::vector<double> qh(qq.begin() + hh * (N + R), qq.begin() + (hh + 1) * (N + R));
        rope_pairs(qh.data() + N, t);
        q[t].push_back(qh);
        std::vector<double> kh(static_cast<size_t>(N + R), 0.0), vh(static_cast<size_t>(Vh), 0.0);
        for (int64_t i = 0; i < Lk; ++i)
          for (int64_t n = 0; n < N; ++n)
            kh[static_cast<size_t>(n)] += wkb[static_cast<size_t>(hh * Lk + i)][static_cast<size_t>(n)] *
                                          latent[static_cast<size_t>(i)];
        std::copy(k_r.begin(), k_r.end(), kh.begin() + N);
        for (int64_t o = 0; o < Vh; ++o)
          for (int64_t i = 0; i < Lk; ++i)
            vh[static_cast<size_t>(o)] += wvb[static_cast<size_t>(hh * Vh + o)][static_cast<size_t>(i)] *
                                          latent[static_cast<size_t>(i)];
        k[t].push_back(kh);
        v[t].push_back(vh);
      }
    }
    for (size_t t = 0; t < T; ++t) {
      std::vector<double> att;
      for (int64_t hh = 0; hh < H; ++hh) {
        std::vector<double> s(t + 1);
        double mx = -1e300;
        for (size_t j = 0; j <= t; ++j) {
          double dot = 0;
          for (int64_t i = 0; i < N + R; ++i)
            dot += q[t][static_cast<size_t>(hh)][static_cast<size_t>(i)] * k[j][static_cast<size_t>(hh)][static_cast<size_t>(i)];
          mx = std::max(mx, s[j] = dot * scale);
        }
        double sum = 0;
        for (size_t j = 0; j <= t; ++j) sum += (s[j] = std::exp(s[j] - mx));
        std::vector<double> o(static_cast<size_t>(Vh), 0.0);
        for (size_t j = 0; j <= t; ++j)
          for (int64_t i = 0; i < Vh; ++i) o[static_cast<size_t>(i)] += s[j] / sum * v[j][static_cast<size_t>(hh)][static_cast<size_t>(i)];
        att.insert(att.end(), o.begin(), o.end());
      }
      const auto o = mat_vec(wo, att);
      for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
    }
    deepseek_style_ffn_ref(c, f, l, "ffn_norm.weight", x);
  }
  const auto out_norm = load_vector(f, "output_norm.weight");
  const Matrix out = load_matrix(f, c.tied ? "token_embd.weight" : "output.weight");
  std::vector<std::vector<double>> logits(T);
  for (size_t t = 0; t < T; ++t) logits[t] = mat_vec(out, rms_norm_ref(x[t], out_norm, eps));
  return logits;
}

// Llama 4 (transformers' Llama4TextModel, Llama4TextConfig's defaults where the file carries
// nothing): layer l is a NoPE layer when (l + 1) % 4 == 0 (no_rope_layer_interval), else it rotates
// adjacent pairs (transformers' complex rotation; the converter keeps q/k unpermuted) with the file's
// rope_freqs divisors, norms q and k per head as x / sqrt(mean(x^2) + eps) after the rotation
// (Llama4TextL2Norm; use_qk_norm, which llama.cpp drops for 128 experts) and attends only to keys of
// its own chunk of attention_chunk_size positions (the chunked attention mask). NoPE layers see
// every earlier position and scale q by log1p(floor((pos + 1) / floor_scale)) attn_scale + 1. The
// scores are scaled by 1/sqrt(head). Layer l has experts when (l + 1) % interleave_moe_layer_step ==
// 0 (Llama4TextMoe), else a dense SwiGLU (intermediate_size_mlp): the router's top-k logits, each
// chosen expert E_e run on sigmoid(logit_e) * h, plus the shared expert on h.
inline std::vector<std::vector<double>> reference_logits_llama4(const RandomModelConfig& c, const gguf::GgufFile& f,
                                                                const std::vector<int32_t>& tokens) {
  const int64_t d = c.n_embd, nh = c.n_head, nkv = c.n_head_kv, hd = c.head_dim();
  const size_t T = tokens.size();
  const double eps = c.rms_eps;
  const size_t chunk = static_cast<size_t>(c.attention_chunk > 0 ? c.attention_chunk : 8192);
  const double floor_scale = static_cast<double>(c.temperature_floor > 0 ? c.temperature_floor : 8192);
  const double attn_scale = c.temperature_floor > 0 ? c.temperature_scale : 0.1;
  const bool qk_norm = c.n_expert != 128;
  const std::vector<double> div = reference_rope_divisors(c, f);
  auto rope_pairs = [&](double* v, size_t pos) {
    for (int64_t i = 0; i < hd / 2; ++i) {
      const double theta = static_cast<double>(pos) *
                           std::pow(c.rope_base, -2.0 * static_cast<double>(i) / static_cast<double>(hd)) /
                           div[static_cast<size_t>(i)];
      const double a = v[2 * i], b = v[2 * i + 1];
      v[2 * i] = a * std::cos(theta) - b * std::sin(theta);
      v[2 * i + 1] = a * std::sin(theta) + b * std::cos(theta);
    }
  };
  Matrix embd = load_matrix(f, "token_embd.weight");
  std::vector<std::vector<double>> x(T);
  for (size_t t = 0; t < T; ++t) x[t] = embd[static_cast<size_t>(tokens[t])];
  for (int64_t l = 0; l < c.n_layer; ++l) {
    const std::string p = "blk." + std::to_string(l) + ".";
    const bool use_rope = (l + 1) % 4 != 0;
    const auto attn_norm = load_vector(f, p + "attn_norm.weight");
    const Matrix wq = load_matrix(f, p + "attn_q.weight"), wk = load_matrix(f, p + "attn_k.weight"),
                 wv = load_matrix(f, p + "attn_v.weight"), wo = load_matrix(f, p + "attn_output.weight");
    std::vector<std::vector<double>> q(T), k(T), v(T);
    for (size_t t = 0; t < T; ++t) {
      const auto h = rms_norm_ref(x[t], attn_norm, eps);
      q[t] = mat_vec(wq, h);
      k[t] = mat_vec(wk, h);
      v[t] = mat_vec(wv, h);
      for (auto [vec, heads] : {std::pair{&q[t], nh}, std::pair{&k[t], nkv}})
        for (int64_t hh = 0; hh < heads; ++hh) {
          std::vector<double> part(vec->begin() + hh * hd, vec->begin() + (hh + 1) * hd);
          if (use_rope) {
            rope_pairs(part.data(), t);
            if (qk_norm) part = weightless_rms_ref(part, eps);
          }
          std::copy(part.begin(), part.end(), vec->begin() + hh * hd);
        }
      if (!use_rope) {
        const double temperature =
            std::log1p(std::floor((static_cast<double>(t) + 1.0) / floor_scale)) * attn_scale + 1.0;
        for (double& qv : q[t]) qv *= temperature;
      }
    }
    for (size_t t = 0; t < T; ++t) {
      std::vector<double> att(static_cast<size_t>(nh * hd), 0.0);
      const size_t first = use_rope ? t / chunk * chunk : 0;
      for (int64_t hh = 0; hh < nh; ++hh)
        attend_head_ref(&q[t][static_cast<size_t>(hh * hd)], k, v, t, first, hh / (nh / nkv), hd,
                        1.0 / std::sqrt(static_cast<double>(hd)), &att[static_cast<size_t>(hh * hd)]);
      const auto o = mat_vec(wo, att);
      for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
    }
    const auto ffn_norm = load_vector(f, p + "ffn_norm.weight");
    const bool moe = c.moe_layer_step > 0 && (l + 1) % c.moe_layer_step == 0;
    if (!moe) {
      const Matrix wg = load_matrix(f, p + "ffn_gate.weight"), wu = load_matrix(f, p + "ffn_up.weight"),
                   wd = load_matrix(f, p + "ffn_down.weight");
      for (size_t t = 0; t < T; ++t) {
        const auto o = glu_ffn_ref(wg, wu, wd, rms_norm_ref(x[t], ffn_norm, eps), false);
        for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
      }
      continue;
    }
    const Matrix router = load_matrix(f, p + "ffn_gate_inp.weight"), eg = load_matrix(f, p + "ffn_gate_exps.weight"),
                 eu = load_matrix(f, p + "ffn_up_exps.weight"), ed = load_matrix(f, p + "ffn_down_exps.weight"),
                 sg = load_matrix(f, p + "ffn_gate_shexp.weight"), su = load_matrix(f, p + "ffn_up_shexp.weight"),
                 sd = load_matrix(f, p + "ffn_down_shexp.weight");
    const size_t F = static_cast<size_t>(c.n_ff);
    RouterParams top_k_of_logits;  // route_ref's Llama 4 rule: sigmoid weights, no normalisation
    top_k_of_logits.gating = ExpertGating::Sigmoid;
    top_k_of_logits.normalize = false;
    top_k_of_logits.select_on_logits = true;
    for (size_t t = 0; t < T; ++t) {
      const auto h = rms_norm_ref(x[t], ffn_norm, eps);
      auto o = glu_ffn_ref(sg, su, sd, h, false);
      for (const auto& [e, w] : route_ref(mat_vec(router, h), {}, top_k_of_logits, c.n_expert_used)) {
        std::vector<double> in = h;
        for (double& hv : in) hv *= w;
        const auto oe = glu_ffn_ref(rows_of(eg, e * F, F), rows_of(eu, e * F, F),
                                    rows_of(ed, e * static_cast<size_t>(d), static_cast<size_t>(d)), in, false);
        for (int64_t i = 0; i < d; ++i) o[static_cast<size_t>(i)] += oe[static_cast<size_t>(i)];
      }
      for (int64_t i = 0; i < d; ++i) x[t][static_cast<size_t>(i)] += o[static_cast<size_t>(i)];
    }
  }
  const auto out_norm = load_vector(f, "output_norm.weight");
  const Matrix out = load_matrix(f, c.tied ? "token_embd.weight" : "output.weight");
  std::vector<std::vector<double>> logits(T);
  for (size_t t = 0; t < T; ++t) logits[t] = mat_vec(out, rms_norm_ref(x[t], out_norm, eps));
  return logits;
}

inline std::vector<std::vector<double>> reference_logits_2026(const RandomModelConfig& c, const gguf::GgufFile& f,
                                                              const std::vector<int32_t>& tokens) {
  if (c.arch == "gemma4") return reference_logits_gemma4(c, f, tokens);
  if (c.arch == "llama4") return reference_logits_llama4(c, f, tokens);
  if (c.arch == "glm4moe") return reference_logits_glm4moe(c, f, tokens);
  if (c.arch == "deepseek2") return reference_logits_deepseek2(c, f, tokens);
  ADD_FAILURE() << "no float64 reference for " << c.arch;
  return {};
}

}  // namespace tessera::test
