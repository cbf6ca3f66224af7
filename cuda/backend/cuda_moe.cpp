// The mixture-of-experts FFN block on one device: routing, the chosen experts' products (decode,
// grouped tensor-core prefill, or a GEMM per expert), and their weighted sum; Gemma 4's branch
// around them (its own router and expert inputs, post-norms, the dense MLP beside the experts).
#include <algorithm>
#include <cmath>

#include "backend/backend_kernels.h"
#include "backend/cuda_matmul.h"
#include "cuda_check.h"
#include "kernels/dequant.h"
#include "kernels/elementwise.h"
#include "kernels/expert_gemm.h"
#include "kernels/moe.h"
#include "kernels/moe_router.h"
#include "kernels/norm.h"

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

// Expert e's matrix of an expert set.
WeightMatrix expert_matrix(const ExpertWeights& w, int32_t e) {
  WeightMatrix m = w.first;
  m.data = static_cast<const uint8_t*>(w.first.data) + static_cast<size_t>(e) * w.expert_bytes;
  return m;
}

// A layer's gate, up and down experts. Gemma 4's ffn_gate_up_exps holds per expert its F gate rows
// then its F up rows (as the CPU reads it): two views with a stride of 2F rows, which every expert
// kernel takes as it takes separate tensors.
struct LayerExperts {
  ExpertWeights gate, up, down;
};
LayerExperts layer_experts(const DeviceLayer& l, int64_t E, int64_t F, int32_t n_expert) {
  LayerExperts x;
  const WeightMatrix& fused = l[LayerTensor::ExpertGateUp];
  if (fused.rows > 0) {
    x.gate = experts_of(fused, 2 * F, n_expert);
    x.gate.first.rows = F;
    x.up = x.gate;
    x.up.first.data = static_cast<const uint8_t*>(fused.data) + static_cast<size_t>(F) * fused.row_stride;
  } else {
    x.gate = experts_of(l[LayerTensor::ExpertGate], F, n_expert);
    x.up = experts_of(l[LayerTensor::ExpertUp], F, n_expert);
  }
  x.down = experts_of(l[LayerTensor::ExpertDown], E, n_expert);
  return x;
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

// Router logits (+ bias) from `router_in`, then each token's experts and weights (d.s.moe_ids,
// d.s.moe_weights): Mixtral's softmax top-k by the measured moe_route kernels, every other choice of
// RouterParams by moe_route_choices (both on the f32 logits: near-ties decide as on the CPU).
Status CudaModel::moe_route_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& router_in) {
  const int32_t n_expert = spec_.n_expert, k = spec_.n_expert_used;
  TESSERA_TRY(router_logits(d, l[LayerTensor::Router], router_in, n_tok, d.s.moe_logits, n_expert));
  TESSERA_TRY(add_bias_rows(d.s.moe_logits, n_expert, l.vec(LayerTensor::RouterBias), n_expert, n_tok, d.stream));
  const RouterParams& rp = spec_.router;
  const float* select_bias = l.vec(LayerTensor::RouterSelectBias);
  if (rp.gating == ExpertGating::Softmax && rp.normalize && rp.scale == 1.0f && rp.n_group <= 1 &&
      !rp.select_on_logits && select_bias == nullptr)
    return moe_route(d.s.moe_logits, n_expert, n_tok, n_expert, k, d.s.moe_ids, d.s.moe_weights, d.stream);
  MoeRouting r;
  r.sigmoid = rp.gating == ExpertGating::Sigmoid;
  r.select_bias = select_bias;
  r.select_on_logits = rp.select_on_logits;
  r.n_group = rp.n_group;
  r.n_group_used = rp.n_group_used;
  r.normalize = rp.normalize;
  r.scale = rp.scale;
  return moe_route_choices(d.s.moe_logits, n_expert, n_tok, n_expert, k, r, d.s.moe_ids, d.s.moe_weights, d.stream);
}

