#include "quant/dequantize.h"

#include <cstring>

#include "quant/block_decode_iq.h"
#include "quant/row_check.h"

namespace tessera {
namespace {

template <typename Block>
void dequantize_blocks(const void* src, float* dst, int64_t n) {
  using Codec = quant_detail::BlockCodec<Block>;
  const auto* blocks = static_cast<const Block*>(src);
  const int64_t nb = n / Codec::kElems;
  for (int64_t b = 0; b < nb; ++b) Codec::decode(blocks[b], dst + b * Codec::kElems);
}

}  // namespace

Status dequantize_row(GgmlType type, const void* src, float* dst, int64_t n) {
  TESSERA_TRY(quant_detail::check_row_args("dequantize_row", type, src, dst, n));
  if (n == 0) return {};
  switch (type) {
    case GgmlType::F32:
      std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
      return {};
    case GgmlType::F16: {
      const auto* h = static_cast<const uint16_t*>(src);
      for (int64_t i = 0; i < n; ++i) dst[i] = fp16_to_fp32(h[i]);
      return {};
    }
    case GgmlType::BF16: {
      const auto* h = static_cast<const uint16_t*>(src);
      for (int64_t i = 0; i < n; ++i) dst[i] = bf16_to_fp32(h[i]);
      return {};
    }
    case GgmlType::Q4_0: dequantize_blocks<BlockQ4_0>(src, dst, n); return {};
    case GgmlType::Q4_1: dequantize_blocks<BlockQ4_1>(src, dst, n); return {};
    case GgmlType::Q5_0: dequantize_blocks<BlockQ5_0>(src, dst, n); return {};
    case GgmlType::Q5_1: dequantize_blocks<BlockQ5_1>(src, dst, n); return {};
    case GgmlType::Q8_0: dequantize_blocks<BlockQ8_0>(src, dst, n); return {};
    case GgmlType::Q2_K: dequantize_blocks<BlockQ2_K>(src, dst, n); return {};
    case GgmlType::Q3_K: dequantize_blocks<BlockQ3_K>(src, dst, n); return {};
    case GgmlType::Q4_K: dequantize_blocks<BlockQ4_K>(src, dst, n); return {};
    case GgmlType::Q5_K: dequantize_blocks<BlockQ5_K>(src, dst, n); return {};
    case GgmlType::Q6_K: dequantize_blocks<BlockQ6_K>(src, dst, n); return {};
    case GgmlType::IQ4_NL: dequantize_blocks<BlockIQ4_NL>(src, dst, n); return {};
    case GgmlType::IQ4_XS: dequantize_blocks<BlockIQ4_XS>(src, dst, n); return {};
    case GgmlType::IQ3_XXS: dequantize_blocks<BlockIQ3_XXS>(src, dst, n); return {};
    case GgmlType::IQ3_S: dequantize_blocks<BlockIQ3_S>(src, dst, n); return {};
    case GgmlType::IQ2_XXS: dequantize_blocks<BlockIQ2_XXS>(src, dst, n); return {};
    case GgmlType::IQ2_XS: dequantize_blocks<BlockIQ2_XS>(src, dst, n); return {};
    case GgmlType::IQ2_S: dequantize_blocks<BlockIQ2_S>(src, dst, n); return {};
    case GgmlType::IQ1_S: dequantize_blocks<BlockIQ1_S>(src, dst, n); return {};
    case GgmlType::IQ1_M: dequantize_blocks<BlockIQ1_M>(src, dst, n); return {};
    case GgmlType::TQ1_0: dequantize_blocks<BlockTQ1_0>(src, dst, n); return {};
    case GgmlType::TQ2_0: dequantize_blocks<BlockTQ2_0>(src, dst, n); return {};
    case GgmlType::MXFP4: dequantize_blocks<BlockMXFP4>(src, dst, n); return {};
    default: break;
  }
  // check_row_args accepted a type marked Supported that this switch does not handle: the table
  // in ggml_type.cpp and this file disagree.
  return make_error(ErrorKind::Unsupported, "dequantize_row: no CPU dequantizer for type " +
                                                std::string(type_name(type)) + " (table and dequantizer disagree)");
}

}  // namespace tessera
