// Switching the interface language at run time: the main window (menus, buttons, dock and panel
// titles, status, an error already shown, a message's buttons) reads German or Japanese at once
// and English again afterwards, in the same window; the choice persists; and in German (whose
// words run about a third longer), French, Spanish, Japanese and Chinese the window's buttons and
// labels still get the room they ask for at the default size and at the smallest size it allows.
#include <QAbstractButton>
#include <QDoubleSpinBox>
#include <QApplication>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QTabWidget>
#include <QStatusBar>
#include <QTableView>

#include <gtest/gtest.h>

#include "app_settings.h"
#include "chat_input.h"
#include "chat_panel.h"
#include "chat_view.h"
#include "error_banner.h"
#include "gpu_list_model.h"
#include "gpu_panel.h"
#include "gpu_workspace.h"
#include "gui_test_support.h"
#include "language_switcher.h"
#include "main_window.h"
#include "message_widget.h"
#include "model_panel.h"
#include "sampling_panel.h"
#include "scripted_session.h"
#include "split_editor.h"
#include "split_workspace_view.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

const QString kStories = QStringLiteral("models/stories260K-f32.gguf");

// Qt delivers LanguageChange through posted events: let them arrive.
void settle() {
  for (int i = 0; i < 3; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
}

struct Window {
  test::FreshSettings settings;
  std::shared_ptr<test::SessionScript> script = std::make_shared<test::SessionScript>();
  std::unique_ptr<MainWindow> window;

  // `fake_gpus`: fakeGpusFromSpec()'s description of the GPUs the window sees ("": the CUDA module's).
  explicit Window(const QString& fake_gpus = {}) {
    window = std::make_unique<MainWindow>(std::make_unique<test::ScriptedSession>(script),
                                          makeDefaultDeviceSource(fake_gpus));
    window->show();
    settle();
  }
  QStringList menuTitles() const {
    QStringList titles;
    for (QAction* a : window->menuBar()->actions()) titles << a->text();
    return titles;
  }
  QString dockTitle(const char* name) const {
    auto* dock = window->findChild<QDockWidget*>(QLatin1String(name));
    return dock != nullptr ? dock->windowTitle() : QString();
  }
  QAction* languageAction(const QString& code) const {
    for (QAction* a : window->languageMenu()->actions())
      if (!a->isSeparator() && a->data().toString() == code) return a;
    return nullptr;
  }
};

// What the test reads off the window, all of it visible text.
struct Texts {
  QStringList menus;
  QString load, open, send, new_chat, reset, model_dock, gpu_dock, performance_dock, status, placeholder,
      gpu_header, language_menu;
};

Texts read(const Window& w) {
  Texts t;
  t.menus = w.menuTitles();
  t.load = w.window->modelPanel()->loadButton()->text();
  t.open = w.window->modelPanel()->openButton()->text();
  t.send = w.window->chatPanel()->sendButton()->text();
  t.new_chat = w.window->chatPanel()->newButton()->text();
  t.reset = w.window->samplingPanel()->resetButton()->text();
  t.model_dock = w.dockTitle("modelDock");
  QTabWidget* tabs = w.window->centralTabs();
  t.gpu_dock = tabs->tabText(tabs->indexOf(w.window->gpuWorkspace()->workspaceView()));
  t.performance_dock = w.dockTitle("performanceDock");
  t.status = w.window->statusText();
  t.placeholder = w.window->chatPanel()->input()->placeholderText();
  t.gpu_header = w.window->gpuWorkspace()->gpuModel()->headerData(GpuListModel::MemoryColumn, Qt::Horizontal).toString();
  t.language_menu = w.window->languageMenu()->title();
  return t;
}

void expectEnglish(const Window& w) {
  const Texts t = read(w);
  EXPECT_EQ(t.menus, (QStringList{"&File", "&Chat", "&View", "&Settings", "&Help"}));
  EXPECT_EQ(t.load, QStringLiteral("Load"));
  EXPECT_EQ(t.open, QStringLiteral("Open Model…"));
  EXPECT_EQ(t.send, QStringLiteral("Send"));
  EXPECT_EQ(t.new_chat, QStringLiteral("New Conversation"));
  EXPECT_EQ(t.reset, QStringLiteral("Reset to Defaults"));
  EXPECT_EQ(t.model_dock, QStringLiteral("Model"));
  EXPECT_EQ(t.gpu_dock, QStringLiteral("GPUs"));
  EXPECT_EQ(t.performance_dock, QStringLiteral("Performance"));
  EXPECT_EQ(t.status, QStringLiteral("No model loaded"));
  EXPECT_EQ(t.gpu_header, QStringLiteral("Memory"));
  EXPECT_EQ(t.language_menu, QStringLiteral("&Language"));
}

TEST(LanguageSwitch, GermanAndBackToEnglishInTheSameWindow) {
  Window w;
  expectEnglish(w);
  QPushButton* load = w.window->modelPanel()->loadButton();
  QSignalSpy changed(w.window->languageSwitcher(), &LanguageSwitcher::languageChanged);

  // Through the menu, as a user would.
  QAction* german = w.languageAction(QStringLiteral("de"));
  ASSERT_NE(german, nullptr);
  EXPECT_EQ(german->text(), QStringLiteral("Deutsch"));
  german->trigger();
  settle();
  ASSERT_EQ(changed.count(), 1);
  EXPECT_EQ(w.window->languageSwitcher()->active(), QStringLiteral("de"));
  EXPECT_TRUE(german->isChecked());
  Texts t = read(w);
  EXPECT_EQ(t.menus, (QStringList{"&Datei", "&Chat", "&Ansicht", "&Einstellungen", "&Hilfe"}));
  EXPECT_EQ(t.load, QStringLiteral("Laden"));
  EXPECT_EQ(t.open, QStringLiteral("Modell öffnen…"));
  EXPECT_EQ(t.send, QStringLiteral("Senden"));
  EXPECT_EQ(t.new_chat, QStringLiteral("Neue Unterhaltung"));
  EXPECT_EQ(t.reset, QStringLiteral("Standardwerte wiederherstellen"));
  EXPECT_EQ(t.model_dock, QStringLiteral("Modell"));
  EXPECT_EQ(t.gpu_dock, QStringLiteral("GPUs"));
  EXPECT_EQ(t.performance_dock, QStringLiteral("Leistung"));
  EXPECT_EQ(t.status, QStringLiteral("Kein Modell geladen"));
  EXPECT_EQ(t.gpu_header, QStringLiteral("Speicher"));
  EXPECT_EQ(t.language_menu, QStringLiteral("&Sprache"));
  EXPECT_TRUE(t.placeholder.startsWith(QStringLiteral("Nachricht schreiben"))) << t.placeholder.toStdString();
  auto* sampling = w.window->findChild<QDockWidget*>(QStringLiteral("generationDock"));
  ASSERT_NE(sampling, nullptr);
  EXPECT_EQ(sampling->windowTitle(), QStringLiteral("Generierung"));
  // The View menu's dock entries follow the dock titles.
  QStringList view_entries;
  for (QAction* a : w.window->findChild<QMenu*>(QStringLiteral("viewMenu"))->actions()) view_entries << a->text();
  EXPECT_TRUE(view_entries.contains(QStringLiteral("Leistung"))) << view_entries.join(", ").toStdString();
  // Numbers follow the language too, in the spin boxes as well.
  EXPECT_EQ(QLocale().decimalPoint(), QStringLiteral(","));
  EXPECT_TRUE(w.window->samplingPanel()->temperatureBox()->text().contains(QLatin1Char(',')))
      << w.window->samplingPanel()->temperatureBox()->text().toStdString();

  // The same widgets, re-worded: nothing was rebuilt.
  EXPECT_EQ(w.window->modelPanel()->loadButton(), load);

  // And back, through the English entry.
  w.languageAction(QStringLiteral("en"))->trigger();
  settle();
  EXPECT_EQ(w.window->languageSwitcher()->active(), QStringLiteral("en"));
  expectEnglish(w);
  EXPECT_EQ(QLocale().decimalPoint(), QStringLiteral("."));
  EXPECT_TRUE(w.window->samplingPanel()->temperatureBox()->text().contains(QLatin1Char('.')));
  EXPECT_EQ(AppSettings().language(), QStringLiteral("en"));
}

TEST(LanguageSwitch, JapaneseAndBack) {
  Window w;
  w.window->setLanguage(QStringLiteral("ja"));
  settle();
  const Texts t = read(w);
  EXPECT_EQ(t.menus, (QStringList{"ファイル(&F)", "チャット(&C)", "表示(&V)", "設定(&S)", "ヘルプ(&H)"}));
  EXPECT_EQ(t.load, QStringLiteral("読み込む"));
  EXPECT_EQ(t.send, QStringLiteral("送信"));
  EXPECT_EQ(t.model_dock, QStringLiteral("モデル"));
  EXPECT_EQ(t.performance_dock, QStringLiteral("パフォーマンス"));
  EXPECT_EQ(t.status, QStringLiteral("モデルが読み込まれていません"));
  EXPECT_EQ(t.gpu_header, QStringLiteral("メモリ"));
  EXPECT_EQ(t.language_menu, QStringLiteral("言語(&L)"));
  // The language entries keep their own names whatever the interface language.
  EXPECT_EQ(w.languageAction(QStringLiteral("de"))->text(), QStringLiteral("Deutsch"));
  EXPECT_EQ(w.languageAction(QStringLiteral("zh_CN"))->text(), QStringLiteral("简体中文"));
  EXPECT_EQ(w.languageAction(QString())->text(), QStringLiteral("システムの既定"));

  // "System default" follows the system (English here: the suites run without a German locale).
  w.languageAction(QString())->trigger();
  settle();
  EXPECT_EQ(w.window->languageSwitcher()->active(), LanguageSwitcher::matchLocale(QLocale::system()));
  if (w.window->languageSwitcher()->active() == QLatin1String("en")) expectEnglish(w);
  EXPECT_EQ(AppSettings().language(), QString());
}

TEST(LanguageSwitch, TextsShownBeforeTheSwitchAreReworded) {
  Window w;
  // A reply with its Copy button, and an error in the banner, both shown in English first.
  w.window->openModel(test::fixturePath(kStories), true);
  ASSERT_TRUE(waitUntil([&] { return w.window->engine()->state() == EngineClient::State::Ready; }));
  ASSERT_TRUE(w.window->chat()->send(QStringLiteral("Hello")));
  ASSERT_TRUE(waitUntil([&] { return !w.window->chat()->isStreaming(); }));
  MessageWidget* reply = w.window->chatPanel()->view()->messageWidget(1);
  ASSERT_NE(reply, nullptr);
  auto* copy = reply->findChild<QAbstractButton*>();
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy->text(), QStringLiteral("Copy"));
  EXPECT_TRUE(reply->timingsText().startsWith(QStringLiteral("Prompt:"))) << reply->timingsText().toStdString();
  QSignalSpy preview(w.window.get(), &MainWindow::previewFinished);
  w.window->openModel(QStringLiteral("/nonexistent/model.gguf"), false);
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 1; }));
  ASSERT_TRUE(w.window->banner()->isVisible());
  EXPECT_EQ(w.window->banner()->title(), QStringLiteral("Cannot open model.gguf"));

  w.window->setLanguage(QStringLiteral("de"));
  settle();
  EXPECT_EQ(copy->text(), QStringLiteral("Kopieren"));
  EXPECT_TRUE(reply->timingsText().startsWith(QStringLiteral("Prompt:"))) << reply->timingsText().toStdString();
  EXPECT_EQ(w.window->banner()->title(), QStringLiteral("model.gguf kann nicht geöffnet werden"));
  EXPECT_TRUE(w.window->banner()->detail().contains(QStringLiteral("/nonexistent/model.gguf")));  // the engine's own words
  EXPECT_TRUE(w.window->statusText().startsWith(QStringLiteral("Bereit:"))) << w.window->statusText().toStdString();
  EXPECT_TRUE(w.window->windowTitle().endsWith(QStringLiteral("Tessera")));

  w.window->setLanguage(QStringLiteral("en"));
  settle();
  EXPECT_EQ(copy->text(), QStringLiteral("Copy"));
  EXPECT_EQ(w.window->banner()->title(), QStringLiteral("Cannot open model.gguf"));
  EXPECT_TRUE(w.window->statusText().startsWith(QStringLiteral("Ready:"))) << w.window->statusText().toStdString();
}

