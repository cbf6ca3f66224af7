// The Backend interface: how the Engine runs a model, whatever the hardware.
//
// Why the interface is coarse (a whole model step, not single ops):
// a decode step for an 8B model at 4 bits has about a millisecond on an H200. To get there, a GPU
// backend must (1) upload the weights once at load, keeping their quantized types, (2) keep the
// KV cache on the device, (3) run a whole token step without host synchronisation, host allocation
// or a host copy of all logits, so that it can be captured once in a CUDA graph and replayed,
// (4) fuse neighbouring ops (norm + matmul input, gate/up + SwiGLU, residual add + norm, QKV as one
// matmul), (5) reduce logits on the device (argmax), and (6) split a model across devices by layers
// or by rows. An op-by-op interface driven from core would fix the op boundaries, force a host
// round trip per op and leave the split to core. So core describes WHAT the model is (ModelSpec:
// hyperparameters, tensor references, the per-layer equations written in model_spec.h) and asks for
// whole steps (eval); each backend decides HOW: its kernels, fusion, buffers, graphs and split.
//
// Contracts every backend keeps:
// - load_model sizes every buffer once (weights, KV cache for settings.n_ctx positions, scratch for
//   settings.n_batch tokens); eval never allocates. A load that would not fit fails before
//   allocating, naming the device and the bytes needed and free. Progress returning false cancels:
//   Error{Cancelled} and nothing stays allocated.
// - The KV cache holds positions [0, n_past()). eval(tokens, start_pos) requires
//   start_pos <= n_past() and start_pos + tokens.size() <= n_ctx(); it overwrites positions
//   [start_pos, start_pos + n) and afterwards n_past() == start_pos + n. Positions are host values
//   passed by value; a graph-capturing backend copies them (with the token ids) into a device buffer
//   its captured graph reads, so the same graph serves every decode step.
// - A BackendModel is used from one thread at a time (the Engine's); it may use threads or streams
//   of its own inside a call.
// - Models with recurrent layers (ModelSpec::has_recurrent_layers: Gated DeltaNet) also hold, per
//   recurrent layer, a state of fixed size that sums up all n_past() positions; it cannot forget
//   the last positions as a KV cache can. So eval continues only at n_past() (start_pos ==
//   n_past()), kv_keep(n) returns only to 0, n_past() or a position a checkpoint holds
//   (save_checkpoint, restorable_position), and kv_remove is not supported.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "backend/model_spec.h"
#include "common/error.h"

namespace tessera {

// Returns false to cancel. Called with values in [0, 1], non-decreasing, 1 at the end.
using ProgressFn = std::function<bool(float progress)>;

// Element type of the KV cache rows. Q8_0 and Q4_0 store each row of kv_dim values as ggml blocks
// of 32 (core/quant/blocks.h); backend/kv_cache_type.h has the sizes, names and the ggml type.
enum class KvCacheType { F16, F32, Q8_0, Q4_0 };

// The most CPU worker threads a backend starts: more is a typo, not a plan, and creating that many
// threads would fail (an exception the thread pool cannot turn into an error).
constexpr int32_t kMaxThreads = 1024;

struct BackendModelSettings {
  int32_t n_ctx = 2048;   // KV cache positions
  int32_t n_batch = 512;  // most tokens one eval may carry (sizes the scratch buffers)
  KvCacheType kv_type = KvCacheType::F16;
  int32_t n_threads = 0;  // CPU worker threads, 0..kMaxThreads; 0 = hardware concurrency
  // Size the logits buffer for n_batch rows so LogitsRequest::All works (scoring, tests); off, only
  // one row of n_vocab floats is kept (a 128k vocabulary x 512 rows would be 256 MiB).
  bool all_logits = false;
};

// Which logits an eval produces.
enum class LogitsRequest {
  None,  // prompt chunks whose logits nobody reads
  Last,  // only the last token's row (generation)
  All,   // one row per token of the eval (scoring, tests)
};

// Logits that hold a NaN mean the model's computation broke down (NaN or overflowing weights, a
// kernel fault): a token chosen from them would be arbitrary (an argmax that skips NaNs gives token
// 0 for an all-NaN row), so generation ends with this error instead. argmax() returns it; the
// engine checks the rows it samples from with check_logits.
inline Error nan_logits_error() {
  return Error(ErrorKind::BadFile,
               "the model produced NaN logits (not-a-number scores for the next token), so no token can be "
               "chosen: its weights may hold NaN or overflow, or a computation failed on this backend");
}

// nan_logits_error() when `row` holds a NaN.
inline Status check_logits(std::span<const float> row) {
  for (float v : row)
    if (std::isnan(v)) return nan_logits_error();
  return {};
}

// Bytes a loaded model holds, for the GUI and for planning.
struct MemoryFootprint {
  uint64_t weight_bytes = 0;   // bytes of weights the backend holds (0 for the CPU reading the mmap in place)
  uint64_t mapped_bytes = 0;   // bytes of weights read in place from the mapped file
  uint64_t kv_cache_bytes = 0;
  uint64_t scratch_bytes = 0;  // activations, logits
  // Recurrent layers: their state (fixed, whatever the context) and its checkpoints.
  uint64_t recurrent_state_bytes = 0;
};

// Checkpoints of the recurrent state a backend keeps (save_checkpoint): enough for the positions a
// chat turn asks for (the conversation before the reply, the prompt's end, the reply's end and the
// start an overflow policy keeps); the oldest goes first.
constexpr int32_t kStateCheckpoints = 4;

class BackendModel {
 public:
  virtual ~BackendModel() = default;

