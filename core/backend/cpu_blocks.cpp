// The CPU backend's blocks of the layer loop: model_spec.h's equations in float32.
#include <algorithm>
#include <cmath>

#include "backend/cpu_delta_net.h"
#include "backend/cpu_kernels.h"
#include "backend/cpu_model.h"
#include "backend/cpu_router.h"
#include "quant/dequantize.h"
#include "quant/dot.h"

namespace tessera::cpu {
namespace {

// Rows [first, first + rows) of an expert tensor (an expert's matrix, or its gate or up half of a
// fused gate|up tensor), as a matrix of its own.
TensorRef expert_rows(const TensorRef& t, int64_t first, int64_t rows) {
  TensorRef m;
  m.name = t.name;
  m.type = t.type;
  m.dims = {t.row_length(), rows};
  const uint64_t rb = t.row_bytes();
  m.data = t.data.subspan(static_cast<size_t>(first) * rb, static_cast<size_t>(rows) * rb);
  return m;
}

// rows[i * width + c] += bias[e * width + c] for i < n: expert e's slice of a [width, n_expert]
// bias (nothing when the layer has none).
void add_expert_bias(float* rows, const std::vector<float>& bias, int32_t e, int64_t n, int64_t width) {
  if (bias.empty()) return;
  const float* b = bias.data() + static_cast<size_t>(e) * static_cast<size_t>(width);
  for (int64_t i = 0; i < n; ++i) add_inplace(rows + i * width, b, width);
}

}  // namespace

void CpuModel::matmul(const TensorRef& w, const float* x, int64_t n_tok, int64_t x_stride, float* y, int64_t y_stride) {
  const int64_t n_in = w.row_length();
  const int64_t n_out = w.n_rows();
  const uint8_t* base = w.data.data();
  const uint64_t rb = w.row_bytes();
  const GgmlType type = w.type;
  if (n_tok == 1) {
    // Decode: one pass over the weights, fused dequantize + dot per row.
    const int64_t grain = std::max<int64_t>(1, 32768 / std::max<int64_t>(1, n_in));
    pool_->parallel_for(n_out, grain, [&](int64_t begin, int64_t end, int) {
      for (int64_t r = begin; r < end; ++r) {
        const uint8_t* row = base + static_cast<uint64_t>(r) * rb;
        y[r] = type == GgmlType::F32 ? dot_f32(reinterpret_cast<const float*>(row), x, n_in)
                                     : dot_row(type, row, x, n_in);
      }
    });
    return;
  }
  // Prompt batches: blocks of kRowBlock rows are dequantized once into the thread's scratch (small
  // enough to stay in cache) and multiplied with every token's input, so the activations stream
  // through once per block rather than once per row.
  const int64_t n_blocks = (n_out + kRowBlock - 1) / kRowBlock;
  pool_->parallel_for(n_blocks, 1, [&](int64_t begin, int64_t end, int th) {
    float* deq = scratch_[static_cast<size_t>(th)].row.data();
    const float* rows[kRowBlock];
    for (int64_t blk = begin; blk < end; ++blk) {
      const int64_t r0 = blk * kRowBlock;
      const int64_t nr = std::min(kRowBlock, n_out - r0);
      for (int64_t j = 0; j < nr; ++j) {
        const uint8_t* row = base + static_cast<uint64_t>(r0 + j) * rb;
        if (type == GgmlType::F32) {
          rows[j] = reinterpret_cast<const float*>(row);
        } else {
          // Types and row sizes were checked at load, so this cannot fail.
          (void)dequantize_row(type, row, deq + j * n_in, n_in);
          rows[j] = deq + j * n_in;
        }
      }
      for (int64_t t = 0; t < n_tok; ++t) {
        const float* xt = x + t * x_stride;
        float* yt = y + t * y_stride + r0;
        for (int64_t j = 0; j < nr; ++j) yt[j] = dot_f32(rows[j], xt, n_in);
      }
    }
  });
}

void CpuModel::add_bias(float* y, const std::vector<float>& b, int64_t n_tok, int64_t stride) {
  if (b.empty()) return;
  for (int64_t t = 0; t < n_tok; ++t) add_inplace(y + t * stride, b.data(), static_cast<int64_t>(b.size()));
}

void CpuModel::post_norm_add(const std::vector<float>& gain, int64_t n_tok) {
  const int64_t d = spec_.n_embd;
  for (int64_t t = 0; t < n_tok; ++t) {
    float* y = &xb2_[static_cast<size_t>(t * d)];
    if (!gain.empty()) rms_norm(y, gain.data(), y, d, spec_.rms_eps);
    add_inplace(&x_[static_cast<size_t>(t * d)], y, d);
  }
}

Status CpuModel::embed(const StepShape& step) {
  const int64_t d = spec_.n_embd;
  const TensorRef& emb = spec_.token_embd;
  for (int64_t t = 0; t < step.n_tokens; ++t) {
    const uint8_t* row = emb.data.data() + static_cast<uint64_t>(tokens_[static_cast<size_t>(t)]) * emb.row_bytes();
    float* x = &x_[static_cast<size_t>(t * d)];
    TESSERA_TRY(dequantize_row(emb.type, row, x, d));
    if (spec_.embedding_scale != 1.0f)
      for (int64_t i = 0; i < d; ++i) x[i] *= spec_.embedding_scale;
  }
  if (spec_.n_embd_per_layer == 0) return {};
  // Every layer's input e_l = (norm(per_layer_model_proj x / sqrt(d), gain)_l + sqrt(P) token row_l) / sqrt(2).
  const int64_t p = spec_.n_embd_per_layer, all = p * spec_.n_layer, n_tok = step.n_tokens;
  matmul(spec_.per_layer_model_proj, x_.data(), n_tok, d, ple_.data(), all);
  const TensorRef& tok = spec_.per_layer_token_embd;
  const float proj_scale = 1.0f / std::sqrt(static_cast<float>(d)), tok_scale = std::sqrt(static_cast<float>(p));
  const float mix = 1.0f / std::sqrt(2.0f);
  std::vector<float> tok_row(static_cast<size_t>(all));
  for (int64_t t = 0; t < n_tok; ++t) {
    const uint8_t* row = tok.data.data() + static_cast<uint64_t>(tokens_[static_cast<size_t>(t)]) * tok.row_bytes();
    TESSERA_TRY(dequantize_row(tok.type, row, tok_row.data(), all));
    float* e = &ple_[static_cast<size_t>(t * all)];
    for (int64_t i = 0; i < all; ++i) e[i] *= proj_scale;
    for (int64_t l = 0; l < spec_.n_layer; ++l) {
      float* el = e + l * p;
      rms_norm(el, per_layer_proj_norm_.data(), el, p, spec_.rms_eps);
      for (int64_t i = 0; i < p; ++i) el[i] = (el[i] + tok_scale * tok_row[static_cast<size_t>(l * p + i)]) * mix;
    }
  }
  return {};
}

void CpuModel::attend(int32_t layer, int64_t n_tok, int32_t start_pos) {
  const LayerSpec& ls = spec_.layers[static_cast<size_t>(layer)];
  const int64_t n_head = spec_.n_head;
  const int64_t hd = spec_.head_dim_of(ls);
  const int64_t group = spec_.n_head / spec_.n_head_kv_of(ls);
  const int64_t q_dim = spec_.q_dim_of(ls);
  const int64_t kv_dim = spec_.n_head_kv_of(ls) * hd;
  const float scale = spec_.attention_scale;
  const float cap = spec_.attention_softcap;
  const int64_t window = ls.sliding ? spec_.sliding_window : 0;
  const int64_t chunk = ls.chunked ? spec_.attention_chunk : 0;
  const std::vector<float>& sink_vec = layers_[static_cast<size_t>(layer)][LayerTensor::AttnSinks];
  const float* sinks = sink_vec.empty() ? nullptr : sink_vec.data();
  const float* keys = nullptr;
  const float* values = nullptr;
  kv_.read(kv_slot_[static_cast<size_t>(layer)], start_pos + n_tok, k_wide_.data(), v_wide_.data(), *pool_, &keys,
           &values);
  // Hand out (token, head) pairs in chunks worth ~16k multiply-adds, so small models stay on one
  // thread instead of paying the hand-out for a few hundred operations.
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, 2 * hd * (start_pos + n_tok)));
  pool_->parallel_for(n_tok * n_head, grain, [&](int64_t begin, int64_t end, int th) {
    float* scores = scratch_[static_cast<size_t>(th)].scores.data();
    for (int64_t idx = begin; idx < end; ++idx) {
      const int64_t t = idx / n_head;
      const int64_t h = idx % n_head;
      const int64_t kv_col = (h / group) * hd;
      const int64_t pos = start_pos + t;
      // Causal; a sliding layer sees its window, a chunked layer its chunk.
      int64_t first = window > 0 ? std::max<int64_t>(0, pos - window + 1) : 0;
      if (chunk > 0) first = pos / chunk * chunk;
      const int64_t n_keys = pos + 1 - first;
      const float* q = &q_[static_cast<size_t>(t * q_dim + h * hd)];
      for (int64_t j = 0; j < n_keys; ++j)
        scores[j] = dot_f32(q, keys + (first + j) * kv_dim + kv_col, hd) * scale;
      if (cap > 0.0f) softcap(scores, n_keys, cap);
      if (sinks != nullptr) {
        softmax_with_sink(scores, n_keys, sinks[h]);
      } else {
        softmax(scores, n_keys);
      }
      float* out = &att_[static_cast<size_t>(t * q_dim + h * hd)];
      std::fill(out, out + hd, 0.0f);
      for (int64_t j = 0; j < n_keys; ++j) {
        const float* v = values + (first + j) * kv_dim + kv_col;
        const float w = scores[j];
        for (int64_t i = 0; i < hd; ++i) out[i] += w * v[i];
      }
    }
  });
}

