#include "reasoning/output_splitter.h"

#include <algorithm>

namespace tessera::reasoning {
namespace {

constexpr std::string_view kSpace = " \t\r\n";

constexpr std::string_view kStart = "<|start|>";
constexpr std::string_view kChannel = "<|channel|>";
constexpr std::string_view kMessage = "<|message|>";
constexpr std::string_view kEnd = "<|end|>";
constexpr std::string_view kCall = "<|call|>";
constexpr std::string_view kReturn = "<|return|>";

size_t leading_space(std::string_view s) {
  const size_t n = s.find_first_not_of(kSpace);
  return n == std::string_view::npos ? s.size() : n;
}

std::string_view trim(std::string_view s) {
  s.remove_prefix(leading_space(s));
  const size_t e = s.find_last_not_of(kSpace);
  return e == std::string_view::npos ? std::string_view() : s.substr(0, e + 1);
}

// The length of the longest suffix of `text` that is a proper beginning of `marker`.
size_t partial_suffix(std::string_view text, std::string_view marker) {
  for (size_t n = std::min(text.size(), marker.size() - 1); n > 0; --n)
    if (marker.substr(0, n) == text.substr(text.size() - n)) return n;
  return 0;
}

// Harmony markers all look like "<|...|>": a suffix from the last "<|" (or a lone '<' at the end)
// that has not closed yet may still become one.
size_t harmony_partial_suffix(std::string_view text) {
  const size_t at = text.rfind("<|");
  if (at != std::string_view::npos && text.find("|>", at + 2) == std::string_view::npos && text.size() - at <= 16)
    return text.size() - at;
  return !text.empty() && text.back() == '<' ? 1 : 0;
}

// The word after `key` in a harmony header ("<|channel|>analysis", "to=functions.f"): up to
// whitespace or the next marker.
std::string header_word(std::string_view header, std::string_view key) {
  const size_t at = header.find(key);
  if (at == std::string_view::npos) return {};
  std::string_view rest = header.substr(at + key.size());
  rest.remove_prefix(leading_space(rest));
  size_t end = 0;
  while (end < rest.size() && kSpace.find(rest[end]) == std::string_view::npos && rest.substr(end, 2) != "<|") ++end;
  return std::string(rest.substr(0, end));
}

}  // namespace

void ReplyParts::append(const ReplyParts& more) {
  reasoning += more.reasoning;
  content += more.content;
  tool_calls.insert(tool_calls.end(), more.tool_calls.begin(), more.tool_calls.end());
}

OutputSplitter::OutputSplitter(OutputFormat format, std::string_view prompt_tail) : format_(std::move(format)) {
  switch (format_.family) {
    case Family::Plain:
      state_ = State::Content;
      content_started_ = true;  // plain replies keep their text exactly
      break;
    case Family::ThinkTags: {
      // Inside the thinking when the prompt's last open tag is not followed by a close tag.
      const size_t open = prompt_tail.rfind(format_.open);
      const size_t close = prompt_tail.rfind(format_.close);
      const bool opened = open != std::string_view::npos && (close == std::string_view::npos || close < open);
      state_ = opened ? State::Reasoning : State::Start;
      break;
    }
    case Family::Harmony: state_ = State::Header; break;
  }
}

bool OutputSplitter::in_reasoning() const {
  return state_ == State::Reasoning || (state_ == State::Body && target_ == Target::Reasoning);
}

bool OutputSplitter::in_content() const {
  return state_ == State::Content || (state_ == State::Body && target_ != Target::Reasoning);
}

ReplyParts OutputSplitter::push(std::string_view piece) {
  ReplyParts out;
  pending_.append(piece);
  run(false, out);
  return out;
}

ReplyParts OutputSplitter::finish() {
  ReplyParts out;
  run(true, out);
  if (format_.family == Family::Harmony) {
    if (state_ == State::Body && target_ == Target::ToolCall) end_message(out);
    if (state_ == State::Header && !saw_header_ && !header_.empty()) deliver(Target::Content, header_, out);
    header_.clear();
  }
  held_space_.clear();
  pending_.clear();
  return out;
}

void OutputSplitter::deliver(Target target, std::string_view text, ReplyParts& out) {
  if (text.empty()) return;
  switch (target) {
    case Target::Reasoning: out.reasoning.append(text); break;
    case Target::Content: out.content.append(text); break;
    case Target::ToolCall: call_.arguments.append(text); break;
  }
}

void OutputSplitter::run(bool final, ReplyParts& out) {
  if (format_.family == Family::Harmony) {
    while (step_harmony(final, out)) {
    }
  } else {
    while (step_tags(final, out)) {
    }
  }
}

// One step of the think-tag reader; true when it should run again (the state changed).
bool OutputSplitter::step_tags(bool final, ReplyParts& out) {
  switch (state_) {
    case State::Start: {
      const size_t space = leading_space(pending_);
      const std::string_view rest = std::string_view(pending_).substr(space);
      if (rest.empty()) return false;  // only whitespace so far: it may come before an open tag
      if (rest.starts_with(format_.open)) {
        pending_.erase(0, space + format_.open.size());
        state_ = State::Reasoning;
        return true;
      }
      if (!final && std::string_view(format_.open).starts_with(rest)) return false;  // maybe the tag, cut
      // A reply that does not think keeps its text exactly, leading whitespace included.
      state_ = State::Content;
      content_started_ = true;
      return true;
    }
    case State::Reasoning: {
      if (!reasoning_started_) {
        pending_.erase(0, leading_space(pending_));
        if (pending_.empty()) return false;
        // The prompt opened the thinking and the model writes the tag again.
        if (pending_.starts_with(format_.open)) {
          pending_.erase(0, format_.open.size());
          return true;
        }
        if (!final && format_.open.starts_with(pending_)) return false;
        reasoning_started_ = true;
      }
      const size_t close = pending_.find(format_.close);
      if (close != std::string::npos) {
        // Whitespace before the close tag belongs to neither part.
        std::string text = held_space_ + pending_.substr(0, close);
        held_space_.clear();
        const size_t last = text.find_last_not_of(kSpace);
        if (last != std::string::npos) deliver(Target::Reasoning, std::string_view(text).substr(0, last + 1), out);
        pending_.erase(0, close + format_.close.size());
        state_ = State::Content;
        return true;
      }
      const size_t keep = final ? 0 : partial_suffix(pending_, format_.close);
      std::string_view ready = std::string_view(pending_).substr(0, pending_.size() - keep);
      // Whitespace at the end may be the last before the close tag: hold it.
      const size_t last = ready.find_last_not_of(kSpace);
      if (last != std::string_view::npos) {
        deliver(Target::Reasoning, held_space_, out);
        held_space_.clear();
        deliver(Target::Reasoning, ready.substr(0, last + 1), out);
        held_space_.assign(ready.substr(last + 1));
      } else {
        held_space_.append(ready);
      }
      pending_.erase(0, pending_.size() - keep);
      return false;
    }
    case State::Content: {
      if (!content_started_) {
        pending_.erase(0, leading_space(pending_));
        if (pending_.empty()) return false;
        content_started_ = true;
      }
      deliver(Target::Content, pending_, out);
      pending_.clear();
      return false;
    }
    default: return false;
  }
}

void OutputSplitter::start_body() {
  const std::string channel = header_word(header_, kChannel);
  const std::string recipient = header_word(header_, "to=");
  saw_header_ = true;
  if (!recipient.empty() && recipient != "assistant" && recipient != "all") {
    target_ = Target::ToolCall;
    call_ = {};
    call_.name = recipient.starts_with("functions.") ? recipient.substr(10) : recipient;
  } else if (channel == "analysis") {
    target_ = Target::Reasoning;
  } else {
    target_ = Target::Content;
  }
  header_.clear();
  state_ = State::Body;
}

void OutputSplitter::end_message(ReplyParts& out) {
  if (target_ == Target::ToolCall) {
    call_.arguments = std::string(trim(call_.arguments));
    out.tool_calls.push_back(std::move(call_));
    call_ = {};
  }
  target_ = Target::Content;
  state_ = State::Header;
  header_.clear();
}

// One step of the harmony reader; true when it should run again.
bool OutputSplitter::step_harmony(bool final, ReplyParts& out) {
  if (pending_.empty()) return false;
  if (state_ == State::Body) {
    // The first marker that ends the body.
    size_t at = std::string::npos;
    std::string_view marker;
    for (std::string_view m : {kEnd, kCall, kReturn, kStart}) {
      const size_t p = pending_.find(m);
      if (p < at) {
        at = p;
        marker = m;
      }
    }
    if (at == std::string::npos) {
      const size_t keep = final ? 0 : harmony_partial_suffix(pending_);
      deliver(target_, std::string_view(pending_).substr(0, pending_.size() - keep), out);
      pending_.erase(0, pending_.size() - keep);
      return false;
    }
    deliver(target_, std::string_view(pending_).substr(0, at), out);
    pending_.erase(0, at + (marker == kStart ? 0 : marker.size()));
    end_message(out);
    return true;
  }
  // Header (or between messages): read up to <|message|>; <|start|> begins a new header.
  header_.append(pending_);
  pending_.clear();
  const size_t start = header_.find(kStart);
  const size_t message = header_.find(kMessage);
  if (start != std::string::npos && (message == std::string::npos || start < message)) {
    header_.erase(0, start + kStart.size());
    saw_header_ = true;
    pending_.swap(header_);
    return true;
  }
  if (message != std::string::npos) {
    pending_ = header_.substr(message + kMessage.size());
    header_.resize(message);
    start_body();
    return true;
  }
  return false;
}

}  // namespace tessera::reasoning
