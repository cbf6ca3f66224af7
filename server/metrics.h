// The server's counters and gauges, and their Prometheus text exposition (GET /metrics).
// Thread-safe: connection threads and the generation worker update them concurrently.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace tessera::server {

class ServerMetrics {
 public:
  // One finished HTTP request on `route` ("/v1/chat/completions", ... or "other") with `status`.
  void count_request(const std::string& route, int status);
  // One generation that ran (completed, stopped or cancelled).
  void count_generation(int32_t prompt_tokens, int32_t prompt_tokens_evaluated, int32_t generated_tokens,
                        double prompt_ms, double generation_ms, double time_to_first_token_ms);
  void count_cancelled() { cancelled_.fetch_add(1); }

  std::atomic<int64_t> queue_depth{0};  // requests waiting for the model
  std::atomic<int64_t> active{0};       // requests generating (0 or 1)
  std::atomic<int> model_loaded{0};     // 1 once the model is loaded

  int64_t cancelled() const { return cancelled_.load(); }
  int64_t generated_tokens() const;
  int64_t generations() const;

  std::string prometheus_text() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, int>, int64_t> requests_;
  std::atomic<int64_t> cancelled_{0};
  int64_t generations_ = 0;
  int64_t prompt_tokens_ = 0, prompt_tokens_evaluated_ = 0, generated_tokens_ = 0;
  double prompt_seconds_ = 0, generation_seconds_ = 0;
  double last_prompt_tps_ = 0, last_generation_tps_ = 0, last_ttft_seconds_ = 0;
};

}  // namespace tessera::server
