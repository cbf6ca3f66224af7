#include "memory_plot.h"

#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

#include <qcustomplot.h>

#include "memory_bar.h"
#include "plot_legend.h"

namespace tessera::gui {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

}  // namespace

MemoryPlot::MemoryPlot(QWidget* parent)
    : QWidget(parent),
      title_(new QLabel(this)),
      export_(new QToolButton(this)),
      plot_(new QCustomPlot(this)),
      no_gpu_(new QLabel(this)) {
  setObjectName(QStringLiteral("memoryPlot"));
  export_->setObjectName(QStringLiteral("exportMemoryPng"));
  connect(export_, &QToolButton::clicked, this, &MemoryPlot::chooseExportFile);
  auto* bar = new QHBoxLayout;
  bar->addWidget(title_, 1);
  bar->addWidget(export_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(bar);
  layout->addWidget(plot_, 1);
  // Without a GPU there is nothing to plot: a sentence says so instead of empty, squashed axes.
  no_gpu_->setObjectName(QStringLiteral("noGpuLabel"));
  no_gpu_->setAlignment(Qt::AlignCenter);
  no_gpu_->setWordWrap(true);
  layout->addWidget(no_gpu_, 1);
  plot_->setMinimumHeight(160);
  plot_->setBackground(palette().color(QPalette::Base));
  for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
    a->setLabelColor(palette().color(QPalette::Text));
    a->setTickLabelColor(palette().color(QPalette::Text));
    a->setBasePen(QPen(palette().color(QPalette::Mid)));
  }
  plot_->xAxis->setRange(0, 10);
  plot_->yAxis->setRange(0, 1);
  plot_->legend->setVisible(false);  // shown with the first line: an empty legend box says nothing
  QColor legend_background = palette().color(QPalette::Base);  // readable in dark themes too
  legend_background.setAlpha(220);
  plot_->legend->setBrush(legend_background);
  plot_->legend->setTextColor(palette().color(QPalette::Text));
  // Above the lines, not over them (the oldest samples sat under it).
  placeLegendAbove(plot_, plot_->axisRect());
  connect(plot_, &QCustomPlot::afterLayout, this, [this] {
    if (wrapLegend(plot_->legend, plot_->axisRect()->outerRect().width())) plot_->replot(QCustomPlot::rpQueuedReplot);
  });
  showPlot(false);
  retranslateUi();
}

void MemoryPlot::showPlot(bool gpus) {
  if (plot_->isHidden() != gpus) return;
  plot_->setVisible(gpus);
  export_->setEnabled(gpus);
  no_gpu_->setVisible(!gpus);
  // The plot was hidden while the layout last ran, so it still has a placeholder size: lay it out
  // now, or the replot that follows the first snapshot draws its axes squeezed into that size.
  layout()->activate();
}

bool MemoryPlot::showsNoGpu() const { return !no_gpu_->isHidden(); }

void MemoryPlot::retranslateUi() {
  // QCustomPlot fixes its tick labels' locale when it is made; follow the interface's.
  plot_->setLocale(QLocale());
  title_->setText(tr("GPU memory in use over time"));
  export_->setText(tr("Export PNG…"));
  export_->setToolTip(tr("Save this plot as a PNG image"));
  //: The GPU memory plot on a machine without a usable GPU.
  no_gpu_->setText(tr("No GPU is in use: the model runs on the CPU, so there is no GPU memory to plot."));
  plot_->xAxis->setLabel(tr("seconds"));
  plot_->yAxis->setLabel(tr("GiB used"));
  for (auto it = graphs_.constBegin(); it != graphs_.constEnd(); ++it) it.value()->setName(graphName(devices_.value(it.key())));
  plot_->replot();
}

void MemoryPlot::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

QString MemoryPlot::graphName(const GpuDevice& d) {
  //: A GPU in the legend: its CUDA index and its name ("0: NVIDIA H200").
  return tr("%1: %2").arg(d.index).arg(d.name);
}

int MemoryPlot::pointCount(const QString& uuid) const {
  const QCPGraph* g = graphs_.value(uuid, nullptr);
  return g != nullptr ? g->data()->size() : 0;
}

void MemoryPlot::addSnapshot(const DeviceSnapshot& snapshot) {
  showPlot(!snapshot.devices.isEmpty() || !graphs_.isEmpty());
  if (snapshot.devices.isEmpty()) return;
  if (start_ms_ < 0) start_ms_ = snapshot.taken_ms;
  const double t = (snapshot.taken_ms - start_ms_) / 1000.0;
  for (const GpuDevice& d : snapshot.devices) {
    QCPGraph* g = graphs_.value(d.uuid, nullptr);
    if (g == nullptr) {
      g = plot_->addGraph();
      g->setPen(QPen(MemoryColors::device(static_cast<int>(graphs_.size())), 2));
      graphs_.insert(d.uuid, g);
      plot_->legend->setVisible(true);
    }
    devices_.insert(d.uuid, d);
    g->setName(graphName(d));
    g->addData(t, d.usedBytes() / kGiB);
    g->data()->removeBefore(t - kWindowSeconds);
    max_total_gib_ = std::max(max_total_gib_, d.total_bytes / kGiB);
  }
  plot_->xAxis->setRange(std::max(0.0, t - kWindowSeconds), std::max(10.0, t));
  plot_->yAxis->setRange(0, max_total_gib_ * 1.05);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

bool MemoryPlot::exportPng(const QString& path, int width, int height) {
  plot_->replot();
  return plot_->savePng(path, width, height);
}

void MemoryPlot::chooseExportFile() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Memory Plot"), tr("gpu-memory.png"),
                                                    tr("PNG images (*.png)"));
  if (!path.isEmpty()) exportPng(path);
}

}  // namespace tessera::gui
