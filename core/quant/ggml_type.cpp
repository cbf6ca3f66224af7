#include "quant/ggml_type.h"

#include <array>
#include <cctype>

namespace tessera {
namespace {

constexpr TypeSupport S = TypeSupport::Supported;
constexpr TypeSupport U = TypeSupport::Unsupported;
constexpr TypeSupport R = TypeSupport::Removed;

// Block layouts as GGUF files store them (see quant/blocks.h for the byte structure).
constexpr std::array<TypeInfo, kMaxGgmlTypeId + 1> kTypes = {{
    {0, "F32", 1, 4, S},
    {1, "F16", 1, 2, S},
    {2, "Q4_0", 32, 18, S},
    {3, "Q4_1", 32, 20, S},
    {4, "Q4_2", 32, 18, R},
    {5, "Q4_3", 32, 20, R},
    {6, "Q5_0", 32, 22, S},
    {7, "Q5_1", 32, 24, S},
    {8, "Q8_0", 32, 34, S},
    {9, "Q8_1", 32, 36, U},
    {10, "Q2_K", 256, 84, S},
    {11, "Q3_K", 256, 110, S},
    {12, "Q4_K", 256, 144, S},
    {13, "Q5_K", 256, 176, S},
    {14, "Q6_K", 256, 210, S},
    {15, "Q8_K", 256, 292, U},
    {16, "IQ2_XXS", 256, 66, S},
    {17, "IQ2_XS", 256, 74, S},
    {18, "IQ3_XXS", 256, 98, S},
    {19, "IQ1_S", 256, 50, S},
    {20, "IQ4_NL", 32, 18, S},
    {21, "IQ3_S", 256, 110, S},
    {22, "IQ2_S", 256, 82, S},
    {23, "IQ4_XS", 256, 136, S},
    {24, "I8", 1, 1, U},
    {25, "I16", 1, 2, U},
    {26, "I32", 1, 4, U},
    {27, "I64", 1, 8, U},
    {28, "F64", 1, 8, U},
    {29, "IQ1_M", 256, 56, S},
    {30, "BF16", 1, 2, S},
    {31, "Q4_0_4_4", 32, 18, R},
    {32, "Q4_0_4_8", 32, 18, R},
    {33, "Q4_0_8_8", 32, 18, R},
    {34, "TQ1_0", 256, 54, S},
    {35, "TQ2_0", 256, 66, S},
    {36, "IQ4_NL_4_4", 32, 18, R},
    {37, "IQ4_NL_4_8", 32, 18, R},
    {38, "IQ4_NL_8_8", 32, 18, R},
    {39, "MXFP4", 32, 17, S},
}};

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

}  // namespace

const TypeInfo* find_type_info(uint32_t id) {
  if (id > kMaxGgmlTypeId) return nullptr;
  return &kTypes[id];
}

const TypeInfo& type_info(GgmlType type) { return kTypes[static_cast<uint32_t>(type)]; }

std::string_view type_name(GgmlType type) { return type_info(type).name; }

const TypeInfo* find_type_by_name(std::string_view name) {
  for (const auto& t : kTypes)
    if (iequals(t.name, name)) return &t;
  return nullptr;
}

bool is_supported(GgmlType type) {
  const TypeInfo* info = find_type_info(static_cast<uint32_t>(type));
  return info != nullptr && info->support == TypeSupport::Supported;
}

std::string supported_type_names() {
  std::string out;
  for (const auto& t : kTypes) {
    if (t.support != TypeSupport::Supported) continue;
    if (!out.empty()) out += ", ";
    out += std::string(t.name);
  }
  return out;
}

uint32_t row_alignment(GgmlType type) {
  switch (type) {
    case GgmlType::F32: return 4;
    case GgmlType::MXFP4:
    case GgmlType::IQ1_M: return 1;
    default: return 2;
  }
}

Result<uint64_t> row_size(GgmlType type, int64_t n) {
  const TypeInfo& info = type_info(type);
  if (n < 0 || n % info.block_size != 0) {
    return make_error(ErrorKind::InvalidArgument,
                      "row of " + std::to_string(n) + " elements is not a multiple of " +
                          std::string(info.name) + "'s block size " + std::to_string(info.block_size));
  }
  return static_cast<uint64_t>(n / info.block_size) * info.type_size;
}

uint64_t tensor_bytes_unchecked(GgmlType type, uint64_t n) {
  const TypeInfo& info = type_info(type);
  return n / info.block_size * info.type_size;
}

Status require_supported(GgmlType type, std::string_view tensor_name) {
  const TypeInfo* info = find_type_info(static_cast<uint32_t>(type));
  if (info == nullptr) {
    return make_error(ErrorKind::BadFile, "unknown tensor type id " + std::to_string(static_cast<uint32_t>(type)) +
                                              " in tensor '" + std::string(tensor_name) + "'");
  }
  if (info->support == TypeSupport::Supported) return {};
  std::string why = info->support == TypeSupport::Removed ? " (an id the GGUF format retired)" : "";
  return make_error(ErrorKind::Unsupported, "unsupported tensor type " + std::string(info->name) + why +
                                                " in tensor '" + std::string(tensor_name) +
                                                "'; supported: " + supported_type_names());
}

}  // namespace tessera
