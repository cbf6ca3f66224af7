// The main window with a scripted engine: opening files (metadata before loading), errors in the
// banner, chat buttons, drag and drop, recent files, settings persistence, command line, startup.
#include <QApplication>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QProgressBar>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QUrl>

#include <gtest/gtest.h>

#include "app_settings.h"
#include "chat_input.h"
#include "chat_panel.h"
#include "chat_view.h"
#include "command_line.h"
#include "engine_session.h"
#include "error_banner.h"
#include "gguf/gguf_writer.h"
#include "gui_test_support.h"
#include "conversation_session.h"
#include "main_window.h"
#include "markdown_view.h"
#include "message_widget.h"
#include "model_panel.h"
#include "sampling_panel.h"
#include "scripted_session.h"
#include "scripted_window.h"
#include "startup.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

const QString kStories = QStringLiteral("models/stories260K-f32.gguf");

using Window = test::ScriptedWindow;

TEST(MainWindow, ShowsMetadataBeforeLoading) {
  Window w;
  QSignalSpy preview(w.window.get(), &MainWindow::previewFinished);
  w.window->openModel(test::fixturePath(kStories), false);
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 1; }));
  EXPECT_TRUE(preview.at(0).at(0).toBool());
  ModelPanel* panel = w.window->modelPanel();
  EXPECT_EQ(w.window->engine()->state(), EngineClient::State::Empty);  // not loaded yet
  EXPECT_EQ(panel->fieldText(QStringLiteral("architecture")), QStringLiteral("llama"));
  EXPECT_TRUE(panel->fieldText(QStringLiteral("context")).contains(QStringLiteral("512")));
  EXPECT_TRUE(panel->fieldText(QStringLiteral("types")).contains(QStringLiteral("F32")));
  EXPECT_TRUE(panel->fieldText(QStringLiteral("layers")).contains(QStringLiteral("5")));
  EXPECT_TRUE(panel->fieldText(QStringLiteral("vocabulary")).contains(QStringLiteral("512")));
  EXPECT_FALSE(panel->fieldText(QStringLiteral("size")).isEmpty());
  // 260,032 parameters plus the separately stored output matrix.
  EXPECT_TRUE(panel->fieldText(QStringLiteral("parameters")).contains(QStringLiteral("K"))) << panel->fieldText("parameters").toStdString();
  ASSERT_TRUE(panel->preview().has_value());
  EXPECT_EQ(panel->preview()->file_size, 1185664u);
  EXPECT_EQ(panel->preview()->info.n_ctx_train, 512);
  EXPECT_TRUE(panel->loadButton()->isEnabled());
  EXPECT_FALSE(panel->unloadButton()->isEnabled());
}

TEST(MainWindow, LoadButtonLoadsAndUnloadFrees) {
  Window w;
  QSignalSpy preview(w.window.get(), &MainWindow::previewFinished);
  w.window->openModel(test::fixturePath(kStories), false);
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 1; }));
  w.window->modelPanel()->setContextLength(256);
  QTest::mouseClick(w.window->modelPanel()->loadButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return w.window->engine()->state() == EngineClient::State::Ready; }));
  EXPECT_EQ(w.window->engine()->model().n_ctx, 256);
  EXPECT_TRUE(w.window->statusText().contains(QStringLiteral("stories260K"))) << w.window->statusText().toStdString();
  EXPECT_TRUE(w.window->windowTitle().contains(QStringLiteral("stories260K")));
  EXPECT_TRUE(w.window->modelPanel()->unloadButton()->isEnabled());
  EXPECT_FALSE(w.window->modelPanel()->loadButton()->isEnabled());
  QTest::mouseClick(w.window->modelPanel()->unloadButton(), Qt::LeftButton);
  EXPECT_EQ(w.window->engine()->state(), EngineClient::State::Empty);
  ASSERT_TRUE(waitUntil([&] { return !w.script->loaded.load(); }));
  EXPECT_TRUE(w.window->modelPanel()->loadButton()->isEnabled());
}

