// Which grammar, if any, holds the next token of a reply (structured output and strict tools), as
// the reply goes on:
//   - the answer's schema (GenerationRequest::json_schema) from where the answer starts: at once
//     for a model that does not think, after the thinking for one that does (while a think-tag
//     reply may still open its thinking, the open tag is allowed besides the JSON);
//   - a strict tool's schema over a gpt-oss call's arguments (the commentary message to
//     functions.NAME), and {"name", "arguments"} over a Qwen/Hermes `<tool_call>` block.
// A grammar that closes its value ends the generation (the answer, or the call: gpt-oss's
// <|call|> would come next) or, for a <tool_call> block, lets the text go on freely.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/generation.h"
#include "grammar/json_constraint.h"
#include "reasoning/output_splitter.h"

namespace tessera {

class ReplyConstraint {
 public:
  // `open_tag`: the think-tag model's open tag token (tokenizer::kNoToken when it has none).
  ReplyConstraint(const GenerationRequest& request, const reasoning::OutputFormat& format,
                  std::shared_ptr<const grammar::VocabularyTrie> vocabulary, int32_t open_tag);

  // Before each token: brings the choice of grammar up to date with the reply so far (`splitter`:
  // null when the reply is not split; `text`: the reply's content so far, or all of its text).
  // `tokens_left`: the generation's remaining budget (-1: none); when it is down to what closing
  // the JSON needs, only tokens that bring the close nearer are allowed (the reply ends as JSON).
  void update(const reasoning::OutputSplitter* splitter, std::string_view text, int32_t tokens_left = -1);
  bool active() const { return current_ != nullptr; }
  bool allows(int32_t token) const;
  // The allowed tokens (active() only).
  const TokenMask& mask();
  // The chosen token (active() only).
  void accept(int32_t token);
  // The grammar that held the last token closed its value, and that ends the reply.
  bool ends_reply() const { return ends_reply_; }

 private:
  void choose(const reasoning::OutputSplitter* splitter, std::string_view text);

  std::shared_ptr<const grammar::VocabularyTrie> vocab_;
  reasoning::Family family_;
  int32_t open_tag_;
  std::optional<grammar::JsonConstraint> answer_;
  bool answer_done_ = false;
  std::vector<std::pair<std::string, std::shared_ptr<const grammar::JsonSchema>>> tools_;
  std::shared_ptr<const grammar::JsonSchema> named_call_;  // for <tool_call> blocks
  std::optional<grammar::JsonConstraint> call_;
  bool call_for_harmony_ = false;
  size_t trigger_from_ = 0;  // where in the text to look for the next "<tool_call>"
  grammar::JsonConstraint* current_ = nullptr;
  bool allow_open_tag_ = false;
  uint32_t max_bytes_ = grammar::kNever;  // what closing may still take after the next token
  bool ends_reply_ = false;
  TokenMask with_open_tag_;
};

}  // namespace tessera
