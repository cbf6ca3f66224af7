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
    client.load(QStringLiteral("/models/fake.gguf"), LoadRequest{});
    return waitUntil([&] { return client.state() == EngineClient::State::Ready; });
  }
  // Starts a reply to `text`.
  bool ask(const QString& text, int max_tokens = 10000) {
    tessera::GenerationRequest r;
    r.n_predict = max_tokens;
    return client.generate({{"user", text.toStdString()}}, r);
  }
};

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
  LoadRequest settings;
  settings.settings.n_ctx = 256;
  f.client.load(QStringLiteral("/models/tiny.gguf"), settings);
  EXPECT_EQ(f.client.state(), EngineClient::State::Loading);
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  EXPECT_GE(progress.count(), 2);
  EXPECT_FLOAT_EQ(progress.last().at(0).toFloat(), 1.0f);
  const auto info = loaded.at(0).at(0).value<tessera::ModelInfo>();
  EXPECT_EQ(info.name, "tiny");
  EXPECT_EQ(info.n_ctx, 256);
  EXPECT_EQ(f.client.state(), EngineClient::State::Ready);
  EXPECT_EQ(f.client.model().path, "/models/tiny.gguf");
  ASSERT_TRUE(f.client.loadedRequest().has_value());
  EXPECT_EQ(f.client.loadedRequest()->settings.n_ctx, 256);
  ASSERT_EQ(states.count(), 2);  // Loading, Ready
}

TEST(EngineClient, LoadFailureCarriesKindAndMessage) {
  Fixture f;
  f.script->load_error = Error(ErrorKind::OutOfMemory, "GPU 0 needs 9.1 GiB, 8.0 GiB free");
  QSignalSpy failed(&f.client, &EngineClient::loadFailed);
  f.client.load(QStringLiteral("/models/big.gguf"), LoadRequest{});
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }));
  const auto error = failed.at(0).at(0).value<EngineError>();
  EXPECT_EQ(error.kind, EngineErrorKind::OutOfMemory);
  EXPECT_EQ(error.message, QStringLiteral("GPU 0 needs 9.1 GiB, 8.0 GiB free"));
  EXPECT_EQ(f.client.state(), EngineClient::State::Empty);
}

// Issue 35 item 1: a file refused before the loaded model is touched leaves that model loaded;
// one that fails after (out of memory) takes it away, and says so with modelUnloaded.
TEST(EngineClient, ARefusedFileKeepsTheLoadedModel) {
  Fixture f;
  ASSERT_TRUE(f.loadAndWait());
  QSignalSpy failed(&f.client, &EngineClient::loadFailed);
  QSignalSpy unloaded(&f.client, &EngineClient::modelUnloaded);
  QSignalSpy states(&f.client, &EngineClient::stateChanged);
  f.script->refuse_load = Error(ErrorKind::BadFile, "vocab.gguf holds no weights (0 tensors)");
  f.client.load(QStringLiteral("/models/vocab.gguf"), LoadRequest{});
  EXPECT_EQ(f.client.state(), EngineClient::State::Loading);
  EXPECT_FALSE(f.client.hasModel());  // nothing is generated meanwhile
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }));
  EXPECT_EQ(f.client.state(), EngineClient::State::Ready);
  EXPECT_EQ(f.client.model().path, "/models/fake.gguf");
  EXPECT_EQ(f.client.modelPath(), QStringLiteral("/models/fake.gguf"));
  EXPECT_TRUE(f.client.loadedRequest().has_value());
  EXPECT_EQ(unloaded.count(), 0);
  EXPECT_TRUE(f.script->loaded.load());
  EXPECT_TRUE(f.ask(QStringLiteral("still there?")));

  f.client.stop();
  ASSERT_TRUE(waitUntil([&] { return f.client.state() == EngineClient::State::Ready; }));
  f.script->refuse_load.reset();
  f.script->load_error = Error(ErrorKind::OutOfMemory, "9.1 GiB needed, 8.0 GiB free");
  f.client.load(QStringLiteral("/models/big.gguf"), LoadRequest{});
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 2; }));
  EXPECT_EQ(f.client.state(), EngineClient::State::Empty);
  EXPECT_EQ(unloaded.count(), 1);
}

// The worker's catch-all: what a session throws (the host out of memory) is an error the app shows.
TEST(EngineClient, ExceptionsFromTheSessionBecomeErrors) {
  Fixture f;
  f.script->throw_bad_alloc_on_load = true;
  QSignalSpy failed(&f.client, &EngineClient::loadFailed);
  f.client.load(QStringLiteral("/models/huge.gguf"), LoadRequest{});
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }));
  const auto error = failed.at(0).at(0).value<EngineError>();
  EXPECT_EQ(error.kind, EngineErrorKind::OutOfMemory);
  EXPECT_TRUE(error.message.contains(QStringLiteral("ran out of memory"))) << error.message.toStdString();
  EXPECT_TRUE(error.message.contains(QStringLiteral("huge.gguf"))) << error.message.toStdString();
  EXPECT_EQ(f.client.state(), EngineClient::State::Empty);

  f.script->throw_bad_alloc_on_load = false;
  ASSERT_TRUE(f.loadAndWait());
  f.script->throw_on_generate = true;
  QSignalSpy gen_failed(&f.client, &EngineClient::generationFailed);
  ASSERT_TRUE(f.ask(QStringLiteral("x")));
  ASSERT_TRUE(waitUntil([&] { return gen_failed.count() == 1; }));
  EXPECT_TRUE(gen_failed.at(0).at(0).value<EngineError>().message.contains(QStringLiteral("a library threw")));
  EXPECT_EQ(f.client.state(), EngineClient::State::Ready);
}