// The chosen experts' gate/up (+ biases) on `in`, activation, down (+ bias), and out (+)= their
// weighted sum (times the per-expert output scale where the layer has one). With the router's
// weight on the inputs (Llama 4) each slot's input is its weight times the row, and the sum is
// unweighted.
Status CudaModel::moe_experts_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out,
                                   bool accumulate) {
  const int64_t E = spec_.n_embd, F = l.n_ff;
  const int32_t n_expert = spec_.n_expert, k = spec_.n_expert_used;
  const LayerExperts x = layer_experts(l, E, F, n_expert);
  const float* gate_bias = l.vec(LayerTensor::ExpertGateBias);
  const float* up_bias = l.vec(LayerTensor::ExpertUpBias);
  const float* down_bias = l.vec(LayerTensor::ExpertDownBias);
  const bool weight_input = spec_.router.weight_input;
  const float* out_scale = l.vec(LayerTensor::ExpertDownScale);
  auto combine = [&](const int32_t* slot_row) {
    return moe_combine(d.s.moe_out, E, slot_row, weight_input ? nullptr : d.s.moe_weights, n_tok, k, E, out, E,
                       accumulate, d.stream, d.s.moe_ids, out_scale);
  };
  const bool quantized = !is_float_type(x.gate.first.type);
  if (n_tok == 1) {
    // Decode: the experts are chosen on the device and the kernels read only their rows.
    if (gate_bias != nullptr || up_bias != nullptr || weight_input) {
      // Expert biases (gpt-oss) or an input per slot (Llama 4): gate and up as separate expert
      // matvecs, each chosen expert's biases added, then the activation (the fused gate|up kernel
      // takes one input and no biases).
      const float* xs = in.x;
      int64_t ldx = in.ld;
      const void* q8 = d.s.in;
      if (weight_input) {
        TESSERA_TRY(moe_weighted_rows(in.x, in.ld, nullptr, d.s.moe_weights, 1, k, E, d.s.moe_in, E, d.stream));
        xs = d.s.moe_in;
        ldx = E;
        q8 = d.s.moe_q8;  // free until the down products' inputs
        if (quantized) TESSERA_TRY(quantize_activations(d.s.moe_in, E, E, k, d.s.moe_q8, d.stream));
      } else if (quantized && !in.q8) {
        TESSERA_TRY(quantize_activations(in.x, in.ld, in.cols, 1, d.s.in, d.stream));
        in.q8 = true;
      }
      TESSERA_TRY(matvec_experts(x.gate, d.s.moe_ids, k, xs, ldx, q8, weight_input, d.s.moe_gate, F, d.stream));
      TESSERA_TRY(matvec_experts(x.up, d.s.moe_ids, k, xs, ldx, q8, weight_input, d.s.moe_up, F, d.stream));
      TESSERA_TRY(add_expert_bias(d.s.moe_gate, F, d.s.moe_ids, gate_bias, k, F, d.stream));
      TESSERA_TRY(add_expert_bias(d.s.moe_up, F, d.s.moe_ids, up_bias, k, F, d.stream));
      TESSERA_TRY(
          glu(spec_.activation, d.s.moe_gate, d.s.moe_up, d.s.moe_gate, static_cast<int64_t>(k) * F, d.stream));
    } else {
      if (quantized && !in.q8) {
        TESSERA_TRY(quantize_activations(in.x, in.ld, in.cols, 1, d.s.in, d.stream));
        in.q8 = true;
      }
      TESSERA_TRY(matvec_glu_experts(x.gate, x.up, d.s.moe_ids, k, in.x, d.s.in, d.s.moe_gate, F, spec_.activation,
                                     d.stream));
    }
    if (!is_float_type(x.down.first.type))
      TESSERA_TRY(quantize_activations(d.s.moe_gate, F, F, k, d.s.moe_q8, d.stream));
    TESSERA_TRY(matvec_experts(x.down, d.s.moe_ids, k, d.s.moe_gate, F, d.s.moe_q8, true, d.s.moe_out, E, d.stream));
    TESSERA_TRY(add_expert_bias(d.s.moe_out, E, d.s.moe_ids, down_bias, k, E, d.stream));
    return combine(nullptr);
  }
  // Prefill. Quantized experts: the rows are grouped by expert on the device (no host round trip)
  // and every expert's rows go through one tensor-core launch for gate|up with the activation and
  // biases applied (f16 out), and one for down (expert_gemm.h; docs/perf.md "MoE prefill, round 3").
  const int rows = n_tok * k;
  if (E % 8 == 0 && F % 8 == 0 && n_expert <= kMaxGroupedExperts && expert_gemm_supported(x.gate) &&
      expert_gemm_supported(x.up) && expert_gemm_supported(x.down) && x.gate.first.type == x.up.first.type) {
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
    ExpertInputs xin;
    if (weight_input) {
      // Each routed row's own input, weight times row: f32 in the expert-input region, then f16 in the
      // expert-output region (free until the down products).
      TESSERA_TRY(moe_weighted_rows(in.x, in.ld, g.slot_row, d.s.moe_weights, n_tok, k, E, d.s.moe_in, E, d.stream));
      uint16_t* xh = reinterpret_cast<uint16_t*>(d.s.moe_out);
      TESSERA_TRY(convert_rows_f32_to_f16(d.s.moe_in, E, xh, E, rows, E, d.stream));
      xin = ExpertInputs{xh, E, nullptr};
    } else {
      uint16_t* xf = static_cast<uint16_t*>(d.s.in);
      if (!in.f16) {
        TESSERA_TRY(convert_rows_f32_to_f16(in.x, in.ld, xf, in.cols, n_tok, in.cols, d.stream));
        in.f16 = true;
      }
      xin = ExpertInputs{xf, in.cols, g.x_rows};
    }
    const ExpertTiles tiles{g.tiles, g.n_tiles, capacity, tile_rows};
    uint16_t* h = reinterpret_cast<uint16_t*>(d.s.moe_gate);  // rows x F halves in the gate region
    TESSERA_TRY(expert_gemm_glu(x.gate, x.up, gate_bias, up_bias, spec_.activation, tiles, xin, h, F, d.stream));
    TESSERA_TRY(expert_gemm(x.down, down_bias, tiles, ExpertInputs{h, F, nullptr}, d.s.moe_out, E, d.stream));
    return combine(g.slot_row);
  }
  // Float experts (or a layout the kernel does not read): the rows are grouped on the host and
  // every expert with rows gets its own tensor-core GEMMs.
  std::vector<int32_t> offsets;
  TESSERA_TRY(moe_prefill_routes(d, n_tok, offsets));
  if (weight_input) {
    TESSERA_TRY(moe_weighted_rows(in.x, in.ld, d.s.moe_slot_row, d.s.moe_weights, n_tok, k, E, d.s.moe_in, E,
                                  d.stream));
  } else {
    TESSERA_TRY(gather_rows(in.x, in.ld, d.s.moe_gather, rows, E, d.s.moe_in, E, d.stream));
  }
  for (int32_t e = 0; e < n_expert; ++e) {
    const int32_t r0 = offsets[static_cast<size_t>(e)], n = offsets[static_cast<size_t>(e) + 1] - r0;
    if (n == 0) continue;
    Input ein{d.s.moe_in + static_cast<int64_t>(r0) * E, E, E};
    float* g = d.s.moe_gate + static_cast<int64_t>(r0) * F;
    float* u = d.s.moe_up + static_cast<int64_t>(r0) * F;
    TESSERA_TRY(matmul(d, expert_matrix(x.gate, e), ein, n, g, F, false));
    TESSERA_TRY(matmul(d, expert_matrix(x.up, e), ein, n, u, F, false));
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
    TESSERA_TRY(matmul(d, expert_matrix(x.down, e), h, n, o, E, false));
    const size_t eE = static_cast<size_t>(e) * static_cast<size_t>(E);
    TESSERA_TRY(add_bias_rows(o, E, down_bias != nullptr ? down_bias + eE : nullptr, E, n, d.stream));
  }
  return combine(d.s.moe_slot_row);
}

