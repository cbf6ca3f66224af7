#include "backend/cpu_kernels.h"

#include <algorithm>
#include <cmath>

#include "quant/fp16.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

namespace tessera::cpu {

namespace {

float dot_f32_portable(const float* a, const float* b, int64_t n) {
  float acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (int j = 0; j < 8; ++j) acc[j] += a[i + j] * b[i + j];
  float sum = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
  for (; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

#if defined(__x86_64__) && defined(__GNUC__)
// AVX2 + FMA: four independent 8-lane accumulators hide the FMA latency. Chosen at run time, so the
// build needs no -march flag and runs on any x86-64.
__attribute__((target("avx2,fma"))) float dot_f32_avx2(const float* a, const float* b, int64_t n) {
  __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps(), acc2 = _mm256_setzero_ps(),
         acc3 = _mm256_setzero_ps();
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    acc0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i), acc0);
    acc1 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 8), _mm256_loadu_ps(b + i + 8), acc1);
    acc2 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 16), _mm256_loadu_ps(b + i + 16), acc2);
    acc3 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 24), _mm256_loadu_ps(b + i + 24), acc3);
  }
  for (; i + 8 <= n; i += 8) acc0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i), acc0);
  const __m256 s = _mm256_add_ps(_mm256_add_ps(acc0, acc1), _mm256_add_ps(acc2, acc3));
  __m128 h = _mm_add_ps(_mm256_castps256_ps128(s), _mm256_extractf128_ps(s, 1));
  h = _mm_add_ps(h, _mm_movehl_ps(h, h));
  h = _mm_add_ss(h, _mm_shuffle_ps(h, h, 1));
  float sum = _mm_cvtss_f32(h);
  for (; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

__attribute__((target("avx,f16c"))) void widen_f16c(const uint16_t* src, float* dst, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i))));
  for (; i < n; ++i) dst[i] = fp16_to_fp32(src[i]);
}

__attribute__((target("avx,f16c"))) void narrow_f16c(const float* src, uint16_t* dst, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i),
                     _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT));
  for (; i < n; ++i) dst[i] = fp32_to_fp16(src[i]);
}

using DotFn = float (*)(const float*, const float*, int64_t);
struct Dispatch {
  DotFn dot = dot_f32_portable;
  bool f16c = false;
  Dispatch() {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) dot = dot_f32_avx2;
    f16c = __builtin_cpu_supports("avx") && __builtin_cpu_supports("f16c");
  }
};
const Dispatch kCpu;  // immutable after static initialisation
#endif

}  // namespace

float dot_f32(const float* a, const float* b, int64_t n) {
#if defined(__x86_64__) && defined(__GNUC__)
  return kCpu.dot(a, b, n);
#else
  return dot_f32_portable(a, b, n);
#endif
}

void fp16_to_fp32_row(const uint16_t* src, float* dst, int64_t n) {
#if defined(__x86_64__) && defined(__GNUC__)
  if (kCpu.f16c) return widen_f16c(src, dst, n);
#endif
  for (int64_t i = 0; i < n; ++i) dst[i] = fp16_to_fp32(src[i]);
}

void fp32_to_fp16_row(const float* src, uint16_t* dst, int64_t n) {
#if defined(__x86_64__) && defined(__GNUC__)
  if (kCpu.f16c) return narrow_f16c(src, dst, n);
#endif
  for (int64_t i = 0; i < n; ++i) dst[i] = fp32_to_fp16(src[i]);
}

void rms_norm(const float* x, const float* w, float* out, int64_t n, float eps) {
  double ss = 0.0;
  for (int64_t i = 0; i < n; ++i) ss += static_cast<double>(x[i]) * x[i];
  const float scale = static_cast<float>(1.0 / std::sqrt(ss / static_cast<double>(n) + eps));
  if (w == nullptr) {
    for (int64_t i = 0; i < n; ++i) out[i] = x[i] * scale;
    return;
  }
  for (int64_t i = 0; i < n; ++i) out[i] = x[i] * scale * w[i];
}

