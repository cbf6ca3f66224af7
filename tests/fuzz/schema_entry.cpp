// The fuzz entry of structured output (fuzz_entries.h, schema_one_input): a client's JSON schema
// (response_format json_schema, a strict tool's parameters) compiled as the server compiles it, and
// a text fed byte by byte to the recogniser the generation is constrained by.
//
// The oracle is nlohmann's JSON parser, which nobody here wrote: whatever the recogniser calls a
// complete value must be JSON that parser accepts (RFC 8259: UTF-8 text, paired surrogate escapes,
// numbers and literals as the grammar writes them). The recogniser's own contracts are checked
// beside it: a refused byte leaves the state as it was, a byte is taken only where the value can
// still be completed, and step_from (the walk over a vocabulary's token trie) reaches the state
// feed() does.
#include <algorithm>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "common/json_input.h"
#include "fuzz_check.h"
#include "fuzz_entries.h"
#include "grammar/json_matcher.h"
#include "grammar/json_schema.h"

namespace tessera::fuzz {
namespace {

// The recogniser's work per byte grows with the nesting it holds; a reply is at most this long
// here (generations are bounded by max_tokens; the schema is what this target is about).
constexpr size_t kMaxTextBytes = 4096;
// Complete prefixes checked against the parser (each check reads the whole prefix).
constexpr int kMaxParserChecks = 16;

}  // namespace

bool has_schema_entry() { return true; }

void schema_one_input(const uint8_t* data, size_t size) {
  if (size == 0) return;
  const uint8_t flags = data[0];
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  const size_t nul = rest.find('\0');
  const std::string_view schema_text = rest.substr(0, nul);
  const std::string_view text =
      nul == std::string_view::npos ? std::string_view() : rest.substr(nul + 1, kMaxTextBytes);

  auto json = parse_json<nlohmann::ordered_json>(schema_text);
  if (!json.ok()) return;
  grammar::JsonSchemaOptions options;
  options.zero_fractions = (flags & 1) != 0;
  auto compiled = grammar::JsonSchema::compile(*json, options);
  if (!compiled.ok()) {
    FUZZ_CHECK(!compiled.error().message.empty());
    return;
  }
  const auto& schema = *compiled;
  const auto& nodes = schema->nodes();
  const auto n = static_cast<int32_t>(nodes.size());
  FUZZ_CHECK(schema->root() >= 0 && schema->root() < n);
  for (const grammar::SchemaNode& node : nodes) {
    for (const auto& p : node.properties) FUZZ_CHECK(p.node >= 0 && p.node < n);
    for (int32_t t : node.tuple) FUZZ_CHECK(t >= 0 && t < n);
    for (int32_t a : node.any_of) FUZZ_CHECK(a >= 0 && a < n);
    FUZZ_CHECK(node.additional >= -1 && node.additional < n);
    FUZZ_CHECK(node.items >= -1 && node.items < n);
  }

  grammar::JsonMatcher matcher(schema);
  grammar::JsonMatcher stepped(schema);
  std::string taken;
  int checks = 0;
  bool was_accepting = matcher.accepting();
  for (const char ch : text) {
    const auto c = static_cast<uint8_t>(ch);
    const bool step_ok = stepped.step_from(matcher, c);
    const size_t before = matcher.hash();
    if (!matcher.feed(c)) {
      FUZZ_CHECK(!step_ok);
      FUZZ_CHECK(matcher.hash() == before);
      continue;  // as a sampler would, try the next byte from the same state
    }
    FUZZ_CHECK(step_ok && stepped.same_state(matcher));
    taken += ch;
    FUZZ_CHECK(matcher.bytes_to_close() < grammar::kNever);
    const bool accepting = matcher.accepting();
    if (accepting && !was_accepting && checks < kMaxParserChecks) {
      ++checks;
      FUZZ_CHECK(nlohmann::json::accept(taken));
    }
    was_accepting = accepting;
  }
  if (matcher.accepting()) FUZZ_CHECK(nlohmann::json::accept(taken));
}

}  // namespace tessera::fuzz
