// A perplexity run over a backend model (perplexity.h says what is measured), optionally writing
// a KL-divergence base (kld_base_file.h) or comparing with one (kld_stats.h). The CLI's
// `perplexity` command is a thin shell around this; the app can call it the same way.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "backend/backend.h"
#include "common/error.h"
#include "eval/kld_base_file.h"
#include "eval/kld_stats.h"
#include "eval/llama_logits_file.h"
#include "eval/perplexity.h"

namespace tessera {
namespace tokenizer {
class Tokenizer;
}

namespace eval {

// The text's tokens as llama-perplexity takes them: BOS in front when the vocabulary adds one, no
// EOS, special-token texts left as text.
std::vector<int32_t> perplexity_tokens(const tokenizer::Tokenizer& tok, std::string_view text);
// The token each chunk starts with (replacing its first token): BOS when the vocabulary adds one,
// else -1 (the chunk is evaluated as it is).
int32_t chunk_start_token(const tokenizer::Tokenizer& tok);

struct PerplexityRunOptions {
  KldBaseWriter* save_base = nullptr;     // gets every scored position's row (the caller finishes it)
  LlamaLogitsWriter* save_llama_base = nullptr;  // the same in llama-perplexity's format
  KldBaseReader* compare_base = nullptr;  // checked by the caller (check_kld_base_matches)
  const std::atomic<bool>* stop = nullptr;  // checked between chunks: Error{Cancelled}
};

struct ChunkProgress {
  int32_t chunks_done = 0;
  int32_t n_chunks = 0;
  double seconds = 0.0;             // this chunk's evaluation and scoring
  Estimate ppl;                     // over every chunk so far
  std::optional<KldSummary> kld;    // with compare_base: so far, without quantiles
};

struct PerplexityResult {
  ChunkPlan plan;
  Estimate ppl;
  std::optional<KldSummary> kld;    // with compare_base, with quantiles
};

// Evaluates plan.n_chunks chunks of `tokens` (each n_ctx long, from an empty cache, its first token
// replaced by `start_token` when that is >= 0) in steps of the model's n_batch, keeping the logits
// of the scored positions. Needs a model loaded with all_logits and n_ctx >= plan.n_ctx.
// `on_chunk` (may be empty) is called after each chunk.
Result<PerplexityResult> run_perplexity(BackendModel& model, std::span<const int32_t> tokens, const ChunkPlan& plan,
                                        int32_t start_token, const PerplexityRunOptions& options,
                                        const std::function<void(const ChunkProgress&)>& on_chunk = {});

}  // namespace eval
}  // namespace tessera
