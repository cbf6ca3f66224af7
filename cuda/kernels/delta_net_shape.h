// The head layout of a Gated DeltaNet layer as the CUDA kernels see it (core's DeltaNetParams,
// model_spec.h), and which sizes the kernels take.
//
// The convolved channels of one token are one row of C = 2 Kq + Vd floats: q (Hk heads of dk) |
// k (Hk heads of dk) | v (Hv heads of dv). Value head e reads key head key_head(e). A layer's
// delta-rule state is Hv matrices of dk x dv floats, row-major by key index (S[i][j] at i dv + j),
// the CPU backend's layout (core/backend/cpu_delta_net.h), so states move between them unchanged.
#pragma once

#include <cstdint>
#include <string>

#include "common/error.h"

// Members the kernels call too: host and device where nvcc compiles, plain host code elsewhere (the
// backend's .cpp files include this header).
#if defined(__CUDACC__)
#define TESSERA_DELTA_HD __host__ __device__
#else
#define TESSERA_DELTA_HD
#endif

namespace tessera::cuda {

struct DeltaNetHeads {
  int n_k_heads = 0;  // Hk
  int n_v_heads = 0;  // Hv, a multiple of Hk
  int dk = 0;         // key (and query) head size
  int dv = 0;         // value head size
  bool v_heads_tiled = true;  // value head e reads key head e % Hk (Qwen3.5), else e / (Hv / Hk) (Qwen3-Next)

  TESSERA_DELTA_HD int64_t key_dim() const { return static_cast<int64_t>(n_k_heads) * dk; }
  TESSERA_DELTA_HD int64_t value_dim() const { return static_cast<int64_t>(n_v_heads) * dv; }
  TESSERA_DELTA_HD int64_t channels() const { return 2 * key_dim() + value_dim(); }
  TESSERA_DELTA_HD int64_t state_floats() const { return static_cast<int64_t>(n_v_heads) * dk * dv; }
};

TESSERA_DELTA_HD inline int delta_key_head(const DeltaNetHeads& h, int e) {
  return h.v_heads_tiled ? e % h.n_k_heads : e / (h.n_v_heads / h.n_k_heads);
}

// The head sizes every kernel of a Gated DeltaNet layer takes: dk and dv each 16, 32, 64 or 128
// (every published model uses 128; the random test models 16), at least one key head, Hv a
// multiple of Hk. delta_rule_chunked takes 32 and up (delta_rule_chunked_supports).
inline bool delta_net_head_size_supported(int d) {
  return d == 16 || d == 32 || d == 64 || d == 128;
}
inline Status check_delta_net_heads(const DeltaNetHeads& h) {
  if (h.n_k_heads <= 0 || h.n_v_heads <= 0 || h.n_v_heads % h.n_k_heads != 0)
    return make_error(ErrorKind::Unsupported, "Gated DeltaNet with " + std::to_string(h.n_v_heads) +
                                                  " value heads over " + std::to_string(h.n_k_heads) +
                                                  " key heads: the value heads must be a multiple of the key heads");
  if (!delta_net_head_size_supported(h.dk) || !delta_net_head_size_supported(h.dv))
    return make_error(ErrorKind::Unsupported, "the CUDA Gated DeltaNet kernels take key and value head sizes of 16, "
                                              "32, 64 or 128; this model has " +
                                                  std::to_string(h.dk) + " and " + std::to_string(h.dv));
  return {};
}

}  // namespace tessera::cuda
