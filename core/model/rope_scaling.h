// RoPE frequency scaling schemes that core/model turns into RopeParams::freq_factors (and
// attn_factor): the one definition every backend rotates with.
#pragma once

#include <cstdint>
#include <vector>

namespace tessera {

struct Llama3RopeScaling {
  double factor = 8.0;
  double low_freq_factor = 1.0;
  double high_freq_factor = 4.0;
  double original_context_length = 8192.0;
};

// Llama 3.1's scaling as Meta defines it (and llama.cpp's converter stores in rope_freqs.weight):
// for each pair i < n_dims/2 with frequency f = base^(-2i/n_dims) and wavelength w = 2 pi / f:
//   w < original / high_freq_factor  -> divisor 1            (high frequencies untouched)
//   w > original / low_freq_factor   -> divisor factor       (low frequencies slowed down)
//   otherwise, smooth = (original / w - low) / (high - low) and divisor = 1 / ((1 - smooth) / factor + smooth).
// Returns the divisors (theta_i = pos * f / divisor_i).
std::vector<float> llama3_rope_freq_factors(const Llama3RopeScaling& s, int32_t n_dims, double freq_base);

struct YarnRopeScaling {
  double factor = 1.0;                     // s, the context extension (rope.scaling.factor)
  double original_context_length = 4096;   // L (rope.scaling.original_context_length)
  double beta_fast = 32.0;                 // rope.scaling.yarn_beta_fast
  double beta_slow = 1.0;                  // rope.scaling.yarn_beta_slow
};

struct YarnRope {
  std::vector<float> freq_factors;  // n_dims/2 divisors
  float attn_factor = 1.0f;         // multiplies cos and sin
};

// YaRN (Peng et al. 2023) as llama.cpp's ggml rope computes it with ext_factor 1 (what llama.cpp
// uses for every yarn file), written as per-pair divisors so every backend rotates with its
// ordinary freq_factors / attn_factor path. With f_i = base^(-2i/n_dims):
//   corr(b) = n_dims ln(L / (2 pi b)) / (2 ln base)    the pair whose wavelength spans L / b turns
//   low = max(0, floor(corr(beta_fast))),  high = min(n_dims - 1, ceil(corr(beta_slow)))
//   ramp_i = 1 - clamp((i - low) / max(0.001, high - low), 0, 1)   1: extrapolate, 0: interpolate
//   theta_i = pos f_i ((1 - ramp_i) / s + ramp_i)  ->  divisor_i = 1 / ((1 - ramp_i) / s + ramp_i)
//   attn_factor = 1 + 0.1 ln s for s > 1, else 1   (YaRN's attention-magnitude correction)
// (transformers' `truncate: false` drops the floor/ceil; GGUF files do not say, llama.cpp floors.)
YarnRope yarn_rope(const YarnRopeScaling& s, int32_t n_dims, double freq_base);

}  // namespace tessera
