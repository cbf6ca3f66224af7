// The attention block's work on one device: its heads' Q/K/V, RoPE and cache write, attention over
// the cache, and the output projection.
#include "backend/backend_kernels.h"
#include "backend/cuda_matmul.h"
#include "kernels/attention.h"
#include "kernels/norm.h"
#include "kernels/rope.h"

namespace tessera::cuda {

// Q/K/V (this device's heads), q/k norms, RoPE and the KV-cache write (one kernel), attention, and
// the output projection of the attention block: out (+)= Wo att. `in` holds d.s.xb (normalised
// residual rows), maybe already quantized.
Status CudaModel::attention_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out,
                                 bool accumulate) {
  if (l.kv_slot < 0 || d.n_head == 0) return {};
  const int64_t E = spec_.n_embd;
  const int hd = static_cast<int>(spec_.head_dim);
  const int64_t W = d.s.qkv_stride;
  // Per-row results of the matvec do not depend on how many rows it computes, so the fused Q|K|V
  // product is bit-identical to three separate ones; GEMM batches keep separate products.
  if (n_tok <= kMaxMatvecVectors && l.wqkv.rows > 0) {
    TESSERA_TRY(matmul(d, l.wqkv, in, n_tok, d.s.q, W, false));
  } else {
    TESSERA_TRY(matmul(d, l[LayerTensor::Wq], in, n_tok, d.s.q, W, false));
    TESSERA_TRY(matmul(d, l[LayerTensor::Wk], in, n_tok, d.s.k, W, false));
    TESSERA_TRY(matmul(d, l[LayerTensor::Wv], in, n_tok, d.s.v, W, false));
  }
  // Gated attention (Qwen3-Next, Qwen3.5): Wq wrote [q | gate] per head; q goes first, the gates
  // after it (Scratch::q_gate), so what follows reads q as for every other model.
  if (d.s.q_gate != nullptr)
    TESSERA_TRY(split_query_gate(d.s.q, W, n_tok, static_cast<int>(d.n_head), hd, d.stream));
  RopeHeadExtras extras;
  extras.q_bias = l.vec(LayerTensor::Bq);
  extras.k_bias = l.vec(LayerTensor::Bk);
  extras.v_bias = l.vec(LayerTensor::Bv);
  extras.q_norm = l.vec(LayerTensor::QNorm);
  extras.k_norm = l.vec(LayerTensor::KNorm);
  extras.eps = spec_.rms_eps;
  const bool any_extra = extras.q_bias != nullptr || extras.k_bias != nullptr || extras.v_bias != nullptr ||
                         extras.q_norm != nullptr || extras.k_norm != nullptr;
  // Q/K/V biases and QK-norm fold into the RoPE + cache-write kernel where it takes them (one
  // launch instead of up to four per layer: Qwen2's biases, Qwen3's norms; docs/perf.md).
  const bool fold = any_extra && fuse_.rope_kv && kv_type_ == KvCacheType::F16 && hd <= 256;
  if (!fold) {
    TESSERA_TRY(add_bias_rows(d.s.q, W, extras.q_bias, d.q_dim, n_tok, d.stream));
    TESSERA_TRY(add_bias_rows(d.s.k, W, extras.k_bias, d.kv_dim, n_tok, d.stream));
    TESSERA_TRY(add_bias_rows(d.s.v, W, extras.v_bias, d.kv_dim, n_tok, d.stream));
    if (extras.q_norm != nullptr || extras.k_norm != nullptr)
      TESSERA_TRY(rms_norm_heads(d.s.q, d.s.k, W, n_tok, extras.q_norm != nullptr ? static_cast<int>(d.n_head) : 0,
                                 extras.k_norm != nullptr ? static_cast<int>(d.n_head_kv) : 0, hd, extras.q_norm,
                                 extras.k_norm, spec_.rms_eps, d.stream));
  }
  const int32_t* pos = positions_on(d, n_tok);
  const int kind = l.sliding ? 1 : 0;
  RopeConfig rc = rope_[kind];
  rc.theta = d.rope_theta[kind];
  KvCacheView cache{d.k_cache(l.kv_slot), d.v_cache(l.kv_slot), d.kv_row_words, n_ctx_, kv_type_};
  if (fuse_.rope_kv) {
    TESSERA_TRY(rope_qk_to_cache(d.s.q, d.s.k, d.s.v, W, n_tok, static_cast<int>(d.n_head),
                                 static_cast<int>(d.n_head_kv), hd, pos, rc, cache, d.stream,
                                 fold ? &extras : nullptr));
  } else {
    TESSERA_TRY(rope(d.s.q, W, n_tok, static_cast<int>(d.n_head), hd, pos, rc, d.stream));
    TESSERA_TRY(rope(d.s.k, W, n_tok, static_cast<int>(d.n_head_kv), hd, pos, rc, d.stream));
    TESSERA_TRY(kv_cache_write(d.s.k, W, d.s.v, W, n_tok, static_cast<int>(d.kv_dim), pos, cache, d.stream));
  }
  AttentionArgs a;
  a.q = d.s.q;
  a.q_stride = W;
  a.cache = cache;
  a.out = d.s.att;
  a.out_stride = d.q_dim;
  a.positions = pos;
  a.n_tokens = n_tok;
  a.n_head = static_cast<int>(d.n_head);
  a.n_head_kv = static_cast<int>(d.n_head_kv);
  a.head_dim = hd;
  a.scale = spec_.attention_scale;
  a.window = l.sliding ? spec_.sliding_window : 0;
  a.softcap = spec_.attention_softcap;
  a.sinks = l.vec(LayerTensor::AttnSinks);  // this device's query heads (RowSlice::QueryHeads)
  TESSERA_TRY(cuda::attention(a, d.s.attn_ws, d.s.attn_ws_bytes, d.stream));
  if (d.s.q_gate != nullptr) TESSERA_TRY(sigmoid_gate_rows(d.s.att, d.q_dim, d.s.q_gate, W, d.q_dim, n_tok, d.stream));
  Input att{d.s.att, d.q_dim, d.q_dim};
  return matmul(d, l[LayerTensor::Wo], att, n_tok, out, E, accumulate);
}

}  // namespace tessera::cuda
