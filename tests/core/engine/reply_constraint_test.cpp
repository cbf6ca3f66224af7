// ReplyConstraint: which grammar holds the next token as a reply goes on — the answer's schema
// after a think-tag model's thinking (the open tag allowed while it may still come), a strict
// tool's arguments in gpt-oss's commentary message, a Qwen/Hermes <tool_call> block — over a
// vocabulary of single printable bytes.
#include <gtest/gtest.h>

#include "engine/reply_constraint.h"
#include "tokenizer/vocab.h"

namespace tessera {
namespace {

using Json = nlohmann::ordered_json;

constexpr int32_t kEnd = 0;
constexpr int32_t kOpenTag = 1;

std::shared_ptr<const grammar::VocabularyTrie> bytes_vocab() {
  std::vector<std::string> pieces = {"</s>", "<think>"};
  for (char c = 0x20; c < 0x7f; ++c) pieces.push_back(std::string(1, c));
  pieces.push_back("\n");
  return std::make_shared<grammar::VocabularyTrie>(pieces, std::vector<int32_t>{kEnd});
}

int32_t id_of(char c) { return c == '\n' ? 2 + (0x7f - 0x20) : 2 + (c - 0x20); }

std::shared_ptr<const grammar::JsonSchema> schema(const char* text) {
  auto s = grammar::JsonSchema::compile(Json::parse(text));
  EXPECT_TRUE(s.ok());
  return *s;
}

// Feeds `text` byte by byte through an active constraint; false at the first refused byte.
bool feed(ReplyConstraint& c, const std::string& text) {
  for (char ch : text) {
    if (!c.active() || !c.allows(id_of(ch))) return false;
    c.accept(id_of(ch));
  }
  return true;
}

TEST(ReplyConstraint, TheAnswerSchemaHoldsAfterTheThinking) {
  GenerationRequest r;
  r.json_schema = schema(R"({"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"],"additionalProperties":false})");
  ReplyConstraint c(r, reasoning::think_tags_format(), bytes_vocab(), kOpenTag);
  reasoning::OutputSplitter s(reasoning::think_tags_format());
  c.update(&s, "");
  ASSERT_TRUE(c.active());
  EXPECT_TRUE(c.allows(kOpenTag));  // it may still think
  EXPECT_TRUE(c.allows(id_of('{')));
  EXPECT_FALSE(c.allows(id_of('x')));
  c.accept(kOpenTag);
  s.push("<think>");
  c.update(&s, "");
  EXPECT_FALSE(c.active());  // the thinking is free
  s.push("hmm</think>");
  c.update(&s, "");
  ASSERT_TRUE(c.active());
  EXPECT_FALSE(c.allows(kOpenTag));
  EXPECT_TRUE(feed(c, "{\"ok\":true}"));
  EXPECT_TRUE(c.ends_reply());
}

TEST(ReplyConstraint, BudgetLeavesRoomToClose) {
  GenerationRequest r;
  r.json_schema = schema(R"({"type":"array","items":{"type":"string"}})");
  ReplyConstraint c(r, reasoning::OutputFormat{}, bytes_vocab(), tokenizer::kNoToken);
  c.update(nullptr, "", 3);
  ASSERT_TRUE(c.active());
  ASSERT_TRUE(c.allows(id_of('[')));
  c.accept(id_of('['));
  c.update(nullptr, "[", 2);
  EXPECT_FALSE(c.allows(id_of('"')));  // a string needs 2 more bytes and ']' a third: no room
  EXPECT_TRUE(c.allows(id_of(']')));
}

TEST(ReplyConstraint, StrictToolArgumentsInGptOssCalls) {
  GenerationRequest r;
  r.tool_schemas = {{"get_weather", schema(R"({"type":"object","properties":{"city":{"type":"string"}},
      "required":["city"],"additionalProperties":false})")}};
  ReplyConstraint c(r, reasoning::harmony_format(), bytes_vocab(), tokenizer::kNoToken);
  reasoning::OutputSplitter s(reasoning::harmony_format(), "<|start|>assistant");
  s.push("<|channel|>analysis<|message|>Need it.");
  c.update(&s, "");
  EXPECT_FALSE(c.active());
  s.push("<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>");
  c.update(&s, "");
  ASSERT_TRUE(c.active());
  EXPECT_FALSE(c.allows(id_of('[')));
  EXPECT_TRUE(feed(c, "{\"city\":\"Paris\"}"));
  EXPECT_TRUE(c.ends_reply());  // the call is complete: <|call|> would end the generation
}

TEST(ReplyConstraint, StrictToolCallBlocksInQwenReplies) {
  GenerationRequest r;
  r.tool_schemas = {{"get_weather", schema(R"({"type":"object","properties":{"city":{"type":"string"}},
      "required":["city"],"additionalProperties":false})")},
                    {"get_time", nullptr}};
  ReplyConstraint c(r, reasoning::OutputFormat{}, bytes_vocab(), tokenizer::kNoToken);
  std::string text = "Let me check.";
  c.update(nullptr, text);
  EXPECT_FALSE(c.active());
  text += "<tool_call>\n";
  c.update(nullptr, text);
  ASSERT_TRUE(c.active());
  EXPECT_FALSE(feed(c, "{\"name\":\"get_date\""));  // not a tool of the request
  ReplyConstraint d(r, reasoning::OutputFormat{}, bytes_vocab(), tokenizer::kNoToken);
  d.update(nullptr, text);
  EXPECT_TRUE(feed(d, "{\"arguments\":{\"city\":\"Paris\"},\"name\":\"get_weather\"}"));
  EXPECT_FALSE(d.ends_reply());  // the block's end and more text are free
  text += "{\"arguments\":{\"city\":\"Paris\"},\"name\":\"get_weather\"}\n</tool_call>";
  d.update(nullptr, text);
  EXPECT_FALSE(d.active());
  // The non-strict tool takes any arguments object.
  ReplyConstraint e(r, reasoning::OutputFormat{}, bytes_vocab(), tokenizer::kNoToken);
  e.update(nullptr, "<tool_call>");
  EXPECT_TRUE(feed(e, "{\"name\":\"get_time\",\"arguments\":{\"zone\":[1,2]}}"));
}

}  // namespace
}  // namespace tessera
