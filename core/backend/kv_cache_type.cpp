#include "backend/kv_cache_type.h"

#include <array>
#include <cctype>
#include <cstring>

#include "quant/dequantize.h"
#include "quant/quantize.h"

namespace tessera {
namespace {

constexpr std::array<KvCacheType, 4> kTypes = {KvCacheType::F16, KvCacheType::F32, KvCacheType::Q8_0,
                                               KvCacheType::Q4_0};

bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

}  // namespace

std::span<const KvCacheType> all_kv_cache_types() {
  return kTypes;
}

std::string_view kv_cache_type_name(KvCacheType type) {
  switch (type) {
    case KvCacheType::F16:
      return "f16";
    case KvCacheType::F32:
      return "f32";
    case KvCacheType::Q8_0:
      return "q8_0";
    case KvCacheType::Q4_0:
      return "q4_0";
  }
  return "f16";
}

std::optional<KvCacheType> parse_kv_cache_type(std::string_view name) {
  for (KvCacheType t : kTypes)
    if (same_ignoring_case(name, kv_cache_type_name(t))) return t;
  return std::nullopt;
}

std::string kv_cache_type_names() {
  std::string s;
  for (KvCacheType t : kTypes) {
    if (!s.empty()) s += '|';
    s += kv_cache_type_name(t);
  }
  return s;
}

GgmlType kv_cache_ggml_type(KvCacheType type) {
  switch (type) {
    case KvCacheType::F16:
      return GgmlType::F16;
    case KvCacheType::F32:
      return GgmlType::F32;
    case KvCacheType::Q8_0:
      return GgmlType::Q8_0;
    case KvCacheType::Q4_0:
      return GgmlType::Q4_0;
  }
  return GgmlType::F16;
}

int64_t kv_cache_row_padding(KvCacheType type) {
  return static_cast<int64_t>(type_info(kv_cache_ggml_type(type)).block_size);
}

uint64_t kv_cache_row_bytes(KvCacheType type, int64_t kv_dim) {
  const int64_t pad = kv_cache_row_padding(type);
  const uint64_t padded = static_cast<uint64_t>((kv_dim + pad - 1) / pad * pad);
  return tensor_bytes_unchecked(kv_cache_ggml_type(type), padded);
}

uint64_t kv_cache_bytes(int64_t n_layers, int64_t kv_dim, int64_t n_ctx, KvCacheType type) {
  return 2ull * static_cast<uint64_t>(n_layers) * static_cast<uint64_t>(n_ctx) * kv_cache_row_bytes(type, kv_dim);
}

Status kv_cache_encode_row(KvCacheType type, const float* src, int64_t kv_dim, void* dst) {
  const GgmlType g = kv_cache_ggml_type(type);
  const int64_t pad = kv_cache_row_padding(type);
  const int64_t whole = kv_dim / pad * pad;
  if (whole > 0) TESSERA_TRY(quantize_row(g, src, dst, whole));
  if (whole == kv_dim) return {};
  float tail[32] = {};  // pad <= 32 (the block types)
  std::memcpy(tail, src + whole, static_cast<size_t>(kv_dim - whole) * sizeof(float));
  return quantize_row(g, tail, static_cast<uint8_t*>(dst) + tensor_bytes_unchecked(g, static_cast<uint64_t>(whole)),
                      pad);
}

Status kv_cache_decode_row(KvCacheType type, const void* src, int64_t kv_dim, float* dst) {
  const GgmlType g = kv_cache_ggml_type(type);
  const int64_t pad = kv_cache_row_padding(type);
  const int64_t whole = kv_dim / pad * pad;
  if (whole > 0) TESSERA_TRY(dequantize_row(g, src, dst, whole));
  if (whole == kv_dim) return {};
  float tail[32];
  TESSERA_TRY(dequantize_row(
      g, static_cast<const uint8_t*>(src) + tensor_bytes_unchecked(g, static_cast<uint64_t>(whole)), tail, pad));
  std::memcpy(dst + whole, tail, static_cast<size_t>(kv_dim - whole) * sizeof(float));
  return {};
}

}  // namespace tessera