TEST(MainWindow, CorruptFileShowsAnErrorAndTheAppCarriesOn) {
  Window w;
  QTemporaryDir dir;
  const QString bad = dir.filePath(QStringLiteral("broken.gguf"));
  QFile file(bad);
  ASSERT_TRUE(file.open(QIODevice::WriteOnly));
  file.write("GGUF\x03\x00\x00\x00 this is not a model at all");
  file.close();
  QSignalSpy preview(w.window.get(), &MainWindow::previewFinished);
  w.window->openModel(bad, true);
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 1; }));
  EXPECT_FALSE(preview.at(0).at(0).toBool());
  ErrorBanner* banner = w.window->banner();
  EXPECT_TRUE(banner->isVisible());
  EXPECT_EQ(banner->severity(), ErrorBanner::Severity::Error);
  EXPECT_TRUE(banner->title().contains(QStringLiteral("broken.gguf"))) << banner->title().toStdString();
  EXPECT_TRUE(banner->detail().contains(QStringLiteral("broken.gguf"))) << banner->detail().toStdString();
  EXPECT_FALSE(banner->advice().isEmpty());
  EXPECT_EQ(w.script->loads.load(), 0);  // a file that cannot be read is not handed to the engine
  EXPECT_EQ(w.window->engine()->state(), EngineClient::State::Empty);
  // The app still works: a good file opens and loads afterwards and the banner goes away.
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  EXPECT_FALSE(banner->isVisible());
}

// A GGUF file with a vocabulary and no tensors (issue 35 item 1).
QString writeVocabularyOnlyFile(const QTemporaryDir& dir) {
  const QString path = dir.filePath(QStringLiteral("vocab-only.gguf"));
  gguf::GgufWriter writer;
  writer.set_string("general.architecture", "llama");
  writer.set_string("general.name", "vocab only");
  writer.set_string("tokenizer.ggml.model", "llama");
  writer.set_u32("llama.context_length", 4096);
  EXPECT_TRUE(writer.write_file(path.toStdString()).ok());
  return path;
}

// Issue 35 item 1: a vocabulary-only file says so before Load, and a load that fails leaves the
// working model loaded (here the real engine, which refuses the file before it lets go of its model).
TEST(MainWindow, AVocabularyOnlyFileSaysSoAndAFailedLoadKeepsTheWorkingModel) {
  test::FreshSettings fresh;
  MainWindow window(makeTesseraEngineSession());
  window.show();
  window.openModel(test::fixturePath(kStories), true);
  ASSERT_TRUE(waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready; }));
  const std::string working = window.engine()->model().name;
  QTemporaryDir dir;
  const QString vocab = writeVocabularyOnlyFile(dir);

  QSignalSpy preview(&window, &MainWindow::previewFinished);
  window.openModel(vocab, false);
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 1; }));
  ModelPanel* panel = window.modelPanel();
  ASSERT_TRUE(panel->preview().has_value());
  EXPECT_EQ(panel->preview()->problem, ModelProblem::NoWeights);
  EXPECT_FALSE(panel->loadButton()->isEnabled());
  QLabel* warning = panel->findChild<QLabel*>(QStringLiteral("typeWarning"));
  ASSERT_NE(warning, nullptr);
  EXPECT_TRUE(warning->isVisible());
  EXPECT_TRUE(warning->text().contains(QStringLiteral("Vocabulary only: no weights"))) << warning->text().toStdString();

  // Asked to load it all the same (the library, Recent Models): refused, the model stays.
  window.openModel(vocab, true);
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 2 && window.banner()->isVisible(); }));
  EXPECT_TRUE(window.banner()->advice().contains(QStringLiteral("still loaded"))) << window.banner()->advice().toStdString();
  EXPECT_EQ(window.engine()->state(), EngineClient::State::Ready);
  EXPECT_EQ(window.engine()->model().name, working);

  // The engine session refuses it too, before the loaded model is touched.
  QSignalSpy failed(window.engine(), &EngineClient::loadFailed);
  QSignalSpy unloaded(window.engine(), &EngineClient::modelUnloaded);
  window.engine()->load(vocab, LoadRequest{});
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }));
  EXPECT_TRUE(failed.at(0).at(0).value<EngineError>().message.contains(QStringLiteral("no weights")));
  EXPECT_EQ(unloaded.count(), 0);
  EXPECT_EQ(window.engine()->state(), EngineClient::State::Ready);
  EXPECT_EQ(window.engine()->model().name, working);
  EXPECT_EQ(window.windowTitle(), QString::fromStdString(working) + QStringLiteral(" — Tessera"));
  // ... and the chat goes on with it.
  window.chat()->setReplySettings(test::greedyReply(4));
  ASSERT_TRUE(window.chat()->send(QStringLiteral("Once upon a time")));
  ASSERT_TRUE(waitUntil([&] { return !window.chat()->isStreaming(); }, 30000));
  EXPECT_EQ(window.chatModel()->message(1).status, ChatEntry::Status::Complete);
}

