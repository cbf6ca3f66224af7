// Screenshots for docs/screenshots: the real app on the real engine with stories260K. Runs only
// when TESSERA_SCREENSHOT_DIR names a folder (skipped otherwise), e.g. with
//   TESSERA_SCREENSHOT_DIR=docs/screenshots xvfb-run -a -s "-screen 0 1400x900x24"
// in front of: build-gui/tests/gui/test_gui --gtest_filter='Screenshots.*'
// The reply shown "in progress" is the real model's output; its tokens are delivered with a pause
// each (like a larger model's pace) so the picture can be taken while it streams.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QPixmap>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>

#include <cmath>

#include "app_settings.h"
#include "chat_input.h"
#include "chat_panel.h"
#include "dark_palette.h"
#include "engine_client.h"
#include "device_source.h"
#include "dock_title_bar.h"
#include "error_banner.h"
#include "gpu_test_fixtures.h"
#include "gpu_workspace.h"
#include "gui_test_support.h"
#include "language_switcher.h"
#include "conversation_session.h"
#include "main_window.h"
#include "history_panel.h"
#include "model_panel.h"
#include "sampling_panel.h"
#include "scripted_session.h"
#include "startup.h"
#include "system_prompt_edit.h"
#include "throughput_plot.h"
#include "throughput_sampler.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

// Passes everything to the real session; while `slow` is set, each token waits `token_ms`.
class PacedSession : public EngineSession {
 public:
  PacedSession(std::unique_ptr<EngineSession> inner, std::shared_ptr<std::atomic<bool>> slow)
      : inner_(std::move(inner)), slow_(std::move(slow)) {}
  Result<tessera::ModelInfo> load(const QString& path, const LoadRequest& s, const ProgressCallback& p) override {
    return inner_->load(path, s, p);
  }
  void unload() override { inner_->unload(); }
  bool isLoaded() const override { return inner_->isLoaded(); }
  Result<ReplyStats> generate(const std::vector<tessera::ChatMessage>& m, const tessera::GenerationRequest& r,
                              const PromptProgressCallback& on_prompt, const PieceCallback& on_piece,
                              const StopFlag& stop) override {
    return inner_->generate(
        m, r, on_prompt,
        [&](const ReplyPiece& piece) {
          if (slow_->load()) QThread::msleep(60);
          on_piece(piece);
        },
        stop);
  }

 private:
  std::unique_ptr<EngineSession> inner_;
  std::shared_ptr<std::atomic<bool>> slow_;
};

QString screenshotDir() {
  return qEnvironmentVariable("TESSERA_SCREENSHOT_DIR");
}

void save(QWidget* widget, const QString& name) {
  QApplication::processEvents();
  const QString path = QDir(screenshotDir()).filePath(name);
  ASSERT_TRUE(widget->grab().save(path)) << path.toStdString();
}

// The scripted engine of the pictures that need one (a reply with code): the fixture's own figures
// and backend, and a prompt read at a plausible pace (not "440,000 tok/s", "First token: 0.00 s").
std::shared_ptr<test::SessionScript> pictureScript() {
  auto script = std::make_shared<test::SessionScript>();
  script->info.parameter_count = 292'800;  // stories260K-f32
  script->info.backend = "cpu (2 threads, F16 KV cache, context 512)";
  script->prompt_token_ms = 1;
  script->prompt_step = 64;
  script->token_ms = 12;
  return script;
}

