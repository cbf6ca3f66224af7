// Loading a CudaModel: every device's allocations exactly as the placement sized them (weights,
// cache, scratch), filled and bound, then the transfers between devices and the host buffers.
#include <algorithm>
#include <new>
#include <vector>

#include "backend/cuda_model.h"
#include "backend/scratch_binding.h"
#include "backend/weight_binding.h"
#include "backend/weight_upload.h"
#include "cuda_check.h"

namespace tessera::cuda {

Status use_device(const DeviceState& d) {
  return cuda_status(cudaSetDevice(d.dev.physical), "cudaSetDevice", d.dev.physical);
}

CudaModel::~CudaModel() {
  for (auto& d : devs_) {
    if (d->stream != nullptr) {
      (void)cudaSetDevice(d->dev.physical);
      (void)cudaStreamSynchronize(d->stream);
    }
  }
  for (auto& g : graph_exec_)
    if (g != nullptr) (void)cudaGraphExecDestroy(g);
  if (step_done_ != nullptr && !devs_.empty()) {
    (void)cudaSetDevice(devs_[static_cast<size_t>(home_)]->dev.physical);
    (void)cudaEventDestroy(step_done_);
  }
  if (io_copied_ != nullptr && !devs_.empty()) {
    (void)cudaSetDevice(devs_[static_cast<size_t>(home_)]->dev.physical);
    (void)cudaEventDestroy(io_copied_);
  }
  if (io_host_ != nullptr) (void)cudaFreeHost(io_host_);
  for (uint8_t* c : checkpoint_host_)
    if (c != nullptr) (void)cudaFreeHost(c);
  for (auto& st : stages_)
    if (st.host != nullptr) (void)cudaFreeHost(st.host);
  if (argmax_host_ != nullptr) (void)cudaFreeHost(argmax_host_);
  if (moe_host_ != nullptr) (void)cudaFreeHost(moe_host_);
  for (auto& d : devs_) {
    (void)cudaSetDevice(d->dev.physical);
    d->cublas = CublasHandle();  // before the scratch allocation that holds its workspace
    d->weights.reset();
    d->kv.reset();
    d->scratch_arena.reset();
    if (d->event != nullptr) (void)cudaEventDestroy(d->event);
    if (d->stream != nullptr) (void)cudaStreamDestroy(d->stream);
  }
  (void)cudaGetLastError();
}

Result<std::unique_ptr<CudaModel>> CudaModel::load(const ModelSpec& spec, const Placement& placement,
                                                   const std::vector<LogicalDevice>& devices,
                                                   const CudaBackendOptions& options, const ProgressFn& progress) {
  std::unique_ptr<CudaModel> m(new CudaModel());
  // Host memory for the copies of the spec and the placement, and for the host-side tables below.
  try {
    TESSERA_TRY(m->init(spec, placement, devices, options, progress));
  } catch (const std::bad_alloc&) {
    return make_error(ErrorKind::OutOfMemory, "loading " + spec.source_path + " onto the GPUs ran out of host memory");
  }
  return m;
}

Status CudaModel::init(const ModelSpec& spec, const Placement& placement, const std::vector<LogicalDevice>& devices,
                       const CudaBackendOptions& options, const ProgressFn& progress) {
  if (devices.size() != placement.devices.size())
    return make_error(ErrorKind::InvalidArgument, "the placement names " + std::to_string(placement.devices.size()) +
                                                      " devices, the backend has " + std::to_string(devices.size()));
  spec_ = spec;
  placement_ = placement;
  options_ = options;
  n_ctx_ = placement_.n_ctx;
  n_batch_ = placement_.n_batch;
  kv_type_ = placement_.kv_type;
  all_logits_ = placement_.all_logits;
  graphs_enabled_ = options.use_graphs;
  if (!graphs_enabled_) graph_note_ = "CUDA graphs off";
  // A/B switches for measuring each fusion and each unmeasured kernel (docs/perf.md).
  TESSERA_ASSIGN_OR_RETURN(fuse_, parse_cuda_fusions(options.unfused));
  if (!options.unfused.empty()) notes_.push_back("unfused: " + options.unfused);
  TESSERA_ASSIGN_OR_RETURN(experimental_, parse_cuda_experiments(options.experimental));
  if (!options.experimental.empty()) notes_.push_back("experimental: " + options.experimental);

  for (size_t i = 0; i < placement_.devices.size(); ++i) {
    auto d = std::make_unique<DeviceState>();
    d->dev = devices[i];
    d->place = &placement_.devices[i];
    d->index = static_cast<int>(i);
    d->active = d->place->active();
    devs_.push_back(std::move(d));
  }
  home_ = placement_.home_device;
  out_dev_ = placement_.output_device;

  // The rotary parameters of the loaded context (LongRoPE picks its factors by the context).
  rope_params_[0] = rope_for_context(spec_.rope, n_ctx_);
  rope_params_[1] = rope_for_context(spec_.rope_swa, n_ctx_);
  for (int kind = 0; kind < 2; ++kind) {
    const RopeParams& rp = rope_params_[kind];
    rope_[kind].style = rp.mode == RopeMode::NeoX ? RopeStyle::NeoX : RopeStyle::Normal;
    rope_[kind].n_dims = rp.n_dims;
    rope_[kind].freq_base = rp.freq_base;
    rope_[kind].freq_scale = rp.freq_scale;
    rope_[kind].attn_factor = rp.attn_factor;
  }

  // Every allocation of every device first, so running out of memory fails before the upload.
  for (auto& d : devs_)
    if (d->active) TESSERA_TRY(allocate(*d));
  TESSERA_TRY(fill_weights(progress));
  TESSERA_TRY(setup_transfers());

  DeviceState& home = *devs_[static_cast<size_t>(home_)];
  TESSERA_TRY(use_device(home));
  TESSERA_CUDA_CHECK_DEV(cudaEventCreateWithFlags(&step_done_, cudaEventDisableTiming), home.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaHostAlloc(reinterpret_cast<void**>(&argmax_host_), sizeof(int32_t), cudaHostAllocDefault),
                         home.dev.physical);
  TESSERA_CUDA_CHECK_DEV(
      cudaHostAlloc(reinterpret_cast<void**>(&io_host_), 8 * static_cast<size_t>(n_batch_), cudaHostAllocDefault),
      home.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaEventCreateWithFlags(&io_copied_, cudaEventDisableTiming), home.dev.physical);
  if (spec_.has_moe())
    TESSERA_CUDA_CHECK_DEV(cudaHostAlloc(reinterpret_cast<void**>(&moe_host_),
                                         24 * static_cast<size_t>(n_batch_) * static_cast<size_t>(spec_.n_expert_used),
                                         cudaHostAllocPortable),
                           home.dev.physical);
  TESSERA_TRY(allocate_checkpoints());
  logits_host_.assign(static_cast<size_t>((all_logits_ ? n_batch_ : 1) * spec_.n_vocab), 0.0f);
  for (auto& d : devs_)
    if (d->active) {
      TESSERA_TRY(use_device(*d));
      TESSERA_CUDA_CHECK_DEV(cudaStreamSynchronize(d->stream), d->dev.physical);
    }
  // The weights now live on the devices; the mapped file may be closed.
  spec_.weights_owner.reset();
  if (progress && !progress(1.0f))
    return make_error(ErrorKind::Cancelled, "loading " + spec_.source_path + " was cancelled");
  return {};
}

// The device's stream, event and three allocations of the placement's sizes, the cuBLAS handle on
// its workspace region, and the pointers into the cache and scratch.
Status CudaModel::allocate(DeviceState& d) {
  const DevicePlacement& p = *d.place;
  TESSERA_TRY(use_device(d));
  TESSERA_CUDA_CHECK_DEV(cudaStreamCreateWithFlags(&d.stream, cudaStreamNonBlocking), d.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaEventCreateWithFlags(&d.event, cudaEventDisableTiming), d.dev.physical);
  TESSERA_ASSIGN_OR_RETURN(d.weights, DeviceBuffer::allocate(d.dev.physical, p.bytes.weights, "model weights"));
  d.allocated.weights += p.bytes.weights;
  TESSERA_ASSIGN_OR_RETURN(d.kv, DeviceBuffer::allocate(d.dev.physical, p.cache.total, "KV cache"));
  d.allocated.kv_cache += p.bytes.kv_cache;  // the cache allocation: K and V, then recurrent state
  d.allocated.recurrent_state += p.bytes.recurrent_state;
  TESSERA_ASSIGN_OR_RETURN(d.scratch_arena, DeviceBuffer::allocate(d.dev.physical, p.bytes.scratch, "scratch buffers"));
  d.allocated.scratch += p.bytes.scratch;
  bind_scratch(d);
  const PlacedRegion& ws = p.scratch[ScratchRegion::CublasWorkspace];
  TESSERA_ASSIGN_OR_RETURN(d.cublas,
                           CublasHandle::create(d.dev.physical, d.scratch_arena.as<uint8_t>() + ws.offset, ws.bytes));
  d.q_dim = p.q_dim;
  d.kv_dim = p.kv_dim;
  d.n_head = p.n_head;
  d.n_head_kv = p.n_head_kv;
  d.n_ff = p.n_ff;
  if (const PlacedCacheState* k = p.cache.find(CacheState::Keys)) d.kv_row_words = static_cast<int64_t>(k->row_bytes / 2);
  // A fresh cache, and activations that are always written before they are read: zeroed anyway,
  // so a bug shows as wrong numbers rather than NaNs from old allocations.
  if (p.cache.total > 0)
    TESSERA_CUDA_CHECK_DEV(cudaMemsetAsync(d.kv.data(), 0, p.cache.total, d.stream), d.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaMemsetAsync(d.scratch_arena.data(), 0, p.bytes.scratch, d.stream), d.dev.physical);
  // Latent attention's per-head products of a decode step pick head h for slot t H + h (the heads
  // as the experts of matvec_experts): a table the steps only read.
  if (d.s.latent_head_ids != nullptr && d.n_head > 0) {
    std::vector<int32_t> ids(d.s.latent_head_ids_count);
    for (size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<int32_t>(static_cast<int64_t>(i) % d.n_head);
    TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(d.s.latent_head_ids, ids.data(), ids.size() * sizeof(int32_t),
                                           cudaMemcpyHostToDevice, d.stream),
                           d.dev.physical);
    TESSERA_CUDA_CHECK_DEV(cudaStreamSynchronize(d.stream), d.dev.physical);  // before `ids` goes
  }
  return {};
}

// Every device's weights (progress up to 0.95 by bytes), then the kernels' view of them.
Status CudaModel::fill_weights(const ProgressFn& progress) {
  uint64_t total = 0;
  for (const auto& d : devs_)
    if (d->active) total += placed_weight_bytes(*d->place);
  uint64_t done = 0;
  auto report = [&](uint64_t bytes) -> Status {
    done += bytes;
    if (progress &&
        !progress(0.95f * static_cast<float>(done) / static_cast<float>(std::max<uint64_t>(total, 1))))
      return make_error(ErrorKind::Cancelled, "loading " + spec_.source_path + " was cancelled");
    return {};
  };
  for (auto& dp : devs_) {
    DeviceState& d = *dp;
    if (!d.active) continue;
    TESSERA_TRY(use_device(d));
    TESSERA_TRY(upload_weights(spec_, rope_params_, d, report));
    bind_weights(spec_, d);
  }
  return {};
}

}  // namespace tessera::cuda
