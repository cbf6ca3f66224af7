// The recurrent layers' state of a CudaModel (backend.h's recurrent-state contract): the state
// lives in each device's cache allocation after K and V (cache_layout.h); an eval at position 0
// starts from zeros; checkpoints are copies of it in pinned host memory, written and read on each
// device's stream in order with the evals around them (no host synchronisation).
#include <algorithm>

#include "backend/cuda_model.h"
#include "cuda_check.h"

namespace tessera::cuda {

uint8_t* DeviceState::recurrent_state() const {
  const PlacedCacheState* conv = place->cache.find(CacheState::ConvState);
  return conv != nullptr ? kv.as<uint8_t>() + conv->offset : nullptr;
}

uint64_t DeviceState::recurrent_state_bytes() const {
  const PlacedCacheState* conv = place->cache.find(CacheState::ConvState);
  return conv != nullptr ? place->cache.total - conv->offset : 0;
}

Status CudaModel::allocate_checkpoints() {
  recurrent_ = spec_.has_recurrent_layers();
  if (!recurrent_) return {};
  checkpoints_ = StateCheckpoints(kStateCheckpoints);
  checkpoint_host_.assign(devs_.size(), nullptr);
  for (auto& d : devs_) {
    const uint64_t bytes = d->active ? d->recurrent_state_bytes() : 0;
    if (bytes == 0) continue;
    const size_t all = static_cast<size_t>(bytes) * kStateCheckpoints;
    TESSERA_TRY(use_device(*d));
    const cudaError_t err = cudaHostAlloc(reinterpret_cast<void**>(&checkpoint_host_[static_cast<size_t>(d->index)]),
                                          all, cudaHostAllocPortable);
    if (err != cudaSuccess) {
      (void)cudaGetLastError();
      return make_error(ErrorKind::OutOfMemory, "the recurrent state's " + std::to_string(kStateCheckpoints) +
                                                    " checkpoints of device " + std::to_string(d->dev.index) +
                                                    " need " + std::to_string(all) +
                                                    " bytes of pinned host memory: " + cudaGetErrorString(err));
    }
    checkpoint_bytes_ += all;
  }
  return {};
}

Status CudaModel::for_each_state(const std::function<Status(DeviceState&, size_t)>& copy) {
  DeviceState& home = *devs_[static_cast<size_t>(home_)];
  for (auto& dp : devs_) {
    DeviceState& d = *dp;
    const uint64_t bytes = d.active ? d.recurrent_state_bytes() : 0;
    if (bytes == 0) continue;
    TESSERA_TRY(use_device(d));
    // The last eval ends on the home stream (step_done_); a decode graph's work on this device is
    // not ordered with this device's own stream, so wait for it explicitly, and make the home
    // stream (where the next eval starts) wait for the copy.
    if (d.index != home_) TESSERA_CUDA_CHECK_DEV(cudaStreamWaitEvent(d.stream, step_done_, 0), d.dev.physical);
    TESSERA_TRY(copy(d, static_cast<size_t>(bytes)));
    if (d.index != home_) {
      TESSERA_CUDA_CHECK_DEV(cudaEventRecord(d.event, d.stream), d.dev.physical);
      TESSERA_TRY(use_device(home));
      TESSERA_CUDA_CHECK_DEV(cudaStreamWaitEvent(home.stream, d.event, 0), home.dev.physical);
    }
  }
  return {};
}

Status CudaModel::zero_recurrent_state() {
  return for_each_state([](DeviceState& d, size_t bytes) -> Status {
    TESSERA_CUDA_CHECK_DEV(cudaMemsetAsync(d.recurrent_state(), 0, bytes, d.stream), d.dev.physical);
    return {};
  });
}

Status CudaModel::save_checkpoint() {
  if (!recurrent_) return {};
  const int32_t slot = checkpoints_.save(n_past_);
  if (slot < 0) return {};
  const Status st = for_each_state([&](DeviceState& d, size_t bytes) -> Status {
    uint8_t* host = checkpoint_host_[static_cast<size_t>(d.index)] + static_cast<size_t>(slot) * bytes;
    TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(host, d.recurrent_state(), bytes, cudaMemcpyDeviceToHost, d.stream),
                           d.dev.physical);
    return {};
  });
  if (!st.ok()) checkpoints_.forget_after(n_past_ - 1);  // that slot holds no complete copy
  return st;
}

Status CudaModel::restore_checkpoint(int32_t slot) {
  return for_each_state([&](DeviceState& d, size_t bytes) -> Status {
    const uint8_t* host = checkpoint_host_[static_cast<size_t>(d.index)] + static_cast<size_t>(slot) * bytes;
    TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(d.recurrent_state(), host, bytes, cudaMemcpyHostToDevice, d.stream),
                           d.dev.physical);
    return {};
  });
}

int32_t CudaModel::restorable_position(int32_t n) const {
  n = std::clamp(n, 0, n_past_);
  if (!recurrent_ || n == n_past_) return n;
  return std::max(0, checkpoints_.at_or_before(n));
}

}  // namespace tessera::cuda
