// IEEE binary16 (fp16) and bfloat16 <-> binary32 conversions, bit-exact and constexpr.
//
// GGUF stores F16/BF16 tensors and every block scale (d, dmin, m) as raw 16-bit patterns, so the
// conversions take and return uint16_t bit patterns, never a compiler half type. All functions are
// branch-light scalar code with no tables, usable from constexpr contexts and (with nvcc's
// --expt-relaxed-constexpr) from device code.
//
// Contracts:
// - fp16_to_fp32 / bf16_to_fp32 are exact (every fp16/bf16 value is representable in fp32);
//   subnormals, signed zeros, infinities and NaN payloads map to their fp32 counterparts.
// - fp32_to_fp16 rounds to nearest, ties to even; values >= 65520 in magnitude become inf; results
//   below the fp16 normal range become fp16 subnormals (or signed zero); NaN stays NaN (quiet bit set).
// - fp32_to_bf16 rounds to nearest, ties to even; overflow becomes inf; NaN stays NaN (quiet bit
//   set, so truncating the payload can never turn it into inf).
#pragma once

#include <bit>
#include <cstdint>

namespace tessera {

constexpr float fp16_to_fp32(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t em = h & 0x7FFFu;  // exponent and mantissa
  // Normal numbers: move the bits into place and rebias the exponent from 15 to 127 (add 112 << 23).
  // Inf/NaN (exponent 31) must land on fp32's all-ones exponent: add 224 << 23; the payload is kept.
  const uint32_t is_inf_nan = static_cast<uint32_t>(em >= 0x7C00u);
  const uint32_t normal = (em << 13) + 0x38000000u + is_inf_nan * 0x38000000u;
  // Zero and subnormals: value = mantissa * 2^-24, exact in fp32 (mantissa < 1024).
  const uint32_t subnormal = std::bit_cast<uint32_t>(static_cast<float>(static_cast<int32_t>(em)) * 0x1p-24f);
  // Mask arithmetic rather than branches or ?:, so loops of conversions vectorise.
  const uint32_t use_subnormal = 0u - static_cast<uint32_t>(em < 0x0400u);
  return std::bit_cast<float>(sign | (subnormal & use_subnormal) | (normal & ~use_subnormal));
}

constexpr uint16_t fp32_to_fp16(float f) {
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  const uint32_t abs = bits & 0x7FFFFFFFu;
  if (abs >= 0x7F800000u) {  // inf or NaN
    if (abs == 0x7F800000u) return static_cast<uint16_t>(sign | 0x7C00u);
    // NaN: keep the top payload bits and force the quiet bit so it cannot collapse to inf.
    return static_cast<uint16_t>(sign | 0x7C00u | 0x0200u | ((abs >> 13) & 0x3FFu));
  }
  // 65520 = 0x477FF000 is the midpoint between the largest fp16 (65504, odd mantissa) and 65536;
  // ties go to even, i.e. to inf, so everything from there up overflows.
  if (abs >= 0x477FF000u) return static_cast<uint16_t>(sign | 0x7C00u);
  if (abs < 0x38800000u) {  // below 2^-14: fp16 subnormal or zero
    const uint32_t e = abs >> 23;
    if (e < 102) return sign;  // below 2^-25: rounds to zero (2^-25 itself is a tie, handled below)
    const uint32_t mant = (abs & 0x7FFFFFu) | 0x800000u;  // value = mant * 2^(e-150)
    const uint32_t shift = 126 - e;                        // in units of 2^-24: mant >> shift
    uint32_t h = mant >> shift;
    const uint32_t rem = mant & ((1u << shift) - 1u);
    const uint32_t half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1u))) ++h;  // may carry into the smallest normal: correct
    return static_cast<uint16_t>(sign | h);
  }
  // Normal: rebias exponent (subtract 112 << 23), drop 13 mantissa bits with RNE. A carry out of the
  // mantissa correctly bumps the exponent (and 65504 + carry cannot happen: handled above).
  uint32_t h = (abs - 0x38000000u) >> 13;
  const uint32_t rem = abs & 0x1FFFu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;
  return static_cast<uint16_t>(sign | h);
}

constexpr float bf16_to_fp32(uint16_t b) { return std::bit_cast<float>(static_cast<uint32_t>(b) << 16); }

constexpr uint16_t fp32_to_bf16(float f) {
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u) {  // NaN: truncate, force the quiet bit
    return static_cast<uint16_t>((bits >> 16) | 0x0040u);
  }
  // Round to nearest even: add 0x7FFF plus the lowest kept bit; overflow carries into inf correctly.
  const uint32_t rounded = bits + 0x7FFFu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(rounded >> 16);
}

}  // namespace tessera
