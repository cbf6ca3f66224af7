// The reasoning splitter with the real chat templates of Qwen3, DeepSeek-R1, gpt-oss and the 2026
// families (Gemma 4, GLM-4.6, DeepSeek-V3.1, Qwen3.5), rendered
// by the project's template engine: the renders match jinja2's, the format is read from the
// template, the generation prompt sets where the reply starts, and the next turn's prompt drops the
// earlier thinking while keeping everything before that turn (so the KV cache prefix holds).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "reasoning/output_splitter.h"
#include "support/test_support.h"
#include "template/chat_template.h"

namespace tessera::reasoning {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

fs::path data_dir() { return test::source_dir() / "tests" / "data" / "templates"; }

chat::ChatTemplate parse_template(const fs::path& path) {
  auto t = chat::ChatTemplate::parse(read_text(path), path.filename().string());
  EXPECT_TRUE(t.ok()) << (t.ok() ? "" : t.error().message);
  return std::move(t).value();
}

class ReasoningTemplateCases : public ::testing::TestWithParam<const char*> {};

TEST_P(ReasoningTemplateCases, RenderLikeJinja2) {
  const Json file = Json::parse(read_text(data_dir() / (std::string(GetParam()) + ".cases.json")));
  const chat::ChatTemplate tmpl = parse_template(data_dir() / file.at("template").get<std::string>());
  for (const Json& c : file.at("cases")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    chat::ChatTemplateInput in;
    in.messages = c.at("messages");
    in.add_generation_prompt = c.at("add_generation_prompt").get<bool>();
    in.extra = c.at("extra");
    in.bos_token = c.value("bos_token", std::string());
    in.eos_token = c.value("eos_token", std::string());
    in.now = chat::DateTime{2026, 7, 4, 12, 0, 0};
    auto out = tmpl.render(in);
    if (c.contains("expected_error")) {  // the template's own refusal
      EXPECT_FALSE(out.ok());
      continue;
    }
    ASSERT_TRUE(out.ok()) << out.error().message;
    EXPECT_EQ(*out, c.at("expected").get<std::string>());
  }
}

INSTANTIATE_TEST_SUITE_P(Templates, ReasoningTemplateCases,
                         ::testing::Values("Qwen-Qwen3-0.6B", "openai-gpt-oss-120b", "google-gemma-4-31B-it",
                                           "GLM-4.6", "deepseek-ai-DeepSeek-V3.1", "Qwen3.5-4B"));

struct Turn {
  std::string prompt;  // the rendered prompt (generation prompt included)
  ReplyParts reply;    // the hand-written reply, split
};

// Renders `messages` (+ variables), splits `reply` as the engine would (prompt tail given), and
// returns both.
Turn run_turn(const chat::ChatTemplate& t, const OutputFormat& f, const Json& messages, const std::string& reply,
              const Json& extra = Json::object()) {
  chat::ChatTemplateInput in;
  in.messages = messages;
  in.extra = extra;
  in.now = chat::DateTime{2026, 7, 4, 12, 0, 0};
  auto prompt = t.render(in);
  EXPECT_TRUE(prompt.ok()) << prompt.error().message;
  Turn turn;
  turn.prompt = *prompt;
  const std::string tail = turn.prompt.substr(turn.prompt.size() - std::min<size_t>(turn.prompt.size(), 48));
  OutputSplitter s(f, tail);
  // In pieces of 3 bytes: tags split over pieces.
  for (size_t i = 0; i < reply.size(); i += 3) turn.reply.append(s.push(reply.substr(i, 3)));
  turn.reply.append(s.finish());
  return turn;
}

Json assistant(const ReplyParts& r) {
  return {{"role", "assistant"}, {"content", r.content}, {"reasoning_content", r.reasoning}, {"thinking", r.reasoning}};
}

size_t common_prefix(const std::string& a, const std::string& b) {
  size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

TEST(ReasoningTemplates, Qwen3ThinksSplitsAndDropsTheThinkingNextTurn) {
  const chat::ChatTemplate t = parse_template(data_dir() / "Qwen-Qwen3-0.6B.jinja");
  const OutputFormat f = detect_output_format(t.source(), nullptr);
  EXPECT_EQ(f.family, Family::ThinkTags);
  EXPECT_EQ(f.control, ThinkingControl::Toggle);
  Json messages = Json::array({{{"role", "user"}, {"content", "What is 17*23?"}}});
  const Turn first = run_turn(t, f, messages, "<think>\n17*20=340, 17*3=51.\n</think>\n\n17*23 = 391.");
  EXPECT_EQ(first.reply, (ReplyParts{"17*20=340, 17*3=51.", "17*23 = 391.", {}}));
  messages.push_back(assistant(first.reply));
  messages.push_back({{"role", "user"}, {"content", "And 391/17?"}});
  const Turn second = run_turn(t, f, messages, "<think>\nInverse.\n</think>\n\n23.");
  EXPECT_EQ(second.prompt.find("17*20=340"), std::string::npos) << "the earlier thinking is dropped";
  EXPECT_EQ(common_prefix(first.prompt, second.prompt), first.prompt.size()) << "the first prompt is a prefix";
  EXPECT_EQ(second.reply.content, "23.");

  // enable_thinking=false: the generation prompt closes an empty thinking; the reply is all answer.
  const Turn off = run_turn(t, f, Json::array({{{"role", "user"}, {"content", "Hi"}}}), "Hello!",
                            Json{{"enable_thinking", false}});
  EXPECT_TRUE(off.prompt.ends_with("<think>\n\n</think>\n\n"));
  EXPECT_EQ(off.reply, (ReplyParts{"", "Hello!", {}}));
}

TEST(ReasoningTemplates, DeepSeekR1OpensTheThinkingInTheGenerationPrompt) {
  const chat::ChatTemplate t = parse_template(test::fixture("templates/deepseek-ai-DeepSeek-R1-Distill-Llama-8B.jinja"));
  const OutputFormat f = detect_output_format(t.source(), nullptr);
  EXPECT_EQ(f.family, Family::ThinkTags);
  EXPECT_EQ(f.control, ThinkingControl::None);
  Json messages = Json::array({{{"role", "user"}, {"content", "2+2?"}}});
  const Turn first = run_turn(t, f, messages, "Two and two.\n</think>\n\n4");
  EXPECT_TRUE(first.prompt.ends_with("<think>\n"));
  EXPECT_EQ(first.reply, (ReplyParts{"Two and two.", "4", {}}));
  messages.push_back(assistant(first.reply));
  messages.push_back({{"role", "user"}, {"content", "3+3?"}});
  const Turn second = run_turn(t, f, messages, "Three.\n</think>\n\n6");
  EXPECT_EQ(second.prompt.find("Two and two"), std::string::npos);
  // Everything up to the assistant header stays; the generation prompt's "<think>\n" is what changes.
  EXPECT_EQ(common_prefix(first.prompt, second.prompt), first.prompt.size() - std::string("<think>\n").size());
}

TEST(ReasoningTemplates, GptOssHarmonyChannelsEffortAndToolCall) {
  const chat::ChatTemplate t = parse_template(data_dir() / "openai-gpt-oss-120b.jinja");
  const OutputFormat f = detect_output_format(t.source(), nullptr);
  EXPECT_EQ(f.family, Family::Harmony);
  EXPECT_EQ(f.control, ThinkingControl::Effort);
  Json messages = Json::array({{{"role", "user"}, {"content", "What is 17*23?"}}});
  const Turn first = run_turn(
      t, f, messages,
      "<|channel|>analysis<|message|>Compute 17*23 = 391.<|end|><|start|>assistant<|channel|>final<|message|>391.",
      Json{{"reasoning_effort", "high"}});
  EXPECT_NE(first.prompt.find("Reasoning: high"), std::string::npos);
  EXPECT_EQ(first.reply, (ReplyParts{"Compute 17*23 = 391.", "391.", {}}));
  messages.push_back(assistant(first.reply));
  messages.push_back({{"role", "user"}, {"content", "Thanks"}});
  const Turn second = run_turn(t, f, messages, "<|channel|>final<|message|>You're welcome.", Json{{"reasoning_effort", "high"}});
  EXPECT_EQ(second.prompt.find("Compute 17*23"), std::string::npos) << "the analysis of earlier turns is dropped";
  EXPECT_EQ(common_prefix(first.prompt, second.prompt), first.prompt.size());

  // A tool call on the commentary channel (<|call|> ends the generation before the splitter).
  const Json tools = Json::array({{{"type", "function"},
                                   {"function", {{"name", "get_weather"}, {"description", "Weather"},
                                                 {"parameters", {{"type", "object"}, {"properties", {{"city", {{"type", "string"}}}}}}}}}}});
  const Turn call = run_turn(t, f, Json::array({{{"role", "user"}, {"content", "Weather in Zürich?"}}}),
                             "<|channel|>analysis<|message|>Use the tool.<|end|><|start|>assistant<|channel|>commentary "
                             "to=functions.get_weather <|constrain|>json<|message|>{\"city\":\"Zürich\"}",
                             Json{{"tools", tools}});
  EXPECT_NE(call.prompt.find("type get_weather"), std::string::npos);
  EXPECT_EQ(call.reply, (ReplyParts{"Use the tool.", "", {{"get_weather", "{\"city\":\"Zürich\"}"}}}));
}

// Gemma 4: the thought channel, the switch as a system-turn marker, an empty closed channel when off.
TEST(ReasoningTemplates, Gemma4ThoughtChannel) {
  const chat::ChatTemplate t = parse_template(data_dir() / "google-gemma-4-31B-it.jinja");
  const OutputFormat f = detect_output_format(t.source(), nullptr);
  EXPECT_EQ(f.family, Family::ThinkTags);
  EXPECT_EQ(f.control, ThinkingControl::Toggle);
  Json messages = Json::array({{{"role", "user"}, {"content", "What is 17*23?"}}});
  const Turn first = run_turn(t, f, messages, "<|channel>thought\n17*20=340, 17*3=51.<channel|>17*23 = 391.",
                              Json{{"enable_thinking", true}});
  EXPECT_NE(first.prompt.find("<|think|>"), std::string::npos);
  EXPECT_EQ(first.reply, (ReplyParts{"17*20=340, 17*3=51.", "17*23 = 391.", {}}));
  messages.push_back(assistant(first.reply));
  messages.push_back({{"role", "user"}, {"content", "And 391/17?"}});
  const Turn second = run_turn(t, f, messages, "<|channel>thought\nInverse.<channel|>23.", Json{{"enable_thinking", true}});
  EXPECT_EQ(second.prompt.find("17*20=340"), std::string::npos) << "the earlier thinking is dropped";
  EXPECT_EQ(common_prefix(first.prompt, second.prompt), first.prompt.size()) << "the first prompt is a prefix";
  EXPECT_EQ(second.reply.content, "23.");
  const Turn off = run_turn(t, f, Json::array({{{"role", "user"}, {"content", "Hi"}}}), "Hello!",
                            Json{{"enable_thinking", false}});
  EXPECT_TRUE(off.prompt.ends_with("<|channel>thought\n<channel|>"));
  EXPECT_EQ(off.reply, (ReplyParts{"", "Hello!", {}}));
}

// GLM-4.6 and DeepSeek-V3.1 think in tags with the switch; off, the prompt closes an empty pair
// (GLM also marks the user turn /nothink); DeepSeek-V3.1's prompt opens the thinking when on.
TEST(ReasoningTemplates, Glm46AndDeepSeekV31ThinkTagsWithTheSwitch) {
  for (const char* name : {"GLM-4.6.jinja", "deepseek-ai-DeepSeek-V3.1.jinja"}) {
    SCOPED_TRACE(name);
    const chat::ChatTemplate t = parse_template(data_dir() / name);
    const OutputFormat f = detect_output_format(t.source(), nullptr);
    EXPECT_EQ(f.family, Family::ThinkTags);
    EXPECT_EQ(f.control, ThinkingControl::Toggle);
    const Json messages = Json::array({{{"role", "user"}, {"content", "2+2?"}}});
    const bool opens = std::string(name).starts_with("deepseek");
    const Turn on = run_turn(t, f, messages, std::string(opens ? "" : "<think>") + "Two and two.</think>4",
                             Json{{"enable_thinking", true}});
    EXPECT_EQ(on.prompt.ends_with("<think>"), opens);
    EXPECT_EQ(on.reply, (ReplyParts{"Two and two.", "4", {}}));
    const Turn off = run_turn(t, f, messages, "4", Json{{"enable_thinking", false}});
    EXPECT_TRUE(off.prompt.ends_with("<think></think>"));
    EXPECT_EQ(off.reply, (ReplyParts{"", "4", {}}));
  }
}

}  // namespace
}  // namespace tessera::reasoning
