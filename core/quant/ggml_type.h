// The table of every ggml tensor type a GGUF file may name: id, name, block layout, and whether
// Tessera can compute with it. One table, used by the GGUF reader (validation, tensor sizes), the
// CPU reference (dequantize/quantize) and the CUDA backend.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/error.h"

namespace tessera {

// Numeric values are the on-disk ids of the GGUF format (ggml_type). Gaps are ids the format
// retired (Q4_2, Q4_3, Q4_0_4_4, ...); they are in the table as "removed".
enum class GgmlType : uint32_t {
  F32 = 0, F16 = 1, Q4_0 = 2, Q4_1 = 3,
  Q5_0 = 6, Q5_1 = 7, Q8_0 = 8, Q8_1 = 9,
  Q2_K = 10, Q3_K = 11, Q4_K = 12, Q5_K = 13, Q6_K = 14, Q8_K = 15,
  IQ2_XXS = 16, IQ2_XS = 17, IQ3_XXS = 18, IQ1_S = 19, IQ4_NL = 20, IQ3_S = 21, IQ2_S = 22,
  IQ4_XS = 23, I8 = 24, I16 = 25, I32 = 26, I64 = 27, F64 = 28, IQ1_M = 29, BF16 = 30,
  TQ1_0 = 34, TQ2_0 = 35, MXFP4 = 39,
};

enum class TypeSupport {
  Supported,    // Tessera dequantizes and computes with it (quantize_row: see quantize.h)
  Unsupported,  // a real type of the format that Tessera does not compute with (Q8_1, Q8_K, I8..F64)
  Removed,      // an id the format once used and retired
};

struct TypeInfo {
  uint32_t id;
  std::string_view name;
  uint32_t block_size;  // elements per block (1 for plain scalar types)
  uint32_t type_size;   // bytes per block
  TypeSupport support;
};

// Largest id the table knows about; ids above it are not ggml types at all.
constexpr uint32_t kMaxGgmlTypeId = 39;

// nullptr when the id is not a ggml type. Removed ids return an entry with support == Removed.
const TypeInfo* find_type_info(uint32_t id);
// Precondition: `type` is one of the enumerators.
const TypeInfo& type_info(GgmlType type);
std::string_view type_name(GgmlType type);
// Case-insensitive lookup by name ("q4_k", "F16", ...).
const TypeInfo* find_type_by_name(std::string_view name);

bool is_supported(GgmlType type);

// "F32, F16, BF16, Q4_0, ..." : every Supported type in id order, for messages.
std::string supported_type_names();

// Alignment in bytes the CPU reference needs for a row of `type` (its block struct's alignment):
// 4 for F32, 1 for MXFP4 and IQ1_M (byte-only blocks; MXFP4 rows may start at odd addresses),
// 2 for every other type.
uint32_t row_alignment(GgmlType type);

// Bytes of a row of `n` elements. Error when n is not a multiple of the block size.
Result<uint64_t> row_size(GgmlType type, int64_t n);
// Bytes of a tensor of `n` elements, n a multiple of the block size; no overflow check beyond
// what the caller has validated (the GGUF reader checks overflow itself).
uint64_t tensor_bytes_unchecked(GgmlType type, uint64_t n);

// "unsupported tensor type IQ2_XS in tensor 'blk.0.ffn_down.weight'" style check.
Status require_supported(GgmlType type, std::string_view tensor_name);

}  // namespace tessera
