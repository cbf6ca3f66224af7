#include "quant/quant_search.h"

#include <limits>

namespace tessera::quant_detail {
namespace {

// Candidate scales put the largest |x| at factor * (end of the grid); factors below 1 leave the
// end level unused, factors above 1 clip the largest values. Least squares then refits each.
// (A brute-force search over every scale finds the same error to 3 digits on normal data.)
constexpr int kFactorSteps = 9;
constexpr float kFactorFirst = 0.84f;
constexpr float kFactorStep = 0.04f;
constexpr int kRefineIterations = 2;

// For fixed levels q, the best symmetric d is sum(qx)/sum(qq) and the squared error is
// sum(xx) - sum(qx)^2/sum(qq); "score" is that second term (larger is better).
struct SymmetricTrial {
  float score = -1.0f;
  float d = 0.0f;
};

// The loops below keep kLanes independent partial sums (n is a multiple of kLanes) so the compiler
// can vectorise them without reassociating a single float sum.
constexpr int kLanes = 8;

float sum_lanes(const float* a) { return ((a[0] + a[4]) + (a[1] + a[5])) + ((a[2] + a[6]) + (a[3] + a[7])); }

SymmetricTrial try_symmetric(const float* x, int n, float d, int qmin, int qmax) {
  const float inv = 1.0f / d;
  float aqx[kLanes] = {}, aqq[kLanes] = {};
  for (int i = 0; i < n; i += kLanes) {
    for (int l = 0; l < kLanes; ++l) {
      const float q = static_cast<float>(round_clamp(x[i + l] * inv, qmin, qmax));
      aqx[l] += q * x[i + l];
      aqq[l] += q * q;
    }
  }
  const float sum_qx = sum_lanes(aqx), sum_qq = sum_lanes(aqq);
  SymmetricTrial t;
  if (sum_qq > 0.0f) {
    t.score = sum_qx * sum_qx / sum_qq;
    t.d = sum_qx / sum_qq;
  }
  return t;
}

// Least-squares (scale, min) for the levels q_i = round_clamp((x_i - from_min) * iscale, 0, qmax),
// and its squared error (closed form from the same sums).
struct AffineTrial {
  AffineFit fit;
  float err = std::numeric_limits<float>::infinity();
};

AffineTrial fit_affine_levels(const float* x, int n, float sum_x, float sum_xx, int qmax, float from_min, float iscale,
                              bool min_nonpositive) {
  float aq[kLanes] = {}, aqq[kLanes] = {}, aqx[kLanes] = {};
  for (int i = 0; i < n; i += kLanes) {
    for (int l = 0; l < kLanes; ++l) {
      const float q = static_cast<float>(round_clamp((x[i + l] - from_min) * iscale, 0, qmax));
      aq[l] += q;
      aqq[l] += q * q;
      aqx[l] += q * x[i + l];
    }
  }
  const float sq = sum_lanes(aq), sqq = sum_lanes(aqq), sqx = sum_lanes(aqx);
  const float fn = static_cast<float>(n);
  AffineFit fit;
  const float det = fn * sqq - sq * sq;
  if (det > 0.0f) {
    fit.scale = (fn * sqx - sq * sum_x) / det;
    fit.min = (sqq * sum_x - sq * sqx) / det;
  } else {  // every level equal: the best constant is the mean
    fit.min = sum_x / fn;
  }
  if ((min_nonpositive && fit.min > 0.0f) || fit.scale < 0.0f) {
    fit.min = min_nonpositive ? 0.0f : fit.min;
    fit.scale = sqq > 0.0f ? std::max(0.0f, (sqx - fit.min * sq) / sqq) : 0.0f;
  }
  // sum (s q + m - x)^2 expanded.
  const float s = fit.scale, m = fit.min;
  AffineTrial t;
  t.fit = fit;
  t.err = s * s * sqq + 2.0f * s * m * sq + fn * m * m - 2.0f * s * sqx - 2.0f * m * sum_x + sum_xx;
  return t;
}

}  // namespace

float search_symmetric_scale(const float* x, int n, int qmin, int qmax) {
  float amax = 0.0f, m = 0.0f;
  for (int i = 0; i < n; ++i) {
    if (std::fabs(x[i]) > amax) {
      amax = std::fabs(x[i]);
      m = x[i];
    }
  }
  if (amax < std::numeric_limits<float>::min()) return 0.0f;

  SymmetricTrial best;
  best.d = m / static_cast<float>(qmin);
  for (const int end : {qmin, qmax}) {
    for (int k = 0; k < kFactorSteps; ++k) {
      const float factor = kFactorFirst + kFactorStep * static_cast<float>(k);
      const SymmetricTrial t = try_symmetric(x, n, m / (static_cast<float>(end) * factor), qmin, qmax);
      if (t.score > best.score) best = t;
    }
  }
  // A few Lloyd steps: re-round with the refitted d, refit again; keep only improvements.
  for (int it = 0; it < kRefineIterations && best.d != 0.0f; ++it) {
    const SymmetricTrial t = try_symmetric(x, n, best.d, qmin, qmax);
    if (t.score <= best.score) break;
    best = t;
  }
  return best.d;
}

AffineFit search_affine(const float* x, int n, int qmax, bool min_nonpositive) {
  float lo = x[0], hi = x[0], sum_x = 0.0f, sum_xx = 0.0f;
  for (int i = 0; i < n; ++i) {
    lo = std::min(lo, x[i]);
    hi = std::max(hi, x[i]);
    sum_x += x[i];
    sum_xx += x[i] * x[i];
  }
  if (min_nonpositive && lo > 0.0f) lo = 0.0f;
  if (!(hi > lo)) return AffineFit{0.0f, lo};  // constant block

  AffineTrial best;
  for (int k = 0; k < kFactorSteps; ++k) {
    const float factor = kFactorFirst + kFactorStep * static_cast<float>(k);
    const float iscale = static_cast<float>(qmax) * factor / (hi - lo);
    const AffineTrial t = fit_affine_levels(x, n, sum_x, sum_xx, qmax, lo, iscale, min_nonpositive);
    if (t.err < best.err) best = t;
  }
  for (int it = 0; it < kRefineIterations && best.fit.scale > 0.0f; ++it) {
    const AffineTrial t =
        fit_affine_levels(x, n, sum_x, sum_xx, qmax, best.fit.min, 1.0f / best.fit.scale, min_nonpositive);
    if (!(t.err < best.err)) break;
    best = t;
  }
  if (!(best.err < std::numeric_limits<float>::infinity())) return AffineFit{(hi - lo) / static_cast<float>(qmax), lo};
  return best.fit;
}

}  // namespace tessera::quant_detail
