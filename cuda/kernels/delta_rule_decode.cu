// delta_rule_decode (delta_rule.h): one CTA per value head holds the head's dk x dv state in
// registers for the whole call. Warp w owns rows [8 w, 8 w + 8), lane l the dv / 32 consecutive
// columns from l dv / 32 (dv = 16: lane l < 16 column l, the other lanes none), so a warp reads
// whole rows (coalesced) and the state is read and written once. Per token, with the decay applied to the registers first:
//   a_j = sum_i S[i][j] k_i,  b_j = sum_i S[i][j] q_i        (partials per warp, summed in shared memory)
//   u_j = beta (v_j - a_j),   o_j = b_j + u_j (k . q)        (= (S + k u^T)^T q)
//   S[i][j] += k_i u_j
// and warp 0, which holds every column, applies the gated RMS norm and writes the output.
#include <string>

#include "cuda_check.h"
#include "kernels/delta_net_gates.cuh"
#include "kernels/delta_rule.h"
#include "kernels/launch.cuh"

namespace tessera::cuda {
namespace {

constexpr int kRows = 8;        // state rows per warp
constexpr int kMaxWarps = 16;   // dk <= 128

template <int CPL>
__device__ __forceinline__ void load_cols(float (&dst)[CPL], const float* src) {
  if constexpr (CPL == 4) {
    const float4 v = *reinterpret_cast<const float4*>(src);
    dst[0] = v.x, dst[1] = v.y, dst[2] = v.z, dst[3] = v.w;
  } else if constexpr (CPL == 2) {
    const float2 v = *reinterpret_cast<const float2*>(src);
    dst[0] = v.x, dst[1] = v.y;
  } else {
    dst[0] = src[0];
  }
}

template <int CPL>
__device__ __forceinline__ void store_cols(float* dst, const float (&src)[CPL]) {
  if constexpr (CPL == 4) {
    *reinterpret_cast<float4*>(dst) = make_float4(src[0], src[1], src[2], src[3]);
  } else if constexpr (CPL == 2) {
    *reinterpret_cast<float2*>(dst) = make_float2(src[0], src[1]);
  } else {
    dst[0] = src[0];
  }
}

template <int DV>
__global__ void __launch_bounds__(kMaxWarps * 32) decode_kernel(DeltaDecodeArgs a) {
  constexpr int CPL = DV >= 32 ? DV / 32 : 1;  // columns per lane
  __shared__ float part_a[kMaxWarps][DV], part_b[kMaxWarps][DV];
  __shared__ float part_kq[kMaxWarps];
  __shared__ float sum_a[DV], sum_b[DV];
  __shared__ float sum_kq;
  pdl_wait();
  const int e = static_cast<int>(blockIdx.x);
  const int warp = static_cast<int>(threadIdx.x >> 5), lane = static_cast<int>(threadIdx.x & 31);
  const int n_warps = static_cast<int>(blockDim.x >> 5);
  const int dk = a.heads.dk;
  const int64_t key_dim = a.heads.key_dim();
  const int kh = delta_key_head(a.heads, e);
  float* S = a.state + static_cast<int64_t>(e) * dk * DV;
  const int row0 = warp * kRows, col0 = lane * CPL;
  const bool cols = col0 < DV;  // this lane holds columns (false only for lanes 16..31 when dv = 16)
  float s[kRows][CPL];
#pragma unroll
  for (int r = 0; r < kRows; ++r) {
#pragma unroll
    for (int c = 0; c < CPL; ++c) s[r][c] = 0.0f;
    if (cols) load_cols<CPL>(s[r], S + static_cast<int64_t>(row0 + r) * DV + col0);
  }

  for (int t = 0; t < a.n_tok; ++t) {
    const float* row = a.qkv + static_cast<int64_t>(t) * a.qkv_stride;
    const float* q = row + static_cast<int64_t>(kh) * dk;
    const float* k = q + key_dim;
    const float* v = row + 2 * key_dim + static_cast<int64_t>(e) * DV;
    float g, beta;
    detail::delta_gates(a.ba + static_cast<int64_t>(t) * a.ba_stride, e, a.ba_group, a.rate, a.dt_bias, g, beta);
    const float decay = expf(g);
    float kr[kRows], qr[kRows];
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
      kr[r] = k[row0 + r];
      qr[r] = q[row0 + r];
    }
    float pa[CPL], pb[CPL], kq = 0.0f;
#pragma unroll
    for (int c = 0; c < CPL; ++c) pa[c] = pb[c] = 0.0f;
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
      kq += kr[r] * qr[r];
#pragma unroll
      for (int c = 0; c < CPL; ++c) {
        s[r][c] *= decay;
        pa[c] += s[r][c] * kr[r];
        pb[c] += s[r][c] * qr[r];
      }
    }
    if (cols)
#pragma unroll
      for (int c = 0; c < CPL; ++c) {
        part_a[warp][col0 + c] = pa[c];
        part_b[warp][col0 + c] = pb[c];
      }
    if (lane == 0) part_kq[warp] = kq;
    __syncthreads();
    for (int j = static_cast<int>(threadIdx.x); j < 2 * DV + 1; j += static_cast<int>(blockDim.x)) {
      float sum = 0.0f;
      if (j < DV) {
        for (int w = 0; w < n_warps; ++w) sum += part_a[w][j];
        sum_a[j] = sum;
      } else if (j < 2 * DV) {
        for (int w = 0; w < n_warps; ++w) sum += part_b[w][j - DV];
        sum_b[j - DV] = sum;
      } else {
        for (int w = 0; w < n_warps; ++w) sum += part_kq[w];
        sum_kq = sum;
      }
    }
    __syncthreads();
    // The partials are free again: the next token writes them only after every thread passed the
    // barrier above, and sum_* are rewritten only after the next token's first barrier.
    const float kq_all = sum_kq;
    float u[CPL], o[CPL];
#pragma unroll
    for (int c = 0; c < CPL; ++c) {
      u[c] = cols ? beta * (v[col0 + c] - sum_a[col0 + c]) : 0.0f;
      o[c] = cols ? sum_b[col0 + c] + u[c] * kq_all : 0.0f;
    }
#pragma unroll
    for (int r = 0; r < kRows; ++r)
#pragma unroll
      for (int c = 0; c < CPL; ++c) s[r][c] += kr[r] * u[c];
    if (warp == 0) {
      float ss = 0.0f;
#pragma unroll
      for (int c = 0; c < CPL; ++c) ss += o[c] * o[c];
#pragma unroll
      for (int off = 16; off > 0; off >>= 1) ss += __shfl_xor_sync(0xFFFFFFFFu, ss, off);
      const float scale = 1.0f / sqrtf(ss / static_cast<float>(DV) + a.eps);
      const float* z = a.z + static_cast<int64_t>(t) * a.z_stride + static_cast<int64_t>(e) * DV;
      float* out = a.out + static_cast<int64_t>(t) * a.out_stride + static_cast<int64_t>(e) * DV;
      if (cols)
#pragma unroll
        for (int c = 0; c < CPL; ++c) {
          const float zc = z[col0 + c];
          out[col0 + c] = o[c] * scale * a.norm_w[col0 + c] * (zc / (1.0f + expf(-zc)));
        }
    }
  }
  if (cols)
#pragma unroll
    for (int r = 0; r < kRows; ++r) store_cols<CPL>(S + static_cast<int64_t>(row0 + r) * DV + col0, s[r]);
}

}  // namespace

