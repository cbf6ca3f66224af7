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

void ReplyEncoder::split_reasoning(const reasoning::OutputFormat& format, std::string_view prompt_tail) {
  if (!chat_) return;
  splitter_.emplace(format, prompt_tail);
  // gpt-oss's tool calls come out of the splitter whole: the content need not be held back.
  if (format.family == reasoning::Family::Harmony) holding_ = false;
}

std::string ReplyEncoder::parts_events(const reasoning::ReplyParts& parts) {
  split_.append(parts);
  if (!stream_) return {};
  std::string out;
  if (!parts.reasoning.empty()) out += sse_event(chat_chunk_json(ids_, {{"reasoning_content", parts.reasoning}}, ""));
  if (!parts.content.empty()) {
    if (!holding_) {
      out += content_event(parts.content);
    } else if (!may_be_tool_call(split_.content)) {
      holding_ = false;
      out += content_event(split_.content);
    }
  }
  return out;
}

std::string ReplyEncoder::content_event(const std::string& text) const {
  return sse_event(chat_ ? chat_chunk_json(ids_, {{"content", text}}, "") : completion_chunk_json(ids_, text, ""));
}

std::string ReplyEncoder::text(const std::string& delta) {
  full_ += delta;
  if (splitter_) return parts_events(splitter_->push(delta));
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
  std::string out;
  AssistantReply reply;
  reply.content = full_;
  if (splitter_) {
    out += parts_events(splitter_->finish());
    reply.content = split_.content;
    reply.tool_calls = split_.tool_calls;
  }
  // Tool calls written in the text (Qwen/Hermes, Mistral, Llama 3.x); gpt-oss's came from the splitter.
  const bool harmony = splitter_ && splitter_->format().family == reasoning::Family::Harmony;
  if (tools_ && chat_ && !harmony) reply = parse_tool_calls(reply.content);
  reply.reasoning = split_.reasoning;
  const std::string finish_reason = reply.tool_calls.empty() ? o.finish_reason : "tool_calls";
  const Json usage = usage_json(o.prompt_tokens, o.completion_tokens, o.timings.reasoning_tokens);
  if (!stream_) {
    const Json body = chat_ ? chat_completion_json(ids_, reply, finish_reason, usage)
                            : completion_json(ids_, full_, finish_reason, usage);
    return body.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  const std::string& held = splitter_ ? split_.content : full_;
  if (holding_) {  // held to the end: a tool call, or content that looked like the start of one
    if (!reply.tool_calls.empty()) {
      if (!reply.content.empty()) out += content_event(reply.content);
      out += sse_event(chat_chunk_json(ids_, {{"tool_calls", tool_calls_json(ids_, reply.tool_calls)}}, ""));
    } else if (!held.empty()) {
      out += content_event(held);
    }
  } else if (splitter_ && !split_.tool_calls.empty()) {  // gpt-oss: the content went out as it came
    out += sse_event(chat_chunk_json(ids_, {{"tool_calls", tool_calls_json(ids_, reply.tool_calls)}}, ""));
  }
  out += sse_event(chat_ ? chat_chunk_json(ids_, Json::object(), finish_reason)
                         : completion_chunk_json(ids_, "", finish_reason));
  if (include_usage_) out += sse_event(usage_chunk_json(ids_, chat_, usage));
  out += kSseDone;
  return out;
}

}  // namespace tessera::server
