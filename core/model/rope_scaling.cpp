#include "model/rope_scaling.h"

#include <cmath>
#include <numbers>

namespace tessera {

std::vector<float> llama3_rope_freq_factors(const Llama3RopeScaling& s, int32_t n_dims, double freq_base) {
  const double low_wavelen = s.original_context_length / s.low_freq_factor;
  const double high_wavelen = s.original_context_length / s.high_freq_factor;
  std::vector<float> out;
  out.reserve(static_cast<size_t>(n_dims / 2));
  for (int32_t i = 0; i < n_dims / 2; ++i) {
    const double freq = std::pow(freq_base, -2.0 * i / static_cast<double>(n_dims));
    const double wavelen = 2.0 * std::numbers::pi / freq;
    double divisor;
    if (wavelen < high_wavelen) {
      divisor = 1.0;
    } else if (wavelen > low_wavelen) {
      divisor = s.factor;
    } else {
      const double smooth =
          (s.original_context_length / wavelen - s.low_freq_factor) / (s.high_freq_factor - s.low_freq_factor);
      divisor = 1.0 / ((1.0 - smooth) / s.factor + smooth);
    }
    out.push_back(static_cast<float>(divisor));
  }
  return out;
}

}  // namespace tessera
