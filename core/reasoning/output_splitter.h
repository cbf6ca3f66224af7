// Splits a model's reply, as it streams, into its thinking (reasoning), its answer (content) and
// its tool calls, by the model's OutputFormat. Pieces are the reply's text as generated, with the
// format's markers written out (the engine does that for markers that are control tokens:
// OutputFormat::marker_tokens); a marker may arrive split over several pieces, and is held back
// until it is decided.
//
// Think tags (`<think>`/`</think>`, `[THINK]`/`[/THINK]`):
//   - the reply is inside the thinking from the start when the prompt's end opened it (the
//     generation prompt of DeepSeek-R1 ends with "<think>\n"); an open tag that the model writes
//     again at the start is dropped;
//   - otherwise an open tag counts only at the start of the reply (after whitespace): a tag in the
//     middle of an answer is text;
//   - whitespace right after the open tag, right before the close tag, and at the start of the
//     answer after the thinking is not part of either (what the templates strip when they render a
//     turn again); a reply that never thinks keeps its text exactly;
//   - a reply cut off inside the thinking (max_tokens, Stop) is all reasoning, the cut tag's
//     beginning included.
// Harmony (gpt-oss): messages `HEADER<|message|>BODY` ended by <|end|>, <|call|> or <|return|>, a
//   new one started by <|start|>; the header names the channel (<|channel|>analysis, final,
//   commentary) and maybe a recipient (to=functions.NAME, before or after the channel). Analysis
//   bodies are reasoning; final bodies and commentary without a recipient are content; a
//   commentary message to functions.NAME is a tool call whose arguments are its body (trimmed),
//   complete at <|call|> or at the end of the reply (<|call|> ends the generation, so the engine
//   never passes it on). Text before any header is content.
// Plain: everything is content.
//
// The splitter is a value: no I/O, no allocation beyond the texts it returns.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "reasoning/output_format.h"

namespace tessera::reasoning {

struct ToolCall {
  std::string name;
  std::string arguments;  // the JSON text of the arguments, as the model wrote it

  bool operator==(const ToolCall&) const = default;
};

// Parts of a reply: a delta (what one piece added) or the whole reply.
struct ReplyParts {
  std::string reasoning;
  std::string content;
  std::vector<ToolCall> tool_calls;

  bool empty() const { return reasoning.empty() && content.empty() && tool_calls.empty(); }
  void append(const ReplyParts& more);
  bool operator==(const ReplyParts&) const = default;
};

class OutputSplitter {
 public:
  // `prompt_tail`: the end of the prompt the reply continues (a few tokens' text, markers
  // written out), which tells whether the generation prompt opened the thinking.
  explicit OutputSplitter(OutputFormat format, std::string_view prompt_tail = {});

  // The parts `piece` completes (text held back by an earlier piece may come out now).
  ReplyParts push(std::string_view piece);
  // The reply ended (end of generation, max_tokens, Stop): whatever is held back, and a harmony
  // tool call still open.
  ReplyParts finish();

  // Whether the reply is inside its thinking now (after the last piece pushed).
  bool in_reasoning() const;
  // Whether the answer (content, or a tool call) has begun: after the thinking closed, or at
  // the first text of a reply that does not think.
  bool in_content() const;
  // Harmony: the tool being called while inside a call's arguments (nullptr otherwise).
  const std::string* open_tool_call() const {
    return state_ == State::Body && target_ == Target::ToolCall ? &call_.name : nullptr;
  }
  const OutputFormat& format() const { return format_; }

 private:
  enum class State {
    Start,       // think tags: nothing but whitespace yet (an open tag may still come)
    Reasoning,   // inside the thinking
    Content,     // the answer
    Header,      // harmony: reading a message header (up to <|message|>)
    Body,        // harmony: inside a message body
    BetweenMessages,  // harmony: after <|end|>/<|call|>, before <|start|>
  };
  enum class Target { Reasoning, Content, ToolCall };

  void run(bool final, ReplyParts& out);
  bool step_tags(bool final, ReplyParts& out);
  bool step_harmony(bool final, ReplyParts& out);
  void start_body();
  void end_message(ReplyParts& out);
  void deliver(Target target, std::string_view text, ReplyParts& out);

  OutputFormat format_;
  State state_;
  std::string pending_;     // text not decided yet
  bool reasoning_started_ = false;  // think tags: leading whitespace of the thinking is dropped
  std::string held_space_;  // think tags: whitespace at the end of the thinking so far
  bool content_started_ = false;  // leading whitespace of the answer is dropped
  // Harmony.
  std::string header_;
  Target target_ = Target::Content;
  ToolCall call_;
  bool saw_header_ = false;
};

}  // namespace tessera::reasoning
