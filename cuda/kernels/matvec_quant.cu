// The quantized matrix-vector kernel (see matvec.h for the design, quant_decode.cuh for the math).
#include "cuda_check.h"
#include "kernels/launch.cuh"
#include "kernels/warp_reduce.cuh"
#include "kernels/matvec_internal.h"
#include "kernels/quant_decode.cuh"

namespace tessera::cuda::detail {
namespace {

using qd::GlobalSrc;
using qd::WItem;
using qd::XBlock;

// The int8 activations of x block `xb` (32 elements) of one vector.
__device__ __forceinline__ void load_x(const uint8_t* xv, size_t scale_off, int64_t xb, XBlock& x) {
  const uint4* q = reinterpret_cast<const uint4*>(xv + xb * 32);
  const uint4 a = __ldg(q);
  const uint4 b = __ldg(q + 1);
  const uint2 s = __ldg(reinterpret_cast<const uint2*>(xv + scale_off) + xb);
  x.q[0] = a.x;
  x.q[1] = a.y;
  x.q[2] = a.z;
  x.q[3] = a.w;
  x.q[4] = b.x;
  x.q[5] = b.y;
  x.q[6] = b.z;
  x.q[7] = b.w;
  x.d = __uint_as_float(s.x);
  x.s0 = static_cast<int>(static_cast<int16_t>(s.y & 0xFFFFu));
  x.s1 = static_cast<int>(static_cast<int16_t>(s.y >> 16));
}

// A warp owns R rows: R consecutive rows (R = 1 in every plain instantiation: 2 rows per warp for
// 2 vectors measured no better, docs/perf.md v2), or with kGlu the pair (i, rows + i) of a gate|up
// matrix, combined as silu(gate) * up. Its lanes take consecutive items of the rows, kGroups
// 32-element groups each. Loads of consecutive lanes are adjacent, so a warp's reads of a row are
// contiguous; the unrolled loop keeps several items' loads in flight per lane.
template <typename T, int NV, int R, bool kGlu>
__global__ void __launch_bounds__(kMatvecWarps * 32) matvec_kernel(QuantMatvecArgs a) {
  static_assert(!kGlu || (R == 2 && NV == 1), "the GLU form pairs two rows for one vector");
  // Unrolling keeps several items' loads in flight: 4 items of the small 32-element blocks, 2 of
  // the heavier K-quant items; none with several vectors, whose registers go to accumulators and
  // x blocks (unrolled, the 8-vector K-quant kernels need 150+ registers). docs/perf.md.
  constexpr int kUnroll = NV == 1 ? (T::kElems == 32 ? 4 : 2) : 1;
  constexpr int kGroupsPerBlock = T::kElems / 32;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int64_t row0 = (static_cast<int64_t>(blockIdx.x) * kMatvecWarps + warp) * (kGlu ? 1 : R);
  if (row0 >= a.rows) return;
  const uint8_t* wbase = a.w;
  const uint8_t* ubase = a.w_up;
  const uint8_t* q8 = a.q8;
  float* ybase = a.y;
  const int nv = a.nv;
  if (a.expert_ids != nullptr) {  // the expert ids come from the previous kernel
    pdl_wait();
    const int slot = blockIdx.y;
    const int64_t e = a.expert_ids[slot];
    wbase += e * a.expert_bytes;
    if (ubase != nullptr) ubase += e * a.expert_bytes;
    if (a.x_per_slot) q8 += slot * a.x_vec_bytes;
    ybase += slot * a.ldy;
  }
  const uint8_t* wr[R];
#pragma unroll
  for (int r = 0; r < R; ++r)  // past-the-end rows re-read the last
    wr[r] = kGlu && r == 1 && ubase != nullptr
                ? ubase + row0 * a.row_stride
                : wbase + (kGlu ? row0 + r * a.rows : min(row0 + r, a.rows - 1)) * a.row_stride;
  pdl_wait();
  const int n_items = static_cast<int>(a.blocks_per_row) * T::kItems;
  float acc[R][NV];
#pragma unroll
  for (int r = 0; r < R; ++r)
#pragma unroll
    for (int v = 0; v < NV; ++v) acc[r][v] = 0.0f;

#pragma unroll kUnroll
  for (int it = lane; it < n_items; it += 32) {
    const int blk = it / T::kItems, item = it % T::kItems;
    WItem w[R][T::kGroups];
#pragma unroll
    for (int r = 0; r < R; ++r)
      T::template decode<GlobalSrc>(wr[r] + static_cast<int64_t>(blk) * T::kBytes, item, w[r]);
#pragma unroll
    for (int g = 0; g < T::kGroups; ++g) {
      const int64_t xb = static_cast<int64_t>(blk) * kGroupsPerBlock + T::xblock(item, g);
#pragma unroll
      for (int v = 0; v < NV; ++v) {
        if (NV == 1 || v < nv) {
          XBlock x;
          load_x(q8 + static_cast<int64_t>(v) * a.x_vec_bytes, a.x_scale_off, xb, x);
#pragma unroll
          for (int r = 0; r < R; ++r) acc[r][v] += qd::dot_group<T>(w[r][g], x);
        }
      }
    }
  }
  pdl_trigger();  // the weights are read: the next kernel may launch while the sums are reduced
#pragma unroll
  for (int r = 0; r < R; ++r) {
#pragma unroll
    for (int v = 0; v < NV; ++v) acc[r][v] = warp_sum(acc[r][v]);
  }
  if (lane == 0) {
    if constexpr (kGlu) {
      ybase[row0] = detail::glu(a.act, acc[0][0], acc[1][0]);
    } else {
#pragma unroll
      for (int r = 0; r < R; ++r) {
        if (row0 + r >= a.rows) break;
#pragma unroll
        for (int v = 0; v < NV; ++v) {
          if (v < nv) {
            float* out = ybase + v * a.ldy + row0 + r;
            *out = a.accumulate ? *out + acc[r][v] : acc[r][v];
          }
        }
      }
    }
  }
}

template <typename T, int NV, int R, bool kGlu = false>
Status launch_nv(const QuantMatvecArgs& a, cudaStream_t stream) {
  const int64_t rows_per_cta = static_cast<int64_t>(kMatvecWarps) * (kGlu ? 1 : R);
  const dim3 grid(static_cast<unsigned>((a.rows + rows_per_cta - 1) / rows_per_cta),
                  static_cast<unsigned>(a.expert_ids != nullptr ? a.n_slots : 1));
  return check_launch(launch_kernel(matvec_kernel<T, NV, R, kGlu>, grid, dim3(kMatvecWarps * 32), 0, stream, a),
                      "matvec_kernel");
}

// T1: the decoder for one vector; TN: for several (different only for Q4_K and Q5_K, whose grouped
// items are faster for one vector and slower for several: docs/perf.md).
template <typename T1, typename TN = T1>
Status launch_type(const QuantMatvecArgs& a, bool glu, cudaStream_t stream) {
  if (glu) return launch_nv<T1, 1, 2, true>(a, stream);
  if (a.nv <= 1 || a.expert_ids != nullptr) return launch_nv<T1, 1, 1>(a, stream);
  if (a.nv <= 2) return launch_nv<TN, 2, 1>(a, stream);
  if (a.nv <= 4) return launch_nv<TN, 4, 1>(a, stream);
  return launch_nv<TN, 8, 1>(a, stream);
}

}  // namespace

Status launch_quant_matvec(GgmlType type, const QuantMatvecArgs& args, bool glu, cudaStream_t stream) {
  Status (*launch)(const QuantMatvecArgs&, bool, cudaStream_t) = nullptr;
  qd::visit_quant_type(type, [&launch](auto t) {
    using TN = decltype(t);
    launch = &launch_type<typename qd::OneVectorDecoder<TN>::type, TN>;
  });
  if (launch == nullptr)
    return make_error(ErrorKind::Unsupported, "matvec: no CUDA kernel for tensor type " + std::string(type_name(type)));
  return launch(args, glu, stream);
}

}  // namespace tessera::cuda::detail