TEST(MainWindow, MissingFileShowsAnError) {
  Window w;
  QSignalSpy preview(w.window.get(), &MainWindow::previewFinished);
  w.window->openModel(QStringLiteral("/nonexistent/model.gguf"), true);
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 1; }));
  EXPECT_TRUE(w.window->banner()->isVisible());
  EXPECT_TRUE(w.window->banner()->detail().contains(QStringLiteral("/nonexistent/model.gguf")));
}

TEST(MainWindow, EngineLoadErrorsAppearInTheBanner) {
  Window w;
  w.script->load_error = Error(ErrorKind::OutOfMemory, "GPU 0 (NVIDIA H200) needs 150.2 GiB, 139.7 GiB free");
  w.window->openModel(test::fixturePath(kStories), true);
  ASSERT_TRUE(waitUntil([&] { return w.window->banner()->isVisible(); }));
  EXPECT_EQ(w.window->banner()->severity(), ErrorBanner::Severity::Error);
  EXPECT_TRUE(w.window->banner()->detail().contains(QStringLiteral("139.7 GiB free")));
  EXPECT_TRUE(w.window->banner()->advice().contains(QStringLiteral("context")));
  EXPECT_EQ(w.window->engine()->state(), EngineClient::State::Empty);
}

TEST(MainWindow, CancelButtonCancelsALoad) {
  Window w;
  w.script->hold_load = true;
  w.window->openModel(test::fixturePath(kStories), true);
  ASSERT_TRUE(waitUntil([&] { return w.script->load_waiting.load(); }));
  ModelPanel* panel = w.window->modelPanel();
  EXPECT_TRUE(panel->cancelButton()->isVisible());
  EXPECT_TRUE(panel->progressBar()->isVisible());
  QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
  w.script->load_gate.release();
  ASSERT_TRUE(waitUntil([&] { return w.window->engine()->state() == EngineClient::State::Empty; }));
  EXPECT_TRUE(w.window->banner()->isVisible());
  EXPECT_EQ(w.window->banner()->severity(), ErrorBanner::Severity::Info);
  EXPECT_TRUE(w.window->banner()->title().contains(QStringLiteral("cancelled")));
  EXPECT_FALSE(panel->cancelButton()->isVisible());
  EXPECT_FALSE(w.script->loaded.load());
}

TEST(MainWindow, ChatThroughTheButtons) {
  Window w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  ChatPanel* chat = w.window->chatPanel();
  w.script->pieces = {"Here", " is", " `code`", "\n\n```\nint x;\n```\n"};
  EXPECT_FALSE(chat->sendButton()->isEnabled());  // nothing typed yet
  QTest::keyClicks(chat->input(), QStringLiteral("Show me code"));
  EXPECT_TRUE(chat->sendButton()->isEnabled());
  QTest::keyClick(chat->input(), Qt::Key_Return);
  EXPECT_TRUE(chat->input()->toPlainText().isEmpty());
  EXPECT_TRUE(chat->stopButton()->isEnabled());
  ASSERT_TRUE(waitUntil([&] { return !w.window->chat()->isStreaming(); }));
  ASSERT_EQ(w.window->chatModel()->rowCount(), 2);
  ChatView* view = chat->view();
  ASSERT_EQ(view->messageCount(), 2);
  MessageWidget* reply = view->messageWidget(1);
  EXPECT_TRUE(reply->text().startsWith(QStringLiteral("Here is `code`")));
  EXPECT_TRUE(reply->timingsText().contains(QStringLiteral("tok/s"))) << reply->timingsText().toStdString();
  EXPECT_TRUE(reply->timingsText().contains(QStringLiteral("First token")));
  EXPECT_FALSE(chat->stopButton()->isEnabled());
  EXPECT_TRUE(chat->regenerateButton()->isEnabled());
  // Regenerate, then New Conversation.
  w.script->pieces = {"Again"};
  QTest::mouseClick(chat->regenerateButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return !w.window->chat()->isStreaming(); }));
  EXPECT_EQ(w.window->chatModel()->message(1).text(), QStringLiteral("Again"));
  QTest::mouseClick(chat->newButton(), Qt::LeftButton);
  EXPECT_EQ(w.window->chatModel()->rowCount(), 0);
  EXPECT_EQ(view->messageCount(), 0);
}

