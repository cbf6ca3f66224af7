// The server's pieces without HTTP: tool-call parsing in the three template formats, stop
// sequences across token boundaries, request validation, and messages/tools as a real chat
// template (Qwen 2.5's, from the fixtures) renders them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "openai_request.h"
#include "reply_encoder.h"
#include "stop_strings.h"
#include "support/test_support.h"
#include "template/chat_template.h"
#include "tool_calls.h"

namespace tessera::server {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

TEST(ToolCalls, QwenHermesBlocks) {
  const AssistantReply r = parse_tool_calls(
      "Let me look.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>\n"
      "<tool_call>{\"name\": \"get_time\", \"arguments\": {}}</tool_call>");
  ASSERT_EQ(r.tool_calls.size(), 2u);
  EXPECT_EQ(r.tool_calls[0].name, "get_weather");
  EXPECT_EQ(json::parse(r.tool_calls[0].arguments), json({{"city", "Paris"}}));
  EXPECT_EQ(r.tool_calls[1].name, "get_time");
  EXPECT_EQ(r.tool_calls[1].arguments, "{}");
  EXPECT_EQ(r.content, "Let me look.");
}

TEST(ToolCalls, MistralArray) {
  for (const char* text : {"[TOOL_CALLS][{\"name\": \"add\", \"arguments\": {\"a\": 1, \"b\": 2}}]",
                           " [{\"name\": \"add\", \"arguments\": {\"a\": 1, \"b\": 2}}]"}) {
    const AssistantReply r = parse_tool_calls(text);
    ASSERT_EQ(r.tool_calls.size(), 1u) << text;
    EXPECT_EQ(r.tool_calls[0].name, "add");
    EXPECT_EQ(json::parse(r.tool_calls[0].arguments), json({{"a", 1}, {"b", 2}}));
    EXPECT_EQ(r.content, "");
  }
}

TEST(ToolCalls, Llama3JsonWithParameters) {
  for (const char* text : {"{\"name\": \"search\", \"parameters\": {\"query\": \"cats\"}}",
                           "<|python_tag|>{\"name\": \"search\", \"parameters\": {\"query\": \"cats\"}}"}) {
    const AssistantReply r = parse_tool_calls(text);
    ASSERT_EQ(r.tool_calls.size(), 1u) << text;
    EXPECT_EQ(r.tool_calls[0].name, "search");
    EXPECT_EQ(json::parse(r.tool_calls[0].arguments), json({{"query", "cats"}}));
  }
}

TEST(ToolCalls, ArgumentsAsAStringStayThatString) {
  const AssistantReply r = parse_tool_calls(R"(<tool_call>{"name": "f", "arguments": "{\"x\": 1}"}</tool_call>)");
  ASSERT_EQ(r.tool_calls.size(), 1u);
  EXPECT_EQ(r.tool_calls[0].arguments, "{\"x\": 1}");
}

TEST(ToolCalls, PlainTextAndLookAlikesStayContent) {
  for (const char* text : {"Once upon a time.", "{not json at all", "{\"no_name\": 1}", "[1, 2, 3]",
                           "<tool_call>{\"arguments\": {}}</tool_call>", "{\"name\": 5}"}) {
    const AssistantReply r = parse_tool_calls(text);
    EXPECT_TRUE(r.tool_calls.empty()) << text;
    EXPECT_EQ(r.content, text);
  }
}

TEST(ToolCalls, MayBeToolCallWhileTheStartIsUndecided) {
  for (const char* text : {"", "  ", "<tool", "<tool_call>{\"na", "[TOOL", "{\"name\"", " [", "<|python"})
    EXPECT_TRUE(may_be_tool_call(text)) << text;
  for (const char* text : {"Hello", "<b>", "Sure, [1]", "<tool_cal1"}) EXPECT_FALSE(may_be_tool_call(text)) << text;
}

TEST(StopSequences, HeldBackAcrossTokensAndCutBeforeTheMatch) {
  StopMatcher m({"END", "\n\n"});
  EXPECT_EQ(m.push("Hello E"), "Hello ");  // "E" may start "END"
  EXPECT_EQ(m.push("N"), "");
  EXPECT_EQ(m.push("Xtra"), "ENXtra");    // it did not
  EXPECT_EQ(m.push(" and\n"), " and");
  EXPECT_EQ(m.push("\nmore"), "");
  EXPECT_TRUE(m.matched());
  EXPECT_EQ(m.push("ignored"), "");
  EXPECT_EQ(m.flush(), "");
}

TEST(StopSequences, NoStopsPassesEverythingAndFlushReleasesTheTail) {
  StopMatcher none({});
  EXPECT_EQ(none.push("abc"), "abc");
  StopMatcher m({"xyz"});
  EXPECT_EQ(m.push("abx"), "ab");
  EXPECT_EQ(m.flush(), "x");
  EXPECT_FALSE(m.matched());
  StopMatcher inside({"cd"});
  EXPECT_EQ(inside.push("abcdef"), "ab");
  EXPECT_TRUE(inside.matched());
}

TEST(RequestParsing, DefaultsAndOverrides) {
  SamplingParams defaults;
  defaults.temperature = 0.3f;
  auto parsed = parse_chat_request(
      R"({"messages":[{"role":"user","content":[{"type":"text","text":"Hi "},{"type":"text","text":"there"}]}],
          "top_k": 5, "seed": 42, "stop": "x", "presence_penalty": 0.5, "frequency_penalty": -0.5, "min_p": 0.1,
          "stream": true, "stream_options": {"include_usage": true}, "max_completion_tokens": 9})",
      defaults, -1);
  ASSERT_TRUE(std::holds_alternative<CompletionRequest>(parsed)) << std::get<ApiError>(parsed).message;
  const auto& r = std::get<CompletionRequest>(parsed);
  EXPECT_EQ(r.messages[0]["content"], "Hi there");
  EXPECT_FLOAT_EQ(r.sampling.temperature, 0.3f);
  EXPECT_EQ(r.sampling.top_k, 5);
  EXPECT_EQ(r.sampling.seed, 42u);
  EXPECT_FLOAT_EQ(r.sampling.presence_penalty, 0.5f);
  EXPECT_FLOAT_EQ(r.sampling.frequency_penalty, -0.5f);
  EXPECT_FLOAT_EQ(r.sampling.min_p, 0.1f);
  EXPECT_EQ(r.stop, std::vector<std::string>{"x"});
  EXPECT_TRUE(r.stream);
  EXPECT_TRUE(r.include_usage);
  EXPECT_EQ(r.max_tokens, 9);
}

