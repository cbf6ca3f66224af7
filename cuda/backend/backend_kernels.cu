#include "backend/backend_kernels.h"
#include "cuda_check.h"
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

}  // namespace tessera::cuda
