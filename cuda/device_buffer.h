// DeviceBuffer: one device allocation, owned (RAII), with its device and size recorded.
//
// Allocation failure is an Error{OutOfMemory} that names the device, what the memory was for, the
// bytes requested and the bytes free at that moment; nothing aborts. The destructor frees on the
// buffer's own device and leaves the calling thread's current device as it found it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <cuda_runtime_api.h>

#include "common/error.h"

namespace tessera::cuda {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  ~DeviceBuffer() { reset(); }
  DeviceBuffer(DeviceBuffer&& other) noexcept { *this = std::move(other); }
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  // `bytes` == 0 gives an empty buffer (data() == nullptr). `what` ("KV cache", "blk.3.ffn_up")
  // goes into the error message.
  static Result<DeviceBuffer> allocate(int device, size_t bytes, std::string_view what = {});

  void* data() const { return ptr_; }
  template <typename T>
  T* as() const { return static_cast<T*>(ptr_); }
  size_t bytes() const { return bytes_; }
  int device() const { return device_; }
  bool empty() const { return ptr_ == nullptr; }

  // Frees now (also what the destructor does). Errors from cudaFree are dropped: there is nobody
  // to report them to, and the memory is gone either way.
  void reset();

  // Host <-> device copies on `stream` (asynchronous for pinned host memory). Range-checked.
  Status upload(const void* host, size_t bytes, size_t offset, cudaStream_t stream);
  Status download(void* host, size_t bytes, size_t offset, cudaStream_t stream) const;

 private:
  void* ptr_ = nullptr;
  size_t bytes_ = 0;
  int device_ = -1;
};

}  // namespace tessera::cuda
