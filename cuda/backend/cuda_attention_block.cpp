// The attention block's work on one device: its heads' Q/K/V, RoPE and cache write, attention over
// the cache, and the output projection; with the block choices of model_spec.h's attention layers
// (Gemma 4: each layer's own head size, KV heads and rotation, K reused as V, V normed, layers
// reading an earlier layer's cache; Llama 4: chunked layers, no rotation on some layers with the
// attention temperature, the unit QK norm), in the CPU reference's order.
#include <cuda_runtime_api.h>

#include "backend/backend_kernels.h"
#include "backend/cuda_matmul.h"
#include "cuda_check.h"
#include "kernels/attention.h"
#include "kernels/norm.h"
#include "kernels/rope.h"

namespace tessera::cuda {

// Q/K/V (this device's heads), q/k norms, RoPE and the KV-cache write (one kernel where the layer's
// choices allow), attention, and the output projection of the attention block: out (+)= Wo att.
// `in` holds d.s.xb (normalised residual rows), maybe already quantized.
Status CudaModel::attention_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out,
                                 bool accumulate) {
  if (l.kv_slot < 0 || d.n_head == 0) return {};
  const LayerSpec& ls = spec_.layers[static_cast<size_t>(l.layer)];
  const int64_t E = spec_.n_embd;
  // The layer's geometry: its own head size and KV heads where it has them (Gemma 4; never in row
  // split, which the placement refuses for such models), else the device's share of the heads.
  const int hd = static_cast<int>(spec_.head_dim_of(ls));
  const int n_head = static_cast<int>(d.n_head);
  const int n_kv = ls.n_head_kv > 0 ? static_cast<int>(ls.n_head_kv) : static_cast<int>(d.n_head_kv);
  const int64_t q_dim = static_cast<int64_t>(n_head) * hd, kv_dim = static_cast<int64_t>(n_kv) * hd;
  const int64_t W = d.s.qkv_stride;
  // The token's row holds q (and the gates of gated attention), then k, then v, each the layer's
  // width: the fused Q|K|V product writes them back to back.
  float* const q = d.s.q;
  float* const k = q + (d.s.q_gate != nullptr ? 2 : 1) * q_dim;
  float* const v = k + kv_dim;
  const bool own_kv = !l.shared_kv;
  // Per-row results of the matvec do not depend on how many rows it computes, so the fused Q|K|V
  // product is bit-identical to three separate ones; GEMM batches keep separate products. A
  // shared-KV layer has no Wk and Wv, a layer with K as V no Wv (those products are skipped).
  if (n_tok <= kMaxMatvecVectors && l.wqkv.rows > 0) {
    TESSERA_TRY(matmul(d, l.wqkv, in, n_tok, q, W, false));
  } else {
    TESSERA_TRY(matmul(d, l[LayerTensor::Wq], in, n_tok, q, W, false));
    TESSERA_TRY(matmul(d, l[LayerTensor::Wk], in, n_tok, k, W, false));
    TESSERA_TRY(matmul(d, l[LayerTensor::Wv], in, n_tok, v, W, false));
  }
  // Gated attention (Qwen3-Next, Qwen3.5): Wq wrote [q | gate] per head; q goes first, the gates
  // after it (Scratch::q_gate), so what follows reads q as for every other model.
  if (d.s.q_gate != nullptr) TESSERA_TRY(split_query_gate(q, W, n_tok, n_head, hd, d.stream));
  // K as projected is V (Gemma 4's full layers), before K's norm and rotation.
  if (own_kv && ls.value_from_key)
    TESSERA_CUDA_CHECK_DEV(cudaMemcpy2DAsync(v, static_cast<size_t>(W) * 4, k, static_cast<size_t>(W) * 4,
                                             static_cast<size_t>(kv_dim) * 4, static_cast<size_t>(n_tok),
                                             cudaMemcpyDeviceToDevice, d.stream),
                           d.dev.physical);
  RopeHeadExtras extras;
  extras.q_bias = l.vec(LayerTensor::Bq);
  extras.k_bias = own_kv ? l.vec(LayerTensor::Bk) : nullptr;
  extras.v_bias = own_kv ? l.vec(LayerTensor::Bv) : nullptr;
  extras.q_norm = l.vec(LayerTensor::QNorm);
  extras.k_norm = own_kv ? l.vec(LayerTensor::KNorm) : nullptr;
  extras.eps = spec_.rms_eps;
  const bool rotate = !ls.nope;                         // Llama 4's NoPE layers: no rotation
  const bool unit_norm = spec_.unit_qk_norm && rotate;  // Llama 4: after the rotation, so not in one kernel
  const bool value_norm = spec_.value_norm && own_kv;   // Gemma 4: after V's bias, before the cache write
  const bool any_extra = extras.q_bias != nullptr || extras.k_bias != nullptr || extras.v_bias != nullptr ||
                         extras.q_norm != nullptr || extras.k_norm != nullptr;
  // RoPE and the cache write in one kernel where the layer rotates and writes its own K/V and nothing
  // comes between the two; Q/K/V biases and QK-norm fold into it where it takes them (one launch
  // instead of up to four per layer: Qwen2's biases, Qwen3's norms; docs/perf.md).
  const bool rope_with_write = fuse_.rope_kv && own_kv && rotate && !unit_norm;
  const bool fold = rope_with_write && any_extra && kv_type_ == KvCacheType::F16 && hd <= 256 &&
                    !(value_norm && extras.v_bias != nullptr);
  if (!fold) {
    TESSERA_TRY(add_bias_rows(q, W, extras.q_bias, q_dim, n_tok, d.stream));
    TESSERA_TRY(add_bias_rows(k, W, extras.k_bias, kv_dim, n_tok, d.stream));
    TESSERA_TRY(add_bias_rows(v, W, extras.v_bias, kv_dim, n_tok, d.stream));
    if (extras.q_norm != nullptr || extras.k_norm != nullptr)
      TESSERA_TRY(rms_norm_heads(q, k, W, n_tok, extras.q_norm != nullptr ? n_head : 0,
                                 extras.k_norm != nullptr ? n_kv : 0, hd, extras.q_norm, extras.k_norm, spec_.rms_eps,
                                 d.stream));
  }
  if (value_norm) TESSERA_TRY(rms_norm_heads(v, nullptr, W, n_tok, n_kv, 0, hd, nullptr, nullptr, spec_.rms_eps, d.stream));
  const int32_t* pos = positions_on(d, n_tok);
  const int kind = l.sliding ? 1 : 0;
  RopeConfig rc = rope_[kind];
  rc.theta = d.rope_theta[kind];
  KvCacheView cache{d.k_cache(l.kv_slot), d.v_cache(l.kv_slot), d.kv_row_words, n_ctx_, kv_type_};
  if (rope_with_write) {
    TESSERA_TRY(
        rope_qk_to_cache(q, k, v, W, n_tok, n_head, n_kv, hd, pos, rc, cache, d.stream, fold ? &extras : nullptr));
  } else {
    if (rotate) {
      TESSERA_TRY(rope(q, W, n_tok, n_head, hd, pos, rc, d.stream));
      if (own_kv) TESSERA_TRY(rope(k, W, n_tok, n_kv, hd, pos, rc, d.stream));
    }
    if (unit_norm)
      TESSERA_TRY(rms_norm_heads(q, own_kv ? k : nullptr, W, n_tok, n_head, own_kv ? n_kv : 0, hd, nullptr, nullptr,
                                 spec_.rms_eps, d.stream));
    if (own_kv)
      TESSERA_TRY(kv_cache_write(k, W, v, W, n_tok, static_cast<int>(kv_dim), pos, cache, d.stream));
  }
  // Llama 4's attention temperature on its NoPE layers: q scaled by a function of its position.
  const AttentionTemperature& temp = spec_.attention_temperature;
  if (ls.nope && temp.scale != 0.0f)
    TESSERA_TRY(
        scale_rows_by_position(q, W, q_dim, n_tok, pos, temp.scale, temp.floor_scale, temp.offset, d.stream));
  AttentionArgs a;
  a.q = q;
  a.q_stride = W;
  a.cache = cache;
  a.out = d.s.att;
  a.out_stride = q_dim;
  a.positions = pos;
  a.n_tokens = n_tok;
  a.n_head = n_head;
  a.n_head_kv = n_kv;
  a.head_dim = hd;
  a.scale = spec_.attention_scale;
  a.window = l.sliding ? spec_.sliding_window : 0;
  a.chunk = ls.chunked ? spec_.attention_chunk : 0;
  a.softcap = spec_.attention_softcap;
  a.sinks = l.vec(LayerTensor::AttnSinks);  // this device's query heads (RowSlice::QueryHeads)
  TESSERA_TRY(cuda::attention(a, d.s.attn_ws, d.s.attn_ws_bytes, d.stream));
  if (d.s.q_gate != nullptr) TESSERA_TRY(sigmoid_gate_rows(d.s.att, q_dim, d.s.q_gate, W, q_dim, n_tok, d.stream));
  Input att{d.s.att, q_dim, q_dim};
  return matmul(d, l[LayerTensor::Wo], att, n_tok, out, E, accumulate);
}

}  // namespace tessera::cuda
