#include "template/template_fuzz_entry.h"

#include <string>

#include "template/chat_template.h"

namespace tessera::jinja {

namespace {

const chat::ChatTemplateInput& fixed_input() {
  static const chat::ChatTemplateInput input = [] {
    chat::ChatTemplateInput in;
    in.messages = nlohmann::ordered_json::parse(R"([
      {"role": "system", "content": "You are a helpful assistant."},
      {"role": "user", "content": "What is the weather in Paris? <b>&amp;</b> ü"},
      {"role": "assistant", "content": "",
       "tool_calls": [{"id": "call_1", "type": "function",
                       "function": {"name": "get_weather", "arguments": {"city": "Paris", "days": 2}}}]},
      {"role": "tool", "tool_call_id": "call_1", "content": "{\"temp\": 21.5}"},
      {"role": "user", "content": "Thanks!\nAnd tomorrow?"}
    ])");
    in.extra = nlohmann::ordered_json::parse(R"({"tools": [
      {"type": "function", "function": {"name": "get_weather", "description": "Weather for a city",
       "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
                      "required": ["city"]}}},
      {"type": "function", "function": {"name": "search", "description": "Web search",
       "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}}
    ]})");
    in.add_generation_prompt = true;
    in.bos_token = "<s>";
    in.eos_token = "</s>";
    in.now = chat::DateTime{2026, 7, 4, 12, 0, 0};
    return in;
  }();
  return input;
}

}  // namespace

void render_untrusted_template(std::string_view bytes) {
  try {
    auto tmpl = chat::ChatTemplate::parse(std::string(bytes), "fuzzed template");
    if (!tmpl.ok()) return;
    (void)tmpl->render(fixed_input());
  } catch (...) {
    // The engine reports failures as values; an exception here (e.g. std::bad_alloc) must not
    // escape into the fuzzer harness, which would misreport it as a crash of its own.
  }
}

}  // namespace tessera::jinja
