// What a parsed request asks of the chat template and of the generation beyond its messages and
// sampling settings: tools, chat_template_kwargs and reasoning_effort as template variables; the
// reply split into reasoning and content (reasoning_format), structured output (response_format)
// and strict tools' argument schemas. Kept apart from the HTTP handling (server.cpp).
#pragma once

#include <string>
#include <string_view>

#include "engine/generation.h"
#include "openai_request.h"
#include "reasoning/output_format.h"
#include "template/chat_template.h"

namespace tessera::server {

// The template input of a chat request: its messages, its tools, chat_template_kwargs and
// reasoning_effort (the explicit field wins over a kwarg of the same name).
chat::ChatTemplateInput template_input(const CompletionRequest& request);

// Sets `generation`'s reply split (a chat request to a reasoning model, unless reasoning_format is
// none), JSON schema and strict tool schemas from the request.
void apply_output_settings(const CompletionRequest& request, const reasoning::OutputFormat& format,
                           GenerationRequest& generation);

// The end of a rendered prompt, enough for a reply splitter to see how the generation prompt ended.
std::string_view prompt_tail(std::string_view rendered);

}  // namespace tessera::server
