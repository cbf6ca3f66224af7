// delta_rule_chunked (delta_rule.h): the gated delta rule over a prompt in chunks of L = 64 tokens,
// cpu::delta_rule_chunked's equations with the chunk's matrix products on the tensor cores (TF32
// mma.sync m16n8k8, f32 accumulators). Within a chunk from state S0, G the cumulative decay logs:
//   A[i][j] = beta_i (k_i . k_j) exp(G_i - G_j), j < i;   T = (I + A)^-1 (unit lower-triangular)
//   U  = T (beta V),   W = T diag(beta exp(G)) K,   Vn = U - W S0
//   O  = diag(exp(G)) Q S0 + P Vn,   P[i][j] = (q_i . k_j) exp(G_i - G_j), j <= i
//   S  = exp(G_last) S0 + K^T diag(exp(G_last - G)) Vn
// The columns of S evolve independently, so a CTA owns one head and kColumns columns of its state,
// held in shared memory across the chunks (read and written once per call); the chunk's L x L and
// L x dk quantities (A, T, P, W) are recomputed by each of the head's dv / kColumns CTAs. A chunk
// shorter than L (the prompt's tail) is padded with zero tokens (g = beta = 0, k = q = v = 0),
// which add nothing. T is formed by 16 x 16 blocks: the four diagonal blocks by forward
// substitution, then the blocks below them by T_IJ = -T_II sum_{J <= K < I} A_IK T_KJ.
#include <string>

#include "cuda_check.h"
#include "kernels/delta_rule.h"
#include "kernels/dynamic_shared.cuh"
#include "kernels/launch.cuh"
#include "kernels/mma_tf32.cuh"

