#include "kernels/rope.h"

#include <string>

#include "cuda_check.h"

namespace tessera::cuda {
namespace {

__global__ void rope_kernel(float* x, int64_t token_stride, int n_tokens, int n_heads, int head_dim,
                            const int32_t* __restrict__ positions, int neox, int n_dims, float freq_base,
                            float freq_scale, const float* __restrict__ freq_factors) {
  const int half = n_dims / 2;
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t per_token = static_cast<int64_t>(n_heads) * half;
  if (g >= per_token * n_tokens) return;
  const int t = static_cast<int>(g / per_token);
  const int rem = static_cast<int>(g % per_token);
  const int h = rem / half, i = rem % half;
  double theta = static_cast<double>(freq_scale) * pow(static_cast<double>(freq_base), -2.0 * i / n_dims);
  if (freq_factors != nullptr) theta /= static_cast<double>(freq_factors[i]);
  const double angle = static_cast<double>(positions[t]) * theta;
  double sd, cd;
  sincos(angle, &sd, &cd);
  const float s = static_cast<float>(sd), c = static_cast<float>(cd);
  float* head = x + t * token_stride + static_cast<int64_t>(h) * head_dim;
  const int ia = neox ? i : 2 * i;
  const int ib = neox ? i + half : 2 * i + 1;
  const float a = head[ia], b = head[ib];
  head[ia] = a * c - b * s;
  head[ib] = a * s + b * c;
}

}  // namespace

Status rope(float* x, int64_t token_stride, int n_tokens, int n_heads, int head_dim, const int32_t* positions,
            const RopeConfig& config, cudaStream_t stream) {
  if (config.n_dims <= 0 || config.n_dims % 2 != 0 || config.n_dims > head_dim || n_tokens < 0 || n_heads <= 0 ||
      token_stride < static_cast<int64_t>(n_heads) * head_dim)
    return make_error(ErrorKind::InvalidArgument, "rope: bad shape (n_dims " + std::to_string(config.n_dims) +
                                                      ", head_dim " + std::to_string(head_dim) + ", heads " +
                                                      std::to_string(n_heads) + ")");
  if (n_tokens == 0) return {};
  const int64_t n = static_cast<int64_t>(n_tokens) * n_heads * (config.n_dims / 2);
  const int threads = 256;
  rope_kernel<<<static_cast<unsigned>((n + threads - 1) / threads), threads, 0, stream>>>(
      x, token_stride, n_tokens, n_heads, head_dim, positions, config.style == RopeStyle::NeoX ? 1 : 0, config.n_dims,
      config.freq_base, config.freq_scale, config.freq_factors);
  TESSERA_CUDA_CHECK_LAUNCH("rope_kernel");
  return {};
}

}  // namespace tessera::cuda
