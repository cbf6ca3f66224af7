// CudaModel: a model loaded by the CUDA backend (internal; the public face is cuda_backend.h).
//
// It implements the blocks of core's layer loop (layer_loop.h); eval runs that loop, eagerly or
// inside a CUDA graph capture (decode).
//
// Per logical device (DeviceState) the model holds three allocations sized by the split plan:
//   weights  every tensor this device computes with (the slots of layer_tensors.h placed by their
//            row-split rule), 256-byte aligned, matrices in their GGUF encoding (row slices
//            contiguous, column slices of attn_output/ffn_down gathered per row), gains and
//            biases as f32; RoPE angle tables as f64
//   kv       K then V for each layer slot: [slot][position][row], a row of kv_dim values encoded
//            as the KV cache type says (kernels/kv_cache.h: f16, or Q8_0/Q4_0 blocks)
//   scratch  one arena carved as the planner's scratch_bytes() says (see Scratch)
// plus the cuBLAS handle's 32 MiB workspace. Bytes are counted at each allocation (allocated) so
// callers can compare them with the plan.
//
// Threading: one thread at a time (BackendModel's contract). Streams: one per device; cross-device
// order is kept with one event per device (record on the source stream, wait on the destination).
#pragma once

#include <cuda_runtime_api.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "backend/layer_loop.h"
#include "backend/cuda_backend.h"
#include "backend/cuda_experiments.h"
#include "backend/virtual_devices.h"
#include "device_buffer.h"
#include "kernels/gemm.h"
#include "kernels/kv_cache.h"
#include "kernels/matvec.h"
#include "kernels/rope.h"
#include "split/split_plan.h"

namespace tessera::cuda {

// The input rows of the next matrix products, converted at most once (q8 for the fused matvec, or
// f16 for cuBLAS, into the device's Scratch::in) however many matrices read it (Q, K, V; gate, up).
struct MatmulInput {
  const float* x = nullptr;
  int64_t ld = 0;
  int64_t cols = 0;
  bool q8 = false;   // Scratch::in holds the q8 copy of x
  bool f16 = false;  // Scratch::in holds the f16 copy of x
};

// One layer's tensors as held by one device (a whole layer in None/Layer mode, slices in Row mode).
struct DeviceLayer {
  int32_t layer = -1;
  int32_t kv_slot = -1;  // this layer's K/V slot in the device's cache; -1 when it holds no heads
  bool sliding = false;  // sliding-window attention (and the sliding layers' RoPE)
  std::array<WeightMatrix, kLayerTensorCount> m{};    // matrix slots; rows == 0: not on this device
  std::array<const float*, kLayerTensorCount> v{};    // vector slots as f32; null: not here
  // Q|K|V and gate|up as one matrix each when they share type and row size and lie back to back in
  // the weights allocation (rows == 0 otherwise): one fused matvec instead of three (two) in decode.
  WeightMatrix wqkv, gate_up;
  int64_t n_ff = 0;  // gate/up rows held here for this layer (per expert in an MoE layer)

