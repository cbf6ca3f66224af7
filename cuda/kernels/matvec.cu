// matvec.h: argument checks, activation quantization, and the F32/F16/BF16 kernel.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdlib>
#include <string>

#include "cuda_check.h"
#include "kernels/launch.cuh"
#include "kernels/matvec.h"
#include "kernels/matvec_internal.h"
#include "kernels/q8_quantize.cuh"
#include "kernels/quant_decode.cuh"

namespace tessera::cuda {
namespace {

using detail::kMatvecWarps;

bool is_float_type(GgmlType t) {
  return t == GgmlType::F32 || t == GgmlType::F16 || t == GgmlType::BF16;
}

std::string shape_text(const WeightMatrix& w) {
  return std::string(type_name(w.type)) + " [" + std::to_string(w.rows) + " x " + std::to_string(w.cols) + "]";
}

Status check_weights(const WeightMatrix& w, int n_vec) {
  if (!is_supported(w.type))
    return make_error(ErrorKind::Unsupported,
                      "matvec: tensor type " + std::string(type_name(w.type)) + " has no CUDA kernel");
  if (w.rows <= 0 || w.cols <= 0 || w.rows > (int64_t{1} << 31) * kMatvecWarps)
    return make_error(ErrorKind::InvalidArgument, "matvec: bad matrix shape " + shape_text(w));
  if (n_vec < 1 || n_vec > kMaxMatvecVectors)
    return make_error(ErrorKind::InvalidArgument,
                      "matvec: n_vec " + std::to_string(n_vec) + " is outside 1.." + std::to_string(kMaxMatvecVectors));
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

// One warp per 32-element block (q8_quantize.cuh).
__global__ void quantize_x_kernel(const float* __restrict__ x, int64_t ldx, int64_t cols, int n_vec,
                                  uint8_t* __restrict__ q8, size_t vec_bytes, size_t scale_off) {
  pdl_wait();
  const int64_t blocks_per_vec = cols / 32;
  const int64_t gw = (static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  const int lane = threadIdx.x & 31;
  if (gw >= blocks_per_vec * n_vec) return;
  const int64_t v = gw / blocks_per_vec, b = gw % blocks_per_vec;
  uint8_t* out = q8 + v * vec_bytes;
  detail::quantize_block_warp(x[v * ldx + b * 32 + lane], lane, out + b * 32,
                              reinterpret_cast<qd::Q8Scale*>(out + scale_off) + b);
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
    out[0] = __uint_as_float(v.x);
    out[1] = __uint_as_float(v.y);
    out[2] = __uint_as_float(v.z);
    out[3] = __uint_as_float(v.w);
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
  int64_t rows, cols;  // rows of y (GLU: W holds 2 * rows rows, gate then up)
  const float* x;
  int64_t ldx;
  int nv;
  float* y;
  int64_t ldy;
  bool accumulate;
  bool vectorized;  // rows and x 16-byte aligned, cols a multiple of the chunk
  int act;          // GLU activation code (activation.cuh): 0 SiLU, 1 GELU (tanh), 2 gpt-oss
  // Mixture-of-experts selection, as detail::QuantMatvecArgs (x_per_slot: x + slot * ldx).
  const int32_t* expert_ids;
  size_t expert_bytes;
  const uint8_t* w_up;
  bool x_per_slot;
  int n_slots;
};

// KS warps per output row (GLU: per pair of rows i and rows + i, combined as silu(g) * u), each
// taking every KS-th 512-byte segment of the row; the KS partial sums are added in warp order
// through shared memory. KS > 1 puts more loads in flight for matrices of few rows (4096-6144
// rows fill only ~31 of an SM's 64 warps with one warp per row).
template <GgmlType kT, int NV, bool kGlu, int KS>
__global__ void __launch_bounds__(kMatvecWarps * 32) matvec_float_kernel(FloatArgs a) {
  static_assert(kMatvecWarps % KS == 0, "whole rows per CTA");
  using E = FloatElem<kT>;
  constexpr int kPer = 16 / E::kSize;  // elements per 16-byte chunk
  constexpr int R = kGlu ? 2 : 1;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int part = warp % KS;
  const int64_t row = static_cast<int64_t>(blockIdx.x) * (kMatvecWarps / KS) + warp / KS;
  // No early return when KS > 1: every warp must reach the barrier below.
  const bool valid = row < a.rows;
  if (KS == 1 && !valid) return;
  const uint8_t* wbase = a.w;
  const uint8_t* ubase = a.w_up;
  const float* xbase = a.x;
  float* ybase = a.y;
  if (a.expert_ids != nullptr) {  // the expert ids come from the previous kernel
    pdl_wait();
    const int slot = blockIdx.y;
    const int64_t e = a.expert_ids[slot];
    wbase += e * a.expert_bytes;
    if (ubase != nullptr) ubase += e * a.expert_bytes;
    if (a.x_per_slot) xbase += slot * a.ldx;
    ybase += slot * a.ldy;
  }
  const uint8_t* wr[R];
#pragma unroll
  for (int r = 0; r < R; ++r)
    wr[r] = kGlu && r == 1 && ubase != nullptr ? ubase + (valid ? row : 0) * a.row_stride
                                               : wbase + (valid ? row + r * a.rows : 0) * a.row_stride;
  pdl_wait();
  float acc[R][NV];
#pragma unroll
  for (int r = 0; r < R; ++r)
#pragma unroll
    for (int v = 0; v < NV; ++v) acc[r][v] = 0.0f;
  if (!valid) {
    // nothing to read
  } else if (a.vectorized) {
    const int64_t n_chunks = a.cols / kPer;
#pragma unroll 4
    for (int64_t c = part * 32 + lane; c < n_chunks; c += 32 * KS) {
      float wv[R][kPer];
#pragma unroll
      for (int r = 0; r < R; ++r) E::unpack(__ldg(reinterpret_cast<const uint4*>(wr[r]) + c), wv[r]);
#pragma unroll
      for (int v = 0; v < NV; ++v) {
        if (v < a.nv) {
          const float4* xp = reinterpret_cast<const float4*>(xbase + v * a.ldx + c * kPer);
#pragma unroll
          for (int k = 0; k < kPer / 4; ++k) {
            const float4 xv = __ldg(xp + k);
#pragma unroll
            for (int r = 0; r < R; ++r)
              acc[r][v] +=
                  wv[r][4 * k] * xv.x + wv[r][4 * k + 1] * xv.y + wv[r][4 * k + 2] * xv.z + wv[r][4 * k + 3] * xv.w;
          }
        }
      }
    }
  } else {
    for (int64_t i = part * 32 + lane; i < a.cols; i += 32 * KS) {
#pragma unroll
      for (int r = 0; r < R; ++r) {
        const float wv = E::get(wr[r], i);
#pragma unroll
        for (int v = 0; v < NV; ++v)
          if (v < a.nv) acc[r][v] += wv * __ldg(xbase + v * a.ldx + i);
      }
    }
  }
  pdl_trigger();  // the weights are read: the next kernel may launch while the sums are reduced
#pragma unroll
  for (int r = 0; r < R; ++r)
#pragma unroll
    for (int v = 0; v < NV; ++v) {
#pragma unroll
      for (int off = 16; off > 0; off >>= 1) acc[r][v] += __shfl_xor_sync(0xFFFFFFFFu, acc[r][v], off);
    }
  if constexpr (KS > 1) {
    __shared__ float partial[kMatvecWarps][R][NV];
    if (lane == 0) {
#pragma unroll
      for (int r = 0; r < R; ++r)
#pragma unroll
        for (int v = 0; v < NV; ++v) partial[warp][r][v] = acc[r][v];
    }
    __syncthreads();
    if (part != 0 || !valid) return;
#pragma unroll
    for (int r = 0; r < R; ++r)
#pragma unroll
      for (int v = 0; v < NV; ++v) {
        float sum = partial[warp][r][v];
#pragma unroll
        for (int k = 1; k < KS; ++k) sum += partial[warp + k][r][v];
        acc[r][v] = sum;
      }
  }
  if (lane == 0) {
    if constexpr (kGlu) {
      ybase[row] = detail::glu(a.act, acc[0][0], acc[1][0]);
    } else {
#pragma unroll
      for (int v = 0; v < NV; ++v) {
        if (v < a.nv) {
          float* out = ybase + v * a.ldy + row;
          *out = a.accumulate ? *out + acc[0][v] : acc[0][v];
        }
      }
    }
  }
}

template <GgmlType kT, int NV, bool kGlu, int KS>
Status launch_float_nv(const FloatArgs& a, cudaStream_t stream) {
  constexpr int kRowsPerCta = kMatvecWarps / KS;
  const dim3 grid(static_cast<unsigned>((a.rows + kRowsPerCta - 1) / kRowsPerCta),
                  static_cast<unsigned>(a.expert_ids != nullptr ? a.n_slots : 1)),
      block(kMatvecWarps * 32);
  return check_launch(launch_kernel(matvec_float_kernel<kT, NV, kGlu, KS>, grid, block, 0, stream, a),
                      "matvec_float_kernel");
}

// Warps per row for a matrix read for one vector: 4 for every shape
// (measured on the llama3-8b F16 step: 1 / 2 / 4 warps per row below 8192 rows 174 / 188 / 200
// t/s; then 4 for the taller gate|up and output matrices too: 217.8 -> 222.4; docs/perf.md v3; the
// TESSERA_CUDA_FLOAT_KSPLIT switches of that measurement are gone, library code reads no
// environment). The same for every shape, so the fused gate|up product sums each row exactly as
// the plain product of the same matrix does.
constexpr int kFloatWarpsPerRow = 4;

template <GgmlType kT, bool kGlu>
Status launch_float_one(const FloatArgs& a, cudaStream_t stream) {
  return launch_float_nv<kT, 1, kGlu, kFloatWarpsPerRow>(a, stream);
}

template <GgmlType kT>
Status launch_float(const FloatArgs& a, bool glu, cudaStream_t stream) {
  if (glu) return launch_float_one<kT, true>(a, stream);
  if (a.nv <= 1 || a.expert_ids != nullptr) return launch_float_one<kT, false>(a, stream);
  if (a.nv <= 2) return launch_float_nv<kT, 2, false, 1>(a, stream);
  if (a.nv <= 4) return launch_float_nv<kT, 4, false, 1>(a, stream);
  return launch_float_nv<kT, 8, false, 1>(a, stream);
}

// Mixture-of-experts selection of a launch (see detail::QuantMatvecArgs), all off by default.
struct ExpertSelect {
  const int32_t* ids = nullptr;
  size_t expert_bytes = 0;
  const uint8_t* w_up = nullptr;
  bool x_per_slot = false;
  int n_slots = 1;
};

Status matvec_float(const WeightMatrix& w, int64_t out_rows, bool glu, const float* x, int64_t ldx, float* y,
                    int64_t ldy, int n_vec, cudaStream_t stream, const MatvecOptions& options, int act = 0,
                    const ExpertSelect& experts = {}) {
  FloatArgs a{};
  a.act = act;
  a.expert_ids = experts.ids;
  a.expert_bytes = experts.expert_bytes;
  a.w_up = experts.w_up;
  a.x_per_slot = experts.x_per_slot;
  a.n_slots = experts.n_slots;
  a.w = static_cast<const uint8_t*>(w.data);
  a.row_stride = w.row_stride;
  a.rows = out_rows;
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
                 reinterpret_cast<uintptr_t>(x) % 16 == 0 && (n_vec == 1 || ldx % 4 == 0) &&
                 (experts.ids == nullptr || (experts.expert_bytes % 16 == 0 &&
                                             reinterpret_cast<uintptr_t>(experts.w_up) % 16 == 0 &&
                                             (!experts.x_per_slot || ldx % 4 == 0)));
  switch (w.type) {
    case GgmlType::F32:
      return launch_float<GgmlType::F32>(a, glu, stream);
    case GgmlType::F16:
      return launch_float<GgmlType::F16>(a, glu, stream);
    default:
      return launch_float<GgmlType::BF16>(a, glu, stream);
  }
}

}  // namespace

Result<size_t> matvec_workspace_bytes(GgmlType type, int64_t cols, int n_vec) {
  if (!is_supported(type))
    return make_error(ErrorKind::Unsupported,
                      "matvec: tensor type " + std::string(type_name(type)) + " has no CUDA kernel");
  if (is_float_type(type)) return size_t{0};
  if (cols <= 0 || cols % 32 != 0)
    return make_error(ErrorKind::InvalidArgument,
                      "matvec: " + std::to_string(cols) + " columns is not a multiple of 32");
  return q8_activations_bytes(cols, n_vec);
}

Status quantize_activations(const float* x, int64_t ldx, int64_t cols, int n_vec, void* q8, cudaStream_t stream) {
  if (cols <= 0 || cols % 32 != 0)
    return make_error(ErrorKind::InvalidArgument,
                      "quantize_activations: " + std::to_string(cols) + " columns is not a multiple of 32");
  if (n_vec < 1 || (n_vec > 1 && ldx < cols))
    return make_error(ErrorKind::InvalidArgument,
                      "quantize_activations: bad n_vec " + std::to_string(n_vec) + " / ldx " + std::to_string(ldx));
  if (reinterpret_cast<uintptr_t>(q8) % 16 != 0)
    return make_error(ErrorKind::InvalidArgument, "quantize_activations: workspace must be 16-byte aligned");
  const int64_t warps = (cols / 32) * n_vec;
  const int threads = 256;
  const int64_t blocks = (warps * 32 + threads - 1) / threads;
  return check_launch(
      launch_kernel(quantize_x_kernel, dim3(static_cast<unsigned>(blocks)), dim3(threads), 0, stream, x, ldx, cols,
                    n_vec, static_cast<uint8_t*>(q8), q8_vector_bytes(cols), detail::q8_scale_offset(cols)),
      "quantize_x_kernel");
}

namespace {

detail::QuantMatvecArgs quant_args(const WeightMatrix& w, int64_t out_rows, const void* q8, int n_vec, float* y,
                                   int64_t ldy, bool accumulate) {
  detail::QuantMatvecArgs a;
  a.w = static_cast<const uint8_t*>(w.data);
  a.row_stride = w.row_stride;
  a.rows = out_rows;
  a.blocks_per_row = w.cols / static_cast<int64_t>(type_info(w.type).block_size);
  a.q8 = static_cast<const uint8_t*>(q8);
  a.x_vec_bytes = q8_vector_bytes(w.cols);
  a.x_scale_off = detail::q8_scale_offset(w.cols);
  a.nv = n_vec;
  a.y = y;
  a.ldy = ldy;
  a.accumulate = accumulate;
  return a;
}

}  // namespace

Status matvec_q8(const WeightMatrix& w, const void* q8, int n_vec, float* y, int64_t ldy, cudaStream_t stream,
                 const MatvecOptions& options) {
  TESSERA_TRY(check_weights(w, n_vec));
  if (is_float_type(w.type))
    return make_error(ErrorKind::InvalidArgument, "matvec_q8: " + shape_text(w) + " is not a quantized type");
  if (n_vec > 1 && ldy < w.rows)
    return make_error(ErrorKind::InvalidArgument,
                      "matvec_q8: ldy " + std::to_string(ldy) + " < rows " + std::to_string(w.rows));
  return detail::launch_quant_matvec(w.type, quant_args(w, w.rows, q8, n_vec, y, ldy, options.accumulate), false,
                                     stream);
}

Status matvec_glu(const WeightMatrix& gate_up, const float* x, const void* q8, float* h, cudaStream_t stream,
                  FfnActivation act) {
  const int act_code = detail::activation_code(act);
  TESSERA_TRY(check_weights(gate_up, 1));
  if (gate_up.rows % 2 != 0)
    return make_error(ErrorKind::InvalidArgument,
                      "matvec_glu: " + shape_text(gate_up) + " must have an even number of rows (gate then up)");
  const int64_t n = gate_up.rows / 2;
  if (is_float_type(gate_up.type)) {
    if (x == nullptr) return make_error(ErrorKind::InvalidArgument, "matvec_glu: null x for " + shape_text(gate_up));
    return matvec_float(gate_up, n, true, x, gate_up.cols, h, n, 1, stream, {}, act_code);
  }
  if (q8 == nullptr || reinterpret_cast<uintptr_t>(q8) % 16 != 0)
    return make_error(ErrorKind::InvalidArgument,
                      "matvec_glu: " + shape_text(gate_up) + " needs the quantized activations (16-byte aligned)");
  detail::QuantMatvecArgs a = quant_args(gate_up, n, q8, 1, h, n, false);
  a.act = act_code;
  return detail::launch_quant_matvec(gate_up.type, a, true, stream);
}

namespace {

Status check_experts(const char* what, const ExpertWeights& w, const int32_t* ids, int n_slots) {
  TESSERA_TRY(check_weights(w.first, 1));
  const size_t rows_bytes = static_cast<size_t>(w.first.rows) * w.first.row_stride;
  if (ids == nullptr || n_slots < 1 || n_slots > 65535 || w.n_expert < 1 || w.expert_bytes < rows_bytes)
    return make_error(ErrorKind::InvalidArgument, std::string(what) + ": bad expert selection (" +
                                                      std::to_string(n_slots) + " slots, " +
                                                      std::to_string(w.n_expert) + " experts of " +
                                                      shape_text(w.first) + ", " + std::to_string(w.expert_bytes) +
                                                      " bytes apart)");
  return {};
}

ExpertSelect select_of(const ExpertWeights& w, const int32_t* ids, int n_slots, bool x_per_slot,
                       const ExpertWeights* up = nullptr) {
  ExpertSelect s;
  s.ids = ids;
  s.expert_bytes = w.expert_bytes;
  s.w_up = up != nullptr ? static_cast<const uint8_t*>(up->first.data) : nullptr;
  s.x_per_slot = x_per_slot;
  s.n_slots = n_slots;
  return s;
}

void set_experts(detail::QuantMatvecArgs& a, const ExpertSelect& s) {
  a.expert_ids = s.ids;
  a.expert_bytes = s.expert_bytes;
  a.w_up = s.w_up;
  a.x_per_slot = s.x_per_slot;
  a.n_slots = s.n_slots;
}

}  // namespace

Status matvec_experts(const ExpertWeights& w, const int32_t* ids, int n_slots, const float* x, int64_t ldx,
                      const void* q8, bool per_slot_input, float* y, int64_t ldy, cudaStream_t stream) {
  TESSERA_TRY(check_experts("matvec_experts", w, ids, n_slots));
  if (ldy < w.first.rows)
    return make_error(ErrorKind::InvalidArgument, "matvec_experts: ldy " + std::to_string(ldy) + " < rows " +
                                                      std::to_string(w.first.rows));
  const ExpertSelect sel = select_of(w, ids, n_slots, per_slot_input);
  if (is_float_type(w.first.type)) {
    if (x == nullptr || (per_slot_input && ldx < w.first.cols))
      return make_error(ErrorKind::InvalidArgument, "matvec_experts: float experts need x (ldx >= cols)");
    return matvec_float(w.first, w.first.rows, false, x, ldx, y, ldy, 1, stream, {}, 0, sel);
  }
  if (q8 == nullptr || reinterpret_cast<uintptr_t>(q8) % 16 != 0)
    return make_error(ErrorKind::InvalidArgument, "matvec_experts: quantized experts need the q8 input");
  detail::QuantMatvecArgs a = quant_args(w.first, w.first.rows, q8, 1, y, ldy, false);
  set_experts(a, sel);
  return detail::launch_quant_matvec(w.first.type, a, false, stream);
}

Status matvec_glu_experts(const ExpertWeights& gate, const ExpertWeights& up, const int32_t* ids, int n_slots,
                          const float* x, const void* q8, float* h, int64_t ldh, FfnActivation act,
                          cudaStream_t stream) {
  TESSERA_TRY(check_experts("matvec_glu_experts", gate, ids, n_slots));
  TESSERA_TRY(check_experts("matvec_glu_experts", up, ids, n_slots));
  if (gate.first.type != up.first.type || gate.first.rows != up.first.rows || gate.first.cols != up.first.cols ||
      gate.first.row_stride != up.first.row_stride || gate.expert_bytes != up.expert_bytes || ldh < gate.first.rows)
    return make_error(ErrorKind::InvalidArgument, "matvec_glu_experts: gate " + shape_text(gate.first) + " and up " +
                                                      shape_text(up.first) + " must have one layout");
  const int act_code = detail::activation_code(act);
  const ExpertSelect sel = select_of(gate, ids, n_slots, false, &up);
  if (is_float_type(gate.first.type)) {
    if (x == nullptr) return make_error(ErrorKind::InvalidArgument, "matvec_glu_experts: float experts need x");
    return matvec_float(gate.first, gate.first.rows, true, x, gate.first.cols, h, ldh, 1, stream, {}, act_code, sel);
  }
  if (q8 == nullptr || reinterpret_cast<uintptr_t>(q8) % 16 != 0)
    return make_error(ErrorKind::InvalidArgument, "matvec_glu_experts: quantized experts need the q8 input");
  detail::QuantMatvecArgs a = quant_args(gate.first, gate.first.rows, q8, 1, h, ldh, false);
  a.act = act_code;
  set_experts(a, sel);
  return detail::launch_quant_matvec(gate.first.type, a, true, stream);
}

Status matvec(const WeightMatrix& w, const float* x, int64_t ldx, float* y, int64_t ldy, int n_vec, void* workspace,
              size_t workspace_bytes, cudaStream_t stream, const MatvecOptions& options) {
  TESSERA_TRY(check_weights(w, n_vec));
  if (n_vec > 1 && (ldx < w.cols || ldy < w.rows))
    return make_error(ErrorKind::InvalidArgument, "matvec: ldx " + std::to_string(ldx) + " / ldy " +
                                                      std::to_string(ldy) + " too small for " + shape_text(w));
  if (is_float_type(w.type)) return matvec_float(w, w.rows, false, x, ldx, y, ldy, n_vec, stream, options);
  const size_t need = q8_activations_bytes(w.cols, n_vec);
  if (workspace == nullptr || workspace_bytes < need)
    return make_error(ErrorKind::InvalidArgument, "matvec: workspace of " + std::to_string(workspace_bytes) +
                                                      " bytes, " + std::to_string(need) + " needed for " +
                                                      shape_text(w) + " x " + std::to_string(n_vec));
  TESSERA_TRY(quantize_activations(x, ldx, w.cols, n_vec, workspace, stream));
  return matvec_q8(w, workspace, n_vec, y, ldy, stream, options);
}

}  // namespace tessera::cuda
