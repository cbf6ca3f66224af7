// Throughput sampling and plots: coalesced samples (a few per second, not per token), the prompt
// phase and first token, reply history, PNG export, the memory plot fed by the monitor, and a real
// generation on the CPU backend with the stories260K fixture.
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "device_monitor.h"
#include "device_source.h"
#include "engine_client.h"
#include "engine_session.h"
#include "gpu_test_fixtures.h"
#include "gui_test_support.h"
#include "memory_plot.h"
#include "throughput_plot.h"
#include "throughput_sampler.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

GenerationTimings timings(int prompt, double prompt_s, int generated, double gen_s, double ttft) {
  GenerationTimings t;
  t.prompt_tokens = prompt;
  t.prompt_seconds = prompt_s;
  t.generated_tokens = generated;
  t.generation_seconds = gen_s;
  t.time_to_first_token = ttft;
  return t;
}

TEST(ThroughputSampler, CoalescesATokenStreamIntoAFewSamplesPerSecond) {
  ThroughputSampler sampler;
  sampler.setSampleIntervalMs(100);
  QSignalSpy samples(&sampler, &ThroughputSampler::sampled);
  QSignalSpy first(&sampler, &ThroughputSampler::firstToken);
  QSignalSpy prompt(&sampler, &ThroughputSampler::promptProgress);
  QSignalSpy finished(&sampler, &ThroughputSampler::replyFinished);
  sampler.onStarted();
  QTest::qWait(250);  // prompt phase: progress ticks, no samples
  EXPECT_GE(prompt.count(), 1);
  EXPECT_EQ(samples.count(), 0);
  // 600 tokens, one at a time, over ~0.6 s.
  QElapsedTimer clock;
  clock.start();
  int sent = 0;
  while (sent < 600) {
    sampler.onText(1);
    ++sent;
    if (sent % 10 == 0) QTest::qWait(10);
  }
  const double elapsed = clock.elapsed() / 1000.0;
  sampler.onFinished(timings(12, 0.25, 600, elapsed, 0.25));
  ASSERT_EQ(first.count(), 1);
  ASSERT_EQ(finished.count(), 1);
  // One sample per 100 ms window (+ the final partial one), never one per token.
  EXPECT_GE(samples.count(), 2);
  EXPECT_LE(samples.count(), static_cast<int>(elapsed / 0.1) + 2);
  const auto last = samples.last().at(0).value<ThroughputSample>();
  EXPECT_EQ(last.tokens, 600);
  double sum = 0.0;
  for (const auto& args : samples) {
    const auto s = args.at(0).value<ThroughputSample>();
    EXPECT_GT(s.seconds, first.at(0).at(1).toDouble());
    EXPECT_GE(s.tokens_per_second, 0.0);
    sum += s.tokens_per_second;
  }
  EXPECT_GT(sum, 0.0);
  const auto record = finished.at(0).at(0).value<ReplyRecord>();
  EXPECT_EQ(record.generated_tokens, 600);
  EXPECT_NEAR(record.prompt_tokens_per_second, 48.0, 1e-9);
  EXPECT_FALSE(sampler.isActive());
}

TEST(ThroughputPlot, DrawsPhasesFirstTokenAndHistory) {
  ThroughputSampler sampler;
  ThroughputPlot plot;
  plot.attach(&sampler);
  plot.resize(800, 500);
  for (int reply = 1; reply <= 3; ++reply) {
    plot.onReplyStarted(reply);
    plot.onPromptProgress(reply, 0.1);
    plot.onFirstToken(reply, 0.2);
    for (int i = 1; i <= 5; ++i) plot.onSample(ThroughputSample{reply, 0.2 + 0.25 * i, 40.0 + i + reply, i * 10});
    EXPECT_EQ(plot.currentSampleCount(), 5);
    EXPECT_DOUBLE_EQ(plot.firstTokenSeconds(), 0.2);
    ReplyRecord r;
    r.reply = reply;
    r.prompt_tokens = 30;
    r.prompt_tokens_per_second = 150.0;
    r.generated_tokens = 50;
    r.generation_tokens_per_second = 42.0 + reply;
    r.seen_first_token = 0.2;
    r.time_to_first_token = 0.19;
    r.seconds = 1.5;
    plot.onReplyFinished(r);
  }
  ASSERT_EQ(plot.history().size(), 3);
  EXPECT_DOUBLE_EQ(plot.history().last().generation_tokens_per_second, 45.0);
  EXPECT_TRUE(plot.summaryText().contains(QStringLiteral("45.0"))) << plot.summaryText().toStdString();
  // Samples of another reply are ignored.
  plot.onSample(ThroughputSample{1, 9.0, 1.0, 1});
  EXPECT_EQ(plot.currentSampleCount(), 5);
  EXPECT_EQ(plot.totalSamples(), 15);
}

// A 0.04 s reply fills the time axis (it ran to 1 s before: issue 21).
TEST(ThroughputPlot, TheTimeAxisFitsAShortReply) {
  ThroughputSampler sampler;
  ThroughputPlot plot;
  plot.attach(&sampler);
  plot.resize(800, 500);
  plot.onReplyStarted(1);
  plot.onPromptProgress(1, 0.005);
  plot.onFirstToken(1, 0.01);
  plot.onSample(ThroughputSample{1, 0.04, 300.0, 12});
  ReplyRecord r;
  r.reply = 1;
  r.prompt_tokens = 7;
  r.prompt_tokens_per_second = 1400.0;
  r.generated_tokens = 12;
  r.generation_tokens_per_second = 300.0;
  r.seen_first_token = 0.01;
  r.time_to_first_token = 0.01;
  r.seconds = 0.04;
  plot.onReplyFinished(r);
  const QCPRange x = plot.plot()->axisRect(0)->axis(QCPAxis::atBottom)->range();
  EXPECT_GE(x.upper, 0.04);
  EXPECT_LT(x.upper, 0.1);
}