Status CpuModel::attention(int32_t layer, const StepShape& step) {
  const LayerSpec& ls = spec_.layers[static_cast<size_t>(layer)];
  const CpuLayer& cl = layers_[static_cast<size_t>(layer)];
  const int64_t n_tok = step.n_tokens;
  const int64_t d = spec_.n_embd, hd = spec_.head_dim_of(ls), n_kv = spec_.n_head_kv_of(ls);
  const int64_t q_dim = spec_.q_dim_of(ls), kv_dim = n_kv * hd;
  const bool own_kv = ls.kv_source < 0;
  for (int64_t t = 0; t < n_tok; ++t)
    rms_norm(&x_[static_cast<size_t>(t * d)], cl[LayerTensor::AttnNorm].data(), &xb_[static_cast<size_t>(t * d)], d,
             spec_.rms_eps);
  if (spec_.attention_output_gate) {
    // Wq's rows per head: [q | gate]. q goes to q_, the gates to the front of q_gate_.
    matmul(ls[LayerTensor::Wq], xb_.data(), n_tok, d, q_gate_.data(), 2 * q_dim);
    for (int64_t t = 0; t < n_tok; ++t)
      for (int64_t h = 0; h < spec_.n_head; ++h) {
        const float* src = &q_gate_[static_cast<size_t>(t * 2 * q_dim + 2 * h * hd)];
        std::copy_n(src, hd, &q_[static_cast<size_t>(t * q_dim + h * hd)]);
        std::copy_n(src + hd, hd, &q_gate_[static_cast<size_t>(t * q_dim + h * hd)]);  // behind what is read
      }
  } else {
    matmul(ls[LayerTensor::Wq], xb_.data(), n_tok, d, q_.data(), q_dim);
  }
  add_bias(q_.data(), cl[LayerTensor::Bq], n_tok, q_dim);
  if (own_kv) {
    matmul(ls[LayerTensor::Wk], xb_.data(), n_tok, d, k_.data(), kv_dim);
    add_bias(k_.data(), cl[LayerTensor::Bk], n_tok, kv_dim);
    if (!ls.value_from_key) {
      matmul(ls[LayerTensor::Wv], xb_.data(), n_tok, d, v_.data(), kv_dim);
      add_bias(v_.data(), cl[LayerTensor::Bv], n_tok, kv_dim);
    } else {
      std::copy_n(k_.begin(), n_tok * kv_dim, v_.begin());  // K as projected is V (Gemma 4's full layers)
    }
  }
  const std::vector<float>& qn = cl[LayerTensor::QNorm];
  const std::vector<float>& kn = cl[LayerTensor::KNorm];
  const RopeTable& rope = rope_table(ls);
  const int32_t n_rot = rope.params.n_dims;
  const bool rotate = !ls.nope;
  const bool unit_norm = spec_.unit_qk_norm && rotate;
  const AttentionTemperature& temp = spec_.attention_temperature;
  for (int64_t t = 0; t < n_tok; ++t) {
    const float* c = &rope.cos[static_cast<size_t>(t * n_rot / 2)];
    const float* s = &rope.sin[static_cast<size_t>(t * n_rot / 2)];
    const int64_t pos = step.start_pos + t;
    const float q_scale =
        ls.nope && temp.scale != 0.0f
            ? std::log(std::floor((static_cast<float>(pos) + temp.offset) / static_cast<float>(temp.floor_scale)) +
                       1.0f) *
                      temp.scale +
                  1.0f
            : 1.0f;
    for (int64_t h = 0; h < spec_.n_head; ++h) {
      float* q = &q_[static_cast<size_t>(t * q_dim + h * hd)];
      if (!qn.empty()) rms_norm(q, qn.data(), q, hd, spec_.rms_eps);
      if (rotate) rope_head(q, rope.params.mode, n_rot, c, s);
      if (unit_norm) rms_norm(q, nullptr, q, hd, spec_.rms_eps);
      if (q_scale != 1.0f)
        for (int64_t i = 0; i < hd; ++i) q[i] *= q_scale;
    }
    if (!own_kv) continue;
    for (int64_t h = 0; h < n_kv; ++h) {
      float* k = &k_[static_cast<size_t>(t * kv_dim + h * hd)];
      if (!kn.empty()) rms_norm(k, kn.data(), k, hd, spec_.rms_eps);
      if (rotate) rope_head(k, rope.params.mode, n_rot, c, s);
      if (unit_norm) rms_norm(k, nullptr, k, hd, spec_.rms_eps);
      if (spec_.value_norm) {
        float* v = &v_[static_cast<size_t>(t * kv_dim + h * hd)];
        rms_norm(v, nullptr, v, hd, spec_.rms_eps);
      }
    }
    TESSERA_TRY(kv_.store(kv_slot_[static_cast<size_t>(layer)], pos, &k_[static_cast<size_t>(t * kv_dim)],
                          &v_[static_cast<size_t>(t * kv_dim)]));
  }
  attend(layer, n_tok, step.start_pos);
  if (spec_.attention_output_gate)
    for (int64_t i = 0; i < n_tok * q_dim; ++i) att_[static_cast<size_t>(i)] *= sigmoid(q_gate_[static_cast<size_t>(i)]);
  matmul(ls[LayerTensor::Wo], att_.data(), n_tok, q_dim, xb2_.data(), d);
  add_bias(xb2_.data(), cl[LayerTensor::Bo], n_tok, d);
  post_norm_add(cl[LayerTensor::AttnPostNorm], n_tok);
  return {};
}