TEST(LanguageSwitch, TheChoiceIsKeptForTheNextStart) {
  test::FreshSettings settings;
  {
    auto script = std::make_shared<test::SessionScript>();
    MainWindow first(std::make_unique<test::ScriptedSession>(script));
    first.setLanguage(QStringLiteral("fr"));
  }
  EXPECT_EQ(AppSettings().language(), QStringLiteral("fr"));
  auto script = std::make_shared<test::SessionScript>();
  MainWindow second(std::make_unique<test::ScriptedSession>(script));
  // Made in French from the start, before any event was processed.
  EXPECT_EQ(second.modelPanel()->loadButton()->text(), QStringLiteral("Charger"));
  EXPECT_EQ(second.languageSwitcher()->active(), QStringLiteral("fr"));
  QAction* checked = nullptr;
  for (QAction* a : second.languageMenu()->actions())
    if (a->isChecked()) checked = a;
  ASSERT_NE(checked, nullptr);
  EXPECT_EQ(checked->text(), QStringLiteral("Français"));
}

TEST(LanguageSwitch, AnUnknownSavedLanguageFollowsTheSystem) {
  test::FreshSettings settings;
  AppSettings().setLanguage(QStringLiteral("pt_BR"));  // not shipped (any more)
  auto script = std::make_shared<test::SessionScript>();
  MainWindow window(std::make_unique<test::ScriptedSession>(script));
  EXPECT_EQ(window.languageSwitcher()->choice(), QString());
  EXPECT_EQ(window.languageSwitcher()->active(), LanguageSwitcher::matchLocale(QLocale::system()));
  QAction* checked = nullptr;
  for (QAction* a : window.languageMenu()->actions())
    if (a->isChecked()) checked = a;
  ASSERT_NE(checked, nullptr);
  EXPECT_EQ(checked->data().toString(), QString());  // "System default"
}