TEST(EngineClient, CancelStopsALoadInProgress) {
  Fixture f;
  f.script->hold_load = true;
  QSignalSpy failed(&f.client, &EngineClient::loadFailed);
  f.client.load(QStringLiteral("/models/slow.gguf"), LoadRequest{});
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
  f.client.load(QStringLiteral("/models/queued.gguf"), LoadRequest{});
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
  f.client.load(QStringLiteral("/models/first.gguf"), LoadRequest{});
  f.client.load(QStringLiteral("/models/second.gguf"), LoadRequest{});
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  // The worker answers in order: the first load's answer came before the second's, nothing is left.
  EXPECT_EQ(loaded.count(), 1);
  EXPECT_EQ(failed.count(), 0);  // the superseded load's failure is not reported
  EXPECT_EQ(f.client.model().path, "/models/second.gguf");
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
  QElapsedTimer clock;
  clock.start();
  ASSERT_TRUE(f.ask(QStringLiteral("go")));
  EXPECT_EQ(f.client.state(), EngineClient::State::Generating);
  EXPECT_FALSE(f.ask(QStringLiteral("again")));  // one reply at a time
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }, 60000));
  const qint64 elapsed = clock.elapsed();
  QString all;
  int tokens = 0;
  for (const auto& args : text) {
    all += args.at(0).toString();
    tokens += args.at(1).toInt();
  }
  EXPECT_EQ(all, QStringLiteral("abcde").repeated(200));
  EXPECT_EQ(tokens, 1000);
  // One batch per 25 ms at most (however long the machine took), the first sent at once: far
  // fewer signals than tokens.
  EXPECT_LE(text.count(), elapsed / 25 + 2) << text.count() << " batches in " << elapsed << " ms";
  EXPECT_LT(text.count(), 1000);
  const auto t = finished.at(0).at(0).value<ReplyStats>();
  EXPECT_EQ(t.timings.generated_tokens, 1000);
  EXPECT_FALSE(t.stopped());
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
  ASSERT_TRUE(f.ask(QStringLiteral("x")));
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
  ASSERT_TRUE(f.ask(QStringLiteral("go")));
  ASSERT_TRUE(waitUntil([&] { return text.count() >= 2; }));
  f.client.stop();
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }));
  const auto t = finished.at(0).at(0).value<ReplyStats>();
  EXPECT_TRUE(t.stopped());
  EXPECT_GT(t.timings.generated_tokens, 0);
  EXPECT_LT(t.timings.generated_tokens, 100000);
  EXPECT_EQ(f.client.state(), EngineClient::State::Ready);
}

TEST(EngineClient, GuiEventLoopKeepsRunningDuringALongGeneration) {
  Fixture f;
  ASSERT_TRUE(f.loadAndWait());
  f.script->pieces = {"x"};
  f.script->hold_generation = true;  // the worker thread is busy until the test lets it go
  QSignalSpy finished(&f.client, &EngineClient::generationFinished);
  int ticks = 0;
  QTimer ticker;
  ticker.setInterval(5);
  QObject::connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
  ticker.start();
  ASSERT_TRUE(f.ask(QStringLiteral("go")));
  ASSERT_TRUE(waitUntil([&] { return f.script->generation_waiting.load(); }));
  // While the worker is held inside the generation, the GUI thread's timer keeps firing.
  const int before = ticks;
  EXPECT_TRUE(waitUntil([&] { return ticks >= before + 10; }));
  EXPECT_EQ(f.client.state(), EngineClient::State::Generating);
  EXPECT_EQ(finished.count(), 0);
  f.script->generation_gate.release();
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }));
}

TEST(EngineClient, GenerationErrorsComeBackAsSignals) {
  Fixture f;
  ASSERT_TRUE(f.loadAndWait());
  f.script->generate_error = Error(ErrorKind::OutOfMemory, "KV cache full at 512 tokens");
  QSignalSpy failed(&f.client, &EngineClient::generationFailed);
  ASSERT_TRUE(f.ask(QStringLiteral("x")));
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
  ASSERT_TRUE(f.ask(QStringLiteral("go")));
  ASSERT_TRUE(waitUntil([&] { return text.count() >= 1; }));
  f.client.unload();
  EXPECT_EQ(f.client.state(), EngineClient::State::Empty);
  ASSERT_TRUE(waitUntil([&] { return !f.script->loaded.load(); }));
}

TEST(EngineClient, GenerateWithoutAModelIsRefused) {
  Fixture f;
  EXPECT_FALSE(f.ask(QStringLiteral("x")));
  EXPECT_EQ(f.client.state(), EngineClient::State::Empty);
}

}  // namespace
}  // namespace tessera::gui
