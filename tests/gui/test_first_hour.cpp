// Issue 35 ("the app's first hour, round 3"), item 9 and the smaller items of item 10 that have no
// suite of their own: editing a sent message in the window, the theme choice, Help's guide and
// shortcuts, the window title without a model, history titles without Markdown, and no warning
// from Qt when the window is made.
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>

#include <gtest/gtest.h>

#include "app_settings.h"
#include "chat_panel.h"
#include "chat_view.h"
#include "conversation_io.h"
#include "conversation_session.h"
#include "conversation_store.h"
#include "guide_dialog.h"
#include "history_panel.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "message_widget.h"
#include "scripted_session.h"
#include "scripted_window.h"
#include "theme_switcher.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

const QString kStories = QStringLiteral("models/stories260K-f32.gguf");

// Item 9: Edit under a sent message, a new text, Send: the conversation goes on from there.
TEST(FirstHour, ASentMessageIsEditedAndTheReplyComesAgainFromThere) {
  test::ScriptedWindow w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  w.script->pieces = {"First answer"};
  ASSERT_TRUE(w.reply(QStringLiteral("What is a cat?")));
  w.script->pieces = {"Second answer"};
  ASSERT_TRUE(w.reply(QStringLiteral("And a dog?")));
  MessageWidget* first = w.message(0);
  ASSERT_NE(first, nullptr);
  EXPECT_TRUE(first->editButton()->isVisible()) << "a user message offers Edit";
  EXPECT_FALSE(w.message(1)->editButton()->isVisible()) << "a reply does not";
  QTest::mouseClick(first->editButton(), Qt::LeftButton);
  ASSERT_TRUE(first->isEditing());
  ASSERT_NE(first->editor(), nullptr);
  EXPECT_EQ(first->editor()->toPlainText(), QStringLiteral("What is a cat?"));
  first->editor()->setPlainText(QStringLiteral("What is a kitten?"));
  w.script->pieces = {"A young cat"};
  QTest::mouseClick(first->resendButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return !w.window->chat()->isStreaming() && w.window->chatModel()->rowCount() == 2; }));
  EXPECT_EQ(w.window->chatModel()->message(0).text(), QStringLiteral("What is a kitten?"));
  EXPECT_EQ(w.window->chatModel()->message(1).text(), QStringLiteral("A young cat"));
  ASSERT_EQ(w.script->last_messages.size(), 1u);
  EXPECT_EQ(w.script->last_messages[0].content, "What is a kitten?");
  // Cancel leaves the message as it was; while a reply is made, Edit is not offered.
  MessageWidget* edited = w.message(0);
  QTest::mouseClick(edited->editButton(), Qt::LeftButton);
  edited->editor()->setPlainText(QStringLiteral("thrown away"));
  QTest::mouseClick(edited->cancelEditButton(), Qt::LeftButton);
  EXPECT_FALSE(edited->isEditing());
  EXPECT_EQ(w.window->chatModel()->message(0).text(), QStringLiteral("What is a kitten?"));
  w.script->pieces = {"z"};
  w.script->repeat = 100000;
  w.script->token_ms = 1;
  ASSERT_TRUE(w.window->chat()->send(QStringLiteral("Go on")));
  EXPECT_FALSE(w.message(0)->editButton()->isVisible());
  w.window->chat()->stop();
  ASSERT_TRUE(waitUntil([&] { return !w.window->chat()->isStreaming(); }));
  EXPECT_TRUE(w.message(0)->editButton()->isVisible());
}

// Item 9: Settings ▸ Theme: System default, Light, Dark, applied at once and kept for the next start.
TEST(FirstHour, TheThemeIsChosenInTheSettingsAndKept) {
  test::FreshSettings settings;
  const QColor system_window = QApplication::palette().color(QPalette::Window);
  {
    MainWindow window(std::make_unique<test::ScriptedSession>(std::make_shared<test::SessionScript>()));
    window.show();
    ThemeSwitcher* theme = window.themeSwitcher();
    ASSERT_NE(theme->menu(), nullptr);
    EXPECT_TRUE(window.findChild<QMenu*>(QStringLiteral("settingsMenu"))->actions().contains(theme->menu()->menuAction()));
    EXPECT_TRUE(theme->action(ThemeSwitcher::Theme::System)->isChecked());
    theme->action(ThemeSwitcher::Theme::Dark)->trigger();
    EXPECT_EQ(theme->theme(), ThemeSwitcher::Theme::Dark);
    EXPECT_LT(QApplication::palette().color(QPalette::Window).lightness(), 100);
    // The chat follows at once: its background is dark too.
    // (Qt delivers the palette change to the widgets on the next turn of the event loop.)
    test::processPendingEvents();
    EXPECT_LT(window.chatPanel()->view()->backgroundColor().lightness(), 100);
    EXPECT_EQ(AppSettings().theme(), QStringLiteral("dark"));
    theme->action(ThemeSwitcher::Theme::Light)->trigger();
    EXPECT_GT(QApplication::palette().color(QPalette::Window).lightness(), 150);
    theme->action(ThemeSwitcher::Theme::Dark)->trigger();
  }
  // The window went: the desktop's palette is back for whatever comes next.
  EXPECT_EQ(QApplication::palette().color(QPalette::Window), system_window);
  // The next start opens dark.
  MainWindow again(std::make_unique<test::ScriptedSession>(std::make_shared<test::SessionScript>()));
  EXPECT_EQ(again.themeSwitcher()->theme(), ThemeSwitcher::Theme::Dark);
  EXPECT_TRUE(again.themeSwitcher()->action(ThemeSwitcher::Theme::Dark)->isChecked());
  EXPECT_LT(QApplication::palette().color(QPalette::Window).lightness(), 100);
  again.themeSwitcher()->action(ThemeSwitcher::Theme::System)->trigger();
  EXPECT_EQ(QApplication::palette().color(QPalette::Window), system_window);
}

