// Helpers shared by the GGUF suites: an independent byte map of a GGUF image (where every field
// lies), byte patching, the small file the corruption suites mutate, and error assertions.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/error.h"
#include "gguf/gguf_file.h"
#include "gguf/gguf_value.h"
#include "gguf/gguf_writer.h"

namespace tessera::gguf::testing {

// ---------------------------------------------------------------------------------------------
// GgufLayout: where each field of a well-formed GGUF image lies, computed straight from the format
// (not by the reader under test, and never by hand-counted magic numbers). Offsets are absolute
// byte positions in the image. The corruption suites build a file with the writer, map it with
// map_layout(), then overwrite e.g. `layout.tensor("tensor.b").type_at` with a bad type id.
//
//   magic u32 @0 | version u32 @4 | n_tensors u64 @8 | n_kv u64 @16
//   kv:     key_len u64 | key bytes | type u32 | value
//           value = scalar | string (len u64, bytes) | array (elem_type u32, count u64, items)
//   tensor: name_len u64 | name bytes | n_dims u32 | n_dims x ne u64 | type u32 | offset u64
//   padding to the alignment | data (tensor offsets are relative to data_start)
// ---------------------------------------------------------------------------------------------

// One field of the image, for truncation at structural boundaries.
struct Field {
  std::string name;  // "kv[3].type", "tensor[1].dims[0]", "tensor[2].data", ...
  uint64_t offset = 0;
  uint64_t size = 0;
};

struct ArrayLayout {
  uint64_t elem_type_at = 0;  // u32
  uint64_t count_at = 0;      // u64
  ValueType elem_type = ValueType::UInt8;
  uint64_t count = 0;
  std::vector<uint64_t> item_at;  // start of each item (for string items: its length field)
};

struct KvLayout {
  std::string key;
  uint64_t key_len_at = 0;  // u64
  uint64_t key_at = 0;
  uint64_t type_at = 0;     // u32
  uint64_t value_at = 0;    // scalar, string length, or array element type
  uint64_t value_end = 0;
  ValueType type = ValueType::UInt8;
  ArrayLayout array;        // when type == Array (outermost level only)
};

struct TensorLayout {
  std::string name;
  uint64_t name_len_at = 0;  // u64
  uint64_t name_at = 0;
  uint64_t n_dims_at = 0;    // u32
  std::vector<uint64_t> dim_at;  // u64 each
  std::vector<uint64_t> dims;
  uint64_t type_at = 0;      // u32
  uint32_t type = 0;
  uint64_t offset_at = 0;    // u64
  uint64_t offset = 0;       // relative to data_start
  uint64_t n_bytes = 0;
  uint64_t abs_begin = 0;    // data_start + offset
  uint64_t abs_end = 0;      // abs_begin + n_bytes
};

struct GgufLayout {
  static constexpr uint64_t kMagicAt = 0, kVersionAt = 4, kTensorCountAt = 8, kKvCountAt = 16;
  uint32_t version = 0;
  uint64_t alignment = kDefaultAlignment;
  std::vector<KvLayout> kvs;
  std::vector<TensorLayout> tensors;
  uint64_t header_end = 0;   // end of the last tensor record (start of the padding)
  uint64_t data_start = 0;   // header_end rounded up to the alignment
  // Smallest prefix of the image the reader must accept: the end of the last tensor's data, or
  // header_end for a file without tensors (trailing padding is optional).
  uint64_t required_end = 0;
  uint64_t file_size = 0;
  // Every field in file order. Arrays contribute their first and last `items_per_array` items only,
  // so a 32000-token vocabulary yields a handful of fields, not 64000.
  std::vector<Field> fields;

