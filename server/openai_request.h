// Parsing and validation of OpenAI request bodies (POST /v1/chat/completions, /v1/completions).
// Every refusal is a 400 ApiError naming the field ("max_tokens: -3 is out of range (1..16777216)").
// Fields this server does not act on (user, logprobs: false, ...) are ignored, as OpenAI-compatible
// servers do; fields whose meaning it cannot honour (n > 1, echo, suffix, logprobs: true) are refused.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "api_error.h"
#include "grammar/json_schema.h"
#include "sampling/sampler.h"

namespace tessera::server {

// Upper bound of max_tokens (and of every token count): 2^24, as the CLI's options.
inline constexpr int64_t kMaxTokensLimit = 1 << 24;
// OpenAI allows up to 4 stop sequences; more are refused with a message that says so.
inline constexpr size_t kMaxStopSequences = 4;

struct CompletionRequest {
  bool chat = true;
  std::string model;  // "" when the request names none
  // chat: the conversation as the chat template sees it (content flattened to text, tool-call
  // arguments as objects); tools: the OpenAI tool list, null when none or tool_choice is "none".
  nlohmann::ordered_json messages = nlohmann::ordered_json::array();
  nlohmann::ordered_json tools;
  // completions: the prompt text.
  std::string prompt;
  int32_t max_tokens = -1;  // -1: until the end of generation or a full context
  SamplingParams sampling;
  std::vector<std::string> stop;
  bool stream = false;
  bool include_usage = false;  // stream_options.include_usage
  bool ignore_eos = false;     // llama.cpp's extension: generate past end-of-generation tokens
  // Reasoning models. reasoning_format "auto" (default; "deepseek" is the same): the thinking comes
  // back apart, as message.reasoning_content and delta.reasoning_content; "none": inside the
  // content, as the model wrote it (what this server did before). chat_template_kwargs: more
  // template variables ({"enable_thinking": false}); reasoning_effort: gpt-oss's "low", "medium"
  // or "high", given to the template.
  bool split_reasoning = true;
  nlohmann::ordered_json chat_template_kwargs = nlohmann::ordered_json::object();
  std::string reasoning_effort;
  // Structured output: response_format json_object (any object) or json_schema (its schema); null
  // when the reply is free text.
  std::shared_ptr<const grammar::JsonSchema> json_schema;
  // Strict tools (tools[i].function.strict): their parameters' schemas, by tool name.
  std::vector<std::pair<std::string, std::shared_ptr<const grammar::JsonSchema>>> strict_tools;

  bool has_tools() const { return tools.is_array() && !tools.empty(); }
};

using ParsedRequest = std::variant<CompletionRequest, ApiError>;

// `defaults`: the server's sampling settings for the fields the request leaves out; `max_tokens`
// likewise.
ParsedRequest parse_chat_request(std::string_view body, const SamplingParams& defaults, int32_t default_max_tokens);
ParsedRequest parse_completion_request(std::string_view body, const SamplingParams& defaults,
                                       int32_t default_max_tokens);

}  // namespace tessera::server