Status CpuModel::gated_delta_net(int32_t layer, const StepShape& step) {
  const LayerSpec& ls = spec_.layers[static_cast<size_t>(layer)];
  const CpuLayer& cl = layers_[static_cast<size_t>(layer)];
  const DeltaNetParams& dn = spec_.delta_net;
  const int64_t n_tok = step.n_tokens, d = spec_.n_embd;
  const int64_t C = dn.conv_channels(), Kq = dn.key_dim(), Vd = dn.value_dim(), Hv = dn.n_v_heads;
  const int64_t dk = dn.head_k_dim, dv = dn.head_v_dim;
  for (int64_t t = 0; t < n_tok; ++t)
    rms_norm(&x_[static_cast<size_t>(t * d)], cl[LayerTensor::AttnNorm].data(), &xb_[static_cast<size_t>(t * d)], d,
             spec_.rms_eps);
  matmul(ls[LayerTensor::DeltaQkv], xb_.data(), n_tok, d, dn_qkv_.data(), C);
  matmul(ls[LayerTensor::DeltaGate], xb_.data(), n_tok, d, dn_z_.data(), Vd);
  if (ls.has(LayerTensor::DeltaBetaAlpha)) {
    // Qwen3-Next's grouped rows: per key head, its value heads' beta logits, then their decay logits.
    matmul(ls[LayerTensor::DeltaBetaAlpha], xb_.data(), n_tok, d, dn_ba_.data(), 2 * Hv);
    const int64_t r = Hv / dn.n_k_heads;
    for (int64_t t = 0; t < n_tok; ++t)
      for (int64_t e = 0; e < Hv; ++e) {
        const float* group = &dn_ba_[static_cast<size_t>(t * 2 * Hv + (e / r) * 2 * r)];
        dn_beta_[static_cast<size_t>(t * Hv + e)] = group[e % r];
        dn_g_[static_cast<size_t>(t * Hv + e)] = group[r + e % r];
      }
  } else {
    matmul(ls[LayerTensor::DeltaBeta], xb_.data(), n_tok, d, dn_beta_.data(), Hv);
    matmul(ls[LayerTensor::DeltaAlpha], xb_.data(), n_tok, d, dn_g_.data(), Hv);
  }
  const float* rate = cl[LayerTensor::DeltaA].data();
  const float* dt_bias = cl[LayerTensor::DeltaDtBias].data();
  for (int64_t t = 0; t < n_tok; ++t)
    for (int64_t e = 0; e < Hv; ++e) {
      float& b = dn_beta_[static_cast<size_t>(t * Hv + e)];
      float& g = dn_g_[static_cast<size_t>(t * Hv + e)];
      b = sigmoid(b);
      g = rate[e] * softplus(g + dt_bias[e]);
    }
  // The convolution runs channel by channel through the step's tokens, continuing the layer's state.
  float* conv_state = state_.conv(layer);
  const float* conv_w = cl[LayerTensor::DeltaConv].data();
  const int64_t grain = std::max<int64_t>(1, 4096 / std::max<int64_t>(1, n_tok * dn.conv_kernel));
  pool_->parallel_for(C, grain, [&](int64_t c0, int64_t c1, int) {
    causal_conv1d(dn_qkv_.data() + c0, n_tok, C, c1 - c0, conv_w + c0 * dn.conv_kernel, dn.conv_kernel,
                  conv_state + c0, C, true);
  });
  // L2-normalised q and k per key head; q also scaled by 1/sqrt(dk).
  const float q_scale = 1.0f / std::sqrt(static_cast<float>(dk));
  for (int64_t t = 0; t < n_tok; ++t)
    for (int64_t h = 0; h < dn.n_k_heads; ++h) {
      float* q = &dn_qkv_[static_cast<size_t>(t * C + h * dk)];
      float* k = q + Kq;
      l2_normalize(q, dk, 1e-6f);
      l2_normalize(k, dk, 1e-6f);
      for (int64_t i = 0; i < dk; ++i) q[i] *= q_scale;
    }
  // The delta rule per value head: chunked over a prompt, token by token in decode.
  float* states = state_.delta(layer);
  pool_->parallel_for(Hv, 1, [&](int64_t e0, int64_t e1, int th) {
    float* work = scratch_[static_cast<size_t>(th)].delta.data();
    for (int64_t e = e0; e < e1; ++e) {
      const int64_t kh = dn.key_head_of(e);
      DeltaRuleHead h;
      h.q = &dn_qkv_[static_cast<size_t>(kh * dk)];
      h.k = h.q + Kq;
      h.v = &dn_qkv_[static_cast<size_t>(2 * Kq + e * dv)];
      h.q_stride = h.k_stride = h.v_stride = C;
      h.g = &dn_g_[static_cast<size_t>(e)];
      h.beta = &dn_beta_[static_cast<size_t>(e)];
      h.gb_stride = Hv;
      h.out = &dn_out_[static_cast<size_t>(e * dv)];
      h.out_stride = Vd;
      float* S = states + e * dk * dv;
      if (n_tok == 1) {
        delta_rule_recurrent(S, dk, dv, n_tok, h, work);
      } else {
        delta_rule_chunked(S, dk, dv, n_tok, h, kDeltaRuleChunk, work);
      }
    }
  });
  const float* norm = cl[LayerTensor::DeltaNorm].data();
  for (int64_t t = 0; t < n_tok; ++t)
    for (int64_t e = 0; e < Hv; ++e)
      gated_rms_norm(&dn_out_[static_cast<size_t>(t * Vd + e * dv)], norm, &dn_z_[static_cast<size_t>(t * Vd + e * dv)],
                     dv, spec_.rms_eps);
  matmul(ls[LayerTensor::DeltaOut], dn_out_.data(), n_tok, Vd, xb2_.data(), d);
  post_norm_add({}, n_tok);
  return {};
}

