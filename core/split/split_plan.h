// The split planner: a pure function deciding where each part of a model goes across GPUs, and how
// many bytes each GPU will hold, before anything is allocated. The GUI calls it on every slider move
// to preview; the CUDA backend allocates exactly what it says (weights, KV cache, scratch), so the
// preview and the real allocation agree.
//
// Modes:
//  - None:  everything on the main device.
//  - Layer: whole layers per device in order, by the normalised ratios (layer l goes to the first
//           device whose cumulative share exceeds l / n_layer). A layer's KV cache (attention
//           layers) or recurrent state (recurrent layers) lives with it.
//           The token embedding goes with the first layer's device, output_norm and the output
//           matrix with the last layer's device. Activations hop between devices at boundaries.
//  - Row:   tensor parallelism in the paired layout: Q/K/V are split by whole KV-head groups (a
//           KV head and the query heads that read it), gate/up by FFN rows; attn_output and
//           ffn_down are split along their input (columns) with the same ranges, so each device
//           computes a partial sum of the attention and FFN outputs and each block needs one
//           reduction on the main device, not one gather per matrix. The KV cache is split by heads
//           with Q/K/V. Norms, the residual stream, the token embedding and the output layer stay
//           on the main device. Ranges are rounded to the unit the kernels need: a column slice of
//           attn_output/ffn_down must be a whole number of quantization blocks, and FFN ranges are
//           multiples of kFfnRowTile.
//
// Ratios are normalised; all zero means proportional to free memory. A device with ratio 0 holds
// nothing in Layer/Row mode (except, in Row mode, the main device's shared tensors).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "backend/kv_cache_type.h"  // kv_cache_bytes: the one size of a KV cache
#include "backend/layer_state.h"    // layer_state_bytes: the one size of a layer's state
#include "backend/model_spec.h"
#include "common/error.h"

namespace tessera {

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

struct SplitSettings {
  SplitMode mode = SplitMode::Layer;
  std::vector<float> ratios;  // one per device (missing entries count as 0); all zero: by free memory
  int32_t main_device = 0;    // index into the device list
  int32_t n_ctx = 4096;
  int32_t n_batch = 512;
  KvCacheType kv_type = KvCacheType::F16;
  bool all_logits = false;
  // Bytes left free on each device for the driver, cuBLAS and fragmentation.
  uint64_t reserve_bytes = 256ull << 20;
};

// Rows of gate/up given to one device in Row mode are a multiple of this (the matrix kernels' row
// tile), except the last range, which takes the remainder.
constexpr int64_t kFfnRowTile = 64;

struct DeviceBytes {
  uint64_t weights = 0;
  uint64_t kv_cache = 0;         // the attention layers' keys and values (grows with n_ctx)
  uint64_t scratch = 0;
  uint64_t recurrent_state = 0;  // the recurrent layers' state (fixed: backend/layer_state.h)
  uint64_t total() const { return weights + kv_cache + scratch + recurrent_state; }
};

struct RowRange {
  int64_t begin = 0;
  int64_t end = 0;  // exclusive
  int64_t size() const { return end - begin; }
  bool empty() const { return end <= begin; }
};

struct DevicePlan {
  DeviceDescription device;
  float share = 0.0f;           // normalised ratio
  std::vector<int32_t> layers;  // Layer mode: layers held; None: all on main
  RowRange kv_heads;            // Row mode: KV heads [begin, end); query heads follow (x n_head / n_head_kv)
  RowRange ffn_rows;            // Row mode: rows of gate/up (= columns of ffn_down)
  bool holds_embeddings = false;
  bool holds_output = false;
  DeviceBytes bytes;
  bool fits = true;
  uint64_t available = 0;  // free_bytes - reserve (0 if reserve exceeds free)
};

struct SplitPlan {
  SplitMode mode = SplitMode::None;
  int32_t main_device = 0;
  std::vector<DevicePlan> devices;
  std::vector<int32_t> layer_device;  // per layer: index into devices (Layer/None modes)
  bool fits = true;
  // Human-readable reason when !fits: names the device, bytes needed and free.
  std::string problem;

  uint64_t total_bytes() const;
};

// Scratch bytes a device needs for activations, given what it computes. Single source of truth for
// the planner and the CUDA backend's allocator.
struct ScratchNeeds {
  int64_t n_batch = 0;
  int64_t n_embd = 0;
  int64_t q_dim = 0;                     // query width computed on this device
  int64_t kv_dim = 0;                    // key/value width computed on this device
  int64_t n_ff = 0;                      // FFN rows computed on this device
  int64_t n_vocab = 0;                   // 0 unless this device computes the output layer
  int64_t n_ctx = 0;                     // KV cache positions (the attention kernel's key range)
  int64_t n_head = 0;                    // query heads on this device
  uint64_t largest_matrix_elements = 0;  // prefill dequantizes one matrix at a time to f16
  bool all_logits = false;
  int64_t n_head_kv = 0;  // KV heads on this device
  int64_t head_dim = 0;
  // Mixture of experts (0 for dense layers): the router's logits, the chosen experts with their
  // weights, the gather/scatter indices, and the expert inputs, activations and outputs of
  // n_batch x n_expert_used rows (n_ff is the expert width then).
  int64_t n_expert = 0;
  int64_t n_expert_used = 0;
};
uint64_t scratch_bytes(const ScratchNeeds& needs);

// The plan. Never allocates device memory; returns an error only for unusable input (no devices,
// bad main device, mode Row for a model whose heads cannot be split, that has experts or recurrent
// layers, or whose attention output is gated). A plan that does not fit is
// returned with fits == false and `problem` set, so the GUI can show it; the loader refuses it with
// check_plan_fits().
Result<SplitPlan> plan_split(const ModelSpec& model, const std::vector<DeviceDescription>& devices,
                             const SplitSettings& settings);

// The state bytes of the layers `layers` of `model` on one device, by kind (backend/layer_state.h's
// layer_state_bytes summed): how the planner sizes each device's KV cache and recurrent state.
LayerStateBytes device_state_bytes(const ModelSpec& model, const std::vector<int32_t>& layers, int32_t n_ctx,
                                   KvCacheType kv_type);

// Error{OutOfMemory} naming the first device that would overflow, its need and its free bytes.
Status check_plan_fits(const SplitPlan& plan);

}  // namespace tessera
