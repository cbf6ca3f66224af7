#include "template/chat_template.h"

#include <chrono>
#include <ctime>

#include "template/ast.h"
#include "template/builtins.h"
#include "template/interpreter.h"
#include "template/json_value.h"
#include "template/lexer.h"
#include "template/parser.h"
#include "template/template_error.h"

namespace tessera::chat {

namespace {

// "line N: msg" -> "NAME, line N: msg"
Error name_error(const std::string& name, Error e) {
  if (jinja::has_line(e)) e.message = name + ", " + e.message;
  else e.message = name + ": " + e.message;
  return e;
}

constexpr const char* kDays[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
constexpr const char* kMonths[] = {"January", "February", "March",     "April",   "May",      "June",
                                   "July",    "August",   "September", "October", "November", "December"};

}  // namespace

DateTime local_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  return DateTime{tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec};
}

std::string format_time(const DateTime& t, const std::string& format) {
  using namespace std::chrono;
  const year_month_day ymd{year{t.year}, month{static_cast<unsigned>(t.month)}, day{static_cast<unsigned>(t.day)}};
  const sys_days days{ymd.ok() ? ymd : year_month_day{year{1970}, January, std::chrono::day{1}}};
  const unsigned wday = weekday{days}.c_encoding();  // 0 = Sunday
  const int yday = static_cast<int>((days - sys_days{year{t.year} / January / 1}).count()) + 1;
  const int month_index = (t.month >= 1 && t.month <= 12) ? t.month - 1 : 0;
  const int hour12 = t.hour % 12 == 0 ? 12 : t.hour % 12;

  std::string out;
  char buf[64];
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 == format.size()) {
      out.push_back(format[i]);
      continue;
    }
    size_t j = i + 1;
    const bool no_pad = format[j] == '-';
    if (no_pad && j + 1 < format.size()) ++j;
    auto num = [&](int v, int width, char padc = '0') {
      if (no_pad) std::snprintf(buf, sizeof buf, "%d", v);
      else if (padc == ' ') std::snprintf(buf, sizeof buf, "%*d", width, v);
      else std::snprintf(buf, sizeof buf, "%0*d", width, v);
      out += buf;
    };
    switch (format[j]) {
      case 'a': out += std::string(kDays[wday]).substr(0, 3); break;
      case 'A': out += kDays[wday]; break;
      case 'b':
      case 'h': out += std::string(kMonths[month_index]).substr(0, 3); break;
      case 'B': out += kMonths[month_index]; break;
      case 'c':
        std::snprintf(buf, sizeof buf, "%.3s %.3s %2d %02d:%02d:%02d %d", kDays[wday], kMonths[month_index], t.day,
                      t.hour, t.minute, t.second, t.year);
        out += buf;
        break;
      case 'C': num(t.year / 100, 2); break;
      case 'd': num(t.day, 2); break;
      case 'D':
        std::snprintf(buf, sizeof buf, "%02d/%02d/%02d", t.month, t.day, t.year % 100);
        out += buf;
        break;
      case 'e': num(t.day, 2, ' '); break;
      case 'F':
        std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", t.year, t.month, t.day);
        out += buf;
        break;
      case 'H': num(t.hour, 2); break;
      case 'I': num(hour12, 2); break;
      case 'j': num(yday, 3); break;
      case 'm': num(t.month, 2); break;
      case 'M': num(t.minute, 2); break;
      case 'n': out.push_back('\n'); break;
      case 'p': out += t.hour < 12 ? "AM" : "PM"; break;
      case 'R':
        std::snprintf(buf, sizeof buf, "%02d:%02d", t.hour, t.minute);
        out += buf;
        break;
      case 'S': num(t.second, 2); break;
      case 't': out.push_back('\t'); break;
      case 'T':
      case 'X':
        std::snprintf(buf, sizeof buf, "%02d:%02d:%02d", t.hour, t.minute, t.second);
        out += buf;
        break;
      case 'u': num(wday == 0 ? 7 : static_cast<int>(wday), 1); break;
      case 'w': num(static_cast<int>(wday), 1); break;
      case 'x':
        std::snprintf(buf, sizeof buf, "%02d/%02d/%02d", t.month, t.day, t.year % 100);
        out += buf;
        break;
      case 'y': num(t.year % 100, 2); break;
      case 'Y': num(t.year, 1); break;
      case 'z':
      case 'Z': break;
      case '%': out.push_back('%'); break;
      default: out.append(format, i, j - i + 1); break;
    }
    i = j;
  }
  return out;
}

