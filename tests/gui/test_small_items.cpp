// Issue 21's smaller items: the CPU backend described in the interface language, layer and row
// ranges written the same way, Copy that says it worked, a disabled Send that says why.
#include <QLabel>
#include <QPushButton>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

#include "chat_input.h"
#include "chat_panel.h"
#include "chat_view.h"
#include "display_format.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "message_widget.h"
#include "scripted_session.h"
#include "split_editor.h"
#include "status_line.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

TEST(SmallItems, TheCpuBackendIsDescribedThroughTr) {
  EXPECT_EQ(DisplayFormat::backend(QStringLiteral("cpu (2 threads, F16 KV cache, context 512)")),
            QStringLiteral("the CPU (2 threads, F16 KV cache, context 512)"));
  const QString cuda = QStringLiteral("cuda (NVIDIA H200, split layer, F16 KV cache, context 4096, CUDA graphs)");
  EXPECT_EQ(DisplayFormat::backend(cuda), cuda);
}

TEST(SmallItems, RangesAreInclusiveAndASingleOneIsNamedAlone) {
  EXPECT_EQ(SplitEditor::shareText(2, 2, SplitEditor::ShareKind::Layers), QStringLiteral("layer 2"));
  EXPECT_EQ(SplitEditor::shareText(0, 15, SplitEditor::ShareKind::Layers), QStringLiteral("layers 0–15"));
  EXPECT_EQ(SplitEditor::shareText(0, 3, SplitEditor::ShareKind::KvHeads), QStringLiteral("KV heads 0–3"));
  EXPECT_EQ(SplitEditor::shareText(4, 4, SplitEditor::ShareKind::KvHeads), QStringLiteral("KV head 4"));
}

// The German picture (issue 35, the screenshots at 1366x768) showed "Erstes Token: 0,02" at the end
// of a line and "s" alone on the next: under a reply the line breaks between figures only.
TEST(SmallItems, ReplyTimingsBreakBetweenFiguresNotInsideOne) {
  ReplyStats stats;
  stats.prompt_known = true;
  stats.timings.prompt_tokens = 19;
  stats.timings.prompt_tokens_per_s = 801.6;
  stats.timings.prompt_tokens_reused = 20;
  stats.timings.generated_tokens = 88;
  stats.timings.generation_tokens_per_s = 414.7;
  stats.timings.time_to_first_token_ms = 20.0;
  const QString shown = DisplayFormat::timings(stats, true);
  const QStringList figures = shown.split(QStringLiteral(" · "));
  ASSERT_EQ(figures.size(), 3) << shown.toStdString();
  for (const QString& figure : figures) EXPECT_FALSE(figure.contains(QLatin1Char(' '))) << figure.toStdString();
  EXPECT_EQ(QString(shown).replace(QChar::Nbsp, QLatin1Char(' ')), DisplayFormat::timings(stats));
  MessageWidget reply;
  ChatEntry m = replyMessage(QStringLiteral("tiny"));
  m.message.content = "A frog.";
  m.status = ChatEntry::Status::Complete;
  m.stats = stats;
  reply.setMessage(m, QString());
  reply.resize(300, 200);  // narrow: the timings wrap
  reply.show();
  EXPECT_EQ(reply.timingsText(), DisplayFormat::timings(stats));
  EXPECT_TRUE(reply.findChild<QLabel*>(QStringLiteral("messageTimings"))->text().contains(QChar::Nbsp));
}

TEST(SmallItems, CopySaysItWorkedAndADisabledSendSaysWhy) {
  test::FreshSettings settings;
  auto script = std::make_shared<test::SessionScript>();
  MainWindow window(std::make_unique<test::ScriptedSession>(script));
  window.show();
  ChatPanel* chat = window.chatPanel();
  EXPECT_FALSE(chat->sendButton()->isEnabled());
  EXPECT_TRUE(chat->sendButton()->toolTip().contains(QStringLiteral("Load a model"))) << chat->sendButton()->toolTip().toStdString();
  window.openModel(test::fixturePath(QStringLiteral("models/stories260K-f32.gguf")), true);
  ASSERT_TRUE(waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready; }));
  EXPECT_TRUE(chat->sendButton()->toolTip().contains(QStringLiteral("Write a message"))) << chat->sendButton()->toolTip().toStdString();
  ASSERT_TRUE(window.chat()->send(QStringLiteral("Hi")));
  ASSERT_TRUE(waitUntil([&] { return !window.chat()->isStreaming(); }));
  MessageWidget* reply = chat->view()->messageWidget(1);
  ASSERT_NE(reply, nullptr);
  EXPECT_EQ(reply->copyButton()->text(), QStringLiteral("Copy"));
  // A reply of one token has no rate: the status bar said "Last reply: 0.0 tok/s".
  auto* status = window.findChild<StatusLine*>();
  ASSERT_NE(status, nullptr);
  ASSERT_EQ(window.chatModel()->message(1).stats->timings.generated_tokens, 4);
  EXPECT_TRUE(status->speedText().startsWith(QStringLiteral("Last reply:"))) << status->speedText().toStdString();
  script->pieces = {"One"};
  ASSERT_TRUE(window.chat()->send(QStringLiteral("Again")));
  ASSERT_TRUE(waitUntil([&] { return !window.chat()->isStreaming(); }));
  ASSERT_EQ(window.chatModel()->message(3).stats->timings.generated_tokens, 1);
  EXPECT_TRUE(status->speedText().isEmpty()) << status->speedText().toStdString();
  QTest::mouseClick(reply->copyButton(), Qt::LeftButton);
  EXPECT_EQ(reply->copyButton()->text(), QStringLiteral("Copied ✓"));
  ASSERT_TRUE(waitUntil([&] { return reply->copyButton()->text() == QStringLiteral("Copy"); }, 5000));
}

}  // namespace
}  // namespace tessera::gui
