// Prints a reasoning model's reply as it streams: the thinking first (dimmed on a terminal, or
// left out with --reasoning hide), then the answer. The option parsing of --reasoning is here too,
// so run and chat read it the same way.
#pragma once

#include <cstdio>
#include <string>

#include "option_parse.h"
#include "reasoning/output_splitter.h"

namespace tessera::cli {

enum class ReasoningDisplay { Show, Hide };

// --reasoning show|hide; true when the option was this one (as parse_model_option etc.).
bool parse_reasoning_option(OptionReader& r, ReasoningDisplay& out);
std::string reasoning_option_usage();

class ReplyPrinter {
 public:
  // `dim`: write the thinking between the terminal's dim and normal-intensity sequences.
  ReplyPrinter(FILE* out, ReasoningDisplay display, bool dim);
  void print(const reasoning::ReplyParts& parts);
  // Tool calls are printed as they complete: "[tool call] NAME ARGUMENTS".
  void finish();

 private:
  FILE* out_;
  ReasoningDisplay display_;
  bool dim_;
  bool in_reasoning_ = false;
  bool wrote_reasoning_ = false;
};

}  // namespace tessera::cli
