#include "engine_client.h"

#include "engine_worker.h"

namespace tessera::gui {

EngineClient::EngineClient(std::unique_ptr<EngineSession> session, QObject* parent)
    : QObject(parent), worker_(new EngineWorker(std::move(session))) {
  registerEngineMetaTypes();
  thread_.setObjectName(QStringLiteral("tessera-engine"));
  worker_->moveToThread(&thread_);
  // Signals from the worker arrive queued on this (GUI) thread.
  connect(worker_, &EngineWorker::loadProgress, this, &EngineClient::onLoadProgress, Qt::QueuedConnection);
  // Arrives before the `loaded` it belongs to (one sender thread, queued in order): the session's
  // model is the one of its last successful load, so the last value is the loaded model's.
  connect(worker_, &EngineWorker::thinkingControlKnown, this,
          [this](quint64, int control) { thinking_control_ = static_cast<tessera::reasoning::ThinkingControl>(control); },
          Qt::QueuedConnection);
  connect(worker_, &EngineWorker::loaded, this, &EngineClient::onLoaded, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::loadFailed, this, &EngineClient::onLoadFailed, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::promptProgress, this, &EngineClient::onPromptProgress, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::textGenerated, this, &EngineClient::onText, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::reasoningGenerated, this, &EngineClient::onReasoning, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::generationFinished, this, &EngineClient::onFinished, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::generationFailed, this, &EngineClient::onGenerationFailed,
          Qt::QueuedConnection);
  registerSplitBenchMetaTypes();
  connect(worker_, &EngineWorker::benchmarkProgress, this, &EngineClient::onBenchmarkProgress, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::benchmarkResult, this, &EngineClient::onBenchmarkResult, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::benchmarkFinished, this, &EngineClient::onBenchmarkFinished, Qt::QueuedConnection);
  thread_.start();
}

EngineClient::~EngineClient() {
  // Make whatever the worker is doing return quickly, then let its event loop finish.
  worker_->cancelLoad(next_request_);
  worker_->stopGeneration(next_request_);
  worker_->cancelBenchmark(next_request_);
  thread_.quit();
  thread_.wait();
  delete worker_;  // its thread has ended, so deleting it here is safe
}

void EngineClient::setState(State state) {
  if (state_ == state) return;
  state_ = state;
  emit stateChanged(state);
}

void EngineClient::load(const QString& path, const LoadRequest& request) {
  if (state_ == State::Generating) stop();
  if (state_ == State::Loading) worker_->cancelLoad(load_request_);
  // The model loaded now stays with the session until the new one replaces it. (While another
  // load is under way, held_ already says what the session holds.)
  if (hasModel() && loaded_request_) held_ = Held{model_, path_, *loaded_request_};
  load_request_ = next_request_++;
  loads_[load_request_] = Held{tessera::ModelInfo{}, path, request};
  generation_request_ = 0;
  benchmark_request_ = 0;
  path_ = path;
  model_ = tessera::ModelInfo{};
  loaded_request_.reset();
  pending_request_ = request;
  load_fraction_ = 0.0f;
  load_timer_.start();
  setState(State::Loading);
  emit loadStarted(path);
  QMetaObject::invokeMethod(
      worker_, [w = worker_, r = load_request_, path, request] { w->loadModel(r, path, request); },
      Qt::QueuedConnection);
}

void EngineClient::cancelLoad() {
  if (state_ != State::Loading) return;
  worker_->cancelLoad(load_request_);
  // The worker answers with loadFailed(Cancelled); the state changes then, so a load that cannot
  // be interrupted is not shown as gone while it still holds memory.
}

void EngineClient::unload() {
  if (state_ == State::Empty) return;
  if (state_ == State::Generating) stop();
  if (state_ == State::Loading) worker_->cancelLoad(load_request_);
  load_request_ = 0;
  generation_request_ = 0;
  benchmark_request_ = 0;
  path_.clear();
  model_ = tessera::ModelInfo{};
  loaded_request_.reset();
  pending_request_.reset();
  held_.reset();
  loads_.clear();
  load_fraction_ = 0.0f;
  // Listeners hear of it before the worker is asked to unload: the local server stops serving the
  // engine first (as load() does, which also tells them before the worker starts).
  setState(State::Empty);
  emit modelUnloaded();
  QMetaObject::invokeMethod(worker_, &EngineWorker::unloadModel, Qt::QueuedConnection);
}

bool EngineClient::generate(const std::vector<tessera::ChatMessage>& messages,
                            const tessera::GenerationRequest& request) {
  if (state_ != State::Ready) return false;
  generation_request_ = next_request_++;
  setState(State::Generating);
  emit generationStarted();
  QMetaObject::invokeMethod(
      worker_, [w = worker_, r = generation_request_, messages, request] { w->generate(r, messages, request); },
      Qt::QueuedConnection);
  return true;
}

void EngineClient::stop() {
  if (state_ != State::Generating) return;
  worker_->stopGeneration(generation_request_);
}

bool EngineClient::benchmarkSplits(const QList<SplitChoice>& choices, const BenchSettings& bench) {
  if (state_ != State::Ready || choices.isEmpty() || path_.isEmpty() || !loaded_request_) return false;
  const LoadRequest restore = *loaded_request_;
  load_request_ = next_request_++;
  benchmark_request_ = load_request_;
  generation_request_ = 0;
  model_ = tessera::ModelInfo{};
  pending_request_ = restore;
  loaded_request_.reset();
  held_.reset();
  load_fraction_ = 0.0f;
  load_timer_.start();
  emit modelUnloaded();  // the model is replaced split by split
  setState(State::Loading);
  emit benchmarkStarted(static_cast<int>(choices.size()));
  emit loadStarted(path_);
  QMetaObject::invokeMethod(
      worker_,
      [w = worker_, r = load_request_, path = path_, restore, choices, bench] {
        w->benchmarkSplits(r, path, restore, choices, bench);
      },
      Qt::QueuedConnection);
  return true;
}

void EngineClient::cancelBenchmark() {
  if (benchmark_request_ != 0) worker_->cancelBenchmark(benchmark_request_);
}

void EngineClient::onBenchmarkProgress(quint64 request, int split, double fraction) {
  if (request == benchmark_request_) emit benchmarkProgress(split, fraction);
}

void EngineClient::onBenchmarkResult(quint64 request, const SplitBenchResult& result) {
  if (request == benchmark_request_) emit benchmarkResult(result);
}

void EngineClient::onBenchmarkFinished(quint64 request, bool cancelled) {
  if (request == benchmark_request_) emit benchmarkFinished(cancelled);
}

void EngineClient::onLoadProgress(quint64 request, float fraction) {
  if (request != load_request_ || state_ != State::Loading) return;
  load_fraction_ = fraction;
  emit loadProgress(fraction);
}

void EngineClient::onLoaded(quint64 request, const tessera::ModelInfo& info) {
  auto asked = loads_.find(request);
  std::optional<Held> answered;
  if (asked != loads_.end()) {
    answered = asked->second;
    loads_.erase(loads_.begin(), std::next(asked));
  }
  if (request != load_request_ || state_ != State::Loading) {
    // A superseded load that worked: the session holds that model until the current load replaces it.
    if (state_ == State::Loading && answered) {
      answered->info = info;
      held_ = answered;
    }
    return;
  }
  const bool replaced = held_.has_value();
  held_.reset();
  if (replaced) emit modelUnloaded();  // the model loaded before is gone now
  benchmark_request_ = 0;
  model_ = info;
  loaded_request_ = pending_request_;
  load_seconds_ = load_timer_.elapsed() / 1000.0;
  load_fraction_ = 0.0f;
  setState(State::Ready);
  emit modelLoaded(info);
}

void EngineClient::onLoadFailed(quint64 request, const EngineError& error, bool kept) {
  if (auto asked = loads_.find(request); asked != loads_.end()) loads_.erase(loads_.begin(), std::next(asked));
  if (request != load_request_ || state_ != State::Loading) {
    if (!kept) held_.reset();  // a superseded load let the old model go before it failed
    return;
  }
  load_request_ = 0;
  benchmark_request_ = 0;
  load_fraction_ = 0.0f;
  if (kept && held_) {
    // The file was refused before the session touched its model: that model is the chat's again.
    model_ = held_->info;
    path_ = held_->path;
    loaded_request_ = held_->request;
    pending_request_ = loaded_request_;
    held_.reset();
    setState(State::Ready);
    emit loadFailed(error);
    return;
  }
  const bool lost = held_.has_value();
  held_.reset();
  path_.clear();
  loaded_request_.reset();
  pending_request_.reset();
  setState(State::Empty);
  if (lost) emit modelUnloaded();
  emit loadFailed(error);
}

void EngineClient::onPromptProgress(quint64 request, int evaluated, int total) {
  if (request == generation_request_ && state_ == State::Generating) emit promptProgress(evaluated, total);
}

void EngineClient::onReasoning(quint64 request, const QString& text) {
  if (request == generation_request_ && state_ == State::Generating) emit reasoningGenerated(text);
}

void EngineClient::onText(quint64 request, const QString& text, int tokens) {
  if (request == generation_request_ && state_ == State::Generating) emit textGenerated(text, tokens);
}

void EngineClient::onFinished(quint64 request, const ReplyStats& stats) {
  if (request != generation_request_ || state_ != State::Generating) return;
  generation_request_ = 0;
  setState(State::Ready);
  emit generationFinished(stats);
}

void EngineClient::onGenerationFailed(quint64 request, const EngineError& error) {
  if (request != generation_request_ || state_ != State::Generating) return;
  generation_request_ = 0;
  setState(State::Ready);
  emit generationFailed(error);
}

}  // namespace tessera::gui