TEST(RequestParsing, RefusalsNameTheField) {
  const struct {
    const char* body;
    const char* param;
    const char* says;
  } cases[] = {
      {R"({"messages":[{"role":"user","content":"x"}],"n":2})", "n", "out of range (1..1)"},
      {R"({"messages":[{"role":"user","content":"x"}],"stop":["a","b","c","d","e"]})", "stop", "at most 4"},
      {R"({"messages":[{"role":"user","content":"x"}],"seed":-1})", "seed", "not an integer"},
      {R"({"messages":[{"role":"user","content":"x"}],"frequency_penalty":3})", "frequency_penalty", "(-2..2)"},
      {R"({"messages":[{"role":"user","content":"x"}],"stream_options":{"include_usage":"yes"}})",
       "stream_options.include_usage", "true or false"},
      {R"({"messages":[{"role":"user"}]})", "messages[0].content", "missing"},
      {R"({"messages":[{"role":"user","content":"x"}],"tool_choice":"sometimes","tools":[]})", "tool_choice", "sometimes"},
      {R"({"messages":[{"role":"user","content":"x"}],"logprobs":true})", "logprobs", "not supported"},
      // A tool's "type" that is not a string: once a 500 (the JSON library threw; found by request_fuzz).
      {R"({"messages":[{"role":"user","content":"x"}],"tools":[{"type":{"name":"f"}}]})", "tools[0]", "function"},
      {R"([1,2])", "", "JSON object"},
  };
  for (const auto& k : cases) {
    auto parsed = parse_chat_request(k.body, {}, -1);
    ASSERT_TRUE(std::holds_alternative<ApiError>(parsed)) << k.body;
    const ApiError& e = std::get<ApiError>(parsed);
    EXPECT_EQ(e.status, 400);
    EXPECT_EQ(e.param, k.param) << k.body;
    EXPECT_THAT(e.message, HasSubstr(k.says)) << k.body;
  }
  auto completion = parse_completion_request(R"({"prompt": 5})", {}, -1);
  ASSERT_TRUE(std::holds_alternative<ApiError>(completion));
  EXPECT_EQ(std::get<ApiError>(completion).param, "prompt");
  auto echo = parse_completion_request(R"({"prompt": "a", "echo": true})", {}, -1);
  ASSERT_TRUE(std::holds_alternative<ApiError>(echo));
  EXPECT_EQ(std::get<ApiError>(echo).param, "echo");
}

