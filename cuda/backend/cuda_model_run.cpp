// CudaModel running: one model step over every device of the plan, eager or as a replayed CUDA
// graph (decode), and the host-facing calls (logits, argmax, KV cache, footprint).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "backend/backend_kernels.h"
#include "backend/cuda_model.h"
#include "cuda_check.h"
#include "device_info.h"
#include "kernels/argmax.h"
#include "kernels/attention.h"
#include "kernels/dequant.h"
#include "kernels/elementwise.h"
#include "kernels/expert_gemm.h"
#include "kernels/moe.h"
#include "kernels/norm.h"
#include "kernels/rope.h"

namespace tessera::cuda {
namespace {


Status use_device(const DeviceState& d) {
  return cuda_status(cudaSetDevice(d.dev.physical), "cudaSetDevice", d.dev.physical);
}

bool is_float_type(GgmlType t) {
  return t == GgmlType::F32 || t == GgmlType::F16 || t == GgmlType::BF16;
}

using Input = MatmulInput;

// y = W x (+ y when accumulate) for n_tok rows: fused matvec up to kMaxMatvecVectors rows, else
// dequantize-to-f16 + tensor-core GEMM.
Status matmul(DeviceState& d, const WeightMatrix& w, Input& in, int n_tok, float* y, int64_t ldy, bool accumulate) {
  if (w.rows == 0 || n_tok == 0) return {};
  if (n_tok <= kMaxMatvecVectors) {
    MatvecOptions o;
    o.accumulate = accumulate;
    if (is_float_type(w.type)) return matvec(w, in.x, in.ld, y, ldy, n_tok, nullptr, 0, d.stream, o);
    if (!in.q8) {
      TESSERA_TRY(quantize_activations(in.x, in.ld, in.cols, n_tok, d.s.in, d.stream));
      in.q8 = true;
    }
    return matvec_q8(w, d.s.in, n_tok, y, ldy, d.stream, o);
  }
  uint16_t* xf = static_cast<uint16_t*>(d.s.in);
  if (!in.f16) {
    TESSERA_TRY(convert_rows_f32_to_f16(in.x, in.ld, xf, in.cols, n_tok, in.cols, d.stream));
    in.f16 = true;
  }
  return gemm_xwt_f16x(d.cublas, w, xf, in.cols, n_tok, y, ldy, d.s.w_f16, d.s.w_f16_bytes, d.stream, accumulate);
}

// RMSNorm of the residual rows into d.s.xb, as the input of the next matrices. A decode step whose
// next matrix is quantized gets the q8 copy from the same kernel (one launch instead of two).
Result<Input> norm_input(DeviceState& d, const float* x, int64_t E, const float* w, int n_tok, float eps,
                         const WeightMatrix& next, bool fuse) {
  Input in{d.s.xb, E, E};
  if (fuse && n_tok <= kMaxMatvecVectors && next.rows > 0 && !is_float_type(next.type) && E % 32 == 0) {
    TESSERA_TRY(rms_norm_q8(x, E, w, d.s.xb, E, d.s.in, n_tok, E, eps, d.stream));
    in.q8 = true;
  } else {
    TESSERA_TRY(rms_norm(x, E, w, d.s.xb, E, n_tok, E, eps, d.stream));
  }
  return in;
}

// The first matrix each block multiplies its normed input by (what norm_input prepares for).
const WeightMatrix& first_attention_matrix(const DeviceLayer& l, int n_tok) {
  return n_tok <= kMaxMatvecVectors && l.wqkv.rows > 0 ? l.wqkv : l[LayerTensor::Wq];
}
const WeightMatrix& first_ffn_matrix(const DeviceLayer& l, int n_tok) {
  return n_tok == 1 && l.gate_up.rows > 0 ? l.gate_up : l[LayerTensor::FfnGate];
}

}  // namespace

const int32_t* CudaModel::positions_on(const DeviceState& d, int n_tok) const {
  return d.index == home_ ? d.s.io + n_tok : d.s.io;
}

Status CudaModel::transfer(int src, int dst, void* dst_ptr, const void* src_ptr, size_t bytes) {
  if (bytes == 0) return {};
  DeviceState& s = *devs_[static_cast<size_t>(src)];
  DeviceState& d = *devs_[static_cast<size_t>(dst)];
  if (src == dst) {
    TESSERA_TRY(use_device(d));
    if (dst_ptr != src_ptr)
      TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(dst_ptr, src_ptr, bytes, cudaMemcpyDeviceToDevice, d.stream),
                             d.dev.physical);
    return {};
  }
  TESSERA_TRY(use_device(s));
  if (s.dev.physical != d.dev.physical && !peer_[static_cast<size_t>(dst)][static_cast<size_t>(src)]) {
    // Staged through pinned host memory: D2H on the source stream, H2D on the destination stream.
    void* host = nullptr;
    for (const auto& st : stages_)
      if (st.src == src && st.dst == dst) host = st.host;
    if (host == nullptr)
      return make_error(ErrorKind::Device, "no host staging buffer from device " + std::to_string(src) + " to device " +
                                               std::to_string(dst));
    TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(host, src_ptr, bytes, cudaMemcpyDeviceToHost, s.stream), s.dev.physical);
    TESSERA_CUDA_CHECK_DEV(cudaEventRecord(s.event, s.stream), s.dev.physical);
    TESSERA_TRY(use_device(d));
    TESSERA_CUDA_CHECK_DEV(cudaStreamWaitEvent(d.stream, s.event, 0), d.dev.physical);
    TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(dst_ptr, host, bytes, cudaMemcpyHostToDevice, d.stream), d.dev.physical);
    return {};
  }
  TESSERA_CUDA_CHECK_DEV(cudaEventRecord(s.event, s.stream), s.dev.physical);
  TESSERA_TRY(use_device(d));
  TESSERA_CUDA_CHECK_DEV(cudaStreamWaitEvent(d.stream, s.event, 0), d.dev.physical);
  if (s.dev.physical == d.dev.physical) {
    TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(dst_ptr, src_ptr, bytes, cudaMemcpyDeviceToDevice, d.stream),
                           d.dev.physical);
  } else {
    TESSERA_CUDA_CHECK_DEV(cudaMemcpyPeerAsync(dst_ptr, d.dev.physical, src_ptr, s.dev.physical, bytes, d.stream),
                           d.dev.physical);
  }
  return {};
}

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
  KvCacheView cache{d.k_cache(l.kv_slot, n_ctx_), d.v_cache(l.kv_slot, n_ctx_), d.kv_row_words, n_ctx_, kv_type_};
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
  Input att{d.s.att, d.q_dim, d.q_dim};
  return matmul(d, l[LayerTensor::Wo], att, n_tok, out, E, accumulate);
}