TEST(MainWindow, StopButtonStopsAReply) {
  Window w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  w.script->pieces = {"word "};
  w.script->repeat = 100000;
  w.script->token_ms = 1;
  ChatPanel* chat = w.window->chatPanel();
  QTest::keyClicks(chat->input(), QStringLiteral("Talk forever"));
  QTest::mouseClick(chat->sendButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return w.window->chatModel()->message(1).text().size() > 20; }));
  EXPECT_TRUE(w.window->statusText().contains(QStringLiteral("Generating"))) << w.window->statusText().toStdString();
  QTest::mouseClick(chat->stopButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return !w.window->chat()->isStreaming(); }));
  EXPECT_EQ(w.window->chatModel()->message(1).status, ChatEntry::Status::Stopped);
  EXPECT_EQ(chat->view()->messageWidget(1)->statusText(), QObject::tr("stopped"));
}

TEST(MainWindow, MarkdownCodeBlocksUseAMonospaceFont) {
  Window w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  w.script->pieces = {"Text\n\n```cpp\nint main() {}\n```\n"};
  w.window->chat()->send(QStringLiteral("code"));
  ASSERT_TRUE(waitUntil([&] { return !w.window->chat()->isStreaming(); }));
  MessageWidget* reply = w.window->chatPanel()->view()->messageWidget(1);
  QTextDocument* doc = reply->view()->document();
  bool found_code = false;
  for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
    if (!b.text().contains(QStringLiteral("int main"))) continue;
    found_code = true;
    const QTextCharFormat f = b.begin().fragment().charFormat();
    EXPECT_TRUE(f.fontFixedPitch());
  }
  EXPECT_TRUE(found_code);
}

TEST(MainWindow, DroppingAGgufFileOpensIt) {
  Window w;
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(test::fixturePath(kStories))});
  QSignalSpy preview(w.window.get(), &MainWindow::previewFinished);
  const QPoint pos = w.window->rect().center();
  QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(w.window.get(), &enter);
  EXPECT_TRUE(enter.isAccepted());
  EXPECT_TRUE(w.window->dropHighlighted());  // the window shows it will take the file
  QDropEvent drop(QPointF(pos), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(w.window.get(), &drop);
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 1; }));
  EXPECT_TRUE(preview.at(0).at(0).toBool());
  EXPECT_EQ(w.window->modelPanel()->fieldText(QStringLiteral("architecture")), QStringLiteral("llama"));
  EXPECT_FALSE(w.window->dropHighlighted());
}

// Dragging a file over the window showed nothing (issue 21): a .gguf file lights the window up
// until it leaves; a drag the window does not take (text, no file) does not.
TEST(MainWindow, DraggingAGgufFileHighlightsTheWindowUntilItLeaves) {
  Window w;
  const QPoint pos = w.window->rect().center();
  QMimeData text;
  text.setText(QStringLiteral("some text"));
  QDragEnterEvent other(pos, Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(w.window.get(), &other);
  EXPECT_FALSE(w.window->dropHighlighted());
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(test::fixturePath(kStories))});
  QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(w.window.get(), &enter);
  EXPECT_TRUE(w.window->dropHighlighted());
  QDragLeaveEvent leave;
  QApplication::sendEvent(w.window.get(), &leave);
  EXPECT_FALSE(w.window->dropHighlighted());
}

TEST(MainWindow, RecentFilesAndLastModelPersist) {
  Window w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  AppSettings settings;
  ASSERT_FALSE(settings.recentFiles().isEmpty());
  EXPECT_TRUE(settings.recentFiles().first().endsWith(QStringLiteral("stories260K-f32.gguf")));
  EXPECT_TRUE(settings.lastModel().endsWith(QStringLiteral("stories260K-f32.gguf")));
  QMenu* recent = w.window->recentMenu();
  ASSERT_FALSE(recent->actions().isEmpty());
  EXPECT_TRUE(recent->actions().first()->text().contains(QStringLiteral("stories260K-f32.gguf")));
}

TEST(MainWindow, SamplingAndWindowStateSurviveARestart) {
  test::FreshSettings fresh;
  auto script = std::make_shared<test::SessionScript>();
  {
    MainWindow window(std::make_unique<test::ScriptedSession>(script));
    window.show();
    window.samplingPanel()->temperatureBox()->setValue(0.35);
    window.samplingPanel()->maxTokensBox()->setValue(321);
    window.modelPanel()->setContextLength(1024);
    window.resize(1111, 777);
    window.close();
  }
  MainWindow again(std::make_unique<test::ScriptedSession>(script));
  EXPECT_FLOAT_EQ(again.samplingPanel()->settings().sampling.temperature, 0.35f);
  EXPECT_EQ(again.samplingPanel()->settings().max_tokens, 321);
  EXPECT_EQ(again.chat()->replySettings().max_tokens, 321);
  EXPECT_EQ(again.modelPanel()->contextLength(), 1024);
  EXPECT_EQ(again.size(), QSize(1111, 777));
}

