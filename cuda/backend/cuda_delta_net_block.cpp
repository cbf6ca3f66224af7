// The Gated DeltaNet block's work on one device (model_spec.h's equations): the in-projections, the
// causal convolution with its rolling state, SiLU and the q/k L2 norms, the gates, the gated delta
// rule on the layer's state, the gated RMS norm, and the out-projection.
//
// Decode (up to kDeltaDecodeTokens tokens) runs the fused step (delta_rule_decode: gates, update and
// norm in one launch per layer); a prompt computes the gates, then the chunked kernel (tensor-core
// chunk products) where its tiles take the heads, else the sequential one, then the gated norm.
#include <cmath>

#include "backend/cuda_matmul.h"
#include "kernels/delta_net_conv.h"
#include "kernels/delta_net_gates.h"
#include "kernels/delta_rule.h"
#include "kernels/gated_norm.h"

namespace tessera::cuda {
namespace {

// Steps of at most this many tokens take the fused one-CTA-per-head kernel; longer ones the prompt
// kernels, whose parallelism grows with the tokens.
constexpr int kDeltaDecodeTokens = 1;

DeltaNetHeads heads_of(const DeltaNetParams& dn) {
  DeltaNetHeads h;
  h.n_k_heads = static_cast<int>(dn.n_k_heads);
  h.n_v_heads = static_cast<int>(dn.n_v_heads);
  h.dk = static_cast<int>(dn.head_k_dim);
  h.dv = static_cast<int>(dn.head_v_dim);
  h.v_heads_tiled = dn.v_heads_tiled;
  return h;
}

}  // namespace

Status check_delta_net_layers(const ModelSpec& spec) {
  if (!spec.has_recurrent_layers()) return {};
  const DeltaNetParams& dn = spec.delta_net;
  TESSERA_TRY(check_delta_net_heads(heads_of(dn)));
  if (dn.conv_kernel < 2 || dn.conv_kernel > kMaxDeltaConvWidth)
    return make_error(ErrorKind::Unsupported, "the CUDA Gated DeltaNet convolution takes kernel widths 2.." +
                                                  std::to_string(kMaxDeltaConvWidth) + "; " + spec.source_path +
                                                  " has " + std::to_string(dn.conv_kernel));
  for (const LayerSpec& l : spec.layers) {
    if (!l.is_recurrent()) continue;
    for (LayerTensor t : {LayerTensor::DeltaQkv, LayerTensor::DeltaGate, LayerTensor::DeltaConv, LayerTensor::DeltaA,
                          LayerTensor::DeltaDtBias, LayerTensor::DeltaNorm, LayerTensor::DeltaOut})
      if (!l.has(t))
        return make_error(ErrorKind::BadFile, std::string("a Gated DeltaNet layer of ") + spec.source_path +
                                                  " lacks its tensor '" + std::string(layer_tensor_info(t).gguf_name) +
                                                  "'");
    if (!l.has(LayerTensor::DeltaBetaAlpha) && !(l.has(LayerTensor::DeltaBeta) && l.has(LayerTensor::DeltaAlpha)))
      return make_error(ErrorKind::BadFile, "a Gated DeltaNet layer of " + spec.source_path +
                                                " has neither ssm_ba nor both ssm_beta and ssm_alpha");
  }
  return {};
}

Status CudaModel::delta_net_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out,
                                 bool accumulate) {
  const DeltaNetParams& dn = spec_.delta_net;
  const DeltaNetHeads heads = heads_of(dn);
  const int64_t E = spec_.n_embd, C = dn.conv_channels(), Kq = dn.key_dim(), Vd = dn.value_dim();
  const int Hv = heads.n_v_heads;
  // In-projections: q|k|v, z, and the gate logits as rows of 2 Hv (delta_net_gates.cuh's groups:
  // Qwen3-Next's ssm_ba rows are already grouped per key head; Qwen3.5's beta and alpha go side by
  // side, one group of Hv).
  TESSERA_TRY(matmul(d, l[LayerTensor::DeltaQkv], in, n_tok, d.s.dn_proj, C, false));
  TESSERA_TRY(matmul(d, l[LayerTensor::DeltaGate], in, n_tok, d.s.dn_z, Vd, false));
  int group = Hv;
  if (l[LayerTensor::DeltaBetaAlpha].rows > 0) {
    TESSERA_TRY(matmul(d, l[LayerTensor::DeltaBetaAlpha], in, n_tok, d.s.dn_logits, 2 * Hv, false));
    group = Hv / heads.n_k_heads;
  } else {
    TESSERA_TRY(matmul(d, l[LayerTensor::DeltaBeta], in, n_tok, d.s.dn_logits, 2 * Hv, false));
    TESSERA_TRY(matmul(d, l[LayerTensor::DeltaAlpha], in, n_tok, d.s.dn_logits + Hv, 2 * Hv, false));
  }
  DeltaConvArgs c;
  c.x = d.s.dn_proj;
  c.x_stride = C;
  c.out = d.s.dn_conv;
  c.out_stride = C;
  c.w = l.vec(LayerTensor::DeltaConv);
  c.state = l.conv_state;
  c.n_tok = n_tok;
  c.channels = C;
  c.width = dn.conv_kernel;
  c.norm_channels = 2 * Kq;
  c.head_dim = heads.dk;
  c.scaled_channels = Kq;
  c.scale = 1.0f / std::sqrt(static_cast<float>(heads.dk));
  c.eps = 1e-6f;  // the L2 norm's (model_spec.h), not rms_eps
  TESSERA_TRY(delta_net_conv(c, d.stream));
  if (n_tok <= kDeltaDecodeTokens) {
    DeltaDecodeArgs a;
    a.heads = heads;
    a.n_tok = n_tok;
    a.qkv = d.s.dn_conv;
    a.qkv_stride = C;
    a.ba = d.s.dn_logits;
    a.ba_stride = 2 * Hv;
    a.ba_group = group;
    a.rate = l.vec(LayerTensor::DeltaA);
    a.dt_bias = l.vec(LayerTensor::DeltaDtBias);
    a.state = l.delta_state;
    a.z = d.s.dn_z;
    a.z_stride = Vd;
    a.norm_w = l.vec(LayerTensor::DeltaNorm);
    a.eps = spec_.rms_eps;
    a.out = d.s.dn_out;
    a.out_stride = Vd;
    TESSERA_TRY(delta_rule_decode(a, d.stream));
  } else {
    float* g = d.s.dn_gates;
    float* beta = d.s.dn_gates + static_cast<int64_t>(n_tok) * Hv;
    TESSERA_TRY(delta_net_gates(d.s.dn_logits, 2 * Hv, n_tok, Hv, group, l.vec(LayerTensor::DeltaA),
                                l.vec(LayerTensor::DeltaDtBias), g, beta, d.stream));
    DeltaRuleArgs a;
    a.heads = heads;
    a.n_tok = n_tok;
    a.qkv = d.s.dn_conv;
    a.qkv_stride = C;
    a.g = g;
    a.beta = beta;
    a.gate_stride = Hv;
    a.state = l.delta_state;
    a.out = d.s.dn_out;
    a.out_stride = Vd;
    TESSERA_TRY(delta_rule_chunked_supports(heads) ? delta_rule_chunked(a, d.stream) : delta_rule_sequential(a, d.stream));
    TESSERA_TRY(gated_rms_norm(d.s.dn_out, Vd, d.s.dn_z, Vd, l.vec(LayerTensor::DeltaNorm), d.s.dn_out, Vd, n_tok, Hv,
                               heads.dv, spec_.rms_eps, d.stream));
  }
  Input o{d.s.dn_out, Vd, Vd};
  return matmul(d, l[LayerTensor::DeltaOut], o, n_tok, out, E, accumulate);
}

}  // namespace tessera::cuda
