// Issue 21's smaller items: the CPU backend described in the interface language, layer and row
// ranges written the same way, Copy that says it worked, a disabled Send that says why.
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
  QTest::mouseClick(reply->copyButton(), Qt::LeftButton);
  EXPECT_EQ(reply->copyButton()->text(), QStringLiteral("Copied ✓"));
  ASSERT_TRUE(waitUntil([&] { return reply->copyButton()->text() == QStringLiteral("Copy"); }, 5000));
}

}  // namespace
}  // namespace tessera::gui
