// Chat templates: render a model's Jinja2 chat template (GGUF `tokenizer.chat_template`) into
// the prompt text, exactly as Hugging Face's `apply_chat_template` does with Python's jinja2:
// trim_blocks and lstrip_blocks on, the globals raise_exception(msg) and strftime_now(fmt), and a
// tojson filter that keeps non-ASCII characters (json.dumps with ensure_ascii=False, separators
// ", " and ": ", optional indent). Undefined variables behave like jinja2's default Undefined.
//
// Supported language: see template/parser.h (statements) and template/builtins.h (filters, tests,
// methods). Differences from Hugging Face's sandbox, on templates that fail there: list.append()
// works, and macros accept extra arguments (into varargs/kwargs) instead of raising.
//
// Usage:
//   auto tmpl = ChatTemplate::parse(source);            // once per model
//   ChatTemplateInput in;
//   in.messages = nlohmann::ordered_json::parse(R"([{"role":"user","content":"Hi"}])");
//   in.bos_token = "<s>";
//   auto prompt = tmpl->render(in);                     // per request
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "template/render_limits.h"

namespace tessera::jinja {
struct Program;
}

namespace tessera::chat {

// A civil date and time of day (no time zone), what Python's datetime.now() gives a template.
struct DateTime {
  int year = 1970;
  int month = 1;   // 1..12
  int day = 1;     // 1..31
  int hour = 0;    // 0..23
  int minute = 0;  // 0..59
  int second = 0;  // 0..60
};

// The real clock in the local time zone.
DateTime local_now();
// strftime as glibc does it in the C locale (English names), including the `%-d` no-padding
// flag: %a %A %b %B %c %C %d %D %e %F %h %H %I %j %m %M %n %p %R %S %t %T %u %w %x %X %y %Y %%.
// %z and %Z give "" (a naive datetime); unknown directives are copied as they are.
std::string format_time(const DateTime& t, const std::string& format);

struct ChatTemplateInput {
  // The conversation: a JSON array of {"role": ..., "content": ...} objects (any extra fields,
  // e.g. tool_calls, are visible to the template). Key order is preserved for tojson.
  nlohmann::ordered_json messages = nlohmann::ordered_json::array();
  bool add_generation_prompt = true;  // end with the header of the assistant's turn
  std::string bos_token;
  std::string eos_token;
  // More template variables, a JSON object: "tools", "documents", "enable_thinking", ... A key
  // given here replaces the same-named field above. Variables not given are undefined (as when
  // Hugging Face renders without tools).
  nlohmann::ordered_json extra = nlohmann::ordered_json::object();
  // "Now" for strftime_now(); unset = the real local clock at render time.
  std::optional<DateTime> now;
  // The budget of this render (steps, output, sizes, nesting); see template/render_limits.h.
  jinja::RenderLimits limits;
};

class ChatTemplate {
 public:
  // Parses the template once. `name` appears in error messages ("chat template of model.gguf").
  // Syntax errors name the line: "NAME, line 3: unknown tag 'foo' ...". Of `limits`, only
  // max_syntax_depth applies to parsing.
  static Result<ChatTemplate> parse(const std::string& source, std::string name = "chat template",
                                    const jinja::RenderLimits& limits = {});

  // Renders the prompt. Errors (a raise_exception() in the template, an undefined value used in
  // arithmetic, ...) are Error{InvalidArgument, "NAME, line N: MESSAGE"}; a raise_exception
  // message is carried verbatim. Thread-safe: a parsed template may render on several threads.
  Result<std::string> render(const ChatTemplateInput& input) const;

  const std::string& source() const { return source_; }
  const std::string& name() const { return name_; }

 private:
  ChatTemplate() = default;

  std::string source_;
  std::string name_;
  std::shared_ptr<const jinja::Program> program_;
};

// The template used for models that ship none: ChatML ("<|im_start|>role\ncontent<|im_end|>\n"
// per message, then "<|im_start|>assistant\n" when add_generation_prompt). No BOS is added.
std::string default_chat_template();

}  // namespace tessera::chat
