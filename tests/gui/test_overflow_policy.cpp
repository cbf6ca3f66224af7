// The context overflow policy in the window (issue 20): the chooser beside the context meter sets
// the conversation's policy, which goes into every request and is saved with the conversation; the
// Settings menu holds the default of new conversations; on the 256-token tiny model a long chat
// goes on under Truncate middle and says so under its replies.
#include <QAction>
#include <QCoreApplication>
#include <QFile>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "app_settings.h"
#include "chat_model.h"
#include "chat_panel.h"
#include "conversation_io.h"
#include "error_banner.h"
#include "gui_test_support.h"
#include "conversation_session.h"
#include "main_window.h"
#include "message_widget.h"
#include "overflow_policy_chooser.h"
#include "scripted_window.h"
#include "engine_session.h"
#include "startup.h"

namespace tessera::gui {
namespace {

using test::waitUntil;
using tessera::OverflowPolicy;

const QString kStories = QStringLiteral("models/stories260K-f32.gguf");

// Picks `policy` in the chooser as a user does (the activated signal, not setCurrentIndex alone).
void choose(OverflowPolicyChooser* chooser, OverflowPolicy policy) {
  const int i = chooser->findData(static_cast<int>(policy));
  ASSERT_GE(i, 0);
  chooser->setCurrentIndex(i);
  emit chooser->activated(i);
}

QAction* menuAction(OverflowPolicyMenu* menu, OverflowPolicy policy) {
  for (QAction* a : menu->actions())
    if (a->data().toInt() == static_cast<int>(policy)) return a;
  return nullptr;
}

TEST(OverflowPolicyGui, TheChooserSetsTheRequestsPolicyAndItIsSavedWithTheConversation) {
  test::ScriptedWindow w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  OverflowPolicyChooser* chooser = w.window->chatPanel()->overflowChooser();
  ASSERT_NE(chooser, nullptr);
  EXPECT_TRUE(chooser->isVisible());
  EXPECT_EQ(chooser->policy(), OverflowPolicy::Stop);
  EXPECT_EQ(chooser->count(), 3);
  EXPECT_TRUE(chooser->currentText().contains(QStringLiteral("Stop"))) << chooser->currentText().toStdString();
  EXPECT_FALSE(chooser->toolTip().isEmpty());

  choose(chooser, OverflowPolicy::TruncateMiddle);
  EXPECT_EQ(w.window->chat()->overflowPolicy(), OverflowPolicy::TruncateMiddle);
  ASSERT_TRUE(w.reply(QStringLiteral("Hi")));
  EXPECT_EQ(w.script->last_request.overflow, OverflowPolicy::TruncateMiddle);

  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("chat.json"));
  ASSERT_TRUE(w.window->conversations()->saveTo(path));
  QFile file(path);
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  EXPECT_TRUE(file.readAll().contains("\"context_overflow\": \"truncate-middle\""));