// gate/up (this device's FFN rows), the activation, and out (+)= Wdown h. `in` holds d.s.xb.
Status CudaModel::ffn_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out,
                           bool accumulate) {
  if (l.n_ff == 0) return {};
  if (n_tok == 1 && l.gate_up.rows > 0 && fuse_.glu) {
    // One fused gate|up matvec that applies the activation itself: h goes to the gate buffer, gate
    // and up never reach memory.
    if (!is_float_type(l.gate_up.type) && !in.q8) {
      TESSERA_TRY(quantize_activations(in.x, in.ld, in.cols, 1, d.s.in, d.stream));
      in.q8 = true;
    }
    TESSERA_TRY(matvec_glu(l.gate_up, in.x, d.s.in, d.s.gate, d.stream, spec_.activation));
  } else if (n_tok == 1 && l.gate_up.rows > 0 && (n_batch_ >= 2 || d.s.up == d.s.gate + l.n_ff)) {
    // Unfused (A/B): one gate|up matvec writing gate then up (2 n_ff floats: the gate buffer holds
    // n_batch rows, or gate and up lie back to back), then the activation kernel.
    TESSERA_TRY(matmul(d, l.gate_up, in, 1, d.s.gate, 2 * l.n_ff, false));
    TESSERA_TRY(glu(spec_.activation, d.s.gate, d.s.gate + l.n_ff, d.s.gate, l.n_ff, d.stream));
  } else {
    TESSERA_TRY(matmul(d, l[LayerTensor::FfnGate], in, n_tok, d.s.gate, l.n_ff, false));
    TESSERA_TRY(matmul(d, l[LayerTensor::FfnUp], in, n_tok, d.s.up, l.n_ff, false));
    TESSERA_TRY(glu(spec_.activation, d.s.gate, d.s.up, d.s.gate, static_cast<int64_t>(n_tok) * l.n_ff, d.stream));
  }
  Input h{d.s.gate, l.n_ff, l.n_ff};
  return matmul(d, l[LayerTensor::FfnDown], h, n_tok, out, spec_.n_embd, accumulate);
}

namespace {

// Expert e's rows of an expert tensor held whole (rows_per_expert rows each).
WeightMatrix expert_rows(const WeightMatrix& all, int32_t e, int64_t rows_per_expert) {
  WeightMatrix w = all;
  w.rows = rows_per_expert;
  w.data = static_cast<const uint8_t*>(all.data) + static_cast<size_t>(e) * static_cast<size_t>(rows_per_expert) *
                                                       all.row_stride;
  return w;
}

ExpertWeights experts_of(const WeightMatrix& all, int64_t rows_per_expert, int32_t n_expert) {
  ExpertWeights w;
  w.first = expert_rows(all, 0, rows_per_expert);
  w.expert_bytes = static_cast<size_t>(rows_per_expert) * all.row_stride;
  w.n_expert = n_expert;
  return w;
}

// The router's logits from the f32 activations for every batch size: a near-tie between two
// experts must not flip because the prompt's rows went through f16 for the tensor-core GEMM. An F32
// router (the usual form) takes an FP32 GEMM for prompts: matvecs over chunks of 8 rows were a
// third of Qwen3-30B-A3B's prompt time (64 launches of ~19 us per layer at 512 tokens; docs/perf.md).
// F16/BF16 routers keep the chunked matvecs; quantized routers (rare) take the common path.
Status router_logits(DeviceState& d, const WeightMatrix& router, Input& in, int n_tok, float* y, int64_t ldy) {
  if (!is_float_type(router.type) || router.rows == 0) return matmul(d, router, in, n_tok, y, ldy, false);
  if (router.type == GgmlType::F32 && n_tok > kMaxMatvecVectors)
    return gemm_f32_xwt(d.cublas, router, in.x, in.ld, n_tok, y, ldy, d.stream);
  for (int t0 = 0; t0 < n_tok; t0 += kMaxMatvecVectors) {
    const int n = std::min(kMaxMatvecVectors, n_tok - t0);
    TESSERA_TRY(matvec(router, in.x + static_cast<int64_t>(t0) * in.ld, in.ld, y + static_cast<int64_t>(t0) * ldy,
                       ldy, n, nullptr, 0, d.stream, MatvecOptions{}));
  }
  return {};
}

}  // namespace

