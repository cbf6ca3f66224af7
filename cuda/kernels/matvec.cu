// matvec.h: argument checks, activation quantization, and the F32/F16/BF16 kernel.
#include "kernels/matvec.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <string>

#include "cuda_check.h"
#include "kernels/matvec_internal.h"
#include "kernels/quant_decode.cuh"

namespace tessera::cuda {
namespace {

using detail::kMatvecWarps;

bool is_float_type(GgmlType t) { return t == GgmlType::F32 || t == GgmlType::F16 || t == GgmlType::BF16; }

std::string shape_text(const WeightMatrix& w) {
  return std::string(type_name(w.type)) + " [" + std::to_string(w.rows) + " x " + std::to_string(w.cols) + "]";
}

Status check_weights(const WeightMatrix& w, int n_vec) {
  if (!is_supported(w.type))
    return make_error(ErrorKind::Unsupported, "matvec: tensor type " + std::string(type_name(w.type)) +
                                                  " has no CUDA kernel");
  if (w.rows <= 0 || w.cols <= 0 || w.rows > (int64_t{1} << 31) * kMatvecWarps)
    return make_error(ErrorKind::InvalidArgument, "matvec: bad matrix shape " + shape_text(w));
  if (n_vec < 1 || n_vec > kMaxMatvecVectors)
    return make_error(ErrorKind::InvalidArgument, "matvec: n_vec " + std::to_string(n_vec) + " is outside 1.." +
                                                      std::to_string(kMaxMatvecVectors));
  auto rb = row_size(w.type, w.cols);
  if (!rb.ok()) return make_error(ErrorKind::InvalidArgument, "matvec: " + rb.error().message);
  if (w.row_stride < *rb)
    return make_error(ErrorKind::InvalidArgument, "matvec: row_stride " + std::to_string(w.row_stride) +
                                                      " is smaller than a row of " + shape_text(w) + " (" +
                                                      std::to_string(*rb) + " bytes)");
  if (w.data == nullptr) return make_error(ErrorKind::InvalidArgument, "matvec: null weights for " + shape_text(w));
  size_t align = 2;
  if (w.type == GgmlType::F32) align = 4;
  qd::visit_quant_type(w.type, [&](auto t) { align = static_cast<size_t>(decltype(t)::kAlign); });
  if (reinterpret_cast<uintptr_t>(w.data) % align != 0 || w.row_stride % align != 0)
    return make_error(ErrorKind::InvalidArgument, "matvec: " + shape_text(w) + " needs rows aligned to " +
                                                      std::to_string(align) + " bytes (data and row_stride)");
  return {};
}

// ---- activation quantization -----------------------------------------------------------------

// One warp per 32-element block: the same arithmetic as qd::quantize_x_block.
__global__ void quantize_x_kernel(const float* __restrict__ x, int64_t ldx, int64_t cols, int n_vec,
                                  uint8_t* __restrict__ q8, size_t vec_bytes, size_t scale_off) {
  const int64_t blocks_per_vec = cols / 32;
  const int64_t gw = (static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  const int lane = threadIdx.x & 31;
  if (gw >= blocks_per_vec * n_vec) return;
  const int64_t v = gw / blocks_per_vec, b = gw % blocks_per_vec;
  const float xv = x[v * ldx + b * 32 + lane];
  float amax = fabsf(xv);
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xFFFFFFFFu, amax, off));
  const float d = amax / 127.0f;
  const float id = d > 0.0f ? 1.0f / d : 0.0f;
  const int q = __float2int_rn(xv * id);
  int s = q;
#pragma unroll
  for (int off = 8; off > 0; off >>= 1) s += __shfl_xor_sync(0xFFFFFFFFu, s, off);  // sums within each half
  const int s1 = __shfl_sync(0xFFFFFFFFu, s, 16);
  uint8_t* out = q8 + v * vec_bytes;
  out[b * 32 + lane] = static_cast<uint8_t>(static_cast<int8_t>(q));
  if (lane == 0) {
    qd::Q8Scale sc;
    sc.d = d;
    sc.s0 = static_cast<int16_t>(s);
    sc.s1 = static_cast<int16_t>(s1);
    reinterpret_cast<qd::Q8Scale*>(out + scale_off)[b] = sc;
  }
}

// ---- F32 / F16 / BF16 ---------------------------------------------------------------------------

template <GgmlType kT>
struct FloatElem;
template <>
struct FloatElem<GgmlType::F32> {
  static constexpr int kSize = 4;
  __device__ static float get(const uint8_t* p, int64_t i) { return __ldg(reinterpret_cast<const float*>(p) + i); }
  // 16 bytes -> 4 values
  __device__ static void unpack(const uint4& v, float* out) {
    out[0] = __uint_as_float(v.x); out[1] = __uint_as_float(v.y);
    out[2] = __uint_as_float(v.z); out[3] = __uint_as_float(v.w);
  }
};
template <>
struct FloatElem<GgmlType::F16> {
  static constexpr int kSize = 2;
  __device__ static float get(const uint8_t* p, int64_t i) {
    return __half2float(__ushort_as_half(__ldg(reinterpret_cast<const unsigned short*>(p) + i)));
  }
  __device__ static void unpack(const uint4& v, float* out) {
    const uint32_t w[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const float2 f = __half22float2(*reinterpret_cast<const __half2*>(&w[k]));
      out[2 * k] = f.x;
      out[2 * k + 1] = f.y;
    }
  }
};
template <>
struct FloatElem<GgmlType::BF16> {
  static constexpr int kSize = 2;
  __device__ static float get(const uint8_t* p, int64_t i) {
    return __uint_as_float(static_cast<uint32_t>(__ldg(reinterpret_cast<const unsigned short*>(p) + i)) << 16);
  }
  __device__ static void unpack(const uint4& v, float* out) {
    const uint32_t w[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      out[2 * k] = __uint_as_float(w[k] << 16);
      out[2 * k + 1] = __uint_as_float(w[k] & 0xFFFF0000u);
    }
  }
};

struct FloatArgs {
  const uint8_t* w;
  size_t row_stride;
  int64_t rows, cols;
  const float* x;
  int64_t ldx;
  int nv;
  float* y;
  int64_t ldy;
  bool accumulate;
  bool vectorized;  // rows and x 16-byte aligned, cols a multiple of the chunk
};

template <GgmlType kT, int NV>
__global__ void __launch_bounds__(kMatvecWarps * 32) matvec_float_kernel(FloatArgs a) {
  using E = FloatElem<kT>;
  constexpr int kPer = 16 / E::kSize;  // elements per 16-byte chunk
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int64_t row = static_cast<int64_t>(blockIdx.x) * kMatvecWarps + warp;
  if (row >= a.rows) return;
  const uint8_t* wr = a.w + row * a.row_stride;
  float acc[NV];
#pragma unroll
  for (int v = 0; v < NV; ++v) acc[v] = 0.0f;
  if (a.vectorized) {
    const int64_t n_chunks = a.cols / kPer;
#pragma unroll 4
    for (int64_t c = lane; c < n_chunks; c += 32) {
      float wv[kPer];
      E::unpack(__ldg(reinterpret_cast<const uint4*>(wr) + c), wv);
#pragma unroll
      for (int v = 0; v < NV; ++v) {
        if (v < a.nv) {
          const float4* xp = reinterpret_cast<const float4*>(a.x + v * a.ldx + c * kPer);
#pragma unroll
          for (int k = 0; k < kPer / 4; ++k) {
            const float4 xv = __ldg(xp + k);
            acc[v] += wv[4 * k] * xv.x + wv[4 * k + 1] * xv.y + wv[4 * k + 2] * xv.z + wv[4 * k + 3] * xv.w;
          }
        }
      }
    }
  } else {
    for (int64_t i = lane; i < a.cols; i += 32) {
      const float wv = E::get(wr, i);
#pragma unroll
      for (int v = 0; v < NV; ++v)
        if (v < a.nv) acc[v] += wv * __ldg(a.x + v * a.ldx + i);
    }
  }
#pragma unroll
  for (int v = 0; v < NV; ++v) {
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) acc[v] += __shfl_xor_sync(0xFFFFFFFFu, acc[v], off);
  }
  if (lane == 0) {
#pragma unroll
    for (int v = 0; v < NV; ++v) {
      if (v < a.nv) {
        float* out = a.y + v * a.ldy + row;
        *out = a.accumulate ? *out + acc[v] : acc[v];
      }
    }
  }
}

