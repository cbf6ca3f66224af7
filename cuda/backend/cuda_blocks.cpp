// The blocks of core's layer loop (layer_loop.h) and how each runs across the devices: on the
// layer's device (Layer/None, the residual stream moved there first) or as partial sums of every
// participating device reduced on the main device (Row).
#include <cmath>

#include "backend/backend_kernels.h"
#include "backend/cuda_matmul.h"
#include "cuda_check.h"
#include "kernels/argmax.h"
#include "kernels/dequant.h"
#include "kernels/elementwise.h"
#include "kernels/norm.h"

namespace tessera::cuda {

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
static const WeightMatrix& first_matrix(const DeviceLayer& l, int n_tok, bool attention, bool moe, bool delta = false,
                                        bool latent = false) {
  if (delta) return l[LayerTensor::DeltaQkv];
  if (latent) return l[LayerTensor::AttnQA].rows > 0 ? l[LayerTensor::AttnQA] : l[LayerTensor::Wq];
  if (attention) return first_attention_matrix(l, n_tok);
  if (moe) {
    // The experts read h unless they read their own norm of x (Gemma 4): then nothing reads h first.
    static const WeightMatrix kNone{};
    if (l.vec(LayerTensor::FfnPreNorm2) != nullptr) return kNone;
    return l[LayerTensor::ExpertGateUp].rows > 0 ? l[LayerTensor::ExpertGateUp] : l[LayerTensor::ExpertGate];
  }
  return first_ffn_matrix(l, n_tok);
}

Status CudaModel::run_block(int32_t li, BlockKind kind, int n_tok) {
  if (placement_.mode == SplitMode::Row) return row_block(li, kind, n_tok);
  const int64_t E = spec_.n_embd;
  const int dev = placement_.layer_device[static_cast<size_t>(li)];
  DeviceState& d = *devs_[static_cast<size_t>(dev)];
  if (dev != cur_) {
    TESSERA_TRY(transfer(cur_, dev, d.s.x, devs_[static_cast<size_t>(cur_)]->s.x, 4 * static_cast<size_t>(n_tok * E)));
    cur_ = dev;
  }
  TESSERA_TRY(use_device(d));
  const DeviceLayer& l = d.layers[static_cast<size_t>(d.layer_index[static_cast<size_t>(li)])];
  const bool delta = kind == BlockKind::DeltaNet, latent = kind == BlockKind::LatentAttention;
  const bool attn = kind == BlockKind::Attention || delta || latent, moe = kind == BlockKind::MoeFfn;
  const BlockSlots s = slots_of(attn);
  TESSERA_ASSIGN_OR_RETURN(Input in, norm_input(d, d.s.x, E, l.vec(s.norm), n_tok, spec_.rms_eps,
                                                first_matrix(l, n_tok, attn, moe, delta, latent), fuse_.norm_q8));
  // Without a post-norm the block's output is added to the residual inside its last product (a
  // recurrent block has none: model_spec.h's x = x + DeltaOut o).
  const float* post = delta ? nullptr : l.vec(s.post_norm);
  float* out = post != nullptr ? d.s.xb2 : d.s.x;
  const bool acc = post == nullptr;
  if (delta) {
    TESSERA_TRY(delta_net_part(d, l, n_tok, in, out, acc));
    return finish_block(d, nullptr, nullptr, out, n_tok);
  }
  if (latent) {
    TESSERA_TRY(latent_part(d, l, n_tok, in, out, acc));
  } else if (attn) {
    TESSERA_TRY(attention_part(d, l, n_tok, in, out, acc));
  } else if (moe) {
    TESSERA_TRY(moe_ffn_part(d, l, n_tok, in, out, acc));
    if (l[LayerTensor::SharedGate].rows > 0) TESSERA_TRY(shared_expert_part(d, l, n_tok, out));
  } else {
    TESSERA_TRY(ffn_part(d, l, n_tok, in, out, acc));
  }
  return finish_block(d, attn ? l.vec(LayerTensor::Bo) : nullptr, post, out, n_tok);
}

// Row split: normalise on main, broadcast, partial products on every participant, the partial
// sums added on main in device order, then bias, post-norm and the residual add on main.
Status CudaModel::row_block(int32_t li, BlockKind kind, int n_tok) {
  // Refused by the planner (plan_for_load's row split), so that a placement never asks for them.
  if (kind == BlockKind::MoeFfn)
    return make_error(ErrorKind::Unsupported, "row split of a mixture-of-experts layer");
  if (kind == BlockKind::DeltaNet)
    return make_error(ErrorKind::Unsupported, "row split of a recurrent (Gated DeltaNet) layer; use layer split");
  if (kind == BlockKind::LatentAttention)
    return make_error(ErrorKind::Unsupported, "row split of a latent attention layer; use layer split");
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
  if (spec_.n_embd_per_layer > 0) TESSERA_TRY(per_layer_inputs(step.n_tokens));
  return {};
}

// Gemma 4 E2B/E4B: every layer's input e_l = (norm(per_layer_model_proj x / sqrt(n_embd), gain)_l +
// sqrt(P) per_layer_token_embd[token]_l) / sqrt(2) on the home device, then to the devices whose
// layers add them (the placement's PerLayerInputs transfers).
Status CudaModel::per_layer_inputs(int n_tok) {
  DeviceState& home = *devs_[static_cast<size_t>(home_)];
  const int64_t E = spec_.n_embd, P = spec_.n_embd_per_layer, all = P * spec_.n_layer;
  const int64_t n = static_cast<int64_t>(n_tok) * all;
  Input x{home.s.x, E, E};
  TESSERA_TRY(matmul(home, home.ple_model_proj, x, n_tok, home.s.ple_proj, all, false));
  TESSERA_TRY(scale(home.s.ple_proj, n, 1.0f / std::sqrt(static_cast<float>(E)), home.stream));
  TESSERA_TRY(rms_norm(home.s.ple_proj, P, home.ple_proj_norm, home.s.ple_proj, P, static_cast<int64_t>(n_tok) * spec_.n_layer,
                       P, spec_.rms_eps, home.stream));
  TESSERA_TRY(get_rows(home.ple_token_embd, home.s.io, n_tok, home.s.ple, all, home.stream));
  TESSERA_TRY(scale(home.s.ple, n, std::sqrt(static_cast<float>(P)), home.stream));
  TESSERA_TRY(add(home.s.ple_proj, home.s.ple, home.s.ple, n, home.stream));
  TESSERA_TRY(scale(home.s.ple, n, 1.0f / std::sqrt(2.0f), home.stream));
  for (const Transfer& t : placement_.transfers)
    if (t.kind == TransferKind::PerLayerInputs)
      TESSERA_TRY(transfer(t.from, t.to, devs_[static_cast<size_t>(t.to)]->s.ple, home.s.ple,
                           4 * static_cast<size_t>(n)));
  return use_device(home);
}

// After a layer's FFN, on its device: x += norm(PleProj (gelu(PleGate x) e_l), PlePostNorm) where the
// layer has per-layer embeddings, then x *= the layer's output scale where it has one (Gemma 4).
Status CudaModel::layer_output(int32_t li, const StepShape& step) {
  const int n_tok = step.n_tokens;
  const int64_t E = spec_.n_embd;
  // The residual's device: the layer's (Layer/None), the main device in row split.
  DeviceState& d = *devs_[static_cast<size_t>(placement_.mode == SplitMode::Row ? home_ : cur_)];
  TESSERA_TRY(use_device(d));
  const DeviceLayer& l = d.layers[static_cast<size_t>(d.layer_index[static_cast<size_t>(li)])];
  if (l[LayerTensor::PleGate].rows > 0) {
    const int64_t P = spec_.n_embd_per_layer, all = P * spec_.n_layer;
    Input x{d.s.x, E, E};
    TESSERA_TRY(matmul(d, l[LayerTensor::PleGate], x, n_tok, d.s.ple_gate, P, false));
    TESSERA_TRY(gelu_gate_rows(d.s.ple_gate, P, d.s.ple + static_cast<int64_t>(li) * P, all, P, n_tok, d.stream));
    Input g{d.s.ple_gate, P, P};
    TESSERA_TRY(matmul(d, l[LayerTensor::PleProj], g, n_tok, d.s.xb2, E, false));
    TESSERA_TRY(finish_block(d, nullptr, l.vec(LayerTensor::PlePostNorm), d.s.xb2, n_tok));
  }
  if (const float* s = l.vec(LayerTensor::LayerOutScale))
    TESSERA_TRY(scale_by_scalar(d.s.x, static_cast<int64_t>(n_tok) * E, s, d.stream));
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
Status CudaModel::gated_delta_net(int32_t layer, const StepShape& step) {
  return run_block(layer, BlockKind::DeltaNet, step.n_tokens);
}
Status CudaModel::latent_attention(int32_t layer, const StepShape& step) {
  return run_block(layer, BlockKind::LatentAttention, step.n_tokens);
}

// Final norm, output layer, final soft-cap and argmax of the last row, on the output device.
Status CudaModel::output(const StepShape& step) {
  if (step.logits == LogitsRequest::None) return {};
  DeviceState& d = *devs_[static_cast<size_t>(placement_.mode == SplitMode::Row ? home_ : cur_)];
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

}  // namespace tessera::cuda
