// Entry point for fuzzing the template engine with arbitrary bytes (libFuzzer targets live in
// tests/fuzz; this header has no fuzzer dependency).
//
// render_untrusted_template parses `bytes` as a chat template and, when it parses, renders it
// once with a fixed context: a system/user/assistant/user conversation (one message with a tool
// call), two tools, add_generation_prompt = true, bos "<s>", eos "</s>", a fixed date, and the
// default RenderLimits. Parse and render errors are expected outcomes and are ignored; the
// function never throws. Anything else (a crash, a hang, memory beyond the limits, a sanitizer
// report) is a bug in core/template.
#pragma once

#include <string_view>

namespace tessera::jinja {

void render_untrusted_template(std::string_view bytes);

}  // namespace tessera::jinja
