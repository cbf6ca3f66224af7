// The kernel of expert_gemm.h, shared by the plain form (expert_gemm.cu) and the gate|up form with
// the activation (expert_gemm_glu.cu), which are compiled in separate files so a build compiles their
// ~44 instantiations each in parallel.
//
// A CTA: 8 warps, 128 weight rows ("A rows") x one tile of BN (32 or 64) routed rows. Warp w takes
// A rows 32 (w % 4) .. +32 (two m16 tiles) and routed rows (BN / 2) (w / 4) .. +BN/2.
// In the gate|up form A rows 32 m + i (i < 16) are gate rows 16 m + i of the CTA's 64 outputs and
// A rows 32 m + 16 + i the same up rows, so each warp holds gate and up of the same outputs in its
// two m16 tiles and applies the activation in registers.
//
// Per pipeline stage of 256 columns (one K-quant super-block per row, eight 32-blocks otherwise):
//   1. asynchronous copies of the next stage: each A row's quantized bytes as the 16-byte aligned
//      window around them (4-byte where the matrix's base or extent is not 16-byte aligned), placed
//      at the same offset mod 16 (mod 4), so the decoders' aligned word reads work unchanged; and
//      the BN input rows (16-byte copies, zero-filled past the tile or the last column);
//   2. per 128 columns: every thread decodes two 32-column groups of A rows to f16 in shared
//      memory, a barrier, then the products (ldmatrix + mma.sync m16n8k16).
// Two buffers of quantized bytes and inputs, one of decoded weights: 4 barriers per stage.
#pragma once

#include <cuda_fp16.h>

#include <cstdint>
#include <string>
#include <type_traits>

#include "cuda_check.h"
#include "kernels/activation.cuh"
#include "kernels/expert_gemm.h"
#include "kernels/launch.cuh"
#include "kernels/mma.cuh"
#include "kernels/quant_decode.cuh"

namespace tessera::cuda::egemm {

constexpr int kThreads = 256;
constexpr int kBM = 128;                 // A rows per CTA
constexpr int kStageCols = 256;          // columns per pipeline stage
constexpr int kHalfCols = 128;           // columns decoded to f16 at a time
constexpr int kPitchW = kHalfCols + 8;   // halves per decoded row: 272 bytes (ldmatrix rows on distinct banks)
constexpr int kPitchX = kStageCols + 8;  // halves per input row: 528 bytes (likewise)

// Bytes of one row's quantized data per stage (256 columns).
template <typename T>
constexpr int stage_bytes() {
  return T::kBytes * (kStageCols / T::kElems);
}
// Shared-memory bytes per A row and stage: the stage's bytes and the up to 15 + 15 bytes of the
// 16-byte window around them, rounded to 16.
template <typename T>
constexpr int raw_pitch() {
  return (stage_bytes<T>() + 32 + 15) / 16 * 16;
}
template <typename T, int BN>
constexpr size_t smem_bytes() {
  return 2 * static_cast<size_t>(kBM) * raw_pitch<T>() + 2 * static_cast<size_t>(BN) * kPitchX * 2 +
         static_cast<size_t>(kBM) * kPitchW * 2;
}

struct Args {
  const uint8_t* w0;  // the (gate) matrix's expert 0
  const uint8_t* w1;  // the up matrix's expert 0 (gate|up form)
  size_t row_stride, expert_bytes;
  int64_t rows, cols;  // of one expert's matrix
  const float* bias0;  // [n_expert][rows] or null (gate|up form: the gate's)
  const float* bias1;  // the up matrix's, or null
  int act;             // gate|up form: the activation code
  const int32_t* tiles;
  const int32_t* n_tiles;
  const uint16_t* x;
  int64_t ldx;
  const int32_t* x_rows;
  float* y;     // plain form
  uint16_t* h;  // gate|up form
  int64_t ldy;  // of y or h
  bool copy16;  // 16-byte windows (base and extent 16-byte aligned), else 4-byte windows
};

__device__ __forceinline__ void cp_async16(void* dst, const void* src, int src_bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(mma::shared_address(dst)), "l"(src),
               "r"(src_bytes));
}
__device__ __forceinline__ void cp_async4(void* dst, const void* src) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(mma::shared_address(dst)), "l"(src));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
__device__ __forceinline__ void cp_async_wait_all() { asm volatile("cp.async.wait_group 0;\n" ::: "memory"); }

