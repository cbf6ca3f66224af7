// tessera-cli chat: an interactive conversation with a model, using its chat template.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "cli_common.h"
#include "commands.h"
#include "option_ranges.h"
#include "terminal_text.h"
#include "reply_printer.h"
#include "reasoning/thinking_choice.h"

namespace tessera::cli {
namespace {

void usage(FILE* out) {
  std::fprintf(out,
               "usage: tessera-cli chat [-m FILE] [--system TEXT] [options]\n\n"
               "Reads your messages line by line from stdin and streams the model's replies to stdout.\n"
               "At the prompt: /reset clears the conversation, /quit (or Ctrl-D, or Ctrl-C) leaves.\n"
               "Ctrl-C during a reply stops the reply.\n\n"
               "  --system TEXT             a system message at the start of the conversation\n"
               "  -v, --verbose             timings after every reply\n"
               "  --thinking on|off         a model whose template has the switch (Qwen3): think first, or answer at once\n"
               "  --reasoning-effort low|medium|high\n"
               "                            a model whose template takes it (gpt-oss): how much to think\n");
  std::fputs(reasoning_option_usage().c_str(), out);
  std::fputs(model_options_usage().c_str(), out);
  std::fputs(sampling_options_usage().c_str(), out);
  std::fputs(overflow_option_usage().c_str(), out);
  std::fputs(backend_options_usage().c_str(), out);
}

// `option`'s value: a choice of `control` (reasoning/thinking_choice.h), added to `out`.
void parse_thinking(OptionReader& r, const char* option, reasoning::ThinkingControl control, const char* allowed,
                    std::vector<reasoning::ThinkingChoice>& out) {
  std::string v;
  if (!r.text(v)) return;
  const auto choice = reasoning::parse_thinking_choice(v);
  if (!choice || reasoning::thinking_control_of(*choice) != control)
    r.fail(std::string(option) + ": '" + v + "' is not " + allowed);
  else
    out.push_back(*choice);
}

// Line input on fd 0 that notices Ctrl-C: the handler is installed without SA_RESTART, so a
// blocking read returns EINTR and the flag says why. A line is at most kMaxTextInputBytes long
// (an endless one, /dev/zero on stdin, is an error there, not all of memory).
class LineReader {
 public:
  enum class Status { Line, Eof, Interrupted, TooLong };

  Status read(std::string& line) {
    line.clear();
    for (;;) {
      const auto nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return Status::Line;
      }
      if (buffer_.size() > kMaxTextInputBytes) return Status::TooLong;
      char chunk[4096];
      const ssize_t n = ::read(0, chunk, sizeof chunk);
      if (n > 0) {
        buffer_.append(chunk, static_cast<size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) {
        if (interrupt_flag().load()) return Status::Interrupted;
        continue;
      }
      if (!buffer_.empty()) {  // a last line without a newline
        line.swap(buffer_);
        buffer_.clear();
        return Status::Line;
      }
      return Status::Eof;
    }
  }

