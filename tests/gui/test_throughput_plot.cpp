// Throughput sampling and plots: coalesced samples (a few per second, not per token), the prompt
// phase and first token, reply history, PNG export, the memory plot fed by the monitor, and a real
// generation on the CPU backend with the stories260K fixture.
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QLocale>
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

ReplyStats timings(int prompt, double prompt_s, int generated, double gen_s, double ttft) {
  ReplyStats s;
  s.timings.prompt_tokens = prompt;
  s.timings.prompt_ms = prompt_s * 1000.0;
  s.timings.prompt_tokens_per_s = prompt / prompt_s;
  s.timings.generated_tokens = generated;
  s.timings.generation_ms = gen_s * 1000.0;
  s.timings.generation_tokens_per_s = generated / gen_s;
  s.timings.time_to_first_token_ms = ttft * 1000.0;
  return s;
}

// The sampler on a clock the test moves: no waiting, the same figures on any machine.
struct ManualClock {
  double now = 0.0;
  explicit ManualClock(ThroughputSampler& sampler) {
    sampler.setClock([this] { return now; });
  }
};

TEST(ThroughputSampler, CoalescesATokenStreamIntoAFewSamplesPerSecond) {
  ThroughputSampler sampler;
  ManualClock clock(sampler);
  QSignalSpy samples(&sampler, &ThroughputSampler::sampled);
  QSignalSpy first(&sampler, &ThroughputSampler::firstToken);
  QSignalSpy prompt(&sampler, &ThroughputSampler::promptProgress);
  QSignalSpy finished(&sampler, &ThroughputSampler::replyFinished);
  sampler.onStarted();
  clock.now = 0.1;
  sampler.tick();
  clock.now = 0.2;
  sampler.tick();  // prompt phase: progress ticks, no samples
  EXPECT_EQ(prompt.count(), 2);
  EXPECT_EQ(samples.count(), 0);
  // 600 tokens, one at a time at 1,000 tok/s from 0.25 s on; the timer ticks every 100 ms.
  int ticks = 0;
  for (int i = 0; i < 600; ++i) {
    clock.now = 0.25 + i * 0.001;
    sampler.onText(1);
    if (i % 100 == 99) {
      sampler.tick();
      ++ticks;
    }
  }
  clock.now = 0.85;
  sampler.onFinished(timings(12, 0.25, 600, 0.6, 0.25));
  ASSERT_EQ(first.count(), 1);
  EXPECT_DOUBLE_EQ(first.at(0).at(1).toDouble(), 0.25);
  ASSERT_EQ(finished.count(), 1);
  // At most one sample per tick and the final one, never one per token.
  EXPECT_GE(samples.count(), 2);
  EXPECT_LE(samples.count(), ticks + 1);
  const auto last = samples.last().at(0).value<ThroughputSample>();
  EXPECT_EQ(last.tokens, 600);
  for (const auto& args : samples) {
    const auto s = args.at(0).value<ThroughputSample>();
    EXPECT_GT(s.seconds, 0.25);
    EXPECT_NEAR(s.tokens_per_second, 1000.0, 50.0) << "at " << s.seconds << " s";
  }
  const auto record = finished.at(0).at(0).value<ReplyRecord>();
  EXPECT_EQ(record.generated_tokens, 600);
  EXPECT_NEAR(record.prompt_tokens_per_second, 48.0, 1e-9);
  EXPECT_FALSE(sampler.isActive());
}

// Issue 35 item 5: a steady 5 tok/s stream that arrives in bursts (a server's packets) is drawn as
// 5 tok/s, not a 4/8/0 zigzag, with no spike after the first token, and the header says the same.
TEST(ThroughputSampler, ASteadyStreamInBurstsIsDrawnSteady) {
  ThroughputSampler sampler;
  ManualClock clock(sampler);
  ThroughputPlot plot;
  plot.attach(&sampler);
  QSignalSpy samples(&sampler, &ThroughputSampler::sampled);
  sampler.onStarted();
  clock.now = 0.5;
  sampler.onText(1);  // the first token
  clock.now = 0.51;
  sampler.onText(2);  // a burst right after it: no speed
  double next_tick = 0.75;
  for (int packet = 1; packet <= 40; ++packet) {
    // Two tokens every 0.4 s: 5 tok/s, in packets that miss or double up on the 0.25 s ticks.
    const double at = 0.5 + 0.4 * packet;
    while (next_tick < at) {
      clock.now = next_tick;
      sampler.tick();
      next_tick += 0.25;
    }
    clock.now = at;
    sampler.onText(2);
  }
  ASSERT_GE(samples.count(), 40);
  for (const auto& args : samples) {
    const auto s = args.at(0).value<ThroughputSample>();
    EXPECT_LE(s.tokens_per_second, 12.0) << "no spike, at " << s.seconds << " s";
    if (s.seconds > 2.6) {
      EXPECT_NEAR(s.tokens_per_second, 5.0, 1.0) << "steady, at " << s.seconds << " s";
    }
  }
  // The header shows the plotted rate.
  const auto last = samples.last().at(0).value<ThroughputSample>();
  EXPECT_TRUE(plot.summaryText().contains(QLocale().toString(last.tokens_per_second, 'f', 1)))
      << plot.summaryText().toStdString();
  EXPECT_FALSE(plot.summaryText().contains(QStringLiteral(" 0.0 tokens/s"))) << plot.summaryText().toStdString();
}

