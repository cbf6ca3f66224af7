#include "backend/cuda_matmul.h"

#include "kernels/dequant.h"
#include "kernels/norm.h"

namespace tessera::cuda {

bool is_float_type(GgmlType t) {
  return t == GgmlType::F32 || t == GgmlType::F16 || t == GgmlType::BF16;
}

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

}  // namespace tessera::cuda
