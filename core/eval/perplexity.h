// Perplexity the way llama-perplexity measures it, so figures compare with the field's:
//
// - The text is tokenized once (BOS in front when the model wants one) and cut into chunks of
//   n_ctx tokens; the tail that does not fill a chunk is dropped. At least two chunks are needed.
// - Each chunk is evaluated from an empty KV cache, its first token replaced by BOS when the model
//   uses one, with the logits of every position kept.
// - Only the second half is scored, so every prediction has at least n_ctx/2 tokens of context:
//   the logits at positions first_scored .. n_ctx-2 (first_scored = n_ctx/2) predict the tokens at
//   first_scored+1 .. n_ctx-1, so each chunk scores n_ctx - 1 - n_ctx/2 tokens.
// - PPL = exp(mean NLL) over every scored token; its error is PPL x the standard error of the mean
//   NLL, sqrt((E[x^2] - E[x]^2) / (n - 1)).
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/error.h"

namespace tessera::eval {

struct ChunkPlan {
  int32_t n_ctx = 0;         // tokens per chunk
  int32_t n_chunks = 0;      // chunks evaluated
  int32_t first_scored = 0;  // n_ctx / 2
  int32_t scored_per_chunk() const { return n_ctx - 1 - first_scored; }
  int64_t scored_tokens() const { return static_cast<int64_t>(n_chunks) * scored_per_chunk(); }
};

// The smallest context a chunk can have and still score a token.
constexpr int32_t kMinChunkContext = 4;

// Chunks of `n_ctx` over `n_tokens` tokens, at most `max_chunks` of them (<= 0: all that fit).
// Errors (InvalidArgument): n_ctx below kMinChunkContext; fewer than 2 x n_ctx tokens (the message
// gives both counts, so the person can pick a smaller -c or a longer text).
Result<ChunkPlan> plan_chunks(size_t n_tokens, int32_t n_ctx, int32_t max_chunks);

// A mean with its standard error (0 with fewer than two samples or no spread).
struct Estimate {
  double value = 0.0;
  double error = 0.0;
};

// Running sums of one quantity (an NLL, a KL divergence, ...), in double.
class MeanAccumulator {
 public:
  void add(double x) {
    sum_ += x;
    sum2_ += x * x;
    ++count_;
  }
  int64_t count() const { return count_; }
  double sum() const { return sum_; }
  double sum2() const { return sum2_; }
  Estimate mean() const;

 private:
  double sum_ = 0.0, sum2_ = 0.0;
  int64_t count_ = 0;
};

// exp(mean NLL) with its error (PPL x the NLL's standard error, first-order propagation).
Estimate perplexity_from_nll(const MeanAccumulator& nll);

}  // namespace tessera::eval