// Prefill routing: the chosen experts come to the host (one synchronisation per MoE layer: prompt
// chunks are not captured in graphs), the rows are grouped by expert, and the gather and scatter
// indices go back to the device. offsets[e]..offsets[e + 1] are expert e's rows.
Status CudaModel::moe_prefill_routes(DeviceState& d, int n_tok, std::vector<int32_t>& offsets) {
  const int32_t k = spec_.n_expert_used, n_expert = spec_.n_expert;
  const size_t rows = static_cast<size_t>(n_tok) * static_cast<size_t>(k);
  int32_t* ids = moe_host_;
  int32_t* gather = moe_host_ + rows;
  int32_t* slot_row = gather + rows;
  TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(ids, d.s.moe_ids, rows * 4, cudaMemcpyDeviceToHost, d.stream), d.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaStreamSynchronize(d.stream), d.dev.physical);
  offsets.assign(static_cast<size_t>(n_expert) + 1, 0);
  for (size_t i = 0; i < rows; ++i) {
    if (ids[i] < 0 || ids[i] >= n_expert)
      return make_error(ErrorKind::Device, "MoE routing produced expert " + std::to_string(ids[i]) + " of " +
                                               std::to_string(n_expert));
    ++offsets[static_cast<size_t>(ids[i]) + 1];
  }
  for (int32_t e = 0; e < n_expert; ++e) offsets[static_cast<size_t>(e) + 1] += offsets[static_cast<size_t>(e)];
  std::vector<int32_t> fill(offsets.begin(), offsets.end() - 1);
  for (size_t i = 0; i < rows; ++i) {
    const int32_t r = fill[static_cast<size_t>(ids[i])]++;
    gather[r] = static_cast<int32_t>(i / static_cast<size_t>(k));  // the token
    slot_row[i] = r;
  }
  // Two copies: the device regions are sized for a full batch (moe_slot_row starts n_batch * k
  // entries after moe_gather), the host ones for this call's rows.
  TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(d.s.moe_gather, gather, rows * 4, cudaMemcpyHostToDevice, d.stream),
                         d.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(d.s.moe_slot_row, slot_row, rows * 4, cudaMemcpyHostToDevice, d.stream),
                         d.dev.physical);
  return {};
}