// Buttons and one-line labels narrower or lower than they ask for cut their text off. `checked`
// counts the visible ones looked at.
QStringList clipped(QWidget* root, int* checked) {
  QStringList out;
  const auto describe = [](QWidget* w, const QString& text) {
    return QStringLiteral("%1 \"%2\": %3x%4, wants %5x%6")
        .arg(QString::fromLatin1(w->metaObject()->className()), text)
        .arg(w->width())
        .arg(w->height())
        .arg(w->sizeHint().width())
        .arg(w->sizeHint().height());
  };
  for (QAbstractButton* b : root->findChildren<QAbstractButton*>()) {
    if (!b->isVisible() || b->text().isEmpty()) continue;
    ++*checked;
    if (b->width() < b->sizeHint().width() || b->height() < b->sizeHint().height()) out << describe(b, b->text());
  }
  for (QLabel* l : root->findChildren<QLabel*>()) {
    if (!l->isVisible() || l->text().isEmpty() || l->wordWrap() || l->textFormat() == Qt::RichText) continue;
    ++*checked;
    if (l->width() < l->sizeHint().width()) out << describe(l, l->text());
  }
  return out;
}

// Checks the window at `size` ((1, 1): the smallest size the window allows), both tabs of the left
// dock; returns what is clipped.
QStringList clippedAt(Window& w, const QSize& size) {
  w.window->resize(size);
  settle();
  if (size == QSize(1, 1)) {
    EXPECT_LT(w.window->width(), 1280);
    EXPECT_LT(w.window->height(), 820);
  }
  const QList<QWidget*> key_buttons{
      w.window->modelPanel()->openButton(), w.window->modelPanel()->loadButton(),
      w.window->modelPanel()->unloadButton(), w.window->chatPanel()->sendButton(),
      w.window->chatPanel()->stopButton(),   w.window->chatPanel()->regenerateButton(),
      w.window->chatPanel()->newButton(),    w.window->samplingPanel()->resetButton()};
  // The left docks are tabs: the model panel first, then the GPU panel and split editor.
  w.window->findChild<QDockWidget*>(QStringLiteral("modelDock"))->raise();
  settle();
  for (QWidget* b : key_buttons) EXPECT_TRUE(b->isVisible()) << b->objectName().toStdString();
  int checked = 0;
  QStringList found = clipped(w.window.get(), &checked);
  EXPECT_GE(checked, 25) << "buttons and labels of the model panel, the chat and the sampling panel";
  // The GPUs tab: its split editor, with the model panel beside it.
  w.window->centralTabs()->setCurrentWidget(w.window->gpuWorkspace()->workspaceView());
  settle();
  SplitEditor* editor = w.window->gpuWorkspace()->workspaceView()->splitEditor();
  EXPECT_TRUE(editor->presetButton(SplitPreviewModel::Preset::ByFreeMemory)->isVisible());
  EXPECT_TRUE(editor->applyButton()->isVisible());
  const int before = checked;
  found << clipped(w.window.get(), &checked);
  EXPECT_GE(checked - before, 15) << "the split editor: presets, Apply, labels";
  w.window->centralTabs()->setCurrentWidget(w.window->chatPanel());
  settle();
  return found;
}

