// The launch arguments of the attention kernels (attention.cu's SIMT kernel and merge kernel,
// attention_mma.cu's tensor-core kernel): attention() fills them once from AttentionArgs and the
// split plan; each kernel reads the division of work (gb, n_hsub, nq) of its own launch.
#pragma once

#include <cstdint>

namespace tessera::cuda {

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
  float softcap;  // 0: none
  float inv_softcap;
  const float* sinks;  // n_head natural-log logits, or null
  float* ws_acc;  // [n_tokens * n_head * n_splits][head_dim]
  float* ws_ml;   // [n_tokens * n_head * n_splits][2]: running max (base 2), sum
};

}  // namespace tessera::cuda
