// A reasoning model's thinking in the chat (issue 34 item 2), with a scripted engine whose replies
// think first: it streams into its own block above the answer ("Thinking…"), folds to "Thought for
// N s" once the answer is there and opens again on a click; Copy takes the answer alone; the
// timings say how many tokens were thinking; the thinking is saved with the conversation and given
// back to the engine with its turn (the template decides whether the model sees it).
#include <gtest/gtest.h>

#include <QLabel>
#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>

#include "conversation_session.h"
#include "sampling_panel.h"
#include "scripted_window.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

TEST(ChatThinking, StreamsInItsOwnBlockThatFoldsWhenTheAnswerStarts) {
  test::ScriptedWindow w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(QStringLiteral("models/stories260K-f32.gguf"))));
  w.script->thinking = {"Two", " and", " two", " make", " four."};
  w.script->pieces = {"It", " is", " **4**."};
  w.script->hold_generation = true;  // held after the first thinking token
  ASSERT_TRUE(w.window->chat()->send(QStringLiteral("What is 2 + 2?")));
  MessageWidget* reply = w.message(1);
  ASSERT_NE(reply, nullptr);
  // While it thinks: the block is open, says so, and holds the thinking, not the answer.
  ASSERT_TRUE(waitUntil([&] { return w.script->generation_waiting.load() && reply->thinkingLabel()->text() == "Two"; }))
      << reply->thinkingLabel()->text().toStdString();
  EXPECT_TRUE(reply->thinkingToggle()->isVisible());
  EXPECT_EQ(reply->thinkingToggle()->text(), QStringLiteral("Thinking…"));
  EXPECT_TRUE(reply->isThinkingOpen());
  EXPECT_TRUE(reply->text().isEmpty());
  w.script->generation_gate.release();
  ASSERT_TRUE(waitUntil([&] { return !w.window->chat()->isStreaming(); }));

  // The answer alone is the message's text; the thinking is kept beside it, folded.
  const ChatEntry& m = w.window->chatModel()->message(1);
  EXPECT_EQ(m.text(), QStringLiteral("It is **4**."));
  EXPECT_EQ(m.reasoning(), QStringLiteral("Two and two make four."));
  EXPECT_FALSE(reply->isThinkingOpen());
  EXPECT_TRUE(reply->thinkingToggle()->text().startsWith(QStringLiteral("Thought for ")))
      << reply->thinkingToggle()->text().toStdString();
  EXPECT_TRUE(reply->timingsText().contains(QStringLiteral("(5 thinking)"))) << reply->timingsText().toStdString();
  // A click opens it, another folds it, and the next update leaves the person's choice alone.
  reply->thinkingToggle()->click();
  EXPECT_TRUE(reply->isThinkingOpen());
  EXPECT_EQ(reply->thinkingLabel()->text(), QStringLiteral("Two and two make four."));
  reply->thinkingToggle()->click();
  EXPECT_FALSE(reply->isThinkingOpen());
  // Copy takes the answer, not the thinking.
  QSignalSpy copied(reply, &MessageWidget::copyRequested);
  reply->copyButton()->click();
  ASSERT_EQ(copied.size(), 1);
  EXPECT_EQ(copied.at(0).at(0).toString(), QStringLiteral("It is **4**."));

  // The next turn gives the engine the earlier reply with its thinking apart (the chat template
  // drops or keeps it: Qwen3's drops it for earlier turns, so the cached prefix still matches).
  w.script->hold_generation = false;
  w.script->thinking.clear();
  ASSERT_TRUE(w.reply(QStringLiteral("And 3 + 3?")));
  ASSERT_GE(w.script->last_messages.size(), 3u);
  const tessera::ChatMessage& earlier = w.script->last_messages[w.script->last_messages.size() - 2];
  EXPECT_EQ(earlier.role, "assistant");
  EXPECT_EQ(earlier.content, "It is **4**.");
  EXPECT_EQ(earlier.reasoning, "Two and two make four.");
  // A reply without thinking shows no block.
  EXPECT_FALSE(w.message(3)->thinkingToggle()->isVisible());

  // Saved and opened again: the thinking and its figures come back.
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("chat.json"));
  ASSERT_TRUE(w.window->conversations()->saveTo(path));
  ASSERT_TRUE(w.window->conversations()->openFile(path));
  const ChatEntry& back = w.window->chatModel()->message(1);
  EXPECT_EQ(back.reasoning(), QStringLiteral("Two and two make four."));
  EXPECT_EQ(back.text(), QStringLiteral("It is **4**."));
  ASSERT_TRUE(back.stats.has_value());
  EXPECT_EQ(back.stats->timings.reasoning_tokens, 5);
  EXPECT_TRUE(waitUntil([&] { return w.message(1)->thinkingToggle()->isVisible(); }));
  EXPECT_FALSE(w.message(1)->isThinkingOpen());
}