TEST(LanguageSwitch, TranslatedTextsFitAtTheDefaultAndTheSmallestSize) {
  // Two GPUs, so the split editor shows its presets and Apply.
  Window w(QStringLiteral("NVIDIA H200:141,NVIDIA L40S:48:40"));
  ASSERT_TRUE(waitUntil([&] { return w.window->gpuWorkspace()->splitEditor()->rowCount() == 2; }));
  // The model panel full: a model open, its metadata shown.
  QSignalSpy preview(w.window.get(), &MainWindow::previewFinished);
  w.window->openModel(test::fixturePath(kStories), false);
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 1; }));
  w.window->setLanguage(QStringLiteral("de"));
  settle();
  // The default size (no saved geometry), then a laptop's whole screen, then the smallest.
  EXPECT_EQ(w.window->size(), MainWindow::defaultSize(w.window->screen()->availableGeometry().size()));
  for (const QSize size : {w.window->size(), QSize(1366, 768), QSize(1, 1)}) {
    SCOPED_TRACE(QStringLiteral("de, asked for %1x%2").arg(size.width()).arg(size.height()).toStdString());
    const QStringList found = clippedAt(w, size);
    EXPECT_TRUE(found.isEmpty()) << found.join(QLatin1Char('\n')).toStdString();
  }
  // French and Spanish run long too; Japanese and Chinese are short but wide per character.
  for (const QString& code : {QStringLiteral("fr"), QStringLiteral("es"), QStringLiteral("ja"), QStringLiteral("zh_CN")}) {
    w.window->setLanguage(code);
    settle();
    for (const QSize size : {QSize(1366, 768), QSize(1, 1)}) {
      SCOPED_TRACE(QStringLiteral("%1, asked for %2x%3").arg(code).arg(size.width()).arg(size.height()).toStdString());
      const QStringList found = clippedAt(w, size);
      EXPECT_TRUE(found.isEmpty()) << found.join(QLatin1Char('\n')).toStdString();
    }
  }
}

}  // namespace
}  // namespace tessera::gui
