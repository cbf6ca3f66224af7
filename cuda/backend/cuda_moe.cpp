// The mixture-of-experts FFN block on one device: routing, the chosen experts' products (decode,
// grouped tensor-core prefill, or a GEMM per expert), and their weighted sum.
#include <algorithm>

#include "backend/backend_kernels.h"
#include "backend/cuda_matmul.h"
#include "cuda_check.h"
#include "kernels/dequant.h"
#include "kernels/elementwise.h"
#include "kernels/expert_gemm.h"
#include "kernels/moe.h"

namespace tessera::cuda {

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

// The shared expert after the routed ones. Its input is the normed rows again (Input without the
// q8/f16 flags): the routed experts' products may have reused Scratch::in for their own inputs.
Status CudaModel::shared_expert_part(DeviceState& d, const DeviceLayer& l, int n_tok, float* out) {
  const int64_t E = spec_.n_embd;
  const WeightMatrix& gate = l[LayerTensor::SharedGate];
  const int64_t Fs = gate.rows;
  Input in{d.s.xb, E, E};
  TESSERA_TRY(matmul(d, gate, in, n_tok, d.s.gate, Fs, false));
  TESSERA_TRY(matmul(d, l[LayerTensor::SharedUp], in, n_tok, d.s.up, Fs, false));
  TESSERA_TRY(glu(spec_.activation, d.s.gate, d.s.up, d.s.gate, static_cast<int64_t>(n_tok) * Fs, d.stream));
  Input h{d.s.gate, Fs, Fs};
  const float* logit = l.vec(LayerTensor::SharedGateLogit);
  if (logit == nullptr) return matmul(d, l[LayerTensor::SharedDown], h, n_tok, out, E, true);
  // out += sigmoid(logit . h) Wdown_s g: the product to the expert-output region (free once the
  // routed experts were summed), then one kernel for the gate and the add.
  TESSERA_TRY(matmul(d, l[LayerTensor::SharedDown], h, n_tok, d.s.moe_out, E, false));
  return add_sigmoid_scaled_rows(out, E, d.s.moe_out, E, d.s.xb, E, logit, E, n_tok, true, d.stream);
}

}  // namespace tessera::cuda