void CpuModel::shared_expert(int32_t layer, int64_t n_tok) {
  const LayerSpec& ls = spec_.layers[static_cast<size_t>(layer)];
  const CpuLayer& cl = layers_[static_cast<size_t>(layer)];
  const int64_t d = spec_.n_embd, n_ff = ls.n_ff_shared;
  matmul(ls[LayerTensor::SharedGate], xb_.data(), n_tok, d, gate_.data(), n_ff);
  matmul(ls[LayerTensor::SharedUp], xb_.data(), n_tok, d, up_.data(), n_ff);
  for (int64_t t = 0; t < n_tok; ++t)
    glu(spec_.activation, &gate_[static_cast<size_t>(t * n_ff)], &up_[static_cast<size_t>(t * n_ff)], n_ff);
  matmul(ls[LayerTensor::SharedDown], gate_.data(), n_tok, n_ff, moe_out_.data(), d);
  const std::vector<float>& logit = cl[LayerTensor::SharedGateLogit];
  for (int64_t t = 0; t < n_tok; ++t) {
    const float* h = &xb_[static_cast<size_t>(t * d)];
    const float s = logit.empty() ? 1.0f : sigmoid(dot_f32(logit.data(), h, d));
    float* y = &xb2_[static_cast<size_t>(t * d)];
    const float* o = &moe_out_[static_cast<size_t>(t * d)];
    for (int64_t c = 0; c < d; ++c) y[c] += s * o[c];
  }
}

