// The fuzz entry of the replies (fuzz_entries.h, reply_one_input): a model's output, which a prompt
// can steer (a web page's text pasted into a chat, a tool's result), through what the server makes
// of it (server/reply_encoder.h): the reasoning split of each output format, the tool-call
// detection and the response bytes, streamed in pieces or whole. Everything sent must be what a
// client can read: every server-sent event's data is JSON that nlohmann's parser accepts (or
// [DONE], last), and a whole body is one JSON document.
#include <algorithm>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "fuzz_check.h"
#include "fuzz_entries.h"
#include "reasoning/output_format.h"
#include "reply_encoder.h"

namespace tessera::fuzz {
namespace {

// Checks a stream's bytes: events "data: <JSON>\n\n", the last "data: [DONE]".
void check_events(std::string_view out) {
  bool done = false;
  while (!out.empty()) {
    const size_t end = out.find("\n\n");
    FUZZ_CHECK(end != std::string_view::npos);
    const std::string_view event = out.substr(0, end);
    out.remove_prefix(end + 2);
    FUZZ_CHECK(event.substr(0, 6) == "data: ");
    const std::string_view data = event.substr(6);
    FUZZ_CHECK(!done);  // nothing after [DONE]
    if (data == "[DONE]") {
      done = true;
      continue;
    }
    FUZZ_CHECK(nlohmann::json::accept(data));
  }
  FUZZ_CHECK(done);
}

}  // namespace

bool has_reply_entry() { return true; }

void reply_one_input(const uint8_t* data, size_t size) {
  if (size < 2) return;
  const uint8_t flags = data[0];
  const size_t piece = 1 + data[1] % 64;
  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
  const bool chat = (flags & 1) == 0, stream = (flags & 2) != 0, tools = (flags & 4) != 0, usage = (flags & 8) != 0;
  const char* const reasons[] = {"stop", "length", "error", "cancelled"};
  server::JobOutcome outcome;
  outcome.finish_reason = reasons[(flags >> 6) & 3];
  if (outcome.finish_reason == "error") outcome.error = std::string(text.substr(0, 64));
  outcome.prompt_tokens = 7;
  outcome.completion_tokens = static_cast<int32_t>(text.size() / 4);

  server::ReplyEncoder encoder(server::ResponseIds{"chatcmpl-fuzz", 1700000000, "model"}, chat, stream, tools, usage);
  switch ((flags >> 4) & 3) {
    case 1: encoder.split_reasoning(reasoning::think_tags_format(), (flags & 4) ? "<think>\n" : ""); break;
    case 2: encoder.split_reasoning(reasoning::harmony_format(), ""); break;
    case 3: encoder.split_reasoning(reasoning::think_tags_format("<|channel>thought", "<channel|>"), ""); break;
    default: break;
  }
  std::string out = encoder.start();
  for (size_t at = 0; at < text.size(); at += piece) {
    const std::string sent = encoder.text(std::string(text.substr(at, piece)));
    FUZZ_CHECK(stream || sent.empty());
    out += sent;
  }
  out += encoder.finish(outcome);
  if (stream) {
    check_events(out);
  } else {
    FUZZ_CHECK(nlohmann::json::accept(out));
  }
}

}  // namespace tessera::fuzz
