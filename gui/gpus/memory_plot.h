// Memory used on each GPU over time (QCustomPlot), one line per GPU (keyed by UUID, so a GPU keeps
// its line and colour), fed by the device monitor's snapshots. Keeps the last kWindowSeconds.
// "Export PNG…" saves it.
#pragma once

#include <QHash>
#include <QWidget>

#include "gpu_device.h"

class QCustomPlot;
class QCPGraph;
class QLabel;
class QToolButton;

namespace tessera::gui {

class MemoryPlot : public QWidget {
  Q_OBJECT

 public:
  // Whether it says that there is no GPU (none was seen yet) rather than plotting.
  bool showsNoGpu() const;
  static constexpr double kWindowSeconds = 300.0;

  explicit MemoryPlot(QWidget* parent = nullptr);

  bool exportPng(const QString& path, int width = 0, int height = 0);

  // For tests.
  QCustomPlot* plot() const { return plot_; }
  int graphCount() const { return static_cast<int>(graphs_.size()); }
  int pointCount(const QString& uuid) const;
  QToolButton* exportButton() const { return export_; }

 public slots:
  void addSnapshot(const tessera::gui::DeviceSnapshot& snapshot);
  void chooseExportFile();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void showPlot(bool gpus);
  static QString graphName(const GpuDevice& device);

  QLabel* title_;
  QToolButton* export_;
  QCustomPlot* plot_;
  QLabel* no_gpu_;  // shown instead of the plot while no GPU was seen
  QHash<QString, QCPGraph*> graphs_;  // by UUID
  QHash<QString, GpuDevice> devices_;  // by UUID, as last seen: the legend is re-worded from it
  qint64 start_ms_ = -1;
  double max_total_gib_ = 1.0;
};

}  // namespace tessera::gui