void CpuModel::dense_mlp(const LayerSpec& ls, const float* in, int64_t n_tok, int64_t n_ff, float* out) {
  const int64_t d = spec_.n_embd;
  matmul(ls[LayerTensor::FfnGate], in, n_tok, d, gate_.data(), n_ff);
  matmul(ls[LayerTensor::FfnUp], in, n_tok, d, up_.data(), n_ff);
  for (int64_t t = 0; t < n_tok; ++t)
    glu(spec_.activation, &gate_[static_cast<size_t>(t * n_ff)], &up_[static_cast<size_t>(t * n_ff)], n_ff);
  matmul(ls[LayerTensor::FfnDown], gate_.data(), n_tok, n_ff, out, d);
}

Status CpuModel::dense_ffn(int32_t layer, const StepShape& step) {
  const LayerSpec& ls = spec_.layers[static_cast<size_t>(layer)];
  const CpuLayer& cl = layers_[static_cast<size_t>(layer)];
  const int64_t n_tok = step.n_tokens, d = spec_.n_embd;
  for (int64_t t = 0; t < n_tok; ++t)
    rms_norm(&x_[static_cast<size_t>(t * d)], cl[LayerTensor::FfnNorm].data(), &xb_[static_cast<size_t>(t * d)], d,
             spec_.rms_eps);
  dense_mlp(ls, xb_.data(), n_tok, ls.n_ff, xb2_.data());
  post_norm_add(cl[LayerTensor::FfnPostNorm], n_tok);
  return {};
}