// Element values of a decoded group as f16 pairs: h[2k] = elements 4k, 4k+1; h[2k+1] = 4k+2, 4k+3.
// a q + b in f32, rounded once to f16 (as dequantize_rows_f16). The signed byte becomes a float
// without I2F: 0x4B0000uu is 2^23 + uu exactly, and uu = q + 128 after the sign flip.
__device__ __forceinline__ void group_to_half(const qd::WItem& wi, uint32_t (&h)[16]) {
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    const float a = k < 4 ? wi.a0 : wi.a1, b = k < 4 ? wi.b0 : wi.b1;
    const uint32_t u = wi.q[k] ^ 0x80808080u;
    float f[4];
#pragma unroll
    for (int j = 0; j < 4; ++j)
      f[j] = fmaf(a, __uint_as_float(__byte_perm(u, 0x4B000000u, 0x7540u | static_cast<unsigned>(j))) - 8388736.0f, b);
    h[2 * k] = mma::pack_half2(f[0], f[1]);
    h[2 * k + 1] = mma::pack_half2(f[2], f[3]);
  }
}

template <typename T, int BN, bool GLU>
__global__ void __launch_bounds__(kThreads) expert_gemm_kernel(Args a) {
  static_assert(T::kGroups == 1, "single-group decoders (visit_quant_type)");
  static_assert(kStageCols % T::kElems == 0, "a stage holds whole blocks");
  constexpr int NT = BN / 16;  // n8 tiles per warp: BN / 2 routed rows
  constexpr int RP = raw_pitch<T>();
  constexpr int SB = stage_bytes<T>();
  extern __shared__ __align__(16) uint8_t smem[];
  uint8_t* raw = smem;                                               // [2][kBM][RP]
  __half* xs = reinterpret_cast<__half*>(raw + 2 * kBM * RP);        // [2][BN][kPitchX]
  __half* ws = xs + 2 * BN * kPitchX;                                // [kBM][kPitchW]
  __shared__ const uint8_t* row_ptr[kBM];  // each A row's source row (expert e), null past the matrix
  __shared__ int64_t x_off[BN];            // each routed row's input offset in halves, -1 past the tile

  pdl_wait();
  const int tile = blockIdx.y;
  if (a.n_tiles != nullptr && tile >= *a.n_tiles) return;  // the whole CTA: before any barrier
  const int e = a.tiles[3 * tile], r0 = a.tiles[3 * tile + 1], n = a.tiles[3 * tile + 2];
  const int64_t out0 = static_cast<int64_t>(blockIdx.x) * (GLU ? kBM / 2 : kBM);
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int warp_m = warp & 3, warp_n = warp >> 2;
  if (tid < kBM) {
    const int ar = tid;
    const int64_t src = GLU ? out0 + (ar >> 5) * 16 + (ar & 15) : out0 + ar;
    const uint8_t* base = (GLU && (ar & 16) != 0) ? a.w1 : a.w0;
    row_ptr[ar] = src < a.rows ? base + static_cast<size_t>(e) * a.expert_bytes + static_cast<size_t>(src) * a.row_stride
                               : nullptr;
  } else if (tid < kBM + BN) {
    const int v = tid - kBM;
    x_off[v] = v < n ? static_cast<int64_t>(a.x_rows != nullptr ? a.x_rows[r0 + v] : r0 + v) * a.ldx : -1;
  }
  __syncthreads();

  const int n_stages = static_cast<int>((a.cols + kStageCols - 1) / kStageCols);
  // Issues the copies of stage s into buffer `buf` and commits them as one group.
  auto issue = [&](int s, int buf) {
    const int64_t c0 = static_cast<int64_t>(s) * kStageCols;
    const int sc = static_cast<int>(a.cols - c0 < kStageCols ? a.cols - c0 : kStageCols);
    const int len = sc / T::kElems * T::kBytes;  // this stage's bytes of a row (a whole-block count)
    const size_t boff = static_cast<size_t>(c0 / T::kElems) * T::kBytes;
    uint8_t* rb = raw + buf * kBM * RP;
    // The G-byte words of [floorG(begin), ceilG(begin + len)): at most len / G + 2 of them.
    auto copy_window = [&](auto g_const) {
      constexpr int G = decltype(g_const)::value;
      constexpr int need = SB / G + 2;
      constexpr int kSlots = need <= 16 ? 16 : need <= 32 ? 32 : need <= 64 ? 64 : 128;  // a power of two
      for (int c = tid; c < kBM * kSlots; c += kThreads) {
        const int ar = c / kSlots, j = c % kSlots;
        const uint8_t* p = row_ptr[ar];
        if (p == nullptr) continue;
        const uintptr_t begin = reinterpret_cast<uintptr_t>(p) + boff;
        const uintptr_t w0 = begin & ~uintptr_t{G - 1};
        const uintptr_t w1 = (begin + static_cast<uintptr_t>(len) + G - 1) & ~uintptr_t{G - 1};
        const uintptr_t at = w0 + static_cast<uintptr_t>(G) * static_cast<uintptr_t>(j);
        if (at >= w1) continue;
        if constexpr (G == 16) {
          cp_async16(rb + ar * RP + 16 * j, reinterpret_cast<const void*>(at), 16);
        } else {
          cp_async4(rb + ar * RP + 4 * j, reinterpret_cast<const void*>(at));
        }
      }
    };
    if (a.copy16) {
      copy_window(std::integral_constant<int, 16>{});
    } else {
      copy_window(std::integral_constant<int, 4>{});
    }
    // Inputs: BN rows x 32 chunks of 8 halves; zero past the tile's rows or the matrix's columns.
    __half* xb = xs + buf * BN * kPitchX;
    for (int c = tid; c < BN * 32; c += kThreads) {
      const int v = c >> 5, j = c & 31;
      const int64_t col = c0 + 8 * j;
      const int64_t off = x_off[v];
      const bool ok = off >= 0 && col < a.cols;
      cp_async16(xb + v * kPitchX + 8 * j, ok ? static_cast<const void*>(a.x + off + col) : static_cast<const void*>(a.x),
                 ok ? 16 : 0);
    }
    cp_async_commit();
  };

  float c[2][NT][4];
#pragma unroll
  for (int mt = 0; mt < 2; ++mt)
#pragma unroll
    for (int nt = 0; nt < NT; ++nt) c[mt][nt][0] = c[mt][nt][1] = c[mt][nt][2] = c[mt][nt][3] = 0.0f;

  issue(0, 0);
  for (int s = 0; s < n_stages; ++s) {
    const int buf = s & 1;
    cp_async_wait_all();
    __syncthreads();  // stage s is visible to every thread, and every thread is done with stage s - 1
    if (s + 1 < n_stages) issue(s + 1, buf ^ 1);
    const int64_t c0 = static_cast<int64_t>(s) * kStageCols;
    const int sc = static_cast<int>(a.cols - c0 < kStageCols ? a.cols - c0 : kStageCols);
    const uint8_t* rb = raw + buf * kBM * RP;
    const size_t boff = static_cast<size_t>(c0 / T::kElems) * T::kBytes;
#pragma unroll 1
    for (int half = 0; half < 2; ++half) {
      const int hc = sc - half * kHalfCols < kHalfCols ? sc - half * kHalfCols : kHalfCols;  // columns, % 32 == 0
      if (hc <= 0) break;  // the same for every thread
      if (half == 1) __syncthreads();  // the products of half 0 are done with ws
      // Decode: A row ar, group g (32 columns) of this half, two per thread.
#pragma unroll
      for (int k = 0; k < 2; ++k) {
        const int idx = tid + kThreads * k;
        const int ar = idx >> 2, g = idx & 3;
        uint4* dst = reinterpret_cast<uint4*>(ws + ar * kPitchW + 32 * g);
        const uint8_t* p = row_ptr[ar];
        if (32 * g >= hc) continue;
        if (p == nullptr) {
          dst[0] = dst[1] = dst[2] = dst[3] = make_uint4(0, 0, 0, 0);
          continue;
        }
        const int col = half * kHalfCols + 32 * g;  // in the stage
        const int lead = static_cast<int>((reinterpret_cast<uintptr_t>(p) + boff) & (a.copy16 ? 15u : 3u));
        const uint8_t* blk = rb + ar * RP + lead + (col / T::kElems) * T::kBytes;
        qd::WItem wi[1];
        T::template decode<qd::PlainSrc>(blk, (col % T::kElems) / 32, wi);
        uint32_t hv[16];
        group_to_half(wi[0], hv);
#pragma unroll
        for (int q = 0; q < 4; ++q) dst[q] = make_uint4(hv[4 * q], hv[4 * q + 1], hv[4 * q + 2], hv[4 * q + 3]);
      }
      __syncthreads();  // ws holds this half's decoded weights
      const __half* xb = xs + buf * BN * kPitchX + (warp_n * (BN / 2)) * kPitchX + half * kHalfCols;
#pragma unroll 2
      for (int ks = 0; ks < hc / 16; ++ks) {
        uint32_t af[2][4];
#pragma unroll
        for (int mt = 0; mt < 2; ++mt)
          mma::ldmatrix_x4(af[mt], ws + (warp_m * 32 + mt * 16 + (lane & 15)) * kPitchW + ks * 16 + (lane >> 4) * 8);
#pragma unroll
        for (int np = 0; np < NT / 2; ++np) {
          uint32_t bf[4];
          mma::ldmatrix_x4(bf, xb + (np * 16 + (lane >> 4) * 8 + (lane & 7)) * kPitchX + ks * 16 + ((lane >> 3) & 1) * 8);
#pragma unroll
          for (int mt = 0; mt < 2; ++mt) {
            mma::mma_16816(c[mt][2 * np], af[mt], bf[0], bf[1]);
            mma::mma_16816(c[mt][2 * np + 1], af[mt], bf[2], bf[3]);
          }
        }
      }
    }
  }
  pdl_trigger();

  // C element (A row, routed row): c[mt][nt][0..1] at A row lane / 4 of m-tile mt, routed rows
  // 2 (lane % 4) + 0/1 of n-tile nt; c[mt][nt][2..3] 8 A rows below.
#pragma unroll
  for (int nt = 0; nt < NT; ++nt)
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const int v = warp_n * (BN / 2) + nt * 8 + (lane & 3) * 2 + (q & 1);
      if (v >= n) continue;
      const int row_in = (lane >> 2) + (q >= 2 ? 8 : 0);
      if constexpr (GLU) {
        const int64_t o = out0 + warp_m * 16 + row_in;
        if (o >= a.rows) continue;
        const int64_t bi = static_cast<int64_t>(e) * a.rows + o;
        const float g = c[0][nt][q] + (a.bias0 != nullptr ? a.bias0[bi] : 0.0f);
        const float u = c[1][nt][q] + (a.bias1 != nullptr ? a.bias1[bi] : 0.0f);
        a.h[static_cast<int64_t>(r0 + v) * a.ldy + o] = __half_as_ushort(__float2half_rn(detail::glu(a.act, g, u)));
      } else {
#pragma unroll
        for (int mt = 0; mt < 2; ++mt) {
          const int64_t i = out0 + warp_m * 32 + mt * 16 + row_in;
          if (i >= a.rows) continue;
          const float b = a.bias0 != nullptr ? a.bias0[static_cast<int64_t>(e) * a.rows + i] : 0.0f;
          a.y[static_cast<int64_t>(r0 + v) * a.ldy + i] = c[mt][nt][q] + b;
        }
      }
    }
}

