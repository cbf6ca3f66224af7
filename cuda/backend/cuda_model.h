// CudaModel: a model loaded by the CUDA backend (internal; the public face is cuda_backend.h).
//
// It implements the blocks of core's layer loop (layer_loop.h); eval runs that loop, eagerly or
// inside a CUDA graph capture (decode). What each device holds is the placement's
// (core/placement/placement.h; device_state.h says how the backend keeps it).
//
// Where the code is, one concept a file:
//   cuda_model_init.cpp     load: allocate the placement, fill it, bind pointers, host buffers
//   cuda_switches.cpp       the A/B switches (fusions off, experiments on), every name checked
//   weight_upload.cpp       each weight piece's bytes to its offset (copied, gathered, converted, random)
//   weight_binding.cpp      the kernels' view of the weights (WeightMatrix per slot, fused Q|K|V, gate|up)
//   scratch_binding.cpp     the kernels' scratch pointers from the region table
//   device_transfers.cpp    peer access or host staging per transfer the placement lists; copies
//   cuda_matmul.cpp         y = W x (matvec or GEMM) and the normed inputs of a block
//   cuda_attention_block.cpp, cuda_ffn_block.cpp, cuda_moe.cpp   one block's work on one device
//                           (cuda_moe.cpp: routing with every RouterParams choice, the experts,
//                           Gemma 4's branch around them)
//   cuda_blocks.cpp         the layer loop's blocks, and how a block runs across devices
//   cuda_step.cpp           a whole step (eager or a replayed graph), logits and argmax
//   cuda_delta_net_block.cpp  the Gated DeltaNet block's work on one device (recurrent layers)
//   cuda_latent_attention_block.cpp  the latent attention block's work on one device (deepseek2)
//   cuda_kv.cpp             the KV cache calls (clear, keep, remove)
//   cuda_recurrent_state.cpp  the recurrent layers' state: zeroed for a new sequence, checkpoints
//   cuda_model_info.cpp     footprint, usage, describe
//
// Threading: one thread at a time (BackendModel's contract). Streams: one per device; cross-device
// order is kept with one event per device (record on the source stream, wait on the destination).
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "backend/cuda_backend.h"
#include "backend/cuda_experiments.h"
#include "backend/cuda_switches.h"
#include "backend/device_state.h"
#include "backend/layer_loop.h"
#include "backend/state_checkpoints.h"
#include "backend/virtual_devices.h"
#include "kernels/rope.h"
#include "placement/placement.h"

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

// What the Gated DeltaNet kernels take of a model (head sizes, convolution width, the tensors a
// recurrent layer needs); nothing for a model without recurrent layers (cuda_delta_net_block.cpp).
Status check_delta_net_layers(const ModelSpec& spec);
// What the latent attention kernels take of a model (the latent's rank and rotated dims, the
// per-head matrices); nothing for a model without latent attention (cuda_latent_attention_block.cpp).
Status check_latent_attention(const ModelSpec& spec);

// Pinned host buffer for copies between devices that cannot access each other's memory.
struct HostStage {
  int src = -1, dst = -1;
  void* host = nullptr;
  size_t bytes = 0;
};

class CudaModel final : public BackendModel, private LayerBlocks {
 public:
  ~CudaModel() override;

