// Issue 21's throughput-plot items: the first token shown with the engine's measured time (the
// value the chat shows), a live scale per reply, a readable PNG export, localized numbers.
#include <QCoreApplication>
#include <QDate>
#include <QEvent>
#include <QImage>
#include <QLocale>
#include <QMainWindow>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "display_format.h"
#include "throughput_plot.h"
#include "throughput_sampler.h"

namespace tessera::gui {
namespace {

ReplyRecord finishedReply(int reply, double seen_first_token, double time_to_first_token) {
  ReplyRecord r;
  r.reply = reply;
  r.prompt_tokens = 12;
  r.prompt_tokens_per_second = 900.0;
  r.generated_tokens = 40;
  r.generation_tokens_per_second = 120.0;
  r.seen_first_token = seen_first_token;
  r.time_to_first_token = time_to_first_token;
  r.seconds = 0.4;
  return r;
}

// The chat showed "First token: 0.00 s" (the engine's measurement) and the plot "0.02 s" (when
// the GUI got the first text) for the same reply.
TEST(ThroughputPlotItems, TheFirstTokenIsTheEnginesMeasurementAsInTheChat) {
  ThroughputPlot plot;
  plot.resize(800, 500);
  plot.onReplyStarted(1);
  plot.onFirstToken(1, 0.02);
  plot.onSample(ThroughputSample{1, 0.3, 120.0, 40});
  plot.onReplyFinished(finishedReply(1, 0.02, 0.004));
  EXPECT_DOUBLE_EQ(plot.firstTokenSeconds(), 0.004);
  ReplyStats t;
  t.timings.generated_tokens = 40;
  t.timings.time_to_first_token_ms = 4.0;
  const QString shown = QLocale().toString(0.004, 'f', 2);
  EXPECT_TRUE(DisplayFormat::timings(t).contains(shown));
  EXPECT_TRUE(plot.firstTokenLabelText().contains(shown)) << plot.firstTokenLabelText().toStdString();
  EXPECT_FALSE(plot.firstTokenLabelText().contains(QLocale().toString(0.02, 'f', 2)));
  EXPECT_TRUE(plot.summaryText().contains(shown)) << plot.summaryText().toStdString();
}

// A new reply started in the previous reply's scale: a slow reply after a long, fast one was a
// flat line at the bottom of a wide plot.
TEST(ThroughputPlotItems, EachReplyStartsWithItsOwnScale) {
  ThroughputPlot plot;
  plot.resize(800, 500);
  plot.onReplyStarted(1);
  plot.onFirstToken(1, 0.1);
  for (int i = 1; i <= 20; ++i) plot.onSample(ThroughputSample{1, 0.1 + 0.25 * i, 400.0, i * 100});
  plot.onReplyFinished(finishedReply(1, 0.1, 0.1));
  plot.onReplyStarted(2);
  plot.onPromptProgress(2, 0.1);
  plot.onFirstToken(2, 0.2);
  plot.onSample(ThroughputSample{2, 0.45, 40.0, 10});
  QCPAxisRect* live = plot.plot()->axisRect(0);
  EXPECT_LT(live->axis(QCPAxis::atLeft)->range().upper, 100.0);
  EXPECT_GE(live->axis(QCPAxis::atLeft)->range().upper, 40.0);
  EXPECT_LT(live->axis(QCPAxis::atBottom)->range().upper, 1.0);
  EXPECT_GE(live->axis(QCPAxis::atBottom)->range().upper, 0.45);
  // The earlier reply is still drawn, faded.
  EXPECT_GE(plot.plot()->graphCount(), 3);
}

// Export PNG gave a 1596x222 strip of the dock, without the model's name, and said nothing.
TEST(ThroughputPlotItems, ExportIsReadableTitledAndConfirmed) {
  QTemporaryDir dir;
  QMainWindow window;
  auto* plot = new ThroughputPlot;
  window.setCentralWidget(plot);
  window.resize(1600, 260);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  plot->setModelName(QStringLiteral("stories260K"));
  plot->onReplyStarted(1);
  plot->onFirstToken(1, 0.1);
  plot->onSample(ThroughputSample{1, 0.5, 30.0, 12});
  plot->onReplyFinished(finishedReply(1, 0.1, 0.1));
  EXPECT_TRUE(plot->exportTitle().contains(QStringLiteral("stories260K")));
  EXPECT_TRUE(plot->exportTitle().contains(QLocale().toString(QDate::currentDate(), QLocale::ShortFormat)))
      << plot->exportTitle().toStdString();
  const QString path = dir.filePath(QStringLiteral("throughput.png"));
  plot->exportTo(path);
  const QImage image(path);
  ASSERT_FALSE(image.isNull());
  EXPECT_GE(image.width(), 1200);
  EXPECT_GE(image.height(), 600);
  EXPECT_TRUE(window.statusBar()->currentMessage().contains(QStringLiteral("throughput.png")))
      << window.statusBar()->currentMessage().toStdString();
  // The widget keeps its own layout (the history beside the live plot in a wide strip).
  EXPECT_TRUE(plot->historyBeside());
}

// "1234.5 tok/s" stayed English in German: the summary and the axes' tick labels use the
// interface's locale, also after a language switch.
TEST(ThroughputPlotItems, NumbersFollowTheInterfaceLocale) {
  const QLocale previous;
  ThroughputPlot plot;
  plot.resize(800, 500);
  QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
  QEvent change(QEvent::LanguageChange);
  QCoreApplication::sendEvent(&plot, &change);
  plot.onReplyStarted(1);
  plot.onFirstToken(1, 0.1);
  plot.onSample(ThroughputSample{1, 0.3, 1234.5, 1500});
  ReplyRecord r = finishedReply(1, 0.1, 0.125);
  r.generated_tokens = 1500;
  r.generation_tokens_per_second = 1234.5;
  plot.onReplyFinished(r);
  const QString summary = plot.summaryText();
  plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
  const QVector<QString> ticks = plot.plot()->axisRect(0)->axis(QCPAxis::atBottom)->tickVectorLabels();
  const QString label = plot.firstTokenLabelText();
  QLocale::setDefault(previous);
  EXPECT_TRUE(summary.contains(QStringLiteral("1.234,5"))) << summary.toStdString();
  EXPECT_TRUE(summary.contains(QStringLiteral("1.500"))) << summary.toStdString();
  EXPECT_TRUE(label.contains(QStringLiteral("0,13"))) << label.toStdString();
  ASSERT_FALSE(ticks.isEmpty());
  bool decimal_comma = false;
  for (const QString& t : ticks) {
    EXPECT_FALSE(t.contains(QLatin1Char('.'))) << t.toStdString();
    decimal_comma = decimal_comma || t.contains(QLatin1Char(','));
  }
  EXPECT_TRUE(decimal_comma);
}

}  // namespace
}  // namespace tessera::gui
