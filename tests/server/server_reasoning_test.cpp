// Reasoning models and structured output through the server: request fields (reasoning_format,
// chat_template_kwargs, reasoning_effort, response_format, strict tools) and their refusals, the
// reply encoder's reasoning_content and gpt-oss tool calls, and over HTTP with the tiny model
// (DeepSeek-R1's template makes it a thinking model: its replies are all reasoning), JSON that
// follows the schema, and the model-name rule.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "chat_setup.h"
#include "openai_request.h"
#include "reply_encoder.h"
#include "server_harness.h"
#include "support/test_support.h"

namespace tessera::server {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

const ResponseIds kIds{"chatcmpl-1", 1700000000, "m"};

ParsedRequest chat(const json& extra) {
  json body = {{"messages", {{{"role", "user"}, {"content", "Hi"}}}}};
  if (extra.is_object()) body.update(extra);
  return parse_chat_request(body.dump(), SamplingParams{}, -1);
}

ApiError error_of(const ParsedRequest& p) {
  EXPECT_TRUE(std::holds_alternative<ApiError>(p));
  return std::holds_alternative<ApiError>(p) ? std::get<ApiError>(p) : ApiError{};
}

// The data events of an SSE text.
std::vector<json> events(const std::string& sse) {
  std::vector<json> out;
  for (size_t at = 0; (at = sse.find("data: ", at)) != std::string::npos;) {
    const size_t end = sse.find("\n\n", at);
    const std::string payload = sse.substr(at + 6, end - at - 6);
    if (payload != "[DONE]") out.push_back(json::parse(payload));
    at = end;
  }
  return out;
}

TEST(ReasoningRequest, FieldsAndTheirRefusals) {
  auto ok = chat({{"reasoning_format", "none"}, {"chat_template_kwargs", {{"enable_thinking", false}}},
                  {"reasoning_effort", "high"}});
  ASSERT_TRUE(std::holds_alternative<CompletionRequest>(ok));
  const auto& r = std::get<CompletionRequest>(ok);
  EXPECT_FALSE(r.split_reasoning);
  const chat::ChatTemplateInput in = template_input(r);
  EXPECT_EQ(in.extra["enable_thinking"], false);
  EXPECT_EQ(in.extra["reasoning_effort"], "high");
  EXPECT_TRUE(std::get<CompletionRequest>(chat({})).split_reasoning);

  EXPECT_EQ(error_of(chat({{"reasoning_format", "xml"}})).param, "reasoning_format");
  EXPECT_EQ(error_of(chat({{"reasoning_effort", "max"}})).param, "reasoning_effort");
  EXPECT_EQ(error_of(chat({{"chat_template_kwargs", 3}})).param, "chat_template_kwargs");
  EXPECT_EQ(error_of(chat({{"chat_template_kwargs", {{"messages", 1}}}})).param, "chat_template_kwargs.messages");
  // An earlier turn's reasoning reaches the template under both names templates use.
  auto history = parse_chat_request(
      json{{"messages", {{{"role", "user"}, {"content", "Hi"}},
                         {{"role", "assistant"}, {"content", "Hello"}, {"reasoning_content", "Greet back."}},
                         {{"role", "user"}, {"content", "Bye"}}}}}
          .dump(),
      SamplingParams{}, -1);
  ASSERT_TRUE(std::holds_alternative<CompletionRequest>(history));
  const json& m = std::get<CompletionRequest>(history).messages[1];
  EXPECT_EQ(m["reasoning_content"], "Greet back.");
  EXPECT_EQ(m["thinking"], "Greet back.");
}

TEST(ReasoningRequest, ResponseFormatAndStrictToolsNameTheRefusedKeyword) {
  auto schema = chat(json::parse(R"({"response_format": {"type": "json_schema",
      "json_schema": {"name": "p", "strict": true, "schema": {"type": "object"}}}})"));
  ASSERT_TRUE(std::holds_alternative<CompletionRequest>(schema));
  EXPECT_NE(std::get<CompletionRequest>(schema).json_schema, nullptr);
  EXPECT_NE(std::get<CompletionRequest>(chat({{"response_format", {{"type", "json_object"}}}})).json_schema, nullptr);
  EXPECT_EQ(std::get<CompletionRequest>(chat({{"response_format", {{"type", "text"}}}})).json_schema, nullptr);

