// Comparing a run's distributions with a base run's (kld_base_file.h), token by token, with the
// statistics llama-perplexity's --kl-divergence prints, so the figures compare with the field's:
// PPL of both runs and their ratio and difference (with errors that account for the correlation
// of the two runs' NLLs), KL(base || run) mean with its error and quantiles, the difference of the
// probability given to the right token (delta p), and how often both runs' most likely token agree
// ("same top p").
//
// KL divergence per position: sum_i p_base(i) (log p_base(i) - log p_run(i)), over the tokens in
// the base row's window (decode_kld_row: renormalized, so identical runs give 0 up to the square of
// the quantization error, ~1e-8, and the mass below the window, ~1e-9 at most). Same top p compares the run's argmax with the base's stored
// exact argmax, so identical runs agree on every token.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "eval/kld_base_file.h"
#include "eval/perplexity.h"

namespace tessera::eval {

// Values at fractions of the sorted samples (linear interpolation between neighbours, as
// llama-perplexity does); all 0 without samples.
struct Quantiles {
  double max = 0, p99_9 = 0, p99 = 0, p95 = 0, p90 = 0, median = 0, p10 = 0, p5 = 0, p1 = 0, p0_1 = 0, min = 0;
};
Quantiles quantiles_of(std::vector<float> values);

struct KldSummary {
  int64_t count = 0;                  // scored positions compared
  Estimate ppl, ppl_base;             // exp(mean NLL) of the run and of the base
  double log_ppl_correlation = 0.0;   // correlation of the two mean NLLs
  Estimate log_ppl_ratio;             // ln(PPL / PPL(base))
  Estimate ppl_ratio;                 // PPL / PPL(base)
  Estimate ppl_diff;                  // PPL - PPL(base)
  Estimate kld;                       // mean KL(base || run), nats
  Estimate p_diff;                    // mean of p_run(target) - p_base(target)
  Estimate p_diff_rms;                // root mean square of the same
  Estimate same_top;                  // fraction of positions where both argmaxes agree
  bool has_quantiles = false;
  Quantiles kld_quantiles, p_diff_quantiles;
};

class KldAccumulator {
 public:
  // One scored position: the base's row, the run's logits for it (n_vocab values) and the token
  // that follows. Precondition: logits.size() == base.codes.size(), 0 <= target < that.
  void add(const KldRow& base, std::span<const float> logits, int32_t target);

  int64_t count() const { return nll_.count(); }
  // The statistics so far; quantiles (a sort of every sample) only when asked.
  KldSummary summary(bool with_quantiles) const;

 private:
  MeanAccumulator nll_, nll_base_, kld_, p_diff_, p_diff2_;
  double sum_nll_nll_base_ = 0.0;
  int64_t same_top_ = 0;
  std::vector<float> kld_values_, p_diff_values_;
  std::vector<double> base_lp_;  // scratch: one decoded base row
};

}  // namespace tessera::eval
