// A reply as the client receives it: generated text in, response bytes out. Streams become
// server-sent events (a chat's first chunk with the role, content deltas, the finish chunk, the
// usage chunk when asked for, "data: [DONE]"); a non-streamed reply becomes one JSON body at the
// end. With tools, a chat reply is held back while its start could still be a tool call
// (tool_calls.h) and is sent as OpenAI tool_calls (finish_reason "tool_calls") or as content once
// that is known. A reasoning model's chat reply (split_reasoning) is split as it streams: the
// thinking goes out as delta.reasoning_content (message.reasoning_content at the end), the answer
// as content, gpt-oss's commentary-channel calls as tool_calls. No I/O: the caller writes what the
// methods return.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "generation_queue.h"
#include "openai_response.h"
#include "reasoning/output_splitter.h"

namespace tessera::server {

class ReplyEncoder {
 public:
  ReplyEncoder(ResponseIds ids, bool chat, bool stream, bool tools, bool include_usage);

  // What to send before any text (a chat stream's role chunk; "" otherwise).
  std::string start();
  // Splits the reply by `format` (the model's; the text carries its markers, GenerationRequest::
  // split_reply), starting as `prompt_tail` (the end of the rendered prompt) leaves it.
  void split_reasoning(const reasoning::OutputFormat& format, std::string_view prompt_tail);
  // More generated text: what to send now (often "" while holding, always "" unless streaming).
  std::string text(const std::string& delta);
  // The generation ended: the rest of the response.
  std::string finish(const JobOutcome& outcome);

 private:
  std::string content_event(const std::string& text) const;
  // What the split parts of a delta send now.
  std::string parts_events(const reasoning::ReplyParts& parts);

  ResponseIds ids_;
  bool chat_, stream_, tools_, include_usage_;
  bool holding_;
  std::string full_;
  std::optional<reasoning::OutputSplitter> splitter_;
  reasoning::ReplyParts split_;  // the split reply so far
};

}  // namespace tessera::server
