// Per-block quantizers (internal to core/quant). Each encodes one block from kElems floats and
// returns false when the block's scale does not fit in fp16 (values too large); the block is then
// unspecified. Inputs are finite (quantize_row checks).
#pragma once

#include "quant/blocks.h"

namespace tessera::quant_detail {

bool quantize_block(const float* x, BlockQ4_0& b);
bool quantize_block(const float* x, BlockQ4_1& b);
bool quantize_block(const float* x, BlockQ5_0& b);
bool quantize_block(const float* x, BlockQ5_1& b);
bool quantize_block(const float* x, BlockQ8_0& b);
bool quantize_block(const float* x, BlockQ2_K& b);
bool quantize_block(const float* x, BlockQ3_K& b);
bool quantize_block(const float* x, BlockQ4_K& b);
bool quantize_block(const float* x, BlockQ5_K& b);
bool quantize_block(const float* x, BlockQ6_K& b);
bool quantize_block(const float* x, BlockIQ4_NL& b);
bool quantize_block(const float* x, BlockIQ4_XS& b);
bool quantize_block(const float* x, BlockMXFP4& b);
bool quantize_block(const float* x, BlockTQ1_0& b);
bool quantize_block(const float* x, BlockTQ2_0& b);

// fp16 bits of v, and whether they hold a finite number.
bool to_fp16_finite(float v, uint16_t& bits);

}  // namespace tessera::quant_detail
