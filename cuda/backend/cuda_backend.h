// The CUDA implementation of the Backend interface (core/backend/backend.h).
//
// What a loaded model holds on each device is exactly the placement's (core/placement/placement.h,
// plan_for_load, the same call the app's preview makes): its weights in their GGUF encodings
// (quantized types stay quantized) in one allocation, the KV cache for its layers (or KV heads) in
// another, and one scratch allocation carved by the placement's region table (activations,
// matvec/GEMM inputs, attention workspace, logits, f16 weight slices for prefill, token ids and
// positions, the MoE buffers, the cuBLAS workspace); plus a stream, events and a cuBLAS handle.
//
// How a step runs: the token ids and positions are copied with one cudaMemcpyAsync into device
// memory on the first device; then embedding lookup and per layer: RMSNorm (which also writes the
// int8 activations when the next matrices are quantized), Q|K|V as one matvec, RoPE + KV-cache
// write in one kernel, GQA attention (split-K for decode), output projection + residual, RMSNorm,
// gate|up as one matvec that applies SwiGLU itself, down + residual; then the output layer and
// argmax, all without a host synchronisation. Every kernel is launched with programmatic
// dependent launch on Hopper (cuda/kernels/launch.cuh). Decode (up to 8 tokens) uses the fused
// dequantize+matvec kernels; larger batches dequantize one weight at a time to f16 and run cuBLAS
// tensor-core GEMMs. The decode step is captured once into a CUDA graph (one per "logits wanted
// or not") and replayed: the graph reads the token id and position from device memory, so it is
// never rebuilt. logits() and argmax() are the only host synchronisations. docs/perf.md has the
// measured effect of each choice (TESSERA_CUDA_UNFUSED=glu,norm_q8,rope switches fusions off and
// TESSERA_CUDA_EXPERIMENTAL turns on kernels not yet measured, for A/B runs).
//
// A ModelSpec with random_weights_seed set has no data: its weights are generated on the devices
// (bench --synth), each whole tensor from a seed of its own name, so placement does not change it.
//
// Split modes (SplitSettings::mode, placement.h): none; layer (whole layers per device, the residual stream hops
// at layer boundaries by cudaMemcpyPeerAsync, or through pinned host memory where the devices cannot
// access each other); row (Q/K/V and gate/up by KV-head groups and FFN rows, attn_output/ffn_down by
// the matching columns; each device computes a partial sum, the main device adds them up once per
// attention block and once per FFN block; the KV cache is split by heads).
// Virtual devices (backend/virtual_devices.h) give several logical devices on one GPU.
//
// A plan that does not fit is refused before anything is allocated (Error{OutOfMemory} naming the
// device, the bytes needed and free); any failure during load frees everything.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "backend/virtual_devices.h"
#include "placement/placement.h"

