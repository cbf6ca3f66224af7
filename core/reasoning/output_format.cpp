#include "reasoning/output_format.h"

#include "tokenizer/tokenizer.h"

namespace tessera::reasoning {
namespace {

bool contains(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

bool has_token(const tokenizer::Tokenizer* tok, std::string_view text) {
  return tok != nullptr && tok->find_token(text) != tokenizer::kNoToken;
}

// The markers that are control tokens (rendered as "" by a decoder), so the engine writes them out.
void collect_markers(OutputFormat& f, const tokenizer::Tokenizer* tok, std::initializer_list<std::string_view> texts) {
  if (tok == nullptr) return;
  for (std::string_view t : texts) {
    const int32_t id = tok->find_token(t);
    if (id != tokenizer::kNoToken && tok->token_type(id) == tokenizer::TokenType::Control) f.marker_tokens.push_back(id);
  }
}

}  // namespace

const char* family_name(Family family) {
  switch (family) {
    case Family::Plain: return "plain";
    case Family::ThinkTags: return "think-tags";
    case Family::Harmony: return "harmony";
  }
  return "?";
}

const char* control_name(ThinkingControl control) {
  switch (control) {
    case ThinkingControl::None: return "none";
    case ThinkingControl::Toggle: return "enable_thinking";
    case ThinkingControl::Effort: return "reasoning_effort";
  }
  return "?";
}

OutputFormat think_tags_format(std::string open, std::string close) {
  OutputFormat f;
  f.family = Family::ThinkTags;
  f.open = std::move(open);
  f.close = std::move(close);
  return f;
}

OutputFormat harmony_format() {
  OutputFormat f;
  f.family = Family::Harmony;
  f.control = ThinkingControl::Effort;
  return f;
}

OutputFormat detect_output_format(std::string_view source, const tokenizer::Tokenizer* tok) {
  // Harmony: the template writes channels, or the vocabulary has them (a file whose template was
  // replaced still answers in harmony).
  if (contains(source, "<|channel|>") || (has_token(tok, "<|channel|>") && has_token(tok, "<|message|>"))) {
    OutputFormat f = harmony_format();
    if (!contains(source, control_name(ThinkingControl::Effort)) && !source.empty()) f.control = ThinkingControl::None;
    collect_markers(f, tok, {"<|start|>", "<|channel|>", "<|message|>", "<|end|>", "<|constrain|>", "<|call|>", "<|return|>"});
    return f;
  }
  // Magistral / Ministral reasoning: [THINK] ... [/THINK].
  if (contains(source, "[THINK]") || (has_token(tok, "[THINK]") && has_token(tok, "[/THINK]"))) {
    OutputFormat f = think_tags_format("[THINK]", "[/THINK]");
    collect_markers(f, tok, {"[THINK]", "[/THINK]"});
    return f;
  }
  // Gemma 4: the thinking is the `thought` channel, `<|channel>thought ... <channel|>`, then the
  // answer (a think tag pair whose open tag names the channel); with thinking off the generation
  // prompt closes an empty channel. Not harmony: its markers are other tokens (`<|channel|>`).
  if (contains(source, "<|channel>thought") || (has_token(tok, "<|channel>") && has_token(tok, "<channel|>"))) {
    OutputFormat f = think_tags_format("<|channel>thought", "<channel|>");
    if (contains(source, "enable_thinking")) f.control = ThinkingControl::Toggle;
    collect_markers(f, tok, {"<|channel>", "<channel|>"});
    return f;
  }
  // Think tags: the template writes or strips them, or it takes reasoning_content and the
  // vocabulary has the tags (a plain Qwen2.5 has neither).
  const bool template_thinks = contains(source, "<think>") || contains(source, "</think>");
  const bool vocab_thinks = has_token(tok, "<think>") && has_token(tok, "</think>");
  if (template_thinks || (vocab_thinks && contains(source, "reasoning_content"))) {
    OutputFormat f = think_tags_format();
    if (contains(source, control_name(ThinkingControl::Toggle))) f.control = ThinkingControl::Toggle;
    collect_markers(f, tok, {"<think>", "</think>"});
    return f;
  }
  return {};
}

}  // namespace tessera::reasoning
