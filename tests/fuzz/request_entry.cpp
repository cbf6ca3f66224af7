// The fuzz entry of the OpenAI request bodies (fuzz_entries.h, request_one_input): what any client,
// a web page among them, can put in the body of /v1/chat/completions or /v1/completions, read as
// the server reads it (server/openai_request.h), response_format and strict tool schemas compiled.
// A body is either a request whose every value lies in its documented range, or a 400 whose
// message says what is wrong in a bounded number of bytes; never a crash, an exception or a value
// the engine would then trip over.
#include <cmath>
#include <string>
#include <string_view>
#include <variant>

#include "api_error.h"
#include "fuzz_check.h"
#include "fuzz_entries.h"
#include "grammar/json_matcher.h"
#include "openai_request.h"

namespace tessera::fuzz {
namespace {

// An error message quotes at most kJsonExcerptBytes of any value; the rest is the field's path and
// the sentence around it.
constexpr size_t kMaxMessageBytes = 2048;

void check_request(const server::CompletionRequest& r, bool chat, size_t body_size) {
  FUZZ_CHECK(r.chat == chat);
  FUZZ_CHECK(r.max_tokens == -1 || (r.max_tokens >= 1 && r.max_tokens <= server::kMaxTokensLimit));
  FUZZ_CHECK(r.stop.size() <= server::kMaxStopSequences);
  for (const std::string& s : r.stop) FUZZ_CHECK(!s.empty() && s.size() <= body_size);
  FUZZ_CHECK(r.sampling.validate().empty());
  FUZZ_CHECK(std::isfinite(r.sampling.temperature) && std::isfinite(r.sampling.top_p) &&
             std::isfinite(r.sampling.min_p) && std::isfinite(r.sampling.repeat_penalty) &&
             std::isfinite(r.sampling.frequency_penalty) && std::isfinite(r.sampling.presence_penalty));
  if (chat) {
    FUZZ_CHECK(r.messages.is_array() && !r.messages.empty());
    FUZZ_CHECK(r.tools.is_null() || r.tools.is_array());
    // What the template will walk is no larger than what came in (content flattened, nothing grown).
    FUZZ_CHECK(r.messages.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).size() <= 2 * body_size + 64);
  } else {
    FUZZ_CHECK(r.prompt.size() <= body_size);
  }
  FUZZ_CHECK(r.chat_template_kwargs.is_object());
  FUZZ_CHECK(r.reasoning_effort.empty() || r.reasoning_effort == "low" || r.reasoning_effort == "medium" ||
             r.reasoning_effort == "high");
  // Every compiled schema can start a matcher whose value can be completed.
  if (r.json_schema) FUZZ_CHECK(grammar::JsonMatcher(r.json_schema).bytes_to_close() < grammar::kNever);
  for (const auto& [name, schema] : r.strict_tools) {
    FUZZ_CHECK(!name.empty());
    if (schema) FUZZ_CHECK(grammar::JsonMatcher(schema).bytes_to_close() < grammar::kNever);
  }
}

}  // namespace

bool has_request_entry() { return true; }

void request_one_input(const uint8_t* data, size_t size) {
  if (size == 0) return;
  const bool chat = (data[0] & 1) == 0;
  const std::string_view body(reinterpret_cast<const char*>(data + 1), size - 1);
  SamplingParams defaults;
  const server::ParsedRequest parsed = chat ? server::parse_chat_request(body, defaults, -1)
                                            : server::parse_completion_request(body, defaults, 256);
  if (const auto* error = std::get_if<server::ApiError>(&parsed)) {
    FUZZ_CHECK(error->status == 400);
    FUZZ_CHECK(!error->message.empty() && error->message.size() <= kMaxMessageBytes);
    const std::string sent = server::error_body(*error).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    FUZZ_CHECK(sent.size() <= 2 * kMaxMessageBytes + 1024);
    return;
  }
  check_request(std::get<server::CompletionRequest>(parsed), chat, body.size());
}

}  // namespace tessera::fuzz
