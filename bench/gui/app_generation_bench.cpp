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

#include <cstdio>
#include <memory>

#include "chat_controller.h"
#include "chat_model.h"
#include "engine_client.h"
#include "engine_session.h"
#include "main_window.h"

namespace {

using namespace tessera::gui;

bool waitFor(const std::function<bool()>& done, int timeout_ms) {
  QElapsedTimer clock;
  clock.start();
  while (!done() && clock.elapsed() < timeout_ms) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
  return done();
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
    auto stats = session->generate({{"user", kPrompt}}, request, {}, [](const EngineSession::ReplyPiece&) {}, stop);
    if (!stats.ok()) return 1;
    std::printf("engine round %d: %d tok at %.1f tok/s\n", round, stats->timings.generated_tokens,
                stats->timings.generation_tokens_per_s);
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
    if (!window.chat()->send(QString::fromLatin1(kPrompt))) return 1;
    if (!waitFor([&] { return !window.chat()->isStreaming(); }, 600000)) return 1;
    const ChatEntry& reply = window.chatModel()->message(1);
    if (!reply.stats) return 1;
    std::printf("app round %d: %d tok at %.1f tok/s (%.1f tok/s from Send to the end)\n", round,
                reply.stats->timings.generated_tokens, reply.stats->timings.generation_tokens_per_s,
                reply.stats->timings.generated_tokens / (wall.elapsed() / 1000.0));
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
