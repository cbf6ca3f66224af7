// K-quant super-block quantizers (Q2_K..Q6_K). Layouts: quant/blocks.h.
#include <cmath>
#include <cstdint>

#include "quant/fp16.h"
#include "quant/quant_search.h"
#include "quant/quantize_blocks.h"

namespace tessera::quant_detail {
namespace {

constexpr int kMaxSub = 16;

// Squared error of one sub-block with value = sc * q - mv, q = round_clamp((x + mv) / sc, 0, qmax).
float affine_sub_error(const float* x, int len, int qmax, float sc, float mv) {
  const float inv = sc > 0.0f ? 1.0f / sc : 0.0f;
  float err = 0.0f;
  for (int i = 0; i < len; ++i) {
    const int q = round_clamp((x[i] + mv) * inv, 0, qmax);
    const float e = sc * static_cast<float>(q) - mv - x[i];
    err += e * e;
  }
  return err;
}

// Squared error of one sub-block with value = sc * q, q = round_clamp(x / sc, qmin, qmax).
float symmetric_sub_error(const float* x, int len, int qmin, int qmax, float sc) {
  const float inv = sc != 0.0f ? 1.0f / sc : 0.0f;
  float err = 0.0f;
  for (int i = 0; i < len; ++i) {
    const int q = round_clamp(x[i] * inv, qmin, qmax);
    const float e = sc * static_cast<float>(q) - x[i];
    err += e * e;
  }
  return err;
}

// Affine super-block (Q2_K, Q4_K, Q5_K): per sub-block value = (d * ls) * q - (dmin * lm) with
// q in [0, qmax] and codes ls, lm in [0, code_max]. Fills the fp16 d/dmin, the codes and the
// 256 levels q (row order).
bool quantize_affine_super(const float* x, int n_sub, int sub_len, int qmax, int code_max, uint16_t& d_bits,
                           uint16_t& dmin_bits, uint8_t* ls, uint8_t* lm, int* q) {
  float scale[kMaxSub], min[kMaxSub];
  float max_scale = 0.0f, max_min = 0.0f;
  for (int s = 0; s < n_sub; ++s) {
    const AffineFit fit = search_affine(x + s * sub_len, sub_len, qmax, /*min_nonpositive=*/true);
    scale[s] = fit.scale;
    min[s] = -fit.min;  // stored as a non-negative amount to subtract
    max_scale = std::max(max_scale, scale[s]);
    max_min = std::max(max_min, min[s]);
  }
  const float cmax = static_cast<float>(code_max);
  if (!to_fp16_finite(max_scale / cmax, d_bits) || !to_fp16_finite(max_min / cmax, dmin_bits)) return false;
  const float df = fp16_to_fp32(d_bits), dminf = fp16_to_fp32(dmin_bits);

  for (int s = 0; s < n_sub; ++s) {
    const float* xs = x + s * sub_len;
    const int c0 = df > 0.0f ? round_clamp(scale[s] / df, 0, code_max) : 0;
    const int m0 = dminf > 0.0f ? round_clamp(min[s] / dminf, 0, code_max) : 0;
    // The codes were rounded independently; a neighbour pair can fit the sub-block better.
    int best_c = c0, best_m = m0;
    float best_err = affine_sub_error(xs, sub_len, qmax, df * static_cast<float>(c0), dminf * static_cast<float>(m0));
    for (int dc = -1; dc <= 1; ++dc) {
      for (int dm = -1; dm <= 1; ++dm) {
        const int c = c0 + dc, m = m0 + dm;
        if ((dc == 0 && dm == 0) || c < 0 || c > code_max || m < 0 || m > code_max) continue;
        if (m > 0 && dminf == 0.0f) continue;
        const float err = affine_sub_error(xs, sub_len, qmax, df * static_cast<float>(c), dminf * static_cast<float>(m));
        if (err < best_err) {
          best_err = err;
          best_c = c;
          best_m = m;
        }
      }
    }
    ls[s] = static_cast<uint8_t>(best_c);
    lm[s] = static_cast<uint8_t>(best_m);
    const float sc = df * static_cast<float>(best_c), mv = dminf * static_cast<float>(best_m);
    const float inv = sc > 0.0f ? 1.0f / sc : 0.0f;
    for (int i = 0; i < sub_len; ++i) q[s * sub_len + i] = round_clamp((xs[i] + mv) * inv, 0, qmax);
  }
  return true;
}

// Symmetric super-block (Q3_K, Q6_K): per sub-block value = (d * code) * q with q in [qmin, qmax]
// and signed codes in [code_min, code_max] (code_min = -(code_max + 1)).
bool quantize_symmetric_super(const float* x, int n_sub, int sub_len, int qmin, int qmax, int code_min,
                              int code_max, uint16_t& d_bits, int* codes, int* q) {
  float scale[kMaxSub];
  float m = 0.0f;
  for (int s = 0; s < n_sub; ++s) {
    scale[s] = search_symmetric_scale(x + s * sub_len, sub_len, qmin, qmax);
    if (std::fabs(scale[s]) > std::fabs(m)) m = scale[s];
  }
  if (m == 0.0f) {
    d_bits = 0;
    for (int s = 0; s < n_sub; ++s) codes[s] = 0;
    for (int i = 0; i < n_sub * sub_len; ++i) q[i] = 0;
    return true;
  }
  // The largest scale takes the longer (negative) end of the code range; scales of the other sign
  // must still fit the shorter end.
  float opposite = 0.0f;
  for (int s = 0; s < n_sub; ++s) {
    if ((scale[s] > 0.0f) != (m > 0.0f)) opposite = std::max(opposite, std::fabs(scale[s]));
  }
  const float dmag = std::max(std::fabs(m) / static_cast<float>(-code_min), opposite / static_cast<float>(code_max));
  if (!to_fp16_finite(m > 0.0f ? -dmag : dmag, d_bits)) return false;
  const float df = fp16_to_fp32(d_bits);

  for (int s = 0; s < n_sub; ++s) {
    const float* xs = x + s * sub_len;
    const int c0 = df != 0.0f ? round_clamp(scale[s] / df, code_min, code_max) : 0;
    int best_c = c0;
    float best_err = symmetric_sub_error(xs, sub_len, qmin, qmax, df * static_cast<float>(c0));
    for (const int c : {c0 - 1, c0 + 1}) {
      if (c < code_min || c > code_max) continue;
      const float err = symmetric_sub_error(xs, sub_len, qmin, qmax, df * static_cast<float>(c));
      if (err < best_err) {
        best_err = err;
        best_c = c;
      }
    }
    codes[s] = best_c;
    const float sc = df * static_cast<float>(best_c);
    const float inv = sc != 0.0f ? 1.0f / sc : 0.0f;
    for (int i = 0; i < sub_len; ++i) q[s * sub_len + i] = round_clamp(xs[i] * inv, qmin, qmax);
  }
  return true;
}

// Q4_K/Q5_K nibbles: byte 32c + l holds element 64c + l (low) and 64c + 32 + l (high).
void pack_k_nibbles(const int* q, uint8_t* qs) {
  for (int c = 0; c < 4; ++c) {
    for (int l = 0; l < 32; ++l) {
      qs[32 * c + l] = static_cast<uint8_t>((q[64 * c + l] & 0x0F) | ((q[64 * c + 32 + l] & 0x0F) << 4));
    }
  }
}

}  // namespace

bool quantize_block(const float* x, BlockQ2_K& b) {
  uint8_t ls[16], lm[16];
  int q[kQK_K];
  if (!quantize_affine_super(x, 16, 16, 3, 15, b.d, b.dmin, ls, lm, q)) return false;
  for (int s = 0; s < 16; ++s) b.scales[s] = static_cast<uint8_t>(ls[s] | (lm[s] << 4));
  for (int i = 0; i < kQK_K; ++i) {
    const int h = i / 128, j = (i % 128) / 32, l = i % 32;
    b.qs[32 * h + l] = static_cast<uint8_t>(b.qs[32 * h + l] | (q[i] << (2 * j)));
  }
  return true;
}

bool quantize_block(const float* x, BlockQ3_K& b) {
  int codes[16], q[kQK_K];
  if (!quantize_symmetric_super(x, 16, 16, -4, 3, -32, 31, b.d, codes, q)) return false;
  int8_t sc[16];
  for (int s = 0; s < 16; ++s) sc[s] = static_cast<int8_t>(codes[s]);
  pack_q3_k_scales(sc, b.scales);
  for (int i = 0; i < kQK_K; ++i) {
    const int h = i / 128, j = (i % 128) / 32, l = i % 32;
    const int u = q[i] + 4;  // 0..7: low two bits in qs, bit 2 in hmask
    b.qs[32 * h + l] = static_cast<uint8_t>(b.qs[32 * h + l] | ((u & 3) << (2 * j)));
    b.hmask[l] = static_cast<uint8_t>(b.hmask[l] | ((u >> 2) << (4 * h + j)));
  }
  return true;
}

bool quantize_block(const float* x, BlockQ4_K& b) {
  uint8_t ls[8], lm[8];
  int q[kQK_K];
  if (!quantize_affine_super(x, 8, 32, 15, 63, b.d, b.dmin, ls, lm, q)) return false;
  pack_k4_scales_mins(ls, lm, b.scales);
  pack_k_nibbles(q, b.qs);
  return true;
}

bool quantize_block(const float* x, BlockQ5_K& b) {
  uint8_t ls[8], lm[8];
  int q[kQK_K];
  if (!quantize_affine_super(x, 8, 32, 31, 63, b.d, b.dmin, ls, lm, q)) return false;
  pack_k4_scales_mins(ls, lm, b.scales);
  pack_k_nibbles(q, b.qs);
  for (int i = 0; i < kQK_K; ++i) {
    const int s = i / 32, l = i % 32;
    b.qh[l] = static_cast<uint8_t>(b.qh[l] | (((q[i] >> 4) & 1) << s));
  }
  return true;
}

bool quantize_block(const float* x, BlockQ6_K& b) {
  int codes[16], q[kQK_K];
  if (!quantize_symmetric_super(x, 16, 16, -32, 31, -128, 127, b.d, codes, q)) return false;
  for (int s = 0; s < 16; ++s) b.scales[s] = static_cast<int8_t>(codes[s]);
  for (int i = 0; i < kQK_K; ++i) {
    const int h = i / 128, k = (i % 128) / 32, l = i % 32;
    const int u = q[i] + 32;  // 0..63: low four bits in ql, top two in qh
    uint8_t& ql = b.ql[64 * h + 32 * (k & 1) + l];
    ql = static_cast<uint8_t>(ql | ((u & 0x0F) << (k >= 2 ? 4 : 0)));
    b.qh[32 * h + l] = static_cast<uint8_t>(b.qh[32 * h + l] | ((u >> 4) << (2 * k)));
  }
  return true;
}

}  // namespace tessera::quant_detail
