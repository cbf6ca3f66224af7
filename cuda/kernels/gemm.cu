#include <cuda_fp16.h>

#include <string>

#include "cuda_check.h"
#include "kernels/dequant.h"
#include "kernels/gemm.h"
#include "kernels/launch.cuh"

namespace tessera::cuda {
namespace {

__global__ void convert_rows_kernel(const float* __restrict__ src, int64_t ld_src, uint16_t* __restrict__ dst,
                                    int64_t ld_dst, int64_t rows, int64_t cols) {
  pdl_wait();
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= rows * cols) return;
  const int64_t r = g / cols, c = g % cols;
  dst[r * ld_dst + c] = __half_as_ushort(__float2half_rn(src[r * ld_src + c]));
}

// Contiguous rows, 4 values per thread (16-byte loads, 8-byte stores).
__global__ void convert_contiguous4_kernel(const float4* __restrict__ src, uint2* __restrict__ dst, int64_t n4) {
  pdl_wait();
  const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  const float4 v = src[i];
  const __half2 a = __floats2half2_rn(v.x, v.y), b = __floats2half2_rn(v.z, v.w);
  dst[i] = make_uint2(*reinterpret_cast<const uint32_t*>(&a), *reinterpret_cast<const uint32_t*>(&b));
}

Status gemm_call(const CublasHandle& h, int64_t m, int64_t n, int64_t k, const uint16_t* a, int64_t lda,
                 const uint16_t* b, int64_t ldb, float* c, int64_t ldc, bool accumulate) {
  const float alpha = 1.0f, beta = accumulate ? 1.0f : 0.0f;
  TESSERA_CUBLAS_CHECK(cublasGemmEx(h.get(), CUBLAS_OP_T, CUBLAS_OP_N, static_cast<int>(m), static_cast<int>(n),
                                    static_cast<int>(k), &alpha, a, CUDA_R_16F, static_cast<int>(lda), b, CUDA_R_16F,
                                    static_cast<int>(ldb), &beta, c, CUDA_R_32F, static_cast<int>(ldc),
                                    CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  return {};
}

}  // namespace

CublasHandle::~CublasHandle() {
  destroy();
}

void CublasHandle::destroy() {
  if (handle_ != nullptr) {
    int saved = -1;
    const bool have = cudaGetDevice(&saved) == cudaSuccess;
    (void)cudaSetDevice(device_);
    (void)cublasDestroy(handle_);
    if (have) (void)cudaSetDevice(saved);
    (void)cudaGetLastError();
  }
  handle_ = nullptr;
  device_ = -1;
  workspace_.reset();
}

CublasHandle::CublasHandle(CublasHandle&& other) noexcept {
  *this = std::move(other);
}

CublasHandle& CublasHandle::operator=(CublasHandle&& other) noexcept {
  if (this != &other) {
    destroy();
    handle_ = other.handle_;
    device_ = other.device_;
    workspace_ = std::move(other.workspace_);
    other.handle_ = nullptr;
    other.device_ = -1;
  }
  return *this;
}

Result<CublasHandle> CublasHandle::create(int device) {
  TESSERA_ASSIGN_OR_RETURN(DeviceBuffer workspace, DeviceBuffer::allocate(device, kWorkspaceBytes, "cuBLAS workspace"));
  void* data = workspace.data();
  TESSERA_ASSIGN_OR_RETURN(CublasHandle h, create(device, data, kWorkspaceBytes));
  h.workspace_ = std::move(workspace);
  return std::move(h);
}

Result<CublasHandle> CublasHandle::create(int device, void* workspace, size_t workspace_bytes) {
  if (workspace == nullptr || workspace_bytes < kWorkspaceBytes || reinterpret_cast<uintptr_t>(workspace) % 256 != 0)
    return make_error(ErrorKind::InvalidArgument, "cuBLAS workspace of " + std::to_string(workspace_bytes) +
                                                      " bytes; " + std::to_string(kWorkspaceBytes) +
                                                      " bytes, 256-byte aligned, needed");
  int saved = -1;
  if (cudaGetDevice(&saved) != cudaSuccess) {
    (void)cudaGetLastError();
    saved = -1;
  }
  CublasHandle h;
  h.device_ = device;
  TESSERA_CUDA_CHECK_DEV(cudaSetDevice(device), device);
  cublasHandle_t raw = nullptr;
  const cublasStatus_t st = cublasCreate(&raw);
  if (saved >= 0) (void)cudaSetDevice(saved);
  if (st != CUBLAS_STATUS_SUCCESS) return cublas_error(st, "cublasCreate", device);
  h.handle_ = raw;
  TESSERA_CUBLAS_CHECK(cublasSetWorkspace(raw, workspace, workspace_bytes));
  return std::move(h);
}

size_t gemm_x_f16_bytes(int64_t n_tokens, int64_t cols) {
  return static_cast<size_t>(n_tokens * cols) * 2;
}
size_t gemm_w_f16_bytes(int64_t rows_per_slice, int64_t cols) {
  return static_cast<size_t>(rows_per_slice * cols) * 2;
}

Status convert_rows_f32_to_f16(const float* src, int64_t ld_src, uint16_t* dst, int64_t ld_dst, int64_t rows,
                               int64_t cols, cudaStream_t stream) {
  if (rows < 0 || cols < 0 || ld_src < cols || ld_dst < cols)
    return make_error(ErrorKind::InvalidArgument, "convert_rows_f32_to_f16: bad shape");
  const int64_t n = rows * cols;
  if (n == 0) return {};
  const int threads = 256;
  if ((ld_src == cols || rows == 1) && (ld_dst == cols || rows == 1) && n % 4 == 0 &&
      reinterpret_cast<uintptr_t>(src) % 16 == 0 && reinterpret_cast<uintptr_t>(dst) % 8 == 0) {
    const int64_t n4 = n / 4;
    TESSERA_TRY(
        check_launch(launch_kernel(convert_contiguous4_kernel,
                                   dim3(static_cast<unsigned>((n4 + threads - 1) / threads)), dim3(threads), 0, stream,
                                   reinterpret_cast<const float4*>(src), reinterpret_cast<uint2*>(dst), n4),
                     "convert_contiguous4_kernel"));
    return {};
  }
  TESSERA_TRY(check_launch(launch_kernel(convert_rows_kernel, dim3(static_cast<unsigned>((n + threads - 1) / threads)),
                                         dim3(threads), 0, stream, src, ld_src, dst, ld_dst, rows, cols),
                           "convert_rows_kernel"));
  return {};
}

Status gemm_xwt_f16x(const CublasHandle& handle, const WeightMatrix& w, const uint16_t* x_f16, int64_t ldx,
                     int n_tokens, float* y, int64_t ldy, uint16_t* w_f16, size_t w_f16_bytes, cudaStream_t stream,
                     bool accumulate) {
  if (handle.get() == nullptr) return make_error(ErrorKind::InvalidArgument, "gemm: no cuBLAS handle");
  if (n_tokens < 0 || ldx < w.cols || ldy < w.rows || w.rows <= 0 || w.cols <= 0 || w.rows > 0x7FFFFFFF ||
      w.cols > 0x7FFFFFFF)
    return make_error(ErrorKind::InvalidArgument, "gemm: bad shape (" + std::to_string(n_tokens) + " tokens, W " +
                                                      std::to_string(w.rows) + " x " + std::to_string(w.cols) +
                                                      ", ldx " + std::to_string(ldx) + ", ldy " + std::to_string(ldy) +
                                                      ")");
  if (n_tokens == 0) return {};
  TESSERA_CUBLAS_CHECK(cublasSetStream(handle.get(), stream));
  if (w.type == GgmlType::F16 && w.row_stride % 2 == 0 && reinterpret_cast<uintptr_t>(w.data) % 2 == 0)
    return gemm_call(handle, w.rows, n_tokens, w.cols, static_cast<const uint16_t*>(w.data),
                     static_cast<int64_t>(w.row_stride / 2), x_f16, ldx, y, ldy, accumulate);
  int64_t slice = static_cast<int64_t>(w_f16_bytes / (static_cast<size_t>(w.cols) * 2));
  if (slice < 1 || w_f16 == nullptr)
    return make_error(ErrorKind::InvalidArgument, "gemm: the f16 weight scratch (" + std::to_string(w_f16_bytes) +
                                                      " bytes) holds no row of " + std::to_string(w.cols) + " values");
  if (slice > w.rows) slice = w.rows;
  if (slice > 128) slice -= slice % 128;  // whole tensor-core tiles per slice
  for (int64_t r0 = 0; r0 < w.rows; r0 += slice) {
    const int64_t nr = w.rows - r0 < slice ? w.rows - r0 : slice;
    TESSERA_TRY(dequantize_rows_f16(w, r0, nr, w_f16, w.cols, stream));
    TESSERA_TRY(gemm_call(handle, nr, n_tokens, w.cols, w_f16, w.cols, x_f16, ldx, y + r0, ldy, accumulate));
  }
  return {};
}

Status gemm_f32_xwt(const CublasHandle& handle, const WeightMatrix& w, const float* x, int64_t ldx, int n_tokens,
                    float* y, int64_t ldy, cudaStream_t stream) {
  if (handle.get() == nullptr) return make_error(ErrorKind::InvalidArgument, "gemm_f32: no cuBLAS handle");
  if (w.type != GgmlType::F32 || w.row_stride % 4 != 0 || reinterpret_cast<uintptr_t>(w.data) % 4 != 0)
    return make_error(ErrorKind::InvalidArgument, "gemm_f32: W must be F32 with 4-byte aligned rows (got " +
                                                      std::string(type_name(w.type)) + ")");
  if (n_tokens < 0 || ldx < w.cols || ldy < w.rows || w.rows <= 0 || w.cols <= 0 || w.rows > 0x7FFFFFFF ||
      w.cols > 0x7FFFFFFF || ldx > 0x7FFFFFFF || ldy > 0x7FFFFFFF)
    return make_error(ErrorKind::InvalidArgument, "gemm_f32: bad shape (" + std::to_string(n_tokens) + " tokens, W " +
                                                      std::to_string(w.rows) + " x " + std::to_string(w.cols) + ")");
  if (n_tokens == 0) return {};
  TESSERA_CUBLAS_CHECK(cublasSetStream(handle.get(), stream));
  // Column-major view: Y^T (rows x n) = W (stored cols x rows, transposed) * X^T (cols x n).
  const float alpha = 1.0f, beta = 0.0f;
  TESSERA_CUBLAS_CHECK(cublasGemmEx(handle.get(), CUBLAS_OP_T, CUBLAS_OP_N, static_cast<int>(w.rows), n_tokens,
                                    static_cast<int>(w.cols), &alpha, w.data, CUDA_R_32F,
                                    static_cast<int>(w.row_stride / 4), x, CUDA_R_32F, static_cast<int>(ldx), &beta,
                                    y, CUDA_R_32F, static_cast<int>(ldy), CUBLAS_COMPUTE_32F_PEDANTIC,
                                    CUBLAS_GEMM_DEFAULT));
  return {};
}

Status gemm_xwt(const CublasHandle& handle, const WeightMatrix& w, const float* x, int64_t ldx, int n_tokens, float* y,
                int64_t ldy, const GemmScratch& scratch, cudaStream_t stream, bool accumulate) {
  if (n_tokens <= 0) return {};
  const size_t need = gemm_x_f16_bytes(n_tokens, w.cols);
  if (scratch.x_f16 == nullptr || scratch.x_f16_bytes < need)
    return make_error(ErrorKind::InvalidArgument, "gemm: the f16 input scratch has " +
                                                      std::to_string(scratch.x_f16_bytes) + " bytes, " +
                                                      std::to_string(need) + " needed");
  TESSERA_TRY(convert_rows_f32_to_f16(x, ldx, scratch.x_f16, w.cols, n_tokens, w.cols, stream));
  return gemm_xwt_f16x(handle, w, scratch.x_f16, w.cols, n_tokens, y, ldy, scratch.w_f16, scratch.w_f16_bytes, stream,
                       accumulate);
}

}  // namespace tessera::cuda
