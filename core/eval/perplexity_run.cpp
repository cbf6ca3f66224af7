#include "eval/perplexity_run.h"

#include <algorithm>
#include <chrono>
#include <string>

#include "eval/log_probs.h"
#include "tokenizer/tokenizer.h"

namespace tessera::eval {

std::vector<int32_t> perplexity_tokens(const tokenizer::Tokenizer& tok, std::string_view text) {
  // As llama-perplexity: tokenized with the special tokens the vocabulary adds (BOS), but a
  // trailing EOS would be scored as text, so it goes.
  std::vector<int32_t> tokens = tok.encode(text, /*add_special=*/true, /*parse_special=*/false);
  if (tok.add_eos() && !tokens.empty() && tokens.back() == tok.eos()) tokens.pop_back();
  return tokens;
}

int32_t chunk_start_token(const tokenizer::Tokenizer& tok) {
  return tok.add_bos() && tok.bos() >= 0 ? tok.bos() : -1;
}

Result<PerplexityResult> run_perplexity(BackendModel& model, std::span<const int32_t> tokens, const ChunkPlan& plan,
                                        int32_t start_token, const PerplexityRunOptions& options,
                                        const std::function<void(const ChunkProgress&)>& on_chunk) {
  using Clock = std::chrono::steady_clock;
  const size_t n_ctx = static_cast<size_t>(plan.n_ctx);
  if (tokens.size() < n_ctx * static_cast<size_t>(plan.n_chunks))
    return make_error(ErrorKind::InvalidArgument, std::to_string(tokens.size()) + " tokens cannot fill " +
                                                      std::to_string(plan.n_chunks) + " chunks of " +
                                                      std::to_string(plan.n_ctx));
  if (model.n_ctx() < plan.n_ctx)
    return make_error(ErrorKind::InvalidArgument, "the model was loaded with a context of " +
                                                      std::to_string(model.n_ctx()) + " tokens, chunks need " +
                                                      std::to_string(plan.n_ctx));
  const auto n_vocab = static_cast<size_t>(model.n_vocab());
  const size_t batch = static_cast<size_t>(std::max(model.n_batch(), 1));
  const auto first = static_cast<size_t>(plan.first_scored);

  MeanAccumulator nll;
  KldAccumulator kld;
  std::vector<KldRow> base_rows;
  std::vector<int32_t> step_tokens;
  for (int32_t c = 0; c < plan.n_chunks; ++c) {
    if (options.stop && options.stop->load()) return make_error(ErrorKind::Cancelled, "perplexity run stopped");
    const auto t0 = Clock::now();
    if (options.compare_base) TESSERA_TRY(options.compare_base->read_chunk(base_rows));
    const std::span<const int32_t> chunk = tokens.subspan(static_cast<size_t>(c) * n_ctx, n_ctx);
    model.kv_clear();
    for (size_t pos = 0; pos < n_ctx; pos += batch) {
      const size_t n = std::min(batch, n_ctx - pos);
      step_tokens.assign(chunk.begin() + static_cast<std::ptrdiff_t>(pos),
                         chunk.begin() + static_cast<std::ptrdiff_t>(pos + n));
      if (pos == 0 && start_token >= 0) step_tokens[0] = start_token;
      const bool scores = pos + n > first;  // a position >= first_scored is in this step
      TESSERA_TRY(model.eval(step_tokens, static_cast<int32_t>(pos), scores ? LogitsRequest::All : LogitsRequest::None));
      if (!scores) continue;
      TESSERA_ASSIGN_OR_RETURN(std::span<const float> logits, model.logits());
      if (logits.size() < n * n_vocab)
        return make_error(ErrorKind::InvalidArgument, "the backend returned " + std::to_string(logits.size()) +
                                                          " logits for " + std::to_string(n) +
                                                          " positions; load the model with all_logits");
      // Positions first_scored .. n_ctx-2 predict the token after them.
      for (size_t p = std::max(pos, first); p < pos + n && p + 1 < n_ctx; ++p) {
        const std::span<const float> row = logits.subspan((p - pos) * n_vocab, n_vocab);
        const int32_t target = chunk[p + 1];
        nll.add(-token_log_prob(row, target));
        if (options.save_base) TESSERA_TRY(options.save_base->append(row, target));
        if (options.save_llama_base) TESSERA_TRY(options.save_llama_base->append(row));
        if (options.compare_base) kld.add(base_rows[p - first], row, target);
      }
    }
    if (on_chunk) {
      ChunkProgress progress;
      progress.chunks_done = c + 1;
      progress.n_chunks = plan.n_chunks;
      progress.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
      progress.ppl = perplexity_from_nll(nll);
      if (options.compare_base) progress.kld = kld.summary(/*with_quantiles=*/false);
      on_chunk(progress);
    }
  }
  model.kv_clear();
  PerplexityResult result;
  result.plan = plan;
  result.ppl = perplexity_from_nll(nll);
  if (options.compare_base) result.kld = kld.summary(/*with_quantiles=*/true);
  return result;
}

}  // namespace tessera::eval