// Router (+ bias), top-k with the softmax of the chosen logits as weights, the chosen experts'
// gate/up (+ biases), activation, down (+ bias), and out (+)= their weighted sum. `in` holds d.s.xb.
Status CudaModel::moe_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out,
                           bool accumulate) {
  const int64_t E = spec_.n_embd, F = l.n_ff;
  const int32_t n_expert = spec_.n_expert, k = spec_.n_expert_used;
  const WeightMatrix& gate_all = l[LayerTensor::ExpertGate];
  const WeightMatrix& up_all = l[LayerTensor::ExpertUp];
  const WeightMatrix& down_all = l[LayerTensor::ExpertDown];
  const float* gate_bias = l.vec(LayerTensor::ExpertGateBias);
  const float* up_bias = l.vec(LayerTensor::ExpertUpBias);
  const float* down_bias = l.vec(LayerTensor::ExpertDownBias);
  TESSERA_TRY(router_logits(d, l[LayerTensor::Router], in, n_tok, d.s.moe_logits, n_expert));
  TESSERA_TRY(add_bias_rows(d.s.moe_logits, n_expert, l.vec(LayerTensor::RouterBias), n_expert, n_tok, d.stream));
  TESSERA_TRY(moe_route(d.s.moe_logits, n_expert, n_tok, n_expert, k, d.s.moe_ids, d.s.moe_weights, d.stream));
  if (n_tok == 1 && (gate_bias != nullptr || up_bias != nullptr)) {
    // Decode with expert biases (gpt-oss): gate and up as separate expert matvecs, each chosen
    // expert's biases added, then the activation (the fused gate|up kernel has no biases).
    const bool quantized = !is_float_type(gate_all.type);
    if (quantized && !in.q8) {
      TESSERA_TRY(quantize_activations(in.x, in.ld, in.cols, 1, d.s.in, d.stream));
      in.q8 = true;
    }
    TESSERA_TRY(matvec_experts(experts_of(gate_all, F, n_expert), d.s.moe_ids, k, in.x, in.ld, d.s.in, false,
                               d.s.moe_gate, F, d.stream));
    TESSERA_TRY(matvec_experts(experts_of(up_all, F, n_expert), d.s.moe_ids, k, in.x, in.ld, d.s.in, false,
                               d.s.moe_up, F, d.stream));
    TESSERA_TRY(add_expert_bias(d.s.moe_gate, F, d.s.moe_ids, gate_bias, k, F, d.stream));
    TESSERA_TRY(add_expert_bias(d.s.moe_up, F, d.s.moe_ids, up_bias, k, F, d.stream));
    TESSERA_TRY(glu(spec_.activation, d.s.moe_gate, d.s.moe_up, d.s.moe_gate, static_cast<int64_t>(k) * F, d.stream));
    const ExpertWeights down = experts_of(down_all, E, n_expert);
    if (!is_float_type(down_all.type))
      TESSERA_TRY(quantize_activations(d.s.moe_gate, F, F, k, d.s.moe_q8, d.stream));
    TESSERA_TRY(matvec_experts(down, d.s.moe_ids, k, d.s.moe_gate, F, d.s.moe_q8, true, d.s.moe_out, E, d.stream));
    TESSERA_TRY(add_expert_bias(d.s.moe_out, E, d.s.moe_ids, down_bias, k, E, d.stream));
    return moe_combine(d.s.moe_out, E, nullptr, d.s.moe_weights, 1, k, E, out, E, accumulate, d.stream);
  }
  if (n_tok == 1) {
    // Decode: the experts are chosen on the device and the kernels read only their rows.
    const bool quantized = !is_float_type(gate_all.type);
    if (quantized && !in.q8) {
      TESSERA_TRY(quantize_activations(in.x, in.ld, in.cols, 1, d.s.in, d.stream));
      in.q8 = true;
    }
    TESSERA_TRY(matvec_glu_experts(experts_of(gate_all, F, n_expert), experts_of(up_all, F, n_expert), d.s.moe_ids, k,
                                   in.x, d.s.in, d.s.moe_gate, F, spec_.activation, d.stream));
    const ExpertWeights down = experts_of(down_all, E, n_expert);
    if (!is_float_type(down_all.type))
      TESSERA_TRY(quantize_activations(d.s.moe_gate, F, F, k, d.s.moe_q8, d.stream));
    TESSERA_TRY(matvec_experts(down, d.s.moe_ids, k, d.s.moe_gate, F, d.s.moe_q8, true, d.s.moe_out, E, d.stream));
    return moe_combine(d.s.moe_out, E, nullptr, d.s.moe_weights, 1, k, E, out, E, accumulate, d.stream);
  }
  // Prefill. Quantized experts: the rows are grouped by expert on the device (no host round trip)
  // and every expert's rows go through one tensor-core launch for gate|up with the activation and
  // biases applied (f16 out), and one for down (expert_gemm.h; docs/perf.md "MoE prefill, round 3").
  const ExpertWeights gate_e = experts_of(gate_all, F, n_expert), up_e = experts_of(up_all, F, n_expert);
  const ExpertWeights down_e = experts_of(down_all, E, n_expert);
  if (E % 8 == 0 && F % 8 == 0 && n_expert <= kMaxGroupedExperts && expert_gemm_supported(gate_e) &&
      expert_gemm_supported(up_e) && expert_gemm_supported(down_e) && gate_all.type == up_all.type) {
    const int rows = n_tok * k;
    // Tiles of 32 rows when experts get ~32 or fewer (Qwen3-MoE at 512 tokens), else 64.
    const int tile_rows = rows <= 40 * n_expert ? kExpertGemmTileRowsSmall : kExpertGemmTileRows;
    const int capacity = moe_tile_capacity(rows, n_expert, tile_rows);
    MoeGroups g;
    g.tiles = d.s.moe_tiles;
    g.n_tiles = g.tiles + 3 * static_cast<size_t>(capacity);
    g.offsets = g.n_tiles + 1;
    g.x_rows = d.s.moe_gather;
    g.slot_row = d.s.moe_slot_row;
    if (3 * static_cast<size_t>(capacity) + static_cast<size_t>(n_expert) + 2 > d.s.moe_tiles_ints)
      return make_error(ErrorKind::Device, "MoE prefill: " + std::to_string(capacity) +
                                               " tiles do not fit the planned tile region");
    TESSERA_TRY(moe_group_rows(d.s.moe_ids, n_tok, k, n_expert, tile_rows, g, d.stream));
    uint16_t* xf = static_cast<uint16_t*>(d.s.in);
    if (!in.f16) {
      TESSERA_TRY(convert_rows_f32_to_f16(in.x, in.ld, xf, in.cols, n_tok, in.cols, d.stream));
      in.f16 = true;
    }
    const ExpertTiles tiles{g.tiles, g.n_tiles, capacity, tile_rows};
    uint16_t* h = reinterpret_cast<uint16_t*>(d.s.moe_gate);  // rows x F halves in the gate region
    TESSERA_TRY(expert_gemm_glu(gate_e, up_e, gate_bias, up_bias, spec_.activation, tiles,
                                ExpertInputs{xf, in.cols, g.x_rows}, h, F, d.stream));
    TESSERA_TRY(expert_gemm(down_e, down_bias, tiles, ExpertInputs{h, F, nullptr}, d.s.moe_out, E, d.stream));
    return moe_combine(d.s.moe_out, E, g.slot_row, d.s.moe_weights, n_tok, k, E, out, E, accumulate, d.stream);
  }
  // Float experts (or a layout the kernel does not read): the rows are grouped on the host and
  // every expert with rows gets its own tensor-core GEMMs.
  std::vector<int32_t> offsets;
  TESSERA_TRY(moe_prefill_routes(d, n_tok, offsets));
  const int rows = n_tok * k;
  TESSERA_TRY(gather_rows(in.x, in.ld, d.s.moe_gather, rows, E, d.s.moe_in, E, d.stream));
  for (int32_t e = 0; e < n_expert; ++e) {
    const int32_t r0 = offsets[static_cast<size_t>(e)], n = offsets[static_cast<size_t>(e) + 1] - r0;
    if (n == 0) continue;
    Input ein{d.s.moe_in + static_cast<int64_t>(r0) * E, E, E};
    float* g = d.s.moe_gate + static_cast<int64_t>(r0) * F;
    float* u = d.s.moe_up + static_cast<int64_t>(r0) * F;
    TESSERA_TRY(matmul(d, expert_rows(gate_all, e, F), ein, n, g, F, false));
    TESSERA_TRY(matmul(d, expert_rows(up_all, e, F), ein, n, u, F, false));
    const size_t eF = static_cast<size_t>(e) * static_cast<size_t>(F);
    TESSERA_TRY(add_bias_rows(g, F, gate_bias != nullptr ? gate_bias + eF : nullptr, F, n, d.stream));
    TESSERA_TRY(add_bias_rows(u, F, up_bias != nullptr ? up_bias + eF : nullptr, F, n, d.stream));
  }
  TESSERA_TRY(glu(spec_.activation, d.s.moe_gate, d.s.moe_up, d.s.moe_gate, static_cast<int64_t>(rows) * F, d.stream));
  for (int32_t e = 0; e < n_expert; ++e) {
    const int32_t r0 = offsets[static_cast<size_t>(e)], n = offsets[static_cast<size_t>(e) + 1] - r0;
    if (n == 0) continue;
    Input h{d.s.moe_gate + static_cast<int64_t>(r0) * F, F, F};
    float* o = d.s.moe_out + static_cast<int64_t>(r0) * E;
    TESSERA_TRY(matmul(d, expert_rows(down_all, e, E), h, n, o, E, false));
    const size_t eE = static_cast<size_t>(e) * static_cast<size_t>(E);
    TESSERA_TRY(add_bias_rows(o, E, down_bias != nullptr ? down_bias + eE : nullptr, E, n, d.stream));
  }
  return moe_combine(d.s.moe_out, E, d.s.moe_slot_row, d.s.moe_weights, n_tok, k, E, out, E, accumulate, d.stream);
}

