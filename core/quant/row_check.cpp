#include "quant/row_check.h"

#include <string>

namespace tessera::quant_detail {

Status check_row_args(const char* op, GgmlType type, const void* blocks, const float* floats, int64_t n) {
  const uint32_t id = static_cast<uint32_t>(type);
  const TypeInfo* info = find_type_info(id);
  if (info == nullptr) {
    return make_error(ErrorKind::InvalidArgument,
                      std::string(op) + ": unknown ggml type id " + std::to_string(id) + " (largest known id is " +
                          std::to_string(kMaxGgmlTypeId) + ")");
  }
  if (info->support != TypeSupport::Supported) {
    const char* why = info->support == TypeSupport::Removed ? " (an id the GGUF format retired)" : "";
    return make_error(ErrorKind::Unsupported,
                      std::string(op) + ": unsupported tensor type " + std::string(info->name) + why +
                          "; supported: " + supported_type_names());
  }
  if (n < 0 || n % info->block_size != 0) {
    return make_error(ErrorKind::InvalidArgument,
                      std::string(op) + ": row of " + std::to_string(n) + " elements is not a multiple of " +
                          std::string(info->name) + "'s block size " + std::to_string(info->block_size));
  }
  if (n == 0) return {};
  if (blocks == nullptr || floats == nullptr) {
    return make_error(ErrorKind::InvalidArgument,
                      std::string(op) + ": null " + (blocks == nullptr ? "block" : "float") + " pointer for a row of " +
                          std::to_string(n) + " " + std::string(info->name) + " elements");
  }
  const uintptr_t align = row_alignment(type);
  if (reinterpret_cast<uintptr_t>(blocks) % align != 0) {
    return make_error(ErrorKind::InvalidArgument,
                      std::string(op) + ": " + std::string(info->name) + " data is not " + std::to_string(align) +
                          "-byte aligned (GGUF tensor data is 32-byte aligned; pass a pointer into it or into an "
                          "aligned buffer)");
  }
  return {};
}

}  // namespace tessera::quant_detail
