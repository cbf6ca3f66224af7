// Log-probabilities from one row of logits: the log-softmax the quality tools (perplexity, KL
// divergence) and `run --json --top-logprobs` read the model's distribution through.
//
// All sums are taken in double after subtracting the row's maximum, so a 128k-token vocabulary
// with logits in the hundreds neither overflows nor loses the small terms.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace tessera::eval {

// log(sum_i exp(logits_i)) of one row (n_vocab values, at least one).
double log_sum_exp(std::span<const float> logits);

// log p(token) = logits[token] - log_sum_exp(logits). Precondition: 0 <= token < logits.size().
double token_log_prob(std::span<const float> logits, int32_t token);

// Index of the largest logit, ties toward the lower id (the same rule as BackendModel::argmax).
int32_t argmax(std::span<const float> logits);

struct TokenLogProb {
  int32_t id = 0;
  double log_prob = 0.0;
};

// The k most likely tokens of the row with their log-probabilities, most likely first (ties toward
// the lower id); k is clamped to the row's length; k <= 0 gives none.
std::vector<TokenLogProb> top_log_probs(std::span<const float> logits, int32_t k);

}  // namespace tessera::eval
