// RoPE frequency scaling schemes that core/model turns into RopeParams::freq_factors.
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

}  // namespace tessera
