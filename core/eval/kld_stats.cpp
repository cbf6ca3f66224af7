#include "eval/kld_stats.h"

#include <algorithm>
#include <cmath>

#include "eval/log_probs.h"

namespace tessera::eval {
namespace {

// Covariance of the means of two paired samples (llama-perplexity's estimate).
double covariance_of_means(const MeanAccumulator& a, const MeanAccumulator& b, double sum_ab) {
  const auto n = static_cast<double>(a.count());
  if (a.count() < 2) return 0.0;
  return (sum_ab / n - (a.sum() / n) * (b.sum() / n)) / (n - 1.0);
}

double sqrt_or_zero(double v) { return v > 0.0 ? std::sqrt(v) : 0.0; }

}  // namespace

Quantiles quantiles_of(std::vector<float> v) {
  Quantiles q;
  if (v.empty()) return q;
  std::sort(v.begin(), v.end());
  const auto at = [&](double fraction) {
    const double p = fraction * static_cast<double>(v.size() - 1);
    const auto i = static_cast<size_t>(p);
    const double t = p - static_cast<double>(i);
    return (1.0 - t) * v[i] + t * v[std::min(i + 1, v.size() - 1)];
  };
  q.min = v.front();
  q.max = v.back();
  q.p99_9 = at(0.999);
  q.p99 = at(0.99);
  q.p95 = at(0.95);
  q.p90 = at(0.90);
  q.median = at(0.5);
  q.p10 = at(0.10);
  q.p5 = at(0.05);
  q.p1 = at(0.01);
  q.p0_1 = at(0.001);
  return q;
}

void KldAccumulator::add(const KldRow& base, std::span<const float> logits, int32_t target) {
  const double lse = log_sum_exp(logits);
  const double nll = lse - logits[static_cast<size_t>(target)];
  const double nll_base = -static_cast<double>(base.target_lp);
  nll_.add(nll);
  nll_base_.add(nll_base);
  sum_nll_nll_base_ += nll * nll_base;

  decode_kld_row(base, base_lp_);
  double kld = 0.0;
  for (size_t i = 0; i < base_lp_.size(); ++i) {
    const double b = base_lp_[i];
    if (std::isinf(b)) continue;  // outside the base's window: probability 0
    kld += std::exp(b) * (b - (static_cast<double>(logits[i]) - lse));
  }
  kld_.add(kld);
  kld_values_.push_back(static_cast<float>(kld));

  const double p_diff = std::exp(-nll) - std::exp(-nll_base);
  p_diff_.add(p_diff);
  p_diff2_.add(p_diff * p_diff);
  p_diff_values_.push_back(static_cast<float>(p_diff));
  if (argmax(logits) == base.top) ++same_top_;
}

KldSummary KldAccumulator::summary(bool with_quantiles) const {
  KldSummary s;
  s.count = nll_.count();
  if (s.count == 0) return s;
  const Estimate log_ppl = nll_.mean(), log_ppl_base = nll_base_.mean();
  s.ppl = perplexity_from_nll(nll_);
  s.ppl_base = perplexity_from_nll(nll_base_);
  const double cov = covariance_of_means(nll_, nll_base_, sum_nll_nll_base_);
  const double err_product = log_ppl.error * log_ppl_base.error;
  s.log_ppl_correlation = err_product > 0.0 ? cov / err_product : 0.0;
  s.log_ppl_ratio.value = log_ppl.value - log_ppl_base.value;
  s.log_ppl_ratio.error = sqrt_or_zero(log_ppl.error * log_ppl.error + log_ppl_base.error * log_ppl_base.error - 2.0 * cov);
  s.ppl_ratio.value = std::exp(s.log_ppl_ratio.value);
  s.ppl_ratio.error = s.ppl_ratio.value * s.log_ppl_ratio.error;
  s.ppl_diff.value = s.ppl.value - s.ppl_base.value;
  s.ppl_diff.error = sqrt_or_zero(s.ppl.error * s.ppl.error + s.ppl_base.error * s.ppl_base.error -
                                  2.0 * s.ppl.value * s.ppl_base.value * cov);
  s.kld = kld_.mean();
  s.p_diff = p_diff_.mean();
  const Estimate mse = p_diff2_.mean();
  s.p_diff_rms.value = std::sqrt(std::max(mse.value, 0.0));
  s.p_diff_rms.error = s.p_diff_rms.value > 0.0 ? 0.5 / s.p_diff_rms.value * mse.error : 0.0;
  const double n = static_cast<double>(s.count);
  s.same_top.value = static_cast<double>(same_top_) / n;
  s.same_top.error = s.count > 1 ? sqrt_or_zero(s.same_top.value * (1.0 - s.same_top.value) / (n - 1.0)) : 0.0;
  if (with_quantiles) {
    s.has_quantiles = true;
    s.kld_quantiles = quantiles_of(kld_values_);
    s.p_diff_quantiles = quantiles_of(p_diff_values_);
  }
  return s;
}

}  // namespace tessera::eval
