#include "perplexity_json.h"

#include "run_json.h"

namespace tessera::cli {
namespace {

nlohmann::json estimate(const eval::Estimate& e) {
  return {{"value", e.value}, {"error", e.error}};
}

nlohmann::json quantiles(const eval::Quantiles& q) {
  return {{"max", q.max},       {"p99_9", q.p99_9}, {"p99", q.p99}, {"p95", q.p95}, {"p90", q.p90}, {"median", q.median},
          {"p10", q.p10},       {"p5", q.p5},       {"p1", q.p1},   {"p0_1", q.p0_1}, {"min", q.min}};
}

}  // namespace

nlohmann::json perplexity_json(const Engine& engine, size_t n_tokens, const eval::PerplexityResult& result,
                               const std::vector<double>& chunk_ppl, double seconds) {
  nlohmann::json out;
  out["model"] = model_json(engine);
  out["n_tokens"] = n_tokens;
  out["n_ctx"] = result.plan.n_ctx;
  out["n_chunks"] = result.plan.n_chunks;
  out["scored_per_chunk"] = result.plan.scored_per_chunk();
  out["ppl"] = estimate(result.ppl);
  out["chunk_ppl"] = chunk_ppl;
  out["seconds"] = seconds;
  if (result.kld) {
    const eval::KldSummary& k = *result.kld;
    nlohmann::json kld = {{"count", k.count},
                          {"ppl", estimate(k.ppl)},
                          {"ppl_base", estimate(k.ppl_base)},
                          {"log_ppl_correlation", k.log_ppl_correlation},
                          {"log_ppl_ratio", estimate(k.log_ppl_ratio)},
                          {"ppl_ratio", estimate(k.ppl_ratio)},
                          {"ppl_diff", estimate(k.ppl_diff)},
                          {"kld", estimate(k.kld)},
                          {"p_diff", estimate(k.p_diff)},
                          {"p_diff_rms", estimate(k.p_diff_rms)},
                          {"same_top", estimate(k.same_top)}};
    if (k.has_quantiles) {
      kld["kld_quantiles"] = quantiles(k.kld_quantiles);
      kld["p_diff_quantiles"] = quantiles(k.p_diff_quantiles);
    }
    out["kld"] = std::move(kld);
  }
  return out;
}

}  // namespace tessera::cli
