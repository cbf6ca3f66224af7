// GpuWorkspace wires the GPU features into the application: the device monitor (its own thread),
// the GPU list, the split preview and editor, the throughput sampler and plots, and the
// "Performance" dock (throughput and memory plots).
//
// The main area gets two tabs (addCentralViews): "GPUs", the split workspace (the GPU list and a
// wide split editor), and "Split Benchmark", the A/B benchmark of splits (SplitBenchView), which
// this runs through the EngineClient with the settings of the last load and whose winner it
// applies.
//
// It follows the EngineClient: the split chosen in the editor goes with every load
// (loadRequest), "Apply" reloads a loaded model with the new split, the split the model was loaded
// with (EngineClient::loadedRequest) counts as reclaimable in the preview, and the token stream
// feeds the throughput plot. The model to preview is the file the model panel shows
// (setModelPreview; setModelFile reads one off the GUI thread).
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

#include "device_source.h"
#include "engine_types.h"
#include "model_preview.h"
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
class MemoryPlot;
class SplitBenchModel;
class SplitBenchView;
class SplitEditor;
class SplitPreviewModel;
class SplitWorkspaceView;
class ThroughputPlot;
class ThroughputSampler;

struct SpecOutcome {
  quint64 sequence = 0;
  ModelPreview preview;
};

class GpuWorkspace : public QObject {
  Q_OBJECT

 public:
  // Starts monitoring `source` at once (device_interval_ms between polls).
  GpuWorkspace(EngineClient* engine, std::unique_ptr<DeviceSource> source, QObject* parent = nullptr,
               int device_interval_ms = 500);
  ~GpuWorkspace() override;

  // Puts the performance dock into `window`; its title follows the interface language.
  void addDocks(QMainWindow* window);
  QDockWidget* performanceDock() const { return performance_dock_; }
  DockTitleBar* performanceTitleBar() const { return performance_title_; }
  // Adds the "GPUs" and "Split Benchmark" tabs to the main area's tabs; their titles follow the
  // interface language.
  void addCentralViews(QTabWidget* tabs);

  // The model whose split is previewed: a preview read already (nullopt or an unusable file clears
  // it), or a file to read in the background (empty clears it). modelSpecReady follows either.
  void setModelPreview(const std::optional<ModelPreview>& preview);
  void setModelFile(const QString& path);
  // Context length for the preview (0 = the model's own).
  void setContextLength(int tokens);
  // A load with the context length `context_length` (0: the model's own) and the split and KV
  // cache type chosen in the editor.
  LoadRequest loadRequest(int context_length) const;

  // The parts, for tests and for the main window.
  DeviceMonitor* monitor() const { return monitor_; }
  GpuListModel* gpuModel() const { return gpu_model_; }
  SplitPreviewModel* splitModel() const { return split_model_; }
  ThroughputSampler* sampler() const { return sampler_; }
  ThroughputPlot* throughputPlot() const { return throughput_plot_; }
  MemoryPlot* memoryPlot() const { return memory_plot_; }
  QWidget* performanceWidget() const { return performance_widget_; }
  SplitWorkspaceView* workspaceView() const;
  SplitBenchView* benchView() const;
  SplitBenchModel* benchModel() const { return bench_model_; }
  // The A/B benchmark of `splits` on the loaded model, restored afterwards to the split it was
  // loaded with (false: no model ready).
  bool runBenchmark(const QList<SplitChoice>& splits, const BenchSettings& settings);
  // Takes `choice` into the split editors and, when it differs from the loaded split, reloads the
  // model with it.
  void applyChoice(const SplitChoice& choice);
  // The split the loaded model was loaded with (nullopt: none is loaded).
  std::optional<SplitChoice> loadedChoice() const;
  // A model is loaded and the split editor now says something else (the next Load reloads it).
  bool splitDiffersFromLoaded() const;

 signals:
  // The edited split, or the loaded one, changed: splitDiffersFromLoaded() may have changed.
  void splitEdited();
  // After each setModelFile/setModelPreview: whether the spec could be built (error text otherwise).
  void modelSpecReady(bool ok, const QString& error);
  // A split was applied (Apply, Apply the Winner): the model reloads with it. For the status bar.
  void splitApplied(const tessera::gui::SplitChoice& choice);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void retranslateUi();
  void onSpecRead();
  void showModel(const std::optional<ModelPreview>& preview);
  void onModelLoaded(const tessera::ModelInfo& info);
  void onModelGone();
  void applySplit(const SplitChoice& choice);
  void updateEditorState();
  // The workspace's split editor (null once the workspace view is gone).
  SplitEditor* editor() const;

  EngineClient* engine_;
  DeviceMonitor* monitor_;
  GpuListModel* gpu_model_;
  SplitPreviewModel* split_model_;
  ThroughputSampler* sampler_;
  SplitBenchModel* bench_model_;
  ThroughputPlot* throughput_plot_ = nullptr;
  MemoryPlot* memory_plot_ = nullptr;
  QPointer<QWidget> performance_widget_;  // QPointer: a caller may have given them another parent
  QPointer<SplitWorkspaceView> workspace_view_;
  QPointer<SplitBenchView> bench_view_;
  QPointer<QTabWidget> central_tabs_;
  QDockWidget* performance_dock_ = nullptr;
  DockTitleBar* performance_title_ = nullptr;

  QFutureWatcher<SpecOutcome> spec_watcher_;
  quint64 spec_sequence_ = 0;
  // The shapes of the model being loaded and of the one loaded (the benchmark plans the loaded
  // model, which the preview may no longer show).
  std::shared_ptr<const ModelSpec> loading_spec_;
  std::shared_ptr<const ModelSpec> loaded_spec_;
};

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::SpecOutcome)
