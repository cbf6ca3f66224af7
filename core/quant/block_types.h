// The CPU backend's one table from a ggml tensor type to its block layout (internal to core/quant).
// dequantize_row, dot_row/dot_rows and quantize_row dispatch through visit_block_type, so a new
// weight type is one row here (plus its block struct in blocks.h, its decoder in block_decode*.h and,
// where Tessera writes it, its quantize_block): the three entry points cannot disagree.
#pragma once

#include "quant/blocks.h"
#include "quant/ggml_type.h"

namespace tessera::quant_detail {

// The block struct of a quantized type, and whether Tessera writes it (quantize_block exists); the
// IQ types' codebook search needs an importance matrix, so they are read-only.
template <typename B, bool kWritable>
struct BlockType {
  using Block = B;
  static constexpr bool writable = kWritable;
};

// Calls f(BlockType<...>{}) for a block-quantized type and returns true; false for the float types
// (F32, F16, BF16) and types without a CPU implementation.
template <typename F>
bool visit_block_type(GgmlType type, F&& f) {
  switch (type) {
    case GgmlType::Q4_0: f(BlockType<BlockQ4_0, true>{}); return true;
    case GgmlType::Q4_1: f(BlockType<BlockQ4_1, true>{}); return true;
    case GgmlType::Q5_0: f(BlockType<BlockQ5_0, true>{}); return true;
    case GgmlType::Q5_1: f(BlockType<BlockQ5_1, true>{}); return true;
    case GgmlType::Q8_0: f(BlockType<BlockQ8_0, true>{}); return true;
    case GgmlType::Q2_K: f(BlockType<BlockQ2_K, true>{}); return true;
    case GgmlType::Q3_K: f(BlockType<BlockQ3_K, true>{}); return true;
    case GgmlType::Q4_K: f(BlockType<BlockQ4_K, true>{}); return true;
    case GgmlType::Q5_K: f(BlockType<BlockQ5_K, true>{}); return true;
    case GgmlType::Q6_K: f(BlockType<BlockQ6_K, true>{}); return true;
    case GgmlType::IQ4_NL: f(BlockType<BlockIQ4_NL, true>{}); return true;
    case GgmlType::IQ4_XS: f(BlockType<BlockIQ4_XS, true>{}); return true;
    case GgmlType::IQ3_XXS: f(BlockType<BlockIQ3_XXS, false>{}); return true;
    case GgmlType::IQ3_S: f(BlockType<BlockIQ3_S, false>{}); return true;
    case GgmlType::IQ2_XXS: f(BlockType<BlockIQ2_XXS, false>{}); return true;
    case GgmlType::IQ2_XS: f(BlockType<BlockIQ2_XS, false>{}); return true;
    case GgmlType::IQ2_S: f(BlockType<BlockIQ2_S, false>{}); return true;
    case GgmlType::IQ1_S: f(BlockType<BlockIQ1_S, false>{}); return true;
    case GgmlType::IQ1_M: f(BlockType<BlockIQ1_M, false>{}); return true;
    case GgmlType::TQ1_0: f(BlockType<BlockTQ1_0, true>{}); return true;
    case GgmlType::TQ2_0: f(BlockType<BlockTQ2_0, true>{}); return true;
    case GgmlType::MXFP4: f(BlockType<BlockMXFP4, true>{}); return true;
    default: return false;
  }
}

}  // namespace tessera::quant_detail
