#include "reply_encoder.h"

#include "api_error.h"

namespace tessera::server {

using Json = nlohmann::json;

ReplyEncoder::ReplyEncoder(ResponseIds ids, bool chat, bool stream, bool tools, bool include_usage)
    : ids_(std::move(ids)), chat_(chat), stream_(stream), tools_(tools), include_usage_(include_usage),
      holding_(chat && tools && stream) {}

std::string ReplyEncoder::start() {
  if (!stream_ || !chat_) return {};
  return sse_event(chat_chunk_json(ids_, {{"role", "assistant"}, {"content", ""}}, ""));
}

std::string ReplyEncoder::content_event(const std::string& text) const {
  return sse_event(chat_ ? chat_chunk_json(ids_, {{"content", text}}, "") : completion_chunk_json(ids_, text, ""));
}

std::string ReplyEncoder::text(const std::string& delta) {
  full_ += delta;
  if (!stream_ || delta.empty()) return {};
  if (holding_) {
    if (may_be_tool_call(full_)) return {};
    holding_ = false;
    return content_event(full_);
  }
  return content_event(delta);
}

std::string ReplyEncoder::finish(const JobOutcome& o) {
  if (o.finish_reason == "error" || o.finish_reason == "cancelled") {
    ApiError e;
    e.status = 500;
    e.type = "server_error";
    e.message = o.finish_reason == "error" ? "the generation failed: " + o.error
                                           : "the server is stopping; the generation was cancelled";
    e.code = o.finish_reason == "error" ? "generation_failed" : "cancelled";
    const std::string body = error_body(e).dump(-1, ' ', false, Json::error_handler_t::replace);
    return stream_ ? "data: " + body + "\n\n" + kSseDone : body;
  }
  AssistantReply reply;
  reply.content = full_;
  if (tools_ && chat_) reply = parse_tool_calls(full_);
  const std::string finish_reason = reply.tool_calls.empty() ? o.finish_reason : "tool_calls";
  const Json usage = usage_json(o.prompt_tokens, o.completion_tokens);
  if (!stream_) {
    const Json body = chat_ ? chat_completion_json(ids_, reply, finish_reason, usage)
                            : completion_json(ids_, full_, finish_reason, usage);
    return body.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  std::string out;
  if (holding_) {  // held to the end: a tool call, or content that looked like the start of one
    if (!reply.tool_calls.empty()) {
      if (!reply.content.empty()) out += content_event(reply.content);
      out += sse_event(chat_chunk_json(ids_, {{"tool_calls", tool_calls_json(ids_, reply.tool_calls)}}, ""));
    } else if (!full_.empty()) {
      out += content_event(full_);
    }
  }
  out += sse_event(chat_ ? chat_chunk_json(ids_, Json::object(), finish_reason)
                         : completion_chunk_json(ids_, "", finish_reason));
  if (include_usage_) out += sse_event(usage_chunk_json(ids_, chat_, usage));
  out += kSseDone;
  return out;
}

}  // namespace tessera::server