 private:
  std::string buffer_;
};

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

}  // namespace

int cmd_chat(const Args& args) {
  ModelOptions model;
  SamplingOptions sampling;
  OverflowPolicy overflow = OverflowPolicy::Stop;
  std::string system;
  bool verbose = false;
  ReasoningDisplay reasoning_display = ReasoningDisplay::Show;
  // --thinking and --reasoning-effort: a choice of each control (reasoning/thinking_choice.h).
  std::vector<reasoning::ThinkingChoice> thinking;
  OptionReader r(args);
  while (r.next()) {
    if (r.is({"-h", "--help"})) {
      usage(stdout);
      return 0;
    } else if (r.is({"--system"})) {
      r.text(system);
    } else if (r.is({"-v", "--verbose"})) {
      verbose = true;
    } else if (r.is({"--thinking"})) {
      parse_thinking(r, "--thinking", reasoning::ThinkingControl::Toggle, "on or off", thinking);
    } else if (r.is({"--reasoning-effort"})) {
      parse_thinking(r, "--reasoning-effort", reasoning::ThinkingControl::Effort, "low, medium or high", thinking);
    } else if (!parse_model_option(r, model) && !parse_sampling_option(r, sampling) &&
               !parse_overflow_option(r, overflow) && !parse_reasoning_option(r, reasoning_display)) {
      r.fail("unknown option '" + r.arg() + "' (see tessera-cli chat --help)");
    }
  }
  if (r.failed()) {
    print_error("chat", r.error());
    return 2;
  }

  CudaPluginLoader cuda(cuda_environment_of_process());  // before the engine: the engine may hold the module's backend
  Engine engine;
  if (Status s = load_model(engine, model, cuda, "chat"); !s.ok()) {
    print_error("chat", s.error().message);
    return s.error().kind == ErrorKind::InvalidArgument && model.model_path.empty() ? 2 : 1;
  }
  if (!engine.tokenizer()) {
    print_error("chat", "the model " + engine.info().path + " has no tokenizer, so it cannot chat");
    return 1;
  }
  const bool interactive = ::isatty(0) != 0;
  std::fprintf(stderr, "chatting with %s (context %d tokens); /reset clears the conversation, /quit leaves\n",
               for_stream(stderr, engine.info().name).c_str(), engine.n_ctx());
  print_overflow_note(engine, overflow);

  install_interrupt_handler();
  std::vector<ChatMessage> conversation;
  auto reset = [&] {
    conversation.clear();
    if (!system.empty()) conversation.push_back({"system", system});
  };
  reset();

  LineReader reader;
  std::string line;
  for (;;) {
    if (interactive) {
      std::fputs("> ", stdout);
      std::fflush(stdout);
    }
    interrupt_flag().store(false);
    const auto status = reader.read(line);
    if (status == LineReader::Status::TooLong) {
      print_error("chat", "a line of standard input is longer than the limit of " +
                              std::to_string(kMaxTextInputBytes) + " bytes");
      return 1;
    }
    if (status != LineReader::Status::Line) {
      if (interactive) std::fputc('\n', stdout);
      break;
    }
    const std::string text = trim(line);
    if (text.empty()) continue;
    if (text == "/quit" || text == "/exit") break;
    if (text == "/reset") {
      reset();
      std::fprintf(stderr, "(conversation cleared)\n");
      continue;
    }
    conversation.push_back({"user", text});
    GenerationRequest req;
    req.n_predict = sampling.n_predict;
    req.sampling = sampling.params;
    req.stop = &interrupt_flag();
    req.overflow = overflow;
    for (reasoning::ThinkingChoice choice : thinking) set_thinking_choice(req, choice);
    ReplyPrinter printer(stdout, reasoning_display, ::isatty(1) != 0);
    auto result = engine.chat(conversation, req, [&printer](const TokenEvent& e) {
      printer.print(e.reply);
      return true;
    });
    printer.finish();
    if (!result.ok()) {
      print_error("chat", result.error().message);
      conversation.pop_back();
      if (result.error().message.find("does not fit the context") != std::string::npos)
        std::fprintf(stderr, "(use /reset to start a new conversation, or --context-overflow truncate-middle or "
                             "rolling to let it go on)\n");
      continue;
    }
    std::fputc('\n', stdout);
    std::fflush(stdout);
    // The answer and the thinking apart: the template decides what of the thinking it sends back.
    conversation.push_back({"assistant", result->reply.content, result->reply.reasoning});
    if (result->stop_reason == StopReason::Stopped) std::fprintf(stderr, "(stopped)\n");
    if (result->stop_reason == StopReason::ContextFull)
      std::fprintf(stderr, "(the context is full; use /reset to start a new conversation, or "
                           "--context-overflow truncate-middle or rolling to let it go on)\n");
    if (verbose) print_timings(*result);
  }
  return 0;
}

}  // namespace tessera::cli