// The pictures' first exchange: fixed sampling, a system prompt for a chat model, one finished
// reply (a continuation for the fixture model, which has no chat template).
::testing::AssertionResult firstReply(MainWindow& window, bool chat_model) {
  ReplySettings s = window.samplingPanel()->settings();
  s.sampling.temperature = 0.7f;
  s.sampling.seed = 42;
  s.max_tokens = 120;
  window.samplingPanel()->setSettings(s);
  window.chat()->setReplySettings(s);
  const QString system = chat_model ? QStringLiteral("You are Tessera, a friendly helper.") : QString();
  window.systemPromptEdit()->setText(system);
  window.chat()->setSystemPrompt(system);
  if (!window.chat()->send(chat_model ? QStringLiteral("What is 5 plus 2?")
                                      : QStringLiteral("Once upon a time, there was a little robot")))
    return ::testing::AssertionFailure() << "the first message was not sent";
  if (!waitUntil([&] { return !window.chat()->isStreaming(); }, 30000))
    return ::testing::AssertionFailure() << "the first reply did not finish";
  return ::testing::AssertionSuccess();
}

TEST(Screenshots, MainWindow) {
  if (screenshotDir().isEmpty()) GTEST_SKIP() << "set TESSERA_SCREENSHOT_DIR to take screenshots";
  QDir().mkpath(screenshotDir());
  test::FreshSettings settings;
  auto slow = std::make_shared<std::atomic<bool>>(false);
  MainWindow window(std::make_unique<PacedSession>(makeTesseraEngineSession(), slow));
  window.resize(1366, 768);  // a laptop's screen (issue 35: the pictures at 1366x768)
  window.resetLayout();       // the layout a window of that size opens with
  window.show();

  // 1. Metadata shown before loading.
  // Tessera's own tiny chat model when it is in the tree, else the stories260K fixture.
  QString model = findDefaultModel();
  const bool chat_model = !model.isEmpty();
  if (!chat_model) model = test::fixturePath(QStringLiteral("models/stories260K-f32.gguf"));
  QSignalSpy preview(&window, &MainWindow::previewFinished);
  window.openModel(model, false);
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 1; }));
  save(&window, QStringLiteral("model-preview.png"));

  // 2. A conversation: one finished reply with its timings, a second one streaming.
  window.loadOpenModel();
  ASSERT_TRUE(waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready; }, 30000));
  ASSERT_TRUE(firstReply(window, chat_model));
  // 3. An error in the banner: a damaged file.
  QTemporaryDir dir;
  const QString bad = dir.filePath(QStringLiteral("damaged-model.gguf"));
  QFile file(bad);
  ASSERT_TRUE(file.open(QIODevice::WriteOnly));
  file.write(QByteArray("GGUF\x03\x00\x00\x00", 8) + QByteArray(64, '\xff'));
  file.close();
  QSignalSpy preview2(&window, &MainWindow::previewFinished);
  window.openModel(bad, true);
  ASSERT_TRUE(waitUntil([&] { return preview2.count() == 1; }));
  save(&window, QStringLiteral("error-banner.png"));
  window.banner()->dismiss();

  slow->store(true);
  ASSERT_TRUE(window.chat()->send(chat_model ? QStringLiteral("Tell me a story about a frog.")
                                             : QStringLiteral("The robot wanted to find a friend.")));
  window.chatPanel()->input()->setPlainText(QStringLiteral("And what did the frog do next?"));
  ASSERT_TRUE(waitUntil([&] { return window.chatModel()->message(3).text().size() > 160; }, 30000));
  save(&window, QStringLiteral("main-window-chat.png"));
  window.chat()->stop();
  ASSERT_TRUE(waitUntil([&] { return !window.chat()->isStreaming(); }, 30000));
  slow->store(false);
}

