// Value tables of the non-linear and codebook types (IQ*, MXFP4), shared by the CPU reference and
// the CUDA decoders (which compile this header for the device too).
//
// The codebooks are part of the GGUF format: a file's grid index means one fixed point, so the
// values are data every reader must share. iq_grid_codes.h holds them compactly (one 16-bit code
// per point, written by tools/quant-check/gen_iq_grids.py); this header expands the codes at
// compile time into the form the decoders read: one word per grid point, byte j = element j.
// tools/quant-check/run.sh checks every point against an independent decoder.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "quant/iq_grid_codes.h"

namespace tessera::iq {

// IQ4_NL / IQ4_XS levels, and MXFP4's e2m1 values doubled (so they are integers; the e8m0 scale
// is halved to match, see blocks.h).
inline constexpr int8_t kIq4Values[16] = {-127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113};
inline constexpr int8_t kFp4Values[16] = {0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12};

// Levels behind the codes of each codebook (code digit -> element value).
inline constexpr int kIq2Levels[3] = {8, 25, 43};
inline constexpr int kIq1Levels[3] = {-1, 0, 1};
inline constexpr int kIq3xxsLevels[8] = {4, 12, 20, 28, 36, 44, 52, 62};
inline constexpr int kIq3sLevels[8] = {1, 3, 5, 7, 9, 11, 13, 15};

template <size_t N>
struct Grid8 {  // points of 8 elements: byte j of v[i] = element j of point i (two's complement)
  uint64_t v[N];
};
template <size_t N>
struct Grid4 {  // points of 4 elements: byte j of v[i] = element j of point i
  uint32_t v[N];
};

template <size_t N, size_t L>
constexpr Grid8<N> expand8(const uint16_t (&codes)[N], const int (&levels)[L]) {
  Grid8<N> g{};
  for (size_t i = 0; i < N; ++i) {
    uint64_t w = 0;
    for (int j = 0; j < 8; ++j)
      w |= static_cast<uint64_t>(static_cast<uint8_t>(levels[(codes[i] >> (2 * j)) & 3])) << (8 * j);
    g.v[i] = w;
  }
  return g;
}

template <size_t N, size_t L>
constexpr Grid4<N> expand4(const uint16_t (&codes)[N], const int (&levels)[L]) {
  Grid4<N> g{};
  for (size_t i = 0; i < N; ++i) {
    uint32_t w = 0;
    for (int j = 0; j < 4; ++j)
      w |= static_cast<uint32_t>(static_cast<uint8_t>(levels[(codes[i] >> (3 * j)) & 7])) << (8 * j);
    g.v[i] = w;
  }
  return g;
}

inline constexpr Grid8<256> kIq2xxsGrid = expand8(codes::kIq2xxsCodes, kIq2Levels);
inline constexpr Grid8<512> kIq2xsGrid = expand8(codes::kIq2xsCodes, kIq2Levels);
inline constexpr Grid8<1024> kIq2sGrid = expand8(codes::kIq2sCodes, kIq2Levels);
inline constexpr Grid4<256> kIq3xxsGrid = expand4(codes::kIq3xxsCodes, kIq3xxsLevels);
inline constexpr Grid4<512> kIq3sGrid = expand4(codes::kIq3sCodes, kIq3sLevels);
inline constexpr Grid8<2048> kIq1sGrid = expand8(codes::kIq1sCodes, kIq1Levels);

// The 8 sign bits a 7-bit sign index stands for (IQ2_XXS, IQ2_XS, IQ3_XXS): the index itself and,
// in bit 7, its parity, so that an even number of the 8 elements is negative.
constexpr uint32_t signs_from_index(uint32_t k) {
  k &= 127u;
  uint32_t p = k ^ (k >> 4);
  p ^= p >> 2;
  p ^= p >> 1;
  return k | ((p & 1u) << 7);
}

// IQ1_S / IQ1_M: the offset every element of a group gets, +-1/8.
inline constexpr float kIq1Delta = 0.125f;

// MXFP4's scale byte: 2^(e - 128), the e8m0 value halved (e = 0 and 1 are binary32 subnormals).
constexpr float e8m0_half_to_fp32(uint8_t e) {
  const uint32_t bits = e < 2 ? (0x00200000u << e) : (static_cast<uint32_t>(e - 1) << 23);
  return std::bit_cast<float>(bits);
}

}  // namespace tessera::iq