  // A new conversation starts with the default; opening the saved one brings its policy back.
  QTest::mouseClick(w.window->chatPanel()->newButton(), Qt::LeftButton);
  EXPECT_EQ(chooser->policy(), OverflowPolicy::Stop);
  ASSERT_TRUE(w.window->conversations()->openFile(path));
  EXPECT_EQ(chooser->policy(), OverflowPolicy::TruncateMiddle);
  choose(chooser, OverflowPolicy::RollingWindow);
  ASSERT_TRUE(w.reply(QStringLiteral("More")));
  EXPECT_EQ(w.script->last_request.overflow, OverflowPolicy::RollingWindow);
}

// Issue 35 item 10: deleting the open conversation starts a new one, with the default policy (the
// deleted one's leaked into the next chat).
TEST(OverflowPolicyGui, DeletingTheOpenConversationBringsBackTheDefaultPolicy) {
  test::ScriptedWindow w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  OverflowPolicyChooser* chooser = w.window->chatPanel()->overflowChooser();
  choose(chooser, OverflowPolicy::RollingWindow);
  ASSERT_TRUE(w.reply(QStringLiteral("Hi")));
  const QString id = w.window->conversations()->currentId();
  ASSERT_FALSE(id.isEmpty());
  w.window->conversations()->setConfirm([](const QString&, const QString&, const QString&) { return true; });
  ASSERT_TRUE(w.window->conversations()->remove(id));
  EXPECT_EQ(w.window->chatModel()->rowCount(), 0);
  EXPECT_EQ(w.window->chat()->overflowPolicy(), OverflowPolicy::Stop);
  EXPECT_EQ(chooser->policy(), OverflowPolicy::Stop);
  ASSERT_TRUE(w.reply(QStringLiteral("A new chat")));
  EXPECT_EQ(w.script->last_request.overflow, OverflowPolicy::Stop);
}

TEST(OverflowPolicyGui, TheSettingsMenuHoldsTheDefaultOfNewConversations) {
  test::ScriptedWindow w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  OverflowPolicyMenu* menu = w.window->overflowPolicyMenu();
  ASSERT_NE(menu, nullptr);
  ASSERT_EQ(menu->actions().size(), 3);
  QAction* rolling = menuAction(menu, OverflowPolicy::RollingWindow);
  ASSERT_NE(rolling, nullptr);
  rolling->trigger();
  EXPECT_TRUE(rolling->isChecked());
  EXPECT_EQ(AppSettings().overflowPolicy(), OverflowPolicy::RollingWindow);
  // The empty chat is a new conversation: it takes the new default.
  EXPECT_EQ(w.window->chatPanel()->overflowChooser()->policy(), OverflowPolicy::RollingWindow);

  // A conversation with its own policy keeps it when the default changes.
  choose(w.window->chatPanel()->overflowChooser(), OverflowPolicy::Stop);
  ASSERT_TRUE(w.reply(QStringLiteral("Hi")));
  menuAction(menu, OverflowPolicy::TruncateMiddle)->trigger();
  EXPECT_EQ(w.window->chat()->overflowPolicy(), OverflowPolicy::Stop);
  QTest::mouseClick(w.window->chatPanel()->newButton(), Qt::LeftButton);
  EXPECT_EQ(w.window->chat()->overflowPolicy(), OverflowPolicy::TruncateMiddle);

  // An older file without a policy opens with the default.
  const QByteArray old_file = R"({"format": "tessera-conversation", "version": 1, "system_prompt": "",
    "messages": [{"role": "user", "text": "Hi"}, {"role": "assistant", "text": "Hello", "status": "complete"}]})";
  QString error;
  auto c = ConversationIo::fromJson(old_file, QStringLiteral("old.json"), &error);
  ASSERT_TRUE(c) << error.toStdString();
  EXPECT_FALSE(c->overflow_policy.has_value());
  w.window->chat()->setConversation(*c);
  EXPECT_EQ(w.window->chat()->overflowPolicy(), OverflowPolicy::TruncateMiddle);
}

TEST(OverflowPolicyGui, AFullContextOffersToGoOnWithTruncateMiddle) {
  test::ScriptedWindow w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  w.script->prompt_tokens = 500;
  w.script->context_left = 2;
  w.script->repeat = 10;
  ASSERT_TRUE(w.reply(QStringLiteral("More")));
  ASSERT_TRUE(w.window->banner()->isVisible());
  EXPECT_TRUE(w.window->banner()->advice().contains(QStringLiteral("Truncate middle"))) << w.window->banner()->advice().toStdString();
  QPushButton* go_on = nullptr;
  for (QPushButton* b : w.window->banner()->findChildren<QPushButton*>())
    if (b->text() == QStringLiteral("Go On: Truncate Middle")) go_on = b;
  ASSERT_NE(go_on, nullptr);
  QTest::mouseClick(go_on, Qt::LeftButton);
  EXPECT_EQ(w.window->chat()->overflowPolicy(), OverflowPolicy::TruncateMiddle);
  EXPECT_EQ(w.window->chatPanel()->overflowChooser()->policy(), OverflowPolicy::TruncateMiddle);
  EXPECT_FALSE(w.window->banner()->isVisible());
}

TEST(OverflowPolicyGui, APromptThatDoesNotFitCanBeRetriedWithTruncateMiddle) {
  test::ScriptedWindow w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  w.script->generate_error = Error(ErrorKind::InvalidArgument, "prompt of 267 tokens does not fit the context of 256");
  w.window->chat()->send(QStringLiteral("Hello"));
  ASSERT_TRUE(waitUntil([&] { return w.window->banner()->isVisible(); }));
  QPushButton* retry = nullptr;
  for (QPushButton* b : w.window->banner()->findChildren<QPushButton*>())
    if (b->text() == QStringLiteral("Truncate Middle and Retry")) retry = b;
  ASSERT_NE(retry, nullptr);
  w.script->generate_error.reset();
  const int generations = w.script->generations.load();
  QTest::mouseClick(retry, Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return w.script->generations.load() > generations && !w.window->chat()->isStreaming(); }));
  EXPECT_EQ(w.script->last_request.overflow, OverflowPolicy::TruncateMiddle);
  EXPECT_EQ(w.window->chatModel()->message(1).status, ChatEntry::Status::Complete);
}

