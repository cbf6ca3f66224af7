// Token sampling: penalties, truncation filters and a seeded draw, as one fixed chain.
//
// Chain order (llama.cpp's default order, so settings mean what people expect from it):
//   1. penalties over the last `penalty_last_n` accepted tokens (prompt included):
//        repetition (logit > 0 ? logit / r : logit * r), then frequency (- count * f) and
//        presence (- p if count > 0)
//   2. temperature <= 0: greedy — the largest penalised logit, ties toward the lower id; stop here
//   3. top-k  (keep the k largest; k <= 0 or k >= vocabulary: off)
//   4. top-p  (keep the smallest prefix, by descending probability, whose mass reaches p; p >= 1: off)
//   5. min-p  (keep tokens whose probability is >= min_p x the top probability; min_p <= 0: off)
//   6. temperature (divide logits by it)
//   7. draw from the softmax of what is left with the sampler's own std::mt19937_64.
// Every filter keeps at least one token. Candidates are ordered by descending logit, ties toward
// the lower id, so the result depends only on the logits, the history and the seed: a seed
// reproduces a generation exactly (the draw uses the generator's raw 64-bit output, not a
// library distribution, so it is the same with every standard library).
#pragma once

#include <cstdint>
#include <deque>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "sampling/token_mask.h"

namespace tessera {

// A seed that means "pick one from std::random_device" (Sampler::seed() tells which).
constexpr uint64_t kRandomSeed = ~0ull;

struct SamplingParams {
  float temperature = 0.8f;  // <= 0: greedy
  int32_t top_k = 40;        // <= 0: off
  float top_p = 0.95f;       // >= 1: off
  float min_p = 0.05f;       // <= 0: off
  float repeat_penalty = 1.0f;     // 1: off
  float frequency_penalty = 0.0f;  // 0: off
  float presence_penalty = 0.0f;   // 0: off
  int32_t penalty_last_n = 64;     // tokens of history the penalties look at; 0: off, -1: all
  uint64_t seed = kRandomSeed;

  friend bool operator==(const SamplingParams&, const SamplingParams&) = default;

  bool greedy() const { return temperature <= 0.0f; }
  bool has_penalties() const {
    return penalty_last_n != 0 && (repeat_penalty != 1.0f || frequency_penalty != 0.0f || presence_penalty != 0.0f);
  }
  // Checks ranges; the message names the parameter and the value.
  std::string validate() const;  // empty when valid
};

struct TokenProb {
  int32_t id;
  float logit;  // after penalties (and temperature, in distribution())
  float p;      // probability among the kept candidates
};

class Sampler {
 public:
  explicit Sampler(const SamplingParams& params = {});

  const SamplingParams& params() const { return params_; }
  uint64_t seed() const { return seed_; }

  // Picks the next token from one row of logits (n_vocab values). Does not accept it. With
  // `allowed`, only tokens in it are candidates (a grammar's mask: the chain runs on them alone);
  // -1 when it allows none. A NaN counts as -inf here; the engine refuses rows that hold one
  // before sampling (check_logits, backend.h).
  int32_t sample(std::span<const float> logits, const TokenMask* allowed = nullptr);
  // The candidates the draw would choose from, with their probabilities, in descending order.
  // Greedy settings give the single chosen token with p = 1.
  std::vector<TokenProb> distribution(std::span<const float> logits);

  // Records a token in the penalty history (prompt tokens and generated tokens).
  void accept(int32_t token);
  // Forgets the history and reseeds (the same seed again, so a reset sampler repeats itself).
  void reset();
  // True when sampling is a plain argmax of the raw logits (a backend may do it on the device).
  bool is_plain_greedy() const { return params_.greedy() && !params_.has_penalties(); }

 private:
  void build_candidates(std::span<const float> logits, const TokenMask* allowed);
  void apply_penalties();
  void filter();  // steps 3-6 on candidates_, leaves p filled

  SamplingParams params_;
  uint64_t seed_;
  std::mt19937_64 rng_;
  std::deque<int32_t> history_;
  std::vector<TokenProb> candidates_;
};

}  // namespace tessera
