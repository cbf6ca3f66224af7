#include "gpu_workspace.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QTabWidget>
#include <QtConcurrent>

#include "device_monitor.h"
#include "dock_title_bar.h"
#include "engine_client.h"
#include "gpu_list_model.h"
#include "memory_plot.h"
#include "split_bench_model.h"
#include "split_bench_view.h"
#include "split_editor.h"
#include "split_preview_model.h"
#include "split_workspace_view.h"
#include "throughput_plot.h"
#include "throughput_sampler.h"

namespace tessera::gui {
namespace {

SpecOutcome readSpec(quint64 sequence, const QString& path) { return SpecOutcome{sequence, readModelPreview(path)}; }

}  // namespace

GpuWorkspace::GpuWorkspace(EngineClient* engine, std::unique_ptr<DeviceSource> source, QObject* parent,
                           int device_interval_ms)
    : QObject(parent),
      engine_(engine),
      monitor_(new DeviceMonitor(std::move(source), device_interval_ms, this)),
      gpu_model_(new GpuListModel(this)),
      split_model_(new SplitPreviewModel(this)),
      sampler_(new ThroughputSampler(this)),
      bench_model_(new SplitBenchModel(engine, split_model_, this)) {
  qRegisterMetaType<SpecOutcome>();
  throughput_plot_ = new ThroughputPlot;
  memory_plot_ = new MemoryPlot;

  workspace_view_ = new SplitWorkspaceView(gpu_model_, split_model_);
  bench_view_ = new SplitBenchView(bench_model_);

  auto* tabs = new QTabWidget;
  tabs->setObjectName(QStringLiteral("performanceTabs"));
  tabs->addTab(throughput_plot_, QString());
  tabs->addTab(memory_plot_, QString());
  performance_widget_ = tabs;
  // This is no widget, so it gets no LanguageChange of its own: it hears the one its tab widget
  // gets (every widget does, wherever it is shown) and re-titles the tabs and docks.
  tabs->installEventFilter(this);
  retranslateUi();

  connect(monitor_, &DeviceMonitor::snapshotReady, gpu_model_, &GpuListModel::setSnapshot);
  connect(monitor_, &DeviceMonitor::snapshotReady, memory_plot_, &MemoryPlot::addSnapshot);
  connect(monitor_, &DeviceMonitor::snapshotReady, split_model_,
          [this](const DeviceSnapshot& s) { split_model_->setDevices(s.devices); });
  connect(&spec_watcher_, &QFutureWatcher<SpecOutcome>::finished, this, &GpuWorkspace::onSpecRead);
  connect(workspace_view_->splitEditor(), &SplitEditor::applyRequested, this, &GpuWorkspace::applySplit);
  connect(bench_model_, &SplitBenchModel::runRequested, this, &GpuWorkspace::runBenchmark);
  connect(bench_view_, &SplitBenchView::applyRequested, this, &GpuWorkspace::applyChoice);
  connect(split_model_, &SplitPreviewModel::ratiosChanged, this, &GpuWorkspace::splitEdited);
  connect(split_model_, &SplitPreviewModel::planChanged, this, &GpuWorkspace::splitEdited);

  sampler_->connectTo(engine_);
  throughput_plot_->attach(sampler_);
  connect(engine_, &EngineClient::loadStarted, this, [this](const QString& path) {
    const auto& previewed = split_model_->sharedSpec();
    if (previewed && QString::fromStdString(previewed->source_path) == path) loading_spec_ = previewed;
    else if (loaded_spec_ && QString::fromStdString(loaded_spec_->source_path) == path) loading_spec_ = loaded_spec_;
    else loading_spec_.reset();
  });
  connect(engine_, &EngineClient::modelLoaded, this, [this](const tessera::ModelInfo& info) {
    loaded_spec_ = loading_spec_;
    onModelLoaded(info);
  });
  connect(engine_, &EngineClient::modelUnloaded, this, &GpuWorkspace::onModelGone);
  // A refused file leaves the model loaded as it was.
  connect(engine_, &EngineClient::loadFailed, this, [this] {
    if (engine_->hasModel()) onModelLoaded(engine_->model());
    else onModelGone();
  });
  connect(engine_, &EngineClient::stateChanged, this, &GpuWorkspace::updateEditorState);
  updateEditorState();
  monitor_->start();
}

GpuWorkspace::~GpuWorkspace() {
  spec_watcher_.waitForFinished();
  monitor_->stop();
  // Widgets not given to docks (or to anyone else) are ours.
  if (performance_widget_ != nullptr && performance_widget_->parent() == nullptr) delete performance_widget_;
  if (workspace_view_ != nullptr && workspace_view_->parent() == nullptr) delete workspace_view_;
  if (bench_view_ != nullptr && bench_view_->parent() == nullptr) delete bench_view_;
}

bool GpuWorkspace::eventFilter(QObject* watched, QEvent* event) {
  if (watched == performance_widget_ && event->type() == QEvent::LanguageChange) retranslateUi();
  return QObject::eventFilter(watched, event);
}

void GpuWorkspace::retranslateUi() {
  if (auto* tabs = qobject_cast<QTabWidget*>(performance_widget_.data())) {
    tabs->setTabText(tabs->indexOf(throughput_plot_), tr("Throughput"));
    tabs->setTabText(tabs->indexOf(memory_plot_), tr("GPU Memory"));
  }
  if (central_tabs_ != nullptr) {
    central_tabs_->setTabText(central_tabs_->indexOf(workspace_view_.data()), tr("GPUs"));
    central_tabs_->setTabText(central_tabs_->indexOf(bench_view_.data()), tr("Split Benchmark"));
  }
  if (performance_dock_ != nullptr) performance_dock_->setWindowTitle(tr("Performance"));
}

void GpuWorkspace::addDocks(QMainWindow* window) {
  if (performance_dock_ != nullptr) return;
  performance_dock_ = new QDockWidget(window);
  performance_dock_->setObjectName(QStringLiteral("performanceDock"));
  performance_dock_->setWidget(performance_widget_);
  performance_title_ = new DockTitleBar(performance_dock_);  // collapsible: small screens need the room
  window->addDockWidget(Qt::BottomDockWidgetArea, performance_dock_);
  retranslateUi();
}

SplitWorkspaceView* GpuWorkspace::workspaceView() const { return workspace_view_; }

SplitBenchView* GpuWorkspace::benchView() const { return bench_view_; }

SplitEditor* GpuWorkspace::editor() const { return workspace_view_ != nullptr ? workspace_view_->splitEditor() : nullptr; }

void GpuWorkspace::addCentralViews(QTabWidget* tabs) {
  if (central_tabs_ != nullptr) return;
  central_tabs_ = tabs;
  tabs->addTab(workspace_view_, QString());
  tabs->addTab(bench_view_, QString());
  retranslateUi();
}

void GpuWorkspace::setModelPreview(const std::optional<ModelPreview>& preview) {
  ++spec_sequence_;  // a file still being read is not wanted any more
  showModel(preview);
}

void GpuWorkspace::showModel(const std::optional<ModelPreview>& preview) {
  if (!preview || !preview->spec) {
    split_model_->clearModel();
    if (preview) emit modelSpecReady(false, preview->reason);
    return;
  }
  split_model_->setModel(preview->spec, preview->name());
  emit modelSpecReady(true, QString());
}

void GpuWorkspace::setModelFile(const QString& path) {
  const quint64 sequence = ++spec_sequence_;
  if (path.isEmpty()) {
    split_model_->clearModel();
    return;
  }
  spec_watcher_.setFuture(QtConcurrent::run(readSpec, sequence, path));
}

void GpuWorkspace::onSpecRead() {
  const SpecOutcome out = spec_watcher_.result();
  if (out.sequence != spec_sequence_) return;  // a newer file was chosen meanwhile
  showModel(out.preview);
}

void GpuWorkspace::setContextLength(int tokens) { split_model_->setContextLength(tokens); }

LoadRequest GpuWorkspace::loadRequest(int context_length) const {
  LoadRequest load;
  load.settings.n_ctx = context_length;
  load.settings.kv_type = split_model_->kvCacheType();
  load.split = split_model_->choice();
  return load;
}

std::optional<SplitChoice> GpuWorkspace::loadedChoice() const {
  if (!engine_->loadedRequest()) return std::nullopt;
  return engine_->loadedRequest()->split;
}

void GpuWorkspace::onModelLoaded(const tessera::ModelInfo& info) {
  const std::optional<SplitChoice> loaded = loadedChoice();
  // On the GPUs, the loaded model's memory comes back when it is reloaded; count it as free.
  QHash<QString, quint64> reclaimable;
  const auto& plan = split_model_->plan();
  const bool cuda = QString::fromStdString(info.backend).startsWith(QLatin1String("cuda"), Qt::CaseInsensitive);
  if (cuda && plan && loaded && split_model_->choice().loadsLike(*loaded)) {
    for (const auto& dp : plan->devices)
      reclaimable.insert(QString::fromStdString(dp.device.uuid), dp.bytes.total());
  }
  split_model_->setReclaimable(reclaimable);
  if (SplitEditor* e = editor()) e->setLoadedChoice(loaded);
  if (const auto& request = engine_->loadedRequest())
    bench_model_->setMeasuredModel(loaded_spec_, engine_->modelPath(), info.n_ctx, request->settings.kv_type);
  updateEditorState();
}

void GpuWorkspace::onModelGone() {
  // The benchmark replaces the model split by split: it is still the one measured.
  if (!engine_->isBenchmarking()) {
    loaded_spec_.reset();
    bench_model_->setMeasuredModel(nullptr, QString(), 0, tessera::KvCacheType::F16);
  }
  split_model_->setReclaimable({});
  if (SplitEditor* e = editor()) e->setLoadedChoice(std::nullopt);
  updateEditorState();
}

void GpuWorkspace::applySplit(const SplitChoice& choice) {
  if (engine_->state() != EngineClient::State::Ready || engine_->modelPath().isEmpty() || !engine_->loadedRequest())
    return;
  LoadRequest load = *engine_->loadedRequest();
  load.split = choice;
  load.settings.kv_type = split_model_->kvCacheType();
  emit splitApplied(choice);
  engine_->load(engine_->modelPath(), load);
}

bool GpuWorkspace::runBenchmark(const QList<SplitChoice>& splits, const BenchSettings& settings) {
  if (engine_->state() != EngineClient::State::Ready || !engine_->loadedRequest()) return false;
  // Restored afterwards: the model as it is loaded now.
  return engine_->benchmarkSplits(splits, settings);
}

void GpuWorkspace::applyChoice(const SplitChoice& choice) {
  split_model_->setChoice(choice);
  const std::optional<SplitChoice> loaded = loadedChoice();
  if (loaded && !loaded->loadsLike(split_model_->choice())) applySplit(split_model_->choice());
}

void GpuWorkspace::updateEditorState() {
  if (SplitEditor* e = editor()) e->setModelLoaded(engine_->state() == EngineClient::State::Ready);
  emit splitEdited();
}

bool GpuWorkspace::splitDiffersFromLoaded() const {
  const std::optional<LoadRequest>& loaded = engine_->loadedRequest();
  if (!engine_->hasModel() || !loaded) return false;
  // The KV cache type is chosen with the split and counts on the CPU too.
  if (loaded->settings.kv_type != split_model_->kvCacheType()) return true;
  return split_model_->deviceCount() > 0 && !loaded->split.loadsLike(split_model_->choice());
}

}  // namespace tessera::gui
