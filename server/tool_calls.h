// Tool calls in a model's reply, in the formats of the common chat templates, turned into
// OpenAI's `tool_calls`:
//   Qwen 2.5 / Hermes 2 Pro:  <tool_call>{"name": "f", "arguments": {...}}</tool_call> (one or more;
//                             text outside the blocks is the message content)
//   Mistral:                  [TOOL_CALLS][{"name": "f", "arguments": {...}}, ...] (the marker is a
//                             control token, so it usually decodes to "" and the array stands alone)
//   Llama 3.x:                the whole reply is {"name": "f", "parameters": {...}}, optionally after
//                             <|python_tag|>
// "arguments" and "parameters" are both accepted in every format; arguments given as a JSON string
// are passed on as that string. A reply that only looks like a call (a block that is not a JSON
// object with a string "name") stays plain content.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "reasoning/output_splitter.h"

namespace tessera::server {

// {name, arguments (JSON text of the arguments object)}: the same call the reasoning splitter
// reads from gpt-oss's commentary channel.
using ToolCall = reasoning::ToolCall;

struct AssistantReply {
  std::string content;
  std::vector<ToolCall> tool_calls;
  std::string reasoning;  // the thinking, apart (reasoning models, reasoning_format other than none)
};

AssistantReply parse_tool_calls(std::string_view text);

// Whether a reply that begins with `text` may still turn out to be a tool call (so a stream with
// tools holds it back): only whitespace so far, or it starts with a prefix of "<tool_call>",
// "[TOOL_CALLS]", "<|python_tag|>", or with '{' or '['.
bool may_be_tool_call(std::string_view text);

}  // namespace tessera::server
