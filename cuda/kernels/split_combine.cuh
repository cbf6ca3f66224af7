// The merge of an attention row computed in key splits (flash-decoding): each split s of one
// (token, head) left its running maximum m_s (base-2 scores), its sum l_s of 2^(score - m_s), and
// its unnormalised output acc_s (`width` floats). The merged row is
//   out = sum_s 2^(m_s - M) acc_s / (sum_s 2^(m_s - M) l_s + 2^(sink - M)),  M = max(max_s m_s, sink)
// with `sink_log2` -INFINITY when there is no sink (gpt-oss's per-head sinks add to the denominator
// only). A split that saw no key has m_s = -INFINITY and adds nothing; a row with no key and no sink
// is 0. The block's threads share the row's columns. Used by the attention and latent attention
// combine kernels (one block per (token, head)).
#pragma once

#include <cmath>
#include <cstdint>

namespace tessera::cuda {

// ml: the splits' (m, l) pairs, 2 * n_splits floats; acc: their outputs, n_splits rows of `width`.
__device__ inline void combine_splits(const float* ml, const float* acc, int n_splits, int width, float sink_log2,
                                      float* out) {
  float mx = -INFINITY;
  for (int s = 0; s < n_splits; ++s) mx = fmaxf(mx, ml[2 * s]);
  const bool any_key = mx != -INFINITY;
  mx = fmaxf(mx, sink_log2);
  const float sink_share = sink_log2 != -INFINITY ? exp2f(sink_log2 - mx) : 0.0f;
  for (int d = threadIdx.x; d < width; d += blockDim.x) {
    float num = 0.0f, den = sink_share;
    if (any_key) {
      for (int s = 0; s < n_splits; ++s) {
        const float ms = ml[2 * s];
        if (ms == -INFINITY) continue;
        const float w = exp2f(ms - mx);
        num += w * acc[static_cast<int64_t>(s) * width + d];
        den += w * ml[2 * s + 1];
      }
    }
    out[d] = den > 0.0f ? num / den : 0.0f;
  }
}

}  // namespace tessera::cuda
