// The KV cache's element types: names, ggml block types and byte sizes, in one place.
//
// Every cache of keys and values (the CPU backend's, the CUDA backend's per device) stores one row
// per position and layer, K and V separately, of kv_dim values (the KV heads a device holds, head
// g at g * head_dim). A row of a quantized type is ceil(kv_dim / 32) ggml blocks (Q8_0: 34 bytes,
// Q4_0: 18 bytes per 32 values; layouts in quant/blocks.h); when kv_dim is not a multiple of 32
// the last block is padded with zeros, so every head width the architectures use (64, 80, 96, 128,
// 256) and every row split of the heads works. The split planner, the GUI's memory preview and
// both backends' allocations take their sizes from kv_cache_row_bytes / kv_cache_bytes, so the
// preview equals what is allocated.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "backend/backend.h"
#include "common/error.h"
#include "quant/ggml_type.h"

namespace tessera {

// Every type, in the order menus list them.
std::span<const KvCacheType> all_kv_cache_types();

// "f16", "f32", "q8_0", "q4_0": the spelling of --kv-type and of saved settings.
std::string_view kv_cache_type_name(KvCacheType type);
// The inverse, case-insensitive ("Q8_0" works too); nullopt for anything else.
std::optional<KvCacheType> parse_kv_cache_type(std::string_view name);
// "f16|f32|q8_0|q4_0" for usage lines and messages.
std::string kv_cache_type_names();

// The ggml tensor type one row is stored as (F16, F32, Q8_0, Q4_0).
GgmlType kv_cache_ggml_type(KvCacheType type);
// Values a row is padded to: 1 for F16/F32, 32 for the block types.
int64_t kv_cache_row_padding(KvCacheType type);

// Bytes of one cache row of kv_dim values (one position of one layer, K or V alone).
uint64_t kv_cache_row_bytes(KvCacheType type, int64_t kv_dim);
// Bytes of the K and V caches of `n_layers` layers of kv_dim width, `n_ctx` positions each.
uint64_t kv_cache_bytes(int64_t n_layers, int64_t kv_dim, int64_t n_ctx, KvCacheType type);

// One cache row: encodes kv_dim floats into kv_cache_row_bytes(type, kv_dim) bytes at dst (F16
// rounds to nearest even; Q8_0/Q4_0 with core/quant's quantize_row, the padding values as zeros),
// and decodes such a row back to kv_dim floats. dst/src aligned as row_alignment of the ggml type.
// Errors (encode): a NaN/inf value, or a block too large for its fp16 scale (quantize_row's).
Status kv_cache_encode_row(KvCacheType type, const float* src, int64_t kv_dim, void* dst);
Status kv_cache_decode_row(KvCacheType type, const void* src, int64_t kv_dim, float* dst);

}  // namespace tessera
