// The latent attention block's work on one device (model_spec.h's latent attention layers,
// deepseek2), as the CPU backend computes it (core/backend/cpu_latent_attention.cpp): the queries
// (low-rank or Wq), the latent and the shared rotated key, both rotated parts rotated, the latent row
// written to the layer's cache, every head's query taken into the latent's space (AttnKB_h), attention
// over the latent rows (kernels/latent_attention.h), every head's attended latent taken out by
// AttnVB_h, and the output projection. The scale (YaRN's mscale^2 included) is the spec's
// attention_scale; YaRN's magnitude on cos/sin is the rotary config's attn_factor.
#include <cuda_runtime_api.h>

#include <string>
#include <utility>

#include "backend/cuda_matmul.h"
#include "cuda_check.h"
#include "kernels/latent_attention.h"
#include "kernels/norm.h"
#include "kernels/rope.h"

namespace tessera::cuda {
namespace {

// Head h's rows of a per-head tensor [cols, rows, n_head] (AttnKB: Lk rows of N; AttnVB: Vh rows of
// Lk) as a matrix of its own.
WeightMatrix head_rows(const WeightMatrix& w, int64_t h, int64_t rows) {
  WeightMatrix m = w;
  m.data = static_cast<const uint8_t*>(w.data) + static_cast<size_t>(h * rows) * w.row_stride;
  m.rows = rows;
  return m;
}

}  // namespace

Status check_latent_attention(const ModelSpec& spec) {
  if (!spec.mla.enabled()) return {};
  const MlaParams& m = spec.mla;
  const int64_t Lk = m.kv_lora_rank, R = m.qk_rope;
  if (Lk % 8 != 0 || Lk > kMaxLatentRank || (Lk > 256 && Lk % 16 != 0) || (Lk + R) % 8 != 0 || R % 2 != 0)
    return make_error(ErrorKind::Unsupported,
                      "the CUDA latent attention kernel takes latent ranks that are multiples of 8 (of 16 above 256) "
                      "up to " + std::to_string(kMaxLatentRank) + " with rank + rotated dims a multiple of 8; " +
                          spec.source_path + " has a rank of " + std::to_string(Lk) + " and " + std::to_string(R) +
                          " rotated dims");
  // The per-head products of a decode step quantize their inputs in blocks of 32 values.
  for (const LayerSpec& l : spec.layers) {
    for (const auto& [t, cols] : {std::pair{LayerTensor::AttnKB, m.qk_nope}, std::pair{LayerTensor::AttnVB, Lk}}) {
      if (!l.has(t))
        return make_error(ErrorKind::BadFile, "a latent attention layer of " + spec.source_path + " lacks '" +
                                                  std::string(layer_tensor_info(t).gguf_name) + "'");
      if (!is_float_type(l[t].type) && cols % 32 != 0)
        return make_error(ErrorKind::Unsupported, "tensor '" + l[t].name + "' in " + spec.source_path + " is " +
                                                      std::string(type_name(l[t].type)) + " with rows of " +
                                                      std::to_string(cols) +
                                                      " values; the CUDA backend multiplies quantized per-head "
                                                      "matrices with rows of a multiple of 32");
    }
  }
  return {};
}

// Decode: one launch for every (token, head) product, the heads as the "experts" of matvec_experts
// (slot t H + h picks head h through the identity table written at load), each reading its own
// input vector. Prompts: one GEMM per head over the step's tokens.
Status CudaModel::per_head_products(DeviceState& d, const WeightMatrix& m, int64_t rows_per_head, const float* x,
                                    int64_t ldx, int64_t cols, int n_tok, float* y, int64_t ldy) {
  const int64_t H = spec_.n_head;
  if (n_tok <= kMaxMatvecVectors) {
    const int n = n_tok * static_cast<int>(H);
    if (d.s.latent_head_ids == nullptr || static_cast<size_t>(n) > d.s.latent_head_ids_count)
      return make_error(ErrorKind::InvalidArgument, "latent attention: no head table for " + std::to_string(n) +
                                                        " products on device " + std::to_string(d.index));
    ExpertWeights heads;
    heads.first = head_rows(m, 0, rows_per_head);
    heads.expert_bytes = static_cast<size_t>(rows_per_head) * m.row_stride;
    heads.n_expert = static_cast<int32_t>(H);
    const void* q8 = nullptr;
    if (!is_float_type(m.type)) {
      TESSERA_TRY(quantize_activations(x, ldx, cols, n, d.s.latent_q8, d.stream));
      q8 = d.s.latent_q8;
    }
    return matvec_experts(heads, d.s.latent_head_ids, n, x, ldx, q8, true, y, ldy, d.stream);
  }
  for (int64_t h = 0; h < H; ++h) {
    Input in{x + h * ldx, H * ldx, cols};
    TESSERA_TRY(matmul(d, head_rows(m, h, rows_per_head), in, n_tok, y + h * ldy, H * ldy, false));
  }
  return {};
}

Status CudaModel::latent_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out,
                              bool accumulate) {
  if (l.kv_slot < 0) return {};
  const MlaParams& m = spec_.mla;
  const int64_t E = spec_.n_embd, H = spec_.n_head;
  const int64_t N = m.qk_nope, R = m.qk_rope, Lk = m.kv_lora_rank, Vh = m.v_head, Ql = m.q_lora_rank;
  const int64_t W = m.latent_width(), QW = N + R;
  Scratch& s = d.s;
  // The two products of the normed input first, while d.s.in may hold its converted copy (q8 or
  // f16): the next products' inputs are converted into the same buffer.
  const bool low_rank = l[LayerTensor::AttnQA].rows > 0;
  if (low_rank) {
    TESSERA_TRY(matmul(d, l[LayerTensor::AttnQA], in, n_tok, s.latent_qa, Ql, false));
  } else {
    TESSERA_TRY(matmul(d, l[LayerTensor::Wq], in, n_tok, s.latent_q, H * QW, false));
  }
  TESSERA_TRY(matmul(d, l[LayerTensor::AttnKvA], in, n_tok, s.latent_kv, W, false));
  if (low_rank) {
    TESSERA_TRY(rms_norm(s.latent_qa, Ql, l.vec(LayerTensor::AttnQANorm), s.latent_qa, Ql, n_tok, Ql, spec_.rms_eps,
                         d.stream));
    Input qa{s.latent_qa, Ql, Ql};
    TESSERA_TRY(matmul(d, l[LayerTensor::AttnQB], qa, n_tok, s.latent_q, H * QW, false));
  }
  // The latent normed; the rotated parts of every head's query and of the shared key rotated.
  TESSERA_TRY(rms_norm(s.latent_kv, W, l.vec(LayerTensor::AttnKvANorm), s.latent_kv, W, n_tok, Lk, spec_.rms_eps,
                       d.stream));
  const int32_t* pos = positions_on(d, n_tok);
  const int kind = l.sliding ? 1 : 0;
  RopeConfig rc = rope_[kind];
  rc.theta = d.rope_theta[kind];
  TESSERA_TRY(rope(s.latent_q + N, H * QW, n_tok, static_cast<int>(H), static_cast<int>(QW), pos, rc, d.stream));
  TESSERA_TRY(rope(s.latent_kv + Lk, W, n_tok, 1, static_cast<int>(R), pos, rc, d.stream));
  const LatentCacheView cache{d.k_cache(l.kv_slot), d.kv_row_words, n_ctx_, kv_type_};
  TESSERA_TRY(latent_cache_write(s.latent_kv, W, n_tok, static_cast<int>(W), pos, cache, d.stream));
  // Every head's query in the latent's space: [AttnKB_h q_n | q_r].
  TESSERA_TRY(per_head_products(d, l[LayerTensor::AttnKB], Lk, s.latent_q, QW, N, n_tok, s.latent_absorbed, W));
  TESSERA_CUDA_CHECK_DEV(cudaMemcpy2DAsync(s.latent_absorbed + Lk, static_cast<size_t>(W) * 4, s.latent_q + N,
                                           static_cast<size_t>(QW) * 4, static_cast<size_t>(R) * 4,
                                           static_cast<size_t>(n_tok * H), cudaMemcpyDeviceToDevice, d.stream),
                         d.dev.physical);
  LatentAttentionArgs a;
  a.q = s.latent_absorbed;
  a.q_stride = H * W;
  a.cache = cache;
  a.out = s.latent_attended;
  a.out_stride = H * Lk;
  a.positions = pos;
  a.n_tokens = n_tok;
  a.n_head = static_cast<int>(H);
  a.rank = static_cast<int>(Lk);
  a.rope = static_cast<int>(R);
  a.scale = spec_.attention_scale;
  TESSERA_TRY(cuda::latent_attention(a, s.attn_ws, s.attn_ws_bytes, d.stream));
  // Every head's value AttnVB_h l_h, then the output projection.
  TESSERA_TRY(per_head_products(d, l[LayerTensor::AttnVB], Vh, s.latent_attended, Lk, Lk, n_tok, s.latent_heads, Vh));
  Input heads{s.latent_heads, H * Vh, H * Vh};
  return matmul(d, l[LayerTensor::Wo], heads, n_tok, out, E, accumulate);
}

}  // namespace tessera::cuda