  const KvLayout& kv(std::string_view key) const;          // throws std::out_of_range when absent
  const TensorLayout& tensor(std::string_view name) const; // throws std::out_of_range when absent
};

// Maps a well-formed image; throws std::runtime_error when it is not one (the helper trusts its
// input, the reader is what is under test).
GgufLayout map_layout(const std::vector<uint8_t>& bytes, size_t items_per_array = 3);

// ---------------------------------------------------------------------------------------------
// Patching
// ---------------------------------------------------------------------------------------------
template <typename T>
void put_le(std::vector<uint8_t>& bytes, uint64_t at, T value) {
  if (at + sizeof(T) > bytes.size()) throw std::out_of_range("put_le past the end of the image");
  std::memcpy(bytes.data() + at, &value, sizeof(T));  // the test hosts are little-endian, like GGUF
}
template <typename T>
T get_le(const std::vector<uint8_t>& bytes, uint64_t at) {
  if (at + sizeof(T) > bytes.size()) throw std::out_of_range("get_le past the end of the image");
  T v;
  std::memcpy(&v, bytes.data() + at, sizeof(T));
  return v;
}
template <typename T>
std::vector<uint8_t> patched(std::vector<uint8_t> bytes, uint64_t at, T value) {
  put_le<T>(bytes, at, value);
  return bytes;
}
inline std::vector<uint8_t> truncated(const std::vector<uint8_t>& bytes, uint64_t size) {
  return std::vector<uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
}

// Random bytes from a fixed seed, never all zeros.
std::vector<uint8_t> random_bytes(size_t n, uint32_t seed);

// ---------------------------------------------------------------------------------------------
// The small file of the corruption suites: every structural element of the format at least once.
//   metadata (in this order): general.architecture "llama", general.name "corrupt-me",
//     test.u8 u8 200, test.u32 u32 7, test.i64 i64 -5, test.f32 f32 0.5, test.bool bool true,
//     test.f64 f64 2.25, test.strings ["a", "", "ünï"], test.floats [1.5, -2, 3.25],
//     test.ka u16 1, test.kb u16 2, test.nested [[1, 2], [3]] (array of int32 arrays; last)
//   tensors (names of equal length, so one byte turns one name into another):
//     tensor.a F32 [8, 3], tensor.b Q8_0 [64, 2], tensor.c Q4_K [256], tensor.d F16 [10]
//   tensor.d's 20 bytes end off the alignment, so the file ends in 12 bytes of padding.
// ---------------------------------------------------------------------------------------------
GgufWriter make_small_writer();
std::vector<uint8_t> small_file_bytes();  // cached per process; a copy each call

// ---------------------------------------------------------------------------------------------
// Parsing and error assertions
// ---------------------------------------------------------------------------------------------
constexpr const char* kImageName = "image.gguf";

inline Result<std::unique_ptr<GgufFile>> parse(std::vector<uint8_t> bytes, ReaderLimits limits = {}) {
  return GgufFile::from_bytes(std::move(bytes), kImageName, limits);
}

// The error of parsing `bytes`; records a test failure (and returns an empty Error) if it parsed.
Error parse_error(std::vector<uint8_t> bytes, ReaderLimits limits = {});

// Reads every byte of every tensor and renders every metadata value: on a file the reader accepted,
// this must stay inside the image (AddressSanitizer watches). Returns a checksum so it is not elided.
uint64_t touch_everything(const GgufFile& file);

}  // namespace tessera::gguf::testing

// EXPECT that `bytes` fails to parse with `kind` and a message containing every one of the
// substrings (and the image name, so the message names the file).
// (Parameter names must not collide with members used inside: `kind` would.)
#define EXPECT_GGUF_ERROR(bytes, expected_kind, ...)                                                      \
  do {                                                                                           \
    const std::vector<std::string> gguf_subs_{__VA_ARGS__}; /* copies before temporaries die */  \
    ::tessera::Error gguf_err_ = ::tessera::gguf::testing::parse_error(bytes);                   \
    EXPECT_EQ(gguf_err_.kind, expected_kind) << gguf_err_.message;                                        \
    EXPECT_THAT(gguf_err_.message, ::testing::HasSubstr(::tessera::gguf::testing::kImageName));   \
    for (const auto& gguf_sub_ : gguf_subs_) EXPECT_THAT(gguf_err_.message, ::testing::HasSubstr(gguf_sub_)); \
  } while (0)
