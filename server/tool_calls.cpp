#include "tool_calls.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "common/json_input.h"

namespace tessera::server {
namespace {

constexpr std::string_view kOpen = "<tool_call>";
constexpr std::string_view kClose = "</tool_call>";
constexpr std::string_view kMistral = "[TOOL_CALLS]";
constexpr std::string_view kPythonTag = "<|python_tag|>";

std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// A call object {"name": "...", "arguments"|"parameters": {...} or "..."}; false otherwise.
bool to_call(const nlohmann::json& j, ToolCall& out) {
  if (!j.is_object()) return false;
  auto name = j.find("name");
  if (name == j.end() || !name->is_string()) return false;
  out.name = name->get<std::string>();
  auto args = j.find("arguments");
  if (args == j.end()) args = j.find("parameters");
  if (args == j.end() || args->is_null())
    out.arguments = "{}";
  else if (args->is_string())
    out.arguments = args->get<std::string>();
  else
    out.arguments = args->dump();
  return true;
}

// One object or an array of objects; false when any element is not a call.
bool to_calls(const nlohmann::json& j, std::vector<ToolCall>& out) {
  if (j.is_array()) {
    if (j.empty()) return false;
    for (const auto& e : j) {
      ToolCall c;
      if (!to_call(e, c)) return false;
      out.push_back(std::move(c));
    }
    return true;
  }
  ToolCall c;
  if (!to_call(j, c)) return false;
  out.push_back(std::move(c));
  return true;
}

bool parse_blocks(std::string_view text, AssistantReply& reply) {
  std::string content;
  size_t at = 0;
  for (;;) {
    const size_t open = text.find(kOpen, at);
    if (open == std::string_view::npos) {
      content.append(text.substr(at));
      break;
    }
    content.append(text.substr(at, open - at));
    const size_t body = open + kOpen.size();
    size_t close = text.find(kClose, body);
    const size_t body_end = close == std::string_view::npos ? text.size() : close;
    const auto j = parse_json<nlohmann::json>(trim(text.substr(body, body_end - body)));
    if (!j.ok() || !to_calls(*j, reply.tool_calls)) return false;
    at = close == std::string_view::npos ? text.size() : close + kClose.size();
  }
  reply.content = std::string(trim(content));
  return !reply.tool_calls.empty();
}

}  // namespace

AssistantReply parse_tool_calls(std::string_view text) {
  AssistantReply plain;
  plain.content = std::string(text);
  if (text.find(kOpen) != std::string_view::npos) {
    AssistantReply reply;
    return parse_blocks(text, reply) ? reply : plain;
  }
  std::string_view body = trim(text);
  if (starts_with(body, kMistral)) body = trim(body.substr(kMistral.size()));
  if (starts_with(body, kPythonTag)) body = trim(body.substr(kPythonTag.size()));
  if (body.empty() || (body.front() != '{' && body.front() != '[')) return plain;
  // The model's text is as untrusted as a client's: nesting past the JSON limit is plain text.
  const auto j = parse_json<nlohmann::json>(body);
  AssistantReply reply;
  if (!j.ok() || !to_calls(*j, reply.tool_calls)) return plain;
  return reply;
}

bool may_be_tool_call(std::string_view text) {
  const std::string_view t = trim(text);
  if (t.empty()) return true;
  if (t.front() == '{' || t.front() == '[') return true;
  for (std::string_view marker : {kOpen, kMistral, kPythonTag}) {
    const size_t n = std::min(t.size(), marker.size());
    if (t.substr(0, n) == marker.substr(0, n)) return true;
  }
  return false;
}

}  // namespace tessera::server
