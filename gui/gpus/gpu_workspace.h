// GpuWorkspace wires the GPU features into the application: the device monitor (its own thread),
// the GPU list, the split preview and editor, the throughput sampler and plots, and two docks
// ("GPUs": panel + split editor; "Performance": throughput and memory plots).
//
// The main area gets two tabs (addCentralViews): "GPUs", the split workspace (the GPU list and a
// wide split editor on the same models as the dock's), and "Split Benchmark", the A/B benchmark of
// splits (SplitBenchView), which this runs through the EngineClient with the settings of the last
// load and whose winner it applies.
//
// It follows the EngineClient: the split chosen in the editor goes with every load
// (fillLoadSettings), "Apply" reloads a loaded model with the new split, the split a model was
// loaded with is remembered so the preview counts its memory as reclaimable, and the token stream
// feeds the throughput plot. The model to preview comes from the file the model panel shows
// (setModelFile, read off the GUI thread).
//
// GUI thread only.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QWidget>

#include <memory>
#include <optional>

#include "common/error.h"
#include "device_source.h"
#include "engine_types.h"
#include "split_bench_types.h"
#include "split_choice.h"

class QDockWidget;
class QMainWindow;
class QTabWidget;

namespace tessera {
struct ModelSpec;
}

namespace tessera::gui {

class DeviceMonitor;
class DockTitleBar;
class EngineClient;
class GpuListModel;
class GpuPanel;
class MainWindow;
class MemoryPlot;
class SplitBenchView;
class SplitEditor;
class SplitPreviewModel;
class SplitWorkspaceView;
class ThroughputPlot;
class ThroughputSampler;

struct SpecOutcome {
  quint64 sequence = 0;
  QString path;
  std::shared_ptr<const ModelSpec> spec;
  QString error;
};

class GpuWorkspace : public QObject {
  Q_OBJECT

 public:
  // Starts monitoring `source` at once (device_interval_ms between polls).
  GpuWorkspace(EngineClient* engine, std::unique_ptr<DeviceSource> source, QObject* parent = nullptr,
               int device_interval_ms = 500);
  ~GpuWorkspace() override;

  // Puts the docks into `window` and follows its model panel (file shown, context length).
  void attach(MainWindow* window);
  // The two docks (created by attach or addDocks); their titles follow the interface language.
  void addDocks(QMainWindow* window);
  QDockWidget* gpuDock() const { return gpu_dock_; }
  QDockWidget* performanceDock() const { return performance_dock_; }
  DockTitleBar* performanceTitleBar() const { return performance_title_; }
  // Adds the "GPUs" and "Split Benchmark" tabs to `window`'s main area tabs; their titles follow
  // the interface language. While one of them is current the docks step aside (DockRoom).
  void addCentralViews(QMainWindow* window, QTabWidget* tabs);

  // The model file whose split is previewed (read in the background); empty clears it.
  void setModelFile(const QString& path);
  // Context length for the preview (0 = the model's own).
  void setContextLength(int tokens);
  // Adds the edited split to a load about to start, and remembers the load for "Apply".
  void fillLoadSettings(LoadSettings* settings);

  // The parts, for tests and for the main window.
  DeviceMonitor* monitor() const { return monitor_; }
  GpuListModel* gpuModel() const { return gpu_model_; }
  SplitPreviewModel* splitModel() const { return split_model_; }
  ThroughputSampler* sampler() const { return sampler_; }
  GpuPanel* gpuPanel() const { return gpu_panel_; }
  SplitEditor* splitEditor() const { return split_editor_; }
  ThroughputPlot* throughputPlot() const { return throughput_plot_; }
  MemoryPlot* memoryPlot() const { return memory_plot_; }
  QWidget* gpuWidget() const { return gpu_widget_; }
  QWidget* performanceWidget() const { return performance_widget_; }
  SplitWorkspaceView* workspaceView() const;
  SplitBenchView* benchView() const;
  // The A/B benchmark of `splits` on the loaded model, restored afterwards to the split it was
  // loaded with (false: no model ready).
  bool runBenchmark(const QList<SplitChoice>& splits, const BenchSettings& settings);
  // Takes `choice` into the split editors and, when it differs from the loaded split, reloads the
  // model with it.
  void applyChoice(const SplitChoice& choice);
  const std::optional<SplitChoice>& loadedChoice() const { return loaded_choice_; }
  // A model is loaded and the split editor now says something else (the next Load reloads it).
  bool splitDiffersFromLoaded() const;

 signals:
  // The edited split, or the loaded one, changed: splitDiffersFromLoaded() may have changed.
  void splitEdited();
  // After each setModelFile: whether the spec could be built (error text otherwise).
  void modelSpecReady(bool ok, const QString& error);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void retranslateUi();
  void onSpecRead();
  void onModelLoaded(const ModelInfo& info);
  void onModelGone();
  void applySplit(const SplitChoice& choice);
  void updateEditorState();
  // The split editors: the dock's and the workspace's (while it exists).
  QList<SplitEditor*> editors() const;

  EngineClient* engine_;
  DeviceMonitor* monitor_;
  GpuListModel* gpu_model_;
  SplitPreviewModel* split_model_;
  ThroughputSampler* sampler_;
  GpuPanel* gpu_panel_ = nullptr;
  SplitEditor* split_editor_ = nullptr;
  ThroughputPlot* throughput_plot_ = nullptr;
  MemoryPlot* memory_plot_ = nullptr;
  QPointer<QWidget> gpu_widget_;  // QPointer: a caller may have given them another parent
  QPointer<QWidget> performance_widget_;
  QPointer<SplitWorkspaceView> workspace_view_;
  QPointer<SplitBenchView> bench_view_;
  QPointer<QTabWidget> central_tabs_;
  QDockWidget* gpu_dock_ = nullptr;
  QDockWidget* performance_dock_ = nullptr;
  DockTitleBar* performance_title_ = nullptr;

  QFutureWatcher<SpecOutcome> spec_watcher_;
  quint64 spec_sequence_ = 0;
  LoadSettings last_load_;
  SplitChoice pending_choice_;  // the split of the load in progress
  std::optional<SplitChoice> loaded_choice_;
};

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::SpecOutcome)