// Host side: what both forms check, and the launch.

// The decoder's block alignment for a type (0: no quantized decoder) and its stage bytes.
inline void type_facts(GgmlType type, size_t& align, int& elems, int& bytes) {
  align = 0;
  qd::visit_quant_type(type, [&](auto t) {
    using T = decltype(t);
    align = static_cast<size_t>(T::kAlign);
    elems = T::kElems;
    bytes = T::kBytes;
  });
}

inline Status check_tiles(const ExpertTiles& t, const ExpertInputs& x, int64_t cols, const char* who) {
  auto bad = [&](const std::string& why) { return make_error(ErrorKind::InvalidArgument, std::string(who) + ": " + why); };
  if (t.tiles == nullptr || t.max_tiles < 1 || t.max_tiles > 65535) return bad("bad tiles");
  if (t.tile_rows != kExpertGemmTileRows && t.tile_rows != kExpertGemmTileRowsSmall) return bad("tile_rows must be 32 or 64");
  if (x.x == nullptr || x.ld < cols || x.ld % 8 != 0 || reinterpret_cast<uintptr_t>(x.x) % 16 != 0)
    return bad("inputs must be 16-byte aligned f16 rows of at least " + std::to_string(cols) + " halves");
  return {};
}

// Whether the quantized bytes can be copied as 16-byte windows: the matrix (all experts) starts and
// ends 16-byte aligned, so no window reaches outside it.
inline bool copies16(const ExpertWeights& w) {
  const size_t extent = w.expert_bytes * static_cast<size_t>(w.n_expert);
  return reinterpret_cast<uintptr_t>(w.first.data) % 16 == 0 && extent % 16 == 0;
}

template <bool GLU>
Status launch(const Args& a, GgmlType type, int tile_rows, int max_tiles, cudaStream_t stream, const char* who) {
  const unsigned out_per_cta = GLU ? kBM / 2 : kBM;
  const dim3 grid(static_cast<unsigned>((a.rows + out_per_cta - 1) / out_per_cta), static_cast<unsigned>(max_tiles));
  cudaError_t err = cudaSuccess;
  auto go = [&](auto kernel, size_t smem) {
    err = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem));
    if (err == cudaSuccess) err = launch_kernel(kernel, grid, dim3(kThreads), smem, stream, a);
  };
  qd::visit_quant_type(type, [&](auto t) {
    using T = decltype(t);
    if (tile_rows == kExpertGemmTileRowsSmall)
      go(expert_gemm_kernel<T, kExpertGemmTileRowsSmall, GLU>, smem_bytes<T, kExpertGemmTileRowsSmall>());
    else
      go(expert_gemm_kernel<T, kExpertGemmTileRows, GLU>, smem_bytes<T, kExpertGemmTileRows>());
  });
  return check_launch(err, who);
}

}  // namespace tessera::cuda::egemm