  // Runs the model over `tokens` at positions start_pos.. (see the contract above).
  // Errors: token id out of range, batch larger than n_batch, positions beyond n_ctx, a device fault.
  virtual Status eval(std::span<const int32_t> tokens, int32_t start_pos, LogitsRequest request) = 0;

  // Logits of the last eval: n_vocab floats per row, one row (Last) or one row per token (All).
  // Valid until the next eval or KV call. A GPU backend copies them to the host here, on demand.
  virtual Result<std::span<const float>> logits() = 0;
  // Index of the largest logit of the last eval's last row, ties toward the lower id; a GPU
  // backend reduces on the device and copies back one integer. nan_logits_error() when the row
  // holds a NaN.
  virtual Result<int32_t> argmax() = 0;

  virtual int32_t n_ctx() const = 0;
  virtual int32_t n_batch() const = 0;
  virtual int64_t n_vocab() const = 0;
  virtual int32_t n_past() const = 0;
  // Forget every position.
  virtual void kv_clear() = 0;
  // Keep positions [0, n), forget the rest (regenerate, chat prefix reuse). n <= n_past(). A model
  // with recurrent state returns only to a position restorable_position(n) == n: it restores the
  // checkpoint there (Unsupported otherwise, naming the positions it can return to).
  virtual Status kv_keep(int32_t n) = 0;
  // Whether the model holds recurrent state (the contract above).
  virtual bool has_recurrent_state() const { return false; }
  // Keeps a copy of the recurrent state at n_past() (at most kStateCheckpoints, the oldest dropped;
  // one at the same position is replaced). A checkpoint lives until its position is forgotten:
  // kv_clear, kv_keep below it, or an eval that starts before it. Nothing to do without recurrent
  // state. Never allocates (the backend sized the checkpoints at load).
  virtual Status save_checkpoint() { return {}; }
  // The largest position p <= n (and <= n_past()) that kv_keep(p) returns to: n itself without
  // recurrent state; otherwise n_past(), the newest checkpoint at or before n, or 0.
  virtual int32_t restorable_position(int32_t n) const { return n < 0 ? 0 : (n < n_past() ? n : n_past()); }
  // Context shift: forget positions [begin, begin + count) and move the later ones down by count,
  // so the cache holds n_past() - count positions afterwards. Each moved key is rotated by the
  // position delta with the model's RoPE (the rotation by -count * theta_i of every pair i, the
  // same theta_i eval rotates with, without attn_factor again: the key already carries it once),
  // so a moved key equals the key evaluated at its new position. Values move unchanged.
  // What it equals: for the first layer, exactly a fresh eval of the kept tokens at the new
  // positions (its K/V depend on the token and position alone). Deeper layers keep K/V computed
  // while the removed tokens were visible (llama.cpp's context shift has the same trade-off);
  // an exact result needs re-evaluating the tokens after the span (the engine's fallback).
  // Sliding-window layers: attention masks by position difference, and after the shift the window
  // of a new query covers the last `sliding_window` kept positions, which is what the model sees
  // on a fresh eval of the kept tokens; so they shift like full-attention layers.
  // Requires 0 <= begin, 0 <= count, begin + count <= n_past(); count == 0 changes nothing.
  // Errors: bad span (InvalidArgument); a cache this backend cannot shift (Unsupported, naming the
  // KV type): kv_remove_supported() says so beforehand. Invalidates logits().
  virtual Status kv_remove(int32_t begin, int32_t count) = 0;
  // Whether kv_remove works for this model and cache (the engine re-evaluates otherwise).
  virtual bool kv_remove_supported() const = 0;

  virtual MemoryFootprint footprint() const = 0;
  // "cpu (4 threads, F16 KV cache)" style summary for logs and the GUI.
  virtual std::string describe() const = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;
  virtual Result<std::unique_ptr<BackendModel>> load_model(const ModelSpec& spec,
                                                           const BackendModelSettings& settings,
                                                           const ProgressFn& progress) = 0;
};

// How the Engine obtains a backend: the caller (CLI, GUI) passes factories, so core never knows
// CUDA. A factory may fail (no driver, no GPU) with an error the Engine reports or falls back from.
using BackendFactory = std::function<Result<std::unique_ptr<Backend>>()>;

}  // namespace tessera
