#include "screenshot_tour.h"

#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTextStream>
#include <QTimer>

#include <optional>

#include "chat_controller.h"
#include "chat_panel.h"
#include "device_monitor.h"
#include "display_format.h"
#include "engine_client.h"
#include "error_banner.h"
#include "gpu_list_model.h"
#include "gpu_workspace.h"
#include "main_window.h"
#include "memory_plot.h"
#include "sampling_panel.h"
#include "split_bench_view.h"
#include "split_editor.h"
#include "split_preview_model.h"
#include "split_workspace_view.h"
#include "throughput_plot.h"

namespace tessera::gui {
namespace {

// Waits, in a nested event loop, until `done` holds; `done` is asked again after each of the
// signals named with on(), and the wait gives up after the timeout. No fixed sleeps: a step ends
// as soon as the signal that finishes it arrives.
class SignalWait {
 public:
  template <typename Sender, typename Signal>
  SignalWait& on(Sender* sender, Signal signal) {
    connections_.append(QObject::connect(sender, signal, &loop_, [this] { check(); }));
    return *this;
  }
  // True when `done` held before `timeout_ms` passed.
  bool until(std::function<bool()> done, int timeout_ms) {
    done_ = std::move(done);
    if (done_()) return finish(true);
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop_, &QEventLoop::quit);
    timer.start(timeout_ms);
    loop_.exec();
    return finish(done_());
  }

 private:
  void check() {
    if (done_ && done_()) loop_.quit();
  }
  bool finish(bool ok) {
    for (const QMetaObject::Connection& c : connections_) QObject::disconnect(c);
    connections_.clear();
    return ok;
  }

  QEventLoop loop_;
  QList<QMetaObject::Connection> connections_;
  std::function<bool()> done_;
};

QString seconds(int ms) { return QStringLiteral("%1 s").arg(ms / 1000.0, 0, 'f', 0); }

QString describe(const EngineError& error) { return error.message; }

}  // namespace

ScreenshotTour::ScreenshotTour(MainWindow* window, TourOptions options) : window_(window), options_(std::move(options)) {}

QStringList ScreenshotTour::stepNames() {
  return {QStringLiteral("gpus"),   QStringLiteral("load"),      QStringLiteral("apply"), QStringLiteral("generate"),
          QStringLiteral("memory"), QStringLiteral("benchmark"), QStringLiteral("save")};
}

TourResult ScreenshotTour::run() {
  result_ = TourResult{};
  if (!QDir().mkpath(options_.out_dir)) {
    result_.failed_step = QStringLiteral("save");
    result_.message = QStringLiteral("cannot create the folder %1").arg(options_.out_dir);
    return result_;
  }
  window_->resize(options_.window_size);
  window_->resetLayout();  // the layout a window of that size opens with
  window_->show();
  using Step = Outcome (ScreenshotTour::*)();
  const Step steps[] = {&ScreenshotTour::showGpus, &ScreenshotTour::loadModel,  &ScreenshotTour::applySplit,
                        &ScreenshotTour::generate, &ScreenshotTour::showMemory, &ScreenshotTour::benchmark};
  const QStringList names = stepNames();
  for (size_t i = 0; i < std::size(steps); ++i) {
    const QString& name = names[static_cast<qsizetype>(i)];
    if (log_) log_(QStringLiteral("tour: %1 …").arg(name));
    QElapsedTimer clock;
    clock.start();
    if (Outcome failure = (this->*steps[i])()) {
      result_.failed_step = name;
      result_.message = failure->message;
      writeSummary();  // what was seen up to here helps to find out why
      return result_;
    }
    if (log_) log_(QStringLiteral("tour: %1 done in %2 ms").arg(name).arg(clock.elapsed()));
  }
  if (!writeSummary()) {
    result_.failed_step = QStringLiteral("save");
    result_.message = QStringLiteral("cannot write %1").arg(QDir(options_.out_dir).filePath(QStringLiteral("tour.txt")));
    return result_;
  }
  result_.ok = true;
  return result_;
}

ScreenshotTour::Outcome ScreenshotTour::save(const QString& name) {
  const QString path = QDir(options_.out_dir).filePath(name);
  const QImage image = window_->grab().toImage();
  if (image.isNull() || !image.save(path)) return Failure{QStringLiteral("cannot save the picture %1").arg(path)};
  result_.pictures << path;
  if (log_) log_(QStringLiteral("tour: saved %1 (%2×%3)").arg(path).arg(image.width()).arg(image.height()));
  return std::nullopt;
}

