// The dense FFN block's work on one device: its rows of gate/up, the activation, and its part of down.
#include "backend/cuda_matmul.h"
#include "kernels/elementwise.h"

namespace tessera::cuda {

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

}  // namespace tessera::cuda
