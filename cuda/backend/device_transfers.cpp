// Copies between devices: for each pair the placement lists a transfer for (placement.h), peer
// access where the GPUs allow it, else a pinned host buffer to stage through; and the copy itself.
#include <algorithm>

#include "backend/cuda_model.h"
#include "cuda_check.h"

namespace tessera::cuda {

Status CudaModel::setup_transfers() {
  const size_t nd = devs_.size();
  peer_.assign(nd, std::vector<int8_t>(nd, 0));
  for (const Transfer& t : placement_.transfers) {
    const int a = t.from, b = t.to;
    DeviceState& da = *devs_[static_cast<size_t>(a)];
    DeviceState& db = *devs_[static_cast<size_t>(b)];
    if (da.dev.physical == db.dev.physical) continue;  // same GPU: plain device-to-device copies
    if (peer_[static_cast<size_t>(b)][static_cast<size_t>(a)]) continue;
    int can = 0;
    TESSERA_CUDA_CHECK_DEV(cudaDeviceCanAccessPeer(&can, db.dev.physical, da.dev.physical), db.dev.physical);
    if (can) {
      TESSERA_TRY(use_device(db));
      const cudaError_t e = cudaDeviceEnablePeerAccess(da.dev.physical, 0);
      if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled)
        return cuda_error(e, "cudaDeviceEnablePeerAccess", db.dev.physical);
      (void)cudaGetLastError();
      peer_[static_cast<size_t>(b)][static_cast<size_t>(a)] = 1;
      continue;
    }
    // The pair's largest copy sizes its stage.
    size_t bytes = 0;
    for (const Transfer& u : placement_.transfers)
      if (u.from == a && u.to == b) bytes = std::max(bytes, static_cast<size_t>(u.max_bytes));
    bool have = false;
    for (const auto& st : stages_) have = have || (st.src == a && st.dst == b);
    if (have) continue;
    HostStage st{a, b, nullptr, bytes};
    TESSERA_CUDA_CHECK(cudaHostAlloc(&st.host, bytes, cudaHostAllocPortable));
    stages_.push_back(st);
  }
  return {};
}

Status CudaModel::transfer(int src, int dst, void* dst_ptr, const void* src_ptr, size_t bytes) {
  if (bytes == 0) return {};
  DeviceState& s = *devs_[static_cast<size_t>(src)];
  DeviceState& d = *devs_[static_cast<size_t>(dst)];
  if (src == dst) {
    TESSERA_TRY(use_device(d));
    if (dst_ptr != src_ptr)
      TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(dst_ptr, src_ptr, bytes, cudaMemcpyDeviceToDevice, d.stream),
                             d.dev.physical);
    return {};
  }
  TESSERA_TRY(use_device(s));
  if (s.dev.physical != d.dev.physical && !peer_[static_cast<size_t>(dst)][static_cast<size_t>(src)]) {
    // Staged through pinned host memory: D2H on the source stream, H2D on the destination stream.
    const HostStage* stage = nullptr;
    for (const auto& st : stages_)
      if (st.src == src && st.dst == dst) stage = &st;
    if (stage == nullptr || stage->bytes < bytes)
      return make_error(ErrorKind::Device, "no host staging buffer of " + std::to_string(bytes) +
                                               " bytes from device " + std::to_string(src) + " to device " +
                                               std::to_string(dst) + " (the placement lists no such transfer)");
    TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(stage->host, src_ptr, bytes, cudaMemcpyDeviceToHost, s.stream),
                           s.dev.physical);
    TESSERA_CUDA_CHECK_DEV(cudaEventRecord(s.event, s.stream), s.dev.physical);
    TESSERA_TRY(use_device(d));
    TESSERA_CUDA_CHECK_DEV(cudaStreamWaitEvent(d.stream, s.event, 0), d.dev.physical);
    TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(dst_ptr, stage->host, bytes, cudaMemcpyHostToDevice, d.stream),
                           d.dev.physical);
    return {};
  }
  TESSERA_CUDA_CHECK_DEV(cudaEventRecord(s.event, s.stream), s.dev.physical);
  TESSERA_TRY(use_device(d));
  TESSERA_CUDA_CHECK_DEV(cudaStreamWaitEvent(d.stream, s.event, 0), d.dev.physical);
  if (s.dev.physical == d.dev.physical) {
    TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(dst_ptr, src_ptr, bytes, cudaMemcpyDeviceToDevice, d.stream),
                           d.dev.physical);
  } else {
    TESSERA_CUDA_CHECK_DEV(cudaMemcpyPeerAsync(dst_ptr, d.dev.physical, src_ptr, s.dev.physical, bytes, d.stream),
                           d.dev.physical);
  }
  return {};
}

}  // namespace tessera::cuda