ScreenshotTour::Outcome ScreenshotTour::showGpus() {
  GpuWorkspace* ws = window_->gpuWorkspace();
  window_->centralTabs()->setCurrentWidget(ws->workspaceView());
  // Live memory: two polls seen after the window is up, so the figures are the monitor's, not a
  // first guess.
  int polls = 0;
  auto counter = QObject::connect(ws->monitor(), &DeviceMonitor::snapshotReady, [&polls] { ++polls; });
  const bool seen = SignalWait().on(ws->monitor(), &DeviceMonitor::snapshotReady).until([&] { return polls >= 2; }, options_.step_timeout_ms);
  QObject::disconnect(counter);
  const DeviceSnapshot& s = ws->gpuModel()->snapshot();
  if (!seen) return Failure{QStringLiteral("the GPU monitor did not answer twice in %1").arg(seconds(options_.step_timeout_ms))};
  if (s.devices.size() < 2) {
    const QString why = !s.unavailable_reason.isEmpty() ? s.unavailable_reason : !s.error.isEmpty() ? s.error : QString();
    return Failure{QStringLiteral("the split steps need two GPUs; the GPU list shows %1%2")
                       .arg(s.devices.size())
                       .arg(why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why))};
  }
  summary_ << QStringLiteral("GPUs (%1):").arg(s.devices.size());
  for (const GpuDevice& g : s.devices)
    summary_ << QStringLiteral("  %1: %2, compute %3, %4 free of %5")
                    .arg(g.index)
                    .arg(g.name, g.computeCapability(), DisplayFormat::bytes(g.free_bytes), DisplayFormat::bytes(g.total_bytes));
  return save(QStringLiteral("01-gpus.png"));
}

ScreenshotTour::Outcome ScreenshotTour::loadModel() {
  EngineClient* engine = window_->engine();
  GpuWorkspace* ws = window_->gpuWorkspace();
  std::optional<EngineError> failed;
  auto on_fail = QObject::connect(engine, &EngineClient::loadFailed, [&failed](const EngineError& e) { failed = e; });
  std::optional<bool> preview;
  auto on_preview = QObject::connect(window_, &MainWindow::previewFinished, [&preview](bool ok) { preview = ok; });
  QElapsedTimer clock;
  clock.start();
  window_->openModel(options_.model, true);
  // Loaded, and the split preview has the model's spec (read in the background), so the
  // workspace shows the projection of the loaded split.
  const bool done = SignalWait()
                        .on(window_, &MainWindow::previewFinished)
                        .on(engine, &EngineClient::stateChanged)
                        .on(engine, &EngineClient::modelLoaded)  // after the workspace took the loaded split
                        .on(engine, &EngineClient::loadFailed)
                        .on(ws, &GpuWorkspace::modelSpecReady)
                        .on(ws, &GpuWorkspace::splitEdited)
                        .until([&] {
                          return failed || (preview && !*preview) ||
                                 (engine->state() == EngineClient::State::Ready && ws->splitModel()->hasModel() &&
                                  ws->loadedChoice().has_value());
                        },
                                options_.step_timeout_ms);
  QObject::disconnect(on_fail);
  QObject::disconnect(on_preview);
  if (preview && !*preview)
    return Failure{QStringLiteral("cannot read %1: %2").arg(options_.model, window_->banner()->title())};
  if (failed) return Failure{QStringLiteral("loading %1 failed: %2").arg(options_.model, describe(*failed))};
  if (!done) return Failure{QStringLiteral("%1 did not load in %2").arg(options_.model, seconds(options_.step_timeout_ms))};
  const tessera::ModelInfo& info = engine->model();
  summary_ << QStringLiteral("Model: %1 (%2, %3 parameters, %4 layers, context %5)")
                  .arg(options_.model, QString::fromStdString(info.architecture),
                       DisplayFormat::parameterCount(info.parameter_count))
                  .arg(info.n_layer)
                  .arg(info.n_ctx);
  summary_ << QStringLiteral("Backend: %1; loaded in %2 ms").arg(QString::fromStdString(info.backend)).arg(clock.elapsed());
  window_->centralTabs()->setCurrentWidget(ws->workspaceView());
  return save(QStringLiteral("02-split-before.png"));
}