void CpuModel::route(int32_t layer, int64_t n_tok, std::vector<std::vector<std::pair<int64_t, float>>>& by_expert) {
  const std::vector<float>& bias = layers_[static_cast<size_t>(layer)][LayerTensor::RouterSelectBias];
  const int32_t n_expert = spec_.n_expert, k = spec_.n_expert_used;
  RouterScratch scratch;
  std::vector<int32_t> ids(static_cast<size_t>(k));
  std::vector<float> w(static_cast<size_t>(k));
  for (int64_t t = 0; t < n_tok; ++t) {
    route_token(spec_.router, &router_[static_cast<size_t>(t * n_expert)], bias.empty() ? nullptr : bias.data(),
                n_expert, k, scratch, ids.data(), w.data());
    for (int32_t j = 0; j < k; ++j)
      by_expert[static_cast<size_t>(ids[static_cast<size_t>(j)])].push_back({t, w[static_cast<size_t>(j)]});
  }
}

Status CpuModel::moe_ffn(int32_t layer, const StepShape& step) {
  const LayerSpec& ls = spec_.layers[static_cast<size_t>(layer)];
  const CpuLayer& cl = layers_[static_cast<size_t>(layer)];
  const int64_t n_tok = step.n_tokens, d = spec_.n_embd, n_ff = ls.n_ff;
  const int32_t n_expert = spec_.n_expert;
  for (int64_t t = 0; t < n_tok; ++t)
    rms_norm(&x_[static_cast<size_t>(t * d)], cl[LayerTensor::FfnNorm].data(), &xb_[static_cast<size_t>(t * d)], d,
             spec_.rms_eps);
  // The experts' input: h, or the residual normed with their own gain (Gemma 4).
  const float* he = xb_.data();
  if (ls.has(LayerTensor::FfnPreNorm2)) {
    for (int64_t t = 0; t < n_tok; ++t)
      rms_norm(&x_[static_cast<size_t>(t * d)], cl[LayerTensor::FfnPreNorm2].data(),
               &moe_x_[static_cast<size_t>(t * d)], d, spec_.rms_eps);
    he = moe_x_.data();
  }
  // The router's input: h, or norm(x) * RouterScale / sqrt(n_embd) (Gemma 4).
  const float* g = xb_.data();
  if (ls.has(LayerTensor::RouterScale)) {
    const float* gain = cl[LayerTensor::RouterScale].data();
    const float root = 1.0f / std::sqrt(static_cast<float>(d));
    for (int64_t t = 0; t < n_tok; ++t) {
      float* y = &router_x_[static_cast<size_t>(t * d)];
      rms_norm(&x_[static_cast<size_t>(t * d)], nullptr, y, d, spec_.rms_eps);
      for (int64_t i = 0; i < d; ++i) y[i] *= gain[i] * root;
    }
    g = router_x_.data();
  }
  matmul(ls[LayerTensor::Router], g, n_tok, d, router_.data(), n_expert);
  add_bias(router_.data(), cl[LayerTensor::RouterBias], n_tok, n_expert);
  std::vector<std::vector<std::pair<int64_t, float>>> by_expert(static_cast<size_t>(n_expert));  // (token, weight)
  route(layer, n_tok, by_expert);

  // Each chosen expert over the tokens that chose it; outputs summed into xb2 with their weights.
  const bool fused = ls.has(LayerTensor::ExpertGateUp);
  const std::vector<float>& expert_scale = cl[LayerTensor::ExpertDownScale];
  std::fill(xb2_.begin(), xb2_.begin() + n_tok * d, 0.0f);
  for (int32_t e = 0; e < n_expert; ++e) {
    const auto& rows = by_expert[static_cast<size_t>(e)];
    if (rows.empty()) continue;
    const int64_t n = static_cast<int64_t>(rows.size());
    for (int64_t i = 0; i < n; ++i) {
      const auto [t, w] = rows[static_cast<size_t>(i)];
      float* dst = &moe_in_[static_cast<size_t>(i * d)];
      std::copy_n(he + t * d, d, dst);
      if (spec_.router.weight_input)
        for (int64_t c = 0; c < d; ++c) dst[c] *= w;  // Llama 4: the weight scales the expert's input
    }
    if (fused) {
      const TensorRef& gu = ls[LayerTensor::ExpertGateUp];
      matmul(expert_rows(gu, 2 * e * n_ff, n_ff), moe_in_.data(), n, d, gate_.data(), n_ff);
      matmul(expert_rows(gu, (2 * e + 1) * n_ff, n_ff), moe_in_.data(), n, d, up_.data(), n_ff);
    } else {
      matmul(expert_rows(ls[LayerTensor::ExpertGate], e * n_ff, n_ff), moe_in_.data(), n, d, gate_.data(), n_ff);
      matmul(expert_rows(ls[LayerTensor::ExpertUp], e * n_ff, n_ff), moe_in_.data(), n, d, up_.data(), n_ff);
    }
    add_expert_bias(gate_.data(), cl[LayerTensor::ExpertGateBias], e, n, n_ff);
    add_expert_bias(up_.data(), cl[LayerTensor::ExpertUpBias], e, n, n_ff);
    for (int64_t i = 0; i < n; ++i)
      glu(spec_.activation, &gate_[static_cast<size_t>(i * n_ff)], &up_[static_cast<size_t>(i * n_ff)], n_ff);
    matmul(expert_rows(ls[LayerTensor::ExpertDown], e * d, d), gate_.data(), n, n_ff, moe_out_.data(), d);
    add_expert_bias(moe_out_.data(), cl[LayerTensor::ExpertDownBias], e, n, d);
    const float out_scale = expert_scale.empty() ? 1.0f : expert_scale[static_cast<size_t>(e)];
    for (int64_t i = 0; i < n; ++i) {
      const auto [t, w] = rows[static_cast<size_t>(i)];
      const float f = (spec_.router.weight_input ? 1.0f : w) * out_scale;
      float* y = &xb2_[static_cast<size_t>(t * d)];
      const float* o = &moe_out_[static_cast<size_t>(i * d)];
      for (int64_t c = 0; c < d; ++c) y[c] += f * o[c];
    }
  }
  if (ls.has(LayerTensor::FfnPostNorm2))
    for (int64_t t = 0; t < n_tok; ++t) {
      float* y = &xb2_[static_cast<size_t>(t * d)];
      rms_norm(y, cl[LayerTensor::FfnPostNorm2].data(), y, d, spec_.rms_eps);
    }
  if (ls.has(LayerTensor::FfnGate)) {
    // The dense branch beside the experts (Gemma 4), on h, with its own post-norm.
    dense_mlp(ls, xb_.data(), n_tok, ls.n_ff_dense, dense_out_.data());
    const std::vector<float>& post = cl[LayerTensor::FfnPostNorm1];
    for (int64_t t = 0; t < n_tok; ++t) {
      float* o = &dense_out_[static_cast<size_t>(t * d)];
      if (!post.empty()) rms_norm(o, post.data(), o, d, spec_.rms_eps);
      add_inplace(&xb2_[static_cast<size_t>(t * d)], o, d);
    }
  }
  if (ls.has(LayerTensor::SharedGate)) shared_expert(layer, n_tok);
  post_norm_add(cl[LayerTensor::FfnPostNorm], n_tok);
  return {};
}

