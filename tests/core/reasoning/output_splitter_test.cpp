// OutputSplitter on hand-written streams of each family: the parts must be byte-exact, whether
// the text comes in one piece, byte by byte, or in pieces of any other size (a tag split over
// pieces), and however the reply ends (end of generation, cut off inside the thinking).
#include <gtest/gtest.h>

#include "reasoning/output_splitter.h"

namespace tessera::reasoning {
namespace {

ReplyParts split(const OutputFormat& f, const std::vector<std::string>& pieces, std::string_view prompt_tail = {}) {
  OutputSplitter s(f, prompt_tail);
  ReplyParts all;
  for (const auto& p : pieces) all.append(s.push(p));
  all.append(s.finish());
  return all;
}

// Every way of cutting `text` into pieces of one size (1 .. size), and the whole.
void expect_split(const OutputFormat& f, const std::string& text, const ReplyParts& want,
                  std::string_view prompt_tail = {}) {
  for (size_t size = 1; size <= text.size() + 1; ++size) {
    std::vector<std::string> pieces;
    for (size_t at = 0; at < text.size(); at += size) pieces.push_back(text.substr(at, size));
    const ReplyParts got = split(f, pieces, prompt_tail);
    EXPECT_EQ(got.reasoning, want.reasoning) << "pieces of " << size << " bytes: " << text;
    EXPECT_EQ(got.content, want.content) << "pieces of " << size << " bytes: " << text;
    EXPECT_EQ(got.tool_calls, want.tool_calls) << "pieces of " << size << " bytes: " << text;
  }
}

ReplyParts parts(std::string reasoning, std::string content, std::vector<ToolCall> calls = {}) {
  return {std::move(reasoning), std::move(content), std::move(calls)};
}

TEST(OutputSplitter, PlainKeepsEveryByteAsContent) {
  expect_split(OutputFormat{}, "  <think>not special</think>\n", parts("", "  <think>not special</think>\n"));
}

TEST(OutputSplitter, Qwen3ThinksThenAnswers) {
  // What Qwen3 writes after "<|im_start|>assistant\n".
  expect_split(think_tags_format(), "<think>\nLet me add: 2+2=4.\n\nSo 4.\n</think>\n\nThe answer is 4.",
               parts("Let me add: 2+2=4.\n\nSo 4.", "The answer is 4."));
}

TEST(OutputSplitter, Qwen3WithThinkingOffAnswersAtOnce) {
  // enable_thinking=false: the generation prompt ends with an empty, closed thinking.
  expect_split(think_tags_format(), "Paris.", parts("", "Paris."), "<|im_start|>assistant\n<think>\n\n</think>\n\n");
}

TEST(OutputSplitter, DeepSeekR1PromptOpensTheThinking) {
  // The generation prompt ends with "<think>\n"; the model writes no open tag.
  expect_split(think_tags_format(), "17*23 = 391.\n</think>\n\n**391**", parts("17*23 = 391.", "**391**"),
               "<｜Assistant｜><think>\n");
  // Some distills write the open tag again anyway.
  expect_split(think_tags_format(), "<think>\nHmm.\n</think>\n\nOK", parts("Hmm.", "OK"), "<｜Assistant｜><think>\n");
}

TEST(OutputSplitter, ThinkingCutOffIsAllReasoning) {
  // max_tokens or Stop inside the thinking; the end of a close tag never came.
  expect_split(think_tags_format(), "<think>\nStep 1: read.\nStep 2: </thi", parts("Step 1: read.\nStep 2: </thi", ""));
  expect_split(think_tags_format(), "<think>\nStep 1  \n", parts("Step 1", ""));
  expect_split(think_tags_format(), "<thi", parts("", "<thi"));  // a reply that is only half a tag is text
  expect_split(think_tags_format(), "", parts("", ""), "<think>\n");
}

TEST(OutputSplitter, OnlyALeadingOpenTagStartsTheThinking) {
  expect_split(think_tags_format(), "Use <think> tags like </think> this.", parts("", "Use <think> tags like </think> this."));
  expect_split(think_tags_format(), " once upon a time", parts("", " once upon a time"));  // kept exactly
  expect_split(think_tags_format(), "\n\n<think>a</think>b", parts("a", "b"));
  // After the thinking, tags are text of the answer.
  expect_split(think_tags_format(), "<think>x</think>y <think>z</think>", parts("x", "y <think>z</think>"));
}

TEST(OutputSplitter, WhitespaceInsideTheThinkingIsKept) {
  expect_split(think_tags_format(), "<think>\n a \n\n b\t</think>  c  d  ", parts("a \n\n b", "c  d  "));
  // Empty thinking.
  expect_split(think_tags_format(), "<think>\n\n</think>\n\nHi", parts("", "Hi"));
}

TEST(OutputSplitter, MagistralBracketTags) {
  const OutputFormat f = think_tags_format("[THINK]", "[/THINK]");
  expect_split(f, "[THINK]The user greets me.[/THINK]Hello! How can I help?",
               parts("The user greets me.", "Hello! How can I help?"));
  expect_split(f, "[THINK]cut", parts("cut", ""));
}

TEST(OutputSplitter, StreamingGivesReasoningBeforeTheCloseTagArrives) {
  OutputSplitter s(think_tags_format());
  EXPECT_EQ(s.push("<thi"), parts("", ""));
  EXPECT_FALSE(s.in_reasoning());
  EXPECT_EQ(s.push("nk>\nPlan"), parts("Plan", ""));
  EXPECT_TRUE(s.in_reasoning());
  EXPECT_EQ(s.push(" more\n</"), parts(" more", ""));  // the newline may precede the close tag: held
  EXPECT_EQ(s.push("think>\n\n"), parts("", ""));
  EXPECT_FALSE(s.in_reasoning());
  EXPECT_TRUE(s.in_content());
  EXPECT_EQ(s.push("Done"), parts("", "Done"));
  EXPECT_EQ(s.finish(), parts("", ""));
}

TEST(OutputSplitter, HarmonyAnalysisThenFinal) {
  // gpt-oss after the generation prompt "<|start|>assistant".
  expect_split(harmony_format(),
               "<|channel|>analysis<|message|>User asks 2+2. Answer 4.<|end|><|start|>assistant<|channel|>final<|message|>"
               "2 + 2 = 4.",
               parts("User asks 2+2. Answer 4.", "2 + 2 = 4."), "<|start|>assistant");
  // <|return|> ends the generation, but a splitter given it ignores what follows.
  expect_split(harmony_format(), "<|channel|>final<|message|>Hi<|return|>", parts("", "Hi"));
}

TEST(OutputSplitter, HarmonyToolCallOnTheCommentaryChannel) {
  const std::string analysis = "<|channel|>analysis<|message|>Need weather for Zürich.<|end|>";
  // The recipient after the channel, with a constraint; <|call|> ends the generation, so the
  // engine never passes it: the call completes at finish().
  expect_split(harmony_format(),
               analysis + "<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>"
                          "{\"city\": \"Zürich\"}",
               parts("Need weather for Zürich.", "", {{"get_weather", "{\"city\": \"Zürich\"}"}}));
  // The recipient in the role part of the header, and the <|call|> marker given.
  expect_split(harmony_format(),
               "<|start|>assistant to=functions.lookup<|channel|>commentary json<|message|>{\"q\":1}<|call|>",
               parts("", "", {{"lookup", "{\"q\":1}"}}));
  // Commentary without a recipient is a preamble for the user: content.
  expect_split(harmony_format(), "<|channel|>commentary<|message|>Checking now.<|end|>", parts("", "Checking now."));
}

TEST(OutputSplitter, HarmonyCutOffInsideTheAnalysis) {
  expect_split(harmony_format(), "<|channel|>analysis<|message|>We need to think about <|", parts("We need to think about <|", ""));
}

TEST(OutputSplitter, HarmonyWithoutHeadersIsContent) {
  expect_split(harmony_format(), "Just text.", parts("", "Just text."));
}

TEST(OutputFormat, FamiliesFromTemplates) {
  EXPECT_EQ(detect_output_format("{{ messages }}", nullptr).family, Family::Plain);
  const OutputFormat r1 = detect_output_format("{{'<｜Assistant｜><think>\\n'}}", nullptr);
  EXPECT_EQ(r1.family, Family::ThinkTags);
  EXPECT_EQ(r1.open, "<think>");
  EXPECT_EQ(r1.control, ThinkingControl::None);
  const OutputFormat qwen3 = detect_output_format("{%- if enable_thinking is defined %}<think>\\n\\n</think>", nullptr);
  EXPECT_EQ(qwen3.control, ThinkingControl::Toggle);
  const OutputFormat oss = detect_output_format("{{ reasoning_effort }}<|channel|>analysis<|message|>", nullptr);
  EXPECT_EQ(oss.family, Family::Harmony);
  EXPECT_EQ(oss.control, ThinkingControl::Effort);
  const OutputFormat magistral = detect_output_format("[THINK]Your thoughts[/THINK]", nullptr);
  EXPECT_EQ(magistral.family, Family::ThinkTags);
  EXPECT_EQ(magistral.open, "[THINK]");
}

}  // namespace
}  // namespace tessera::reasoning
