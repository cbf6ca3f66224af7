#include "eval/log_probs.h"

#include <algorithm>
#include <cmath>

namespace tessera::eval {

double log_sum_exp(std::span<const float> logits) {
  const float max_logit = *std::max_element(logits.begin(), logits.end());
  double sum = 0.0;
  for (float v : logits) sum += std::exp(static_cast<double>(v) - max_logit);
  return max_logit + std::log(sum);
}

double token_log_prob(std::span<const float> logits, int32_t token) {
  return static_cast<double>(logits[static_cast<size_t>(token)]) - log_sum_exp(logits);
}

int32_t argmax(std::span<const float> logits) {
  // max_element returns the first of equal maxima: ties go to the lower id.
  return static_cast<int32_t>(std::max_element(logits.begin(), logits.end()) - logits.begin());
}

std::vector<TokenLogProb> top_log_probs(std::span<const float> logits, int32_t k) {
  const size_t n = std::min(static_cast<size_t>(std::max(k, 0)), logits.size());
  if (n == 0) return {};
  std::vector<int32_t> ids(logits.size());
  for (size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<int32_t>(i);
  const auto more_likely = [&](int32_t a, int32_t b) {
    const float la = logits[static_cast<size_t>(a)], lb = logits[static_cast<size_t>(b)];
    return la > lb || (la == lb && a < b);
  };
  std::partial_sort(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(n), ids.end(), more_likely);
  const double lse = log_sum_exp(logits);
  std::vector<TokenLogProb> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = {ids[i], static_cast<double>(logits[static_cast<size_t>(ids[i])]) - lse};
  return out;
}

}  // namespace tessera::eval