  const WeightMatrix& operator[](LayerTensor t) const { return m[static_cast<size_t>(t)]; }
  WeightMatrix& operator[](LayerTensor t) { return m[static_cast<size_t>(t)]; }
  const float* vec(LayerTensor t) const { return v[static_cast<size_t>(t)]; }
};

// The scratch arena of one device. Region sizes follow scratch_bytes() in core/split.
struct Scratch {
  // f32 activations, n_batch rows each: residual x, normed xb, partial sums xb2, q|k|v rows
  // (q_dim + 2 kv_dim wide: q, k and v point into one row, qkv_stride floats between tokens, so a
  // fused Q|K|V matvec writes them in one go), attention output (q_dim), gate and up (n_ff).
  float* x = nullptr;
  float* xb = nullptr;
  float* xb2 = nullptr;
  float* q = nullptr;
  float* k = nullptr;
  float* v = nullptr;
  int64_t qkv_stride = 0;
  float* att = nullptr;
  float* gate = nullptr;
  float* up = nullptr;
  void* in = nullptr;  // the prepared input of the next matrices: q8 (matvec) or f16 rows (GEMM)
  size_t in_bytes = 0;
  void* attn_ws = nullptr;  // attention split-K workspace
  size_t attn_ws_bytes = 0;
  float* logits = nullptr;    // output device only
  uint16_t* w_f16 = nullptr;  // prefill: one weight dequantized to f16; also argmax workspace
  size_t w_f16_bytes = 0;
  void* argmax_ws = nullptr;
  size_t argmax_ws_bytes = 0;
  int32_t* argmax_out = nullptr;
  int32_t* io = nullptr;  // home device: token ids then positions; others: positions
  float* recv = nullptr;  // Row mode, main device: one n_batch x n_embd partial sum per other device
  // Mixture of experts (devices holding MoE layers): rows = n_batch x n_expert_used.
  float* moe_logits = nullptr;   // [n_batch][n_expert]
  int32_t* moe_ids = nullptr;    // [rows] chosen experts, token-major
  float* moe_weights = nullptr;  // [rows] their renormalised weights
  int32_t* moe_gather = nullptr; // [rows] prefill: the token of each row, rows grouped by expert
  int32_t* moe_slot_row = nullptr;  // [rows] prefill: the row of each (token, slot)
  int32_t* moe_tiles = nullptr;  // prefill: the tiles, their count and the experts' offsets (moe.h MoeGroups)
  size_t moe_tiles_ints = 0;     // the region's size in int32 values: 3 rows + 4 n_expert + 16
  float* moe_in = nullptr;       // [rows][n_embd] prefill: gathered inputs
  float* moe_out = nullptr;      // [rows][n_embd] expert outputs
  float* moe_gate = nullptr;     // [rows][n_ff] gate, then act(gate) * up
  float* moe_up = nullptr;       // [rows][n_ff]
  void* moe_q8 = nullptr;        // decode: int8 copies of the n_expert_used activation vectors
};

struct DeviceState {
  LogicalDevice dev;
  DevicePlan plan;
  int index = 0;  // into CudaModel::devs_ (== logical index)
  bool active = false;
  cudaStream_t stream = nullptr;
  cudaEvent_t event = nullptr;
  CublasHandle cublas;
  DeviceBuffer weights;
  DeviceBuffer kv;
  DeviceBuffer scratch_arena;
  DeviceBytes allocated;

  // What this device computes.
  int64_t q_dim = 0, kv_dim = 0, n_head = 0, n_head_kv = 0, n_ff = 0;
  int32_t n_kv_slots = 0;
  int64_t kv_row_words = 0;          // 16-bit words per cache row (kv_cache_row_words of the cache type)
  std::vector<DeviceLayer> layers;   // Layer/None: the layers held; Row: every layer (slices)
  std::vector<int32_t> layer_index;  // Layer/None: model layer -> index into `layers`, -1 if absent
  WeightMatrix embd;                 // rows == 0 unless this device looks up embeddings
  WeightMatrix output;               // rows == 0 unless this device computes the logits
  const float* output_norm = nullptr;
  // n_dims/2 angles per position step (rope_theta_table): [0] full-attention layers, [1] sliding ones.
  const double* rope_theta[2] = {nullptr, nullptr};
  Scratch s;

  uint16_t* k_cache(int32_t slot, int n_ctx) const;
  uint16_t* v_cache(int32_t slot, int n_ctx) const;
};

// Pinned host buffer for copies between devices that cannot access each other's memory.
struct HostStage {
  int src = -1, dst = -1;
  void* host = nullptr;
  size_t bytes = 0;
};

class CudaModel final : public BackendModel, private LayerBlocks {
 public:
  ~CudaModel() override;

  // Allocates and uploads per `plan` (which must fit). Everything is freed on failure.
  static Result<std::unique_ptr<CudaModel>> load(const ModelSpec& spec, const BackendModelSettings& settings,
                                                 const SplitPlan& plan, const std::vector<LogicalDevice>& devices,
                                                 const CudaBackendOptions& options, const ProgressFn& progress);

  Status eval(std::span<const int32_t> tokens, int32_t start_pos, LogitsRequest request) override;
  Result<std::span<const float>> logits() override;
  Result<int32_t> argmax() override;
  int32_t n_ctx() const override { return n_ctx_; }
  int32_t n_batch() const override { return n_batch_; }
  int64_t n_vocab() const override { return spec_.n_vocab; }
  int32_t n_past() const override { return n_past_; }
  void kv_clear() override;
  Status kv_keep(int32_t n) override;
  // Every device shifts the K/V slots it holds (whole layers, or its heads of every layer in row
  // split) on its own stream, so the shift is ordered between the evals around it.
  Status kv_remove(int32_t begin, int32_t count) override;
  // The context shift rotates keys in place: the F16 cache only (a quantized one would be re-quantized).
  bool kv_remove_supported() const override { return kv_type_ == KvCacheType::F16; }
  MemoryFootprint footprint() const override;
  std::string describe() const override;

  std::vector<CudaDeviceUsage> usage() const;

 private:
  CudaModel() = default;

