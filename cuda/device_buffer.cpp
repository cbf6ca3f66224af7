#include "device_buffer.h"

#include "cuda_check.h"
#include "device_info.h"

namespace tessera::cuda {

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  if (this != &other) {
    reset();
    ptr_ = other.ptr_;
    bytes_ = other.bytes_;
    device_ = other.device_;
    other.ptr_ = nullptr;
    other.bytes_ = 0;
    other.device_ = -1;
  }
  return *this;
}

void DeviceBuffer::reset() {
  if (ptr_ != nullptr) {
    int saved = -1;
    const bool have_saved = cudaGetDevice(&saved) == cudaSuccess;
    if (!have_saved || saved != device_) (void)cudaSetDevice(device_);
    (void)cudaFree(ptr_);
    if (have_saved && saved != device_) (void)cudaSetDevice(saved);
    (void)cudaGetLastError();
  }
  ptr_ = nullptr;
  bytes_ = 0;
  device_ = -1;
}

Result<DeviceBuffer> DeviceBuffer::allocate(int device, size_t bytes, std::string_view what) {
  DeviceBuffer buf;
  if (bytes == 0) {
    buf.device_ = device;
    return buf;
  }
  int saved = -1;
  if (cudaGetDevice(&saved) != cudaSuccess) {
    (void)cudaGetLastError();
    saved = -1;
  }
  TESSERA_CUDA_CHECK_DEV(cudaSetDevice(device), device);
  void* ptr = nullptr;
  const cudaError_t err = cudaMalloc(&ptr, bytes);
  if (err != cudaSuccess) {
    (void)cudaGetLastError();  // cudaErrorMemoryAllocation is not sticky; clear it for later checks
    std::string msg = "cannot allocate " + format_bytes(bytes) + " (" + std::to_string(bytes) + " bytes)";
    if (!what.empty()) msg += " for " + std::string(what);
    msg += " on CUDA device " + std::to_string(device);
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, device) == cudaSuccess) msg += std::string(" (") + prop.name + ")";
    size_t free_b = 0, total_b = 0;
    if (cudaMemGetInfo(&free_b, &total_b) == cudaSuccess) {
      msg += ": " + format_bytes(free_b) + " (" + std::to_string(free_b) + " bytes) free of " + format_bytes(total_b);
    } else {
      (void)cudaGetLastError();
    }
    msg += std::string(" [cudaMalloc: ") + cudaGetErrorName(err) + "]";
    if (saved >= 0) (void)cudaSetDevice(saved);
    return Error(err == cudaErrorMemoryAllocation ? ErrorKind::OutOfMemory : ErrorKind::Device, std::move(msg));
  }
  if (saved >= 0 && saved != device) (void)cudaSetDevice(saved);
  buf.ptr_ = ptr;
  buf.bytes_ = bytes;
  buf.device_ = device;
  return buf;
}

Status DeviceBuffer::upload(const void* host, size_t bytes, size_t offset, cudaStream_t stream) {
  if (offset > bytes_ || bytes > bytes_ - offset)
    return make_error(ErrorKind::InvalidArgument, "DeviceBuffer::upload: " + std::to_string(bytes) + " bytes at offset " +
                                                      std::to_string(offset) + " exceed the buffer's " +
                                                      std::to_string(bytes_) + " bytes");
  if (bytes == 0) return {};
  TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(static_cast<char*>(ptr_) + offset, host, bytes, cudaMemcpyHostToDevice, stream),
                         device_);
  return {};
}

Status DeviceBuffer::download(void* host, size_t bytes, size_t offset, cudaStream_t stream) const {
  if (offset > bytes_ || bytes > bytes_ - offset)
    return make_error(ErrorKind::InvalidArgument, "DeviceBuffer::download: " + std::to_string(bytes) +
                                                      " bytes at offset " + std::to_string(offset) +
                                                      " exceed the buffer's " + std::to_string(bytes_) + " bytes");
  if (bytes == 0) return {};
  TESSERA_CUDA_CHECK_DEV(cudaMemcpyAsync(host, static_cast<const char*>(ptr_) + offset, bytes, cudaMemcpyDeviceToHost, stream),
                         device_);
  return {};
}

}  // namespace tessera::cuda