  // Allocates and fills what `placement` says (it must fit: check_placement_fits). Everything is
  // freed on failure.
  static Result<std::unique_ptr<CudaModel>> load(const ModelSpec& spec, const Placement& placement,
                                                 const std::vector<LogicalDevice>& devices,
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
  // Not for recurrent layers: their state sums up every position (the engine re-evaluates).
  bool kv_remove_supported() const override { return kv_type_ == KvCacheType::F16 && !has_recurrent_state(); }
  // Recurrent state (cuda_recurrent_state.cpp): each device keeps its recurrent layers' state in
  // its cache allocation; the checkpoints are copies of it in pinned host memory (kStateCheckpoints
  // per device, allocated at load), so they take no GPU memory.
  bool has_recurrent_state() const override { return recurrent_; }
  Status save_checkpoint() override;
  int32_t restorable_position(int32_t n) const override;
  MemoryFootprint footprint() const override;
  std::string describe() const override;

  std::vector<CudaDeviceUsage> usage() const;

 private:
  CudaModel() = default;

  // Loading (cuda_model_init.cpp, device_transfers.cpp).
  Status init(const ModelSpec& spec, const Placement& placement, const std::vector<LogicalDevice>& devices,
              const CudaBackendOptions& options, const ProgressFn& progress);
  Status allocate(DeviceState& d);
  Status fill_weights(const ProgressFn& progress);
  Status setup_transfers();

  // Running: the layer loop's blocks, and how a step moves across devices.
  Status embed(const StepShape& step) override;
  Status attention(int32_t layer, const StepShape& step) override;
  Status dense_ffn(int32_t layer, const StepShape& step) override;
  Status moe_ffn(int32_t layer, const StepShape& step) override;
  Status gated_delta_net(int32_t layer, const StepShape& step) override;
  Status latent_attention(int32_t layer, const StepShape& step) override;
  Status layer_output(int32_t layer, const StepShape& step) override;
  Status output(const StepShape& step) override;
  enum class BlockKind { Attention, DenseFfn, MoeFfn, DeltaNet, LatentAttention };
  // One block of one layer: on the layer's device (Layer/None mode, the residual moved there
  // first), or as partial sums of every participating device reduced on the main device (Row).
  Status run_block(int32_t layer, BlockKind kind, int n_tok);
  // The per-layer embeddings' inputs of every layer, on the home device and sent where they are used.
  Status per_layer_inputs(int n_tok);
  Status row_block(int32_t layer, BlockKind kind, int n_tok);
  // out (+)= the block's output before its post-norm (see finish_block).
  Status attention_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out, bool accumulate);
  Status ffn_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out, bool accumulate);
  // The dense MLP with F gate/up rows (ffn_part's, or the one beside Gemma 4's experts).
  Status dense_mlp_part(DeviceState& d, const DeviceLayer& l, int64_t F, int n_tok, MatmulInput& in, float* out,
                        bool accumulate);
  // The mixture-of-experts FFN before the shared expert (cuda_moe.cpp): routing, the experts, and
  // Gemma 4's branch around them.
  Status moe_ffn_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out, bool accumulate);
  Status moe_route_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& router_in);
  Status moe_experts_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out,
                          bool accumulate);
  Status moe_prefill_routes(DeviceState& d, int n_tok, std::vector<int32_t>& offsets);
  // The shared expert of an MoE layer: out (+)= s Wdown_s glu(Wgate_s h, Wup_s h), s the sigmoid
  // gate where the layer has one (after moe_ffn_part, which wrote or added its experts' sum).
  Status shared_expert_part(DeviceState& d, const DeviceLayer& l, int n_tok, float* out);
  Status delta_net_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out, bool accumulate);
  // Latent attention (cuda_latent_attention_block.cpp): out (+)= Wo a of the equations' latent
  // attention layer; `in` holds d.s.xb (the normed residual rows), maybe already converted.
  Status latent_part(DeviceState& d, const DeviceLayer& l, int n_tok, MatmulInput& in, float* out, bool accumulate);
  // y_(t,h) = M_h x_(t,h) for every token t < n_tok and head h (M_h: head h's rows_per_head rows of
  // a [cols, rows_per_head, n_head] tensor; x_(t,h) at x + (t H + h) ldx, y_(t,h) at y + (t H + h) ldy).
  Status per_head_products(DeviceState& d, const WeightMatrix& m, int64_t rows_per_head, const float* x, int64_t ldx,
                           int64_t cols, int n_tok, float* y, int64_t ldy);
  // Recurrent state (cuda_recurrent_state.cpp). Each runs `copy` for every device holding
  // recurrent layers on that device's stream, ordered after the last eval and before the next.
  Status allocate_checkpoints();
  Status for_each_state(const std::function<Status(DeviceState&, size_t)>& copy);
  Status zero_recurrent_state();
  Status restore_checkpoint(int32_t slot);
  // x += post_norm(y) (+ bias before the norm): the end of a block whose output went to y.
  Status finish_block(DeviceState& d, const float* bias, const float* post_norm, float* y, int n_tok);
  Status run_step(int n_tok, LogitsRequest request);
  Status transfer(int src, int dst, void* dst_ptr, const void* src_ptr, size_t bytes);
  Status run_decode_graph(LogitsRequest request);
  const int32_t* positions_on(const DeviceState& d, int n_tok) const;
  Status wait_step(DeviceState& out);

  ModelSpec spec_;  // weights_owner dropped after upload: the weights live on the devices
  Placement placement_;
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
  // Which fused kernels a step uses (all by default; CudaBackendOptions::unfused turns some off to
  // measure them).
  CudaFusions fuse_;
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
  // Recurrent layers: whether the model has any, and the checkpoints (per device: kStateCheckpoints
  // copies of its recurrent_state_bytes(), slot-major, in pinned host memory).
  bool recurrent_ = false;
  StateCheckpoints checkpoints_;
  std::vector<uint8_t*> checkpoint_host_;  // per device; null where it holds no recurrent layers
  uint64_t checkpoint_bytes_ = 0;          // all of them
};

}  // namespace tessera::cuda
