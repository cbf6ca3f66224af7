// EngineClient is the GUI thread's handle on the engine: it starts the worker thread, numbers
// requests, drops signals from requests that were superseded, and keeps a small state machine
// (Empty -> Loading -> Ready <-> Generating) that the windows bind their buttons to.
//
// A load replaces the loaded model only when it works, or once the new file was found usable
// (EngineSession::load): a file refused before that leaves the model that was loaded, and the
// state goes back to Ready with it (loadFailed, then no modelUnloaded). Meanwhile the state is
// Loading and nothing may be generated.
// Lives on the GUI thread; all of its signals are emitted there.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QThread>

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "engine_session.h"
#include "engine_types.h"
#include "reasoning/output_format.h"
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
  const tessera::ModelInfo& model() const { return model_; }
  // The path being loaded (Loading) or loaded (Ready/Generating); empty otherwise.
  const QString& modelPath() const { return path_; }
  // How the loaded model was loaded (nullopt: none is).
  const std::optional<LoadRequest>& loadedRequest() const { return loaded_request_; }
  // The request of the load under way (Loading), else of the loaded model.
  const std::optional<LoadRequest>& pendingRequest() const { return pending_request_; }
  // Seconds the last load took, from the request to the model being ready.
  double loadSeconds() const { return load_seconds_; }
  // How far the load under way is, in [0, 1] (0 when none is).
  float loadFraction() const { return load_fraction_; }

  // Starts loading `path`; an earlier load still running is cancelled. The loaded model stays until
  // the new one replaces it (see above).
  void load(const QString& path, const LoadRequest& request);
  void cancelLoad();
  void unload();
  // Starts a reply to `messages` (EngineSession::generate). Returns false (and does nothing) unless
  // state() is Ready.
  bool generate(const std::vector<tessera::ChatMessage>& messages, const tessera::GenerationRequest& request);
  void stop();

  // The A/B split benchmark of the loaded model (EngineWorker::benchmarkSplits): it is reloaded
  // with each split of `choices`, measured, and at the end loaded as it is now (loadedRequest()).
  // Meanwhile the state is Loading (the chat waits; loadProgress covers the whole benchmark)
  // and the usual modelUnloaded ... modelLoaded/loadFailed pair frames it. Returns false (and does
  // nothing) unless state() is Ready and there are choices.
  bool benchmarkSplits(const QList<SplitChoice>& choices, const BenchSettings& bench);
  // Stops the measuring; the model is restored. (cancelLoad() drops the model as well.)
  void cancelBenchmark();
  bool isBenchmarking() const { return benchmark_request_ != 0; }

  // Test hooks: the worker object (on the worker thread) and its thread.
  EngineWorker* worker() const { return worker_; }
  // How the model of the session's last successful load lets a person steer its thinking (known
  // when modelLoaded is emitted; meaningful while hasModel()).
  tessera::reasoning::ThinkingControl thinkingControl() const { return thinking_control_; }
  QThread* workerThread() { return &thread_; }

 signals:
  void stateChanged(tessera::gui::EngineClient::State state);
  void loadStarted(const QString& path);
  void loadProgress(float fraction);
  void modelLoaded(const tessera::ModelInfo& info);
  // A load failed. hasModel() says whether the model loaded before is still there (a file refused
  // before it was touched); if not, modelUnloaded came first.
  void loadFailed(const tessera::gui::EngineError& error);
  void modelUnloaded();
  void generationStarted();
  void promptProgress(int evaluated, int total);
  // The reply's answer text as it streams; `tokens` counts every generated token since the last
  // signal, thinking included (so throughput counts them).
  void textGenerated(const QString& text, int tokens);
  // A reasoning model's thinking as it streams (before the textGenerated of the same batch).
  void reasoningGenerated(const QString& text);
  void generationFinished(const tessera::gui::ReplyStats& stats);
  void generationFailed(const tessera::gui::EngineError& error);
  void benchmarkStarted(int splits);
  void benchmarkProgress(int split, double fraction);
  void benchmarkResult(const tessera::gui::SplitBenchResult& result);
  // The measuring ended (all splits, or cancelled); the model is being restored.
  void benchmarkFinished(bool cancelled);

 private:
  // A model the session holds while a load is under way, and how it was loaded.
  struct Held {
    tessera::ModelInfo info;
    QString path;
    LoadRequest request;
  };

  void setState(State state);
  void onLoaded(quint64 request, const tessera::ModelInfo& info);
  void onLoadFailed(quint64 request, const EngineError& error, bool kept);
  void onLoadProgress(quint64 request, float fraction);
  void onPromptProgress(quint64 request, int evaluated, int total);
  void onText(quint64 request, const QString& text, int tokens);
  void onReasoning(quint64 request, const QString& text);
  void onFinished(quint64 request, const ReplyStats& stats);
  void onGenerationFailed(quint64 request, const EngineError& error);
  void onBenchmarkProgress(quint64 request, int split, double fraction);
  void onBenchmarkResult(quint64 request, const SplitBenchResult& result);
  void onBenchmarkFinished(quint64 request, bool cancelled);

  QThread thread_;
  EngineWorker* worker_ = nullptr;  // owned; lives on thread_
  State state_ = State::Empty;
  tessera::reasoning::ThinkingControl thinking_control_ = tessera::reasoning::ThinkingControl::None;
  tessera::ModelInfo model_;
  QString path_;
  std::optional<LoadRequest> loaded_request_;
  std::optional<LoadRequest> pending_request_;
  // While Loading: the model the session still holds (it comes back if the new file is refused).
  std::optional<Held> held_;
  // The loads asked for and not answered yet: a superseded one that worked is what the session
  // holds until the current one replaces it.
  std::map<quint64, Held> loads_;
  QElapsedTimer load_timer_;
  double load_seconds_ = 0.0;
  float load_fraction_ = 0.0f;
  quint64 next_request_ = 1;
  quint64 load_request_ = 0;        // the load whose signals count
  quint64 generation_request_ = 0;  // the generation whose signals count
  quint64 benchmark_request_ = 0;   // the benchmark whose signals count (also load_request_)
};

}  // namespace tessera::gui
