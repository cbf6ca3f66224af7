// tessera-cli template: renders a chat template for a list of messages and prints exactly the
// resulting prompt (no trailing newline added), so scripts can diff it against other renderers.
#include <cstdio>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "common/input_file.h"
#include "common/json_input.h"
#include "gguf/gguf_file.h"
#include "option_ranges.h"
#include "template/chat_template.h"
#include "terminal_text.h"

namespace tessera::cli {
namespace {

using json = nlohmann::ordered_json;

void print_template_usage(FILE* out) {
  std::fprintf(out,
               "usage: tessera-cli template (-m MODEL.gguf [--template-name N] | --file TEMPLATE.jinja) --messages MESSAGES.json\n"
               "                            [--add-generation-prompt] [--bos-token S] [--eos-token S]\n"
               "                            [--tools TOOLS.json] [--var NAME=JSON]... [--date YYYY-MM-DD[THH:MM:SS]]\n"
               "  Renders a chat template as Hugging Face's apply_chat_template does and prints the prompt.\n"
               "  -m FILE            use the model's tokenizer.chat_template and its BOS/EOS token text\n"
               "                     (the built-in ChatML template when the model has none)\n"
               "  --template-name N  with -m: use the named template tokenizer.chat_template.N (e.g. tool_use)\n"
               "  --file FILE        use a Jinja2 template file\n"
               "  --messages FILE    a JSON array of {\"role\", \"content\"} messages, or an object with a\n"
               "                     \"messages\" array whose other keys become template variables; '-' = stdin\n"
               "  --tools FILE       a JSON array of tool definitions, passed as the `tools` variable\n"
               "  --var NAME=JSON    another template variable, e.g. --var enable_thinking=false\n"
               "  --date D           the date strftime_now() sees (default: now)\n"
               "  --bos-token S, --eos-token S   override the BOS/EOS token text\n"
               "Exit status: 0 rendered, 1 error (the message goes to stderr), 2 usage error.\n");
}

// A file named on the command line ('-': standard input), bounded (option_ranges.h).
Result<std::string> read_input(const std::string& path, uint64_t max_bytes, const char* what) {
  if (path == "-") return read_input_stream(0, max_bytes, std::string(what) + " (standard input)");
  return read_input_file(path, max_bytes, what);
}

// A JSON file named on the command line, nesting bounded (common/json_input.h).
Result<json> read_json(const std::string& path, const char* what) {
  TESSERA_ASSIGN_OR_RETURN(std::string text, read_input(path, kMaxJsonFileBytes, what));
  auto doc = parse_json<json>(text);
  if (!doc.ok()) return make_error(doc.error().kind, std::string(what) + " '" + path + "' " + doc.error().message);
  return doc;
}

int fail(const std::string& message) {
  print_error("template", message);
  return 1;
}

int usage_error(const std::string& message) {
  print_error("template", message);
  std::fputc('\n', stderr);
  print_template_usage(stderr);
  return 2;
}

std::optional<chat::DateTime> parse_date(const std::string& s) {
  chat::DateTime t;
  int n = 0;
  if (std::sscanf(s.c_str(), "%d-%d-%dT%d:%d:%d%n", &t.year, &t.month, &t.day, &t.hour, &t.minute, &t.second, &n) == 6 &&
      static_cast<size_t>(n) == s.size()) {
    return t;
  }
  t = chat::DateTime{};
  if (std::sscanf(s.c_str(), "%d-%d-%d%n", &t.year, &t.month, &t.day, &n) == 3 && static_cast<size_t>(n) == s.size())
    return t;
  return std::nullopt;
}

// Token text for `key` (a token id) from tokenizer.ggml.tokens; "" when either is missing.
Result<std::string> token_text(const gguf::GgufFile& file, const char* key) {
  const gguf::Value* id_value = file.find(key);
  if (!id_value) return std::string();
  auto id = id_value->as_uint();
  if (!id) return Error(ErrorKind::BadFile, file.path() + ": metadata '" + key + "' is not a token id");
  const gguf::Value* tokens = file.find("tokenizer.ggml.tokens");
  if (!tokens) return std::string();
  if (!tokens->is_array() || *id >= tokens->items().size() || !tokens->items()[*id].is_string())
    return Error(ErrorKind::BadFile, file.path() + ": '" + key + "' = " + std::to_string(*id) +
                                         " is not an index into tokenizer.ggml.tokens (" +
                                         std::to_string(tokens->is_array() ? tokens->items().size() : 0) + " entries)");
  return tokens->items()[*id].as_string();
}

}  // namespace

int cmd_template(const Args& args) {
  std::string model_path, template_path, messages_path, tools_path, template_name;
  std::optional<std::string> bos, eos;
  std::optional<chat::DateTime> date;
  bool add_generation_prompt = false;
  json vars = json::object();

  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string* out) -> bool {
      if (i + 1 >= args.size()) return false;
      *out = args[++i];
      return true;
    };
    std::string v;
    if (a == "-h" || a == "--help") {
      print_template_usage(stdout);
      return 0;
    } else if (a == "-m" || a == "--model") {
      if (!value(&model_path)) return usage_error(a + " needs a file");
    } else if (a == "--template-name") {
      if (!value(&template_name) || template_name.empty()) return usage_error("--template-name needs a name");
    } else if (a == "--file") {
      if (!value(&template_path)) return usage_error("--file needs a template file");
    } else if (a == "--messages") {
      if (!value(&messages_path)) return usage_error("--messages needs a JSON file");
    } else if (a == "--tools") {
      if (!value(&tools_path)) return usage_error("--tools needs a JSON file");
    } else if (a == "--add-generation-prompt") {
      add_generation_prompt = true;
    } else if (a == "--bos-token") {
      if (!value(&v)) return usage_error("--bos-token needs a value");
      bos = v;
    } else if (a == "--eos-token") {
      if (!value(&v)) return usage_error("--eos-token needs a value");
      eos = v;
    } else if (a == "--date") {
      if (!value(&v)) return usage_error("--date needs a value");
      date = parse_date(v);
      if (!date) return usage_error("--date '" + v + "' is not YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS");
    } else if (a == "--var") {
      if (!value(&v)) return usage_error("--var needs NAME=JSON");
      const size_t eq = v.find('=');
      if (eq == std::string::npos || eq == 0) return usage_error("--var '" + v + "' is not NAME=JSON");
      auto parsed = parse_json<json>(v.substr(eq + 1));
      if (!parsed.ok())
        return usage_error("--var " + v.substr(0, eq) + ": the value " + parsed.error().message +
                           " (strings need quotes: --var name='\"text\"')");
      vars[v.substr(0, eq)] = std::move(parsed).value();
    } else {
      return usage_error("unknown option '" + a + "'");
    }
  }
  if (model_path.empty() == template_path.empty()) return usage_error("give exactly one of -m MODEL.gguf or --file TEMPLATE");
  if (messages_path.empty()) return usage_error("--messages is required");
  if (!template_name.empty() && model_path.empty()) return usage_error("--template-name needs -m MODEL.gguf");

  std::string source, name;
  std::string bos_text, eos_text;
  if (!template_path.empty()) {
    auto text = read_input(template_path, kMaxTemplateFileBytes, "the template file");
    if (!text.ok()) return fail(text.error().message);
    source = std::move(text).value();
    name = template_path;
  } else {
    auto file = gguf::GgufFile::open(model_path);
    if (!file.ok()) return fail(file.error().describe());
    const std::string key = template_name.empty() ? "tokenizer.chat_template" : "tokenizer.chat_template." + template_name;
    auto tmpl = (*file)->get_string_or(key, "");
    if (!tmpl.ok()) return fail(tmpl.error().describe());
    if (tmpl->empty() && !template_name.empty()) return fail(model_path + " has no chat template named '" + template_name + "' (" + key + ")");
    if (tmpl->empty()) {
      print_error("template", "note: " + model_path + " has no tokenizer.chat_template; using the built-in ChatML template");
      source = chat::default_chat_template();
      name = "built-in ChatML template";
    } else {
      source = std::move(*tmpl);
      name = "chat template of " + model_path;
    }
    auto b = token_text(**file, "tokenizer.ggml.bos_token_id");
    if (!b.ok()) return fail(b.error().describe());
    auto e = token_text(**file, "tokenizer.ggml.eos_token_id");
    if (!e.ok()) return fail(e.error().describe());
    bos_text = std::move(*b);
    eos_text = std::move(*e);
  }
  if (bos) bos_text = *bos;
  if (eos) eos_text = *eos;

  auto read = read_json(messages_path, "the messages file");
  if (!read.ok()) return fail(read.error().message);
  json doc = std::move(read).value();
  chat::ChatTemplateInput input;
  if (doc.is_array()) {
    input.messages = std::move(doc);
  } else if (doc.is_object() && doc.contains("messages") && doc["messages"].is_array()) {
    input.messages = doc["messages"];
    for (auto& [k, val] : doc.items())
      if (k != "messages") input.extra[k] = val;
  } else {
    return fail("messages file '" + messages_path + "' must hold a JSON array of messages or an object with a \"messages\" array");
  }
  if (!tools_path.empty()) {
    auto tools = read_json(tools_path, "the tools file");
    if (!tools.ok()) return fail(tools.error().message);
    input.extra["tools"] = std::move(tools).value();
  }
  for (auto& [k, val] : vars.items()) input.extra[k] = val;
  input.add_generation_prompt = add_generation_prompt;
  input.bos_token = bos_text;
  input.eos_token = eos_text;
  input.now = date;

  auto tmpl = chat::ChatTemplate::parse(source, name);
  if (!tmpl.ok()) return fail(tmpl.error().message);
  auto out = tmpl->render(input);
  if (!out.ok()) return fail(out.error().message);
  // Exactly the prompt into a pipe or a file; on a terminal, control characters escaped (the
  // template and the messages may hold any).
  const std::string shown = for_stream(stdout, *out);
  std::fwrite(shown.data(), 1, shown.size(), stdout);
  std::fflush(stdout);
  return 0;
}

}  // namespace tessera::cli
