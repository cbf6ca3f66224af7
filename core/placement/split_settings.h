// What a load asks of the placement (placement.h): the devices as the planner sees them and the
// settings that decide where a model goes (split mode, shares, main device, context, batch, KV cache
// type). The programs fill SplitSettings from what a person chose (CLI flags, the app's sliders);
// the CUDA backend takes it through CudaBackendOptions (and the module table, backend_plugin_api.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "common/error.h"

namespace tessera {

struct ModelSpec;

// How a model is spread over several devices (placement.h describes each mode).
enum class SplitMode { None, Layer, Row };
const char* split_mode_name(SplitMode mode);
Result<SplitMode> parse_split_mode(const std::string& text);  // "none" | "layer" | "row"

struct DeviceDescription {
  int32_t id = 0;  // backend device index
  std::string name;
  std::string uuid;
  uint64_t free_bytes = 0;
  uint64_t total_bytes = 0;
};

// The context a load gets when none is asked for: the model's training context, at most this.
inline constexpr int32_t kDefaultMaxContext = 4096;
// Prompt tokens per backend step unless the load asks for another batch.
inline constexpr int32_t kDefaultBatch = 512;

struct SplitSettings {
  SplitMode mode = SplitMode::Layer;
  std::vector<float> ratios;  // one per device (missing entries count as 0); all zero: by free memory
  int32_t main_device = 0;    // index into the device list
  int32_t n_ctx = 0;          // KV cache positions; 0: load_context() of the model
  int32_t n_batch = kDefaultBatch;  // most tokens one step carries; capped at the context (load_batch)
  KvCacheType kv_type = KvCacheType::F16;
  bool all_logits = false;
  // Bytes left free on each device for the driver and fragmentation.
  uint64_t reserve_bytes = 256ull << 20;
};

// The one rule for "the model's context": `requested` when positive, else the model's training
// context capped at kDefaultMaxContext (kDefaultMaxContext when the model names none). The engine,
// the placement and the app's preview all call it.
int32_t load_context(int64_t n_ctx_train, int32_t requested);
int32_t load_context(const ModelSpec& model, int32_t requested);
// Tokens one step carries: the batch asked for, at most the context.
int32_t load_batch(int32_t n_batch, int32_t n_ctx);

// Half-open ranges of units (KV heads, FFN rows, columns).
struct RowRange {
  int64_t begin = 0;
  int64_t end = 0;  // exclusive
  int64_t size() const { return end - begin; }
  bool empty() const { return end <= begin; }
};

// Rows of gate/up given to one device in Row mode are a multiple of this (the matrix kernels' row
// tile), except the last range, which takes the remainder.
constexpr int64_t kFfnRowTile = 64;

}  // namespace tessera