Status CpuModel::layer_output(int32_t layer, const StepShape& step) {
  const LayerSpec& ls = spec_.layers[static_cast<size_t>(layer)];
  const CpuLayer& cl = layers_[static_cast<size_t>(layer)];
  const int64_t n_tok = step.n_tokens, d = spec_.n_embd;
  if (ls.has(LayerTensor::PleGate)) {
    // x += norm(PleProj (gelu(PleGate x) * e_l), PlePostNorm)
    const int64_t p = spec_.n_embd_per_layer, n_layer = spec_.n_layer;
    matmul(ls[LayerTensor::PleGate], x_.data(), n_tok, d, ple_gate_.data(), p);
    for (int64_t t = 0; t < n_tok; ++t)
      geglu(&ple_gate_[static_cast<size_t>(t * p)], &ple_[static_cast<size_t>((t * n_layer + layer) * p)], p);
    matmul(ls[LayerTensor::PleProj], ple_gate_.data(), n_tok, p, xb2_.data(), d);
    post_norm_add(cl[LayerTensor::PlePostNorm], n_tok);
  }
  if (ls.has(LayerTensor::LayerOutScale)) {
    const float scale = cl[LayerTensor::LayerOutScale][0];
    for (int64_t i = 0; i < n_tok * d; ++i) x_[static_cast<size_t>(i)] *= scale;
  }
  return {};
}

Status CpuModel::output(const StepShape& step) {
  if (step.logits == LogitsRequest::None) return {};
  const int64_t d = spec_.n_embd;
  const int64_t first = step.logits == LogitsRequest::Last ? step.n_tokens - 1 : 0;
  const int64_t rows = step.n_tokens - first;
  for (int64_t t = 0; t < rows; ++t)
    rms_norm(&x_[static_cast<size_t>((first + t) * d)], output_norm_.data(), &xb_[static_cast<size_t>(t * d)], d,
             spec_.rms_eps);
  matmul(spec_.output, xb_.data(), rows, d, logits_.data(), spec_.n_vocab);
  if (spec_.final_softcap > 0.0f) softcap(logits_.data(), rows * spec_.n_vocab, spec_.final_softcap);
  logits_rows_ = rows;
  return {};
}

}  // namespace tessera::cpu
