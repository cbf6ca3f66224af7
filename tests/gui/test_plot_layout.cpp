// Issue 21: "labels overlap" on the throughput plot. The plots are rendered at the default size
// and at a small one (a bottom dock) with a prompt phase, a generation phase, earlier replies and
// four GPUs' memory lines, and their geometry is checked: the legend covers no data (its newest
// points included), axis titles fit beside their own axis rect and do not run into each other,
// neighbouring tick labels and the prompt / first-token labels do not overlap. With
// TESSERA_SCREENSHOT_DIR set the renders are saved (throughput-plot-*.png, memory-plot-*.png).
#include <QDir>
#include <QFontMetrics>

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <cmath>

#include "gpu_test_fixtures.h"
#include "memory_plot.h"
#include "throughput_plot.h"

namespace tessera::gui {
namespace {

void saveIfAsked(QCustomPlot* plot, const QString& name) {
  const QString dir = qEnvironmentVariable("TESSERA_SCREENSHOT_DIR");
  if (!dir.isEmpty()) plot->savePng(QDir(dir).filePath(name));
}

// Three replies; the last one's speed climbs to its maximum at its newest sample (the corner a
// top-right legend used to cover).
void feed(ThroughputPlot& plot) {
  for (int reply = 1; reply <= 3; ++reply) {
    plot.onReplyStarted(reply);
    plot.onPromptProgress(reply, 0.15);
    plot.onFirstToken(reply, 0.3);
    for (int i = 1; i <= 12; ++i)
      plot.onSample(ThroughputSample{reply, 0.3 + 0.25 * i, 20.0 + 3.0 * i + reply, i * 10});
    if (reply < 3) {
      ReplyRecord r;
      r.reply = reply;
      r.prompt_tokens = 60;
      r.prompt_tokens_per_second = 400.0;
      r.generated_tokens = 120;
      r.generation_tokens_per_second = 50.0 + reply;
      r.seen_first_token = 0.3;
      r.time_to_first_token = 0.28;
      r.seconds = 3.3;
      plot.onReplyFinished(r);
    }
  }
}

QRectF textRect(QCPItemText* item) {
  return QRectF(item->topLeft->pixelPosition(), item->bottomRight->pixelPosition()).normalized();
}

QCPItemText* itemWithText(QCustomPlot* plot, const QString& starts) {
  for (int i = 0; i < plot->itemCount(); ++i)
    if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)); t && t->visible() && t->text().startsWith(starts)) return t;
  return nullptr;
}

// Neighbouring tick labels of an axis leave a gap.
void expectTickLabelsApart(QCPAxis* axis) {
  if (!axis->visible() || !axis->tickLabels()) return;
  QVector<double> ticks;
  QVector<QString> labels;
  axis->ticker()->generate(axis->range(), axis->parentPlot()->locale(), axis->numberFormat().at(0),
                           axis->numberPrecision(), ticks, nullptr, &labels);
  const QFontMetrics fm(axis->tickLabelFont());
  const bool horizontal = axis->orientation() == Qt::Horizontal;
  double previous_end = -1e9;
  for (int i = 0; i < ticks.size(); ++i) {
    if (!axis->range().contains(ticks[i])) continue;
    const double at = axis->coordToPixel(ticks[i]);
    const double extent = horizontal ? fm.horizontalAdvance(labels[i]) : fm.height();
    const double start = (horizontal ? at : -at) - extent / 2;  // vertical axes run upwards
    EXPECT_GT(start, previous_end) << "tick label " << labels[i].toStdString() << " overlaps the one before";
    previous_end = start + extent;
  }
}

// A vertical axis title is drawn centred along its axis rect's height: it must fit in it.
void expectTitleFits(QCPAxis* axis) {
  if (!axis->visible() || axis->label().isEmpty()) return;
  const int length = QFontMetrics(axis->labelFont()).horizontalAdvance(axis->label());
  EXPECT_LE(length, axis->axisRect()->height()) << "\"" << axis->label().toStdString() << "\" is longer than its axis";
}

class PlotLayout : public testing::TestWithParam<QSize> {};

