// The placement: where every byte of a loaded model lives, decided once, in core, before anything is
// allocated. plan_for_load() is the one entry point: the CUDA backend allocates and fills exactly
// what it returns, and the app's split preview and model library show its byte counts, so what the
// sliders show is what the GPUs hold, by construction (tests/core/placement walks it for every
// architecture, split mode, KV cache type and a few contexts; tests/cuda checks planned == allocated).
//
// For each device a placement says:
//   - weights: every weight piece (which tensor: layer and slot; whole, rows or columns; the byte
//     range read from the stored tensor; the stored and the placed type; the destination offset in
//     the device's weights allocation, kWeightAlignment-aligned), in the order they are laid out,
//     then the rotary angle tables;
//   - scratch: the named region table (scratch_regions.h) sized for the largest step;
//   - cache: the per-layer state kinds (cache_layout.h): K and V of the attention layers, the
//     convolution and recurrent state of the Gated DeltaNet layers;
//   - what it computes: its layers, KV heads and FFN rows, and the widths that follow;
// and for the whole model the transfers between devices a step makes.
//
// Modes (SplitSettings::mode):
//  - None:  everything on the main device.
//  - Layer: whole layers per device in order, by the normalised ratios (layer l goes to the first
//           device whose cumulative share exceeds l / n_layer). A layer's KV cache (attention
//           layers) or recurrent state (recurrent layers) lives with it. The
//           token embedding goes with the first layer's device, output_norm and the output matrix
//           with the last layer's device (tied embeddings: token_embd again there, unless it is the
//           same device). Activations hop between devices at layer boundaries.
//  - Row:   tensor parallelism in the paired layout: Q/K/V are split by whole KV-head groups (a KV
//           head and the query heads that read it), gate/up by FFN rows; attn_output and ffn_down
//           are split along their input (columns) with the same ranges, so each device computes a
//           partial sum of the attention and FFN outputs and each block needs one reduction on the
//           main device. Every slot is cut by its RowSlice rule (layer_tensors.h), in one function
//           (row_slice_of, weight_pieces.h). The cache is split by heads with Q/K/V. Norms, the
//           residual stream, the token embedding and the output layer stay on the main device.
//           Ranges are rounded to the unit the kernels need: a column slice of attn_output/ffn_down
//           is a whole number of quantization blocks, and FFN ranges are multiples of kFfnRowTile.
//           Models with experts or recurrent layers, or whose attention output is gated from the
//           query projection, are refused (use layer split).
// Ratios are normalised; all zero means proportional to free memory. A device with ratio 0 holds
// nothing in Layer/Row mode (except, in Row mode, the main device's shared tensors).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend/model_spec.h"
#include "common/error.h"
#include "placement/cache_layout.h"
#include "placement/scratch_regions.h"
#include "placement/split_settings.h"
#include "quant/ggml_type.h"

