// Scalar building blocks of the CPU reference forward pass. Plain loops, float32 arithmetic, written
// so the compiler can vectorise them; each says exactly what it computes so the CUDA kernels and
// the tests' float64 reference can be checked against it.
#pragma once

#include <cstdint>
#include <vector>

#include "backend/model_spec.h"

namespace tessera::cpu {

// sum_i a[i] * b[i], float accumulation in 8 independent lanes.
float dot_f32(const float* a, const float* b, int64_t n);

// dst[i] = fp16 bits src[i] widened to float (exact); uses F16C where the CPU has it.
void fp16_to_fp32_row(const uint16_t* src, float* dst, int64_t n);
// dst[i] = src[i] rounded to fp16 (nearest even).
void fp32_to_fp16_row(const float* src, uint16_t* dst, int64_t n);

// out[i] = x[i] / sqrt(mean(x^2) + eps) * w[i] (w null: no gain). out may alias x.
void rms_norm(const float* x, const float* w, float* out, int64_t n, float eps);

// x[i] = silu(x[i]) * y[i], silu(a) = a / (1 + exp(-a)).
void swiglu(float* x, const float* y, int64_t n);

// x[i] = gelu(x[i]) * y[i], gelu(a) = 0.5 a (1 + tanh(sqrt(2/pi) (a + 0.044715 a^3))) (GeGLU).
void geglu(float* x, const float* y, int64_t n);

// gpt-oss's clamped SwiGLU (model_spec.h): g = min(x[i], limit), u = clamp(y[i], -limit, limit),
// x[i] = g / (1 + exp(-alpha g)) * (u + 1), with kSwiGluOaiAlpha and kSwiGluOaiLimit.
void swiglu_oai(float* x, const float* y, int64_t n);

// x[i] = glu(x[i], y[i]) for the model's activation (act(x) * y, or swiglu_oai).
void glu(FfnActivation act, float* x, const float* y, int64_t n);

// x[i] = cap * tanh(x[i] / cap) (Gemma's logit soft-capping); cap > 0.
void softcap(float* x, int64_t n, float cap);

// x[i] += y[i]
void add_inplace(float* x, const float* y, int64_t n);

// In-place softmax over n values; returns nothing, leaves probabilities summing to 1.
void softmax(float* x, int64_t n);

// In-place softmax over n values and one more logit `sink` that has no output of its own:
// x[i] = exp(x[i]) / (sum_j exp(x[j]) + exp(sink)) (attention sinks); the x sum to less than 1.
void softmax_with_sink(float* x, int64_t n, float sink);

// Per-pair rotary frequencies: theta_i = freq_scale * freq_base^(-2i/n_dims) / freq_factors[i],
// i < n_dims/2, computed in double.
std::vector<double> rope_frequencies(const RopeParams& rope);

// cos/sin of angle_i = pos * freqs[i] for i < n_dims/2 (angles in double, results rounded to float).
void rope_cos_sin(const double* freqs, int32_t n_dims, int32_t pos, float* cos_out, float* sin_out);

// Rotates the first n_dims values of one head in place with the angles of rope_cos_sin:
//   Normal: pairs (x[2i], x[2i+1]);  NeoX: pairs (x[i], x[i + n_dims/2]);
//   (a, b) -> (a cos_i - b sin_i, a sin_i + b cos_i).
void rope_head(float* x, RopeMode mode, int32_t n_dims, const float* cos_v, const float* sin_v);

}  // namespace tessera::cpu
