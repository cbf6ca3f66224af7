#include "cuda_check.h"
#include "kernels/delta_net_gates.cuh"
#include "kernels/delta_net_gates.h"
#include "kernels/launch.cuh"

namespace tessera::cuda {
namespace {

__global__ void gates_kernel(const float* ba, int64_t ba_stride, int n_tok, int hv, int group, const float* rate,
                             const float* dt_bias, float* g, float* beta) {
  pdl_wait();
  const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= static_cast<int64_t>(n_tok) * hv) return;
  const int64_t t = i / hv;
  const int e = static_cast<int>(i % hv);
  detail::delta_gates(ba + t * ba_stride, e, group, rate, dt_bias, g[i], beta[i]);
}

}  // namespace

Status delta_net_gates(const float* ba, int64_t ba_stride, int n_tok, int n_v_heads, int group, const float* rate,
                       const float* dt_bias, float* g, float* beta, cudaStream_t stream) {
  if (n_tok <= 0 || n_v_heads <= 0) return {};
  if (group <= 0 || n_v_heads % group != 0)
    return make_error(ErrorKind::InvalidArgument, "delta_net_gates: groups of " + std::to_string(group) +
                                                      " do not divide " + std::to_string(n_v_heads) + " value heads");
  const int64_t n = static_cast<int64_t>(n_tok) * n_v_heads;
  return check_launch(launch_kernel(gates_kernel, dim3(static_cast<unsigned>((n + 255) / 256)), dim3(256), 0, stream,
                                    ba, ba_stride, n_tok, n_v_heads, group, rate, dt_bias, g, beta),
                      "delta_net_gates");
}

}  // namespace tessera::cuda
