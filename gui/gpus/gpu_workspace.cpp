#include "gpu_workspace.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QScrollArea>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "device_monitor.h"
#include "dock_room.h"
#include "dock_title_bar.h"
#include "engine_client.h"
#include "gpu_list_model.h"
#include "gpu_panel.h"
#include "main_window.h"
#include "memory_plot.h"
#include "model_panel.h"
#include "split_bench_view.h"
#include "split_editor.h"
#include "split_preview_model.h"
#include "split_workspace_view.h"
#include "throughput_plot.h"
#include "throughput_sampler.h"

namespace tessera::gui {
namespace {

SpecOutcome readSpec(quint64 sequence, const QString& path) {
  SpecOutcome out;
  out.sequence = sequence;
  out.path = path;
  auto spec = readModelSpec(path);
  if (spec) out.spec = std::move(*spec);
  else out.error = QString::fromStdString(spec.error().message);
  return out;
}

QString baseName(const QString& path) {
  const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
  return slash >= 0 ? path.mid(slash + 1) : path;
}

}  // namespace

GpuWorkspace::GpuWorkspace(EngineClient* engine, std::unique_ptr<DeviceSource> source, QObject* parent,
                           int device_interval_ms)
    : QObject(parent),
      engine_(engine),
      monitor_(new DeviceMonitor(std::move(source), device_interval_ms, this)),
      gpu_model_(new GpuListModel(this)),
      split_model_(new SplitPreviewModel(this)),
      sampler_(new ThroughputSampler(this)) {
  qRegisterMetaType<SpecOutcome>();
  gpu_panel_ = new GpuPanel(gpu_model_);
  split_editor_ = new SplitEditor(split_model_);
  throughput_plot_ = new ThroughputPlot;
  memory_plot_ = new MemoryPlot;

  // "GPUs": the live list above the split editor, scrollable when the dock is short.
  auto* gpu_content = new QWidget;
  gpu_content->setObjectName(QStringLiteral("gpuWorkspace"));
  auto* gpu_layout = new QVBoxLayout(gpu_content);
  gpu_layout->addWidget(gpu_panel_);
  gpu_layout->addWidget(split_editor_, 1);
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(gpu_content);
  gpu_widget_ = scroll;

  workspace_view_ = new SplitWorkspaceView(gpu_model_, split_model_);
  bench_view_ = new SplitBenchView(engine_, split_model_);

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
  connect(split_editor_, &SplitEditor::applyRequested, this, &GpuWorkspace::applySplit);
  connect(workspace_view_->splitEditor(), &SplitEditor::applyRequested, this, &GpuWorkspace::applySplit);
  connect(bench_view_, &SplitBenchView::runRequested, this, &GpuWorkspace::runBenchmark);
  connect(bench_view_, &SplitBenchView::applyRequested, this, &GpuWorkspace::applyChoice);
  connect(split_model_, &SplitPreviewModel::ratiosChanged, this, &GpuWorkspace::splitEdited);
  connect(split_model_, &SplitPreviewModel::planChanged, this, &GpuWorkspace::splitEdited);

  sampler_->connectTo(engine_);
  throughput_plot_->attach(sampler_);
  connect(engine_, &EngineClient::modelLoaded, this, &GpuWorkspace::onModelLoaded);
  connect(engine_, &EngineClient::modelUnloaded, this, &GpuWorkspace::onModelGone);
  connect(engine_, &EngineClient::loadFailed, this, &GpuWorkspace::onModelGone);
  connect(engine_, &EngineClient::stateChanged, this, &GpuWorkspace::updateEditorState);
  updateEditorState();
  monitor_->start();
}

GpuWorkspace::~GpuWorkspace() {
  spec_watcher_.waitForFinished();
  monitor_->stop();
  // Widgets not given to docks (or to anyone else) are ours.
  if (gpu_widget_ != nullptr && gpu_widget_->parent() == nullptr) delete gpu_widget_;
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
  if (gpu_dock_ != nullptr) gpu_dock_->setWindowTitle(tr("GPUs"));
  if (central_tabs_ != nullptr) {
    central_tabs_->setTabText(central_tabs_->indexOf(workspace_view_.data()), tr("GPUs"));
    central_tabs_->setTabText(central_tabs_->indexOf(bench_view_.data()), tr("Split Benchmark"));
  }
  if (performance_dock_ != nullptr) performance_dock_->setWindowTitle(tr("Performance"));
}

void GpuWorkspace::attach(MainWindow* window) {
  addDocks(window);
  // The split editor belongs with the model it previews: a tab next to the model panel (which stays
  // in front), and a modest plot strip at the bottom. A saved window state overrides both.
  if (auto* model_dock = window->findChild<QDockWidget*>(QStringLiteral("modelDock"))) {
    window->tabifyDockWidget(model_dock, gpu_dock_);
    model_dock->raise();
  }
  window->resizeDocks({performance_dock_}, {260}, Qt::Vertical);
  ModelPanel* panel = window->modelPanel();
  setContextLength(panel->contextLength());
  connect(panel, &ModelPanel::contextLengthChanged, this, &GpuWorkspace::setContextLength);
  connect(window, &MainWindow::previewFinished, this, [this, panel](bool ok) {
    setContextLength(panel->contextLength());
    setModelFile(ok && panel->preview() ? panel->preview()->path : QString());
  });
}

void GpuWorkspace::addDocks(QMainWindow* window) {
  if (gpu_dock_ != nullptr) return;
  gpu_dock_ = new QDockWidget(window);
  gpu_dock_->setObjectName(QStringLiteral("gpuDock"));
  gpu_dock_->setWidget(gpu_widget_);
  window->addDockWidget(Qt::LeftDockWidgetArea, gpu_dock_);
  performance_dock_ = new QDockWidget(window);
  performance_dock_->setObjectName(QStringLiteral("performanceDock"));
  performance_dock_->setWidget(performance_widget_);
  performance_title_ = new DockTitleBar(performance_dock_);  // collapsible: small screens need the room
  window->addDockWidget(Qt::BottomDockWidgetArea, performance_dock_);
  retranslateUi();
}

SplitWorkspaceView* GpuWorkspace::workspaceView() const { return workspace_view_; }

SplitBenchView* GpuWorkspace::benchView() const { return bench_view_; }

QList<SplitEditor*> GpuWorkspace::editors() const {
  QList<SplitEditor*> out{split_editor_};
  if (workspace_view_ != nullptr) out << workspace_view_->splitEditor();
  return out;
}

void GpuWorkspace::addCentralViews(QMainWindow* window, QTabWidget* tabs) {
  if (central_tabs_ != nullptr) return;
  central_tabs_ = tabs;
  tabs->addTab(workspace_view_, QString());
  tabs->addTab(bench_view_, QString());
  new DockRoom(window, tabs, {workspace_view_.data(), bench_view_.data()});
  retranslateUi();
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
  if (!out.spec) {
    split_model_->clearModel();
    emit modelSpecReady(false, out.error);
    return;
  }
  const QString name = out.spec->name.empty() ? baseName(out.path) : QString::fromStdString(out.spec->name);
  split_model_->setModel(out.spec, name);
  emit modelSpecReady(true, QString());
}

void GpuWorkspace::setContextLength(int tokens) { split_model_->setContextLength(tokens); }

void GpuWorkspace::fillLoadSettings(LoadSettings* settings) {
  settings->split = split_model_->choice();
  last_load_ = *settings;
  pending_choice_ = settings->split;
}

void GpuWorkspace::onModelLoaded(const ModelInfo& info) {
  loaded_choice_ = pending_choice_;
  // On the GPUs, the loaded model's memory comes back when it is reloaded; count it as free.
  QHash<QString, quint64> reclaimable;
  const auto& plan = split_model_->plan();
  if (info.backend.startsWith(QLatin1String("cuda"), Qt::CaseInsensitive) && plan && split_model_->choice() == *loaded_choice_) {
    for (const auto& dp : plan->devices)
      reclaimable.insert(QString::fromStdString(dp.device.uuid), dp.bytes.total());
  }
  split_model_->setReclaimable(reclaimable);
  for (SplitEditor* editor : editors()) editor->setLoadedChoice(loaded_choice_);
  updateEditorState();
}

void GpuWorkspace::onModelGone() {
  loaded_choice_.reset();
  split_model_->setReclaimable({});
  for (SplitEditor* editor : editors()) editor->setLoadedChoice(std::nullopt);
  updateEditorState();
}

void GpuWorkspace::applySplit(const SplitChoice& choice) {
  if (engine_->state() != EngineClient::State::Ready || engine_->modelPath().isEmpty()) return;
  LoadSettings settings = last_load_;
  settings.split = choice;
  last_load_ = settings;
  pending_choice_ = choice;
  engine_->load(engine_->modelPath(), settings);
}

bool GpuWorkspace::runBenchmark(const QList<SplitChoice>& splits, const BenchSettings& settings) {
  if (engine_->state() != EngineClient::State::Ready || !loaded_choice_) return false;
  // Restored afterwards: the settings of the last load, with the split the model has now.
  LoadSettings restore = last_load_;
  restore.split = *loaded_choice_;
  if (!engine_->benchmarkSplits(restore, splits, settings)) return false;
  pending_choice_ = restore.split;
  return true;
}

void GpuWorkspace::applyChoice(const SplitChoice& choice) {
  split_model_->setChoice(choice);
  if (loaded_choice_ && !(*loaded_choice_ == split_model_->choice())) applySplit(split_model_->choice());
}

void GpuWorkspace::updateEditorState() {
  for (SplitEditor* editor : editors()) editor->setModelLoaded(engine_->state() == EngineClient::State::Ready);
  emit splitEdited();
}

bool GpuWorkspace::splitDiffersFromLoaded() const {
  return engine_->hasModel() && loaded_choice_ && split_model_->deviceCount() > 0 &&
         !(*loaded_choice_ == split_model_->choice());
}

}  // namespace tessera::gui
