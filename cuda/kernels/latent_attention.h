// Multi-head latent attention (MLA: DeepSeek-V2/V3/R1, Kimi K2; model_spec.h's "latent attention
// layers") over its cache of one latent row per position, in the absorbed form: every head's query
// has already been taken into the latent's space (u_h = AttnKB_h q_n, the backend's per-head
// products), so attention is multi-query attention of n_head queries against one shared key row,
// whose first `rank` values are also the value:
//
//   cache row j:  [c_j | k_r_j]              (rank + rope values: the normed latent, the rotated key)
//   query t, h:   [u_h | q_r_h]              (rank + rope values)
//   s_j = scale * (u_h . c_j + q_r_h . k_r_j) for keys j <= p = positions[t]
//   out[t][h] = sum_j e^{s_j} c_j / sum_j e^{s_j}       (rank values: the attended latent; the backend
//                                                      takes it out with AttnVB_h afterwards)
// The softmax is computed online in base 2, as attention.h's kernels do.
//
// Why a SIMT kernel of its own rather than attention_mma.cu with the GQA group = every head: the
// tensor-core kernel's templates hold a head's whole output accumulator in registers (head sizes up
// to 256, equal for K and V); MLA's key is 576 and its value 512 values wide, which needs the value
// dims split across warps and a K tile wider than V, a kernel of its own. This one keeps the parts of
// the existing SIMT design that matter here and reads the latent once per CTA for all its heads:
//
// How it runs: a CTA takes a slice of up to 16 heads (a warp each; every head when there are at most
// 16: DeepSeek-V2-Lite's 16, so a decode step reads each cached row once per key split), a tile of
// query tokens and a split of the key range (plan_latent_attention_split, which also sizes the
// workspace). Rows come through shared memory 32 keys at a time, shared by every head and token of
// the CTA: each lane scores one key over the whole row, then the lanes split the latent's dims to
// accumulate the values. For one or few tokens the key range is split over CTAs and a second kernel
// merges the partials. At DeepSeek-V3's 128 heads a decode step's 8 head slices read each row 8 times
// (from L2 after the first). Per key it does ~2 (rank + rope + rank) flops per head against the row's
// 2 (rank + rope) bytes, so it is compute bound in SIMT from a few heads on (prompts above all); a
// tensor-core version (the heads as the rows of an mma, the value dims split across warps) is the
// next step. Not yet measured on a GPU.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "backend/backend.h"
#include "common/error.h"
#include "kernels/rope.h"

namespace tessera::cuda {

// One layer's latent cache: `capacity` rows, one per position, `stride` 16-bit words apart, of
// rank + rope values encoded as the KV cache type says (kv_cache.h's row encoding: F16, or Q8_0 /
// Q4_0 blocks of 32 values, the last block padded with zeros).
struct LatentCacheView {
  uint16_t* rows = nullptr;
  int64_t stride = 0;
  int capacity = 0;
  KvCacheType type = KvCacheType::F16;
};

struct LatentAttentionArgs {
  const float* q = nullptr;  // n_tokens rows, q_stride floats apart; head h at h * (rank + rope)
  int64_t q_stride = 0;
  LatentCacheView cache;
  float* out = nullptr;  // n_tokens rows, out_stride floats apart; head h at h * rank
  int64_t out_stride = 0;
  const int32_t* positions = nullptr;  // device, n_tokens values in [0, cache.capacity)
  int n_tokens = 0;
  int n_head = 0;
  int rank = 0;  // Lk: a multiple of 8 (of 16 above 256), at most kMaxLatentRank
  int rope = 0;  // R: rank + rope a multiple of 8
  float scale = 0;
};

inline constexpr int kMaxLatentRank = 512;

// Workspace latent_attention() needs for these sizes (0 when the key range is not split).
size_t latent_attention_workspace_bytes(int n_tokens, int n_head, int rank, int capacity);

// Errors: bad shapes, too small a workspace, a launch failure.
Status latent_attention(const LatentAttentionArgs& args, void* workspace, size_t workspace_bytes,
                        cudaStream_t stream);

// cache row positions[t] = encode(rows[t]) (width values, rows `stride` floats apart) for t <
// n_tokens, as kv_cache_write encodes a K row (F16 rounds to nearest even; Q8_0 bit for bit as
// core/quant; Q4_0 as ggml's reference quantizer). A position outside [0, capacity) is skipped.
Status latent_cache_write(const float* rows, int64_t stride, int n_tokens, int width, const int32_t* positions,
                          const LatentCacheView& cache, cudaStream_t stream);

// The context shift of one layer's F16 latent cache (BackendModel::kv_remove): rows [first, first +
// n_rows) move down by `delta` positions (delta >= 1, first >= delta); in each, the latent's `rank`
// values are copied and the rotated key's `rope` values turn by -delta positions (pair i by -delta
// theta_i: the angle in f64, cos/sin rounded to f32, no attn_factor: the stored key carries it once
// already; pairs as `config.style` says; theta from config.theta, which must be set). Every row is
// read before it is overwritten.
Status latent_cache_shift(const LatentCacheView& cache, int rank, int rope, int first, int n_rows, int delta,
                          const RopeConfig& config, cudaStream_t stream);

}  // namespace tessera::cuda
