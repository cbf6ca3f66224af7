// OpenAI response bodies: chat.completion, chat.completion.chunk, text_completion, the model list,
// usage, and the server-sent-event framing of a stream ("data: JSON\n\n", then "data: [DONE]\n\n").
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "tool_calls.h"

namespace tessera::server {

struct ResponseIds {
  std::string id;      // "chatcmpl-..." / "cmpl-..."
  int64_t created = 0;  // Unix seconds
  std::string model;
};

// With reasoning tokens (of the completion tokens), completion_tokens_details.reasoning_tokens as OpenAI's.
nlohmann::json usage_json(int32_t prompt_tokens, int32_t completion_tokens, int32_t reasoning_tokens = 0);
// `calls` get ids "call_<response id>_<index>".
nlohmann::json tool_calls_json(const ResponseIds& ids, const std::vector<ToolCall>& calls);

// message.reasoning_content is there when the reply has reasoning (as llama-server and vLLM send it).
nlohmann::json chat_completion_json(const ResponseIds& ids, const AssistantReply& reply,
                                    const std::string& finish_reason, const nlohmann::json& usage);
// One chunk with `delta`; finish_reason null when empty; `usage` present only when not null
// (the include_usage chunk has empty choices and the usage).
nlohmann::json chat_chunk_json(const ResponseIds& ids, const nlohmann::json& delta, const std::string& finish_reason);
nlohmann::json usage_chunk_json(const ResponseIds& ids, bool chat, const nlohmann::json& usage);

nlohmann::json completion_json(const ResponseIds& ids, const std::string& text, const std::string& finish_reason,
                               const nlohmann::json& usage);
nlohmann::json completion_chunk_json(const ResponseIds& ids, const std::string& text, const std::string& finish_reason);

nlohmann::json models_json(const std::string& model_id, int64_t created);
nlohmann::json model_json(const std::string& model_id, int64_t created);

std::string sse_event(const nlohmann::json& data);
inline constexpr const char* kSseDone = "data: [DONE]\n\n";

}  // namespace tessera::server
