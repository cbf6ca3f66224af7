#include "engine/bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

namespace tessera {
namespace {

using Clock = std::chrono::steady_clock;

bool stopped(const BenchOptions& options) { return options.stop != nullptr && options.stop->load(); }

Error cancelled() { return make_error(ErrorKind::Cancelled, "the benchmark was cancelled"); }

// Fills the cache with `tokens` (the depth) in steps of the model's batch, untimed; waits for the
// device so the fill's work does not leak into the timed test after it.
Status fill_depth(BackendModel& model, std::span<const int32_t> tokens) {
  model.kv_clear();
  const size_t batch = static_cast<size_t>(std::max(model.n_batch(), 1));
  for (size_t pos = 0; pos < tokens.size(); pos += batch) {
    const size_t n = std::min(batch, tokens.size() - pos);
    const bool last = pos + n == tokens.size();
    TESSERA_TRY(model.eval(tokens.subspan(pos, n), static_cast<int32_t>(pos), last ? LogitsRequest::Last : LogitsRequest::None));
  }
  if (!tokens.empty()) TESSERA_TRY(model.argmax());
  // A model with recurrent state returns to the depth from a checkpoint of it (backend.h).
  return model.save_checkpoint();
}

// Back to a cache of `depth` tokens (filled by fill_depth), forgetting the previous run's.
Status rewind_to(BackendModel& model, int32_t depth) {
  if (depth == 0) {
    model.kv_clear();
    return {};
  }
  return model.kv_keep(depth);
}

Result<double> time_pp(BackendModel& model, std::span<const int32_t> tokens, int32_t depth) {
  TESSERA_TRY(rewind_to(model, depth));
  const auto t0 = Clock::now();
  TESSERA_TRY(model.eval(tokens, depth, LogitsRequest::Last));
  TESSERA_TRY(model.argmax());  // waits for the device
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

Result<double> time_tg(BackendModel& model, int32_t first_token, int32_t n, int32_t depth, const BenchOptions& options) {
  TESSERA_TRY(rewind_to(model, depth));
  int32_t token = first_token;
  const auto t0 = Clock::now();
  for (int32_t i = 0; i < n; ++i) {
    if (stopped(options)) return cancelled();
    TESSERA_TRY(model.eval(std::span<const int32_t>(&token, 1), depth + i, LogitsRequest::Last));
    TESSERA_ASSIGN_OR_RETURN(token, model.argmax());
  }
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

int32_t largest(const std::vector<int32_t>& v) { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }

}  // namespace

BenchStats bench_stats(const std::vector<double>& samples) {
  BenchStats s;
  if (samples.empty()) return s;
  for (double x : samples) s.mean += x;
  s.mean /= static_cast<double>(samples.size());
  if (samples.size() > 1) {
    for (double x : samples) s.stddev += (x - s.mean) * (x - s.mean);
    s.stddev = std::sqrt(s.stddev / static_cast<double>(samples.size() - 1));
  }
  return s;
}

int32_t bench_longest_prompt(const BenchOptions& options) { return std::max(largest(options.n_prompts), 0); }

int64_t bench_longest_test(const BenchOptions& options) {
  return static_cast<int64_t>(std::max(largest(options.depths), 0)) +
         std::max({largest(options.n_prompts), largest(options.n_gens), 0});
}

Result<std::vector<BenchRow>> run_bench(BackendModel& model, const BenchOptions& options,
                                        const BenchProgressFn& progress) {
  if (options.repetitions < 1)
    return make_error(ErrorKind::InvalidArgument,
                      "bench: repetitions must be at least 1 (got " + std::to_string(options.repetitions) + ")");
  const int32_t max_prompt = bench_longest_prompt(options);
  const int64_t longest = bench_longest_test(options);
  if (longest > model.n_ctx())
    return make_error(ErrorKind::InvalidArgument, "bench: a test of " + std::to_string(longest) +
                                                      " tokens does not fit the context of " +
                                                      std::to_string(model.n_ctx()) + " tokens");
  if (max_prompt > model.n_batch())
    return make_error(ErrorKind::InvalidArgument, "bench: a prompt of " + std::to_string(max_prompt) +
                                                      " tokens is longer than the batch of " +
                                                      std::to_string(model.n_batch()) + " tokens");
  if (model.n_vocab() <= 3) return make_error(ErrorKind::InvalidArgument, "bench: the vocabulary is too small");

  std::mt19937 rng(options.seed);
  std::uniform_int_distribution<int32_t> pick(3, static_cast<int32_t>(model.n_vocab() - 1));
  std::vector<int32_t> tokens(static_cast<size_t>(max_prompt));
  for (auto& t : tokens) t = pick(rng);
  const int32_t first_token = tokens.empty() ? 1 : tokens[0];
  std::vector<int32_t> depth_tokens(static_cast<size_t>(std::max(largest(options.depths), 0)));
  for (auto& t : depth_tokens) t = pick(rng);

  std::vector<BenchRow> rows;
  for (int32_t d : options.depths) {
    if (d < 0) return make_error(ErrorKind::InvalidArgument, "bench: a depth is negative (" + std::to_string(d) + ")");
    const std::string at = d > 0 ? " @ d" + std::to_string(d) : "";
    for (int32_t p : options.n_prompts)
      if (p > 0) rows.push_back({"pp" + std::to_string(p) + at, true, p, d, {}});
    for (int32_t n : options.n_gens)
      if (n > 0) rows.push_back({"tg" + std::to_string(n) + at, false, n, d, {}});
  }

  const int total = static_cast<int>(rows.size()) * (options.repetitions + 1);
  int done = 0;
  auto step = [&]() -> Status {
    ++done;
    if (stopped(options) || (progress && !progress(done, total))) return cancelled();
    return {};
  };
  for (BenchRow& row : rows) {
    const std::span<const int32_t> prompt(tokens.data(), row.prompt ? static_cast<size_t>(row.n_tokens) : 0);
    if (stopped(options)) return cancelled();
    TESSERA_TRY(fill_depth(model, std::span<const int32_t>(depth_tokens).first(static_cast<size_t>(row.depth))));
    // The warm-up: a short tg is enough to build what the token step needs.
    auto warm = row.prompt ? time_pp(model, prompt, row.depth)
                           : time_tg(model, first_token, std::min(row.n_tokens, 8), row.depth, options);
    if (!warm.ok()) return warm.take_error();
    TESSERA_TRY(step());
    for (int32_t r = 0; r < options.repetitions; ++r) {
      auto secs = row.prompt ? time_pp(model, prompt, row.depth)
                             : time_tg(model, first_token, row.n_tokens, row.depth, options);
      if (!secs.ok()) return secs.take_error();
      row.tokens_per_second.push_back(row.n_tokens / std::max(*secs, 1e-9));
      TESSERA_TRY(step());
    }
  }
  model.kv_clear();
  return rows;
}

}  // namespace tessera