// The window in German (docs/screenshots/main-window-de.png), started the way a user who chose
// Settings ▸ Language ▸ Deutsch last time starts it. The tiny model only speaks English, so the
// conversation stays English; every text of the window is German.
TEST(Screenshots, MainWindowGerman) {
  if (screenshotDir().isEmpty()) GTEST_SKIP() << "set TESSERA_SCREENSHOT_DIR to take screenshots";
  QDir().mkpath(screenshotDir());
  test::FreshSettings settings;
  AppSettings().setLanguage(QStringLiteral("de"));
  MainWindow window(makeTesseraEngineSession());
  window.resize(1366, 768);  // a laptop's screen (issue 35: the pictures at 1366x768)
  window.resetLayout();       // the layout a window of that size opens with
  window.show();
  ASSERT_EQ(window.languageSwitcher()->active(), QStringLiteral("de"));

  QString model = findDefaultModel();
  const bool chat_model = !model.isEmpty();
  if (!chat_model) model = test::fixturePath(QStringLiteral("models/stories260K-f32.gguf"));
  window.openModel(model, true);
  ASSERT_TRUE(waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready; }, 30000));
  ASSERT_TRUE(firstReply(window, chat_model));
  ASSERT_TRUE(window.chat()->send(chat_model ? QStringLiteral("Tell me a story about a frog.")
                                             : QStringLiteral("The robot wanted to find a friend.")));
  ASSERT_TRUE(waitUntil([&] { return !window.chat()->isStreaming(); }, 30000));
  window.chatPanel()->input()->setPlainText(QStringLiteral("And what did the frog do next?"));
  save(&window, QStringLiteral("main-window-de.png"));
}

// The chat window of issue 21 (docs/screenshots/chat-code-context-history.png): a reply with code
// full of `<` and `>` shown as text, the context meter near full, and the history sidebar with the
// earlier conversations. A scripted engine writes the reply (the tiny models do not write code).
TEST(Screenshots, ChatCodeContextAndHistory) {
  if (screenshotDir().isEmpty()) GTEST_SKIP() << "set TESSERA_SCREENSHOT_DIR to take screenshots";
  QDir().mkpath(screenshotDir());
  test::FreshSettings settings;
  auto script = pictureScript();
  MainWindow window(std::make_unique<test::ScriptedSession>(script));
  window.resize(1366, 768);  // a laptop's screen (issue 35: the pictures at 1366x768)
  window.resetLayout();       // the layout a window of that size opens with
  window.show();
  window.openModel(test::fixturePath(QStringLiteral("models/stories260K-f32.gguf")), true);
  ASSERT_TRUE(waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready; }, 30000));
  auto exchange = [&](const QString& ask, std::vector<std::string> pieces, int prompt_tokens) {
    script->pieces = std::move(pieces);
    script->prompt_tokens = prompt_tokens;
    if (!window.chat()->send(ask)) return false;
    return waitUntil([&] { return !window.chat()->isStreaming(); }, 30000);
  };
  ASSERT_TRUE(exchange(QStringLiteral("Trip ideas for Lisbon in March?"), {"Tram 28", ", Belém", " and the miradouros."}, 40));
  window.conversations()->newConversation();
  ASSERT_TRUE(exchange(QStringLiteral("Bash one-liner for disk usage per folder"), {"du -sh */ | sort -h"}, 30));
  window.conversations()->newConversation();
  ASSERT_TRUE(exchange(QStringLiteral("Explain KV cache quantization briefly"), {"It stores keys and values", " in 8 or 4 bits."}, 35));
  window.conversations()->newConversation();
  const std::vector<std::string> code = {
      "Compare with `std::less<T>` or write it out:\n\n", "```cpp\n", "template <typename T>\n",
      "bool less_than(const T& a, const T& b) { return a < b; }\n\n", "std::vector<int> v{3, 1, 2};\n",
      "if (v[0] > v[1] && v[1] < v[2]) std::sort(v.begin(), v.end());\n", "```\n\n",
      "Markup such as <b>bold</b> stays text, and so does `if a<b and c>d`."};
  ASSERT_TRUE(exchange(QStringLiteral("How do I compare two values in a C++ template?"), code, 440));
  window.chatPanel()->input()->setPlainText(QStringLiteral("And for a std::map<std::string, int>?"));
  ASSERT_TRUE(waitUntil([&] { return window.historyPanel()->ids().size() == 4; }));
  save(&window, QStringLiteral("chat-code-context-history.png"));
}

