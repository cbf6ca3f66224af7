// Throughput measurement: prompt processing (pp) and token generation (tg) tokens per second of a
// loaded BackendModel, the way llama-bench measures them. One implementation for `tessera-cli bench`
// and the app's A/B split benchmark.
//
//  - pp<P>: one eval of P random tokens (the backend's whole prompt path);
//  - tg<N>: N single-token evals, each feeding the on-device argmax of the last one into the next
//    (no sampling, no host-side logits).
// Both start from a cache holding D tokens (the depth, llama-bench's -d: "pp512 @ d4096"), filled
// untimed once per test in steps of the model's batch and cut back to D before each run (a model
// with recurrent state restores a checkpoint of its state at D); D = 0 is an empty cache. Each test
// gets one untimed warm-up run (module loading, graph capture and cache effects stay out of the
// figures), then `repetitions` timed runs. The KV cache is left empty.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "common/error.h"

namespace tessera {

struct BenchOptions {
  std::vector<int32_t> n_prompts = {512};  // one pp test per entry; 0 skips
  std::vector<int32_t> n_gens = {128};     // one tg test per entry; 0 skips
  std::vector<int32_t> depths = {0};       // every test runs at each depth
  int32_t repetitions = 3;
  uint32_t seed = 42;  // of the random prompt tokens
  // Set from any thread to stop between tokens and runs: run_bench returns Error{Cancelled}.
  const std::atomic<bool>* stop = nullptr;
};

struct BenchRow {
  std::string test;  // "pp512", "tg128 @ d4096" (llama-bench's labels)
  bool prompt = false;
  int32_t n_tokens = 0;
  int32_t depth = 0;
  std::vector<double> tokens_per_second;  // one per timed run
};

struct BenchStats {
  double mean = 0.0;
  double stddev = 0.0;  // sample standard deviation; 0 for fewer than two runs
};
BenchStats bench_stats(const std::vector<double>& samples);

// The longest test (tokens the KV cache must hold: the deepest depth plus the longest pp or tg) and
// the longest prompt (the eval batch the model must accept).
int64_t bench_longest_test(const BenchOptions& options);
int32_t bench_longest_prompt(const BenchOptions& options);

// Called after each run (warm-ups included) with the runs done and the runs in all; return false to
// cancel (Error{Cancelled}).
using BenchProgressFn = std::function<bool(int done, int total)>;

// At each depth, runs every pp test, then every tg test, on `model`. Prompt and depth tokens are
// drawn from [3, n_vocab).
// Errors: a test longer than the model's context or a prompt longer than its batch
// (InvalidArgument, naming both), the backend's eval errors, Cancelled.
Result<std::vector<BenchRow>> run_bench(BackendModel& model, const BenchOptions& options,
                                        const BenchProgressFn& progress = {});

}  // namespace tessera
