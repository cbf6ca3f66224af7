#include "openai_response.h"

namespace tessera::server {
namespace {

nlohmann::json nullable(const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); }

// The fields every completion object and chunk carries.
nlohmann::json envelope(const ResponseIds& ids, const char* object, nlohmann::json choices) {
  return {{"id", ids.id}, {"object", object}, {"created", ids.created}, {"model", ids.model}, {"choices", std::move(choices)}};
}

// The one choice of a response: {"index": 0, key: value, "logprobs": null, "finish_reason": ...}.
nlohmann::json one_choice(const char* key, nlohmann::json value, const std::string& finish_reason) {
  return nlohmann::json::array(
      {{{"index", 0}, {key, std::move(value)}, {"logprobs", nullptr}, {"finish_reason", nullable(finish_reason)}}});
}

}  // namespace

nlohmann::json usage_json(int32_t prompt_tokens, int32_t completion_tokens, int32_t reasoning_tokens) {
  nlohmann::json u = {{"prompt_tokens", prompt_tokens},
                      {"completion_tokens", completion_tokens},
                      {"total_tokens", prompt_tokens + completion_tokens}};
  if (reasoning_tokens > 0) u["completion_tokens_details"] = {{"reasoning_tokens", reasoning_tokens}};
  return u;
}

nlohmann::json tool_calls_json(const ResponseIds& ids, const std::vector<ToolCall>& calls) {
  nlohmann::json out = nlohmann::json::array();
  for (size_t i = 0; i < calls.size(); ++i)
    out.push_back({{"index", i},
                   {"id", "call_" + ids.id + "_" + std::to_string(i)},
                   {"type", "function"},
                   {"function", {{"name", calls[i].name}, {"arguments", calls[i].arguments}}}});
  return out;
}

nlohmann::json chat_completion_json(const ResponseIds& ids, const AssistantReply& reply,
                                    const std::string& finish_reason, const nlohmann::json& usage) {
  nlohmann::json message = {{"role", "assistant"}};
  if (reply.tool_calls.empty()) {
    message["content"] = reply.content;
  } else {
    message["content"] = nullable(reply.content);
    message["tool_calls"] = tool_calls_json(ids, reply.tool_calls);
  }
  if (!reply.reasoning.empty()) message["reasoning_content"] = reply.reasoning;
  nlohmann::json j = envelope(ids, "chat.completion", one_choice("message", std::move(message), finish_reason));
  j["usage"] = usage;
  return j;
}

nlohmann::json chat_chunk_json(const ResponseIds& ids, const nlohmann::json& delta, const std::string& finish_reason) {
  return envelope(ids, "chat.completion.chunk", one_choice("delta", delta, finish_reason));
}

nlohmann::json usage_chunk_json(const ResponseIds& ids, bool chat, const nlohmann::json& usage) {
  nlohmann::json j = envelope(ids, chat ? "chat.completion.chunk" : "text_completion", nlohmann::json::array());
  j["usage"] = usage;
  return j;
}

nlohmann::json completion_json(const ResponseIds& ids, const std::string& text, const std::string& finish_reason,
                               const nlohmann::json& usage) {
  nlohmann::json j = envelope(ids, "text_completion", one_choice("text", text, finish_reason));
  j["usage"] = usage;
  return j;
}

nlohmann::json completion_chunk_json(const ResponseIds& ids, const std::string& text, const std::string& finish_reason) {
  return envelope(ids, "text_completion", one_choice("text", text, finish_reason));
}

nlohmann::json model_json(const std::string& model_id, int64_t created) {
  return {{"id", model_id}, {"object", "model"}, {"created", created}, {"owned_by", "tessera"}};
}

nlohmann::json models_json(const std::string& model_id, int64_t created) {
  return {{"object", "list"}, {"data", nlohmann::json::array({model_json(model_id, created)})}};
}

std::string sse_event(const nlohmann::json& data) {
  // Invalid UTF-8 (a model can produce it) is replaced rather than throwing.
  return "data: " + data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n\n";
}

}  // namespace tessera::server