TEST(RequestParsing, ToolChoiceNoneDropsTheTools) {
  auto parsed = parse_chat_request(
      R"({"messages":[{"role":"user","content":"x"}],"tools":[{"type":"function","function":{"name":"f"}}],"tool_choice":"none"})",
      {}, -1);
  ASSERT_TRUE(std::holds_alternative<CompletionRequest>(parsed));
  EXPECT_FALSE(std::get<CompletionRequest>(parsed).has_tools());
}

// A tool round trip as Qwen 2.5's own template renders it: the tools in the system turn, the
// assistant's call with its arguments as an object, and the tool's answer.
TEST(RequestParsing, ToolsAndToolCallsReachARealTemplate) {
  const std::string source = [] {
    const auto bytes = test::read_file_bytes(test::fixture("templates/Qwen-Qwen2.5-7B-Instruct.jinja"));
    return std::string(bytes.begin(), bytes.end());
  }();
  if (source.empty()) GTEST_SKIP() << "no fixture templates/Qwen-Qwen2.5-7B-Instruct.jinja";
  auto parsed = parse_chat_request(R"({
    "messages": [
      {"role": "user", "content": "Weather in Paris?"},
      {"role": "assistant", "content": null, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}}]},
      {"role": "tool", "tool_call_id": "call_1", "content": "18 C and sunny"}
    ],
    "tools": [{"type": "function", "function": {"name": "get_weather", "description": "Current weather",
               "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]})",
                                   {}, -1);
  ASSERT_TRUE(std::holds_alternative<CompletionRequest>(parsed)) << std::get<ApiError>(parsed).message;
  const auto& r = std::get<CompletionRequest>(parsed);
  auto tmpl = chat::ChatTemplate::parse(source);
  ASSERT_TRUE(tmpl.ok()) << tmpl.error().message;
  chat::ChatTemplateInput in;
  in.messages = r.messages;
  in.extra["tools"] = r.tools;
  auto text = tmpl->render(in);
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_THAT(*text, HasSubstr("<tools>"));
  EXPECT_THAT(*text, HasSubstr("\"name\": \"get_weather\", \"description\": \"Current weather\""));
  EXPECT_THAT(*text, HasSubstr("<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>"));
  EXPECT_THAT(*text, HasSubstr("<tool_response>\n18 C and sunny\n</tool_response>"));
}

}  // namespace
}  // namespace tessera::server

