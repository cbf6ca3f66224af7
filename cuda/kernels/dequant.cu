#include <cuda_fp16.h>

#include <string>

#include "cuda_check.h"
#include "kernels/dequant.h"
#include "kernels/launch.cuh"
#include "kernels/quant_decode.cuh"

namespace tessera::cuda {
namespace {

using qd::GlobalSrc;
using qd::WItem;

// Output policies: 32 decoded floats of one item -> destination.
struct ToF16 {
  using Out = uint16_t;
  __device__ static void store32(const float* v, uint16_t* dst, bool aligned16) {
    if (aligned16) {
      uint4* d4 = reinterpret_cast<uint4*>(dst);
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        uint32_t w[4];
#pragma unroll
        for (int j = 0; j < 4; ++j) {
          const __half2 h = __floats2half2_rn(v[8 * k + 2 * j], v[8 * k + 2 * j + 1]);
          w[j] = *reinterpret_cast<const uint32_t*>(&h);
        }
        d4[k] = make_uint4(w[0], w[1], w[2], w[3]);
      }
    } else {
#pragma unroll
      for (int e = 0; e < 32; ++e) dst[e] = __half_as_ushort(__float2half_rn(v[e]));
    }
  }
  __device__ static void store1(float v, uint16_t* dst) {
    *dst = __half_as_ushort(__float2half_rn(v));
  }
};

struct ToF32 {
  using Out = float;
  __device__ static void store32(const float* v, float* dst, bool aligned16) {
    if (aligned16) {
      float4* d4 = reinterpret_cast<float4*>(dst);
#pragma unroll
      for (int k = 0; k < 8; ++k) d4[k] = make_float4(v[4 * k], v[4 * k + 1], v[4 * k + 2], v[4 * k + 3]);
    } else {
#pragma unroll
      for (int e = 0; e < 32; ++e) dst[e] = v[e];
    }
  }
  __device__ static void store1(float v, float* dst) {
    *dst = v;
  }
};

// One thread per item (kGroups 32-element groups). Rows come from a list (get_rows) or a range.
template <typename T, typename O>
__global__ void dequant_items_kernel(const uint8_t* __restrict__ w, size_t row_stride, int64_t rows, int64_t cols,
                                     const int32_t* __restrict__ ids, int64_t row0, int64_t n_out_rows,
                                     typename O::Out* __restrict__ out, int64_t ld_out, bool aligned16) {
  pdl_wait();
  const int64_t items_per_row = cols / T::kElems * T::kItems;
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= items_per_row * n_out_rows) return;
  const int64_t r = g / items_per_row;
  const int it = static_cast<int>(g - r * items_per_row);
  const int blk = it / T::kItems, item = it % T::kItems;
  const int64_t src_row = ids != nullptr ? static_cast<int64_t>(ids[r]) : row0 + r;
  const bool valid = src_row >= 0 && src_row < rows;
  WItem wi[T::kGroups];
  if (valid) T::template decode<GlobalSrc>(w + src_row * row_stride + static_cast<int64_t>(blk) * T::kBytes, item, wi);
#pragma unroll
  for (int grp = 0; grp < T::kGroups; ++grp) {
    float v[32];
#pragma unroll
    for (int e = 0; e < 32; ++e) v[e] = valid ? qd::item_value(wi[grp], e) : 0.0f;
    const int64_t col = static_cast<int64_t>(blk) * T::kElems + 32 * T::xblock(item, grp);
    O::store32(v, out + r * ld_out + col, aligned16);
  }
}

// F32 / F16 / BF16 sources: one thread per element.
template <typename O>
__global__ void convert_rows_kernel(const uint8_t* __restrict__ w, size_t row_stride, int64_t rows, int64_t cols,
                                    int src_type, const int32_t* __restrict__ ids, int64_t row0, int64_t n_out_rows,
                                    typename O::Out* __restrict__ out, int64_t ld_out) {
  pdl_wait();
  const int64_t g = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= cols * n_out_rows) return;
  const int64_t r = g / cols, c = g % cols;
  const int64_t src_row = ids != nullptr ? static_cast<int64_t>(ids[r]) : row0 + r;
  float v = 0.0f;
  if (src_row >= 0 && src_row < rows) {
    const uint8_t* p = w + src_row * row_stride;
    if (src_type == 0) {
      v = __ldg(reinterpret_cast<const float*>(p) + c);
    } else if (src_type == 1) {
      v = __half2float(__ushort_as_half(__ldg(reinterpret_cast<const unsigned short*>(p) + c)));
    } else {
      v = __uint_as_float(static_cast<uint32_t>(__ldg(reinterpret_cast<const unsigned short*>(p) + c)) << 16);
    }
  }
  O::store1(v, out + r * ld_out + c);
}

