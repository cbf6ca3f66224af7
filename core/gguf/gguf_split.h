// Split models: llama.cpp's gguf-split format, which stores one model as several GGUF files
// (Hugging Face caps a file at 50 GB, so the large models come this way).
//
//   PREFIX-00001-of-00003.gguf   all the model's metadata, split.* keys, the first tensors
//   PREFIX-00002-of-00003.gguf   split.* keys only, more tensors
//   PREFIX-00003-of-00003.gguf   ...
//
// Keys in every part: split.no (u16, this part's 0-based index), split.count (u16, the number of
// parts), split.tensors.count (i32, the tensors of all parts together). A part may hold no tensors
// (llama-gguf-split --no-tensor-first-split). Each part has its own header, alignment and data
// section; a tensor's offset is relative to its own part's data.
//
// GgufFile::open reads a set as one model (gguf_file.h); this header has the naming rules and the
// writer side.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "gguf/gguf_writer.h"

namespace tessera::gguf {

inline constexpr std::string_view kSplitNoKey = "split.no";
inline constexpr std::string_view kSplitCountKey = "split.count";
inline constexpr std::string_view kSplitTensorsCountKey = "split.tensors.count";
// split.count is stored in 16 bits.
constexpr uint32_t kMaxSplitParts = 65535;

// The path of part `index` (0-based) of `count`: "PREFIX-00002-of-00003.gguf" for index 1 of 3,
// as llama.cpp names them (five digits at least).
std::string split_part_path(std::string_view prefix, uint32_t index, uint32_t count);

struct SplitName {
  std::string prefix;  // the path without "-00002-of-00003.gguf"
  uint32_t index = 0;  // 0-based
  uint32_t count = 0;
};
// The inverse of split_part_path: nullopt unless `path` ends exactly as split_part_path would write
// it, with 1 <= part <= count <= kMaxSplitParts.
std::optional<SplitName> parse_split_path(std::string_view path);

// Whether `path` is named as a part of a set other than the first. A folder listing shows a split
// model once, by its first part (opening any part opens the set).
bool is_later_split_part(std::string_view path);

// `whole` as the parts llama-gguf-split --split-max-tensors N would write: the first part gets all
// metadata, each part split.no/split.count/split.tensors.count and up to `max_tensors_per_part`
// tensors in order. `first_without_tensors`: the first part holds metadata only
// (--no-tensor-first-split). Write part i to split_part_path(prefix, i, parts.size()).
Result<std::vector<GgufWriter>> split_into_parts(const GgufWriter& whole, uint32_t max_tensors_per_part,
                                                 bool first_without_tensors = false);

// Writes the parts of split_into_parts to PREFIX-0000i-of-0000n.gguf; returns their paths.
Result<std::vector<std::string>> write_split_files(const GgufWriter& whole, const std::string& prefix,
                                                   uint32_t max_tensors_per_part, bool first_without_tensors = false);

}  // namespace tessera::gguf
