#include "reply_printer.h"

#include "terminal_text.h"

namespace tessera::cli {
namespace {
constexpr const char* kDim = "\x1b[2m";
constexpr const char* kNormal = "\x1b[22m";
}  // namespace

bool parse_reasoning_option(OptionReader& r, ReasoningDisplay& out) {
  if (!r.is({"--reasoning"})) return false;
  std::string v;
  if (!r.text(v)) return true;
  if (v == "show") out = ReasoningDisplay::Show;
  else if (v == "hide") out = ReasoningDisplay::Hide;
  else r.fail("--reasoning: '" + v + "' is not show or hide");
  return true;
}

std::string reasoning_option_usage() {
  return "  --reasoning show|hide     a reasoning model's thinking: shown before the answer (dimmed on a\n"
         "                            terminal) or left out (default: show)\n";
}

ReplyPrinter::ReplyPrinter(FILE* out, ReasoningDisplay display, bool dim) : out_(out), display_(display), dim_(dim) {}

void ReplyPrinter::print(const reasoning::ReplyParts& parts) {
  if (!parts.reasoning.empty() && display_ == ReasoningDisplay::Show) {
    if (!in_reasoning_ && dim_) std::fputs(kDim, out_);
    in_reasoning_ = true;
    wrote_reasoning_ = true;
    // Model text on a terminal: control characters escaped (terminal_text.h); a pipe gets the bytes.
    const std::string shown = for_stream(out_, parts.reasoning);
    std::fwrite(shown.data(), 1, shown.size(), out_);
  }
  if (!parts.content.empty()) {
    if (in_reasoning_) {
      if (dim_) std::fputs(kNormal, out_);
      in_reasoning_ = false;
    }
    if (wrote_reasoning_) {
      std::fputs("\n\n", out_);  // the answer on its own paragraph after the thinking
      wrote_reasoning_ = false;
    }
    const std::string shown = for_stream(out_, parts.content);
    std::fwrite(shown.data(), 1, shown.size(), out_);
  }
  for (const auto& call : parts.tool_calls) {
    if (in_reasoning_ && dim_) std::fputs(kNormal, out_);
    in_reasoning_ = false;
    std::fprintf(out_, "%s[tool call] %s %s", wrote_reasoning_ ? "\n\n" : "", for_stream(out_, call.name).c_str(),
                 for_stream(out_, call.arguments).c_str());
    wrote_reasoning_ = false;
  }
  std::fflush(out_);
}

void ReplyPrinter::finish() {
  if (in_reasoning_ && dim_) std::fputs(kNormal, out_);
  in_reasoning_ = false;
  std::fflush(out_);
}

}  // namespace tessera::cli