template <GgmlType kT>
Status launch_float(const FloatArgs& a, cudaStream_t stream) {
  const dim3 grid(static_cast<unsigned>((a.rows + kMatvecWarps - 1) / kMatvecWarps)), block(kMatvecWarps * 32);
  if (a.nv <= 1) {
    matvec_float_kernel<kT, 1><<<grid, block, 0, stream>>>(a);
  } else if (a.nv <= 2) {
    matvec_float_kernel<kT, 2><<<grid, block, 0, stream>>>(a);
  } else if (a.nv <= 4) {
    matvec_float_kernel<kT, 4><<<grid, block, 0, stream>>>(a);
  } else {
    matvec_float_kernel<kT, 8><<<grid, block, 0, stream>>>(a);
  }
  TESSERA_CUDA_CHECK_LAUNCH("matvec_float_kernel");
  return {};
}

Status matvec_float(const WeightMatrix& w, const float* x, int64_t ldx, float* y, int64_t ldy, int n_vec,
                    cudaStream_t stream, const MatvecOptions& options) {
  FloatArgs a{};
  a.w = static_cast<const uint8_t*>(w.data);
  a.row_stride = w.row_stride;
  a.rows = w.rows;
  a.cols = w.cols;
  a.x = x;
  a.ldx = ldx;
  a.nv = n_vec;
  a.y = y;
  a.ldy = ldy;
  a.accumulate = options.accumulate;
  const int elem = w.type == GgmlType::F32 ? 4 : 2;
  const int per = 16 / elem;
  a.vectorized = reinterpret_cast<uintptr_t>(w.data) % 16 == 0 && w.row_stride % 16 == 0 && w.cols % per == 0 &&
                 reinterpret_cast<uintptr_t>(x) % 16 == 0 && (n_vec == 1 || ldx % 4 == 0);
  switch (w.type) {
    case GgmlType::F32: return launch_float<GgmlType::F32>(a, stream);
    case GgmlType::F16: return launch_float<GgmlType::F16>(a, stream);
    default: return launch_float<GgmlType::BF16>(a, stream);
  }
}

}  // namespace