  const ApiError e = error_of(chat(json::parse(R"({"response_format": {"type": "json_schema", "json_schema": {"name": "p",
      "schema": {"type": "object", "properties": {"age": {"type": "integer", "minimum": 0}}}}}})")));
  EXPECT_EQ(e.status, 400);
  EXPECT_EQ(e.param, "response_format.json_schema.schema.properties.age.minimum");
  EXPECT_THAT(e.message, HasSubstr("'minimum'"));
  EXPECT_EQ(error_of(chat({{"response_format", {{"type", "yaml"}}}})).param, "response_format.type");
  EXPECT_EQ(error_of(chat({{"response_format", {{"type", "json_schema"}}}})).param, "response_format.json_schema");

  const json tool = json::parse(R"({"type": "function", "function": {"name": "f", "strict": true,
      "parameters": {"type": "object", "properties": {"s": {"type": "string", "pattern": "^a"}}}}})");
  const ApiError t = error_of(chat({{"tools", {tool}}}));
  EXPECT_EQ(t.param, "tools[0].function.parameters.properties.s.pattern");
  json fine = tool;
  fine["function"]["parameters"]["properties"]["s"].erase("pattern");
  auto strict = chat({{"tools", {fine}}});
  ASSERT_TRUE(std::holds_alternative<CompletionRequest>(strict));
  GenerationRequest g;
  apply_output_settings(std::get<CompletionRequest>(strict), reasoning::OutputFormat{}, g);
  ASSERT_EQ(g.tool_schemas.size(), 1u);
  EXPECT_EQ(g.tool_schemas[0].first, "f");
  EXPECT_FALSE(g.split_reply);  // a plain model
}

TEST(ReasoningEncoder, ThinkTagsStreamReasoningContentThenContent) {
  ReplyEncoder e(kIds, /*chat=*/true, /*stream=*/true, /*tools=*/false, /*include_usage=*/true);
  e.split_reasoning(reasoning::think_tags_format(), "<|im_start|>assistant\n");
  std::string sse = e.start();
  for (const char* piece : {"<think>", "\nPlan", " it.\n", "</think>", "\n\nDone", "."}) sse += e.text(piece);
  JobOutcome o;
  o.finish_reason = "stop";
  o.prompt_tokens = 5;
  o.completion_tokens = 6;
  o.timings.reasoning_tokens = 4;
  sse += e.finish(o);
  std::string reasoning, content;
  json usage;
  for (const json& ev : events(sse)) {
    if (ev.contains("usage")) usage = ev["usage"];
    if (ev["choices"].empty()) continue;
    const json& d = ev["choices"][0]["delta"];
    if (d.contains("reasoning_content")) reasoning += d["reasoning_content"].get<std::string>();
    if (d.contains("content")) content += d["content"].get<std::string>();
  }
  EXPECT_EQ(reasoning, "Plan it.");
  EXPECT_EQ(content, "Done.");
  EXPECT_EQ(usage["completion_tokens_details"]["reasoning_tokens"], 4);

  ReplyEncoder whole(kIds, true, false, false, false);
  whole.split_reasoning(reasoning::think_tags_format(), "");
  whole.text("<think>a</think>b");
  const json body = json::parse(whole.finish(o));
  EXPECT_EQ(body["choices"][0]["message"]["reasoning_content"], "a");
  EXPECT_EQ(body["choices"][0]["message"]["content"], "b");
}

TEST(ReasoningEncoder, GptOssToolCallsBecomeToolCalls) {
  const std::string reply =
      "<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant<|channel|>commentary "
      "to=functions.get_weather <|constrain|>json<|message|>{\"city\":\"Paris\"}";
  JobOutcome o;
  o.finish_reason = "stop";
  for (bool stream : {false, true}) {
    ReplyEncoder e(kIds, true, stream, /*tools=*/true, false);
    e.split_reasoning(reasoning::harmony_format(), "<|start|>assistant");
    std::string out = e.start();
    for (size_t i = 0; i < reply.size(); i += 7) out += e.text(reply.substr(i, 7));
    out += e.finish(o);
    if (!stream) {
      const json m = json::parse(out)["choices"][0];
      EXPECT_EQ(m["finish_reason"], "tool_calls");
      EXPECT_EQ(m["message"]["reasoning_content"], "Need weather.");
      ASSERT_EQ(m["message"]["tool_calls"].size(), 1u);
      EXPECT_EQ(m["message"]["tool_calls"][0]["function"]["name"], "get_weather");
      EXPECT_EQ(m["message"]["tool_calls"][0]["function"]["arguments"], "{\"city\":\"Paris\"}");
      continue;
    }
    json calls, finish;
    for (const json& ev : events(out)) {
      if (ev["choices"].empty()) continue;
      if (ev["choices"][0]["delta"].contains("tool_calls")) calls = ev["choices"][0]["delta"]["tool_calls"];
      if (!ev["choices"][0]["finish_reason"].is_null()) finish = ev["choices"][0]["finish_reason"];
    }
    ASSERT_EQ(calls.size(), 1u);
    EXPECT_EQ(calls[0]["function"]["name"], "get_weather");
    EXPECT_EQ(finish, "tool_calls");
  }
}