namespace tessera {

// Every weight piece and rotary table starts at a multiple of this in its device's allocation.
inline constexpr uint64_t kWeightAlignment = 256;

// The tensors of the whole model (not of one layer): the per-layer embeddings' three (Gemma 4
// E2B/E4B) live with token_embd on the home device, which computes every layer's input.
enum class ModelTensor : uint8_t {
  None,
  TokenEmbd,
  OutputNorm,
  Output,
  PerLayerTokenEmbd,
  PerLayerModelProj,
  PerLayerProjNorm
};

// Which tensor of the model a piece comes from.
struct WeightSource {
  int32_t layer = -1;                     // model layer; -1 for a ModelTensor
  LayerTensor slot = LayerTensor::Count;  // the layer's slot (layer >= 0)
  ModelTensor model = ModelTensor::None;  // layer < 0
};
// The tensor itself (ModelTensor::Output of tied embeddings is token_embd's bytes).
const TensorRef& source_tensor(const ModelSpec& model, const WeightSource& source);

enum class PieceCut : uint8_t {
  Whole,    // the whole tensor
  Rows,     // rows [begin, end) (of a vector: elements [begin, end))
  Columns,  // columns [begin, end) of every row, gathered into a tight matrix (on block edges)
};

struct WeightPiece {
  WeightSource source;
  PieceCut cut = PieceCut::Whole;
  int64_t begin = 0, end = 0;  // Whole/Rows: rows (elements of a vector); Columns: columns
  bool vector = false;         // a gain or bias (TensorKind::Vector): converted to f32 at load
  GgmlType stored_type = GgmlType::F32;  // as the file stores it
  GgmlType placed_type = GgmlType::F32;  // as the device holds it: stored_type, F32 for a vector
  // The shape held: rows of cols values, row_bytes each (a vector: end - begin rows of one value).
  int64_t rows = 0, cols = 0;
  uint64_t row_bytes = 0;
  // Read from the stored tensor: Whole/Rows: bytes [src_offset, src_offset + src_bytes) (a vector:
  // the whole blocks that cover its elements; element `begin` is at index begin - first_element);
  // Columns: [src_offset, src_offset + src_bytes) of each row, rows src_row_stride bytes apart.
  uint64_t src_offset = 0, src_bytes = 0, src_row_stride = 0;
  int64_t first_element = 0;  // a vector's first element read (begin rounded down to its block)
  // Where it goes: [offset, offset + bytes) of the device's weights allocation.
  uint64_t offset = 0, bytes = 0;
};

// n_dims/2 angles per position step in f64 (rope_theta_table of rope_for_context(rope, n_ctx)), so
// kernels do not evaluate pow() per thread; one table for full-attention layers, one for sliding ones.
enum class RotaryKind : uint8_t { Full, Sliding };
struct RotaryTable {
  RotaryKind kind = RotaryKind::Full;
  int32_t n_pairs = 0;
  uint64_t offset = 0, bytes = 0;  // in the device's weights allocation, after the pieces
};

struct DeviceBytes {
  uint64_t weights = 0;          // the weights allocation: pieces and rotary tables, alignment included
  uint64_t kv_cache = 0;         // the attention layers' keys and values (grows with the context)
  uint64_t scratch = 0;          // the scratch allocation (every region, the cuBLAS workspace included)
  uint64_t recurrent_state = 0;  // the recurrent layers' state (fixed); with kv_cache: the cache allocation
  uint64_t total() const { return weights + kv_cache + scratch + recurrent_state; }
};

struct DevicePlacement {
  DeviceDescription device;
  float share = 0.0f;  // normalised ratio
  // What it computes.
  std::vector<int32_t> layers;          // model layers it computes (Row: every layer, a slice of each)
  std::vector<int64_t> layer_ffn_rows;  // per entry of `layers`: gate/up rows held (per expert in MoE)
  RowRange kv_heads;  // Row mode: KV heads [begin, end); query heads follow (x n_head / n_head_kv)
  RowRange ffn_rows;  // Row mode: rows of gate/up (= columns of ffn_down)
  bool holds_embeddings = false;    // looks up token embeddings (the step's home device)
  bool holds_output = false;        // computes the logits
  bool output_reads_embeddings = false;  // tied embeddings on one device: no Output piece, token_embd's
  int64_t n_head = 0, n_head_kv = 0, q_dim = 0, kv_dim = 0;  // attention widths computed here
  int64_t n_ff = 0;                                          // widest FFN rows computed here
  // Where it goes.
  std::vector<WeightPiece> weights;  // in allocation order (Q|K|V and gate|up back to back)
  std::vector<RotaryTable> rotary;
  ScratchShape scratch_shape;
  ScratchLayout scratch;
  CacheLayout cache;
  DeviceBytes bytes;
  bool fits = true;
  uint64_t available = 0;  // free_bytes - reserve (0 if the reserve exceeds what is free)

  bool active() const { return bytes.total() > 0; }
};

// A copy between devices that a step makes (the CUDA backend enables peer access, or stages through
// pinned host memory, for each pair it lists).
enum class TransferKind : uint8_t {
  Positions,    // the home device's token positions to every other active device
  Residual,     // Layer mode: the residual stream to the next layer's device
  NormedInput,  // Row mode: the main device's normed block input to each participant
  PartialSum,   // Row mode: a participant's partial sum to the main device
  PerLayerInputs,  // Layer mode: the home device's per-layer embeddings to each device with such layers
};
struct Transfer {
  int32_t from = 0, to = 0;  // device indices
  TransferKind kind = TransferKind::Positions;
  uint64_t max_bytes = 0;  // the most one step copies
};

struct Placement {
  SplitMode mode = SplitMode::None;
  int32_t main_device = 0;
  // The load's resolved sizes (load_context, load_batch).
  int32_t n_ctx = 0, n_batch = 0;
  KvCacheType kv_type = KvCacheType::F16;
  bool all_logits = false;
  uint64_t reserve_bytes = 0;
  int32_t home_device = 0;    // looks up embeddings and receives the token ids and positions
  int32_t output_device = 0;  // computes the logits
  std::vector<DevicePlacement> devices;
  std::vector<int32_t> layer_device;  // Layer/None: each layer's device
  std::vector<Transfer> transfers;
  bool fits = true;
  // Human-readable reason when !fits: names the device, bytes needed and free.
  std::string problem;

  uint64_t total_bytes() const;
};

// The placement of `model` on `devices` for a load with `settings` (n_ctx 0: load_context; the batch
// capped at the context). Never allocates device memory. Errors only for unusable input (no devices,
// a bad main device, a non-positive batch, Row mode for a model whose heads cannot be split, that
// has experts or recurrent layers, or whose attention output is gated). A placement that does not fit is returned with fits == false and `problem` set, so
// the app can show it; loaders refuse it with check_placement_fits().
Result<Placement> plan_for_load(const ModelSpec& model, const std::vector<DeviceDescription>& devices,
                                const SplitSettings& settings);

// Error{OutOfMemory} naming the first device that would overflow, its need and its free bytes.
Status check_placement_fits(const Placement& placement);

}  // namespace tessera
