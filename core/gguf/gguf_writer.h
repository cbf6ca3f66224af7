// GGUF v3 writer: metadata in insertion order, tensors aligned to `general.alignment`.
// Used by tests, `tessera-cli synth` and quantization. Tensor data is either owned bytes or a
// generator called while writing, so multi-gigabyte synthetic models never sit in memory whole.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/error.h"
#include "gguf/gguf_value.h"
#include "quant/ggml_type.h"

namespace tessera::gguf {

class GgufFile;

class GgufWriter {
 public:
  // Fills `dst` (exactly the tensor's byte size) with the tensor's data.
  using Generator = std::function<Status(uint8_t* dst, uint64_t n_bytes)>;

  GgufWriter();

  void set_alignment(uint32_t alignment);  // also recorded as the general.alignment key
  // Replaces an existing key of the same name.
  void set(std::string key, Value value);
  void set_string(std::string key, std::string v) { set(std::move(key), Value::string(std::move(v))); }
  void set_u32(std::string key, uint32_t v) { set(std::move(key), Value::u32(v)); }
  void set_i32(std::string key, int32_t v) { set(std::move(key), Value::i32(v)); }
  void set_u64(std::string key, uint64_t v) { set(std::move(key), Value::u64(v)); }
  void set_f32(std::string key, float v) { set(std::move(key), Value::f32(v)); }
  void set_bool(std::string key, bool v) { set(std::move(key), Value::boolean(v)); }

  // dims: ne[0] fastest. `data` must be exactly the tensor's byte size for `type`.
  Status add_tensor(std::string name, GgmlType type, std::vector<int64_t> dims, std::vector<uint8_t> data);
  Status add_tensor_f32(std::string name, std::vector<int64_t> dims, const std::vector<float>& values);
  Status add_tensor_generated(std::string name, GgmlType type, std::vector<int64_t> dims, Generator generator);

  // A writer holding `file`'s metadata (its alignment included) and tensors in order, the tensor
  // bytes read from `file` while writing: `file` must outlive the writer's writes. For rewriting a
  // model as a split set (gguf_split.h) or with changed metadata.
  static Result<GgufWriter> copy_of(const GgufFile& file);

  Result<std::vector<uint8_t>> to_bytes() const;
  Status write_file(const std::string& path) const;

  // Testing hooks for the corruption suite: raw control over what the header claims.
  void set_version_for_testing(uint32_t version) { version_ = version; }

  // gguf_split.h: the model as the parts of a split set.
  friend Result<std::vector<GgufWriter>> split_into_parts(const GgufWriter& whole, uint32_t max_tensors_per_part,
                                                          bool first_without_tensors);

 private:
  struct PendingTensor {
    std::string name;
    GgmlType type;
    std::vector<int64_t> dims;
    uint64_t n_bytes;
    std::vector<uint8_t> data;
    Generator generator;
  };
  Status check_tensor(const std::string& name, GgmlType type, const std::vector<int64_t>& dims,
                      uint64_t* n_bytes) const;
  template <typename Sink>
  Status write_to(Sink& sink) const;  // not "emit": Qt defines that as a macro

  uint32_t version_ = 3;
  uint32_t alignment_ = 32;
  std::vector<std::pair<std::string, Value>> metadata_;
  std::vector<PendingTensor> tensors_;
};

}  // namespace tessera::gguf