size_t q8_activations_bytes(int64_t cols, int n_vec) {
  return detail::q8_vector_bytes(cols) * static_cast<size_t>(n_vec > 0 ? n_vec : 0);
}

Result<size_t> matvec_workspace_bytes(GgmlType type, int64_t cols, int n_vec) {
  if (!is_supported(type))
    return make_error(ErrorKind::Unsupported, "matvec: tensor type " + std::string(type_name(type)) + " has no CUDA kernel");
  if (is_float_type(type)) return size_t{0};
  if (cols <= 0 || cols % 32 != 0)
    return make_error(ErrorKind::InvalidArgument, "matvec: " + std::to_string(cols) + " columns is not a multiple of 32");
  return q8_activations_bytes(cols, n_vec);
}

Status quantize_activations(const float* x, int64_t ldx, int64_t cols, int n_vec, void* q8, cudaStream_t stream) {
  if (cols <= 0 || cols % 32 != 0)
    return make_error(ErrorKind::InvalidArgument,
                      "quantize_activations: " + std::to_string(cols) + " columns is not a multiple of 32");
  if (n_vec < 1 || n_vec > kMaxMatvecVectors || (n_vec > 1 && ldx < cols))
    return make_error(ErrorKind::InvalidArgument, "quantize_activations: bad n_vec " + std::to_string(n_vec) +
                                                      " / ldx " + std::to_string(ldx));
  if (reinterpret_cast<uintptr_t>(q8) % 16 != 0)
    return make_error(ErrorKind::InvalidArgument, "quantize_activations: workspace must be 16-byte aligned");
  const int64_t warps = (cols / 32) * n_vec;
  const int threads = 256;
  const int64_t blocks = (warps * 32 + threads - 1) / threads;
  quantize_x_kernel<<<static_cast<unsigned>(blocks), threads, 0, stream>>>(
      x, ldx, cols, n_vec, static_cast<uint8_t*>(q8), detail::q8_vector_bytes(cols), detail::q8_scale_offset(cols));
  TESSERA_CUDA_CHECK_LAUNCH("quantize_x_kernel");
  return {};
}

Status matvec_q8(const WeightMatrix& w, const void* q8, int n_vec, float* y, int64_t ldy, cudaStream_t stream,
                 const MatvecOptions& options) {
  TESSERA_TRY(check_weights(w, n_vec));
  if (is_float_type(w.type))
    return make_error(ErrorKind::InvalidArgument, "matvec_q8: " + shape_text(w) + " is not a quantized type");
  if (n_vec > 1 && ldy < w.rows)
    return make_error(ErrorKind::InvalidArgument, "matvec_q8: ldy " + std::to_string(ldy) + " < rows " +
                                                      std::to_string(w.rows));
  detail::QuantMatvecArgs a;
  a.w = static_cast<const uint8_t*>(w.data);
  a.row_stride = w.row_stride;
  a.rows = w.rows;
  a.blocks_per_row = w.cols / static_cast<int64_t>(type_info(w.type).block_size);
  a.q8 = static_cast<const uint8_t*>(q8);
  a.x_vec_bytes = detail::q8_vector_bytes(w.cols);
  a.x_scale_off = detail::q8_scale_offset(w.cols);
  a.nv = n_vec;
  a.y = y;
  a.ldy = ldy;
  a.accumulate = options.accumulate;
  return detail::launch_quant_matvec(w.type, a, stream);
}

Status matvec(const WeightMatrix& w, const float* x, int64_t ldx, float* y, int64_t ldy, int n_vec, void* workspace,
              size_t workspace_bytes, cudaStream_t stream, const MatvecOptions& options) {
  TESSERA_TRY(check_weights(w, n_vec));
  if (n_vec > 1 && (ldx < w.cols || ldy < w.rows))
    return make_error(ErrorKind::InvalidArgument, "matvec: ldx " + std::to_string(ldx) + " / ldy " +
                                                      std::to_string(ldy) + " too small for " + shape_text(w));
  if (is_float_type(w.type)) return matvec_float(w, x, ldx, y, ldy, n_vec, stream, options);
  const size_t need = q8_activations_bytes(w.cols, n_vec);
  if (workspace == nullptr || workspace_bytes < need)
    return make_error(ErrorKind::InvalidArgument, "matvec: workspace of " + std::to_string(workspace_bytes) +
                                                      " bytes, " + std::to_string(need) + " needed for " +
                                                      shape_text(w) + " x " + std::to_string(n_vec));
  TESSERA_TRY(quantize_activations(x, ldx, w.cols, n_vec, workspace, stream));
  return matvec_q8(w, workspace, n_vec, y, ldy, stream, options);
}

}  // namespace tessera::cuda
