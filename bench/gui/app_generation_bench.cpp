// How fast the app generates, against the engine alone (docs/perf.md, "GUI: generation in the
// app"): the real main window (offscreen) on the real engine loads MODEL, and each round sends one
// message and waits for the reply (greedy, at most TOKENS tokens), as a person would, with the chat
// view streaming it. Printed per round: the tokens and the engine's own decode rate, which the
// GUI thread's work per token (signals, layout, painting) lowers when it competes with the engine's
// threads for the cores. `--engine-only` runs the same requests on the engine session alone (no
// window): what `tessera-cli run` does. Not a test; nothing is asserted.
//   tessera-bench-app-generation [--engine-only] MODEL [TOKENS] [ROUNDS]
#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <ctime>
#include <cstdio>
#include <memory>

#include "chat_controller.h"
#include "chat_model.h"
#include "engine_client.h"
#include "engine_session.h"
#include "main_window.h"

namespace {

using namespace tessera::gui;

// Runs a real event loop, as the app's exec() does, until `done()` (checked 20 times a second) or
// the timeout. (processEvents() in a loop, as this did before, spun the event loop's poll and took
// more of the GUI thread than the app itself: docs/perf.md, "GUI: generation in the app".)
bool waitFor(const std::function<bool()>& done, int timeout_ms) {
  if (done()) return true;
  QEventLoop loop;
  QTimer check;
  check.setInterval(50);
  QObject::connect(&check, &QTimer::timeout, &loop, [&] {
    if (done()) loop.quit();
  });
  QTimer::singleShot(timeout_ms, &loop, &QEventLoop::quit);
  check.start();
  loop.exec();
  return done();
}

// CPU time of this thread / of the whole process, in microseconds: the development machine is
// shared (builds of other sessions), so wall-clock rates say little; CPU time per token does.
double cpuMicros(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

const char* kPrompt = "Tell me a long story about a cat, a dog and a bird who live in a big old house.";

ReplySettings greedy(int tokens) {
  ReplySettings s;
  s.sampling.temperature = 0.0f;
  s.sampling.repeat_penalty = 1.0f;
  s.max_tokens = tokens;
  return s;
}

int engineOnly(const QString& model, int tokens, int rounds) {
  auto session = makeTesseraEngineSession();
  if (auto loaded = session->load(model, LoadRequest{}, [](float) { return true; }); !loaded.ok()) {
    std::fprintf(stderr, "cannot load %s: %s\n", qPrintable(model), loaded.error().message.c_str());
    return 1;
  }
  for (int round = 0; round < rounds; ++round) {
    tessera::GenerationRequest request;
    request.sampling = greedy(tokens).sampling;
    request.n_predict = tokens;
    EngineSession::StopFlag stop{false};
    // A new conversation each round, as in the app (the cache holds the last one's prompt).
    session->unload();
    if (!session->load(model, LoadRequest{}, [](float) { return true; }).ok()) return 1;
    const double process0 = cpuMicros(CLOCK_PROCESS_CPUTIME_ID);
    auto stats = session->generate({{"user", kPrompt}}, request, {}, [](const EngineSession::ReplyPiece&) {}, stop);
    const double process = cpuMicros(CLOCK_PROCESS_CPUTIME_ID) - process0;
    if (!stats.ok()) return 1;
    const int n = std::max(1, stats->timings.generated_tokens);
    std::printf("engine round %d: %d tok at %.1f tok/s; process CPU %.1f us/tok\n", round,
                stats->timings.generated_tokens, stats->timings.generation_tokens_per_s, process / n);
  }
  return 0;
}

int inTheApp(const QString& model, int tokens, int rounds) {
  MainWindow window(makeTesseraEngineSession());
  window.resize(1366, 768);
  window.show();
  window.openModel(model, true);
  if (!waitFor([&] { return window.engine()->state() == EngineClient::State::Ready; }, 120000)) {
    std::fprintf(stderr, "cannot load %s\n", qPrintable(model));
    return 1;
  }
  window.chat()->setReplySettings(greedy(tokens));
  for (int round = 0; round < rounds; ++round) {
    window.chat()->clear();
    window.engine()->load(model, window.engine()->loadedRequest().value_or(LoadRequest{}));  // a cold cache, as above
    if (!waitFor([&] { return window.engine()->state() == EngineClient::State::Ready; }, 120000)) return 1;
    QElapsedTimer wall;
    wall.start();
    const double gui0 = cpuMicros(CLOCK_THREAD_CPUTIME_ID);
    const double process0 = cpuMicros(CLOCK_PROCESS_CPUTIME_ID);
    // The GUI thread's time in three parts: Send up to the first piece of text, the stream, and
    // from the engine's last word to the reply's end (the final render, saving).
    double first_text = -1.0, finished = -1.0;
    const auto on_text = QObject::connect(window.engine(), &EngineClient::textGenerated, [&] {
      if (first_text < 0.0) first_text = cpuMicros(CLOCK_THREAD_CPUTIME_ID);
    });
    const auto on_finished = QObject::connect(window.engine(), &EngineClient::generationFinished,
                                              [&] { finished = cpuMicros(CLOCK_THREAD_CPUTIME_ID); });
    // The wall clock stops when the reply ends, not when waitFor next looks.
    qint64 wall_ms = -1;
    const auto on_end = QObject::connect(window.chat(), &ChatController::streamingChanged, [&](bool streaming) {
      if (!streaming) wall_ms = wall.elapsed();
    });
    if (!window.chat()->send(QString::fromLatin1(kPrompt))) return 1;
    if (!waitFor([&] { return !window.chat()->isStreaming(); }, 600000)) return 1;
    const double gui_end = cpuMicros(CLOCK_THREAD_CPUTIME_ID);
    QObject::disconnect(on_text);
    QObject::disconnect(on_finished);
    QObject::disconnect(on_end);
    const double gui = gui_end - gui0;
    const double process = cpuMicros(CLOCK_PROCESS_CPUTIME_ID) - process0;
    const ChatEntry& reply = window.chatModel()->message(1);
    if (!reply.stats) return 1;
    const int n = std::max(1, reply.stats->timings.generated_tokens);
    std::printf("app round %d: %d tok at %.1f tok/s (%.1f tok/s from Send to the end); GUI thread CPU %.1f us/tok, "
                "process CPU %.1f us/tok; GUI thread ms: %.2f to the first text, %.2f streaming, %.2f at the end\n",
                round, reply.stats->timings.generated_tokens, reply.stats->timings.generation_tokens_per_s,
                reply.stats->timings.generated_tokens / (wall_ms / 1000.0), gui / n, process / n,
                (first_text - gui0) / 1000.0, (finished - first_text) / 1000.0, (gui_end - finished) / 1000.0);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QStringList args = app.arguments().mid(1);
  const bool engine_only = args.removeAll(QStringLiteral("--engine-only")) > 0;
  if (args.isEmpty()) {
    std::fprintf(stderr, "usage: tessera-bench-app-generation [--engine-only] MODEL [TOKENS] [ROUNDS]\n");
    return 2;
  }
  const QString model = args.value(0);
  const int tokens = args.value(1, QStringLiteral("200")).toInt();
  const int rounds = args.value(2, QStringLiteral("1")).toInt();
  return engine_only ? engineOnly(model, tokens, rounds) : inTheApp(model, tokens, rounds);
}
