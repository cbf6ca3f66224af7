#include "cuda_check.h"

namespace tessera::cuda {

int current_device_or_none() {
  int device = -1;
  if (cudaGetDevice(&device) != cudaSuccess) {
    (void)cudaGetLastError();  // do not leave the failure behind for the next check
    return -1;
  }
  return device;
}

bool is_no_device_error(cudaError_t err) {
  return err == cudaErrorInsufficientDriver || err == cudaErrorNoDevice || err == cudaErrorStubLibrary ||
         err == cudaErrorDevicesUnavailable || err == cudaErrorSystemDriverMismatch ||
         err == cudaErrorCompatNotSupportedOnDevice;
}

Error cuda_error(cudaError_t err, std::string_view call, int device) {
  // A failed runtime call also leaves its code as the thread's last error; once reported here it is
  // cleared, or the next kernel launch's check_launch would blame that kernel for it (a refused
  // cudaGetDeviceProperties of a device that does not exist made the next test's rms_norm fail
  // with "invalid device ordinal"). A sticky error (a faulted context) is returned again anyway.
  (void)cudaGetLastError();
  std::string msg(call);
  msg += " failed";
  if (device >= 0) msg += " on CUDA device " + std::to_string(device);
  msg += ": ";
  msg += cudaGetErrorString(err);
  msg += " (";
  msg += cudaGetErrorName(err);
  msg += ")";
  if (is_no_device_error(err)) msg = "no NVIDIA driver/GPU found (" + msg + ")";
  return Error(err == cudaErrorMemoryAllocation ? ErrorKind::OutOfMemory : ErrorKind::Device, std::move(msg));
}

Error cublas_error(cublasStatus_t status, std::string_view call, int device) {
  std::string msg(call);
  msg += " failed";
  if (device >= 0) msg += " on CUDA device " + std::to_string(device);
  msg += ": ";
  msg += cublasGetStatusString(status);
  msg += " (";
  msg += cublasGetStatusName(status);
  msg += ")";
  return Error(status == CUBLAS_STATUS_ALLOC_FAILED ? ErrorKind::OutOfMemory : ErrorKind::Device, std::move(msg));
}

Status check_launch(std::string_view kernel) {
  const cudaError_t err = cudaGetLastError();
  if (err == cudaSuccess) return {};
  return cuda_error(err, std::string("launch of kernel ") + std::string(kernel), current_device_or_none());
}

Status check_launch(cudaError_t launch_result, std::string_view kernel) {
  if (launch_result != cudaSuccess) {
    (void)cudaGetLastError();  // the same code may also be pending as the last error
    return cuda_error(launch_result, std::string("launch of kernel ") + std::string(kernel), current_device_or_none());
  }
  return check_launch(kernel);
}

}  // namespace tessera::cuda