Status CudaModel::finish_block(DeviceState& d, const float* bias, const float* post_norm, float* y, int n_tok) {
  const int64_t E = spec_.n_embd;
  TESSERA_TRY(add_bias_rows(y, E, bias, E, n_tok, d.stream));
  if (y == d.s.x) return {};  // the block accumulated into the residual directly
  if (post_norm != nullptr) TESSERA_TRY(rms_norm(y, E, post_norm, y, E, n_tok, E, spec_.rms_eps, d.stream));
  return add(d.s.x, y, d.s.x, static_cast<int64_t>(n_tok) * E, d.stream);
}

namespace {

struct BlockSlots {
  LayerTensor norm, post_norm;
};
BlockSlots slots_of(bool attention) {
  return attention ? BlockSlots{LayerTensor::AttnNorm, LayerTensor::AttnPostNorm}
                   : BlockSlots{LayerTensor::FfnNorm, LayerTensor::FfnPostNorm};
}

}  // namespace

// The first matrix a block multiplies its normed input by (what norm_input prepares for).
static const WeightMatrix& first_matrix(const DeviceLayer& l, int n_tok, bool attention, bool moe) {
  if (attention) return first_attention_matrix(l, n_tok);
  if (moe) return l[LayerTensor::ExpertGate];
  return first_ffn_matrix(l, n_tok);
}

Status CudaModel::run_block(int32_t li, BlockKind kind, int n_tok) {
  if (plan_.mode == SplitMode::Row) return row_block(li, kind, n_tok);
  const int64_t E = spec_.n_embd;
  const int dev = plan_.layer_device[static_cast<size_t>(li)];
  DeviceState& d = *devs_[static_cast<size_t>(dev)];
  if (dev != cur_) {
    TESSERA_TRY(transfer(cur_, dev, d.s.x, devs_[static_cast<size_t>(cur_)]->s.x, 4 * static_cast<size_t>(n_tok * E)));
    cur_ = dev;
  }
  TESSERA_TRY(use_device(d));
  const DeviceLayer& l = d.layers[static_cast<size_t>(d.layer_index[static_cast<size_t>(li)])];
  const bool attn = kind == BlockKind::Attention, moe = kind == BlockKind::MoeFfn;
  const BlockSlots s = slots_of(attn);
  TESSERA_ASSIGN_OR_RETURN(Input in, norm_input(d, d.s.x, E, l.vec(s.norm), n_tok, spec_.rms_eps,
                                                first_matrix(l, n_tok, attn, moe), fuse_.norm_q8));
  // Without a post-norm the block's output is added to the residual inside its last product.
  const float* post = l.vec(s.post_norm);
  float* out = post != nullptr ? d.s.xb2 : d.s.x;
  const bool acc = post == nullptr;
  if (attn) {
    TESSERA_TRY(attention_part(d, l, n_tok, in, out, acc));
  } else if (moe) {
    TESSERA_TRY(moe_part(d, l, n_tok, in, out, acc));
  } else {
    TESSERA_TRY(ffn_part(d, l, n_tok, in, out, acc));
  }
  return finish_block(d, attn ? l.vec(LayerTensor::Bo) : nullptr, post, out, n_tok);
}

