#include <cuda_fp16.h>

#include <string>

#include "cuda_check.h"
#include "kernels/expert_gemm.h"
#include "kernels/launch.cuh"
#include "kernels/mma.cuh"
#include "kernels/quant_decode.cuh"

namespace tessera::cuda {
namespace {

constexpr int kBM = 128;                // weight rows per CTA: one per thread when decoding
constexpr int kBN = kExpertGemmTileRows;  // routed rows (tokens) per CTA
constexpr int kBK = 32;                 // columns per step: one 32-element group of every weight row
constexpr int kPitch = kBK + 8;         // halves per shared row: 80 bytes, conflict-free ldmatrix phases
constexpr int kThreads = 128;           // 4 warps, each 32 weight rows x 64 routed rows

struct Args {
  const uint8_t* w;
  size_t row_stride, expert_bytes;
  int64_t rows, cols;
  const int32_t* tiles;
  const float* x;
  int64_t ldx;
  const int32_t* x_rows;
  float* y;
  int64_t ldy;
  bool x_vec4;  // x rows 16-byte aligned (float4 loads)
};

template <typename T>
__global__ void __launch_bounds__(kThreads) expert_gemm_kernel(Args a) {
  static_assert(T::kGroups == 1, "single-group decoders (visit_quant_type)");
  pdl_wait();
  __shared__ __align__(16) __half ws[kBM * kPitch];  // decoded weights: [weight row][k]
  __shared__ __align__(16) __half xs[kBN * kPitch];  // inputs: [routed row][k] (B stored as [n][k])
  __shared__ int64_t x_row[kBN];                      // each routed row's input row, -1 past n

  const int tile = blockIdx.y;
  const int e = a.tiles[3 * tile], r0 = a.tiles[3 * tile + 1], n = a.tiles[3 * tile + 2];
  const int64_t i0 = static_cast<int64_t>(blockIdx.x) * kBM;
  const uint8_t* we = a.w + static_cast<size_t>(e) * a.expert_bytes;
  if (threadIdx.x < kBN) {
    const int v = threadIdx.x;
    x_row[v] = v < n ? (a.x_rows != nullptr ? a.x_rows[r0 + v] : r0 + v) : -1;
  }
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int64_t my_row = i0 + threadIdx.x;  // the weight row this thread decodes
  const bool row_ok = my_row < a.rows;
  const uint8_t* wrow = we + (row_ok ? my_row : 0) * a.row_stride;
  // Each thread converts 16 inputs per step: routed row bt, columns bc..bc+15.
  const int bt = threadIdx.x >> 1, bc = (threadIdx.x & 1) * 16;

  float c[2][kBN / 8][4];
#pragma unroll
  for (int mt = 0; mt < 2; ++mt)
#pragma unroll
    for (int nt = 0; nt < kBN / 8; ++nt) c[mt][nt][0] = c[mt][nt][1] = c[mt][nt][2] = c[mt][nt][3] = 0.0f;
  __syncthreads();  // x_row

  const int64_t steps = a.cols / kBK;
  for (int64_t kb = 0; kb < steps; ++kb) {
    // Weights: this thread's row, group kb (block kb*32 / kElems, item within it: the single-group
    // decoders of visit_quant_type map item i to the block's group i, xblock(i, 0) == i), as 32 halves.
    {
      uint4 h[4] = {};
      if (row_ok) {
        const int64_t col = kb * kBK;
        const int64_t blk = col / T::kElems;
        const int item = static_cast<int>((col % T::kElems) / 32);
        qd::WItem wi[1];
        T::template decode<qd::GlobalSrc>(wrow + blk * T::kBytes, item, wi);
        uint32_t* hw = reinterpret_cast<uint32_t*>(h);
#pragma unroll
        for (int p = 0; p < 16; ++p) hw[p] = mma::pack_half2(qd::item_value(wi[0], 2 * p), qd::item_value(wi[0], 2 * p + 1));
      }
      uint4* dst = reinterpret_cast<uint4*>(ws + threadIdx.x * kPitch);
#pragma unroll
      for (int k = 0; k < 4; ++k) dst[k] = h[k];
    }
    // Inputs: 16 floats of routed row bt, rounded to f16 (zeros past n).
    {
      float f[16];
      const int64_t xr = x_row[bt];
      if (xr >= 0) {
        const float* src = a.x + xr * a.ldx + kb * kBK + bc;
        if (a.x_vec4) {
#pragma unroll
          for (int k = 0; k < 4; ++k) {
            const float4 q = *reinterpret_cast<const float4*>(src + 4 * k);
            f[4 * k] = q.x;
            f[4 * k + 1] = q.y;
            f[4 * k + 2] = q.z;
            f[4 * k + 3] = q.w;
          }
        } else {
#pragma unroll
          for (int k = 0; k < 16; ++k) f[k] = src[k];
        }
      } else {
#pragma unroll
        for (int k = 0; k < 16; ++k) f[k] = 0.0f;
      }
      uint4* dst = reinterpret_cast<uint4*>(xs + bt * kPitch + bc);
#pragma unroll
      for (int k = 0; k < 2; ++k)
        dst[k] = make_uint4(mma::pack_half2(f[8 * k], f[8 * k + 1]), mma::pack_half2(f[8 * k + 2], f[8 * k + 3]),
                            mma::pack_half2(f[8 * k + 4], f[8 * k + 5]), mma::pack_half2(f[8 * k + 6], f[8 * k + 7]));
    }
    __syncthreads();
    // C[32 weight rows of this warp][64 routed rows] += W_tile (A) * X_tile^T (B, from [n][k] rows).
#pragma unroll
    for (int ks = 0; ks < kBK / 16; ++ks) {
      uint32_t af[2][4];
#pragma unroll
      for (int mt = 0; mt < 2; ++mt)
        mma::ldmatrix_x4(af[mt], ws + (warp * 32 + mt * 16 + (lane & 15)) * kPitch + ks * 16 + (lane >> 4) * 8);
#pragma unroll
      for (int np = 0; np < kBN / 16; ++np) {
        uint32_t bf[4];
        mma::ldmatrix_x4(bf, xs + (np * 16 + (lane >> 4) * 8 + (lane & 7)) * kPitch + ks * 16 + ((lane >> 3) & 1) * 8);
#pragma unroll
        for (int mt = 0; mt < 2; ++mt) {
          mma::mma_16816(c[mt][2 * np], af[mt], bf[0], bf[1]);
          mma::mma_16816(c[mt][2 * np + 1], af[mt], bf[2], bf[3]);
        }
      }
    }
    __syncthreads();  // the tiles are rewritten by the next step
  }
  pdl_trigger();

  // C element (weight row, routed row): c[mt][nt][0..1] at row lane / 4, routed rows 2 (lane % 4) + 0/1;
  // c[mt][nt][2..3] 8 weight rows below.
#pragma unroll
  for (int mt = 0; mt < 2; ++mt)
#pragma unroll
    for (int nt = 0; nt < kBN / 8; ++nt)
#pragma unroll
      for (int q = 0; q < 4; ++q) {
        const int64_t i = i0 + warp * 32 + mt * 16 + (lane >> 2) + (q >= 2 ? 8 : 0);
        const int v = nt * 8 + (lane & 3) * 2 + (q & 1);
        if (v < n && i < a.rows) a.y[static_cast<int64_t>(r0 + v) * a.ldy + i] = c[mt][nt][q];
      }
}

}  // namespace

Status expert_gemm_tiles(const ExpertWeights& w, const int32_t* tiles, int n_tiles, const float* x, int64_t ldx,
                         const int32_t* x_rows, float* y, int64_t ldy, cudaStream_t stream) {
  const WeightMatrix& m = w.first;
  auto bad = [&](const std::string& why) {
    return make_error(ErrorKind::InvalidArgument, "expert_gemm_tiles: " + why + " (" + std::to_string(m.rows) + " x " +
                                                      std::to_string(m.cols) + " " + std::string(type_name(m.type)) +
                                                      ", " + std::to_string(n_tiles) + " tiles)");
  };
  size_t align = 0;  // the block alignment the decoder assumes; 0: no quantized decoder for the type
  qd::visit_quant_type(m.type, [&](auto t) { align = static_cast<size_t>(decltype(t)::kAlign); });
  if (align == 0)
    return make_error(ErrorKind::Unsupported, "expert_gemm_tiles: " + std::string(type_name(m.type)) +
                                                  " is not a quantized type with a CUDA decoder");
  auto rb = row_size(m.type, m.cols);
  if (!rb.ok()) return bad(rb.error().message);
  if (m.rows <= 0 || m.cols <= 0 || m.cols % kBK != 0 || m.row_stride < *rb || m.data == nullptr) return bad("bad matrix");
  if (w.n_expert < 1 || w.expert_bytes < static_cast<size_t>(m.rows) * m.row_stride) return bad("bad experts");
  if (tiles == nullptr || n_tiles < 1 || n_tiles > 65535) return bad("bad tiles");
  if (x == nullptr || y == nullptr || ldx < m.cols || ldy < m.rows) return bad("bad x / y");
  if (reinterpret_cast<uintptr_t>(m.data) % align != 0 || m.row_stride % align != 0 || w.expert_bytes % align != 0)
    return bad("rows must be aligned to " + std::to_string(align) + " bytes");
  Args a{};
  a.w = static_cast<const uint8_t*>(m.data);
  a.row_stride = m.row_stride;
  a.expert_bytes = w.expert_bytes;
  a.rows = m.rows;
  a.cols = m.cols;
  a.tiles = tiles;
  a.x = x;
  a.ldx = ldx;
  a.x_rows = x_rows;
  a.y = y;
  a.ldy = ldy;
  a.x_vec4 = reinterpret_cast<uintptr_t>(x) % 16 == 0 && ldx % 4 == 0;
  const dim3 grid(static_cast<unsigned>((m.rows + kBM - 1) / kBM), static_cast<unsigned>(n_tiles));
  cudaError_t launched = cudaSuccess;
  qd::visit_quant_type(m.type, [&](auto t) {
    launched = launch_kernel(expert_gemm_kernel<decltype(t)>, grid, dim3(kThreads), 0, stream, a);
  });
  return check_launch(launched, "expert_gemm_kernel");
}

}  // namespace tessera::cuda
