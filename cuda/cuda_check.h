// Turning CUDA runtime and cuBLAS status codes into tessera::Error.
//
// Every CUDA call in tessera_cuda goes through one of these: library code never aborts on a device
// error. Messages name the call, the device and the runtime's own description, e.g.
//   "cudaMalloc(&ptr, bytes) failed on CUDA device 0: out of memory (cudaErrorMemoryAllocation)".
// Kinds: cudaErrorMemoryAllocation -> OutOfMemory; everything else -> Device.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <string>
#include <string_view>

#include "common/error.h"

namespace tessera::cuda {

// The current device of the calling thread, or -1 when it cannot be read (no driver).
int current_device_or_none();

// True for the codes a machine without a usable NVIDIA driver or GPU returns
// (cudaErrorInsufficientDriver, cudaErrorNoDevice, cudaErrorStubLibrary, ...).
bool is_no_device_error(cudaError_t err);

// Error for a failed runtime call. `device` < 0 means "not known" (then it is left out).
Error cuda_error(cudaError_t err, std::string_view call, int device);
Error cublas_error(cublasStatus_t status, std::string_view call, int device);

inline Status cuda_status(cudaError_t err, std::string_view call, int device) {
  if (err == cudaSuccess) return {};
  return cuda_error(err, call, device);
}

// After a kernel launch: reports a bad launch configuration (or an earlier asynchronous fault)
// as an error naming the kernel. Never synchronises.
Status check_launch(std::string_view kernel);
// The same for a launch API that returns its own code (cudaLaunchKernelEx): that code first, then
// any earlier asynchronous fault.
Status check_launch(cudaError_t launch_result, std::string_view kernel);

}  // namespace tessera::cuda

// `return`s an Error from the enclosing function (returning Status or Result<T>) when `call` fails.
#define TESSERA_CUDA_CHECK(call)                                                                               \
  do {                                                                                                         \
    const cudaError_t tessera_cuda_err_ = (call);                                                              \
    if (tessera_cuda_err_ != cudaSuccess)                                                                      \
      return ::tessera::cuda::cuda_error(tessera_cuda_err_, #call, ::tessera::cuda::current_device_or_none()); \
  } while (0)

// As TESSERA_CUDA_CHECK with the device named explicitly (for calls made before/while selecting it).
#define TESSERA_CUDA_CHECK_DEV(call, device)                                                                      \
  do {                                                                                                            \
    const cudaError_t tessera_cuda_err_ = (call);                                                                 \
    if (tessera_cuda_err_ != cudaSuccess) return ::tessera::cuda::cuda_error(tessera_cuda_err_, #call, (device)); \
  } while (0)

#define TESSERA_CUBLAS_CHECK(call)                                                                                \
  do {                                                                                                            \
    const cublasStatus_t tessera_cublas_st_ = (call);                                                             \
    if (tessera_cublas_st_ != CUBLAS_STATUS_SUCCESS)                                                              \
      return ::tessera::cuda::cublas_error(tessera_cublas_st_, #call, ::tessera::cuda::current_device_or_none()); \
  } while (0)

#define TESSERA_CUDA_CHECK_LAUNCH(kernel_name) TESSERA_TRY(::tessera::cuda::check_launch(kernel_name))
