#include "backend/backend_kernels.h"

#include <string>

#include "cuda_check.h"
#include "kernels/activation.cuh"
#include "kernels/launch.cuh"

namespace tessera::cuda {
namespace {

__global__ void add_bias_rows_kernel(float* __restrict__ y, int64_t ld, const float* __restrict__ b, int64_t n,
                                     int64_t total) {
  pdl_wait();
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= total) return;
  const int64_t t = g / n, i = g % n;
  y[t * ld + i] += b[i];
}

// One CTA per token. Head h's q moves from 2 h hd to h hd, in ascending h with a barrier between
// reading and writing, so no head's source is overwritten before it is read (a later head's q and
// gate lie at or above 2 (h + 1) hd > (h + 1) hd); the gates wait in shared memory meanwhile.
__global__ void split_query_gate_kernel(float* rows, int64_t ld, int n_head, int head_dim) {
  extern __shared__ float gates[];
  pdl_wait();
  float* row = rows + static_cast<int64_t>(blockIdx.x) * ld;
  const int q_dim = n_head * head_dim;
  for (int h = 0; h < n_head; ++h) {
    float q[2] = {0.0f, 0.0f};  // head_dim <= 2 blockDim
    int n = 0;
    for (int i = static_cast<int>(threadIdx.x); i < head_dim; i += static_cast<int>(blockDim.x), ++n) {
      q[n] = row[2 * h * head_dim + i];
      gates[h * head_dim + i] = row[(2 * h + 1) * head_dim + i];
    }
    __syncthreads();
    n = 0;
    for (int i = static_cast<int>(threadIdx.x); i < head_dim; i += static_cast<int>(blockDim.x), ++n)
      row[h * head_dim + i] = q[n];
    __syncthreads();
  }
  for (int j = static_cast<int>(threadIdx.x); j < q_dim; j += static_cast<int>(blockDim.x)) row[q_dim + j] = gates[j];
}

__global__ void sigmoid_gate_rows_kernel(float* __restrict__ y, int64_t ldy, const float* __restrict__ gate,
                                         int64_t ldg, int64_t n, int64_t total) {
  pdl_wait();
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= total) return;
  const int64_t t = g / n, i = g % n;
  y[t * ldy + i] *= 1.0f / (1.0f + expf(-gate[t * ldg + i]));
}

__global__ void scale_rows_by_position_kernel(float* __restrict__ q, int64_t ld, int64_t n, int64_t total,
                                              const int32_t* __restrict__ positions, float scale, float floor_scale,
                                              float offset) {
  pdl_wait();
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= total) return;
  const int64_t t = g / n, i = g % n;
  const float p = static_cast<float>(positions[t]);
  q[t * ld + i] *= logf(floorf((p + offset) / floor_scale) + 1.0f) * scale + 1.0f;
}

__global__ void gelu_gate_rows_kernel(float* __restrict__ g, int64_t ldg, const float* __restrict__ e, int64_t lde,
                                      int64_t n, int64_t total) {
  pdl_wait();
  const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= total) return;
  const int64_t t = i / n, c = i % n;
  g[t * ldg + c] = detail::gelu_tanh(g[t * ldg + c]) * e[t * lde + c];
}

__global__ void scale_by_scalar_kernel(float* __restrict__ x, int64_t n, const float* __restrict__ s) {
  pdl_wait();
  const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= *s;
}

constexpr int kGateThreads = 256;

__global__ void __launch_bounds__(kGateThreads)
    add_sigmoid_scaled_rows_kernel(float* y, int64_t ldy, const float* __restrict__ src, int64_t lds,
                                   const float* __restrict__ h, int64_t ldh, const float* __restrict__ w, int64_t n,
                                   bool accumulate) {
  __shared__ float partial[kGateThreads / 32];
  pdl_wait();
  const int64_t t = blockIdx.x;
  const float* hr = h + t * ldh;
  float s = 0.0f;
  for (int64_t i = threadIdx.x; i < n; i += kGateThreads) s += w[i] * hr[i];
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xFFFFFFFFu, s, off);
  if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = s;
  __syncthreads();
  float dot = 0.0f;
#pragma unroll
  for (int k = 0; k < kGateThreads / 32; ++k) dot += partial[k];
  const float scale = 1.0f / (1.0f + expf(-dot));
  float* yr = y + t * ldy;
  const float* sr = src + t * lds;
  for (int64_t i = threadIdx.x; i < n; i += kGateThreads) yr[i] = (accumulate ? yr[i] : 0.0f) + scale * sr[i];
}

}  // namespace

Status add_bias_rows(float* y, int64_t ld, const float* b, int64_t n, int64_t n_rows, cudaStream_t stream) {
  if (b == nullptr || n <= 0 || n_rows <= 0) return {};  // no bias
  if (y == nullptr || ld < n)
    return make_error(ErrorKind::InvalidArgument,
                      "add_bias_rows: bad arguments (n " + std::to_string(n) + ", ld " + std::to_string(ld) + ")");
  const int64_t total = n * n_rows;
  const int threads = 256;
  TESSERA_TRY(
      check_launch(launch_kernel(add_bias_rows_kernel, dim3(static_cast<unsigned>((total + threads - 1) / threads)),
                                 dim3(threads), 0, stream, y, ld, b, n, total),
                   "add_bias_rows_kernel"));
  return {};
}

