// Quantizers of the non-linear and ternary types Tessera writes (IQ4_NL, IQ4_XS, MXFP4, TQ1_0,
// TQ2_0). Layouts: quant/blocks.h. These are plain round-to-nearest encoders with a small scale
// search, good enough for tests and synthetic models (the codebook types IQ1..IQ3 need an
// importance-weighted lattice search that only pays off for real models: use llama-quantize).
#include <cmath>
#include <cstdint>

#include "quant/fp16.h"
#include "quant/iq_grids.h"
#include "quant/quant_search.h"
#include "quant/quantize_blocks.h"

namespace tessera::quant_detail {
namespace {

// Index of the level of `values` (16 entries, ascending) nearest to v.
int nearest_level(const int8_t (&values)[16], float v) {
  int best = 0;
  float best_err = std::fabs(v - static_cast<float>(values[0]));
  for (int k = 1; k < 16; ++k) {
    const float err = std::fabs(v - static_cast<float>(values[k]));
    if (err < best_err) {
      best_err = err;
      best = k;
    }
  }
  return best;
}

// Levels of x / d (d != 0) into q; returns the squared error of d * level against x.
float assign_iq4(const float* x, int n, float d, uint8_t* q) {
  const float id = 1.0f / d;
  float err = 0.0f;
  for (int i = 0; i < n; ++i) {
    q[i] = static_cast<uint8_t>(nearest_level(iq::kIq4Values, x[i] * id));
    const float e = d * static_cast<float>(iq::kIq4Values[q[i]]) - x[i];
    err += e * e;
  }
  return err;
}

// Best IQ4 scale for n values: both ends of the (asymmetric) level set tried for the largest
// magnitude, each widened/narrowed in small steps and refitted by least squares. 0 when all x are 0.
float search_iq4_scale(const float* x, int n) {
  float amax = 0.0f, vmax = 0.0f;
  for (int i = 0; i < n; ++i) {
    if (std::fabs(x[i]) > amax) {
      amax = std::fabs(x[i]);
      vmax = x[i];
    }
  }
  if (amax == 0.0f) return 0.0f;
  uint8_t q[kQK_K];
  float best_d = vmax / -127.0f, best_err = INFINITY;
  for (const float end : {-127.0f, 113.0f}) {
    for (int step = -6; step <= 6; ++step) {
      const float d = vmax / end * (1.0f + 0.02f * static_cast<float>(step));
      assign_iq4(x, n, d, q);
      double xv = 0.0, vv = 0.0;
      for (int i = 0; i < n; ++i) {
        const double v = iq::kIq4Values[q[i]];
        xv += x[i] * v;
        vv += v * v;
      }
      const float refit = vv > 0.0 ? static_cast<float>(xv / vv) : d;
      if (refit == 0.0f) continue;
      uint8_t q2[kQK_K];
      const float err = assign_iq4(x, n, refit, q2);
      if (err < best_err) {
        best_err = err;
        best_d = refit;
      }
    }
  }
  return best_d;
}

void pack_nibbles16(const uint8_t* q, uint8_t* qs) {
  for (int j = 0; j < 16; ++j) qs[j] = static_cast<uint8_t>((q[j] & 0x0F) | (q[j + 16] << 4));
}

// Ternary levels t in {-1, 0, 1} of x / d: d is searched (fractions of max |x|, each refitted by
// least squares, which for levels +-1 is the mean |x| of the non-zero ones); 0 when all x are 0.
bool ternary_levels(const float* x, uint16_t& d_bits, int* t) {
  float amax = 0.0f;
  for (int i = 0; i < kQK_K; ++i) amax = std::max(amax, std::fabs(x[i]));
  float best_d = amax, best_err = INFINITY;
  for (int step = 0; step < 16 && amax > 0.0f; ++step) {
    const float threshold = amax * (1.0f - 0.05f * static_cast<float>(step)) * 0.5f;  // |x| above it -> +-1
    double sum = 0.0;
    int count = 0;
    for (int i = 0; i < kQK_K; ++i)
      if (std::fabs(x[i]) > threshold) {
        sum += std::fabs(x[i]);
        ++count;
      }
    const float d = static_cast<float>(sum / std::max(count, 1));
    float err = 0.0f;
    for (int i = 0; i < kQK_K; ++i) {
      const float e = (std::fabs(x[i]) > threshold ? d : 0.0f) - std::fabs(x[i]);
      err += e * e;
    }
    if (err < best_err) {
      best_err = err;
      best_d = d;
    }
  }
  if (!to_fp16_finite(best_d, d_bits)) return false;
  const float d = fp16_to_fp32(d_bits);
  const float id = d > 0.0f ? 1.0f / d : 0.0f;
  for (int i = 0; i < kQK_K; ++i) t[i] = round_clamp(x[i] * id, -1, 1);
  return true;
}

// Five trits (0..2, the first most significant) as one TQ1_0 byte: the base-3 fraction
// v / 243 scaled to 256, rounded up so that the decoder's * 3^n >> 8 reads each trit back.
uint8_t pack_trits(const int* t, int count) {
  int v = 0;
  for (int n = 0; n < 5; ++n) v = 3 * v + (n < count ? t[n] : 0);
  return static_cast<uint8_t>((v * 256 + 242) / 243);
}

}  // namespace

bool quantize_block(const float* x, BlockIQ4_NL& b) {
  const float d = search_iq4_scale(x, kQK);
  if (!to_fp16_finite(d, b.d)) return false;
  const float df = fp16_to_fp32(b.d);
  uint8_t q[kQK] = {};
  if (df != 0.0f) assign_iq4(x, kQK, df, q);
  pack_nibbles16(q, b.qs);
  return true;
}

bool quantize_block(const float* x, BlockIQ4_XS& b) {
  float scale[8];
  float smax = 0.0f, samax = 0.0f;
  for (int s = 0; s < 8; ++s) {
    scale[s] = search_iq4_scale(x + 32 * s, 32);
    if (std::fabs(scale[s]) > samax) {
      samax = std::fabs(scale[s]);
      smax = scale[s];
    }
  }
  // The largest sub-block scale maps to code -32 (the end of -32..31 with the most room).
  if (!to_fp16_finite(smax / -32.0f, b.d)) return false;
  const float d = fp16_to_fp32(b.d);
  const float id = d != 0.0f ? 1.0f / d : 0.0f;
  b.scales_h = 0;
  for (int s = 0; s < 8; ++s) {
    const int l = d != 0.0f ? round_clamp(scale[s] * id, -32, 31) : 0;
    const int ls = l + 32;
    if (s % 2 == 0) b.scales_l[s / 2] = static_cast<uint8_t>(ls & 0x0F);
    else b.scales_l[s / 2] = static_cast<uint8_t>(b.scales_l[s / 2] | ((ls & 0x0F) << 4));
    b.scales_h = static_cast<uint16_t>(b.scales_h | ((ls >> 4) << (2 * s)));
    const float dl = d * static_cast<float>(l);
    uint8_t q[32] = {};
    if (dl != 0.0f) assign_iq4(x + 32 * s, 32, dl, q);
    pack_nibbles16(q, b.qs + 16 * s);
  }
  return true;
}

bool quantize_block(const float* x, BlockMXFP4& b) {
  float amax = 0.0f;
  for (int i = 0; i < kQK; ++i) amax = std::max(amax, std::fabs(x[i]));
  uint8_t q[kQK] = {};
  if (amax == 0.0f) {
    b.e = 0;
    pack_nibbles16(q, b.qs);
    return true;
  }
  // 12 * 2^(e - 128) (the largest level) near amax: e0 = floor(log2 amax) + 125; the neighbours
  // are tried too and the one with the least squared error kept.
  const int e0 = static_cast<int>(std::floor(std::log2(amax))) + 125;
  float best_err = INFINITY;
  for (int e = e0 - 1; e <= e0 + 1; ++e) {
    if (e < 0 || e > 254) continue;
    const float d = iq::e8m0_half_to_fp32(static_cast<uint8_t>(e));
    uint8_t qc[kQK];
    float err = 0.0f;
    for (int i = 0; i < kQK; ++i) {
      // Levels of kFp4Values are not sorted (0 appears twice); scan all 16.
      int best = 0;
      float be = INFINITY;
      for (int k = 0; k < 16; ++k) {
        const float ek = std::fabs(static_cast<float>(iq::kFp4Values[k]) * d - x[i]);
        if (ek < be) {
          be = ek;
          best = k;
        }
      }
      qc[i] = static_cast<uint8_t>(best);
      err += be * be;
    }
    if (err < best_err) {
      best_err = err;
      b.e = static_cast<uint8_t>(e);
      for (int i = 0; i < kQK; ++i) q[i] = qc[i];
    }
  }
  if (!std::isfinite(best_err)) return false;
  pack_nibbles16(q, b.qs);
  return true;
}

bool quantize_block(const float* x, BlockTQ1_0& b) {
  int t[kQK_K];
  if (!ternary_levels(x, b.d, t)) return false;
  for (int i = 0; i < kQK_K; ++i) t[i] += 1;  // stored as 0..2
  int trits[5];
  for (int m = 0; m < 32; ++m) {  // elements 32n + m
    for (int n = 0; n < 5; ++n) trits[n] = t[32 * n + m];
    b.qs[m] = pack_trits(trits, 5);
  }
  for (int m = 0; m < 16; ++m) {  // elements 160 + 16n + m
    for (int n = 0; n < 5; ++n) trits[n] = t[160 + 16 * n + m];
    b.qs[32 + m] = pack_trits(trits, 5);
  }
  for (int m = 0; m < 4; ++m) {  // elements 240 + 4n + m, four trits
    for (int n = 0; n < 4; ++n) trits[n] = t[240 + 4 * n + m];
    b.qh[m] = pack_trits(trits, 4);
  }
  return true;
}

bool quantize_block(const float* x, BlockTQ2_0& b) {
  int t[kQK_K];
  if (!ternary_levels(x, b.d, t)) return false;
  for (int h = 0; h < 2; ++h)
    for (int m = 0; m < 32; ++m) {
      int byte = 0;
      for (int l = 0; l < 4; ++l) byte |= (t[128 * h + 32 * l + m] + 1) << (2 * l);
      b.qs[32 * h + m] = static_cast<uint8_t>(byte);
    }
  return true;
}

}  // namespace tessera::quant_detail