// Issue 35 item 5: while a prompt is read, its speed so far is drawn.
TEST(ThroughputSampler, ThePromptsSpeedIsDrawnWhileItIsRead) {
  ThroughputSampler sampler;
  ManualClock clock(sampler);
  ThroughputPlot plot;
  plot.attach(&sampler);
  QSignalSpy rates(&sampler, &ThroughputSampler::promptRate);
  sampler.onStarted();
  for (int step = 1; step <= 8; ++step) {
    clock.now = 0.25 * step;
    sampler.onPromptTokens(100 * step, 1000);  // 400 tok/s
    sampler.tick();
  }
  ASSERT_GE(rates.count(), 6);
  EXPECT_NEAR(rates.last().at(2).toDouble(), 400.0, 1e-6);
  QCPGraph* prompt_line = plot.plot()->graph(0);  // the prompt line (the generation line is the second)
  ASSERT_NE(prompt_line, nullptr);
  EXPECT_GE(prompt_line->data()->size(), 6);
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

// Issue 35 item 6: the plot was drawn four times a second while a reply streamed, though on a
// laptop its panel starts folded: hidden it draws nothing, and once shown it draws what came.
TEST(ThroughputPlot, DrawsNothingWhileHiddenAndEverythingOnceShown) {
  ThroughputPlot plot;
  plot.resize(640, 400);
  QCoreApplication::sendPostedEvents();  // what the plot was made with
  QSignalSpy drawn(plot.plot(), &QCustomPlot::afterReplot);
  plot.onReplyStarted(1);
  plot.onFirstToken(1, 0.1);
  for (int i = 1; i <= 20; ++i) plot.onSample(ThroughputSample{1, 0.1 + 0.25 * i, 30.0, 8 * i});
  QCoreApplication::sendPostedEvents();  // the queued replots, had there been any
  EXPECT_EQ(drawn.count(), 0) << "hidden";
  plot.show();
  ASSERT_TRUE(waitUntil([&] { return drawn.count() > 0; }));
  EXPECT_EQ(plot.currentSampleCount(), 20);
  const int after_show = drawn.count();
  plot.onSample(ThroughputSample{1, 6.0, 31.0, 170});
  ASSERT_TRUE(waitUntil([&] { return drawn.count() > after_show; })) << "shown, it follows the samples";
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

// Issue 35 item 10: with no GPU the memory plot was squashed, empty axes with overlapping labels;
// it says there is no GPU instead, and plots once one is seen.
TEST(MemoryPlot, WithoutAGpuSaysSoInsteadOfEmptyAxes) {
  MemoryPlot plot;
  plot.resize(600, 200);
  plot.show();
  DeviceSnapshot none;
  plot.addSnapshot(none);
  EXPECT_TRUE(plot.showsNoGpu());
  EXPECT_EQ(plot.graphCount(), 0);
  DeviceSnapshot one;
  one.devices = {test::twoGpus().first()};
  one.taken_ms = 1000;
  plot.addSnapshot(one);
  EXPECT_FALSE(plot.showsNoGpu());
  EXPECT_EQ(plot.graphCount(), 1);
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

  LoadRequest load;
  load.settings.n_ctx = 512;
  client.load(model, load);
  ASSERT_TRUE(waitUntil([&] { return client.state() == EngineClient::State::Ready || failed.count() > 0; }, 60000));
  ASSERT_EQ(failed.count(), 0) << failed.at(0).at(0).value<EngineError>().message.toStdString();

  tessera::GenerationRequest request;
  request.sampling.seed = 7;
  request.n_predict = 400;
  QElapsedTimer clock;
  clock.start();
  ASSERT_TRUE(client.generate({{"user", "Once upon a time"}}, request));
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
