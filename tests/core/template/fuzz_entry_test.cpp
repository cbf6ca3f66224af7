// The fuzz entry point: arbitrary bytes parse and render without throwing.
#include <gtest/gtest.h>

#include <string>

#include "template/template_fuzz_entry.h"

namespace tessera::jinja {
namespace {

TEST(FuzzEntry, RendersValidInvalidAndBinaryInputWithoutThrowing) {
  const std::string inputs[] = {
      "",
      "{{ bos_token }}{% for m in messages %}{{ m.role }}: {{ m.content }}{% endfor %}{{ tools|tojson }}",
      "{% if %}",
      "{{ messages[2].tool_calls[0].function.arguments|tojson }}{{ raise_exception('x') }}",
      std::string("\0\xff{{\x01", 5),
  };
  for (const auto& in : inputs) EXPECT_NO_THROW(render_untrusted_template(in));
}

}  // namespace
}  // namespace tessera::jinja