TEST(OverflowPolicyGui, TheChooserAndTheMenuFollowTheLanguage) {
  test::ScriptedWindow w;
  auto language = [&](const QString& code) {
    for (QAction* a : w.window->languageMenu()->actions())
      if (!a->isSeparator() && a->data().toString() == code) return a;
    return static_cast<QAction*>(nullptr);
  };
  auto settle = [] {
    for (int i = 0; i < 3; ++i) {
      QCoreApplication::sendPostedEvents();
      QCoreApplication::processEvents();
    }
  };
  OverflowPolicyChooser* chooser = w.window->chatPanel()->overflowChooser();
  choose(chooser, OverflowPolicy::RollingWindow);
  ASSERT_NE(language(QStringLiteral("de")), nullptr);
  language(QStringLiteral("de"))->trigger();
  settle();
  EXPECT_EQ(chooser->currentText(), QStringLiteral("Wenn voll: Gleitendes Fenster"));
  EXPECT_EQ(w.window->overflowPolicyMenu()->title(), QStringLiteral("Wenn der Kontext &voll ist"));
  EXPECT_EQ(menuAction(w.window->overflowPolicyMenu(), OverflowPolicy::TruncateMiddle)->text(), QStringLiteral("Mitte kürzen"));
  language(QStringLiteral("en"))->trigger();
  settle();
  EXPECT_EQ(chooser->currentText(), QStringLiteral("When full: Rolling window"));
  EXPECT_EQ(chooser->policy(), OverflowPolicy::RollingWindow);
}

// The real engine on the embedded 256-token model: a chat far longer than the context goes on
// under Truncate middle; the replies say what was left out.
TEST(OverflowPolicyGui, ALongChatOnTheTinyModelGoesOnUnderTruncateMiddle) {
  const QString tiny = findDefaultModel();
  if (tiny.isEmpty()) GTEST_SKIP() << "no tessera-tiny model in this tree";
  test::FreshSettings settings;
  MainWindow window(makeTesseraEngineSession());
  window.show();
  window.openModel(tiny, true);
  ASSERT_TRUE(waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready; }, 30000));
  ASSERT_EQ(window.engine()->model().n_ctx, 256);
  window.chat()->setReplySettings(test::greedyReply(48));
  choose(window.chatPanel()->overflowChooser(), OverflowPolicy::TruncateMiddle);
  ChatController* chat = window.chat();
  bool left_out = false;
  for (int turn = 0; turn < 10; ++turn) {
    ASSERT_TRUE(chat->send(QStringLiteral("Tell me a long story about a cat, a dog and a bird who live in a big old house.")));
    ASSERT_TRUE(waitUntil([&] { return !chat->isStreaming(); }, 60000));
    const int row = window.chatModel()->lastAssistantRow();
    const ChatEntry& m = window.chatModel()->message(row);
    ASSERT_EQ(m.status, ChatEntry::Status::Complete) << "turn " << turn << ": " << m.error.toStdString();
    EXPECT_FALSE(window.banner()->isVisible()) << window.banner()->title().toStdString();
    ASSERT_TRUE(m.stats.has_value());
    if (m.stats->messages_dropped > 0 || m.stats->timings.overflow_tokens_dropped > 0 || m.stats->timings.context_shifts > 0) {
      left_out = true;
      const QString text = window.chatPanel()->view()->messageWidget(row)->timingsText();
      EXPECT_TRUE(text.contains(QStringLiteral("left out")) || text.contains(QStringLiteral("Continued past")))
          << text.toStdString();
      // Issue 35 item 2: no "0 messages" when only tokens were cut.
      EXPECT_FALSE(text.contains(QStringLiteral("(0 messages"))) << text.toStdString();
    }
  }
  EXPECT_TRUE(left_out);
  EXPECT_LE(window.chatPanel()->contextMeter()->value(), 256);
}

}  // namespace
}  // namespace tessera::gui
