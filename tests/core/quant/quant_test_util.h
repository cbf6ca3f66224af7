// Helpers shared by the core/quant suites.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "quant/ggml_type.h"
#include "support/test_support.h"

namespace tessera::test {

// Every type Tessera dequantizes/quantizes, in table order.
inline const std::vector<GgmlType>& supported_types() {
  static const std::vector<GgmlType> kTypes = {
      GgmlType::F32,  GgmlType::F16,  GgmlType::BF16, GgmlType::Q4_0, GgmlType::Q4_1,
      GgmlType::Q5_0, GgmlType::Q5_1, GgmlType::Q8_0, GgmlType::Q2_K, GgmlType::Q3_K,
      GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K};
  return kTypes;
}

// The types added for GGUF files made by llama-quantize's IQ/TQ/MXFP4 recipes, in table order.
inline const std::vector<GgmlType>& iq_types() {
  static const std::vector<GgmlType> kTypes = {
      GgmlType::IQ2_XXS, GgmlType::IQ2_XS, GgmlType::IQ3_XXS, GgmlType::IQ1_S, GgmlType::IQ4_NL, GgmlType::IQ3_S,
      GgmlType::IQ2_S,   GgmlType::IQ4_XS, GgmlType::IQ1_M,   GgmlType::TQ1_0, GgmlType::TQ2_0,  GgmlType::MXFP4};
  return kTypes;
}

// Of those, the ones quantize_row writes (the codebook types are read only).
inline const std::vector<GgmlType>& iq_quantizable_types() {
  static const std::vector<GgmlType> kTypes = {GgmlType::IQ4_NL, GgmlType::IQ4_XS, GgmlType::TQ1_0, GgmlType::TQ2_0,
                                               GgmlType::MXFP4};
  return kTypes;
}

// Random valid blocks of an iq_types() type: every byte random, then the super-block scale set to
// a finite value of either sign (offsets from quant/blocks.h, written here independently).
inline std::vector<uint8_t> random_iq_blocks(GgmlType type, int64_t n_blocks, uint32_t seed) {
  const TypeInfo& info = type_info(type);
  std::vector<uint8_t> bytes(static_cast<size_t>(n_blocks) * info.type_size);
  uint32_t state = seed * 2654435761u + 12345u;
  auto next = [&] {
    state = state * 1664525u + 1013904223u;
    return state >> 8;
  };
  for (auto& b : bytes) b = static_cast<uint8_t>(next());
  for (int64_t k = 0; k < n_blocks; ++k) {
    uint8_t* blk = bytes.data() + k * info.type_size;
    // fp16 with exponent 8..11 (2^-7..2^-4), random mantissa and sign.
    const uint16_t h = static_cast<uint16_t>(((8 + next() % 4) << 10) | (next() & 0x3FF) | ((next() & 1) << 15));
    switch (type) {
      case GgmlType::TQ1_0: blk[52] = static_cast<uint8_t>(h); blk[53] = static_cast<uint8_t>(h >> 8); break;
      case GgmlType::TQ2_0: blk[64] = static_cast<uint8_t>(h); blk[65] = static_cast<uint8_t>(h >> 8); break;
      case GgmlType::MXFP4: blk[0] = static_cast<uint8_t>(118 + next() % 8); break;
      case GgmlType::IQ1_M:  // top nibbles of the four little-endian scale words at 48..55
        for (int w = 0; w < 4; ++w) blk[49 + 2 * w] = static_cast<uint8_t>((blk[49 + 2 * w] & 0x0F) | (((h >> (4 * w)) & 15) << 4));
        break;
      default: blk[0] = static_cast<uint8_t>(h); blk[1] = static_cast<uint8_t>(h >> 8); break;
    }
  }
  return bytes;
}

// A byte buffer built at explicit offsets, so hand-made blocks do not depend on the library's
// structs. Allocated as uint16_t so the data is 2-byte aligned like GGUF tensor data.
class BlockBytes {
 public:
  explicit BlockBytes(size_t size) : storage_((size + 1) / 2, 0), size_(size) {}
  uint8_t* data() { return reinterpret_cast<uint8_t*>(storage_.data()); }
  const uint8_t* data() const { return reinterpret_cast<const uint8_t*>(storage_.data()); }
  size_t size() const { return size_; }
  uint8_t& at(size_t offset) { return data()[offset]; }
  void put_u16(size_t offset, uint16_t v) {  // little-endian, as GGUF stores fp16 fields
    at(offset) = static_cast<uint8_t>(v & 0xFF);
    at(offset + 1) = static_cast<uint8_t>(v >> 8);
  }
  void set_bits(size_t offset, int shift, int value) { at(offset) = static_cast<uint8_t>(at(offset) | (value << shift)); }

 private:
  std::vector<uint16_t> storage_;
  size_t size_;
};

// Deterministic small integers for hand-built quant levels: a simple LCG, independent of <random>.
class Levels {
 public:
  explicit Levels(uint32_t seed) : state_(seed * 2654435761u + 1u) {}
  int next(int lo, int hi) {  // inclusive
    state_ = state_ * 1664525u + 1013904223u;
    return lo + static_cast<int>((state_ >> 8) % static_cast<uint32_t>(hi - lo + 1));
  }

 private:
  uint32_t state_;
};

}  // namespace tessera::test