// Row split: normalise on main, broadcast, partial products on every participant, the partial
// sums added on main in device order, then bias, post-norm and the residual add on main.
Status CudaModel::row_block(int32_t li, BlockKind kind, int n_tok) {
  if (kind == BlockKind::MoeFfn)
    return make_error(ErrorKind::Unsupported, "row split of a mixture-of-experts layer");  // refused by the planner
  const bool attn = kind == BlockKind::Attention;
  const int64_t E = spec_.n_embd;
  const size_t act = 4 * static_cast<size_t>(n_tok * E);
  DeviceState& main = *devs_[static_cast<size_t>(home_)];
  const DeviceLayer& ml = main.layers[static_cast<size_t>(li)];
  const BlockSlots bs = slots_of(attn);
  TESSERA_TRY(use_device(main));
  // The main device's own input may come quantized from the norm; the others get the f32 rows.
  TESSERA_ASSIGN_OR_RETURN(Input main_in, norm_input(main, main.s.x, E, ml.vec(bs.norm), n_tok, spec_.rms_eps,
                                                     first_matrix(ml, n_tok, attn, false), fuse_.norm_q8));
  const float* post = ml.vec(bs.post_norm);
  float* sum = post != nullptr ? main.s.xb2 : main.s.x;  // where the partial sums are reduced
  std::vector<int> parts;
  for (auto& dp : devs_) {
    if (!dp->active || dp->layers.empty()) continue;
    const DeviceLayer& l = dp->layers[static_cast<size_t>(li)];
    if (attn ? (l.kv_slot >= 0 && dp->n_head > 0) : l.n_ff > 0) parts.push_back(dp->index);
  }
  bool main_part = false;
  for (int p : parts) main_part = main_part || p == home_;
  if (post != nullptr && !main_part)
    TESSERA_CUDA_CHECK_DEV(cudaMemsetAsync(sum, 0, act, main.stream), main.dev.physical);
  for (int p : parts)
    if (p != home_) TESSERA_TRY(transfer(home_, p, devs_[static_cast<size_t>(p)]->s.xb, main.s.xb, act));
  for (int p : parts) {
    DeviceState& d = *devs_[static_cast<size_t>(p)];
    TESSERA_TRY(use_device(d));
    const DeviceLayer& l = d.layers[static_cast<size_t>(li)];
    const bool is_main = p == home_;
    float* out = is_main ? sum : d.s.xb2;
    const bool acc = is_main && post == nullptr;
    Input in = is_main ? main_in : Input{d.s.xb, E, E};
    TESSERA_TRY(attn ? attention_part(d, l, n_tok, in, out, acc) : ffn_part(d, l, n_tok, in, out, acc));
  }
  int slot = 0;
  for (size_t i = 0; i < devs_.size(); ++i) {
    if (static_cast<int>(i) == home_) continue;
    float* recv = main.s.recv + static_cast<size_t>(slot) * static_cast<size_t>(n_batch_) * static_cast<size_t>(E);
    ++slot;
    bool participates = false;
    for (int p : parts) participates = participates || p == static_cast<int>(i);
    if (!participates) continue;
    TESSERA_TRY(transfer(static_cast<int>(i), home_, recv, devs_[i]->s.xb2, act));
    TESSERA_TRY(use_device(main));
    TESSERA_TRY(add(sum, recv, sum, static_cast<int64_t>(n_tok) * E, main.stream));
  }
  TESSERA_TRY(use_device(main));
  return finish_block(main, attn ? ml.vec(LayerTensor::Bo) : nullptr, post, sum, n_tok);
}

Status CudaModel::embed(const StepShape& step) {
  DeviceState& home = *devs_[static_cast<size_t>(home_)];
  TESSERA_TRY(use_device(home));
  const int64_t E = spec_.n_embd;
  TESSERA_TRY(get_rows(home.embd, home.s.io, step.n_tokens, home.s.x, E, home.stream));
  if (spec_.embedding_scale != 1.0f)
    TESSERA_TRY(scale(home.s.x, static_cast<int64_t>(step.n_tokens) * E, spec_.embedding_scale, home.stream));
  cur_ = home_;
  return {};
}

Status CudaModel::attention(int32_t layer, const StepShape& step) {
  return run_block(layer, BlockKind::Attention, step.n_tokens);
}
Status CudaModel::dense_ffn(int32_t layer, const StepShape& step) {
  return run_block(layer, BlockKind::DenseFfn, step.n_tokens);
}
Status CudaModel::moe_ffn(int32_t layer, const StepShape& step) {
  return run_block(layer, BlockKind::MoeFfn, step.n_tokens);
}

// Final norm, output layer, final soft-cap and argmax of the last row, on the output device.
Status CudaModel::output(const StepShape& step) {
  if (step.logits == LogitsRequest::None) return {};
  DeviceState& d = *devs_[static_cast<size_t>(plan_.mode == SplitMode::Row ? home_ : cur_)];
  TESSERA_TRY(use_device(d));
  const int64_t E = spec_.n_embd;
  const int rows = step.logits == LogitsRequest::Last ? 1 : step.n_tokens;
  const int first = step.n_tokens - rows;
  TESSERA_ASSIGN_OR_RETURN(Input in, norm_input(d, d.s.x + static_cast<int64_t>(first) * E, E, d.output_norm, rows,
                                                spec_.rms_eps, d.output, fuse_.norm_q8));
  TESSERA_TRY(matmul(d, d.output, in, rows, d.s.logits, spec_.n_vocab, false));
  if (spec_.final_softcap > 0.0f)
    TESSERA_TRY(softcap(d.s.logits, static_cast<int64_t>(rows) * spec_.n_vocab, spec_.final_softcap, d.stream));
  return cuda::argmax(d.s.logits + static_cast<int64_t>(rows - 1) * spec_.n_vocab, spec_.n_vocab, d.s.argmax_out,
                      d.s.argmax_ws, d.s.argmax_ws_bytes, d.stream);
}

