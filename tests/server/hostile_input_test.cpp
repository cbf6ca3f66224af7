// The server's request handling against hostile input, without HTTP: JSON nested 100,000 deep
// (in the body, in a tool call's arguments text, in the model's own reply) is a clean refusal, not
// a stack overflow; a value quoted in a message is a bounded excerpt; a model whose logits are NaN
// ends the job with an error the client hears (500 / an error event), not a silent token 0.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <limits>

#include "common/json_input.h"
#include "core/model/random_model.h"
#include "generation_queue.h"
#include "openai_request.h"
#include "reply_encoder.h"
#include "support/test_support.h"
#include "tool_calls.h"

namespace tessera::server {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string nested(size_t depth, const std::string& inside = "1") {
  return std::string(depth, '[') + inside + std::string(depth, ']');
}

std::string nested_objects(size_t depth) {
  std::string s;
  for (size_t i = 0; i < depth; ++i) s += "{\"a\":";
  return s + "1" + std::string(depth, '}');
}

const ApiError& refusal(const ParsedRequest& parsed) {
  static const ApiError none{};
  EXPECT_TRUE(std::holds_alternative<ApiError>(parsed)) << "the request was accepted";
  return std::holds_alternative<ApiError>(parsed) ? std::get<ApiError>(parsed) : none;
}

TEST(HostileRequests, ABodyNested100000DeepIsA400NamingTheLimit) {
  // ~200 KB, as in the report that crashed `serve`; balanced, unbalanced, and as a field's value.
  const std::string limit = std::to_string(kMaxJsonDepth);
  for (const std::string& body :
       {nested(100000), std::string(100000, '['), nested_objects(70000),
        R"({"messages": [{"role": "user", "content": "hi"}], "stop": )" + nested(100000) + "}",
        R"({"model": "m", "prompt": )" + nested(80000, "\"x\"") + "}"}) {
    SCOPED_TRACE(body.substr(0, 40));
    for (bool chat : {true, false}) {
      const auto parsed = chat ? parse_chat_request(body, {}, -1) : parse_completion_request(body, {}, -1);
      const ApiError& e = refusal(parsed);
      EXPECT_EQ(e.status, 400);
      EXPECT_THAT(e.message, HasSubstr("more than " + limit + " levels deep")) << e.message;
      EXPECT_LT(e.message.size(), 400u);
    }
  }
  // Exactly at the limit is fine (the value is refused for its type, not its depth).
  const auto at_limit = parse_chat_request(
      R"({"messages": [{"role": "user", "content": "hi"}], "stop": )" + nested(kMaxJsonDepth - 1) + "}", {}, -1);
  EXPECT_THAT(refusal(at_limit).message, HasSubstr("is not a string"));
  EXPECT_THAT(refusal(at_limit).message, Not(HasSubstr("levels deep")));
}

TEST(HostileRequests, DeepToolCallArgumentsAreRefusedShallowOnesParsed) {
  auto body = [](const std::string& arguments) {
    return R"({"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "tool_calls": [)"
           R"({"type": "function", "function": {"name": "f", "arguments": )" +
           nlohmann::json(arguments).dump() + "}}]}]}";
  };
  const auto deep = parse_chat_request(body(nested(100000)), {}, -1);
  EXPECT_EQ(refusal(deep).param, "messages[1].tool_calls[0].function.arguments");
  EXPECT_THAT(refusal(deep).message, HasSubstr("levels deep"));

  const auto ok = parse_chat_request(body(R"({"a": [1, 2]})"), {}, -1);
  ASSERT_TRUE(std::holds_alternative<CompletionRequest>(ok));
  EXPECT_EQ(std::get<CompletionRequest>(ok).messages[1]["tool_calls"][0]["function"]["arguments"]["a"][1], 2);
  const auto text = parse_chat_request(body("not json ["), {}, -1);  // stays text, as before
  ASSERT_TRUE(std::holds_alternative<CompletionRequest>(text));
  EXPECT_EQ(std::get<CompletionRequest>(text).messages[1]["tool_calls"][0]["function"]["arguments"], "not json [");
}

TEST(HostileRequests, AQuotedValueIsABoundedExcerpt) {
  const std::string huge(1 << 20, 'x');
  const auto parsed = parse_chat_request(R"({"messages": [{"role": "user", "content": "hi"}], "temperature": [")" +
                                             huge + R"("]})",
                                         {}, -1);
  const ApiError& e = refusal(parsed);
  EXPECT_EQ(e.param, "temperature");
  EXPECT_THAT(e.message, HasSubstr("is not a number"));
  EXPECT_LT(e.message.size(), kJsonExcerptBytes + 100);
  EXPECT_THAT(e.message, HasSubstr("[\"xxxx"));
}

TEST(HostileReplies, AModelsDeeplyNestedReplyIsPlainTextNotACrash) {
  for (const std::string& text : {nested(100000), "<tool_call>" + nested(100000) + "</tool_call>",
                                  "[TOOL_CALLS]" + std::string(100000, '{')}) {
    const AssistantReply r = parse_tool_calls(text);
    EXPECT_TRUE(r.tool_calls.empty());
    EXPECT_EQ(r.content, text);
  }
}

TEST(HostileModels, NanLogitsEndTheJobWithAnErrorTheClientHears) {
  test::TempDir dir;
  test::RandomModelConfig c;
  c.n_vocab = 300;
  c.with_tokenizer = true;
  c.edit_values["output_norm.weight"] = [](std::vector<float>& v) {
    std::fill(v.begin(), v.end(), std::numeric_limits<float>::quiet_NaN());
  };
  test::write_file_bytes(dir.file("nan.gguf"), test::random_model_bytes(c));
  Engine engine;
  LoadSettings s;
  s.backend = "cpu";
  s.n_ctx = 64;
  s.n_threads = 1;
  ASSERT_TRUE(engine.load(dir.file("nan.gguf").string(), s).ok());
  ServerMetrics metrics;
  GenerationQueue queue(engine, metrics);
  queue.start({});
  ASSERT_EQ(queue.wait_until_loaded(), GenerationQueue::State::Ready);
  GenerationRequest r;
  r.prompt = "ab";
  r.n_predict = 4;
  r.sampling.temperature = 0.0f;
  auto job = std::make_shared<Job>(r, std::vector<std::string>{});
  queue.submit(job);
  std::string text;
  bool done = false;
  for (int i = 0; i < 600 && !done; ++i) job->wait(text, done, std::chrono::milliseconds(100));
  ASSERT_TRUE(done);
  const JobOutcome o = job->outcome();
  EXPECT_EQ(o.finish_reason, "error");
  EXPECT_EQ(o.error, nan_logits_error().message);
  EXPECT_EQ(o.completion_tokens, 0);
  queue.stop();

  ReplyEncoder streamed({"chatcmpl-1", 1700000000, "m"}, /*chat=*/true, /*stream=*/true, false, false);
  const std::string sent = streamed.finish(o);
  EXPECT_THAT(sent, HasSubstr("\"generation_failed\""));
  EXPECT_THAT(sent, HasSubstr("NaN logits"));
  ReplyEncoder whole({"chatcmpl-1", 1700000000, "m"}, true, /*stream=*/false, false, false);
  EXPECT_THAT(whole.finish(o), HasSubstr("NaN logits"));
}

}  // namespace
}  // namespace tessera::server
