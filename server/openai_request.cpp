#include "openai_request.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include "common/json_input.h"
#include "reasoning/thinking_choice.h"

namespace tessera::server {
namespace {

using Json = nlohmann::ordered_json;

// A value the client sent, quoted in a message: a bounded excerpt, never the whole value.
std::string shown(const Json& v) { return json_excerpt(v); }

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// Each reader: absent or null -> leaves `out` and returns nullptr-equivalent (no error).
struct Reader {
  const Json& body;
  std::optional<ApiError> error;

  const Json* field(const char* name) {
    auto it = body.find(name);
    if (it == body.end() || it->is_null()) return nullptr;
    return &*it;
  }
  void fail(const std::string& name, const std::string& message) {
    if (!error) error = bad_request(name, name + ": " + message);
  }
  void real(const char* name, float& out, double lo, double hi) {
    const Json* v = field(name);
    if (!v) return;
    if (!v->is_number()) return fail(name, shown(*v) + " is not a number (" + number_text(lo) + ".." + number_text(hi) + ")");
    const double d = v->get<double>();
    if (!std::isfinite(d) || d < lo || d > hi)
      return fail(name, shown(*v) + " is out of range (" + number_text(lo) + ".." + number_text(hi) + ")");
    out = static_cast<float>(d);
  }
  bool integer(const char* name, int64_t& out, int64_t lo, int64_t hi) {
    const Json* v = field(name);
    if (!v) return false;
    const std::string range = " (" + std::to_string(lo) + ".." + std::to_string(hi) + ")";
    if (v->is_number_integer()) {
      if (v->is_number_unsigned() && v->get<uint64_t>() > static_cast<uint64_t>(hi)) {
        fail(name, shown(*v) + " is out of range" + range);
        return false;
      }
      const int64_t i = v->get<int64_t>();
      if (i < lo || i > hi) {
        fail(name, shown(*v) + " is out of range" + range);
        return false;
      }
      out = i;
      return true;
    }
    fail(name, shown(*v) + " is not an integer" + range);
    return false;
  }
  void boolean(const char* name, bool& out) {
    const Json* v = field(name);
    if (!v) return;
    if (!v->is_boolean()) return fail(name, shown(*v) + " is not true or false");
    out = v->get<bool>();
  }
};

// Text of a message's content: a string, or an array of {"type": "text", "text": ...} parts.
bool content_text(const Json& content, std::string& out) {
  if (content.is_string()) {
    out = content.get<std::string>();
    return true;
  }
  if (!content.is_array()) return false;
  out.clear();
  for (const auto& part : content) {
    if (!part.is_object()) return false;
    auto type = part.find("type");
    auto text = part.find("text");
    if (type == part.end() || *type != "text" || text == part.end() || !text->is_string()) return false;
    out += text->get<std::string>();
  }
  return true;
}

// A JSON Schema compiled for structured output; a refusal names the field and the keyword.
std::shared_ptr<const grammar::JsonSchema> compile_schema(Reader& r, const Json& schema, const std::string& field) {
  auto compiled = grammar::JsonSchema::compile(schema);
  if (!compiled.ok()) {
    // The compiler names the place inside the schema ("properties.age.minimum: ...").
    const std::string& m = compiled.error().message;
    const size_t colon = m.find(": ");
    const std::string inside = colon == std::string::npos ? std::string() : m.substr(0, colon);
    const std::string path = inside.empty() || inside == "the schema" ? field : field + "." + inside;
    if (!r.error) r.error = bad_request(path, path + (colon == std::string::npos ? ": " + m : m.substr(colon)));
    return nullptr;
  }
  return *compiled;
}

void read_response_format(Reader& r, CompletionRequest& out) {
  const Json* rf = r.field("response_format");
  if (!rf) return;
  if (!rf->is_object() || !rf->contains("type") || !(*rf)["type"].is_string())
    return r.fail("response_format", shown(*rf) + " is not a {\"type\": \"text\" | \"json_object\" | \"json_schema\"}");
  const std::string type = (*rf)["type"].get<std::string>();
  if (type == "text") return;
  if (type == "json_object") {
    out.json_schema = grammar::JsonSchema::any_object();
    return;
  }
  if (type != "json_schema")
    return r.fail("response_format.type", "'" + type + "' is not one of text, json_object, json_schema");
  auto js = rf->find("json_schema");
  if (js == rf->end() || !js->is_object())
    return r.fail("response_format.json_schema", "missing: give {\"name\": ..., \"schema\": {...}, \"strict\": true}");
  auto schema = js->find("schema");
  if (schema == js->end() || !(schema->is_object() || schema->is_boolean()))
    return r.fail("response_format.json_schema.schema", "missing: the JSON Schema the reply must follow");
  out.json_schema = compile_schema(r, *schema, "response_format.json_schema.schema");
}

void read_common(Reader& r, CompletionRequest& out) {
  if (const Json* m = r.field("model")) {
    if (!m->is_string()) return r.fail("model", shown(*m) + " is not a string");
    out.model = m->get<std::string>();
  }
  int64_t n = 0;
  if (r.integer("max_completion_tokens", n, 1, kMaxTokensLimit)) out.max_tokens = static_cast<int32_t>(n);
  if (r.integer("max_tokens", n, 1, kMaxTokensLimit)) out.max_tokens = static_cast<int32_t>(n);
  r.real("temperature", out.sampling.temperature, 0.0, 2.0);
  r.real("top_p", out.sampling.top_p, 0.0, 1.0);
  r.real("min_p", out.sampling.min_p, 0.0, 1.0);
  if (r.integer("top_k", n, 0, std::numeric_limits<int32_t>::max())) out.sampling.top_k = static_cast<int32_t>(n);
  r.real("presence_penalty", out.sampling.presence_penalty, -2.0, 2.0);
  r.real("frequency_penalty", out.sampling.frequency_penalty, -2.0, 2.0);
  r.real("repeat_penalty", out.sampling.repeat_penalty, 0.01, 10.0);
  if (const Json* s = r.field("seed")) {
    if (!s->is_number_integer() || (s->is_number_integer() && !s->is_number_unsigned() && s->get<int64_t>() < 0))
      return r.fail("seed", shown(*s) + " is not an integer (0..18446744073709551615)");
    out.sampling.seed = s->get<uint64_t>();
  }
  if (r.integer("n", n, 1, 1)) {
  }
  if (const Json* stop = r.field("stop")) {
    if (stop->is_string()) {
      out.stop.push_back(stop->get<std::string>());
    } else if (stop->is_array()) {
      if (stop->size() > kMaxStopSequences)
        return r.fail("stop", std::to_string(stop->size()) + " sequences given, at most " +
                                  std::to_string(kMaxStopSequences) + " are allowed");
      for (const auto& s : *stop) {
        if (!s.is_string()) return r.fail("stop", shown(s) + " is not a string");
        out.stop.push_back(s.get<std::string>());
      }
    } else {
      return r.fail("stop", shown(*stop) + " is not a string or an array of strings");
    }
  }
  r.boolean("stream", out.stream);
  r.boolean("ignore_eos", out.ignore_eos);
  if (const Json* so = r.field("stream_options")) {
    if (!so->is_object()) return r.fail("stream_options", shown(*so) + " is not an object");
    if (auto iu = so->find("include_usage"); iu != so->end() && !iu->is_null()) {
      if (!iu->is_boolean()) return r.fail("stream_options.include_usage", shown(*iu) + " is not true or false");
      out.include_usage = iu->get<bool>();
    }
  }
  if (const Json* lp = r.field("logprobs")) {
    if (!(lp->is_boolean() && !lp->get<bool>())) r.fail("logprobs", "log probabilities are not supported by this server");
  }
  if (!r.error) read_response_format(r, out);
}

std::variant<Json, ApiError> parse_body(std::string_view body) {
  auto j = parse_json<Json>(body);
  if (!j.ok()) return bad_request("", "the request body " + j.error().message);
  if (!j->is_object()) return bad_request("", "the request body must be a JSON object, got " + shown(*j));
  return std::move(j).value();
}

void read_messages(Reader& r, CompletionRequest& out) {
  const Json* messages = r.field("messages");
  if (!messages) return r.fail("messages", "missing: give the conversation as an array of {role, content}");
  if (!messages->is_array() || messages->empty())
    return r.fail("messages", shown(*messages) + " is not a non-empty array of messages");
  for (size_t i = 0; i < messages->size(); ++i) {
    const Json& m = (*messages)[i];
    const std::string at = "messages[" + std::to_string(i) + "]";
    if (!m.is_object()) return r.fail(at, shown(m) + " is not an object");
    auto role = m.find("role");
    if (role == m.end() || !role->is_string())
      return r.fail(at + ".role", "missing: one of system, developer, user, assistant, tool");
    std::string role_text = role->get<std::string>();
    if (role_text == "developer") role_text = "system";  // OpenAI's newer name for the system role
    if (role_text != "system" && role_text != "user" && role_text != "assistant" && role_text != "tool")
      return r.fail(at + ".role", "'" + role->get<std::string>() + "' is not one of system, developer, user, assistant, tool");
    Json msg = Json::object();
    msg["role"] = role_text;
    std::string text;
    auto content = m.find("content");
    const bool has_calls = m.contains("tool_calls") && m["tool_calls"].is_array();
    if (content == m.end() || content->is_null()) {
      if (!(role_text == "assistant" && has_calls))
        return r.fail(at + ".content", "missing (only an assistant message with tool_calls may leave it out)");
    } else if (!content_text(*content, text)) {
      return r.fail(at + ".content", "is neither a string nor an array of {\"type\": \"text\", \"text\": ...} parts");
    }
    msg["content"] = text;
    if (has_calls) {
      Json calls = Json::array();
      const Json& given = m["tool_calls"];
      for (size_t k = 0; k < given.size(); ++k) {
        const Json& call = given[k];
        const std::string call_at = at + ".tool_calls[" + std::to_string(k) + "]";
        if (!call.is_object() || !call.contains("function") || !call["function"].is_object() ||
            !call["function"].contains("name") || !call["function"]["name"].is_string())
          return r.fail(call_at, shown(call) + " is not a {\"type\": \"function\", \"function\": {name, arguments}}");
        Json fn = call["function"];
        // Templates write arguments with tojson: give them the object, not its JSON text (text
        // that is not JSON stays text; JSON nested too deep is refused like a deep body).
        if (fn.contains("arguments") && fn["arguments"].is_string()) {
          auto parsed = parse_json<Json>(fn["arguments"].get<std::string>());
          if (parsed.ok())
            fn["arguments"] = std::move(parsed).value();
          else if (parsed.error().kind == ErrorKind::Unsupported)
            return r.fail(call_at + ".function.arguments", "the JSON text " + parsed.error().message);
        }
        Json c = {{"type", "function"}, {"function", fn}};
        if (call.contains("id")) c["id"] = call["id"];
        // Some templates read name/arguments at the top level of the call.
        c["name"] = fn["name"];
        if (fn.contains("arguments")) c["arguments"] = fn["arguments"];
        calls.push_back(c);
      }
      msg["tool_calls"] = calls;
    }
    for (const char* key : {"tool_call_id", "name"})
      if (auto it = m.find(key); it != m.end() && it->is_string()) msg[key] = *it;
    // An earlier turn's thinking, as this server (or llama-server) returned it: Qwen3-style
    // templates read reasoning_content, gpt-oss's reads thinking; each drops it where it should.
    if (auto rc = m.find("reasoning_content"); rc != m.end() && !rc->is_null()) {
      if (!rc->is_string()) return r.fail(at + ".reasoning_content", shown(*rc) + " is not a string");
      if (role_text == "assistant" && !rc->get<std::string>().empty()) {
        msg["reasoning_content"] = *rc;
        msg["thinking"] = *rc;
      }
    }
    out.messages.push_back(std::move(msg));
  }
}

void read_tools(Reader& r, CompletionRequest& out) {
  const Json* tools = r.field("tools");
  if (!tools) return;
  if (!tools->is_array()) return r.fail("tools", shown(*tools) + " is not an array of tools");
  for (size_t i = 0; i < tools->size(); ++i) {
    const Json& t = (*tools)[i];
    const std::string at = "tools[" + std::to_string(i) + "]";
    // (Json::value() throws when "type" is there but not a string: compared as JSON values instead.)
    if (!t.is_object() || !t.contains("type") || t["type"] != "function" || !t.contains("function") ||
        !t["function"].is_object())
      return r.fail(at, "is not a {\"type\": \"function\", \"function\": {...}}");
    if (!t["function"].contains("name") || !t["function"]["name"].is_string())
      return r.fail(at + ".function.name", "missing: each tool needs a name");
    const Json& fn = t["function"];
    if (auto strict = fn.find("strict"); strict != fn.end() && strict->is_boolean() && strict->get<bool>()) {
      const Json params = fn.contains("parameters") ? fn["parameters"] : Json{{"type", "object"}};
      auto schema = compile_schema(r, params, at + ".function.parameters");
      if (!schema) return;
      out.strict_tools.emplace_back(fn["name"].get<std::string>(), std::move(schema));
    }
  }
  out.tools = *tools;
  if (const Json* choice = r.field("tool_choice")) {
    if (choice->is_string()) {
      const std::string c = choice->get<std::string>();
      if (c == "none")
        out.tools = Json();
      else if (c != "auto" && c != "required")
        return r.fail("tool_choice", "'" + c + "' is not one of none, auto, required or a {\"type\": \"function\", ...}");
    } else if (!choice->is_object()) {
      return r.fail("tool_choice", shown(*choice) + " is not a string or an object");
    }
  }
}

void read_reasoning(Reader& r, CompletionRequest& out) {
  if (const Json* f = r.field("reasoning_format")) {
    const std::string v = f->is_string() ? f->get<std::string>() : shown(*f);
    if (v == "none") out.split_reasoning = false;
    else if (v == "auto" || v == "deepseek") out.split_reasoning = true;
    else return r.fail("reasoning_format", "'" + v + "' is not one of none, auto, deepseek");
  }
  if (const Json* k = r.field("chat_template_kwargs")) {
    if (!k->is_object()) return r.fail("chat_template_kwargs", shown(*k) + " is not an object of template variables");
    for (const char* reserved : {"messages", "add_generation_prompt", "tools"})
      if (k->contains(reserved))
        return r.fail("chat_template_kwargs." + std::string(reserved), "is set by the server from the request itself");
    out.chat_template_kwargs = *k;
  }
  if (const Json* e = r.field("reasoning_effort")) {
    const std::string v = e->is_string() ? e->get<std::string>() : shown(*e);
    const auto choice = reasoning::parse_thinking_choice(v);
    if (!choice || reasoning::thinking_control_of(*choice) != reasoning::ThinkingControl::Effort)
      return r.fail("reasoning_effort", "'" + v + "' is not one of low, medium, high");
    out.reasoning_effort = v;
  }
}

template <typename Fill>
ParsedRequest parse(std::string_view body, const SamplingParams& defaults, int32_t default_max_tokens, bool chat,
                    Fill fill) {
  auto parsed = parse_body(body);
  if (auto* e = std::get_if<ApiError>(&parsed)) return *e;
  const Json& j = std::get<Json>(parsed);
  CompletionRequest out;
  out.chat = chat;
  out.sampling = defaults;
  out.max_tokens = default_max_tokens;
  Reader r{j, std::nullopt};
  read_common(r, out);
  if (!r.error) fill(r, out);
  if (r.error) return *r.error;
  return out;
}

}  // namespace

ParsedRequest parse_chat_request(std::string_view body, const SamplingParams& defaults, int32_t default_max_tokens) {
  return parse(body, defaults, default_max_tokens, true, [](Reader& r, CompletionRequest& out) {
    read_messages(r, out);
    if (!r.error) read_tools(r, out);
    if (!r.error) read_reasoning(r, out);
  });
}

ParsedRequest parse_completion_request(std::string_view body, const SamplingParams& defaults,
                                       int32_t default_max_tokens) {
  return parse(body, defaults, default_max_tokens, false, [](Reader& r, CompletionRequest& out) {
    const Json* prompt = r.field("prompt");
    if (!prompt) return r.fail("prompt", "missing: give the text to continue");
    if (prompt->is_string()) {
      out.prompt = prompt->get<std::string>();
    } else if (prompt->is_array() && prompt->size() == 1 && (*prompt)[0].is_string()) {
      out.prompt = (*prompt)[0].get<std::string>();
    } else {
      return r.fail("prompt", shown(*prompt) + " is not a string (or an array of one string)");
    }
    if (const Json* echo = r.field("echo"); echo && !(echo->is_boolean() && !echo->get<bool>()))
      return r.fail("echo", "echoing the prompt is not supported by this server");
    if (const Json* suffix = r.field("suffix"); suffix && !(suffix->is_string() && suffix->get<std::string>().empty()))
      return r.fail("suffix", "insertion (suffix) is not supported by this server");
  });
}

}  // namespace tessera::server
