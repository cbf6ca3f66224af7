#include <string>

#include "cuda_check.h"
#include "kernels/gated_norm.h"
#include "kernels/launch.cuh"

namespace tessera::cuda {
namespace {

constexpr int kWarps = 4;
constexpr int kMaxPerLane = 8;  // head_dim <= 256

// One warp per (token, head); lane l holds elements l, l + 32, ...
__global__ void __launch_bounds__(kWarps * 32)
    gated_norm_kernel(const float* x, int64_t x_stride, const float* z, int64_t z_stride, const float* w, float* out,
                      int64_t out_stride, int n_tok, int n_heads, int head_dim, float eps) {
  pdl_wait();
  const int64_t row = static_cast<int64_t>(blockIdx.x) * kWarps + (threadIdx.x >> 5);
  if (row >= static_cast<int64_t>(n_tok) * n_heads) return;
  const int lane = threadIdx.x & 31;
  const int64_t t = row / n_heads;
  const int64_t e = row % n_heads;
  const float* xr = x + t * x_stride + e * head_dim;
  const float* zr = z + t * z_stride + e * head_dim;
  float* orow = out + t * out_stride + e * head_dim;
  float v[kMaxPerLane];
  float ss = 0.0f;
#pragma unroll
  for (int k = 0; k < kMaxPerLane; ++k) {
    const int i = lane + 32 * k;
    v[k] = i < head_dim ? xr[i] : 0.0f;
    ss += v[k] * v[k];
  }
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) ss += __shfl_xor_sync(0xFFFFFFFFu, ss, off);
  const float scale = 1.0f / sqrtf(ss / static_cast<float>(head_dim) + eps);
#pragma unroll
  for (int k = 0; k < kMaxPerLane; ++k) {
    const int i = lane + 32 * k;
    if (i >= head_dim) break;
    const float zi = zr[i];
    orow[i] = v[k] * scale * w[i] * (zi / (1.0f + expf(-zi)));
  }
}

}  // namespace

Status gated_rms_norm(const float* x, int64_t x_stride, const float* z, int64_t z_stride, const float* w, float* out,
                      int64_t out_stride, int n_tok, int n_heads, int head_dim, float eps, cudaStream_t stream) {
  if (n_tok <= 0 || n_heads <= 0) return {};
  if (head_dim <= 0 || head_dim % 16 != 0 || head_dim > 32 * kMaxPerLane)
    return make_error(ErrorKind::InvalidArgument,
                      "gated_rms_norm: head size " + std::to_string(head_dim) + " is not a multiple of 16 up to 256");
  const int64_t rows = static_cast<int64_t>(n_tok) * n_heads;
  return check_launch(launch_kernel(gated_norm_kernel, dim3(static_cast<unsigned>((rows + kWarps - 1) / kWarps)),
                                    dim3(kWarps * 32), 0, stream, x, x_stride, z, z_stride, w, out, out_stride, n_tok,
                                    n_heads, head_dim, eps),
                      "gated_rms_norm");
}

}  // namespace tessera::cuda
