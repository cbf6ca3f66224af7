#include "metrics.h"

#include <cstdio>

namespace tessera::server {
namespace {

void family(std::string& out, const char* name, const char* type, const char* help) {
  out += "# HELP ";
  out += name;
  out += ' ';
  out += help;
  out += "\n# TYPE ";
  out += name;
  out += ' ';
  out += type;
  out += '\n';
}

std::string number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

void sample(std::string& out, const char* name, double v) {
  out += name;
  out += ' ';
  out += number(v);
  out += '\n';
}

}  // namespace

void ServerMetrics::count_request(const std::string& route, int status) {
  std::lock_guard lock(mutex_);
  ++requests_[{route, status}];
}

void ServerMetrics::count_generation(int32_t prompt_tokens, int32_t prompt_tokens_evaluated, int32_t generated_tokens,
                                     double prompt_ms, double generation_ms, double time_to_first_token_ms) {
  std::lock_guard lock(mutex_);
  ++generations_;
  prompt_tokens_ += prompt_tokens;
  prompt_tokens_evaluated_ += prompt_tokens_evaluated;
  generated_tokens_ += generated_tokens;
  prompt_seconds_ += prompt_ms / 1000.0;
  generation_seconds_ += generation_ms / 1000.0;
  if (prompt_ms > 0) last_prompt_tps_ = prompt_tokens_evaluated / (prompt_ms / 1000.0);
  if (generation_ms > 0 && generated_tokens > 1) last_generation_tps_ = (generated_tokens - 1) / (generation_ms / 1000.0);
  last_ttft_seconds_ = time_to_first_token_ms / 1000.0;
}

int64_t ServerMetrics::generated_tokens() const {
  std::lock_guard lock(mutex_);
  return generated_tokens_;
}

int64_t ServerMetrics::generations() const {
  std::lock_guard lock(mutex_);
  return generations_;
}

std::string ServerMetrics::prometheus_text() const {
  std::lock_guard lock(mutex_);
  std::string out;
  family(out, "tessera_requests_total", "counter", "HTTP requests answered, by route and status code.");
  for (const auto& [key, n] : requests_)
    out += "tessera_requests_total{route=\"" + key.first + "\",code=\"" + std::to_string(key.second) + "\"} " +
           std::to_string(n) + "\n";
  family(out, "tessera_requests_cancelled_total", "counter",
         "Generations stopped because the client closed its connection (or the server stopped).");
  sample(out, "tessera_requests_cancelled_total", static_cast<double>(cancelled_.load()));
  family(out, "tessera_generations_total", "counter", "Generations run on the model.");
  sample(out, "tessera_generations_total", static_cast<double>(generations_));
  family(out, "tessera_prompt_tokens_total", "counter", "Prompt tokens of the generations (reused from the KV cache or not).");
  sample(out, "tessera_prompt_tokens_total", static_cast<double>(prompt_tokens_));
  family(out, "tessera_prompt_tokens_evaluated_total", "counter", "Prompt tokens evaluated (not reused from the KV cache).");
  sample(out, "tessera_prompt_tokens_evaluated_total", static_cast<double>(prompt_tokens_evaluated_));
  family(out, "tessera_generated_tokens_total", "counter", "Tokens generated.");
  sample(out, "tessera_generated_tokens_total", static_cast<double>(generated_tokens_));
  family(out, "tessera_prompt_seconds_total", "counter", "Time spent evaluating prompts.");
  sample(out, "tessera_prompt_seconds_total", prompt_seconds_);
  family(out, "tessera_generation_seconds_total", "counter", "Time spent generating (first token to last).");
  sample(out, "tessera_generation_seconds_total", generation_seconds_);
  family(out, "tessera_prompt_tokens_per_second", "gauge", "Prompt evaluation speed of the last generation.");
  sample(out, "tessera_prompt_tokens_per_second", last_prompt_tps_);
  family(out, "tessera_generation_tokens_per_second", "gauge", "Generation speed of the last generation.");
  sample(out, "tessera_generation_tokens_per_second", last_generation_tps_);
  family(out, "tessera_time_to_first_token_seconds", "gauge", "Time to the first token of the last generation.");
  sample(out, "tessera_time_to_first_token_seconds", last_ttft_seconds_);
  family(out, "tessera_queue_depth", "gauge", "Requests waiting for the model.");
  sample(out, "tessera_queue_depth", static_cast<double>(queue_depth.load()));
  family(out, "tessera_requests_active", "gauge", "Requests generating now.");
  sample(out, "tessera_requests_active", static_cast<double>(active.load()));
  family(out, "tessera_model_loaded", "gauge", "1 once the model is loaded.");
  sample(out, "tessera_model_loaded", model_loaded.load());
  return out;
}

}  // namespace tessera::server