  // Loading (cuda_model_load.cpp).
  Status init(const ModelSpec& spec, const BackendModelSettings& settings, const SplitPlan& plan,
              const std::vector<LogicalDevice>& devices, const CudaBackendOptions& options, const ProgressFn& progress);
  Status setup_device(DeviceState& d);
  Status upload_weights(const ProgressFn& progress);
  Status setup_scratch(DeviceState& d);
  Status setup_transfers();

  // Running (cuda_model_run.cpp): the layer loop's blocks, and how a step moves across devices.
  Status embed(const StepShape& step) override;
  Status attention(int32_t layer, const StepShape& step) override;
  Status dense_ffn(int32_t layer, const StepShape& step) override;
  Status moe_ffn(int32_t layer, const StepShape& step) override;
  Status output(const StepShape& step) override;
  enum class BlockKind { Attention, DenseFfn, MoeFfn };
  // One block of one layer: on the layer's device (Layer/None mode, the residual moved there
  // first), or as partial sums of every participating device reduced on the main device (Row).
  Status run_block(int32_t layer, BlockKind kind, int n_tok);
  Status row_block(int32_t layer, BlockKind kind, int n_tok);
  // out (+)= the block's output before its post-norm (see finish_block).
  Status attention_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out, bool accumulate);
  Status ffn_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out, bool accumulate);
  Status moe_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out, bool accumulate);
  Status moe_prefill_routes(DeviceState& d, int n_tok, std::vector<int32_t>& offsets);
  // x += post_norm(y) (+ bias before the norm): the end of a block whose output went to y.
  Status finish_block(DeviceState& d, const float* bias, const float* post_norm, float* y, int n_tok);
  Status run_step(int n_tok, LogitsRequest request);
  Status transfer(int src, int dst, void* dst_ptr, const void* src_ptr, size_t bytes);
  Status run_decode_graph(LogitsRequest request);
  const int32_t* positions_on(const DeviceState& d, int n_tok) const;
  Status wait_step(DeviceState& out);

  ModelSpec spec_;  // weights_owner dropped after upload: the weights live on the devices
  SplitPlan plan_;
  CudaBackendOptions options_;
  std::vector<std::unique_ptr<DeviceState>> devs_;
  std::vector<HostStage> stages_;
  std::vector<std::vector<int8_t>> peer_;  // [a][b]: 1 when a's stream may copy from b directly
  int home_ = 0;                           // looks up embeddings, receives token ids and positions, launches graphs
  int out_dev_ = 0;                        // computes the logits
  RopeParams rope_params_[2];  // rope_for_context of spec_.rope and spec_.rope_swa
  RopeConfig rope_[2]{};  // [0] full-attention layers, [1] sliding ones (theta set per device)
  int cur_ = 0;           // Layer/None mode: the device holding the residual stream during a step
  int32_t n_ctx_ = 0, n_batch_ = 0, n_past_ = 0;
  KvCacheType kv_type_ = KvCacheType::F16;
  bool all_logits_ = false;
  bool graphs_enabled_ = true;
  // Which fused kernels a step uses (all by default; TESSERA_CUDA_UNFUSED turns some off to
  // measure them).
  struct Fusions {
    bool glu = true;      // gate|up matvec applies SwiGLU (else matvec + swiglu kernel)
    bool norm_q8 = true;  // RMSNorm writes the q8 activations (else norm + quantize kernel)
    bool rope_kv = true;  // RoPE of q, k and the KV-cache write in one kernel (else three)
  } fuse_;
  // Kernels not yet measured on a GPU, off unless CudaBackendOptions::experimental names them
  // (none at present: cuda_experiments.h).
  CudaExperiments experimental_;
  std::string graph_note_;
  cudaGraphExec_t graph_exec_[2] = {nullptr, nullptr};  // [0]: no logits, [1]: logits
  cudaEvent_t step_done_ = nullptr;                     // recorded on the home stream at the end of each eval

  int32_t* io_host_ = nullptr;       // pinned: token ids then positions of the current eval
  cudaEvent_t io_copied_ = nullptr;  // recorded after io_host_ was copied to the device
  bool io_pending_ = false;
  int32_t* argmax_host_ = nullptr;  // pinned
  int32_t* moe_host_ = nullptr;     // pinned: prefill routing, 6 x n_batch x n_expert_used ints
  std::vector<float> logits_host_;
  int64_t logits_rows_ = 0;
  bool logits_copied_ = false;
  bool argmax_valid_ = false;
  std::vector<std::string> notes_;
};

}  // namespace tessera::cuda
