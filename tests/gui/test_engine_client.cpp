// EngineClient + EngineWorker with a scripted session: the thread hand-off, load progress,
// cancellation, token batching, stop, and a GUI event loop that keeps running meanwhile.
#include <QElapsedTimer>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <gtest/gtest.h>

#include "engine_client.h"
#include "engine_worker.h"
#include "gui_test_support.h"
#include "scripted_session.h"

namespace tessera::gui {
namespace {

using test::ScriptedSession;
using test::SessionScript;
using test::waitUntil;

struct Fixture {
  std::shared_ptr<SessionScript> script = std::make_shared<SessionScript>();
  EngineClient client{std::make_unique<ScriptedSession>(script)};

  bool loadAndWait() {
    client.load(QStringLiteral("/models/fake.gguf"), LoadSettings{});
    return waitUntil([&] { return client.state() == EngineClient::State::Ready; });
  }
};

GenerationRequest ask(const QString& text, int max_tokens = 10000) {
  GenerationRequest r;
  r.turns = {ChatTurn{ChatRole::User, text}};
  r.sampling.max_tokens = max_tokens;
  return r;
}

TEST(EngineClient, WorkerLivesOnItsOwnThread) {
  Fixture f;
  EXPECT_NE(f.client.worker()->thread(), QThread::currentThread());
  EXPECT_EQ(f.client.worker()->thread(), f.client.workerThread());
  EXPECT_TRUE(f.client.workerThread()->isRunning());
}

TEST(EngineClient, LoadReportsProgressThenModel) {
  Fixture f;
  f.script->load_steps = 5;
  f.script->load_step_ms = 20;
  QSignalSpy progress(&f.client, &EngineClient::loadProgress);
  QSignalSpy loaded(&f.client, &EngineClient::modelLoaded);
  QSignalSpy states(&f.client, &EngineClient::stateChanged);
  LoadSettings settings;
  settings.context_length = 256;
  f.client.load(QStringLiteral("/models/tiny.gguf"), settings);
  EXPECT_EQ(f.client.state(), EngineClient::State::Loading);
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  EXPECT_GE(progress.count(), 2);
  EXPECT_FLOAT_EQ(progress.last().at(0).toFloat(), 1.0f);
  const auto info = loaded.at(0).at(0).value<ModelInfo>();
  EXPECT_EQ(info.name, QStringLiteral("tiny"));
  EXPECT_EQ(info.context_length, 256);
  EXPECT_EQ(f.client.state(), EngineClient::State::Ready);
  EXPECT_EQ(f.client.model().path, QStringLiteral("/models/tiny.gguf"));
  ASSERT_EQ(states.count(), 2);  // Loading, Ready
}

TEST(EngineClient, LoadFailureCarriesKindAndMessage) {
  Fixture f;
  f.script->load_error = Error(ErrorKind::OutOfMemory, "GPU 0 needs 9.1 GiB, 8.0 GiB free");
  QSignalSpy failed(&f.client, &EngineClient::loadFailed);
  f.client.load(QStringLiteral("/models/big.gguf"), LoadSettings{});
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }));
  const auto error = failed.at(0).at(0).value<EngineError>();
  EXPECT_EQ(error.kind, EngineErrorKind::OutOfMemory);
  EXPECT_EQ(error.message, QStringLiteral("GPU 0 needs 9.1 GiB, 8.0 GiB free"));
  EXPECT_EQ(f.client.state(), EngineClient::State::Empty);
}

TEST(EngineClient, CancelStopsALoadInProgress) {
  Fixture f;
  f.script->hold_load = true;
  QSignalSpy failed(&f.client, &EngineClient::loadFailed);
  f.client.load(QStringLiteral("/models/slow.gguf"), LoadSettings{});
  ASSERT_TRUE(waitUntil([&] { return f.script->load_waiting.load(); }));
  f.client.cancelLoad();
  f.script->load_gate.release();
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }));
  EXPECT_EQ(failed.at(0).at(0).value<EngineError>().kind, EngineErrorKind::Cancelled);
  EXPECT_EQ(f.client.state(), EngineClient::State::Empty);
  EXPECT_FALSE(f.script->loaded.load());
}

TEST(EngineClient, CancelBeforeTheWorkerStartsStillWins) {
  Fixture f;
  // Keep the worker busy so the load is still queued when Cancel is pressed.
  QSemaphore busy;
  QMetaObject::invokeMethod(f.client.worker(), [&busy] { busy.acquire(); }, Qt::QueuedConnection);
  QSignalSpy failed(&f.client, &EngineClient::loadFailed);
  f.client.load(QStringLiteral("/models/queued.gguf"), LoadSettings{});
  f.client.cancelLoad();
  busy.release();
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }));
  EXPECT_EQ(failed.at(0).at(0).value<EngineError>().kind, EngineErrorKind::Cancelled);
  EXPECT_EQ(f.script->loads.load(), 0);  // the session was never asked to load
}

TEST(EngineClient, ANewerLoadSupersedesAnOlderOne) {
  Fixture f;
  f.script->load_step_ms = 30;
  QSignalSpy loaded(&f.client, &EngineClient::modelLoaded);
  QSignalSpy failed(&f.client, &EngineClient::loadFailed);
  f.client.load(QStringLiteral("/models/first.gguf"), LoadSettings{});
  f.client.load(QStringLiteral("/models/second.gguf"), LoadSettings{});
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  QTest::qWait(50);
  EXPECT_EQ(loaded.count(), 1);
  EXPECT_EQ(failed.count(), 0);  // the superseded load's failure is not reported
  EXPECT_EQ(f.client.model().path, QStringLiteral("/models/second.gguf"));
}

