#include "run_json.h"

#include "tokenizer/tokenizer.h"

namespace tessera::cli {

nlohmann::json model_json(const Engine& engine) {
  const ModelInfo& info = engine.info();
  return {{"path", info.path},
          {"architecture", info.architecture},
          {"parameters", info.parameter_count},
          {"type", info.main_type()},
          {"backend", info.backend},
          {"n_ctx", engine.n_ctx()}};
}

RunJsonReport::RunJsonReport(const Engine& engine, const GenerationRequest& request, std::vector<int32_t> prompt_ids)
    : engine_(engine), logprobs_(request.logprobs), split_(request.split_reply) {
  out_["model"] = model_json(engine);
  const SamplingParams& s = request.sampling;
  out_["settings"] = {{"n_predict", request.n_predict},
                      {"temperature", s.temperature},
                      {"top_k", s.top_k},
                      {"top_p", s.top_p},
                      {"min_p", s.min_p},
                      {"repeat_penalty", s.repeat_penalty},
                      {"repeat_last_n", s.penalty_last_n},
                      {"frequency_penalty", s.frequency_penalty},
                      {"presence_penalty", s.presence_penalty},
                      // null: greedy (no draw) or a seed the run did not fix
                      {"seed", s.greedy() || s.seed == kRandomSeed ? nlohmann::json() : nlohmann::json(s.seed)},
                      {"add_bos", request.add_special},
                      {"parse_special", request.parse_special},
                      {"ignore_eos", !request.stop_at_end_of_generation},
                      {"top_logprobs", request.logprobs ? request.top_logprobs : 0}};
  out_["prompt"] = request.prompt;
  out_["prompt_ids"] = std::move(prompt_ids);
}

void RunJsonReport::add(const TokenEvent& e) {
  if (e.token < 0) {
    // The text still pending after the last token belongs to the tokens before it.
    if (!tokens_.empty()) tokens_.back()["text"] = tokens_.back()["text"].get<std::string>() + e.text;
    return;
  }
  nlohmann::json t = {{"id", e.token}, {"text", e.text}};
  if (logprobs_) {
    t["logprob"] = e.logprob;
    nlohmann::json top = nlohmann::json::array();
    const tokenizer::Tokenizer* tok = engine_.tokenizer();
    for (const auto& c : e.top_logprobs)
      top.push_back({{"id", c.id}, {"text", tok ? tok->token_to_piece(c.id, true) : ""}, {"logprob", c.log_prob}});
    t["top_logprobs"] = std::move(top);
  }
  tokens_.push_back(std::move(t));
}

std::string RunJsonReport::finish(const GenerationResult& r, bool ascii) {
  out_["generated_ids"] = r.tokens;
  out_["text"] = r.text;
  out_["tokens"] = tokens_;
  if (split_) {
    out_["reasoning"] = r.reply.reasoning;
    out_["content"] = r.reply.content;
    nlohmann::json calls = nlohmann::json::array();
    for (const auto& c : r.reply.tool_calls) calls.push_back({{"name", c.name}, {"arguments", c.arguments}});
    out_["tool_calls"] = std::move(calls);
  }
  out_["stop_reason"] = stop_reason_name(r.stop_reason);
  const GenerationTimings& t = r.timings;
  out_["timings"] = {{"prompt_tokens", t.prompt_tokens},
                     {"prompt_tokens_reused", t.prompt_tokens_reused},
                     {"prompt_ms", t.prompt_ms},
                     {"prompt_tokens_per_s", t.prompt_tokens_per_s},
                     {"time_to_first_token_ms", t.time_to_first_token_ms},
                     {"generated_tokens", t.generated_tokens},
                     {"generation_ms", t.generation_ms},
                     {"generation_tokens_per_s", t.generation_tokens_per_s},
                     {"reasoning_tokens", t.reasoning_tokens},
                     {"reasoning_ms", t.reasoning_ms}};
  return out_.dump(-1, ' ', ascii, nlohmann::json::error_handler_t::replace);
}

}  // namespace tessera::cli
