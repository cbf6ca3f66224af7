// Switching the interface language at run time: the main window (menus, buttons, dock and panel
// titles, status, an error already shown, a message's buttons) reads German or Japanese at once
// and English again afterwards, in the same window; the choice persists; and in German (whose
// words run about a third longer), French, Spanish, Japanese and Chinese the window's buttons and
// texts are shown whole at the default size, on a laptop's screen and at the smallest size it
// allows, in every tab and in the dialogs (clipped_text.h says what counts as cut off).
#include <QAbstractButton>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QAction>
#include <QApplication>
#include <QDialog>
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
#include "clipped_text.h"
#include "dock_title_bar.h"
#include "error_banner.h"
#include "gpu_list_model.h"
#include "gpu_panel.h"
#include "gpu_workspace.h"
#include "gui_test_support.h"
#include "language_switcher.h"
#include "local_server_dialog.h"
#include "main_window.h"
#include "message_widget.h"
#include "model_panel.h"
#include "model_preview.h"
#include "model_source_panel.h"
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

// Issue 35 item 2: the local server dialog, made when first shown, kept the language it was made in.
TEST(LanguageSwitch, ADialogMadeBeforeTheSwitchIsReworded) {
  Window w;
  QAction* server = w.window->findChild<QAction*>(QStringLiteral("localServerAction"));
  server->trigger();
  settle();
  auto* dialog = w.window->findChild<LocalServerDialog*>(QStringLiteral("localServerDialog"));
  ASSERT_NE(dialog, nullptr);
  EXPECT_EQ(dialog->enabledBox()->text(), QStringLiteral("Serve the loaded model"));
  dialog->reject();
  w.window->setLanguage(QStringLiteral("de"));
  settle();
  server->trigger();
  settle();
  EXPECT_EQ(dialog->enabledBox()->text(), QStringLiteral("Geladenes Modell bereitstellen"));
  EXPECT_EQ(dialog->windowTitle(), QStringLiteral("Lokaler Server"));
  EXPECT_EQ(dialog->statusLabel()->text(), QStringLiteral("Der lokale Server ist aus."));
  dialog->reject();
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

// What is clipped in the window's state now, each line headed by `state`.
QStringList clippedIn(QWidget* root, const QString& state, int* checked) {
  QStringList found = test::clippedTexts(root, checked);
  for (QString& line : found) line.prepend(state + QStringLiteral(": "));
  return found;
}

// Checks the window at `size` ((1, 1): the smallest size the window allows) in each tab of the main
// area (the chat's with the docks beside it, the wide tabs with the model panel), with the plots
// unfolded and with a server as the model's source; returns what is clipped.
QStringList clippedAt(Window& w, const QSize& size) {
  w.window->resize(size);
  settle();
  if (size == QSize(1, 1)) {
    EXPECT_LT(w.window->width(), 1280);
    EXPECT_LT(w.window->height(), 820);
  }
  // A window wider than a laptop's screen is cut off by the screen.
  EXPECT_LE(w.window->minimumSizeHint().width(), 1366 * 9 / 10) << "the window's minimum width";
  const QList<QWidget*> key_buttons{
      w.window->modelPanel()->openButton(), w.window->modelPanel()->loadButton(),
      w.window->modelPanel()->unloadButton(), w.window->chatPanel()->sendButton(),
      w.window->chatPanel()->stopButton(),   w.window->chatPanel()->regenerateButton(),
      w.window->chatPanel()->newButton(),    w.window->samplingPanel()->resetButton()};
  w.window->findChild<QDockWidget*>(QStringLiteral("modelDock"))->raise();
  settle();
  for (QWidget* b : key_buttons) EXPECT_TRUE(b->isVisible()) << b->objectName().toStdString();
  int checked = 0;
  QStringList found;
  QTabWidget* tabs = w.window->centralTabs();
  for (int i = 0; i < tabs->count(); ++i) {
    tabs->setCurrentIndex(i);
    settle();
    if (tabs->currentWidget() == w.window->gpuWorkspace()->workspaceView()) {
      SplitEditor* editor = w.window->gpuWorkspace()->workspaceView()->splitEditor();
      EXPECT_TRUE(editor->presetButton(SplitPreviewModel::Preset::ByFreeMemory)->isVisible());
      EXPECT_TRUE(editor->applyButton()->isVisible());
    }
    found << clippedIn(w.window.get(), tabs->tabText(i), &checked);
    EXPECT_LE(w.window->minimumSizeHint().width(), 1366 * 9 / 10) << tabs->tabText(i).toStdString();
  }
  tabs->setCurrentWidget(w.window->chatPanel());
  DockTitleBar* plots = w.window->gpuWorkspace()->performanceTitleBar();
  const bool folded = plots->isCollapsed();
  plots->setCollapsed(false);
  settle();
  found << clippedIn(w.window.get(), QStringLiteral("plots unfolded"), &checked);
  plots->setCollapsed(folded);
  auto* source = w.window->findChild<ModelSourcePanel*>();
  source->setSource(ModelSourcePanel::Source::Server);
  settle();
  found << clippedIn(w.window.get(), QStringLiteral("server source"), &checked);
  source->setSource(ModelSourcePanel::Source::File);
  settle();
  EXPECT_GE(checked, 300) << "buttons, labels, boxes and tabs of every tab and dock";
  return found;
}

// The dialogs a person opens from the menus, at the size they open at.
QStringList clippedInDialogs(Window& w) {
  QStringList found;
  w.window->findChild<QAction*>(QStringLiteral("localServerAction"))->trigger();
  settle();
  auto* server = w.window->findChild<QDialog*>(QStringLiteral("localServerDialog"));
  EXPECT_NE(server, nullptr);
  if (server != nullptr) {
    int checked = 0;
    found << clippedIn(server, QStringLiteral("local server dialog"), &checked);
    EXPECT_GE(checked, 10);
    server->reject();
  }
  return found;
}

// Issue 35 item 2: texts were cut off in every translation (German "Schicht (ganze Schichten pro
// GP", the presets of the GPUs tab, "t (4,096 of 32,768 trained)" in the context box, French docks
// wider than their room); the check looks at every visible text in every tab (clipped_text.h).
TEST(LanguageSwitch, TranslatedTextsFitAtTheDefaultAndTheSmallestSize) {
  // Four GPUs with long names, so the split editor shows every row, its presets and Apply.
  Window w(QStringLiteral("NVIDIA H200:141,NVIDIA A100-SXM4-80GB:80,NVIDIA L40S:48:40,NVIDIA GeForce RTX 4090:24"));
  ASSERT_TRUE(waitUntil([&] { return w.window->gpuWorkspace()->workspaceView()->splitEditor()->rowCount() == 4; }));
  // The model panel full: a model open, its metadata shown, trained on more than the default context.
  QSignalSpy preview(w.window.get(), &MainWindow::previewFinished);
  w.window->openModel(test::fixturePath(kStories), false);
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 1; }));
  ModelPreview long_context = *w.window->modelPanel()->preview();
  long_context.info.n_ctx_train = 32768;
  w.window->modelPanel()->showPreview(long_context);
  // German first: the window made in English, then switched (sizes chosen for the English words
  // must follow the German ones).
  w.window->setLanguage(QStringLiteral("de"));
  settle();
  // The default size (no saved geometry), then a laptop's whole screen, then the smallest.
  EXPECT_EQ(w.window->size(), MainWindow::defaultSize(w.window->screen()->availableGeometry().size()));
  for (const QSize size : {w.window->size(), QSize(1366, 768), QSize(1, 1)}) {
    SCOPED_TRACE(QStringLiteral("de, asked for %1x%2").arg(size.width()).arg(size.height()).toStdString());
    const QStringList found = clippedAt(w, size);
    EXPECT_TRUE(found.isEmpty()) << found.join(QLatin1Char('\n')).toStdString();
  }
  EXPECT_TRUE(clippedInDialogs(w).isEmpty()) << clippedInDialogs(w).join(QLatin1Char('\n')).toStdString();
  // French and Spanish run long too; Japanese and Chinese are short but wide per character; and
  // English again.
  for (const QString& code : {QStringLiteral("fr"), QStringLiteral("es"), QStringLiteral("ja"), QStringLiteral("zh_CN"),
                              QStringLiteral("en")}) {
    w.window->setLanguage(code);
    settle();
    for (const QSize size : {QSize(1366, 768), QSize(1, 1)}) {
      SCOPED_TRACE(QStringLiteral("%1, asked for %2x%3").arg(code).arg(size.width()).arg(size.height()).toStdString());
      const QStringList found = clippedAt(w, size);
      EXPECT_TRUE(found.isEmpty()) << found.join(QLatin1Char('\n')).toStdString();
    }
    const QStringList dialogs = clippedInDialogs(w);
    EXPECT_TRUE(dialogs.isEmpty()) << code.toStdString() << "\n" << dialogs.join(QLatin1Char('\n')).toStdString();
  }
}

}  // namespace
}  // namespace tessera::gui
