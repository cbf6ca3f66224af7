#include "openai_response.h"

namespace tessera::server {
namespace {

nlohmann::json nullable(const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); }

}  // namespace

nlohmann::json usage_json(int32_t prompt_tokens, int32_t completion_tokens) {
  return {{"prompt_tokens", prompt_tokens},
          {"completion_tokens", completion_tokens},
          {"total_tokens", prompt_tokens + completion_tokens}};
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
  return {{"id", ids.id},
          {"object", "chat.completion"},
          {"created", ids.created},
          {"model", ids.model},
          {"choices", nlohmann::json::array({{{"index", 0},
                                               {"message", message},
                                               {"logprobs", nullptr},
                                               {"finish_reason", nullable(finish_reason)}}})},
          {"usage", usage}};
}

nlohmann::json chat_chunk_json(const ResponseIds& ids, const nlohmann::json& delta, const std::string& finish_reason) {
  return {{"id", ids.id},
          {"object", "chat.completion.chunk"},
          {"created", ids.created},
          {"model", ids.model},
          {"choices", nlohmann::json::array({{{"index", 0},
                                               {"delta", delta},
                                               {"logprobs", nullptr},
                                               {"finish_reason", nullable(finish_reason)}}})}};
}

nlohmann::json usage_chunk_json(const ResponseIds& ids, bool chat, const nlohmann::json& usage) {
  return {{"id", ids.id},
          {"object", chat ? "chat.completion.chunk" : "text_completion"},
          {"created", ids.created},
          {"model", ids.model},
          {"choices", nlohmann::json::array()},
          {"usage", usage}};
}

nlohmann::json completion_json(const ResponseIds& ids, const std::string& text, const std::string& finish_reason,
                               const nlohmann::json& usage) {
  return {{"id", ids.id},
          {"object", "text_completion"},
          {"created", ids.created},
          {"model", ids.model},
          {"choices", nlohmann::json::array({{{"index", 0},
                                               {"text", text},
                                               {"logprobs", nullptr},
                                               {"finish_reason", nullable(finish_reason)}}})},
          {"usage", usage}};
}

nlohmann::json completion_chunk_json(const ResponseIds& ids, const std::string& text, const std::string& finish_reason) {
  return {{"id", ids.id},
          {"object", "text_completion"},
          {"created", ids.created},
          {"model", ids.model},
          {"choices", nlohmann::json::array({{{"index", 0},
                                               {"text", text},
                                               {"logprobs", nullptr},
                                               {"finish_reason", nullable(finish_reason)}}})}};
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