Status CudaModel::run_step(int n_tok, LogitsRequest request) {
  // Positions to every other active device (the home device holds ids then positions).
  DeviceState& home = *devs_[static_cast<size_t>(home_)];
  for (auto& dp : devs_)
    if (dp->active && dp->index != home_)
      TESSERA_TRY(transfer(home_, dp->index, dp->s.io, home.s.io + n_tok, 4 * static_cast<size_t>(n_tok)));
  TESSERA_TRY(run_layer_loop(spec_, *this, {n_tok, 0, request}));
  if (plan_.mode != SplitMode::Row && cur_ != home_) {
    // Join the last device's work back into the home stream (graph capture needs it too).
    DeviceState& last = *devs_[static_cast<size_t>(cur_)];
    TESSERA_TRY(use_device(last));
    TESSERA_CUDA_CHECK_DEV(cudaEventRecord(last.event, last.stream), last.dev.physical);
    TESSERA_TRY(use_device(home));
    TESSERA_CUDA_CHECK_DEV(cudaStreamWaitEvent(home.stream, last.event, 0), home.dev.physical);
  }
  return {};
}

Status CudaModel::run_decode_graph(LogitsRequest request) {
  const int which = request == LogitsRequest::None ? 0 : 1;
  DeviceState& home = *devs_[static_cast<size_t>(home_)];
  TESSERA_TRY(use_device(home));
  if (graph_exec_[which] == nullptr) {
    TESSERA_CUDA_CHECK_DEV(cudaStreamBeginCapture(home.stream, cudaStreamCaptureModeThreadLocal), home.dev.physical);
    Status st = run_step(1, request);
    (void)cudaSetDevice(home.dev.physical);
    cudaGraph_t graph = nullptr;
    const cudaError_t end = cudaStreamEndCapture(home.stream, &graph);
    cudaGraphExec_t exec = nullptr;
    cudaError_t inst = cudaErrorUnknown;
    if (st.ok() && end == cudaSuccess && graph != nullptr) inst = cudaGraphInstantiate(&exec, graph, 0);
    if (graph != nullptr) (void)cudaGraphDestroy(graph);
    if (!st.ok() || end != cudaSuccess || inst != cudaSuccess) {
      // Capture failed: run eagerly from now on and say why in describe().
      (void)cudaGetLastError();
      graphs_enabled_ = false;
      graph_note_ = "CUDA graph capture failed (" +
                    (!st.ok() ? st.error().message : std::string(cudaGetErrorString(end != cudaSuccess ? end : inst))) +
                    "); decode runs without graphs";
      return run_step(1, request);
    }
    graph_exec_[which] = exec;
  }
  TESSERA_CUDA_CHECK_DEV(cudaGraphLaunch(graph_exec_[which], home.stream), home.dev.physical);
  return {};
}

Status CudaModel::eval(std::span<const int32_t> tokens, int32_t start_pos, LogitsRequest request) {
  TESSERA_TRY(check_eval_arguments(tokens, start_pos, request, {n_batch_, n_ctx_, n_past_, spec_.n_vocab, all_logits_}));
  const int64_t n_tok = static_cast<int64_t>(tokens.size());
  logits_rows_ = 0;
  logits_copied_ = false;
  argmax_valid_ = false;

  // Token ids then positions, one small copy from pinned memory; the previous eval's copy must have
  // left the buffer before it is rewritten (it normally has: it ran before the previous step).
  DeviceState& home0 = *devs_[static_cast<size_t>(home_)];
  if (io_pending_) {
    TESSERA_CUDA_CHECK_DEV(cudaEventSynchronize(io_copied_), home0.dev.physical);
    io_pending_ = false;
  }
  for (int64_t t = 0; t < n_tok; ++t) {
    io_host_[t] = tokens[static_cast<size_t>(t)];
    io_host_[n_tok + t] = start_pos + static_cast<int32_t>(t);
  }
  DeviceState& home = *devs_[static_cast<size_t>(home_)];
  TESSERA_TRY(use_device(home));
  TESSERA_CUDA_CHECK_DEV(
      cudaMemcpyAsync(home.s.io, io_host_, 8 * static_cast<size_t>(n_tok), cudaMemcpyHostToDevice, home.stream),
      home.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaEventRecord(io_copied_, home.stream), home.dev.physical);
  io_pending_ = true;
  if (n_tok == 1 && graphs_enabled_) {
    TESSERA_TRY(run_decode_graph(request));
  } else {
    TESSERA_TRY(run_step(static_cast<int>(n_tok), request));
  }
  TESSERA_TRY(use_device(home));
  TESSERA_CUDA_CHECK_DEV(cudaEventRecord(step_done_, home.stream), home.dev.physical);
  n_past_ = start_pos + static_cast<int32_t>(n_tok);
  if (request != LogitsRequest::None) {
    logits_rows_ = request == LogitsRequest::Last ? 1 : n_tok;
    argmax_valid_ = true;
  }
  return {};
}