Result<ChatTemplate> ChatTemplate::parse(const std::string& source, std::string name,
                                         const jinja::RenderLimits& limits) {
  auto tokens = jinja::tokenize(source);
  if (!tokens.ok()) return name_error(name, tokens.take_error());
  auto program = jinja::parse(std::move(*tokens), limits);
  if (!program.ok()) return name_error(name, program.take_error());
  ChatTemplate t;
  t.source_ = source;
  t.name_ = std::move(name);
  t.program_ = std::make_shared<const jinja::Program>(std::move(*program));
  return t;
}

Result<std::string> ChatTemplate::render(const ChatTemplateInput& input) const {
  using jinja::Value;
  if (!input.extra.is_null() && !input.extra.is_object())
    return Error(ErrorKind::InvalidArgument, name_ + ": the extra template variables must be a JSON object, got " +
                                                 std::string(input.extra.type_name()));
  auto globals = std::make_shared<jinja::Scope>();
  for (auto& [k, v] : jinja::builtin_globals()) globals->set(k, std::move(v));
  globals->set("raise_exception", Value::function("raise_exception", [](jinja::Interpreter&, jinja::CallArgs& args)
                                                                         -> Result<Value> {
    std::string message = args.positional.empty() ? std::string() : jinja::to_str(args.positional[0]);
    for (const auto& [k, v] : args.named)
      if (k == "message") message = jinja::to_str(v);
    return jinja::value_error(message);
  }));
  const DateTime now = input.now ? *input.now : local_now();
  globals->set("strftime_now", Value::function("strftime_now", [now](jinja::Interpreter&, jinja::CallArgs& args)
                                                                   -> Result<Value> {
    if (args.positional.size() != 1 || !args.positional[0].is_string())
      return jinja::value_error("strftime_now() takes one format string, e.g. strftime_now(\"%d %b %Y\")");
    return Value::string(format_time(now, args.positional[0].get_string()));
  }));

  auto vars = std::make_shared<jinja::Scope>(globals);
  const int depth = input.limits.max_value_depth;
  auto messages = jinja::from_json(input.messages, depth);
  if (!messages.ok()) return name_error(name_, messages.take_error());
  vars->set("messages", std::move(messages).value());
  vars->set("add_generation_prompt", Value::boolean(input.add_generation_prompt));
  vars->set("bos_token", Value::string(input.bos_token));
  vars->set("eos_token", Value::string(input.eos_token));
  if (input.extra.is_object())
    for (const auto& [k, v] : input.extra.items()) {
      auto value = jinja::from_json(v, depth);
      if (!value.ok()) return name_error(name_, value.take_error());
      vars->set(k, std::move(value).value());
    }

  jinja::Interpreter interp(input.limits);
  auto out = interp.render(*program_, vars);
  if (!out.ok()) return name_error(name_, out.take_error());
  return out;
}

std::string default_chat_template() {
  return "{%- for message in messages %}\n"
         "{{- '<|im_start|>' ~ message['role'] ~ '\\n' ~ message['content'] ~ '<|im_end|>\\n' }}\n"
         "{%- endfor %}\n"
         "{%- if add_generation_prompt %}\n"
         "{{- '<|im_start|>assistant\\n' }}\n"
         "{%- endif %}\n";
}

}  // namespace tessera::chat
