// The CPU backend's latent attention block (model_spec.h's "latent attention layers", deepseek2),
// in the absorbed form: the cache holds one row [c | k_r] (Lk + R values) per position and layer;
// every head's query is taken into the latent's space (u_h = AttnKB_h q_n) so that its scores are
// one dot product with that row, and its output is the attended latent taken out by AttnVB_h.
#include <algorithm>
#include <cmath>

#include "backend/cpu_kernels.h"
#include "backend/cpu_model.h"
#include "quant/dot.h"

namespace tessera::cpu {
namespace {

// Head h's rows of a [cols, rows, n_head] tensor (AttnKB: Lk rows of N; AttnVB: Vh rows of Lk).
TensorRef head_rows(const TensorRef& t, int64_t h, int64_t rows) {
  TensorRef m;
  m.name = t.name;
  m.type = t.type;
  m.dims = {t.row_length(), rows};
  const uint64_t rb = t.row_bytes();
  m.data = t.data.subspan(static_cast<size_t>(h * rows) * rb, static_cast<size_t>(rows) * rb);
  return m;
}

}  // namespace

Status CpuModel::latent_attention(int32_t layer, const StepShape& step) {
  const LayerSpec& ls = spec_.layers[static_cast<size_t>(layer)];
  const CpuLayer& cl = layers_[static_cast<size_t>(layer)];
  const MlaParams& m = spec_.mla;
  const int64_t n_tok = step.n_tokens, d = spec_.n_embd, H = spec_.n_head;
  const int64_t N = m.qk_nope, R = m.qk_rope, Lk = m.kv_lora_rank, Vh = m.v_head, W = m.latent_width();
  const int64_t qh = N + R;  // a head's query: [q_n | q_r]
  for (int64_t t = 0; t < n_tok; ++t)
    rms_norm(&x_[static_cast<size_t>(t * d)], cl[LayerTensor::AttnNorm].data(), &xb_[static_cast<size_t>(t * d)], d,
             spec_.rms_eps);
  // Queries: low-rank (AttnQB norm(AttnQA h)) or Wq h.
  if (ls.has(LayerTensor::AttnQA)) {
    const int64_t Ql = m.q_lora_rank;
    matmul(ls[LayerTensor::AttnQA], xb_.data(), n_tok, d, mla_qa_.data(), Ql);
    for (int64_t t = 0; t < n_tok; ++t) {
      float* a = &mla_qa_[static_cast<size_t>(t * Ql)];
      rms_norm(a, cl[LayerTensor::AttnQANorm].data(), a, Ql, spec_.rms_eps);
    }
    matmul(ls[LayerTensor::AttnQB], mla_qa_.data(), n_tok, Ql, q_.data(), H * qh);
  } else {
    matmul(ls[LayerTensor::Wq], xb_.data(), n_tok, d, q_.data(), H * qh);
  }
  // The latent and the shared rotated key; the latent normed, both rotated parts rotated.
  matmul(ls[LayerTensor::AttnKvA], xb_.data(), n_tok, d, mla_kv_.data(), W);
  const RopeTable& rope = rope_table(ls);
  const int32_t n_rot = rope.params.n_dims;  // == R (checked at load)
  for (int64_t t = 0; t < n_tok; ++t) {
    const float* c = &rope.cos[static_cast<size_t>(t * n_rot / 2)];
    const float* s = &rope.sin[static_cast<size_t>(t * n_rot / 2)];
    float* kv = &mla_kv_[static_cast<size_t>(t * W)];
    rms_norm(kv, cl[LayerTensor::AttnKvANorm].data(), kv, Lk, spec_.rms_eps);
    rope_head(kv + Lk, rope.params.mode, n_rot, c, s);
    for (int64_t h = 0; h < H; ++h) {
      float* q = &q_[static_cast<size_t>(t * H * qh + h * qh)];
      rope_head(q + N, rope.params.mode, n_rot, c, s);
      // The rotated part goes behind the absorbed query's Lk values.
      std::copy_n(q + N, R, &mla_q_[static_cast<size_t>((t * H + h) * W + Lk)]);
    }
    TESSERA_TRY(kv_.store(kv_slot_[static_cast<size_t>(layer)], step.start_pos + t, kv, nullptr));
  }
  // u_h = AttnKB_h q_n for every head (all tokens at once).
  for (int64_t h = 0; h < H; ++h)
    matmul(head_rows(ls[LayerTensor::AttnKB], h, Lk), q_.data() + h * qh, n_tok, H * qh, mla_q_.data() + h * W, H * W);

  // Attention over the latent rows: one read of the cache per layer, shared by every head.
  const int64_t n_ctx_used = step.start_pos + n_tok;
  const float* rows = nullptr;
  const float* unused = nullptr;
  kv_.read(kv_slot_[static_cast<size_t>(layer)], n_ctx_used, k_wide_.data(), v_wide_.data(), *pool_, &rows, &unused);
  const float scale = spec_.attention_scale;
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, 2 * W * n_ctx_used));
  pool_->parallel_for(n_tok * H, grain, [&](int64_t begin, int64_t end, int th) {
    float* scores = scratch_[static_cast<size_t>(th)].scores.data();
    for (int64_t idx = begin; idx < end; ++idx) {
      const int64_t t = idx / H;
      const int64_t n_keys = step.start_pos + t + 1;
      const float* q = &mla_q_[static_cast<size_t>(idx * W)];
      for (int64_t j = 0; j < n_keys; ++j) scores[j] = dot_f32(q, rows + j * W, W) * scale;
      softmax(scores, n_keys);
      float* out = &mla_lat_[static_cast<size_t>(idx * Lk)];
      std::fill(out, out + Lk, 0.0f);
      for (int64_t j = 0; j < n_keys; ++j) {
        const float* c = rows + j * W;
        const float p = scores[j];
        for (int64_t i = 0; i < Lk; ++i) out[i] += p * c[i];
      }
    }
  });
  // a_h = AttnVB_h l_h, then the output projection.
  for (int64_t h = 0; h < H; ++h)
    matmul(head_rows(ls[LayerTensor::AttnVB], h, Vh), mla_lat_.data() + h * Lk, n_tok, H * Lk, att_.data() + h * Vh,
           H * Vh);
  matmul(ls[LayerTensor::Wo], att_.data(), n_tok, H * Vh, xb2_.data(), d);
  post_norm_add({}, n_tok);
  return {};
}

}  // namespace tessera::cpu
