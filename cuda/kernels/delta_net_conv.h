// The causal convolution of a Gated DeltaNet layer (model_spec.h's equations) with its rolling
// state, the SiLU the model applies after it, and the L2 normalisation of the q and k heads.
//
// Per channel c < C and token t < n_tok (token t's row at x + t * x_stride):
//   y_t[c]  = silu(sum_{j < width} w[c * width + j] * u_{t - width + 1 + j}[c])
// where u_p = x row p for p >= 0 and u_{-1}, u_{-2}, ... come from `state` ((width - 1) rows of C
// floats, the oldest first: row j holds u_{j - width + 1}). Then each group of head_dim channels
// among the first norm_channels (the q and k heads) is divided by sqrt(sum of its squares + eps),
// and the first scaled_channels (the q heads) are multiplied by `scale` (1 / sqrt(dk)). The result
// goes to `out` (rows out_stride apart, which must not overlap x). Afterwards `state` holds the
// last width - 1 inputs (from x and the old state): the next step continues the sequence.
// This is cpu::causal_conv1d with silu followed by cpu::l2_normalize per head and the q scale.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/error.h"

namespace tessera::cuda {

// The widest convolution the kernel holds in registers (published models: 4).
inline constexpr int kMaxDeltaConvWidth = 8;

struct DeltaConvArgs {
  const float* x = nullptr;  // [n_tok][x_stride], the first `channels` floats of a row used
  int64_t x_stride = 0;
  float* out = nullptr;  // [n_tok][out_stride]
  int64_t out_stride = 0;
  const float* w = nullptr;  // [channels][width] f32
  float* state = nullptr;    // [width - 1][channels] f32
  int n_tok = 0;
  int64_t channels = 0;        // C
  int width = 0;               // 2 .. kMaxDeltaConvWidth
  int64_t norm_channels = 0;   // 2 Kq: a multiple of head_dim
  int head_dim = 0;            // dk: 16, 32, 64 or 128
  int64_t scaled_channels = 0; // Kq
  float scale = 1.0f;
  float eps = 1e-6f;
};

// One launch for a decode step (n_tok == 1: each thread reads its channel's state, then writes it);
// two for longer steps (the convolution, then the state update once every read of the old state is
// done).
Status delta_net_conv(const DeltaConvArgs& a, cudaStream_t stream);

}  // namespace tessera::cuda
