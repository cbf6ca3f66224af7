// `tessera-cli run --json`: the whole run as one JSON object on stdout, for scripts and for
// comparing backends token by token:
//   {"model": {path, architecture, parameters, type, backend, n_ctx},
//    "settings": {n_predict, temperature, top_k, top_p, min_p, repeat_penalty, repeat_last_n,
//                 frequency_penalty, presence_penalty, seed, add_bos, parse_special, ignore_eos,
//                 top_logprobs},
//    "prompt": TEXT, "prompt_ids": [..],
//    "generated_ids": [..], "text": TEXT (the pieces' concatenation),
//    "reasoning": TEXT, "content": TEXT, "tool_calls": [{"name", "arguments"}] (a reasoning model's
//      reply split: its thinking, its answer, gpt-oss's tool calls; present when the model reasons),
//    "tokens": [{"id", "text", "logprob"?, "top_logprobs"?: [{"id", "text", "logprob"}]}],
//    "stop_reason": "length" | "end of generation" | "stopped" | "context full",
//    "timings": {prompt_tokens, prompt_tokens_reused, prompt_ms, prompt_tokens_per_s,
//                time_to_first_token_ms, generated_tokens, generation_ms, generation_tokens_per_s,
//                reasoning_tokens (of the generated ones), reasoning_ms}}
// A token's "text" is what it completed of the UTF-8 output (may be "" while a character is
// pending); a candidate's "text" is its vocabulary piece. "logprob" and "top_logprobs" appear with
// --top-logprobs K: natural-log probabilities of the model's raw distribution (before sampling
// settings). Bytes that are not valid UTF-8 (a lone byte token) are written as U+FFFD.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/engine.h"

namespace tessera::cli {

// {path, architecture, parameters, type, backend, n_ctx} of the loaded model: the "model" object of
// every JSON report (run --json, perplexity --json).
nlohmann::json model_json(const Engine& engine);

class RunJsonReport {
 public:
  RunJsonReport(const Engine& engine, const GenerationRequest& request, std::vector<int32_t> prompt_ids);
  // Collects one event of the generation (TokenCallback).
  void add(const TokenEvent& event);
  // The JSON text for the finished run (one line). `ascii`: non-ASCII characters as \uXXXX escapes
  // (the same JSON, for a terminal: no C1 control or direction override reaches it raw).
  std::string finish(const GenerationResult& result, bool ascii = false);

 private:
  const Engine& engine_;
  nlohmann::json out_;
  nlohmann::json tokens_ = nlohmann::json::array();
  bool logprobs_ = false;
  bool split_ = false;
};

}  // namespace tessera::cli