TEST(MainWindow, SavesAndLoadsConversations) {
  Window w;
  ASSERT_TRUE(w.openAndLoad(test::fixturePath(kStories)));
  w.script->pieces = {"Saved reply"};
  w.window->chat()->send(QStringLiteral("Save me"));
  ASSERT_TRUE(waitUntil([&] { return !w.window->chat()->isStreaming(); }));
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("chat.json"));
  ASSERT_TRUE(w.window->conversations()->saveTo(path));
  w.window->chat()->clear();
  ASSERT_TRUE(w.window->conversations()->openFile(path));
  ASSERT_EQ(w.window->chatModel()->rowCount(), 2);
  EXPECT_EQ(w.window->chatModel()->message(1).text(), QStringLiteral("Saved reply"));
  EXPECT_EQ(w.window->chatPanel()->view()->messageCount(), 2);
  // A bad file is reported, and the conversation on screen stays.
  EXPECT_FALSE(w.window->conversations()->openFile(dir.filePath(QStringLiteral("missing.json"))));
  EXPECT_TRUE(w.window->banner()->isVisible());
  EXPECT_EQ(w.window->chatModel()->rowCount(), 2);
}

TEST(CommandLine, ParsesModelVersionAndErrors) {
  auto r = CommandLine::parse({QStringLiteral("tessera"), QStringLiteral("--model"), QStringLiteral("a.gguf")});
  EXPECT_EQ(r.action, CommandLineResult::Action::Run);
  EXPECT_EQ(r.model, QStringLiteral("a.gguf"));
  r = CommandLine::parse({QStringLiteral("tessera"), QStringLiteral("b.gguf")});
  EXPECT_EQ(r.model, QStringLiteral("b.gguf"));
  r = CommandLine::parse({QStringLiteral("tessera")});
  EXPECT_EQ(r.action, CommandLineResult::Action::Run);
  EXPECT_TRUE(r.model.isEmpty());
  r = CommandLine::parse({QStringLiteral("tessera"), QStringLiteral("--version")});
  EXPECT_EQ(r.action, CommandLineResult::Action::ShowVersion);
  EXPECT_TRUE(r.text.startsWith(QStringLiteral("tessera ")));
  r = CommandLine::parse({QStringLiteral("tessera"), QStringLiteral("a.gguf"), QStringLiteral("b.gguf")});
  EXPECT_EQ(r.action, CommandLineResult::Action::Error);
  r = CommandLine::parse({QStringLiteral("tessera"), QStringLiteral("--bogus")});
  EXPECT_EQ(r.action, CommandLineResult::Action::Error);
}

TEST(CommandLine, TheExecutableAnswersVersionWithoutAWindowSystem) {
  QProcess process;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove(QStringLiteral("DISPLAY"));
  env.remove(QStringLiteral("QT_QPA_PLATFORM"));
  process.setProcessEnvironment(env);
  process.start(QStringLiteral(TESSERA_GUI_PATH), {QStringLiteral("--version")});
  ASSERT_TRUE(process.waitForFinished(30000));
  EXPECT_EQ(process.exitCode(), 0);
  EXPECT_TRUE(process.readAllStandardOutput().startsWith("tessera " TESSERA_VERSION));
}

TEST(Startup, PrefersCommandLineThenLastModelThenDefaultOnFirstStart) {
  const QString existing = test::fixturePath(kStories);
  using R = StartupModel::Reason;
  EXPECT_EQ(chooseStartupModel(QStringLiteral("cli.gguf"), existing, true, QStringLiteral("d.gguf")).reason, R::CommandLine);
  EXPECT_EQ(chooseStartupModel({}, existing, true, QStringLiteral("d.gguf")).reason, R::LastModel);
  EXPECT_EQ(chooseStartupModel({}, QStringLiteral("/gone.gguf"), false, QStringLiteral("d.gguf")).reason, R::DefaultModel);
  EXPECT_EQ(chooseStartupModel({}, QStringLiteral("/gone.gguf"), true, QStringLiteral("d.gguf")).reason, R::None);
  EXPECT_EQ(chooseStartupModel({}, {}, false, {}).reason, R::None);
}

TEST(Startup, OpeningTheStartupModelLoadsIt) {
  Window w;
  w.window->openStartupModel({StartupModel::Reason::CommandLine, test::fixturePath(kStories)});
  ASSERT_TRUE(waitUntil([&] { return w.window->engine()->state() == EngineClient::State::Ready; }));
  EXPECT_TRUE(AppSettings().hasStartedBefore());
}

}  // namespace
}  // namespace tessera::gui