Status split_query_gate(float* rows, int64_t ld, int n_tok, int n_head, int head_dim, cudaStream_t stream) {
  if (n_tok <= 0) return {};
  const int64_t q_dim = static_cast<int64_t>(n_head) * head_dim;
  if (n_head <= 0 || head_dim <= 0 || head_dim > 512 || q_dim > kMaxGatedQueryWidth || ld < 2 * q_dim)
    return make_error(ErrorKind::Unsupported, "split_query_gate: " + std::to_string(n_head) + " heads of " +
                                                  std::to_string(head_dim) + " (at most " +
                                                  std::to_string(kMaxGatedQueryWidth) + " query values, heads up to 512)");
  const int threads = head_dim > 256 ? 256 : head_dim;
  return check_launch(launch_kernel(split_query_gate_kernel, dim3(static_cast<unsigned>(n_tok)),
                                    dim3(static_cast<unsigned>(threads)), static_cast<size_t>(q_dim) * sizeof(float),
                                    stream, rows, ld, n_head, head_dim),
                      "split_query_gate_kernel");
}

Status sigmoid_gate_rows(float* y, int64_t ldy, const float* gate, int64_t ldg, int64_t n, int n_tok,
                         cudaStream_t stream) {
  if (n <= 0 || n_tok <= 0) return {};
  const int64_t total = n * n_tok;
  const int threads = 256;
  return check_launch(launch_kernel(sigmoid_gate_rows_kernel, dim3(static_cast<unsigned>((total + threads - 1) / threads)),
                                    dim3(threads), 0, stream, y, ldy, gate, ldg, n, total),
                      "sigmoid_gate_rows_kernel");
}

Status add_sigmoid_scaled_rows(float* y, int64_t ldy, const float* src, int64_t lds, const float* h, int64_t ldh,
                               const float* w, int64_t n, int n_tok, bool accumulate, cudaStream_t stream) {
  if (n <= 0 || n_tok <= 0) return {};
  return check_launch(launch_kernel(add_sigmoid_scaled_rows_kernel, dim3(static_cast<unsigned>(n_tok)),
                                    dim3(kGateThreads), 0, stream, y, ldy, src, lds, h, ldh, w, n, accumulate),
                      "add_sigmoid_scaled_rows_kernel");
}

Status scale_rows_by_position(float* q, int64_t ld, int64_t n, int n_tok, const int32_t* positions, float scale,
                              int64_t floor_scale, float offset, cudaStream_t stream) {
  if (n <= 0 || n_tok < 0 || ld < n || floor_scale <= 0 || positions == nullptr)
    return make_error(ErrorKind::InvalidArgument, "scale_rows_by_position: bad arguments (" + std::to_string(n) +
                                                      " values, floor scale " + std::to_string(floor_scale) + ")");
  const int64_t total = static_cast<int64_t>(n_tok) * n;
  if (total == 0) return {};
  const int threads = 256;
  return check_launch(launch_kernel(scale_rows_by_position_kernel,
                                    dim3(static_cast<unsigned>((total + threads - 1) / threads)), dim3(threads), 0,
                                    stream, q, ld, n, total, positions, scale, static_cast<float>(floor_scale), offset),
                      "scale_rows_by_position_kernel");
}

Status gelu_gate_rows(float* g, int64_t ldg, const float* e, int64_t lde, int64_t n, int n_tok, cudaStream_t stream) {
  if (n <= 0 || n_tok < 0 || ldg < n || lde < n)
    return make_error(ErrorKind::InvalidArgument, "gelu_gate_rows: bad arguments (" + std::to_string(n) + " values)");
  const int64_t total = static_cast<int64_t>(n_tok) * n;
  if (total == 0) return {};
  const int threads = 256;
  return check_launch(launch_kernel(gelu_gate_rows_kernel, dim3(static_cast<unsigned>((total + threads - 1) / threads)),
                                    dim3(threads), 0, stream, g, ldg, e, lde, n, total),
                      "gelu_gate_rows_kernel");
}

Status scale_by_scalar(float* x, int64_t n, const float* s, cudaStream_t stream) {
  if (n < 0 || s == nullptr) return make_error(ErrorKind::InvalidArgument, "scale_by_scalar: no scale");
  if (n == 0) return {};
  const int threads = 256;
  return check_launch(launch_kernel(scale_by_scalar_kernel, dim3(static_cast<unsigned>((n + threads - 1) / threads)),
                                    dim3(threads), 0, stream, x, n, s),
                      "scale_by_scalar_kernel");
}

}  // namespace tessera::cuda