namespace tessera::cuda {

struct CudaBackendOptions {
  std::vector<int> device_ids;  // physical CUDA ordinals to use; empty = every visible GPU
  // Mode, ratios, main device and reserve. n_ctx, n_batch, kv_type and all_logits are taken from
  // the BackendModelSettings of each load. With one device every mode is None (plan_for_load).
  SplitSettings split;
  // Logical devices on one GPU (default: off, one logical device per physical GPU). The programs
  // pass what the person set (CudaEnvironment::virtual_devices); the backend reads no environment.
  VirtualDevices virtual_devices;
  // Capture the decode step in a CUDA graph (off for A/B measurements: TESSERA_CUDA_GRAPHS=0 at the edge).
  bool use_graphs = true;
  // Fusions to run as separate kernels, "glu,norm_q8,rope" (A/B measurements: TESSERA_CUDA_UNFUSED).
  std::string unfused;
  // Kernels written but not yet verified and measured on a GPU, to turn on for A/B runs
  // (TESSERA_CUDA_EXPERIMENTAL; the names of cuda_experiments.h, none at present).
  std::string experimental;
};

// The block choices beyond a plain decoder (model_spec.h's ModelFeature) this backend has kernels
// for: Qwen3.5/3.6 and Qwen3-Next's Gated DeltaNet layers, gated attention and shared experts; issue
// 36's families: the mixture-of-experts side (every router choice, dense layers among expert
// layers, Gemma 4's expert branch beside its dense MLP with fused gate|up experts and per-expert
// output scales) and the attention side (the DeepSeek-V3 family's latent attention; Gemma 4's
// per-layer heads, K as V, V norm, shared-KV layers, per-layer embeddings and output scales; Llama
// 4's chunked attention, NoPE layers with the attention temperature and unit QK norm). A model using
// any other feature is refused at load as Unsupported, naming the features.
inline constexpr uint32_t kCudaFeatures = (1u << static_cast<unsigned>(ModelFeature::RecurrentLayers)) |
                                          (1u << static_cast<unsigned>(ModelFeature::AttentionOutputGate)) |
                                          (1u << static_cast<unsigned>(ModelFeature::SharedExpert)) |
                                          (1u << static_cast<unsigned>(ModelFeature::RouterChoices)) |
                                          (1u << static_cast<unsigned>(ModelFeature::LeadingDenseLayers)) |
                                          (1u << static_cast<unsigned>(ModelFeature::ExpertsBesideDense)) |
                                          (1u << static_cast<unsigned>(ModelFeature::FusedExpertGateUp)) |
                                          (1u << static_cast<unsigned>(ModelFeature::ExpertOutputScale)) |
                                          (1u << static_cast<unsigned>(ModelFeature::LatentAttention)) |
                                          (1u << static_cast<unsigned>(ModelFeature::PerLayerAttention)) |
                                          (1u << static_cast<unsigned>(ModelFeature::ValueFromKey)) |
                                          (1u << static_cast<unsigned>(ModelFeature::ValueNorm)) |
                                          (1u << static_cast<unsigned>(ModelFeature::SharedKvLayers)) |
                                          (1u << static_cast<unsigned>(ModelFeature::PerLayerEmbeddings)) |
                                          (1u << static_cast<unsigned>(ModelFeature::LayerOutputScale)) |
                                          (1u << static_cast<unsigned>(ModelFeature::ChunkedAttention)) |
                                          (1u << static_cast<unsigned>(ModelFeature::NoRopeLayers)) |
                                          (1u << static_cast<unsigned>(ModelFeature::UnitQkNorm));

// Unsupported, naming the features `spec` uses beyond kCudaFeatures, or ok (needs no device).
Status check_cuda_features(const ModelSpec& spec);

// What the kernels can run, checked before planning so that errors name the tensor, the value or
// the block choices (model_feature_list) the backend lacks: load_model's first step, callable
// without a GPU. Unsupported / BadFile / InvalidArgument.
Status check_cuda_model(const ModelSpec& spec, const BackendModelSettings& settings);

// Bytes one logical device holds for a loaded model, next to the placement's.
struct CudaDeviceUsage {
  int logical = 0;
  int physical = 0;
  std::string name;
  DeviceBytes planned;    // the placement's
  DeviceBytes allocated;  // counted at each cudaMalloc the model made: equal to `planned`
};

class CudaBackend final : public Backend {
 public:
  // Finds the devices. Error{Device} when no GPU or driver is usable.
  static Result<std::unique_ptr<CudaBackend>> create(const CudaBackendOptions& options);

  std::string name() const override { return "cuda"; }
  Result<std::unique_ptr<BackendModel>> load_model(const ModelSpec& spec, const BackendModelSettings& settings,
                                                   const ProgressFn& progress) override;

  const std::vector<LogicalDevice>& logical_devices() const { return devices_; }
  // The devices with live memory, as the planner sees them.
  Result<std::vector<DeviceDescription>> describe_devices() const;
  // The placement load_model would follow for these settings (for previews and tests).
  Result<Placement> plan(const ModelSpec& spec, const BackendModelSettings& settings) const;

 private:
  CudaBackendOptions options_;
  std::vector<LogicalDevice> devices_;
};

// A factory for the Engine and the CLI.
BackendFactory cuda_backend_factory(CudaBackendOptions options = {});

// Per-device bytes of a model the CUDA backend loaded; InvalidArgument for any other model.
Result<std::vector<CudaDeviceUsage>> cuda_device_usage(const BackendModel& model);

}  // namespace tessera::cuda
