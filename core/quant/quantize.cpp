#include "quant/quantize.h"

#include <cmath>
#include <cstring>
#include <string>

#include "quant/block_decode_iq.h"
#include "quant/block_types.h"
#include "quant/fp16.h"
#include "quant/quant_search.h"
#include "quant/quantize_blocks.h"
#include "quant/row_check.h"

namespace tessera {
namespace quant_detail {

bool to_fp16_finite(float v, uint16_t& bits) {
  bits = fp32_to_fp16(v);
  return (bits & 0x7C00u) != 0x7C00u;
}

namespace {

// Stored (fp16-rounded) scale -> the divisor used to pick levels; 0 stays 0.
float stored(uint16_t bits) { return fp16_to_fp32(bits); }

// Nibble-pair packing shared by the 32-element types: byte j holds element j (low) and j+16 (high).
void pack_nibbles(const int* q, uint8_t* qs) {
  for (int j = 0; j < 16; ++j) qs[j] = static_cast<uint8_t>((q[j] & 0x0F) | ((q[j + 16] & 0x0F) << 4));
}

// Fifth bits of the 32 elements as a little-endian uint32 (bit i = element i).
void pack_qh(const int* q, uint8_t* qh) {
  uint32_t h = 0;
  for (int j = 0; j < 32; ++j) h |= static_cast<uint32_t>((q[j] >> 4) & 1) << j;
  for (int k = 0; k < 4; ++k) qh[k] = static_cast<uint8_t>(h >> (8 * k));
}

// Symmetric 32-element block: levels q - offset in [-offset, offset - 1], stored as q in [0, 2*offset).
bool quantize_symmetric32(const float* x, int offset, uint16_t& d_bits, int* q) {
  const float d = search_symmetric_scale(x, kQK, -offset, offset - 1);
  if (!to_fp16_finite(d, d_bits)) return false;
  const float df = stored(d_bits);
  const float id = df != 0.0f ? 1.0f / df : 0.0f;
  for (int j = 0; j < kQK; ++j) q[j] = df != 0.0f ? round_clamp(x[j] * id, -offset, offset - 1) + offset : offset;
  return true;
}

// Affine 32-element block: x ~ d * q + m with q in [0, qmax].
bool quantize_affine32(const float* x, int qmax, uint16_t& d_bits, uint16_t& m_bits, int* q) {
  const AffineFit fit = search_affine(x, kQK, qmax, /*min_nonpositive=*/false);
  if (!to_fp16_finite(fit.scale, d_bits) || !to_fp16_finite(fit.min, m_bits)) return false;
  const float df = stored(d_bits), mf = stored(m_bits);
  const float id = df > 0.0f ? 1.0f / df : 0.0f;
  for (int j = 0; j < kQK; ++j) q[j] = df > 0.0f ? round_clamp((x[j] - mf) * id, 0, qmax) : 0;
  return true;
}

}  // namespace

bool quantize_block(const float* x, BlockQ4_0& b) {
  int q[kQK];
  if (!quantize_symmetric32(x, 8, b.d, q)) return false;
  pack_nibbles(q, b.qs);
  return true;
}

bool quantize_block(const float* x, BlockQ4_1& b) {
  int q[kQK];
  if (!quantize_affine32(x, 15, b.d, b.m, q)) return false;
  pack_nibbles(q, b.qs);
  return true;
}

bool quantize_block(const float* x, BlockQ5_0& b) {
  int q[kQK];
  if (!quantize_symmetric32(x, 16, b.d, q)) return false;
  pack_nibbles(q, b.qs);
  pack_qh(q, b.qh);
  return true;
}

bool quantize_block(const float* x, BlockQ5_1& b) {
  int q[kQK];
  if (!quantize_affine32(x, 31, b.d, b.m, q)) return false;
  pack_nibbles(q, b.qs);
  pack_qh(q, b.qh);
  return true;
}

bool quantize_block(const float* x, BlockQ8_0& b) {
  // 8 bits leave little to gain from a search: absmax maps to +-127.
  float amax = 0.0f;
  for (int j = 0; j < kQK; ++j) amax = std::max(amax, std::fabs(x[j]));
  if (!to_fp16_finite(amax / 127.0f, b.d)) return false;
  const float df = stored(b.d);
  const float id = df != 0.0f ? 1.0f / df : 0.0f;
  for (int j = 0; j < kQK; ++j) b.qs[j] = static_cast<int8_t>(df != 0.0f ? round_clamp(x[j] * id, -127, 127) : 0);
  return true;
}

}  // namespace quant_detail

namespace {

template <typename Block, int kElems>
Status quantize_blocks(GgmlType type, const float* src, void* dst, int64_t n) {
  auto* blocks = static_cast<Block*>(dst);
  for (int64_t b = 0; b < n / kElems; ++b) {
    blocks[b] = Block{};
    if (!quant_detail::quantize_block(src + b * kElems, blocks[b])) {
      return make_error(ErrorKind::InvalidArgument,
                        "quantize_row: block " + std::to_string(b) + " (elements " + std::to_string(b * kElems) +
                            ".." + std::to_string((b + 1) * kElems - 1) + ") has values too large for " +
                            std::string(type_name(type)) + "'s fp16 scale");
    }
  }
  return {};
}

}  // namespace

Status quantize_row(GgmlType type, const float* src, void* dst, int64_t n) {
  TESSERA_TRY(quant_detail::check_row_args("quantize_row", type, dst, src, n));
  if (n == 0) return {};
  switch (type) {
    case GgmlType::F32:
      std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
      return {};
    case GgmlType::F16: {
      auto* h = static_cast<uint16_t*>(dst);
      for (int64_t i = 0; i < n; ++i) h[i] = fp32_to_fp16(src[i]);
      return {};
    }
    case GgmlType::BF16: {
      auto* h = static_cast<uint16_t*>(dst);
      for (int64_t i = 0; i < n; ++i) h[i] = fp32_to_bf16(src[i]);
      return {};
    }
    default: break;
  }
  // Quantized types: scales are fitted to the data, so a NaN or inf would poison a whole block.
  for (int64_t i = 0; i < n; ++i) {
    if (!std::isfinite(src[i])) {
      return make_error(ErrorKind::InvalidArgument, "quantize_row: element " + std::to_string(i) + " is " +
                                                        (std::isnan(src[i]) ? "NaN" : "infinite") + "; " +
                                                        std::string(type_name(type)) + " needs finite values");
    }
  }
  Status result = make_error(ErrorKind::Unsupported, "quantize_row: no CPU quantizer for type " +
                                                         std::string(type_name(type)) + " (table and quantizer disagree)");
  quant_detail::visit_block_type(type, [&](auto t) {
    using T = decltype(t);
    if constexpr (T::writable) {
      result = quantize_blocks<typename T::Block, quant_detail::BlockCodec<typename T::Block>::kElems>(type, src, dst, n);
    } else {
      result = make_error(ErrorKind::Unsupported,
                          "quantize_row: Tessera reads " + std::string(type_name(type)) +
                              " but does not write it (its codebook search needs an importance matrix; make such "
                              "files with llama.cpp's llama-quantize)");
    }
  });
  return result;
}

}  // namespace tessera