Status CudaModel::wait_step(DeviceState& out) {
  TESSERA_TRY(use_device(out));
  if (out.index != home_) TESSERA_CUDA_CHECK_DEV(cudaStreamWaitEvent(out.stream, step_done_, 0), out.dev.physical);
  return {};
}

Result<std::span<const float>> CudaModel::logits() {
  if (logits_rows_ == 0)
    return make_error(ErrorKind::InvalidArgument, "the last eval produced no logits (LogitsRequest::None or none yet)");
  const size_t n = static_cast<size_t>(logits_rows_ * spec_.n_vocab);
  if (!logits_copied_) {
    DeviceState& out = *devs_[static_cast<size_t>(out_dev_)];
    TESSERA_TRY(wait_step(out));
    TESSERA_CUDA_CHECK_DEV(
        cudaMemcpyAsync(logits_host_.data(), out.s.logits, n * sizeof(float), cudaMemcpyDeviceToHost, out.stream),
        out.dev.physical);
    TESSERA_CUDA_CHECK_DEV(cudaStreamSynchronize(out.stream), out.dev.physical);
    logits_copied_ = true;
  }
  return std::span<const float>(logits_host_.data(), n);
}

Result<int32_t> CudaModel::argmax() {
  if (!argmax_valid_)
    return make_error(ErrorKind::InvalidArgument, "the last eval produced no logits (LogitsRequest::None or none yet)");
  DeviceState& out = *devs_[static_cast<size_t>(out_dev_)];
  TESSERA_TRY(wait_step(out));
  TESSERA_CUDA_CHECK_DEV(
      cudaMemcpyAsync(argmax_host_, out.s.argmax_out, sizeof(int32_t), cudaMemcpyDeviceToHost, out.stream),
      out.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaStreamSynchronize(out.stream), out.dev.physical);
  if (*argmax_host_ < 0) return nan_logits_error();  // the row holds a NaN (kernels/argmax.h)
  return *argmax_host_;
}

void CudaModel::kv_clear() {
  n_past_ = 0;
  logits_rows_ = 0;
  argmax_valid_ = false;
}

Status CudaModel::kv_keep(int32_t n) {
  if (n < 0 || n > n_past_)
    return make_error(ErrorKind::InvalidArgument,
                      "cannot keep " + std::to_string(n) + " positions: the KV cache holds " + std::to_string(n_past_));
  n_past_ = n;
  logits_rows_ = 0;
  argmax_valid_ = false;
  return {};
}

Status CudaModel::kv_remove(int32_t begin, int32_t count) {
  TESSERA_TRY(check_kv_remove_span(begin, count, n_past_));
  if (!kv_remove_supported())
    return make_error(ErrorKind::Unsupported,
                      "the CUDA backend shifts only an F16 KV cache; load with --kv-type f16 to keep the cache when "
                      "the context overflows");
  logits_rows_ = 0;
  argmax_valid_ = false;
  if (count == 0) return {};
  const int32_t first = begin + count;
  for (auto& dp : devs_) {
    DeviceState& d = *dp;
    if (!d.active || d.kv_dim == 0) continue;
    TESSERA_TRY(use_device(d));
    for (const DeviceLayer& l : d.layers) {
      if (l.kv_slot < 0) continue;
      const int kind = l.sliding ? 1 : 0;
      RopeConfig rc = rope_[kind];
      rc.theta = d.rope_theta[kind];
      const KvCacheView cache{d.k_cache(l.kv_slot, n_ctx_), d.v_cache(l.kv_slot, n_ctx_), d.kv_row_words, n_ctx_,
                              kv_type_};
      TESSERA_TRY(kv_cache_shift(cache, static_cast<int>(d.n_head_kv), static_cast<int>(spec_.head_dim), first,
                                 n_past_ - first, count, rc, d.stream));
    }
  }
  n_past_ -= count;
  return {};
}

MemoryFootprint CudaModel::footprint() const {
  MemoryFootprint f;
  for (const auto& d : devs_) {
    f.weight_bytes += d->allocated.weights;
    f.kv_cache_bytes += d->allocated.kv_cache;
    f.scratch_bytes += d->allocated.scratch;
  }
  return f;
}

std::vector<CudaDeviceUsage> CudaModel::usage() const {
  std::vector<CudaDeviceUsage> out;
  for (const auto& d : devs_) out.push_back({d->dev.index, d->dev.physical, d->dev.name, d->plan.bytes, d->allocated});
  return out;
}

std::string CudaModel::describe() const {
  int active = 0;
  for (const auto& d : devs_) active += d->active ? 1 : 0;
  std::string s = "cuda (" + devs_[static_cast<size_t>(home_)]->dev.name;
  if (devs_.size() > 1) s += ", " + std::to_string(active) + "/" + std::to_string(devs_.size()) + " devices";
  s += std::string(", split ") + split_mode_name(plan_.mode) + ", " +
       std::string(type_name(kv_cache_ggml_type(kv_type_))) + " KV cache, context " + std::to_string(n_ctx_);
  s += graphs_enabled_ ? ", CUDA graphs" : ", no CUDA graphs";
  if (!graph_note_.empty()) s += "; " + graph_note_;
  for (const auto& n : notes_) s += "; " + n;
  return s + ")";
}

}  // namespace tessera::cuda
