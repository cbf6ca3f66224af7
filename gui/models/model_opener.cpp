#include "model_opener.h"

#include <QtConcurrent/QtConcurrentRun>

#include "app_settings.h"
#include "engine_client.h"
#include "error_text.h"
#include "gpu_list_model.h"
#include "gpu_workspace.h"
#include "model_panel.h"
#include "remote_endpoint_panel.h"

namespace tessera::gui {
namespace {

EngineErrorKind kindOf(ModelProblem problem) {
  switch (problem) {
    case ModelProblem::UnsupportedArchitecture:
    case ModelProblem::UnsupportedType: return EngineErrorKind::Unsupported;
    default: return EngineErrorKind::BadFile;
  }
}

}  // namespace

ModelOpener::ModelOpener(EngineClient* engine, ModelPanel* panel, GpuWorkspace* gpus, AppSettings* settings,
                         QObject* parent)
    : QObject(parent), engine_(engine), panel_(panel), gpus_(gpus), settings_(settings) {
  connect(&watcher_, &QFutureWatcher<Outcome>::finished, this, &ModelOpener::onPreviewRead);
  // Whoever started it (Apply of a split, the benchmark's restore): the failure names that file.
  connect(engine_, &EngineClient::loadStarted, this, [this](const QString& path) { loading_path_ = path; });
  connect(engine_, &EngineClient::modelLoaded, this, &ModelOpener::onLoaded);
  connect(engine_, &EngineClient::loadFailed, this, &ModelOpener::onLoadFailed);
}

ModelOpener::~ModelOpener() { watcher_.waitForFinished(); }

void ModelOpener::open(const QString& path, bool load) {
  load_after_preview_ = load;
  const quint64 sequence = ++sequence_;
  panel_->showPreviewPending(path);
  watcher_.setFuture(QtConcurrent::run([sequence, path] { return Outcome{sequence, readModelPreview(path)}; }));
}

void ModelOpener::onPreviewRead() {
  const Outcome outcome = watcher_.result();
  if (outcome.sequence != sequence_) return;  // a newer file was opened meanwhile
  const ModelPreview& preview = outcome.preview;
  if (preview.problem == ModelProblem::Unreadable) {
    // Not a model file at all: what was shown before stays.
    panel_->restorePreviousPreview();
    const auto& shown = panel_->preview();
    emit shownModelChanged(shown ? shown->name() : QString());
    const EngineError error{EngineErrorKind::BadFile, preview.reason};
    emit notice(Notice{ErrorBanner::Severity::Error,
                       [error, path = preview.path] { return ErrorTexts::forPreview(error, path); },
                       [] { return tr("Open Another File…"); }, [this] { emit chooseFileRequested(); }});
    emit previewFinished(false);
    return;
  }
  panel_->showPreview(preview);
  gpus_->setContextLength(panel_->contextLength());
  gpus_->setModelPreview(preview);
  emit shownModelChanged(preview.name());
  emit previewFinished(true);
  if (!load_after_preview_) return;
  if (!preview.usable()) {
    // Asked to load a file the engine cannot run: say why, as a load would.
    const EngineError error{kindOf(preview.problem), preview.reason};
    const QString kept = engine_->hasModel() ? QString::fromStdString(engine_->model().name) : QString();
    emit notice(Notice{ErrorBanner::Severity::Error,
                       [error, path = preview.path, kept] { return ErrorTexts::forLoad(error, path, kept); },
                       [] { return tr("Open Another File…"); }, [this] { emit chooseFileRequested(); }});
    return;
  }
  load();
}

void ModelOpener::load() { startLoad(true); }

void ModelOpener::startLoad(bool check_memory) {
  const auto& preview = panel_->preview();
  if (!preview || !preview->usable()) return;
  const LoadRequest request = gpus_->loadRequest(panel_->contextLength());
  // Without a GPU the model goes to the CPU, and nothing else checks that it fits in RAM.
  if (check_memory && gpus_->gpuModel()->rowCount() == 0 && memory_probe_) {
    const quint64 planned = plannedCpuBytes(*preview, panel_->effectiveContextLength(), request.settings.kv_type);
    const std::optional<quint64> available = memory_probe_();
    if (available && planned > *available) {
      emit notice(Notice{
          ErrorBanner::Severity::Warning,
          [path = preview->path, planned, free = *available] { return MemoryCheck::tooLarge(path, planned, free); },
          [] { return tr("Load Anyway"); }, [this] { startLoad(false); }});
      return;
    }
  }
  engine_->load(preview->path, request);
}

void ModelOpener::connectTo(const RemoteEndpoint& endpoint) {
  local_before_ = engine_->hasModel() && !isEndpointUrl(engine_->modelPath())
                      ? QString::fromStdString(engine_->model().name)
                      : QString();
  engine_->load(endpoint.url.trimmed(), LoadRequest{});
}

void ModelOpener::onLoaded(const tessera::ModelInfo& info) {
  const QString path = QString::fromStdString(info.path);
  if (isEndpointUrl(path) || isEndpointUrl(engine_->modelPath())) {
    // The server replaced the local model (one model at a time): said, not done silently.
    if (!local_before_.isEmpty())
      //: %1: the local model that was unloaded; %2: the server's model the chat uses now.
      emit statusMessage(tr("%1 was unloaded: the chat uses %2 on the server now.")
                             .arg(local_before_, QString::fromStdString(info.name)));
    local_before_.clear();
    return;
  }
  // Recent Models lists what loaded, not what was only looked at.
  settings_->setLastModel(engine_->modelPath());
  settings_->addRecentFile(engine_->modelPath());
  emit recentFilesChanged();
}

void ModelOpener::onLoadFailed(const EngineError& error) {
  const QString kept = engine_->hasModel() ? QString::fromStdString(engine_->model().name) : QString();
  if (isEndpointUrl(loading_path_)) {
    emit notice(Notice{ErrorBanner::Severity::Error,
                       [error, url = loading_path_] { return RemoteEndpointPanel::connectionError(error, url); },
                       {}, {}});
    return;
  }
  auto text = [error, path = loading_path_, kept] { return ErrorTexts::forLoad(error, path, kept); };
  if (error.kind == EngineErrorKind::Cancelled)
    emit notice(Notice{ErrorBanner::Severity::Info, text, {}, {}});
  else
    emit notice(Notice{ErrorBanner::Severity::Error, text, [] { return tr("Open Another File…"); },
                       [this] { emit chooseFileRequested(); }});
}

}  // namespace tessera::gui