Status delta_rule_decode(const DeltaDecodeArgs& a, cudaStream_t stream) {
  if (a.n_tok <= 0) return {};
  TESSERA_TRY(check_delta_net_heads(a.heads));
  if (a.ba_group <= 0 || a.heads.n_v_heads % a.ba_group != 0)
    return make_error(ErrorKind::InvalidArgument, "delta_rule_decode: gate groups of " + std::to_string(a.ba_group) +
                                                      " do not divide " + std::to_string(a.heads.n_v_heads) +
                                                      " value heads");
  const dim3 grid(static_cast<unsigned>(a.heads.n_v_heads)), block(static_cast<unsigned>(a.heads.dk / kRows * 32));
  cudaError_t err = cudaErrorInvalidValue;
  switch (a.heads.dv) {
    case 16: err = launch_kernel(decode_kernel<16>, grid, block, 0, stream, a); break;
    case 32: err = launch_kernel(decode_kernel<32>, grid, block, 0, stream, a); break;
    case 64: err = launch_kernel(decode_kernel<64>, grid, block, 0, stream, a); break;
    case 128: err = launch_kernel(decode_kernel<128>, grid, block, 0, stream, a); break;
    default: break;
  }
  return check_launch(err, "delta_rule_decode");
}

}  // namespace tessera::cuda