namespace tessera::server {
namespace {

std::vector<json> sse_events(const std::string& stream, bool* done) {
  std::vector<json> out;
  *done = false;
  size_t at = 0;
  for (size_t end; (end = stream.find("\n\n", at)) != std::string::npos; at = end + 2) {
    const std::string event = stream.substr(at, end - at);
    EXPECT_EQ(event.rfind("data: ", 0), 0u) << event;
    if (event == "data: [DONE]") {
      *done = true;
      continue;
    }
    out.push_back(json::parse(event.substr(6)));
  }
  EXPECT_EQ(at, stream.size()) << "a partial event at the end";
  return out;
}

JobOutcome ended(const char* reason) {
  JobOutcome o;
  o.finish_reason = reason;
  o.prompt_tokens = 7;
  o.completion_tokens = 5;
  return o;
}

const ResponseIds kIds{"chatcmpl-1", 1700000000, "m"};

TEST(ReplyEncoder, AStreamedToolCallIsHeldAndSentAsToolCalls) {
  ReplyEncoder e(kIds, /*chat=*/true, /*stream=*/true, /*tools=*/true, /*include_usage=*/true);
  std::string sent = e.start();
  for (const char* piece : {"<tool", "_call>\n{\"name\": \"get_", "weather\", \"arguments\": {\"city\": \"Paris\"}}", "\n</tool_call>"}) {
    const std::string now = e.text(piece);
    EXPECT_EQ(now, "") << "nothing of a possible call goes out before it is complete";
    sent += now;
  }
  sent += e.finish(ended("stop"));
  bool done = false;
  const auto events = sse_events(sent, &done);
  EXPECT_TRUE(done);
  ASSERT_EQ(events.size(), 4u);  // role, tool_calls, finish, usage
  EXPECT_EQ(events[0]["choices"][0]["delta"]["role"], "assistant");
  const json& call = events[1]["choices"][0]["delta"]["tool_calls"][0];
  EXPECT_EQ(call["index"], 0);
  EXPECT_EQ(call["type"], "function");
  EXPECT_EQ(call["id"], "call_chatcmpl-1_0");
  EXPECT_EQ(call["function"]["name"], "get_weather");
  EXPECT_EQ(json::parse(call["function"]["arguments"].get<std::string>()), json({{"city", "Paris"}}));
  EXPECT_EQ(events[2]["choices"][0]["finish_reason"], "tool_calls");
  EXPECT_TRUE(events[3]["choices"].empty());
  EXPECT_EQ(events[3]["usage"]["total_tokens"], 12);
}

TEST(ReplyEncoder, WithToolsPlainTextIsReleasedAsSoonAsItCannotBeACall) {
  ReplyEncoder e(kIds, true, true, true, false);
  e.start();
  EXPECT_EQ(e.text(" "), "");
  const std::string now = e.text("Hello");
  bool done = false;
  auto events = sse_events(now, &done);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["choices"][0]["delta"]["content"], " Hello");
  events = sse_events(e.text(" there"), &done);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["choices"][0]["delta"]["content"], " there");
  events = sse_events(e.finish(ended("length")), &done);
  EXPECT_TRUE(done);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["choices"][0]["finish_reason"], "length");
}

TEST(ReplyEncoder, NonStreamedToolCallsAndErrors) {
  ReplyEncoder e(kIds, true, false, true, false);
  EXPECT_EQ(e.start(), "");
  EXPECT_EQ(e.text("[TOOL_CALLS][{\"name\": \"add\", \"arguments\": {\"a\": 1}}]"), "");
  const json body = json::parse(e.finish(ended("stop")));
  EXPECT_EQ(body["object"], "chat.completion");
  EXPECT_EQ(body["choices"][0]["finish_reason"], "tool_calls");
  EXPECT_TRUE(body["choices"][0]["message"]["content"].is_null());
  EXPECT_EQ(body["choices"][0]["message"]["tool_calls"][0]["function"]["name"], "add");
  EXPECT_EQ(body["usage"]["completion_tokens"], 5);

  ReplyEncoder failed(kIds, false, true, false, false);
  failed.text("partial");
  JobOutcome o = ended("error");
  o.error = "the backend ran out of memory";
  bool done = false;
  const auto events = sse_events(failed.finish(o), &done);
  EXPECT_TRUE(done);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["error"]["code"], "generation_failed");
  EXPECT_THAT(events[0]["error"]["message"].get<std::string>(), HasSubstr("ran out of memory"));
}

TEST(ReplyEncoder, CompletionsIgnoreToolSyntax) {
  ReplyEncoder e(kIds, /*chat=*/false, true, /*tools=*/false, false);
  bool done = false;
  auto events = sse_events(e.text("{\"name\": \"x\"}"), &done);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["object"], "text_completion");
  EXPECT_EQ(events[0]["choices"][0]["text"], "{\"name\": \"x\"}");
}

}  // namespace
}  // namespace tessera::server
