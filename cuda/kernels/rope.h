// Rotary position embedding, in place, positions read from device memory.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <vector>

#include "common/error.h"
#include "kernels/kv_cache.h"

namespace tessera::cuda {

enum class RopeStyle {
  Normal,  // pairs (x[2i], x[2i+1]): llama, mistral GGUF files
  NeoX,    // pairs (x[i], x[i + n_dims/2]): qwen2
};

struct RopeConfig {
  RopeStyle style = RopeStyle::Normal;
  int n_dims = 0;  // rotated dimensions per head (even, <= head_dim); the rest are left alone
  float freq_base = 10000.0f;
  float freq_scale = 1.0f;
  // Device pointer to n_dims/2 divisors of the per-pair frequency (llama3 scaling, rope_freqs), or null.
  const float* freq_factors = nullptr;
  // Device pointer to the n_dims/2 values theta_i of the formula below, precomputed in f64
  // (rope_theta_table), or null to compute them per thread.
  const double* theta = nullptr;
  // Multiplies cos and sin (LongRoPE's attention factor); 1 for every other model.
  float attn_factor = 1.0f;
};

// theta_i = freq_scale * freq_base^(-2i/n_dims) / freq_factors[i] for i < n_dims/2 (factors may be
// empty), in f64 on the host: the table RopeConfig::theta points to.
std::vector<double> rope_theta_table(int n_dims, float freq_base, float freq_scale,
                                     const std::vector<float>& freq_factors);

// x: n_tokens rows, token_stride floats apart; each row holds n_heads heads of head_dim floats.
// For token t at p = positions[t] (device memory) and pair i < n_dims/2:
//   theta_i = freq_scale * freq_base^(-2i/n_dims) / freq_factors[i]   (computed in f64)
//   angle = p * theta_i (f64); (a, b) -> (a cos - b sin, a sin + b cos) with cos/sin rounded to f32.
Status rope(float* x, int64_t token_stride, int n_tokens, int n_heads, int head_dim, const int32_t* positions,
            const RopeConfig& config, cudaStream_t stream);

// A step's rotary embedding and KV-cache write in one kernel (two for the quantized cache types:
// q, then K and V a block of 32 per warp). For token t (rows token_stride floats apart; q, k and v
// may point into one row as the fused Q|K|V product writes them):
//   q[t]: n_head heads rotated in place, as rope();
//   cache.k[positions[t]] = encode(rope(k[t])), cache.v[positions[t]] = encode(v[t]) (n_head_kv
//   heads; encode as kv_cache_write for the cache's type);
// k itself is left as it was. The values equal rope() followed by kv_cache_write().
// A position outside [0, cache.capacity) rotates q but writes no cache row (as kv_cache_write).
//
// With `extras`, what came before the rotation as separate launches is folded in, in this order:
// the biases of q, k and v (Qwen2's Q/K/V biases: x + b), then the RMS norm of each q and k head
// with its gain (Qwen3's QK-norm: x / sqrt(mean(x^2) + eps) * w, w of head_dim values shared by the
// heads), so the values equal add_bias_rows, rms_norm_heads, rope and kv_cache_write in sequence.
// One warp per head; F16 caches and head_dim <= 256 only (other calls are errors: callers keep the
// separate launches there). Null pointers: that extra is absent.
struct RopeHeadExtras {
  const float* q_bias = nullptr;  // n_head * head_dim
  const float* k_bias = nullptr;  // n_head_kv * head_dim
  const float* v_bias = nullptr;  // n_head_kv * head_dim
  const float* q_norm = nullptr;  // head_dim gains
  const float* k_norm = nullptr;  // head_dim gains
  float eps = 0.0f;
};
Status rope_qk_to_cache(float* q, const float* k, const float* v, int64_t token_stride, int n_tokens, int n_head,
                        int n_head_kv, int head_dim, const int32_t* positions, const RopeConfig& config,
                        const KvCacheView& cache, cudaStream_t stream, const RopeHeadExtras* extras = nullptr);

// The context shift of one layer's cache (BackendModel::kv_remove): rows [first, first + n_rows)
// move down by `delta` positions (to [first - delta, ...), delta >= 1, first >= delta), each K head
// rotated by -delta positions: pair i of the first n_dims turns by -delta * theta_i (the angle in
// f64, cos/sin rounded to f32, without attn_factor: the stored key carries it once already); the
// rest of K and all of V are copied. Every row is read before it is overwritten. F16 caches
// (KvCacheView's layout: rows cache.stride halves apart, n_head_kv heads of head_dim). n_dims 0:
// nothing turns (a layer without rotation, Llama 4's NoPE layers).
Status kv_cache_shift(const KvCacheView& cache, int n_head_kv, int head_dim, int first, int n_rows, int delta,
                      const RopeConfig& config, cudaStream_t stream);

}  // namespace tessera::cuda
