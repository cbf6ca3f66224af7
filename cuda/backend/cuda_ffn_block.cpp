// The dense FFN block's work on one device: its rows of gate/up, the activation, and its part of down.
#include "backend/cuda_matmul.h"
#include "kernels/elementwise.h"

namespace tessera::cuda {

// gate/up (this device's FFN rows), the activation, and out (+)= Wdown h. `in` holds d.s.xb.
Status CudaModel::ffn_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out,
                           bool accumulate) {
  if (l.n_ff == 0) return {};
  return dense_mlp_part(d, l, l.n_ff, n_tok, in, out, accumulate);
}

// The layer's FfnGate/FfnUp/FfnDown with F rows of gate/up: the dense FFN, or the dense MLP beside
// the experts of Gemma 4's MoE layers (F = its own width there).
Status CudaModel::dense_mlp_part(DeviceState& d, const DeviceLayer& l, int64_t F, int n_tok, MatmulInput& in,
                                 float* out, bool accumulate) {
  if (n_tok == 1 && l.gate_up.rows > 0 && fuse_.glu) {
    // One fused gate|up matvec that applies the activation itself: h goes to the gate buffer, gate
    // and up never reach memory.
    if (!is_float_type(l.gate_up.type) && !in.q8) {
      TESSERA_TRY(quantize_activations(in.x, in.ld, in.cols, 1, d.s.in, d.stream));
      in.q8 = true;
    }
    TESSERA_TRY(matvec_glu(l.gate_up, in.x, d.s.in, d.s.gate, d.stream, spec_.activation));
  } else if (n_tok == 1 && l.gate_up.rows > 0 && (n_batch_ >= 2 || d.s.up == d.s.gate + F)) {
    // Unfused (A/B): one gate|up matvec writing gate then up (2 F floats: the gate buffer holds
    // n_batch rows, or gate and up lie back to back), then the activation kernel.
    TESSERA_TRY(matmul(d, l.gate_up, in, 1, d.s.gate, 2 * F, false));
    TESSERA_TRY(glu(spec_.activation, d.s.gate, d.s.gate + F, d.s.gate, F, d.stream));
  } else {
    TESSERA_TRY(matmul(d, l[LayerTensor::FfnGate], in, n_tok, d.s.gate, F, false));
    TESSERA_TRY(matmul(d, l[LayerTensor::FfnUp], in, n_tok, d.s.up, F, false));
    TESSERA_TRY(glu(spec_.activation, d.s.gate, d.s.up, d.s.gate, static_cast<int64_t>(n_tok) * F, d.stream));
  }
  Input h{d.s.gate, F, F};
  return matmul(d, l[LayerTensor::FfnDown], h, n_tok, out, spec_.n_embd, accumulate);
}

}  // namespace tessera::cuda
