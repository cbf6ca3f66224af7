// How a model writes its reply: plain text, thinking between tags before the answer, or OpenAI's
// harmony channels. Read from the chat template (and the vocabulary) once, at load.
//
//   Plain      the whole reply is the answer (tool calls, if any, are in the text: server/tool_calls.h)
//   ThinkTags  `<think> ... </think>` then the answer (Qwen3, Qwen3.5, QwQ, DeepSeek-R1 and its
//              distills); Magistral's `[THINK] ... [/THINK]` the same way with its own tags. The
//              generation prompt may open the thinking itself (DeepSeek-R1, Qwen3.5). Gemma 4's
//              thought channel `<|channel>thought ... <channel|>` the same way.
//   Harmony    gpt-oss: `<|channel|>analysis<|message|> ... <|end|>` (thinking), then
//              `<|start|>assistant<|channel|>final<|message|> ...` (the answer); a tool call is a
//              message on the commentary channel addressed `to=functions.NAME`, ended by `<|call|>`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tessera::tokenizer {
class Tokenizer;
}

namespace tessera::reasoning {

enum class Family { Plain, ThinkTags, Harmony };

// How a person can steer the thinking through the template's variables.
enum class ThinkingControl {
  None,    // the template offers nothing (it thinks, or not, on its own)
  Toggle,  // `enable_thinking` true/false (Qwen3, Qwen3.5)
  Effort,  // `reasoning_effort` "low" / "medium" / "high" (gpt-oss)
};

struct OutputFormat {
  Family family = Family::Plain;
  std::string open;   // ThinkTags: "<think>", "[THINK]" or "<|channel>thought"
  std::string close;  // ThinkTags: "</think>", "[/THINK]" or "<channel|>"
  ThinkingControl control = ThinkingControl::None;
  // Control tokens of the vocabulary whose text the splitter reads (harmony's <|channel|>,
  // <|message|>, ...; [THINK] where it is a control token). A decoder renders control tokens as
  // "", so the engine writes these out when it splits a reply (GenerationRequest::split_reply).
  std::vector<int32_t> marker_tokens;

  bool reasons() const { return family != Family::Plain; }
};

// "plain", "think-tags", "harmony".
const char* family_name(Family family);
// "none", "enable_thinking", "reasoning_effort".
const char* control_name(ThinkingControl control);

// The format of a model from its chat template's source and its vocabulary (may be null):
// harmony when the template or the vocabulary speaks it (<|channel|> and <|message|>), think tags
// when the template writes `<think>`/`</think>` (or `[THINK]`/`[/THINK]`, or Gemma 4's
// `<|channel>thought`/`<channel|>`) or handles
// reasoning_content and the vocabulary has the tags, plain otherwise.
OutputFormat detect_output_format(std::string_view template_source, const tokenizer::Tokenizer* tokenizer);

// The format of a family with its usual tags and controls (tests, and callers that know better).
OutputFormat think_tags_format(std::string open = "<think>", std::string close = "</think>");
OutputFormat harmony_format();

}  // namespace tessera::reasoning
