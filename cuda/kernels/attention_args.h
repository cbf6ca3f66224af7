// The launch arguments of the attention kernels (attention.cu's SIMT kernel and merge kernel,
// attention_mma.cu's tensor-core kernel): attention() fills them once from AttentionArgs and the
// split plan; each kernel reads the division of work (gb, n_hsub, nq) of its own launch.
#pragma once

#include <cstdint>

namespace tessera::cuda {

// The first key position p's query sees: the later of its window's start and its chunk's start
// (attention.h's masks). Monotonic in p, so the smallest position of a tile of queries gives the
// tile's first key, and the largest the key from which every query of the tile sees everything.
#if defined(__CUDACC__)
#define TESSERA_ATTENTION_HD __host__ __device__
#else
#define TESSERA_ATTENTION_HD
#endif
TESSERA_ATTENTION_HD inline int attention_first_key(int p, int window, int chunk) {
  int first = window > 0 ? p - window + 1 : 0;
  if (chunk > 0) first = first > p / chunk * chunk ? first : p / chunk * chunk;
  return first > 0 ? first : 0;
}

struct AttentionKernelArgs {
  const float* q;
  int64_t q_stride;
  const uint16_t* k;
  const uint16_t* v;
  int64_t kv_stride;  // 16-bit words between positions (kv_cache.h)
  float* out;
  int64_t out_stride;
  const int32_t* positions;
  int n_tokens, n_head, head_dim, capacity;
  int group;  // query heads per KV head
  int gb;     // query heads of one group a CTA takes (divides group)
  int n_hsub; // group / gb
  int nq;     // query tokens per CTA
  int n_splits, chunk;  // key splits and keys per split (the plan of attention_split.h)
  int kstride;          // SIMT kernel: halves between K rows in shared memory
  float qscale;   // scale * log2(e): scores are kept in base 2 (scale alone with a soft-cap)
  int window;     // 0: none
  int attn_chunk; // chunked attention's chunk of positions (Llama 4); 0: none
  float softcap;  // 0: none
  float inv_softcap;
  const float* sinks;  // n_head natural-log logits, or null
  float* ws_acc;  // [n_tokens * n_head * n_splits][head_dim]
  float* ws_ml;   // [n_tokens * n_head * n_splits][2]: running max (base 2), sum
};

}  // namespace tessera::cuda
