// GGUF v2/v3 reader. The file is memory-mapped; every header field, count, string and array
// length, value type, dimension, tensor type, alignment, and tensor extent is validated against the
// file size before anything is dereferenced. A bad file yields Error{BadFile} naming the field, the
// value found and what was expected; it never crashes or reads out of bounds.
//
// Layout (little-endian):
//   magic "GGUF" | u32 version | u64 n_tensors | u64 n_kv (v1 used u32; v1 is rejected)
//   n_kv x { string key | u32 value_type | value }
//   n_tensors x { string name | u32 n_dims | n_dims x u64 ne | u32 ggml_type | u64 offset }
//   padding to `general.alignment` (default 32) | tensor data (offsets relative to here)
//
// Split models (llama.cpp's gguf-split format, gguf_split.h): a model stored as several files
// PREFIX-00001-of-00003.gguf ... opens as one GgufFile whatever part is named. The first part holds
// the metadata; every part holds some tensors (TensorInfo::part says which) and the keys split.no,
// split.count and split.tensors.count. Every part is validated on its own and as a member of the
// set: the same split.count, its split.no matching its name, no tensor in two parts, the parts'
// tensors adding up to split.tensors.count; a missing part is named.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "gguf/gguf_value.h"
#include "quant/ggml_type.h"

namespace tessera::gguf {

constexpr uint32_t kDefaultAlignment = 32;
constexpr int kMaxDims = 4;

struct MetadataEntry {
  std::string key;
  Value value;
};

struct TensorInfo {
  std::string name;
  GgmlType type = GgmlType::F32;
  // ne[0] is the fastest-varying dimension (a row has ne[0] elements), as ggml writes it.
  std::vector<int64_t> dims;
  uint64_t offset = 0;      // relative to the start of its part's data section
  uint32_t part = 0;        // index into GgufFile::parts() of the file holding the data
  uint64_t n_elements = 0;
  uint64_t n_bytes = 0;

  int64_t dim(size_t i) const { return i < dims.size() ? dims[i] : 1; }
  int64_t rows() const;  // product of dims[1..]
  std::string shape_string() const;  // "[4096, 32000]"
};

// Limits that keep a hostile file from making the reader allocate absurd amounts of memory.
struct ReaderLimits {
  uint64_t max_string_length = 1ull << 30;  // bytes
  uint64_t max_array_depth = 4;
  // Items of all metadata arrays together; real files hold a few hundred thousand (vocabulary,
  // scores, token types, merges). Memory is bounded by the file size regardless (gguf_value.h):
  // scalar items cost their bytes on disk, strings their bytes plus 8, nested arrays one Value.
  uint64_t max_array_elements = 1ull << 24;
};

// One file of a model: the only one, or one part of a split set.
struct FilePart {
  std::string path;  // as opened (for an in-memory image: its name)
  uint64_t size = 0;
  uint64_t data_offset = 0;  // start of this file's tensor data
  uint64_t tensor_count = 0;
};

// An in-memory image, or the first bytes of a file whose size is known (header only: tensor data
// is not there, tensor_data() gives empty spans). For a header fetched over the network.
struct ImagePart {
  std::vector<uint8_t> bytes;
  std::string name;        // used in messages
  uint64_t file_size = 0;  // 0: bytes.size(); larger: `bytes` are the file's first bytes
};

class GgufFile {
 public:
  ~GgufFile();
  GgufFile(const GgufFile&) = delete;
  GgufFile& operator=(const GgufFile&) = delete;

  // Memory-maps and validates `path`; a part of a split set opens the whole set (every part
  // memory-mapped). Errors name the path.
  static Result<std::unique_ptr<GgufFile>> open(const std::string& path, ReaderLimits limits = {});
  // Parses an in-memory image (tests, files generated on the fly). `name` is used in messages. An
  // image that is one part of a split set is refused (its other parts are not there).
  static Result<std::unique_ptr<GgufFile>> from_bytes(std::vector<uint8_t> bytes, std::string name,
                                                      ReaderLimits limits = {});
  // The parts of a split set in order (or one image), as open() would read them from files.
  // `*header_incomplete` (when given) is set when some part's bytes ended inside its header (not
  // inside tensor data): more of that file is needed, the parse is not a verdict on the file.
  static Result<std::unique_ptr<GgufFile>> from_parts(std::vector<ImagePart> parts, ReaderLimits limits = {},
                                                      bool* header_incomplete = nullptr);

