#include "chat_setup.h"

namespace tessera::server {

chat::ChatTemplateInput template_input(const CompletionRequest& r) {
  chat::ChatTemplateInput in;
  in.messages = r.messages;
  in.add_generation_prompt = true;
  for (const auto& [k, v] : r.chat_template_kwargs.items()) in.extra[k] = v;
  if (r.has_tools()) in.extra["tools"] = r.tools;
  if (!r.reasoning_effort.empty())
    in.extra[reasoning::control_name(reasoning::ThinkingControl::Effort)] = r.reasoning_effort;
  return in;
}

void apply_output_settings(const CompletionRequest& r, const reasoning::OutputFormat& format, GenerationRequest& g) {
  g.split_reply = r.chat && r.split_reasoning && format.reasons();
  g.json_schema = r.json_schema;
  // With a strict tool among them, every tool is named in the grammar (the others' arguments: any object).
  if (r.has_tools() && !r.strict_tools.empty()) {
    for (const auto& tool : r.tools) {
      const std::string name = tool["function"]["name"].get<std::string>();
      std::shared_ptr<const grammar::JsonSchema> schema;
      for (const auto& [strict_name, s] : r.strict_tools)
        if (strict_name == name) schema = s;
      g.tool_schemas.emplace_back(name, schema);
    }
  }
}

std::string_view prompt_tail(std::string_view rendered) {
  constexpr size_t kTail = 64;
  return rendered.size() <= kTail ? rendered : rendered.substr(rendered.size() - kTail);
}

}  // namespace tessera::server