// The mixture-of-experts FFN of a layer (model_spec.h's MoE equations) before the shared expert:
// out (+)= the experts' sum. `in` holds h = norm(x, FfnNorm) in d.s.xb; d.s.x is the residual, which
// nothing here writes before its last read. Gemma 4's branch: the router reads norm(x) RouterScale /
// sqrt(n_embd) and the experts norm(x, FfnPreNorm2), each staged in the expert-output region (read
// by the router, or by the gate/up products or the gather of their rows, before the down products
// write there); the experts' sum is normed by FfnPostNorm2; the dense MLP beside them runs on h, its
// output normed by FfnPostNorm1 (in the expert-output region, free after the sum) and added.
Status CudaModel::moe_ffn_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out,
                               bool accumulate) {
  const int64_t E = spec_.n_embd, n = static_cast<int64_t>(n_tok) * E;
  const float eps = spec_.rms_eps;
  const float* router_scale = l.vec(LayerTensor::RouterScale);
  const float* pre_norm = l.vec(LayerTensor::FfnPreNorm2);
  const float* post_norm = l.vec(LayerTensor::FfnPostNorm2);
  if (router_scale != nullptr) {
    MatmulInput router_in{d.s.moe_out, E, E};
    TESSERA_TRY(rms_norm(d.s.x, E, router_scale, d.s.moe_out, E, n_tok, E, eps, d.stream));
    TESSERA_TRY(scale(d.s.moe_out, n, 1.0f / std::sqrt(static_cast<float>(E)), d.stream));
    TESSERA_TRY(moe_route_part(d, l, n_tok, router_in));
    in.q8 = in.f16 = false;  // the router's input may have taken Scratch::in
  } else {
    TESSERA_TRY(moe_route_part(d, l, n_tok, in));
  }
  MatmulInput normed{d.s.moe_out, E, E};
  if (pre_norm != nullptr) {
    TESSERA_TRY(rms_norm(d.s.x, E, pre_norm, d.s.moe_out, E, n_tok, E, eps, d.stream));
    in.q8 = in.f16 = false;  // the experts' input takes Scratch::in
  }
  // The experts' sum: into out, or (post-normed) normed in out when the block writes it, else
  // normed in the expert-input region (free once the products ran) and added.
  float* sum = post_norm != nullptr && accumulate ? d.s.moe_in : out;
  TESSERA_TRY(moe_experts_part(d, l, n_tok, pre_norm != nullptr ? normed : in, sum, post_norm == nullptr && accumulate));
  if (post_norm != nullptr) {
    TESSERA_TRY(rms_norm(sum, E, post_norm, sum, E, n_tok, E, eps, d.stream));
    if (sum != out) TESSERA_TRY(add(out, sum, out, n, d.stream));
  }
  const WeightMatrix& dense_gate = l[LayerTensor::FfnGate];
  if (dense_gate.rows == 0) return {};
  Input h{d.s.xb, E, E};  // Scratch::in no longer holds h's copy
  const float* dense_post = l.vec(LayerTensor::FfnPostNorm1);
  if (dense_post == nullptr) return dense_mlp_part(d, l, dense_gate.rows, n_tok, h, out, true);
  TESSERA_TRY(dense_mlp_part(d, l, dense_gate.rows, n_tok, h, d.s.moe_out, false));
  TESSERA_TRY(rms_norm(d.s.moe_out, E, dense_post, d.s.moe_out, E, n_tok, E, eps, d.stream));
  return add(out, d.s.moe_out, out, n, d.stream);
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
