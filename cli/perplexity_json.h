// `tessera-cli perplexity --json`: the run's figures as one JSON object on stdout, for scripts (the
// GPU session's quality tables) instead of llama-perplexity's text layout:
//   {"model": {path, architecture, parameters, type, backend, n_ctx}   (run_json.h's model_json),
//    "n_tokens": tokens of the text, "n_ctx": tokens per chunk, "n_chunks", "scored_per_chunk",
//    "ppl": {"value", "error"}, "chunk_ppl": [the running PPL after each chunk, as "[k]x," prints it],
//    "seconds": evaluation and scoring time,
//    "kld" (with --kl-divergence-base): {"count", "ppl", "ppl_base", "log_ppl_correlation",
//        "log_ppl_ratio", "ppl_ratio", "ppl_diff", "kld", "p_diff", "p_diff_rms", "same_top"
//        (each {"value", "error"} but the count and the correlation), "kld_quantiles",
//        "p_diff_quantiles" ({"max", "p99_9", "p99", "p95", "p90", "median", "p10", "p5", "p1",
//        "p0_1", "min"})}}
// Probabilities (p_diff, same_top) are fractions, not percent; KLD in nats.
#pragma once

#include <cstddef>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "eval/perplexity_run.h"

namespace tessera::cli {

nlohmann::json perplexity_json(const Engine& engine, size_t n_tokens, const eval::PerplexityResult& result,
                               const std::vector<double>& chunk_ppl, double seconds);

}  // namespace tessera::cli
