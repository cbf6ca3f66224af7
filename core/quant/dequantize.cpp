#include "quant/dequantize.h"

#include <cstring>

#include "quant/block_decode_iq.h"
#include "quant/block_types.h"
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
    default: break;
  }
  if (quant_detail::visit_block_type(
          type, [&](auto t) { dequantize_blocks<typename decltype(t)::Block>(src, dst, n); }))
    return {};
  // check_row_args accepted a type marked Supported that this switch does not handle: the table
  // in ggml_type.cpp and this file disagree.
  return make_error(ErrorKind::Unsupported, "dequantize_row: no CPU dequantizer for type " +
                                                std::string(type_name(type)) + " (table and dequantizer disagree)");
}

}  // namespace tessera