ScreenshotTour::Outcome ScreenshotTour::applySplit() {
  EngineClient* engine = window_->engine();
  GpuWorkspace* ws = window_->gpuWorkspace();
  SplitEditor* editor = ws->workspaceView()->splitEditor();
  if (editor->rowCount() < 2) return Failure{QStringLiteral("the split editor shows %1 GPU(s), not two").arg(editor->rowCount())};
  const SplitChoice before = *ws->loadedChoice();
  // As a user would: type the shares into GPU 0's and GPU 1's boxes, then press Apply.
  editor->spinBox(0)->setValue(70.0);
  editor->spinBox(1)->setValue(30.0);
  const SplitChoice target = ws->splitModel()->choice();
  if (target.loadsLike(before)) return Failure{QStringLiteral("typing 70 % and 30 % did not change the split")};
  if (!editor->applyButton()->isEnabled()) return Failure{QStringLiteral("Apply is not enabled after the split changed")};
  std::optional<EngineError> failed;
  auto on_fail = QObject::connect(engine, &EngineClient::loadFailed, [&failed](const EngineError& e) { failed = e; });
  QElapsedTimer clock;
  clock.start();
  editor->applyButton()->click();
  const bool done = SignalWait()
                        .on(engine, &EngineClient::stateChanged)
                        .on(engine, &EngineClient::modelLoaded)
                        .on(engine, &EngineClient::loadFailed)
                        .on(ws, &GpuWorkspace::splitEdited)
                        .until([&] {
                          return failed || (engine->state() == EngineClient::State::Ready && ws->loadedChoice() &&
                                            ws->loadedChoice()->loadsLike(target));
                        },
                                options_.step_timeout_ms);
  QObject::disconnect(on_fail);
  if (failed) return Failure{QStringLiteral("reloading with the new split failed: %1").arg(describe(*failed))};
  if (!done) return Failure{QStringLiteral("Apply did not reload the model in %1").arg(seconds(options_.step_timeout_ms))};
  summary_ << QStringLiteral("Split applied: %1 (reload %2 ms)").arg(ws->benchView()->describeSplit(target)).arg(clock.elapsed());
  summary_ << QStringLiteral("Backend after Apply: %1").arg(QString::fromStdString(engine->model().backend));
  return save(QStringLiteral("03-split-after.png"));
}

ScreenshotTour::Outcome ScreenshotTour::generate() {
  EngineClient* engine = window_->engine();
  GpuWorkspace* ws = window_->gpuWorkspace();
  window_->centralTabs()->setCurrentWidget(window_->chatPanel());
  // The performance dock in view, tall enough to read, on its throughput tab.
  ws->performanceDock()->show();
  ws->performanceDock()->raise();
  window_->resizeDocks({ws->performanceDock()}, {options_.window_size.height() * 2 / 5}, Qt::Vertical);
  if (auto* tabs = qobject_cast<QTabWidget*>(ws->performanceWidget())) tabs->setCurrentWidget(ws->throughputPlot());

  ReplySettings s = window_->samplingPanel()->settings();
  s.max_tokens = options_.reply_tokens;
  s.sampling.seed = 42;
  window_->samplingPanel()->setSettings(s);
  window_->chat()->setReplySettings(s);

  int tokens = 0;
  auto on_text = QObject::connect(engine, &EngineClient::textGenerated, [&tokens](const QString&, int n) { tokens += n; });
  std::optional<ReplyStats> timings;
  auto on_done = QObject::connect(engine, &EngineClient::generationFinished,
                                  [&timings](const ReplyStats& t) { timings = t; });
  std::optional<EngineError> failed;
  auto on_fail = QObject::connect(engine, &EngineClient::generationFailed, [&failed](const EngineError& e) { failed = e; });
  auto disconnect_all = [&] {
    QObject::disconnect(on_text);
    QObject::disconnect(on_done);
    QObject::disconnect(on_fail);
  };
  if (!window_->chat()->send(options_.prompt)) {
    disconnect_all();
    return Failure{QStringLiteral("the chat did not send the prompt (state: model %1)").arg(engine->hasModel() ? QStringLiteral("ready") : QStringLiteral("not loaded"))};
  }
  // "During": half the reply streamed (or the reply ended sooner, at end-of-text).
  const bool half = SignalWait()
                        .on(engine, &EngineClient::textGenerated)
                        .on(window_->chat(), &ChatController::streamingChanged)
                        .until([&] { return tokens >= options_.reply_tokens / 2 || !window_->chat()->isStreaming(); },
                               options_.step_timeout_ms);
  if (!half) {
    disconnect_all();
    return Failure{QStringLiteral("%1 tokens in %2, not half of %3").arg(tokens).arg(seconds(options_.step_timeout_ms)).arg(options_.reply_tokens)};
  }
  const int tokens_during = tokens;
  const bool streaming_during = window_->chat()->isStreaming();
  if (Outcome failure = save(QStringLiteral("04-throughput-during.png"))) {
    disconnect_all();
    return failure;
  }
  const bool finished = SignalWait()
                            .on(window_->chat(), &ChatController::streamingChanged)
                            .until([&] { return !window_->chat()->isStreaming(); }, options_.step_timeout_ms);
  disconnect_all();
  if (failed) return Failure{QStringLiteral("the reply failed: %1").arg(describe(*failed))};
  if (!finished) return Failure{QStringLiteral("the reply did not finish in %1").arg(seconds(options_.step_timeout_ms))};
  summary_ << QStringLiteral("Reply: asked for %1 tokens; the during picture was taken at %2 tokens%3")
                  .arg(options_.reply_tokens)
                  .arg(tokens_during)
                  .arg(streaming_during ? QString() : QStringLiteral(" (after the reply ended)"));
  if (timings) summary_ << QStringLiteral("  %1").arg(DisplayFormat::timings(*timings));
  return save(QStringLiteral("05-throughput-after.png"));
}

