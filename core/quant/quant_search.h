// Scale searches used by the quantizers (internal to core/quant).
//
// Both minimise the squared error of a small group of values (one block or sub-block) over a
// handful of candidate scales, refitting each candidate by least squares; this is what makes
// the low-bit types usable (plain min/max rounding loses a lot at 2-4 bits).
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace tessera::quant_detail {

// round(clamp(v, lo, hi)) with ties to even, for |lo|, |hi| < 2^22. Clamps first (NaN -> lo), then
// rounds by adding 1.5 * 2^23: in [2^23, 2^24) the float spacing is exactly 1, so the addition
// itself rounds to the nearest integer (ties to even, the default mode), which the low mantissa
// bits then hold. Branch-free and inlined, unlike std::nearbyint on baseline x86-64.
inline int round_clamp(float v, int lo, int hi) {
  const float flo = static_cast<float>(lo), fhi = static_cast<float>(hi);
  v = v >= flo ? v : flo;
  v = v <= fhi ? v : fhi;
  return static_cast<int>(std::bit_cast<uint32_t>(v + 12582912.0f) - 0x4B400000u);
}

// Both searches need n to be a multiple of 8 (every caller passes 16 or 32).

// Symmetric grid: x_i ~ d * q_i with q_i = round_clamp(x_i / d, qmin, qmax), qmin < 0 < qmax.
// Returns the best d found (its sign chooses which end of the grid the largest |x| maps to);
// 0 when every x is 0.
float search_symmetric_scale(const float* x, int n, int qmin, int qmax);

// Affine grid: x_i ~ scale * q_i + min with q_i in [0, qmax]. When min_nonpositive, min is forced
// <= 0 (K-quants store the min as a non-negative number that is subtracted). scale >= 0.
struct AffineFit {
  float scale = 0.0f;
  float min = 0.0f;
};
AffineFit search_affine(const float* x, int n, int qmax, bool min_nonpositive);

}  // namespace tessera::quant_detail