std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

json post(httplib::Client& c, const json& body, int* status) {
  auto res = c.Post("/v1/chat/completions", body.dump(), "application/json");
  if (!res) {
    ADD_FAILURE() << "no response";
    return json();
  }
  *status = res->status;
  return json::parse(res->body);
}

// The tiny model behind DeepSeek-R1's template: every reply is thinking (the template opens it).
TEST(ReasoningHttp, ThinkingComesBackAsReasoningContent) {
  const auto tmpl = test::fixture("templates/deepseek-ai-DeepSeek-R1-Distill-Llama-8B.jinja");
  test::TestServer server({}, [&](Engine& e) -> Status {
    TESSERA_TRY(e.load(test::tiny_model_path(), test::tiny_load_settings()));
    return e.set_chat_template(read_text(tmpl), "R1");
  });
  ASSERT_TRUE(server.server().wait_until_loaded().ok());
  auto c = server.client();
  const json messages = {{{"role", "user"}, {"content", "Where is the cat?"}}};
  int status = 0;
  const json r = post(*c, {{"messages", messages}, {"max_tokens", 10}, {"temperature", 0}}, &status);
  ASSERT_EQ(status, 200) << r.dump();
  const json& msg = r["choices"][0]["message"];
  ASSERT_TRUE(msg.contains("reasoning_content")) << r.dump();
  EXPECT_FALSE(msg["reasoning_content"].get<std::string>().empty());
  EXPECT_EQ(msg["content"], "");
  EXPECT_EQ(r["usage"]["completion_tokens_details"]["reasoning_tokens"], r["usage"]["completion_tokens"]);

  const test::SseStream s = test::post_stream(
      server.port(), "/v1/chat/completions",
      {{"messages", messages}, {"max_tokens", 10}, {"temperature", 0}, {"stream", true}});
  std::string streamed;
  for (const json& ev : s.events)
    if (!ev["choices"].empty() && ev["choices"][0]["delta"].contains("reasoning_content"))
      streamed += ev["choices"][0]["delta"]["reasoning_content"].get<std::string>();
  EXPECT_EQ(streamed, msg["reasoning_content"]);

  // reasoning_format none: the text as the model wrote it, in the content.
  const json raw = post(*c, {{"messages", messages}, {"max_tokens", 10}, {"temperature", 0}, {"reasoning_format", "none"}},
                        &status);
  ASSERT_EQ(status, 200);
  EXPECT_FALSE(raw["choices"][0]["message"].contains("reasoning_content"));
  EXPECT_THAT(raw["choices"][0]["message"]["content"].get<std::string>(),
              HasSubstr(msg["reasoning_content"].get<std::string>()));
}

TEST(ReasoningHttp, JsonSchemaRepliesParseAndOtherModelNamesAreServed) {
  test::TestServer server;
  ASSERT_TRUE(server.server().wait_until_loaded().ok());
  auto c = server.client();
  const json schema = {{"type", "object"},
                       {"properties", {{"mood", {{"enum", {"happy", "sad"}}}}, {"age", {{"type", "integer"}}}}},
                       {"required", {"mood", "age"}},
                       {"additionalProperties", false}};
  int status = 0;
  json body = {{"model", "gpt-4o-mini"},
                {"messages", {{{"role", "user"}, {"content", "How is Tom?"}}}},
                {"max_tokens", 60},
                {"seed", 3}};
  body["response_format"] = {{"type", "json_schema"}, {"json_schema", {{"name", "mood"}, {"strict", true}, {"schema", schema}}}};
  const json r = post(*c, body, &status);
  ASSERT_EQ(status, 200) << r.dump();
  EXPECT_EQ(r["model"], "tessera-tiny");  // the model that answered
  const json content = json::parse(r["choices"][0]["message"]["content"].get<std::string>());
  EXPECT_TRUE(content["mood"] == "happy" || content["mood"] == "sad") << content.dump();
  EXPECT_TRUE(content["age"].is_number_integer()) << content.dump();
  EXPECT_EQ(content.size(), 2u);

  ServerConfig strict;
  strict.strict_model_name = true;
  test::TestServer strict_server(strict);
  ASSERT_TRUE(strict_server.server().wait_until_loaded().ok());
  auto sc = strict_server.client();
  const json e = post(*sc, {{"model", "gpt-4o-mini"}, {"messages", {{{"role", "user"}, {"content", "Hi"}}}}}, &status);
  EXPECT_EQ(status, 404);
  EXPECT_EQ(e["error"]["code"], "model_not_found");
}

}  // namespace
}  // namespace tessera::server
