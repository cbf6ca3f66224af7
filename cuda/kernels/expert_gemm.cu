// expert_gemm.h, the plain form (out = W x + bias, f32): the down matrix of a mixture-of-experts FFN.
#include "kernels/expert_gemm_kernel.cuh"

namespace tessera::cuda {

bool expert_gemm_supported(const ExpertWeights& w) {
  size_t align = 0;
  int elems = 0, bytes = 0;
  egemm::type_facts(w.first.type, align, elems, bytes);
  if (align == 0) return false;
  auto rb = row_size(w.first.type, w.first.cols);
  const WeightMatrix& m = w.first;
  const size_t extent = w.expert_bytes * static_cast<size_t>(w.n_expert);
  return rb.ok() && m.rows > 0 && m.cols > 0 && m.cols % 32 == 0 && m.cols % elems == 0 && m.row_stride >= *rb &&
         m.data != nullptr && w.n_expert >= 1 && w.expert_bytes >= static_cast<size_t>(m.rows) * m.row_stride &&
         reinterpret_cast<uintptr_t>(m.data) % std::max<size_t>(align, 4) == 0 && m.row_stride % align == 0 &&
         w.expert_bytes % align == 0 && extent % 4 == 0;
}

namespace egemm {

// The checks and arguments both forms share.
Status prepare(const ExpertWeights& w, const ExpertTiles& t, const ExpertInputs& x, int64_t ldy, const char* who,
               Args& a) {
  if (!expert_gemm_supported(w))
    return make_error(ErrorKind::Unsupported,
                      std::string(who) + ": " + std::string(type_name(w.first.type)) + " experts of " +
                          std::to_string(w.first.rows) + " x " + std::to_string(w.first.cols) +
                          " (row stride " + std::to_string(w.first.row_stride) +
                          ") are not a quantized layout the kernel reads");
  TESSERA_TRY(check_tiles(t, x, w.first.cols, who));
  if (ldy < w.first.rows) return make_error(ErrorKind::InvalidArgument, std::string(who) + ": ldy < rows");
  a = Args{};
  a.w0 = a.w1 = static_cast<const uint8_t*>(w.first.data);
  a.row_stride = w.first.row_stride;
  a.expert_bytes = w.expert_bytes;
  a.rows = w.first.rows;
  a.cols = w.first.cols;
  a.tiles = t.tiles;
  a.n_tiles = t.n_tiles;
  a.x = x.x;
  a.ldx = x.ld;
  a.x_rows = x.rows;
  a.ldy = ldy;
  a.copy16 = copies16(w);
  return {};
}

}  // namespace egemm

Status expert_gemm(const ExpertWeights& w, const float* bias, const ExpertTiles& tiles, const ExpertInputs& x,
                   float* y, int64_t ldy, cudaStream_t stream) {
  egemm::Args a;
  TESSERA_TRY(egemm::prepare(w, tiles, x, ldy, "expert_gemm", a));
  if (y == nullptr) return make_error(ErrorKind::InvalidArgument, "expert_gemm: no output");
  a.bias0 = bias;
  a.y = y;
  return egemm::launch<false>(a, w.first.type, tiles.tile_rows, tiles.max_tiles, stream, "expert_gemm_kernel");
}

}  // namespace tessera::cuda