ScreenshotTour::Outcome ScreenshotTour::showMemory() {
  GpuWorkspace* ws = window_->gpuWorkspace();
  auto* tabs = qobject_cast<QTabWidget*>(ws->performanceWidget());
  if (tabs == nullptr) return Failure{QStringLiteral("the performance dock has no tabs")};
  tabs->setCurrentWidget(ws->memoryPlot());
  // One more poll, so the plot's last point is after the reply.
  int polls = 0;
  auto counter = QObject::connect(ws->monitor(), &DeviceMonitor::snapshotReady, [&polls] { ++polls; });
  const bool seen = SignalWait().on(ws->monitor(), &DeviceMonitor::snapshotReady).until([&] { return polls >= 1; }, options_.step_timeout_ms);
  QObject::disconnect(counter);
  if (!seen) return Failure{QStringLiteral("the GPU monitor stopped answering")};
  if (ws->memoryPlot()->graphCount() == 0) return Failure{QStringLiteral("the memory plot has no GPU's line")};
  return save(QStringLiteral("06-memory.png"));
}

ScreenshotTour::Outcome ScreenshotTour::benchmark() {
  EngineClient* engine = window_->engine();
  SplitBenchView* view = window_->gpuWorkspace()->benchView();
  window_->centralTabs()->setCurrentWidget(view);
  view->clearSplits();
  view->addCurrentSplit();  // the split applied above
  view->addSuggestions();   // even layer and row splits, everything on GPU 0
  while (view->splits().size() > options_.max_bench_splits) view->removeSplit(static_cast<int>(view->splits().size()) - 1);
  if (view->splits().size() < 2) return Failure{QStringLiteral("only %1 split(s) to compare").arg(view->splits().size())};
  view->setBenchSettings(options_.bench);
  bool finished = false;
  bool cancelled = false;
  auto on_finish = QObject::connect(engine, &EngineClient::benchmarkFinished, [&](bool c) {
    finished = true;
    cancelled = c;
  });
  if (!view->runButton()->isEnabled()) {
    QObject::disconnect(on_finish);
    return Failure{QStringLiteral("Run is not enabled: %1").arg(view->statusLabel()->text())};
  }
  view->runButton()->click();
  const bool done = SignalWait()
                        .on(engine, &EngineClient::benchmarkFinished)
                        .on(engine, &EngineClient::stateChanged)
                        .until([&] { return finished && engine->state() == EngineClient::State::Ready; },
                               options_.step_timeout_ms * 3);
  QObject::disconnect(on_finish);
  if (!done) return Failure{QStringLiteral("the benchmark did not finish in %1").arg(seconds(options_.step_timeout_ms * 3))};
  if (cancelled) return Failure{QStringLiteral("the benchmark was cancelled")};
  summary_ << QStringLiteral("A/B benchmark (%1 prompt tokens, %2 generated, %3 repetitions):")
                  .arg(options_.bench.prompt_tokens)
                  .arg(options_.bench.generated_tokens)
                  .arg(options_.bench.repetitions);
  for (const std::optional<SplitBenchResult>& r : view->results()) {
    if (!r) continue;
    const QString split = view->describeSplit(r->choice);
    if (r->measured())
      summary_ << QStringLiteral("  %1: prompt %2 tok/s, generation %3 tok/s (%4)")
                      .arg(split)
                      .arg(r->figures.prompt_tokens_per_second, 0, 'f', 1)
                      .arg(r->figures.generation_tokens_per_second, 0, 'f', 1)
                      .arg(r->figures.backend);
    else
      summary_ << QStringLiteral("  %1: not measured: %2").arg(split, describe(r->error));
  }
  if (!view->model()->verdict().fastest) return Failure{QStringLiteral("no split was measured (tour.txt lists why)")};
  return save(QStringLiteral("07-ab-benchmark.png"));
}

bool ScreenshotTour::writeSummary() {
  QFile file(QDir(options_.out_dir).filePath(QStringLiteral("tour.txt")));
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return false;
  QTextStream out(&file);
  for (const QString& line : summary_) out << line << '\n';
  if (!result_.failed_step.isEmpty()) out << "FAILED at " << result_.failed_step << ": " << result_.message << '\n';
  for (const QString& picture : result_.pictures) out << "picture: " << QFileInfo(picture).fileName() << '\n';
  return out.status() == QTextStream::Ok;
}

}  // namespace tessera::gui