void swiglu(float* x, const float* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const float a = x[i];
    x[i] = a / (1.0f + std::exp(-a)) * y[i];
  }
}

void geglu(float* x, const float* y, int64_t n) {
  constexpr float kSqrt2OverPi = 0.7978845608028654f;
  for (int64_t i = 0; i < n; ++i) {
    const float a = x[i];
    x[i] = 0.5f * a * (1.0f + std::tanh(kSqrt2OverPi * (a + 0.044715f * a * a * a))) * y[i];
  }
}

void swiglu_oai(float* x, const float* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const float g = std::min(x[i], kSwiGluOaiLimit);
    const float u = std::clamp(y[i], -kSwiGluOaiLimit, kSwiGluOaiLimit);
    x[i] = g / (1.0f + std::exp(-kSwiGluOaiAlpha * g)) * (u + 1.0f);
  }
}

void glu(FfnActivation act, float* x, const float* y, int64_t n) {
  if (act == FfnActivation::GeluTanh) return geglu(x, y, n);
  if (act == FfnActivation::SwiGluOai) return swiglu_oai(x, y, n);
  swiglu(x, y, n);
}

void softcap(float* x, int64_t n, float cap) {
  const float inv = 1.0f / cap;
  for (int64_t i = 0; i < n; ++i) x[i] = cap * std::tanh(x[i] * inv);
}

void add_inplace(float* x, const float* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) x[i] += y[i];
}

void softmax(float* x, int64_t n) {
  if (n <= 0) return;
  const float mx = *std::max_element(x, x + n);
  float sum = 0.0f;
  for (int64_t i = 0; i < n; ++i) {
    x[i] = std::exp(x[i] - mx);
    sum += x[i];
  }
  const float inv = 1.0f / sum;
  for (int64_t i = 0; i < n; ++i) x[i] *= inv;
}

void softmax_with_sink(float* x, int64_t n, float sink) {
  float mx = sink;
  for (int64_t i = 0; i < n; ++i) mx = std::max(mx, x[i]);
  float sum = std::exp(sink - mx);
  for (int64_t i = 0; i < n; ++i) {
    x[i] = std::exp(x[i] - mx);
    sum += x[i];
  }
  const float inv = 1.0f / sum;
  for (int64_t i = 0; i < n; ++i) x[i] *= inv;
}

std::vector<double> rope_frequencies(const RopeParams& rope) {
  const int32_t half = rope.n_dims / 2;
  std::vector<double> freqs(static_cast<size_t>(half));
  for (int32_t i = 0; i < half; ++i) {
    double f = static_cast<double>(rope.freq_scale) *
               std::pow(static_cast<double>(rope.freq_base), -2.0 * i / static_cast<double>(rope.n_dims));
    if (!rope.freq_factors.empty()) f /= static_cast<double>(rope.freq_factors[static_cast<size_t>(i)]);
    freqs[static_cast<size_t>(i)] = f;
  }
  return freqs;
}

void rope_cos_sin(const double* freqs, int32_t n_dims, int32_t pos, float* cos_out, float* sin_out) {
  for (int32_t i = 0; i < n_dims / 2; ++i) {
    const double angle = static_cast<double>(pos) * freqs[i];
    cos_out[i] = static_cast<float>(std::cos(angle));
    sin_out[i] = static_cast<float>(std::sin(angle));
  }
}

void rope_head(float* x, RopeMode mode, int32_t n_dims, const float* cos_v, const float* sin_v) {
  const int32_t half = n_dims / 2;
  for (int32_t i = 0; i < half; ++i) {
    const int32_t i0 = mode == RopeMode::Normal ? 2 * i : i;
    const int32_t i1 = mode == RopeMode::Normal ? 2 * i + 1 : i + half;
    const float a = x[i0];
    const float b = x[i1];
    x[i0] = a * cos_v[i] - b * sin_v[i];
    x[i1] = a * sin_v[i] + b * cos_v[i];
  }
}

}  // namespace tessera::cpu