// The Thinking row of the generation settings follows what the loaded model's template offers, and
// the choice reaches the engine as that template's variable.
TEST(ChatThinking, TheThinkingChoiceFollowsTheModelAndReachesTheTemplate) {
  using tessera::reasoning::ThinkingControl;
  test::ScriptedWindow w;
  SamplingPanel* panel = w.window->samplingPanel();
  ASSERT_NE(panel, nullptr);
  const QString stories = test::fixturePath(QStringLiteral("models/stories260K-f32.gguf"));
  auto choose = [&](const QString& value) {
    const int at = panel->thinkingBox()->findData(value);
    ASSERT_GE(at, 0) << value.toStdString();
    panel->thinkingBox()->setCurrentIndex(at);
    emit panel->thinkingBox()->activated(at);
  };

  // A plain model: no row, nothing sent.
  ASSERT_TRUE(w.openAndLoad(stories));
  EXPECT_FALSE(panel->offersThinking());
  ASSERT_TRUE(w.reply(QStringLiteral("Hi")));
  EXPECT_FALSE(w.script->last_request.enable_thinking.has_value());
  EXPECT_TRUE(w.script->last_request.reasoning_effort.empty());

  // Qwen3's switch: default, on, off.
  w.script->thinking_control = ThinkingControl::Toggle;
  ASSERT_TRUE(w.openAndLoad(stories));
  // (openAndLoad may return while the new load still runs beside the model it replaces.)
  ASSERT_TRUE(waitUntil([&] { return panel->thinkingBox()->count() == 3; }));
  ASSERT_TRUE(panel->offersThinking());
  ASSERT_TRUE(w.reply(QStringLiteral("Hi")));
  EXPECT_FALSE(w.script->last_request.enable_thinking.has_value());  // the template's default
  choose(QStringLiteral("off"));
  ASSERT_TRUE(w.reply(QStringLiteral("Quick: 2 + 2?")));
  ASSERT_TRUE(w.script->last_request.enable_thinking.has_value());
  EXPECT_FALSE(*w.script->last_request.enable_thinking);
  choose(QStringLiteral("on"));
  ASSERT_TRUE(w.reply(QStringLiteral("Think: 2 + 2?")));
  EXPECT_TRUE(w.script->last_request.enable_thinking.value_or(false));

  // gpt-oss's effort; "on" means nothing to it, so its default is used until an effort is chosen.
  w.script->thinking_control = ThinkingControl::Effort;
  ASSERT_TRUE(w.openAndLoad(stories));
  ASSERT_TRUE(waitUntil([&] { return panel->thinkingBox()->count() == 4; }));
  ASSERT_TRUE(w.reply(QStringLiteral("Hi")));
  EXPECT_TRUE(w.script->last_request.reasoning_effort.empty());
  EXPECT_FALSE(w.script->last_request.enable_thinking.has_value());
  choose(QStringLiteral("high"));
  ASSERT_TRUE(w.reply(QStringLiteral("Hard one")));
  EXPECT_EQ(w.script->last_request.reasoning_effort, "high");

  // Back to a plain model: the row goes, and the choice is kept for the next reasoning model.
  w.script->thinking_control = ThinkingControl::None;
  ASSERT_TRUE(w.openAndLoad(stories));
  ASSERT_TRUE(waitUntil([&] { return !panel->offersThinking(); }));
  EXPECT_EQ(panel->settings().thinking, QStringLiteral("high"));
}

}  // namespace
}  // namespace tessera::gui
