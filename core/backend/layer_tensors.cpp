#include "backend/layer_tensors.h"

#include "backend/model_spec.h"

namespace tessera {

const std::array<LayerTensorInfo, kLayerTensorCount>& layer_tensor_table() {
  using L = LayerTensor;
  using K = TensorKind;
  using R = RowSlice;
  // One row per slot, in enum order (checked by tests/core/backend/layer_tensors_test.cpp).
  static constexpr std::array<LayerTensorInfo, kLayerTensorCount> table = {{
      {L::AttnNorm, "attn_norm.weight", K::Vector, R::MainOnly},
      {L::Wq, "attn_q.weight", K::Matrix, R::QueryRows},
      {L::Wk, "attn_k.weight", K::Matrix, R::KvRows},
      {L::Wv, "attn_v.weight", K::Matrix, R::KvRows},
      {L::Bq, "attn_q.bias", K::Vector, R::QueryRows},
      {L::Bk, "attn_k.bias", K::Vector, R::KvRows},
      {L::Bv, "attn_v.bias", K::Vector, R::KvRows},
      {L::QNorm, "attn_q_norm.weight", K::Vector, R::EveryDevice},
      {L::KNorm, "attn_k_norm.weight", K::Vector, R::EveryDevice},
      {L::AttnSinks, "attn_sinks.weight", K::Vector, R::QueryHeads},
      {L::Wo, "attn_output.weight", K::Matrix, R::QueryColumns},
      {L::Bo, "attn_output.bias", K::Vector, R::MainOnly},
      {L::AttnPostNorm, "post_attention_norm.weight", K::Vector, R::MainOnly},
      {L::FfnNorm, "ffn_norm.weight", K::Vector, R::MainOnly},
      {L::FfnGate, "ffn_gate.weight", K::Matrix, R::FfnRows},
      {L::FfnUp, "ffn_up.weight", K::Matrix, R::FfnRows},
      {L::FfnDown, "ffn_down.weight", K::Matrix, R::FfnColumns},
      {L::Router, "ffn_gate_inp.weight", K::Matrix, R::MainOnly},
      {L::RouterBias, "ffn_gate_inp.bias", K::Vector, R::MainOnly},
      {L::ExpertGate, "ffn_gate_exps.weight", K::Matrix, R::Unsplittable},
      {L::ExpertUp, "ffn_up_exps.weight", K::Matrix, R::Unsplittable},
      {L::ExpertDown, "ffn_down_exps.weight", K::Matrix, R::Unsplittable},
      {L::ExpertGateBias, "ffn_gate_exps.bias", K::Vector, R::Unsplittable},
      {L::ExpertUpBias, "ffn_up_exps.bias", K::Vector, R::Unsplittable},
      {L::ExpertDownBias, "ffn_down_exps.bias", K::Vector, R::Unsplittable},
      {L::FfnPostNorm, "post_ffw_norm.weight", K::Vector, R::MainOnly},
      {L::SharedGateLogit, "ffn_gate_inp_shexp.weight", K::Vector, R::Unsplittable},
      {L::SharedGate, "ffn_gate_shexp.weight", K::Matrix, R::Unsplittable},
      {L::SharedUp, "ffn_up_shexp.weight", K::Matrix, R::Unsplittable},
      {L::SharedDown, "ffn_down_shexp.weight", K::Matrix, R::Unsplittable},
      {L::DeltaQkv, "attn_qkv.weight", K::Matrix, R::Unsplittable},
      {L::DeltaGate, "attn_gate.weight", K::Matrix, R::Unsplittable},
      {L::DeltaBeta, "ssm_beta.weight", K::Matrix, R::Unsplittable},
      {L::DeltaAlpha, "ssm_alpha.weight", K::Matrix, R::Unsplittable},
      {L::DeltaBetaAlpha, "ssm_ba.weight", K::Matrix, R::Unsplittable},
      {L::DeltaConv, "ssm_conv1d.weight", K::Vector, R::Unsplittable},
      {L::DeltaDtBias, "ssm_dt.bias", K::Vector, R::Unsplittable},
      {L::DeltaA, "ssm_a", K::Vector, R::Unsplittable},
      {L::DeltaNorm, "ssm_norm.weight", K::Vector, R::Unsplittable},
      {L::DeltaOut, "ssm_out.weight", K::Matrix, R::Unsplittable},
  }};
  return table;
}

std::vector<int64_t> layer_tensor_shape(LayerTensor t, const ModelSpec& m, const LayerSpec& l) {
  const int64_t E = m.n_embd, Q = m.q_dim(), K = m.kv_dim(), D = m.head_dim, F = l.n_ff, X = m.n_expert,
                H = m.n_head, S = l.n_ff_shared;
  const DeltaNetParams& dn = m.delta_net;
  const int64_t Vd = dn.value_dim(), Hv = dn.n_v_heads, C = dn.conv_channels();
  switch (t) {
    case LayerTensor::AttnNorm:
    case LayerTensor::Bo:
    case LayerTensor::AttnPostNorm:
    case LayerTensor::FfnNorm:
    case LayerTensor::FfnPostNorm:
      return {E};
    case LayerTensor::Wq:
      return {E, m.attention_output_gate ? 2 * Q : Q};
    case LayerTensor::Wk:
    case LayerTensor::Wv:
      return {E, K};
    case LayerTensor::Bq:
      return {Q};
    case LayerTensor::Bk:
    case LayerTensor::Bv:
      return {K};
    case LayerTensor::QNorm:
    case LayerTensor::KNorm:
      return {D};
    case LayerTensor::AttnSinks:
      return {H};
    case LayerTensor::RouterBias:
      return {X};
    case LayerTensor::ExpertGateBias:
    case LayerTensor::ExpertUpBias:
      return {F, X};
    case LayerTensor::ExpertDownBias:
      return {E, X};
    case LayerTensor::Wo:
      return {Q, E};
    case LayerTensor::FfnGate:
    case LayerTensor::FfnUp:
      return {E, F};
    case LayerTensor::FfnDown:
      return {F, E};
    case LayerTensor::Router:
      return {E, X};
    case LayerTensor::ExpertGate:
    case LayerTensor::ExpertUp:
      return {E, F, X};
    case LayerTensor::ExpertDown:
      return {F, E, X};
    case LayerTensor::SharedGateLogit:
      return {E};
    case LayerTensor::SharedGate:
    case LayerTensor::SharedUp:
      return {E, S};
    case LayerTensor::SharedDown:
      return {S, E};
    case LayerTensor::DeltaQkv:
      return {E, C};
    case LayerTensor::DeltaGate:
      return {E, Vd};
    case LayerTensor::DeltaBeta:
    case LayerTensor::DeltaAlpha:
      return {E, Hv};
    case LayerTensor::DeltaBetaAlpha:
      return {E, 2 * Hv};
    case LayerTensor::DeltaConv:
      return {dn.conv_kernel, C};
    case LayerTensor::DeltaDtBias:
    case LayerTensor::DeltaA:
      return {Hv};
    case LayerTensor::DeltaNorm:
      return {dn.head_v_dim};
    case LayerTensor::DeltaOut:
      return {Vd, E};
    case LayerTensor::Count:
      break;
  }
  return {};
}

}  // namespace tessera
