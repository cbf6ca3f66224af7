// A reply as the client receives it: generated text in, response bytes out. Streams become
// server-sent events (a chat's first chunk with the role, content deltas, the finish chunk, the
// usage chunk when asked for, "data: [DONE]"); a non-streamed reply becomes one JSON body at the
// end. With tools, a chat reply is held back while its start could still be a tool call
// (tool_calls.h) and is sent as OpenAI tool_calls (finish_reason "tool_calls") or as content once
// that is known. No I/O: the caller writes what the methods return.
#pragma once

#include <string>

#include "generation_queue.h"
#include "openai_response.h"

namespace tessera::server {

class ReplyEncoder {
 public:
  ReplyEncoder(ResponseIds ids, bool chat, bool stream, bool tools, bool include_usage);

  // What to send before any text (a chat stream's role chunk; "" otherwise).
  std::string start();
  // More generated text: what to send now (often "" while holding, always "" unless streaming).
  std::string text(const std::string& delta);
  // The generation ended: the rest of the response.
  std::string finish(const JobOutcome& outcome);

 private:
  std::string content_event(const std::string& text) const;

  ResponseIds ids_;
  bool chat_, stream_, tools_, include_usage_;
  bool holding_;
  std::string full_;
};

}  // namespace tessera::server
