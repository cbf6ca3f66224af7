#include "model/rope_scaling.h"

#include <algorithm>
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

YarnRope yarn_rope(const YarnRopeScaling& s, int32_t n_dims, double freq_base) {
  const double n = static_cast<double>(n_dims);
  auto corr = [&](double beta) {
    return n * std::log(s.original_context_length / (beta * 2.0 * std::numbers::pi)) / (2.0 * std::log(freq_base));
  };
  const double low = std::max(0.0, std::floor(corr(s.beta_fast)));
  const double high = std::min(n - 1.0, std::ceil(corr(s.beta_slow)));
  YarnRope out;
  out.freq_factors.reserve(static_cast<size_t>(n_dims / 2));
  for (int32_t i = 0; i < n_dims / 2; ++i) {
    const double y = (static_cast<double>(i) - low) / std::max(0.001, high - low);
    const double ramp = 1.0 - std::clamp(y, 0.0, 1.0);
    out.freq_factors.push_back(static_cast<float>(1.0 / ((1.0 - ramp) / s.factor + ramp)));
  }
  out.attn_factor = s.factor > 1.0 ? static_cast<float>(1.0 + 0.1 * std::log(s.factor)) : 1.0f;
  return out;
}

}  // namespace tessera
