#include <string>

#include "cuda_check.h"
#include "kernels/delta_net_conv.h"
#include "kernels/launch.cuh"

namespace tessera::cuda {
namespace {

// A CTA covers kChannelBlock consecutive channels of one token (a whole number of norm groups:
// head_dim divides it), so the L2 norm of a head is a reduction inside the CTA.
constexpr int kChannelBlock = 128;

__global__ void __launch_bounds__(kChannelBlock) conv_kernel(DeltaConvArgs a) {
  __shared__ float partial[kChannelBlock / 32];
  pdl_wait();
  const int64_t c = static_cast<int64_t>(blockIdx.x) * kChannelBlock + threadIdx.x;
  const int t = static_cast<int>(blockIdx.y);
  const bool live = c < a.channels;
  const int hist = a.width - 1;
  // The window of this channel's inputs u_{t - hist} .. u_t, the oldest first.
  float win[kMaxDeltaConvWidth];
  float acc = 0.0f;
#pragma unroll
  for (int j = 0; j < kMaxDeltaConvWidth; ++j) {
    win[j] = 0.0f;
    if (j < a.width && live) {
      const int p = t - hist + j;
      win[j] = p >= 0 ? a.x[static_cast<int64_t>(p) * a.x_stride + c] : a.state[static_cast<int64_t>(p + hist) * a.channels + c];
      acc += a.w[c * a.width + j] * win[j];
    }
  }
  float y = acc / (1.0f + expf(-acc));
  if (gridDim.y == 1 && live) {
    // A one-token step: this thread alone reads and writes its channel's state.
#pragma unroll
    for (int j = 0; j + 1 < kMaxDeltaConvWidth; ++j)
      if (j < hist) a.state[static_cast<int64_t>(j) * a.channels + c] = win[j + 1];
  }
  // L2 norm of the q/k heads, groups of head_dim channels aligned to head_dim inside the CTA (it
  // divides the block). Up to 32: lanes of one warp, reduced by shuffles among them; above: whole
  // warps, their sums added in shared memory. The reduction runs in every CTA that holds a
  // normalised channel (a uniform test); only those channels take its result (a CTA may also hold
  // v channels).
  const int64_t block_first = static_cast<int64_t>(blockIdx.x) * kChannelBlock;
  if (block_first < a.norm_channels) {
    float ss = live ? y * y : 0.0f;
    float sum = 0.0f;
    if (a.head_dim <= 32) {
      for (int off = a.head_dim / 2; off > 0; off >>= 1) ss += __shfl_xor_sync(0xFFFFFFFFu, ss, off);
      sum = ss;
    } else {
#pragma unroll
      for (int off = 16; off > 0; off >>= 1) ss += __shfl_xor_sync(0xFFFFFFFFu, ss, off);
      const int warp = threadIdx.x >> 5;
      if ((threadIdx.x & 31) == 0) partial[warp] = ss;
      __syncthreads();
      const int per_group = a.head_dim / 32;
      const int first = warp / per_group * per_group;
      for (int w = first; w < first + per_group; ++w) sum += partial[w];
    }
    if (c < a.norm_channels) y *= 1.0f / sqrtf(sum + a.eps);
    if (c < a.scaled_channels) y *= a.scale;
  }
  if (live) a.out[static_cast<int64_t>(t) * a.out_stride + c] = y;
}

// After a step of n_tok >= 2 tokens: state row j = u_{n_tok - hist + j}, from x or the old state.
// Rows are written in increasing j and read from row j + n_tok > j, which is not yet overwritten.
__global__ void conv_state_kernel(const float* x, int64_t x_stride, float* state, int64_t channels, int hist,
                                  int n_tok) {
  pdl_wait();
  const int64_t c = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c >= channels) return;
  for (int j = 0; j < hist; ++j) {
    const int p = n_tok - hist + j;
    const float u = p >= 0 ? x[static_cast<int64_t>(p) * x_stride + c] : state[static_cast<int64_t>(j + n_tok) * channels + c];
    state[static_cast<int64_t>(j) * channels + c] = u;
  }
}

}  // namespace

Status delta_net_conv(const DeltaConvArgs& a, cudaStream_t stream) {
  if (a.n_tok <= 0 || a.channels <= 0) return {};
  if (a.width < 2 || a.width > kMaxDeltaConvWidth)
    return make_error(ErrorKind::Unsupported, "the CUDA Gated DeltaNet convolution takes kernel widths 2.." +
                                                  std::to_string(kMaxDeltaConvWidth) + ", not " +
                                                  std::to_string(a.width));
  if ((a.head_dim != 16 && a.head_dim != 32 && a.head_dim != 64 && a.head_dim != 128) || a.norm_channels % a.head_dim != 0 ||
      a.norm_channels > a.channels || a.scaled_channels > a.norm_channels)
    return make_error(ErrorKind::InvalidArgument, "delta_net_conv: head size " + std::to_string(a.head_dim) +
                                                      " and normalised channels " + std::to_string(a.norm_channels) +
                                                      " do not fit the kernel");
  if (a.n_tok > 65535)
    return make_error(ErrorKind::InvalidArgument, "delta_net_conv: more than 65535 tokens in one step");
  const dim3 grid(static_cast<unsigned>((a.channels + kChannelBlock - 1) / kChannelBlock), static_cast<unsigned>(a.n_tok));
  TESSERA_TRY(check_launch(launch_kernel(conv_kernel, grid, dim3(kChannelBlock), 0, stream, a), "delta_net_conv"));
  if (a.n_tok == 1) return {};
  return check_launch(launch_kernel(conv_state_kernel, dim3(static_cast<unsigned>((a.channels + 255) / 256)), dim3(256),
                                    0, stream, a.x, a.x_stride, a.state, a.channels, a.width - 1, a.n_tok),
                      "delta_net_conv_state");
}

}  // namespace tessera::cuda