// Item 9: Help beyond About: a short guide to the split workspace and the shortcuts, read from the
// window's own actions.
TEST(FirstHour, HelpHasAGuideToTheSplitWorkspaceAndTheShortcuts) {
  test::ScriptedWindow w;
  QAction* guide = w.window->findChild<QAction*>(QStringLiteral("guideAction"));
  ASSERT_NE(guide, nullptr);
  EXPECT_TRUE(w.window->helpMenu()->actions().contains(guide));
  EXPECT_EQ(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
  guide->trigger();
  GuideDialog* dialog = w.window->guideDialog();
  ASSERT_NE(dialog, nullptr);
  EXPECT_TRUE(dialog->isVisible());
  const QString text = dialog->browser()->toPlainText();
  EXPECT_TRUE(text.contains(QStringLiteral("split workspace"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("Layer split"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("tie"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("Keyboard shortcuts")));
  // Every shortcut the menus have, with its key as the menus show it.
  for (const QString& entry : {QStringLiteral("Open Model"), QStringLiteral("New Conversation"), QStringLiteral("Stop")})
    EXPECT_TRUE(text.contains(entry)) << entry.toStdString();
  EXPECT_TRUE(text.contains(QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText)));
  EXPECT_TRUE(text.contains(QKeySequence(Qt::Key_Escape).toString(QKeySequence::NativeText)));
  // In the interface language, as everything else.
  w.window->setLanguage(QStringLiteral("de"));
  EXPECT_TRUE(waitUntil([&] { return dialog->browser()->toPlainText().contains(QStringLiteral("Tastenkürzel")); }));
  w.window->setLanguage(QStringLiteral("en"));
  dialog->close();
}

// Item 10: the title said " — Tessera" with no model loaded, or one without a name.
TEST(FirstHour, TheTitleNamesTheModelOrOnlyTheApp) {
  test::ScriptedWindow w;
  EXPECT_EQ(w.window->windowTitle(), QStringLiteral("Tessera"));
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  EXPECT_EQ(w.window->windowTitle(), QStringLiteral("stories260K-f32 — Tessera"));
  w.window->engine()->unload();
  EXPECT_EQ(w.window->windowTitle(), QStringLiteral("Tessera"));
}

// Item 10: history titles were raw Markdown ("**Why** `x`?").
TEST(FirstHour, HistoryTitlesAreWordsNotMarkdown) {
  Conversation c;
  c.messages.append(userMessage(QStringLiteral("## **Why** does `std::move` need [a cast](https://x.org)?")));
  EXPECT_EQ(ConversationStore::titleOf(c), QStringLiteral("Why does std::move need a cast?"));
  Conversation snake;
  snake.messages.append(userMessage(QStringLiteral("what does my_var_name hold")));
  EXPECT_EQ(ConversationStore::titleOf(snake), QStringLiteral("what does my_var_name hold"));
}

// Item 10: history titles had no date. Each row shows when it last changed: the time today, the
// date before (here a file last changed in 2024).
TEST(FirstHour, HistoryRowsSayWhenTheyChanged) {
  test::ScriptedWindow w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  ASSERT_TRUE(w.reply(QStringLiteral("Hello")));
  HistoryPanel* history = w.window->historyPanel();
  ASSERT_EQ(history->ids().size(), 1);
  const QString id = history->ids().first();
  const QList<StoredConversation> stored = w.window->conversations()->store()->list();
  ASSERT_EQ(stored.size(), 1);
  const QDateTime modified = stored.first().modified;
  const QLocale locale;
  EXPECT_TRUE(history->whenAt(0) == locale.toString(modified.time(), QLocale::ShortFormat) ||
              history->whenAt(0) == locale.toString(modified.date(), QLocale::ShortFormat))
      << history->whenAt(0).toStdString();
  QFile file(QDir(w.window->conversations()->store()->folder()).filePath(id + QStringLiteral(".json")));
  ASSERT_TRUE(file.exists()) << file.fileName().toStdString();
  ASSERT_TRUE(file.open(QIODevice::ReadWrite));
  const QDateTime old(QDate(2024, 3, 5), QTime(14, 30));
  ASSERT_TRUE(file.setFileTime(old, QFileDevice::FileModificationTime));
  file.close();
  history->refresh(id);
  EXPECT_EQ(history->whenAt(0), locale.toString(QDate(2024, 3, 5), QLocale::ShortFormat));
  EXPECT_TRUE(history->list()->item(0)->toolTip().contains(locale.toString(old, QLocale::ShortFormat)))
      << history->list()->item(0)->toolTip().toStdString();
}

// Item 10 (history dates), seen in the 1366x768 pictures: a long title made its row wider than the
// list, so the time was out of sight and the list scrolled sideways. Each row is as wide as the
// list, the title elided, the time at its right edge.
TEST(FirstHour, ALongHistoryTitleLeavesItsTimeInView) {
  test::ScriptedWindow w;
  w.window->resize(1366, 768);
  w.window->resetLayout();
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  ASSERT_TRUE(w.reply(QStringLiteral("How do I compare two values in a C++ template without writing the operator twice?")));
  test::processPendingEvents();
  QListWidget* list = w.window->historyPanel()->list();
  ASSERT_EQ(list->count(), 1);
  const QRect row = list->visualItemRect(list->item(0));
  EXPECT_LE(row.right(), list->viewport()->width()) << row.width() << " px row in a " << list->viewport()->width() << " px list";
  EXPECT_FALSE(list->horizontalScrollBar()->isVisible());
  EXPECT_FALSE(w.window->historyPanel()->whenAt(0).isEmpty());
}

// Item 10: the conversations were kept in <data>/Tessera/Tessera/conversations (Qt's AppDataLocation
// adds the organisation and the application, both "Tessera"). They are in <data>/Tessera/conversations,
// and those an earlier version kept in the old folder move there.
TEST(FirstHour, ConversationsAreKeptInOneTesseraFolder) {
  QTemporaryDir home;
  ASSERT_TRUE(home.isValid());
  const QByteArray old_home = qgetenv("HOME");
  qputenv("HOME", home.path().toLocal8Bit());  // the suites run in QStandardPaths' test mode: $HOME/.qttest
  const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
  const QString old = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("conversations"));
  EXPECT_TRUE(data.startsWith(home.path())) << data.toStdString();
  ASSERT_TRUE(QDir().mkpath(old));
  QFile earlier(QDir(old).filePath(QStringLiteral("earlier.json")));
  ASSERT_TRUE(earlier.open(QIODevice::WriteOnly));
  earlier.write("{}");
  earlier.close();
  const QString folder = ConversationStore::defaultFolder();
  qputenv("HOME", old_home);
  EXPECT_EQ(folder, QDir(data).filePath(QStringLiteral("Tessera/conversations")));
  EXPECT_FALSE(folder.contains(QStringLiteral("Tessera/Tessera"))) << folder.toStdString();
  EXPECT_TRUE(QFile::exists(QDir(folder).filePath(QStringLiteral("earlier.json")))) << "moved along";
  EXPECT_FALSE(QFile::exists(QDir(old).filePath(QStringLiteral("earlier.json"))));
}

// Item 8: a model opened from File > Recent Models is loaded, not only previewed.
TEST(FirstHour, ARecentModelIsLoadedFromTheMenu) {
  test::ScriptedWindow w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  w.window->engine()->unload();
  ASSERT_TRUE(waitUntil([&] { return !w.window->engine()->hasModel(); }));
  const int loads = w.script->loads.load();
  QMenu* recent = w.window->recentMenu();
  ASSERT_FALSE(recent->actions().isEmpty());
  recent->actions().first()->trigger();
  ASSERT_TRUE(waitUntil([&] {
    return w.script->loads.load() > loads && w.window->engine()->state() == EngineClient::State::Ready;
  }));
  EXPECT_TRUE(QString::fromStdString(w.window->engine()->model().path).endsWith(QStringLiteral("stories260K-f32.gguf")));
}

// Item 10: a Qt warning was printed at every start (a status bar widget put at an index that does
// not exist). Making and showing the window says nothing on Qt's log.
TEST(FirstHour, TheWindowStartsWithoutAWarning) {
  test::FreshSettings settings;
  static QStringList warnings;
  warnings.clear();
  const QtMessageHandler previous = qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& msg) {
    // The offscreen platform's own notes are not the app's.
    if (type >= QtWarningMsg && !msg.contains(QLatin1String("propagateSizeHints"))) warnings << msg;
  });
  {
    MainWindow window(std::make_unique<test::ScriptedSession>(std::make_shared<test::SessionScript>()));
    window.show();
    test::processPendingEvents();
  }
  qInstallMessageHandler(previous);
  EXPECT_TRUE(warnings.isEmpty()) << warnings.join(QLatin1Char('\n')).toStdString();
}

}  // namespace
}  // namespace tessera::gui
