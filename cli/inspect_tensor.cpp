#include "inspect_tensor.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "quant/dequantize.h"

namespace tessera::cli {

Result<const gguf::TensorInfo*> find_inspected_tensor(const gguf::GgufFile& file, const std::string& name) {
  const gguf::TensorInfo* t = file.find_tensor(name);
  if (t == nullptr) {
    return make_error(ErrorKind::InvalidArgument, "no tensor named '" + name + "' in " + file.path() + " (" +
                                                      std::to_string(file.tensors().size()) + " tensors)");
  }
  return t;
}

Status write_dequantized_tensor(const gguf::GgufFile& file, const gguf::TensorInfo& tensor, const std::string& out_path) {
  TESSERA_TRY(require_supported(tensor.type, tensor.name));
  const int64_t row_len = tensor.dim(0);
  const int64_t rows = tensor.rows();
  TESSERA_ASSIGN_OR_RETURN(const uint64_t row_bytes, row_size(tensor.type, row_len));
  const std::span<const uint8_t> data = file.tensor_data(tensor);
  if (row_bytes * static_cast<uint64_t>(rows) != data.size()) {
    return make_error(ErrorKind::BadFile, "tensor '" + tensor.name + "' holds " + std::to_string(data.size()) +
                                              " bytes, not " + std::to_string(rows) + " rows of " +
                                              std::to_string(row_bytes));
  }
  std::unique_ptr<FILE, int (*)(FILE*)> out(std::fopen(out_path.c_str(), "wb"), std::fclose);
  if (!out) {
    return make_error(ErrorKind::InvalidArgument, "cannot write '" + out_path + "': " + std::strerror(errno));
  }
  // The reference decoder wants its row aligned (GGUF rows are, except where a row length breaks
  // the alignment, e.g. odd MXFP4 rows); a row that is not is copied to aligned memory first.
  const uint32_t align = row_alignment(tensor.type);
  std::vector<uint32_t> aligned((row_bytes + 3) / 4);
  std::vector<float> values(static_cast<size_t>(row_len));
  std::vector<uint8_t> le(values.size() * 4);
  for (int64_t r = 0; r < rows; ++r) {
    const uint8_t* src = data.data() + static_cast<uint64_t>(r) * row_bytes;
    if (reinterpret_cast<uintptr_t>(src) % align != 0) {
      std::memcpy(aligned.data(), src, row_bytes);
      src = reinterpret_cast<const uint8_t*>(aligned.data());
    }
    const Status st = dequantize_row(tensor.type, src, values.data(), row_len);
    if (!st.ok()) {
      return make_error(st.error().kind, "tensor '" + tensor.name + "' row " + std::to_string(r) + ": " +
                                             st.error().message);
    }
    for (size_t i = 0; i < values.size(); ++i) {
      uint32_t bits;
      std::memcpy(&bits, &values[i], 4);
      for (int k = 0; k < 4; ++k) le[4 * i + k] = static_cast<uint8_t>(bits >> (8 * k));
    }
    if (std::fwrite(le.data(), 1, le.size(), out.get()) != le.size()) {
      return make_error(ErrorKind::InvalidArgument, "cannot write '" + out_path + "': " + std::strerror(errno));
    }
  }
  if (std::fclose(out.release()) != 0) {
    return make_error(ErrorKind::InvalidArgument, "cannot write '" + out_path + "': " + std::strerror(errno));
  }
  return {};
}

}  // namespace tessera::cli
