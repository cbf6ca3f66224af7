#include "quant/dot.h"

#include "quant/block_decode_iq.h"
#include "quant/block_types.h"

namespace tessera {
namespace {

constexpr int kLanes = 16;

using DotFn = float (*)(const void* row, const float* x, int64_t n);

// Pairwise sum of the lane accumulators.
float reduce_lanes(const float* acc) {
  float s8[8];
  for (int i = 0; i < 8; ++i) s8[i] = acc[i] + acc[i + 8];
  float s4[4];
  for (int i = 0; i < 4; ++i) s4[i] = s8[i] + s8[i + 4];
  return (s4[0] + s4[2]) + (s4[1] + s4[3]);
}

// acc[l] += y[i + l] * x[i + l] for every lane-sized chunk of `count` elements (count % 16 == 0).
inline void accumulate(float* __restrict acc, const float* __restrict y, const float* __restrict x, int count) {
  for (int i = 0; i < count; i += kLanes) {
    for (int l = 0; l < kLanes; ++l) acc[l] += y[i + l] * x[i + l];
  }
}

template <typename Block>
float dot_blocks(const void* row, const float* x, int64_t n) {
  using Codec = quant_detail::BlockCodec<Block>;
  static_assert(Codec::kElems % kLanes == 0);
  const auto* blocks = static_cast<const Block*>(row);
  const int64_t nb = n / Codec::kElems;
  float acc[kLanes] = {};
  alignas(64) float y[Codec::kElems];
  for (int64_t b = 0; b < nb; ++b) {
    Codec::decode(blocks[b], y);
    accumulate(acc, y, x + b * Codec::kElems, Codec::kElems);
  }
  return reduce_lanes(acc);
}

float dot_f32(const void* row, const float* x, int64_t n) {
  const auto* w = static_cast<const float*>(row);
  float acc[kLanes] = {};
  const int64_t full = n / kLanes * kLanes;
  for (int64_t i = 0; i < full; i += kLanes) accumulate(acc, w + i, x + i, kLanes);
  for (int64_t i = full; i < n; ++i) acc[i - full] += w[i] * x[i];
  return reduce_lanes(acc);
}

template <float (*Convert)(uint16_t)>
float dot_16bit(const void* row, const float* x, int64_t n) {
  const auto* h = static_cast<const uint16_t*>(row);
  float acc[kLanes] = {};
  float y[kLanes];
  const int64_t full = n / kLanes * kLanes;
  for (int64_t i = 0; i < full; i += kLanes) {
    for (int l = 0; l < kLanes; ++l) y[l] = Convert(h[i + l]);
    accumulate(acc, y, x + i, kLanes);
  }
  for (int64_t i = full; i < n; ++i) acc[i - full] += Convert(h[i]) * x[i];
  return reduce_lanes(acc);
}

float convert_f16(uint16_t h) { return fp16_to_fp32(h); }
float convert_bf16(uint16_t h) { return bf16_to_fp32(h); }

float dot_unsupported(const void*, const float*, int64_t) { return 0.0f; }

DotFn select_dot(GgmlType type) {
  switch (type) {
    case GgmlType::F32: return dot_f32;
    case GgmlType::F16: return dot_16bit<convert_f16>;
    case GgmlType::BF16: return dot_16bit<convert_bf16>;
    default: break;
  }
  DotFn fn = dot_unsupported;  // unsupported type (a violated precondition): 0 rather than an abort
  quant_detail::visit_block_type(type, [&fn](auto t) { fn = dot_blocks<typename decltype(t)::Block>; });
  return fn;
}

}  // namespace

float dot_row(GgmlType type, const void* row, const float* x, int64_t n) {
  if (n <= 0) return 0.0f;
  return select_dot(type)(row, x, n);
}

void dot_rows(GgmlType type, const void* matrix, size_t row_stride_bytes, int64_t n_rows, const float* x, int64_t n,
              float* out) {
  const DotFn fn = select_dot(type);
  const auto* base = static_cast<const uint8_t*>(matrix);
  for (int64_t r = 0; r < n_rows; ++r) {
    out[r] = n > 0 ? fn(base + static_cast<size_t>(r) * row_stride_bytes, x, n) : 0.0f;
  }
}

}  // namespace tessera
