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

Result<double> time_pp(BackendModel& model, std::span<const int32_t> tokens) {
  model.kv_clear();
  const auto t0 = Clock::now();
  TESSERA_TRY(model.eval(tokens, 0, LogitsRequest::Last));
  TESSERA_TRY(model.argmax());  // waits for the device
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

Result<double> time_tg(BackendModel& model, int32_t first_token, int32_t n, const BenchOptions& options) {
  model.kv_clear();
  int32_t token = first_token;
  const auto t0 = Clock::now();
  for (int32_t i = 0; i < n; ++i) {
    if (stopped(options)) return cancelled();
    TESSERA_TRY(model.eval(std::span<const int32_t>(&token, 1), i, LogitsRequest::Last));
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

int32_t bench_longest_test(const BenchOptions& options) {
  return std::max({largest(options.n_prompts), largest(options.n_gens), 0});
}

Result<std::vector<BenchRow>> run_bench(BackendModel& model, const BenchOptions& options,
                                        const BenchProgressFn& progress) {
  if (options.repetitions < 1)
    return make_error(ErrorKind::InvalidArgument,
                      "bench: repetitions must be at least 1 (got " + std::to_string(options.repetitions) + ")");
  const int32_t max_prompt = bench_longest_prompt(options);
  const int32_t longest = bench_longest_test(options);
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

  std::vector<BenchRow> rows;
  for (int32_t p : options.n_prompts)
    if (p > 0) rows.push_back({"pp" + std::to_string(p), true, p, {}});
  for (int32_t n : options.n_gens)
    if (n > 0) rows.push_back({"tg" + std::to_string(n), false, n, {}});

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
    // The warm-up: a short tg is enough to build what the token step needs.
    auto warm = row.prompt ? time_pp(model, prompt) : time_tg(model, first_token, std::min(row.n_tokens, 8), options);
    if (!warm.ok()) return warm.take_error();
    TESSERA_TRY(step());
    for (int32_t r = 0; r < options.repetitions; ++r) {
      auto secs = row.prompt ? time_pp(model, prompt) : time_tg(model, first_token, row.n_tokens, options);
      if (!secs.ok()) return secs.take_error();
      row.tokens_per_second.push_back(row.n_tokens / std::max(*secs, 1e-9));
      TESSERA_TRY(step());
    }
  }
  model.kv_clear();
  return rows;
}

}  // namespace tessera
