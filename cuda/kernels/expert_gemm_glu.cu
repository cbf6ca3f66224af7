// expert_gemm.h, the gate|up form: both matrices of a mixture-of-experts FFN in one launch, the
// activation applied in registers, h written as f16 (the down matrix's input).
#include "kernels/expert_gemm_kernel.cuh"

namespace tessera::cuda {
namespace egemm {
Status prepare(const ExpertWeights& w, const ExpertTiles& t, const ExpertInputs& x, int64_t ldy, const char* who,
               Args& a);
}  // namespace egemm

Status expert_gemm_glu(const ExpertWeights& gate, const ExpertWeights& up, const float* gate_bias,
                       const float* up_bias, FfnActivation activation, const ExpertTiles& tiles,
                       const ExpertInputs& x, uint16_t* h, int64_t ldh, cudaStream_t stream) {
  const WeightMatrix &g = gate.first, &u = up.first;
  if (g.type != u.type || g.rows != u.rows || g.cols != u.cols || g.row_stride != u.row_stride ||
      gate.expert_bytes != up.expert_bytes || gate.n_expert != up.n_expert || u.data == nullptr)
    return make_error(ErrorKind::InvalidArgument, "expert_gemm_glu: gate and up experts differ in type or layout");
  if (h == nullptr) return make_error(ErrorKind::InvalidArgument, "expert_gemm_glu: no output");
  if (!expert_gemm_supported(up))
    return make_error(ErrorKind::Unsupported, "expert_gemm_glu: the up experts are not a layout the kernel reads");
  egemm::Args a;
  TESSERA_TRY(egemm::prepare(gate, tiles, x, ldh, "expert_gemm_glu", a));
  a.copy16 = a.copy16 && egemm::copies16(up);
  a.w1 = static_cast<const uint8_t*>(u.data);
  a.bias0 = gate_bias;
  a.bias1 = up_bias;
  a.act = detail::activation_code(activation);
  a.h = h;
  return egemm::launch<true>(a, g.type, tiles.tile_rows, tiles.max_tiles, stream, "expert_gemm_glu_kernel");
}

}  // namespace tessera::cuda