Status check_matrix(const WeightMatrix& w, const char* what) {
  if (!is_supported(w.type))
    return make_error(ErrorKind::Unsupported,
                      std::string(what) + ": tensor type " + std::string(type_name(w.type)) + " has no CUDA kernel");
  auto rb = row_size(w.type, w.cols);
  if (!rb.ok()) return make_error(ErrorKind::InvalidArgument, std::string(what) + ": " + rb.error().message);
  if (w.rows <= 0 || w.row_stride < *rb || w.data == nullptr)
    return make_error(ErrorKind::InvalidArgument, std::string(what) + ": bad matrix (" + std::to_string(w.rows) +
                                                      " rows, row_stride " + std::to_string(w.row_stride) + ")");
  size_t align = w.type == GgmlType::F32 ? 4 : 2;
  qd::visit_quant_type(w.type, [&](auto t) { align = static_cast<size_t>(decltype(t)::kAlign); });
  if (reinterpret_cast<uintptr_t>(w.data) % align != 0 || w.row_stride % align != 0)
    return make_error(ErrorKind::InvalidArgument, std::string(what) + ": " + std::string(type_name(w.type)) +
                                                      " rows must be aligned to " + std::to_string(align) + " bytes");
  return {};
}

template <typename O>
Status launch(const WeightMatrix& w, const int32_t* ids, int64_t row0, int64_t n_out_rows, typename O::Out* out,
              int64_t ld_out, cudaStream_t stream, const char* what) {
  if (n_out_rows <= 0) return {};
  const int threads = 256;
  const auto* wp = static_cast<const uint8_t*>(w.data);
  int src_type = -1;
  if (w.type == GgmlType::F32) src_type = 0;
  if (w.type == GgmlType::F16) src_type = 1;
  if (w.type == GgmlType::BF16) src_type = 2;
  if (src_type >= 0) {
    const int64_t n = w.cols * n_out_rows;
    return check_launch(
        launch_kernel(convert_rows_kernel<O>, dim3(static_cast<unsigned>((n + threads - 1) / threads)), dim3(threads),
                      0, stream, wp, w.row_stride, w.rows, w.cols, src_type, ids, row0, n_out_rows, out, ld_out),
        "convert_rows_kernel");
  }
  const bool aligned16 = reinterpret_cast<uintptr_t>(out) % 16 == 0 && (ld_out * sizeof(typename O::Out)) % 16 == 0;
  int items_per_block = 1;
  qd::visit_quant_type(w.type, [&](auto t) { items_per_block = decltype(t)::kItems; });
  const int64_t n = (w.cols / type_info(w.type).block_size) * items_per_block * n_out_rows;
  const unsigned blocks = static_cast<unsigned>((n + threads - 1) / threads);
  cudaError_t launched = cudaSuccess;
  bool known = qd::visit_quant_type(w.type, [&](auto t) {
    launched = launch_kernel(dequant_items_kernel<decltype(t), O>, dim3(blocks), dim3(threads), 0, stream, wp,
                             w.row_stride, w.rows, w.cols, ids, row0, n_out_rows, out, ld_out, aligned16);
  });
  if (!known)
    return make_error(ErrorKind::Unsupported,
                      std::string(what) + ": no CUDA decoder for " + std::string(type_name(w.type)));
  TESSERA_TRY(check_launch(launched, "dequant_items_kernel"));
  return {};
}

}  // namespace

Status dequantize_rows_f16(const WeightMatrix& w, int64_t row0, int64_t n_rows, uint16_t* dst, int64_t ld_dst,
                           cudaStream_t stream) {
  TESSERA_TRY(check_matrix(w, "dequantize_rows_f16"));
  if (row0 < 0 || n_rows < 0 || row0 + n_rows > w.rows || ld_dst < w.cols)
    return make_error(ErrorKind::InvalidArgument, "dequantize_rows_f16: rows [" + std::to_string(row0) + ", " +
                                                      std::to_string(row0 + n_rows) + ") of " + std::to_string(w.rows) +
                                                      ", ld_dst " + std::to_string(ld_dst));
  return launch<ToF16>(w, nullptr, row0, n_rows, dst, ld_dst, stream, "dequantize_rows_f16");
}

Status get_rows(const WeightMatrix& w, const int32_t* ids, int n_ids, float* out, int64_t ld_out, cudaStream_t stream) {
  TESSERA_TRY(check_matrix(w, "get_rows"));
  if (n_ids < 0 || ld_out < w.cols || (n_ids > 0 && ids == nullptr))
    return make_error(ErrorKind::InvalidArgument, "get_rows: bad arguments (n_ids " + std::to_string(n_ids) +
                                                      ", ld_out " + std::to_string(ld_out) + ")");
  return launch<ToF32>(w, ids, 0, n_ids, out, ld_out, stream, "get_rows");
}

}  // namespace tessera::cuda
