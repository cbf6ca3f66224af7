// `tessera-cli inspect FILE --tensor NAME [--dequant OUT.f32]`: one tensor of a GGUF file.
#pragma once

#include <string>

#include "common/error.h"
#include "gguf/gguf_file.h"

namespace tessera::cli {

// The tensor named `name`, or an InvalidArgument error naming the file and the tensor.
Result<const gguf::TensorInfo*> find_inspected_tensor(const gguf::GgufFile& file, const std::string& name);

// Writes the tensor's values as raw little-endian float32, in ggml element order (row by row, a
// row being dims[0] elements), to `out_path`, decoded by the CPU reference dequantizer.
// Errors: Unsupported for types Tessera cannot decode, InvalidArgument/BadFile for a tensor whose
// rows do not fit its type, or the output file's error (naming the path).
Status write_dequantized_tensor(const gguf::GgufFile& file, const gguf::TensorInfo& tensor,
                                const std::string& out_path);

}  // namespace tessera::cli