TEST(ThroughputPlot, ExportsPng) {
  QTemporaryDir dir;
  ThroughputPlot plot;
  plot.resize(640, 400);
  plot.onReplyStarted(1);
  plot.onFirstToken(1, 0.1);
  plot.onSample(ThroughputSample{1, 0.5, 30.0, 12});
  const QString path = dir.filePath(QStringLiteral("throughput.png"));
  ASSERT_TRUE(plot.exportPng(path, 640, 400));
  const QImage image(path);
  ASSERT_FALSE(image.isNull());
  EXPECT_EQ(image.size(), QSize(640, 400));
  MemoryPlot memory;
  const QString mpath = dir.filePath(QStringLiteral("memory.png"));
  ASSERT_TRUE(memory.exportPng(mpath, 500, 300));
  EXPECT_FALSE(QImage(mpath).isNull());
}

TEST(MemoryPlot, FollowsTheMonitorOneLinePerGpuUuid) {
  auto source = std::make_unique<FakeDeviceSource>(test::fourGpus());
  FakeDeviceSource* fake = source.get();
  DeviceMonitor monitor(std::move(source), 20);
  MemoryPlot plot;
  QObject::connect(&monitor, &DeviceMonitor::snapshotReady, &plot, &MemoryPlot::addSnapshot);
  monitor.start();
  const QString uuid = test::fourGpus()[2].uuid;
  ASSERT_TRUE(waitUntil([&] { return plot.pointCount(uuid) >= 3; }));
  EXPECT_EQ(plot.graphCount(), 4);
  // Reordered GPUs keep their lines.
  auto reordered = test::fourGpus();
  std::swap(reordered[0], reordered[2]);
  fake->setDevices(reordered);
  const int before = plot.pointCount(uuid);
  ASSERT_TRUE(waitUntil([&] { return plot.pointCount(uuid) >= before + 2; }));
  EXPECT_EQ(plot.graphCount(), 4);
}

// The real thing: the stories260K model on the CPU backend through the worker thread.
TEST(ThroughputPlot, ReceivesSamplesDuringARealGeneration) {
  const QString model = test::fixturePath(QStringLiteral("models/stories260K-f32.gguf"));
  ASSERT_TRUE(QFileInfo::exists(model)) << model.toStdString();
  EngineClient client(makeTesseraEngineSession());
  ThroughputSampler sampler;
  sampler.setSampleIntervalMs(20);
  sampler.connectTo(&client);
  ThroughputPlot plot;
  plot.attach(&sampler);
  QSignalSpy samples(&sampler, &ThroughputSampler::sampled);
  QSignalSpy first(&sampler, &ThroughputSampler::firstToken);
  QSignalSpy finished(&sampler, &ThroughputSampler::replyFinished);
  QSignalSpy failed(&client, &EngineClient::loadFailed);

  LoadSettings load;
  load.context_length = 512;
  client.load(model, load);
  ASSERT_TRUE(waitUntil([&] { return client.state() == EngineClient::State::Ready || failed.count() > 0; }, 60000));
  ASSERT_EQ(failed.count(), 0) << failed.at(0).at(0).value<EngineError>().message.toStdString();

  GenerationRequest request;
  request.turns = {ChatTurn{ChatRole::User, QStringLiteral("Once upon a time")}};
  request.sampling.seed = 7;
  request.sampling.max_tokens = 400;
  QElapsedTimer clock;
  clock.start();
  ASSERT_TRUE(client.generate(request));
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }, 60000));
  const double elapsed = clock.elapsed() / 1000.0;

  const auto record = finished.at(0).at(0).value<ReplyRecord>();
  ASSERT_FALSE(record.failed);
  ASSERT_GT(record.generated_tokens, 1);
  EXPECT_EQ(first.count(), 1);
  EXPECT_GT(record.prompt_tokens, 0);
  EXPECT_GT(record.time_to_first_token, 0.0);
  // Samples arrived, coalesced: at most one per interval plus the last, and fewer than tokens.
  ASSERT_GE(samples.count(), 1);
  EXPECT_LE(samples.count(), static_cast<int>(elapsed / 0.02) + 2);
  EXPECT_LT(samples.count(), record.generated_tokens);
  // Every token with text reached the plot (a last token without text, such as the end of the
  // story, is counted by the engine but sends nothing).
  const int streamed = samples.last().at(0).value<ThroughputSample>().tokens;
  EXPECT_LE(streamed, record.generated_tokens);
  EXPECT_GE(streamed, record.generated_tokens - 1);
  // The plot holds them, marks the first token and keeps the reply.
  EXPECT_EQ(plot.currentSampleCount(), samples.count());
  EXPECT_GT(plot.firstTokenSeconds(), 0.0);
  ASSERT_EQ(plot.history().size(), 1);
  EXPECT_GT(plot.history().first().generation_tokens_per_second, 0.0);
  std::printf("stories260K on the CPU: %d prompt tokens, %d generated, %.0f tok/s, %lld samples in %.2f s\n",
              record.prompt_tokens, record.generated_tokens, record.generation_tokens_per_second,
              static_cast<long long>(samples.count()), elapsed);
}

}  // namespace
}  // namespace tessera::gui