namespace tessera::cuda {
namespace {

constexpr int L = kDeltaChunk;  // 64
constexpr int kColumns = 32;    // state columns per CTA
constexpr int kWarps = 8;
constexpr int kThreads = kWarps * 32;
// Row strides in floats, padded so the fragment loads of a warp fall into distinct banks
// (rows read as [row][k] with stride = 4 mod 32, as [k][col] with stride = 8 mod 32).
constexpr int kLdL = L + 4;          // A, T, P
constexpr int kLdV = kColumns + 8;   // beta V, U / Vn, S

template <int DK>
struct Layout {
  static constexpr int kLdK = DK + 4;  // K, Q, W
  static constexpr int K = 0;
  static constexpr int Q = K + L * kLdK;
  static constexpr int W = Q + L * kLdK;
  static constexpr int S = W + L * kLdK;
  static constexpr int A = S + DK * kLdV;
  static constexpr int T = A + L * kLdL;
  static constexpr int P = T + L * kLdL;
  static constexpr int VB = P + L * kLdL;
  static constexpr int U = VB + L * kLdV;
  static constexpr int TMP = U + L * kLdV;  // 3 blocks of 16 x 16
  static constexpr int GL = TMP + 3 * 256;  // g, then G (cumulative)
  static constexpr int BETA = GL + L;
  static constexpr int EG = BETA + L;       // exp(G_i)
  static constexpr int DECAY = EG + L;      // exp(G_last - G_i)
  static constexpr int kFloats = DECAY + L;
};

// A strip of NB tiles 16 x 8 side by side: acc[nb] += sum_{k < K} a(i, k) b(k, 8 nb + n), with a(i,
// k) the strip's row i (0..15) and b(k, n) its column n (0..8 NB - 1) (mma_tf32.cuh's fragments).
template <int NB, typename AF, typename BF>
__device__ __forceinline__ void strip_mma(float (&acc)[NB][4], int K, const AF& a, const BF& b) {
  const int lane = static_cast<int>(threadIdx.x & 31), g = lane >> 2, q = lane & 3;
#pragma unroll 2
  for (int k0 = 0; k0 < K; k0 += 8) {
    const uint32_t a0 = mma::to_tf32(a(g, k0 + q)), a1 = mma::to_tf32(a(g + 8, k0 + q));
    const uint32_t a2 = mma::to_tf32(a(g, k0 + q + 4)), a3 = mma::to_tf32(a(g + 8, k0 + q + 4));
#pragma unroll
    for (int nb = 0; nb < NB; ++nb)
      mma::mma_16808_tf32(acc[nb], a0, a1, a2, a3, mma::to_tf32(b(k0 + q, 8 * nb + g)),
                          mma::to_tf32(b(k0 + q + 4, 8 * nb + g)));
  }
}

// The row (0..15) and column (0..8 NB - 1) inside its strip of accumulator element acc[nb][r].
__device__ __forceinline__ int acc_row(int r) {
  return (static_cast<int>(threadIdx.x & 31) >> 2) + (r >> 1) * 8;
}
__device__ __forceinline__ int acc_col(int nb, int r) {
  return 8 * nb + 2 * (static_cast<int>(threadIdx.x & 31) & 3) + (r & 1);
}

template <int NB>
__device__ __forceinline__ void zero(float (&acc)[NB][4]) {
#pragma unroll
  for (int nb = 0; nb < NB; ++nb)
#pragma unroll
    for (int r = 0; r < 4; ++r) acc[nb][r] = 0.0f;
}

template <int DK>
__global__ void __launch_bounds__(kThreads) chunked_kernel(DeltaRuleArgs a) {
  using Lay = Layout<DK>;
  constexpr int kLdK = Lay::kLdK;
  float* const sm = dynamic_shared_memory<float>();
  float* const Ks = sm + Lay::K;
  float* const Qs = sm + Lay::Q;
  float* const Ws = sm + Lay::W;
  float* const Ss = sm + Lay::S;
  float* const As = sm + Lay::A;
  float* const Ts = sm + Lay::T;
  float* const Ps = sm + Lay::P;
  float* const Vb = sm + Lay::VB;
  float* const Us = sm + Lay::U;
  float* const tmp = sm + Lay::TMP;
  float* const Gs = sm + Lay::GL;
  float* const Bs = sm + Lay::BETA;
  float* const Es = sm + Lay::EG;
  float* const Ds = sm + Lay::DECAY;
  pdl_wait();
  const int tid = static_cast<int>(threadIdx.x), warp = tid >> 5;
  const int c0 = static_cast<int>(blockIdx.x) * kColumns;
  const int e = static_cast<int>(blockIdx.y);
  const int dv = a.heads.dv;
  const int64_t key_dim = a.heads.key_dim();
  const int kh = delta_key_head(a.heads, e);
  float* const S = a.state + static_cast<int64_t>(e) * DK * dv + c0;
  for (int idx = tid; idx < DK * kColumns; idx += kThreads)
    Ss[idx / kColumns * kLdV + idx % kColumns] = S[static_cast<int64_t>(idx / kColumns) * dv + idx % kColumns];

  for (int t0 = 0; t0 < a.n_tok; t0 += L) {
    const int m = min(L, a.n_tok - t0);
    // 1. The chunk's k, q, beta v, gates; zero past its end.
    for (int idx = tid; idx < L * DK; idx += kThreads) {
      const int i = idx / DK, c = idx % DK;
      const float* row = a.qkv + static_cast<int64_t>(t0 + i) * a.qkv_stride + static_cast<int64_t>(kh) * DK;
      Qs[i * kLdK + c] = i < m ? row[c] : 0.0f;
      Ks[i * kLdK + c] = i < m ? row[key_dim + c] : 0.0f;
    }
    for (int idx = tid; idx < L * kColumns; idx += kThreads) {
      const int i = idx / kColumns, c = idx % kColumns;
      float v = 0.0f;
      if (i < m) {
        const int64_t t = t0 + i;
        v = a.beta[t * a.gate_stride + e] * a.qkv[t * a.qkv_stride + 2 * key_dim + static_cast<int64_t>(e) * dv + c0 + c];
      }
      Vb[i * kLdV + c] = v;
    }
    if (tid < L) {
      const int64_t t = t0 + tid;
      Gs[tid] = tid < m ? a.g[t * a.gate_stride + e] : 0.0f;
      Bs[tid] = tid < m ? a.beta[t * a.gate_stride + e] : 0.0f;
    }
    __syncthreads();
    float G = 0.0f;  // the running sum in token order, as the CPU reference adds it
    if (tid < L)
      for (int j = 0; j <= tid; ++j) G += Gs[j];
    __syncthreads();
    if (tid < L) {
      Gs[tid] = G;
      Es[tid] = expf(G);
    }
    __syncthreads();
    if (tid < L) Ds[tid] = expf(Gs[L - 1] - Gs[tid]);  // G_last: padding adds g = 0

    // 2. A (from K K^T) and P (from Q K^T): 2 x 4 strips of 16 x 32 each.
    for (int strip = warp; strip < 16; strip += kWarps) {
      const bool is_p = strip >= 8;
      const int m0 = (strip & 7) / 2 * 16, n0 = (strip & 1) * 32;
      const float* X = is_p ? Qs : Ks;
      float acc[4][4];
      zero(acc);
      strip_mma<4>(
          acc, DK, [&](int i, int k) { return X[(m0 + i) * kLdK + k]; },
          [&](int k, int n) { return Ks[(n0 + n) * kLdK + k]; });
#pragma unroll
      for (int nb = 0; nb < 4; ++nb)
#pragma unroll
        for (int r = 0; r < 4; ++r) {
          const int i = m0 + acc_row(r), j = n0 + acc_col(nb, r);
          if (is_p) {
            Ps[i * kLdL + j] = j <= i ? acc[nb][r] * expf(Gs[i] - Gs[j]) : 0.0f;
          } else {
            As[i * kLdL + j] = j < i ? Bs[i] * acc[nb][r] * expf(Gs[i] - Gs[j]) : 0.0f;
          }
        }
    }
    __syncthreads();

    // 3. T = (I + A)^-1. Diagonal blocks: thread (b, j) solves column j of block b.
    for (int idx = tid; idx < L * L; idx += kThreads) {
      const int i = idx / L, j = idx % L;
      if (i / 16 < j / 16) Ts[i * kLdL + j] = 0.0f;
    }
    if (tid < L) {
      const int base = tid / 16 * 16, j = tid % 16;
      float x[16];
#pragma unroll
      for (int i = 0; i < 16; ++i) {
        float s = 0.0f;
#pragma unroll
        for (int k = 0; k < i; ++k)
          if (k >= j) s += As[(base + i) * kLdL + base + k] * x[k];
        x[i] = i < j ? 0.0f : i == j ? 1.0f : -s;
        Ts[(base + i) * kLdL + base + j] = x[i];
      }
    }
    __syncthreads();
    for (int d = 1; d < 4; ++d) {
      const int n = (4 - d) * 256;
      for (int idx = tid; idx < n; idx += kThreads) {
        const int J = idx / 256, I = J + d, r = idx / 16 % 16, c = idx % 16;
        float s = 0.0f;
        for (int K = J; K < I; ++K)
#pragma unroll
          for (int x = 0; x < 16; ++x) s += As[(16 * I + r) * kLdL + 16 * K + x] * Ts[(16 * K + x) * kLdL + 16 * J + c];
        tmp[idx] = s;
      }
      __syncthreads();
      for (int idx = tid; idx < n; idx += kThreads) {
        const int J = idx / 256, I = J + d, r = idx / 16 % 16, c = idx % 16;
        float s = 0.0f;
#pragma unroll
        for (int x = 0; x < 16; ++x) s += Ts[(16 * I + r) * kLdL + 16 * I + x] * tmp[J * 256 + x * 16 + c];
        Ts[(16 * I + r) * kLdL + 16 * J + c] = -s;
      }
      __syncthreads();
    }

    // 4. U = T (beta V): 4 strips of 16 x 32; W = T diag(beta exp(G)) K: 4 x DK / 32 strips.
    constexpr int kWStrips = 4 * (DK / 32);
    for (int strip = warp; strip < 4 + kWStrips; strip += kWarps) {
      float acc[4][4];
      zero(acc);
      if (strip < 4) {
        const int m0 = strip * 16;
        strip_mma<4>(
            acc, L, [&](int i, int k) { return Ts[(m0 + i) * kLdL + k]; }, [&](int k, int n) { return Vb[k * kLdV + n]; });
#pragma unroll
        for (int nb = 0; nb < 4; ++nb)
#pragma unroll
          for (int r = 0; r < 4; ++r) Us[(m0 + acc_row(r)) * kLdV + acc_col(nb, r)] = acc[nb][r];
      } else {
        const int s = strip - 4, m0 = s / (DK / 32) * 16, n0 = s % (DK / 32) * 32;
        strip_mma<4>(
            acc, L, [&](int i, int k) { return Ts[(m0 + i) * kLdL + k] * (Bs[k] * Es[k]); },
            [&](int k, int n) { return Ks[k * kLdK + n0 + n]; });
#pragma unroll
        for (int nb = 0; nb < 4; ++nb)
#pragma unroll
          for (int r = 0; r < 4; ++r) Ws[(m0 + acc_row(r)) * kLdK + n0 + acc_col(nb, r)] = acc[nb][r];
      }
    }
    __syncthreads();

    // 5. Vn = U - W S0, in place of U: 8 strips of 16 x 16.
    {
      const int m0 = warp / 2 * 16, n0 = warp % 2 * 16;
      float acc[2][4];
      zero(acc);
      strip_mma<2>(
          acc, DK, [&](int i, int k) { return Ws[(m0 + i) * kLdK + k]; },
          [&](int k, int n) { return Ss[k * kLdV + n0 + n]; });
#pragma unroll
      for (int nb = 0; nb < 2; ++nb)
#pragma unroll
        for (int r = 0; r < 4; ++r) Us[(m0 + acc_row(r)) * kLdV + n0 + acc_col(nb, r)] -= acc[nb][r];
    }
    __syncthreads();

    // 6. O = diag(exp(G)) Q S0 + P Vn: 8 strips of 16 x 16, written for the chunk's real tokens.
    {
      const int m0 = warp / 2 * 16, n0 = warp % 2 * 16;
      float acc[2][4];
      zero(acc);
      strip_mma<2>(
          acc, DK, [&](int i, int k) { return Qs[(m0 + i) * kLdK + k]; },
          [&](int k, int n) { return Ss[k * kLdV + n0 + n]; });
#pragma unroll
      for (int nb = 0; nb < 2; ++nb)
#pragma unroll
        for (int r = 0; r < 4; ++r) acc[nb][r] *= Es[m0 + acc_row(r)];
      strip_mma<2>(
          acc, L, [&](int i, int k) { return Ps[(m0 + i) * kLdL + k]; },
          [&](int k, int n) { return Us[k * kLdV + n0 + n]; });
#pragma unroll
      for (int nb = 0; nb < 2; ++nb)
#pragma unroll
        for (int r = 0; r < 4; ++r) {
          const int i = m0 + acc_row(r);
          if (i < m)
            a.out[static_cast<int64_t>(t0 + i) * a.out_stride + static_cast<int64_t>(e) * dv + c0 + n0 + acc_col(nb, r)] =
                acc[nb][r];
        }
    }
    __syncthreads();

    // 7. S = exp(G_last) S0 + K^T diag(exp(G_last - G)) Vn: DK / 16 strips of 16 x 32, each warp
    // reading and writing only its own rows of S.
    for (int strip = warp; strip < DK / 16; strip += kWarps) {
      const int m0 = strip * 16;
      const float last = Es[L - 1];
      float acc[4][4];
#pragma unroll
      for (int nb = 0; nb < 4; ++nb)
#pragma unroll
        for (int r = 0; r < 4; ++r) acc[nb][r] = last * Ss[(m0 + acc_row(r)) * kLdV + acc_col(nb, r)];
      strip_mma<4>(
          acc, L, [&](int i, int k) { return Ks[k * kLdK + m0 + i] * Ds[k]; },
          [&](int k, int n) { return Us[k * kLdV + n]; });
#pragma unroll
      for (int nb = 0; nb < 4; ++nb)
#pragma unroll
        for (int r = 0; r < 4; ++r) Ss[(m0 + acc_row(r)) * kLdV + acc_col(nb, r)] = acc[nb][r];
    }
    __syncthreads();
  }
  for (int idx = tid; idx < DK * kColumns; idx += kThreads)
    S[static_cast<int64_t>(idx / kColumns) * dv + idx % kColumns] = Ss[idx / kColumns * kLdV + idx % kColumns];
}

template <int DK>
Status launch_chunked(const DeltaRuleArgs& a, cudaStream_t stream) {
  const size_t smem = sizeof(float) * Layout<DK>::kFloats;
  TESSERA_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(&chunked_kernel<DK>),
                                          cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  const dim3 grid(static_cast<unsigned>(a.heads.dv / kColumns), static_cast<unsigned>(a.heads.n_v_heads));
  return check_launch(launch_kernel(chunked_kernel<DK>, grid, dim3(kThreads), smem, stream, a), "delta_rule_chunked");
}

}  // namespace

size_t delta_rule_chunked_shared_bytes(int dk) {
  switch (dk) {
    case 32: return sizeof(float) * Layout<32>::kFloats;
    case 64: return sizeof(float) * Layout<64>::kFloats;
    case 128: return sizeof(float) * Layout<128>::kFloats;
    default: return 0;
  }
}

bool delta_rule_chunked_supports(const DeltaNetHeads& h) {
  return check_delta_net_heads(h).ok() && h.dk >= 32 && h.dv >= 32;
}

Status delta_rule_chunked(const DeltaRuleArgs& a, cudaStream_t stream) {
  if (a.n_tok <= 0) return {};
  TESSERA_TRY(check_delta_net_heads(a.heads));
  if (!delta_rule_chunked_supports(a.heads))
    return make_error(ErrorKind::Unsupported, "delta_rule_chunked takes head sizes of 32 and up, not dk " +
                                                  std::to_string(a.heads.dk) + " and dv " + std::to_string(a.heads.dv) +
                                                  " (delta_rule_sequential does)");
  int dev = 0, optin = 0;
  TESSERA_CUDA_CHECK(cudaGetDevice(&dev));
  TESSERA_CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  const size_t need = delta_rule_chunked_shared_bytes(a.heads.dk);
  if (need > static_cast<size_t>(optin))
    return make_error(ErrorKind::Unsupported, "delta_rule_chunked needs " + std::to_string(need) +
                                                  " bytes of shared memory per block; CUDA device " +
                                                  std::to_string(dev) + " offers " + std::to_string(optin));
  switch (a.heads.dk) {
    case 32: return launch_chunked<32>(a, stream);
    case 64: return launch_chunked<64>(a, stream);
    default: return launch_chunked<128>(a, stream);
  }
}

}  // namespace tessera::cuda
