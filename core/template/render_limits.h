// The budget one template parse and render may use. A chat template comes from a downloaded
// model file, so it is hostile input: every construct that costs stack, time or memory is checked
// against one of these limits BEFORE the cost is paid, and going over is an error value naming
// the template line, the limit and its value (never a crash, a hang or an allocation beyond it).
//
// The defaults are far above what real chat templates use (the fixtures in
// shared/fixtures/templates render within a hundredth of these limits (tests/core/template/fixture_cases_test.cpp), nest expressions under 15 deep and
// produce a few KiB) and low enough that a hostile template fails within about a second and a
// few hundred MiB.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tessera::jinja {

struct RenderLimits {
  // Parse: nesting depth of every syntax construct (operators, filters, tests, calls, subscripts,
  // attribute chains, brackets, statements). Deeper trees would exhaust the stack when evaluated.
  int max_syntax_depth = 256;
  // Render: work units. One per statement executed and expression evaluated, 25 per loop
  // iteration, 10 per call, plus the size of the values produced (one per 64 bytes of a string,
  // one per 4 items of a list or dict). About 0.1-0.5 us each in a Release build.
  int64_t max_steps = 5'000'000;
  // Render: bytes of text the template produces.
  size_t max_output_bytes = size_t{64} << 20;
  // Render: bytes of any one string value.
  size_t max_string_bytes = size_t{64} << 20;
  // Render: items of any one list, tuple or dict.
  size_t max_container_items = size_t{1} << 20;
  // Render: nested macro and function calls.
  int max_call_depth = 100;
  // Render: nesting of statements, expressions and calls being evaluated at once.
  int max_eval_depth = 2000;
  // Render: bytes of the calling thread's stack the evaluation may use below the render() call
  // (the depth above costs a different amount per level in Release and sanitizer builds; this
  // bounds what it really costs). Keep it well under the thread's stack size.
  size_t max_stack_bytes = size_t{2} << 20;
  // Render: nesting of lists and dicts inside each other when printed, compared, copied or
  // serialized (tojson).
  int max_value_depth = 256;
};

// "the limit of 64 MiB (RenderLimits::max_output_bytes)" style suffix for messages.
inline std::string limit_text(const char* field, uint64_t value, const char* unit = "") {
  return "the limit of " + std::to_string(value) + unit + " (RenderLimits::" + field + ")";
}

}  // namespace tessera::jinja
