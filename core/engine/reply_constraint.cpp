#include "engine/reply_constraint.h"

#include "tokenizer/tokenizer.h"

#include <algorithm>

namespace tessera {
namespace {
constexpr std::string_view kToolCallOpen = "<tool_call>";
}

ReplyConstraint::ReplyConstraint(const GenerationRequest& request, const reasoning::OutputFormat& format,
                                 std::shared_ptr<const grammar::VocabularyTrie> vocabulary, int32_t open_tag)
    : vocab_(std::move(vocabulary)), family_(format.family), open_tag_(open_tag), tools_(request.tool_schemas) {
  if (request.json_schema) answer_.emplace(request.json_schema, vocab_);
  if (!tools_.empty() && family_ != reasoning::Family::Harmony) named_call_ = grammar::JsonSchema::named_call(tools_);
}

void ReplyConstraint::update(const reasoning::OutputSplitter* splitter, std::string_view text, int32_t tokens_left) {
  choose(splitter, text);
  // Close in time: only tokens after which what is still needed fits the tokens left after them
  // (one byte of the close per token at least).
  max_bytes_ = tokens_left < 0 ? grammar::kNever : static_cast<uint32_t>(std::max(tokens_left - 1, 0));
  if (current_ != nullptr && max_bytes_ < grammar::kNever && current_->bytes_to_close() + 1 >= max_bytes_)
    allow_open_tag_ = false;  // no room left to think
}

void ReplyConstraint::choose(const reasoning::OutputSplitter* splitter, std::string_view text) {
  current_ = nullptr;
  allow_open_tag_ = false;
  const bool thinking = splitter != nullptr && splitter->in_reasoning();
  // A call's arguments (gpt-oss) or a <tool_call> block in progress.
  if (call_) {
    current_ = &*call_;
    return;
  }
  if (splitter != nullptr && family_ == reasoning::Family::Harmony) {
    if (const std::string* name = splitter->open_tool_call()) {
      for (const auto& [tool, schema] : tools_)
        if (tool == *name && schema) {
          call_.emplace(schema, vocab_);
          call_for_harmony_ = true;
          current_ = &*call_;
          return;
        }
    }
  }
  if (named_call_ && !thinking) {
    const size_t at = text.find(kToolCallOpen, trigger_from_);
    if (at != std::string_view::npos) {
      trigger_from_ = at + kToolCallOpen.size();
      call_.emplace(named_call_, vocab_);
      call_for_harmony_ = false;
      current_ = &*call_;
      return;
    }
  }
  if (!answer_ || answer_done_) return;
  const bool reasons = splitter != nullptr && splitter->format().reasons();
  if (!reasons || splitter->in_content()) {
    current_ = &*answer_;
  } else if (family_ == reasoning::Family::ThinkTags && !thinking) {
    // Not thinking yet, maybe never: the JSON, or the open tag.
    current_ = &*answer_;
    allow_open_tag_ = open_tag_ != tokenizer::kNoToken;
  }
}

bool ReplyConstraint::allows(int32_t token) const {
  if (allow_open_tag_ && token == open_tag_) return true;
  return current_->allows(token, max_bytes_);
}

const TokenMask& ReplyConstraint::mask() {
  const TokenMask& m = current_->mask(max_bytes_);
  if (!allow_open_tag_) return m;
  with_open_tag_ = m;
  with_open_tag_.set(open_tag_);
  return with_open_tag_;
}

void ReplyConstraint::accept(int32_t token) {
  ends_reply_ = false;
  if (allow_open_tag_ && token == open_tag_) return;  // the thinking starts; the JSON waits for the answer
  current_->accept(token);
  if (!current_->closed()) return;
  if (answer_ && current_ == &*answer_) {
    answer_done_ = true;
    ends_reply_ = true;
  } else {
    ends_reply_ = call_for_harmony_;  // gpt-oss ends a call with <|call|>, the end of the generation
    call_.reset();
  }
  current_ = nullptr;
}

}  // namespace tessera
