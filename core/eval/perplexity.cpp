#include "eval/perplexity.h"

#include <cmath>
#include <string>

namespace tessera::eval {

Result<ChunkPlan> plan_chunks(size_t n_tokens, int32_t n_ctx, int32_t max_chunks) {
  if (n_ctx < kMinChunkContext)
    return make_error(ErrorKind::InvalidArgument, "a context of " + std::to_string(n_ctx) +
                                                      " tokens is too short to score; use at least " +
                                                      std::to_string(kMinChunkContext));
  const auto ctx = static_cast<size_t>(n_ctx);
  if (n_tokens < 2 * ctx)
    return make_error(ErrorKind::InvalidArgument,
                      "the text is " + std::to_string(n_tokens) + " tokens; a context of " + std::to_string(n_ctx) +
                          " needs at least " + std::to_string(2 * ctx) +
                          " (two chunks): give a longer text or a smaller context");
  ChunkPlan plan;
  plan.n_ctx = n_ctx;
  const size_t fit = n_tokens / ctx;
  plan.n_chunks = static_cast<int32_t>(max_chunks > 0 ? std::min(fit, static_cast<size_t>(max_chunks)) : fit);
  plan.first_scored = n_ctx / 2;
  return plan;
}

Estimate MeanAccumulator::mean() const {
  Estimate e;
  if (count_ == 0) return e;
  const double n = static_cast<double>(count_);
  e.value = sum_ / n;
  const double variance = sum2_ / n - e.value * e.value;
  if (count_ > 1 && variance > 0.0) e.error = std::sqrt(variance / (n - 1.0));
  return e;
}

Estimate perplexity_from_nll(const MeanAccumulator& nll) {
  const Estimate m = nll.mean();
  const double ppl = std::exp(m.value);
  return {ppl, ppl * m.error};
}

}  // namespace tessera::eval