TEST(EngineClient, GenerationStreamsBatchedText) {
  Fixture f;
  ASSERT_TRUE(f.loadAndWait());
  f.script->pieces = {"a", "b", "c", "d", "e"};
  f.script->repeat = 200;  // 1000 tokens, 1 ms each
  f.script->token_ms = 1;
  f.client.worker()->setBatchIntervalMs(25);
  QSignalSpy text(&f.client, &EngineClient::textGenerated);
  QSignalSpy finished(&f.client, &EngineClient::generationFinished);
  ASSERT_TRUE(f.client.generate(ask(QStringLiteral("go"))));
  EXPECT_EQ(f.client.state(), EngineClient::State::Generating);
  EXPECT_FALSE(f.client.generate(ask(QStringLiteral("again"))));  // one reply at a time
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }, 20000));
  QString all;
  int tokens = 0;
  for (const auto& args : text) {
    all += args.at(0).toString();
    tokens += args.at(1).toInt();
  }
  EXPECT_EQ(all, QStringLiteral("abcde").repeated(200));
  EXPECT_EQ(tokens, 1000);
  // ~1 s of generation in 25 ms batches: far fewer signals than tokens.
  EXPECT_LT(text.count(), 200) << text.count() << " batches";
  const auto t = finished.at(0).at(0).value<GenerationTimings>();
  EXPECT_EQ(t.generated_tokens, 1000);
  EXPECT_FALSE(t.stopped);
  EXPECT_EQ(f.client.state(), EngineClient::State::Ready);
}

TEST(EngineClient, SplitUtf8CharactersAreReassembled) {
  Fixture f;
  ASSERT_TRUE(f.loadAndWait());
  // "é" = C3 A9 and "🙂" = F0 9F 99 82, each split across byte-fallback tokens.
  f.script->pieces = {"caf", "\xC3", "\xA9", " ", "\xF0\x9F", "\x99", "\x82"};
  f.script->token_ms = 0;
  QSignalSpy text(&f.client, &EngineClient::textGenerated);
  QSignalSpy finished(&f.client, &EngineClient::generationFinished);
  ASSERT_TRUE(f.client.generate(ask(QStringLiteral("x"))));
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }));
  QString all;
  for (const auto& args : text) all += args.at(0).toString();
  EXPECT_EQ(all, QString::fromUtf8("café 🙂"));
}

TEST(EngineClient, StopEndsAGenerationMidway) {
  Fixture f;
  ASSERT_TRUE(f.loadAndWait());
  f.script->pieces = {"tok "};
  f.script->repeat = 100000;
  f.script->token_ms = 1;
  QSignalSpy text(&f.client, &EngineClient::textGenerated);
  QSignalSpy finished(&f.client, &EngineClient::generationFinished);
  ASSERT_TRUE(f.client.generate(ask(QStringLiteral("go"))));
  ASSERT_TRUE(waitUntil([&] { return text.count() >= 2; }));
  f.client.stop();
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }));
  const auto t = finished.at(0).at(0).value<GenerationTimings>();
  EXPECT_TRUE(t.stopped);
  EXPECT_GT(t.generated_tokens, 0);
  EXPECT_LT(t.generated_tokens, 100000);
  EXPECT_EQ(f.client.state(), EngineClient::State::Ready);
}

TEST(EngineClient, GuiEventLoopKeepsRunningDuringALongGeneration) {
  Fixture f;
  ASSERT_TRUE(f.loadAndWait());
  f.script->pieces = {"x"};
  f.script->repeat = 400;
  f.script->token_ms = 2;  // ~0.8 s of work on the worker thread
  QSignalSpy finished(&f.client, &EngineClient::generationFinished);
  int ticks = 0;
  QTimer ticker;
  ticker.setInterval(10);
  QObject::connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
  ticker.start();
  QElapsedTimer clock;
  clock.start();
  ASSERT_TRUE(f.client.generate(ask(QStringLiteral("go"))));
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }, 20000));
  const qint64 elapsed = clock.elapsed();
  // A 10 ms timer on the GUI thread must have kept firing for most of the generation.
  EXPECT_GT(ticks, elapsed / 10 / 3) << ticks << " ticks in " << elapsed << " ms";
  EXPECT_GT(elapsed, 500);
}

TEST(EngineClient, GenerationErrorsComeBackAsSignals) {
  Fixture f;
  ASSERT_TRUE(f.loadAndWait());
  f.script->generate_error = Error(ErrorKind::OutOfMemory, "KV cache full at 512 tokens");
  QSignalSpy failed(&f.client, &EngineClient::generationFailed);
  ASSERT_TRUE(f.client.generate(ask(QStringLiteral("x"))));
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }));
  EXPECT_EQ(failed.at(0).at(0).value<EngineError>().kind, EngineErrorKind::OutOfMemory);
  EXPECT_EQ(f.client.state(), EngineClient::State::Ready);
}

TEST(EngineClient, UnloadDuringGenerationStopsAndEmpties) {
  Fixture f;
  ASSERT_TRUE(f.loadAndWait());
  f.script->pieces = {"y"};
  f.script->repeat = 100000;
  QSignalSpy text(&f.client, &EngineClient::textGenerated);
  ASSERT_TRUE(f.client.generate(ask(QStringLiteral("go"))));
  ASSERT_TRUE(waitUntil([&] { return text.count() >= 1; }));
  f.client.unload();
  EXPECT_EQ(f.client.state(), EngineClient::State::Empty);
  ASSERT_TRUE(waitUntil([&] { return !f.script->loaded.load(); }));
}

TEST(EngineClient, GenerateWithoutAModelIsRefused) {
  Fixture f;
  EXPECT_FALSE(f.client.generate(ask(QStringLiteral("x"))));
  EXPECT_EQ(f.client.state(), EngineClient::State::Empty);
}

}  // namespace
}  // namespace tessera::gui
