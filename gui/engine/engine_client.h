// EngineClient is the GUI thread's handle on the engine: it starts the worker thread, numbers
// requests, drops signals from requests that were superseded, and keeps a small state machine
// (Empty -> Loading -> Ready <-> Generating) that the windows bind their buttons to.
// Lives on the GUI thread; all of its signals are emitted there.
#pragma once

#include <QObject>
#include <QThread>

#include <memory>

#include "engine_session.h"
#include "engine_types.h"
#include "split_bench_types.h"

namespace tessera::gui {

class EngineWorker;

class EngineClient : public QObject {
  Q_OBJECT

 public:
  enum class State { Empty, Loading, Ready, Generating };
  Q_ENUM(State)

  explicit EngineClient(std::unique_ptr<EngineSession> session, QObject* parent = nullptr);
  // Stops any generation, cancels any load, and joins the worker thread.
  ~EngineClient() override;

  State state() const { return state_; }
  bool hasModel() const { return state_ == State::Ready || state_ == State::Generating; }
  const ModelInfo& model() const { return model_; }
  // The path being loaded (Loading) or loaded (Ready/Generating); empty otherwise.
  const QString& modelPath() const { return path_; }

  // Starts loading `path`; an earlier load still running is cancelled, a loaded model is dropped.
  void load(const QString& path, const LoadSettings& settings);
  void cancelLoad();
  void unload();
  // Starts a reply. Returns false (and does nothing) unless state() is Ready.
  bool generate(const GenerationRequest& request);
  void stop();

  // The A/B split benchmark of the loaded model (EngineWorker::benchmarkSplits): it is reloaded
  // with each split of `choices`, measured, and at the end loaded with `restore` (the settings it
  // had). Meanwhile the state is Loading (the chat waits; loadProgress covers the whole benchmark)
  // and the usual modelUnloaded ... modelLoaded/loadFailed pair frames it. Returns false (and does
  // nothing) unless state() is Ready and there are choices.
  bool benchmarkSplits(const LoadSettings& restore, const QList<SplitChoice>& choices, const BenchSettings& bench);
  // Stops the measuring; the model is restored. (cancelLoad() drops the model as well.)
  void cancelBenchmark();
  bool isBenchmarking() const { return benchmark_request_ != 0; }

  // Test hooks: the worker object (on the worker thread) and its thread.
  EngineWorker* worker() const { return worker_; }
  QThread* workerThread() { return &thread_; }

 signals:
  void stateChanged(tessera::gui::EngineClient::State state);
  void loadStarted(const QString& path);
  void loadProgress(float fraction);
  void modelLoaded(const tessera::gui::ModelInfo& info);
  void loadFailed(const tessera::gui::EngineError& error);
  void modelUnloaded();
  void generationStarted();
  void promptProgress(int evaluated, int total);
  void textGenerated(const QString& text, int tokens);
  void generationFinished(const tessera::gui::GenerationTimings& timings);
  void generationFailed(const tessera::gui::EngineError& error);
  void benchmarkStarted(int splits);
  void benchmarkProgress(int split, double fraction);
  void benchmarkResult(const tessera::gui::SplitBenchResult& result);
  // The measuring ended (all splits, or cancelled); the model is being restored.
  void benchmarkFinished(bool cancelled);

 private:
  void setState(State state);
  void onLoaded(quint64 request, const ModelInfo& info);
  void onLoadFailed(quint64 request, const EngineError& error);
  void onLoadProgress(quint64 request, float fraction);
  void onPromptProgress(quint64 request, int evaluated, int total);
  void onText(quint64 request, const QString& text, int tokens);
  void onFinished(quint64 request, const GenerationTimings& timings);
  void onGenerationFailed(quint64 request, const EngineError& error);
  void onBenchmarkProgress(quint64 request, int split, double fraction);
  void onBenchmarkResult(quint64 request, const SplitBenchResult& result);
  void onBenchmarkFinished(quint64 request, bool cancelled);

  QThread thread_;
  EngineWorker* worker_ = nullptr;  // owned; lives on thread_
  State state_ = State::Empty;
  ModelInfo model_;
  QString path_;
  quint64 next_request_ = 1;
  quint64 load_request_ = 0;        // the load whose signals count
  quint64 generation_request_ = 0;  // the generation whose signals count
  quint64 benchmark_request_ = 0;   // the benchmark whose signals count (also load_request_)
};

}  // namespace tessera::gui