  // The model's path: the file, or the first part of a split set.
  const std::string& path() const { return name_; }
  uint32_t version() const { return version_; }    // of the first part
  uint64_t alignment() const { return alignment_; }  // of the first part
  // Bytes of the model on disk: the file's size, or all parts' sizes together.
  uint64_t file_size() const { return size_; }
  // Where the first part's tensor data starts; a tensor's data starts at
  // parts()[t.part].data_offset + t.offset.
  uint64_t data_offset() const { return data_offset_; }
  // Every file of the model, in order: one for a plain file, split.count for a split set.
  const std::vector<FilePart>& parts() const { return parts_; }
  bool is_split() const { return parts_.size() > 1; }
  // False for a header-only image (ImagePart with file_size beyond its bytes).
  bool has_tensor_data() const { return has_tensor_data_; }

  const std::vector<MetadataEntry>& metadata() const { return metadata_; }
  const Value* find(std::string_view key) const;
  bool has(std::string_view key) const { return find(key) != nullptr; }

  // Typed access. Missing key -> Error{BadFile, "missing metadata key 'x' in FILE"}; wrong type or
  // out of range -> Error{BadFile} naming key, found type/value and expected type.
  Result<uint64_t> get_uint(std::string_view key) const;
  Result<int64_t> get_int(std::string_view key) const;
  Result<double> get_float(std::string_view key) const;  // float or integer value
  Result<bool> get_bool(std::string_view key) const;
  Result<std::string> get_string(std::string_view key) const;
  Result<std::vector<std::string>> get_string_array(std::string_view key) const;
  Result<std::vector<float>> get_float_array(std::string_view key) const;
  Result<std::vector<int64_t>> get_int_array(std::string_view key) const;
  // Same, but a missing key gives `fallback` (a present key of the wrong type is still an error).
  Result<uint64_t> get_uint_or(std::string_view key, uint64_t fallback) const;
  Result<double> get_float_or(std::string_view key, double fallback) const;
  Result<bool> get_bool_or(std::string_view key, bool fallback) const;
  Result<std::string> get_string_or(std::string_view key, std::string fallback) const;

  const std::vector<TensorInfo>& tensors() const { return tensors_; }
  const TensorInfo* find_tensor(std::string_view name) const;
  // The tensor's bytes inside its part's mapping (validated at open); empty without tensor data.
  std::span<const uint8_t> tensor_data(const TensorInfo& tensor) const;

  // Architecture string (general.architecture) or "" when absent.
  std::string architecture() const;

 private:
  GgufFile() = default;
  // One file (or image) on its own, split keys not interpreted.
  static Result<std::unique_ptr<GgufFile>> open_file(const std::string& path, const ReaderLimits& limits);
  static Result<std::unique_ptr<GgufFile>> parse_image(ImagePart image, const ReaderLimits& limits,
                                                       bool* header_incomplete);
  // `available` bytes are at base_ out of the file's size_; reading past them sets
  // header_incomplete_ (gguf_file.cpp).
  Status parse(const ReaderLimits& limits, uint64_t available);
  // gguf_split.cpp: a file that stands alone gets its one parts() entry; a part of a split set
  // opens its sibling files (`siblings_on_disk`) or is refused (an image given alone).
  static Result<std::unique_ptr<GgufFile>> finish(std::unique_ptr<GgufFile> file, const ReaderLimits& limits,
                                                  bool siblings_on_disk);
  // Validates the parts of a set (parts[i] must say split.no i) and joins them into one file.
  static Result<std::unique_ptr<GgufFile>> join_parts(std::vector<std::unique_ptr<GgufFile>> parts);

  std::string name_;
  const uint8_t* base_ = nullptr;
  uint64_t size_ = 0;
  bool has_tensor_data_ = true;
  bool header_incomplete_ = false;
  void* mapping_ = nullptr;      // mmap address when memory-mapped
  std::vector<uint8_t> owned_;   // in-memory image otherwise

  uint32_t version_ = 0;
  uint64_t alignment_ = kDefaultAlignment;
  uint64_t data_offset_ = 0;
  std::vector<MetadataEntry> metadata_;
  std::vector<TensorInfo> tensors_;
  std::vector<FilePart> parts_;
  // A split set's parts (their mappings); empty for a plain file, whose data is at base_.
  std::vector<std::unique_ptr<GgufFile>> part_files_;
};

}  // namespace tessera::gguf