TEST_P(PlotLayout, ThroughputLabelsAndLegendDoNotOverlap) {
  const QSize size = GetParam();
  ThroughputPlot plot;
  plot.resize(size);
  plot.show();
  feed(plot);
  plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
  plot.plot()->replot(QCustomPlot::rpImmediateRefresh);  // a second pass settles what the first changed
  saveIfAsked(plot.plot(), QStringLiteral("throughput-plot-%1x%2.png").arg(size.width()).arg(size.height()));

  QCustomPlot* p = plot.plot();
  QCPAxisRect* live = p->axisRect(0);
  QCPAxisRect* history = p->axisRect(1);
  ASSERT_NE(history, nullptr);
  // The legend is visible and covers none of the live plot's data: not the newest points either.
  ASSERT_TRUE(p->legend->visible());
  const QRect legend = p->legend->outerRect();
  EXPECT_FALSE(legend.intersects(live->rect())) << "legend over the live plot";
  EXPECT_FALSE(legend.intersects(history->rect())) << "legend over the history";
  for (int g = 0; g < p->graphCount(); ++g) {
    QCPGraph* graph = p->graph(g);
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
      const QPointF at(graph->keyAxis()->coordToPixel(it->key), graph->valueAxis()->coordToPixel(it->value));
      if (live->rect().contains(at.toPoint())) {
        EXPECT_FALSE(legend.contains(at.toPoint())) << "a point under the legend";
      }
    }
  }
  // Axis titles fit their axes, and the stacked (or side-by-side) plots' titles stay apart.
  for (QCPAxisRect* rect : {live, history})
    for (QCPAxis::AxisType side : {QCPAxis::atLeft, QCPAxis::atRight}) expectTitleFits(rect->axis(side));
  // Tick labels of every axis leave gaps.
  for (QCPAxisRect* rect : {live, history})
    for (QCPAxis* axis : rect->axes()) {
      SCOPED_TRACE(axis->label().toStdString());
      expectTickLabelsApart(axis);
    }
  // The "prompt" band label and the first-token label do not overlap, and both are inside the plot.
  QCPItemText* prompt = itemWithText(p, QStringLiteral("prompt"));
  QCPItemText* first = itemWithText(p, QStringLiteral("first token"));
  ASSERT_NE(prompt, nullptr);
  ASSERT_NE(first, nullptr);
  EXPECT_FALSE(textRect(prompt).intersects(textRect(first)));
  const auto show = [](const QRectF& r) {
    return QStringLiteral("%1,%2 %3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height()).toStdString();
  };
  EXPECT_TRUE(QRectF(live->rect()).contains(textRect(prompt))) << show(textRect(prompt)) << " in " << show(live->rect());
  EXPECT_TRUE(QRectF(live->rect()).contains(textRect(first))) << show(textRect(first)) << " in " << show(live->rect());
}

TEST_P(PlotLayout, MemoryLegendCoversNoLine) {
  const QSize size = GetParam();
  MemoryPlot plot;
  plot.resize(size);
  plot.show();
  const QList<GpuDevice> gpus = test::fourGpus();
  for (int i = 0; i <= 60; ++i) {
    DeviceSnapshot snap;
    snap.devices = gpus;
    for (int d = 0; d < 4; ++d) snap.devices[d].free_bytes -= static_cast<quint64>((1.0 + d + 0.1 * i) * 1073741824.0);
    snap.taken_ms = 1700000000000 + i * 500;
    plot.addSnapshot(snap);
  }
  plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
  plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
  saveIfAsked(plot.plot(), QStringLiteral("memory-plot-%1x%2.png").arg(size.width()).arg(size.height()));
  QCustomPlot* p = plot.plot();
  ASSERT_TRUE(p->legend->visible());
  const QRect legend = p->legend->outerRect();
  EXPECT_FALSE(legend.intersects(p->axisRect()->rect())) << "legend over the lines";
  expectTitleFits(p->yAxis);
  for (QCPAxis* axis : p->axisRect()->axes()) expectTickLabelsApart(axis);
}

INSTANTIATE_TEST_SUITE_P(Sizes, PlotLayout, testing::Values(QSize(800, 500), QSize(460, 240)),
                         [](const testing::TestParamInfo<QSize>& info) {
                           return QStringLiteral("%1x%2").arg(info.param.width()).arg(info.param.height()).toStdString();
                         });

}  // namespace
}  // namespace tessera::gui