// The chat under a dark Fusion palette (docs/screenshots/chat-dark.png, issue 20): bubbles, code,
// timings, the context meter and a warning banner all derived from the palette.
TEST(Screenshots, ChatDark) {
  if (screenshotDir().isEmpty()) GTEST_SKIP() << "set TESSERA_SCREENSHOT_DIR to take screenshots";
  QDir().mkpath(screenshotDir());
  test::FreshSettings settings;
  test::FusionPalette dark(test::darkFusionPalette());
  auto script = pictureScript();
  MainWindow window(std::make_unique<test::ScriptedSession>(script));
  window.resize(1366, 768);  // a laptop's screen (issue 35: the pictures at 1366x768)
  window.resetLayout();       // the layout a window of that size opens with
  window.show();
  window.openModel(test::fixturePath(QStringLiteral("models/stories260K-f32.gguf")), true);
  ASSERT_TRUE(waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready; }, 30000));
  script->pieces = {"Three ways to keep a long chat going:\n\n", "1. **Truncate the middle**: keep the system prompt\n",
                    "2. **Rolling window**: drop the oldest turns\n", "3. **Summarise** what scrolled away\n\n",
                    "```cpp\n", "if (used > context) drop_oldest<Turn>(history);\n", "```\n\n",
                    "Each keeps `<` and `>` as written."};
  script->prompt_tokens = 420;  // near the 512 tokens: the banner's warning is due
  ASSERT_TRUE(window.chat()->send(QStringLiteral("How can a chat continue past the context?")));
  ASSERT_TRUE(waitUntil([&] { return !window.chat()->isStreaming(); }, 30000));
  window.banner()->showMessage(ErrorBanner::Severity::Warning,
                               ErrorText{QStringLiteral("The context is almost full"),
                                         // The meter's own figures, so the picture agrees with itself.
                                         QStringLiteral("%1 of %2 tokens are used.")
                                             .arg(window.chat()->contextUsed())
                                             .arg(window.chat()->contextSize()),
                                         QStringLiteral("Start a new conversation or choose an overflow policy.")});
  window.chatPanel()->input()->setPlainText(QStringLiteral("And which one keeps the KV cache?"));
  save(&window, QStringLiteral("chat-dark.png"));
}

// The Performance dock unfolded under the chat (docs/screenshots/performance-plots.png): the live
// throughput of the fourth reply, the prompt phase and the first token, the earlier replies faded,
// and the history of replies; four fake GPUs.
TEST(Screenshots, PerformancePlots) {
  if (screenshotDir().isEmpty()) GTEST_SKIP() << "set TESSERA_SCREENSHOT_DIR to take screenshots";
  QDir().mkpath(screenshotDir());
  test::FreshSettings settings;
  auto script = pictureScript();
  MainWindow window(std::make_unique<test::ScriptedSession>(script), std::make_unique<FakeDeviceSource>(test::fourGpus()));
  window.resize(1366, 768);
  window.resetLayout();
  window.show();
  window.openModel(test::fixturePath(QStringLiteral("models/stories260K-f32.gguf")), true);
  ASSERT_TRUE(waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready; }, 30000));
  script->pieces = {"Once", " upon", " a", " time,", " a", " small", " robot", " lived", " in", " a", " lighthouse",
                    " by", " the", " sea."};
  ASSERT_TRUE(window.chat()->send(QStringLiteral("Tell me a story about a robot.")));
  ASSERT_TRUE(waitUntil([&] { return !window.chat()->isStreaming(); }, 30000));
  // Four replies of a model at ~60 tok/s, as recorded (the scripted engine is too quick to draw).
  ThroughputPlot* plot = window.gpuWorkspace()->throughputPlot();
  test::feedRecordedReplies(plot, 2, 5);
  window.gpuWorkspace()->performanceTitleBar()->setCollapsed(false);
  test::processPendingEvents();
  ASSERT_TRUE(plot->isVisible());
  save(&window, QStringLiteral("performance-plots.png"));
}

}  // namespace
}  // namespace tessera::gui
