// EngineWorker lives on its own QThread and owns the EngineSession (and through it the engine and
// its backend). The GUI reaches it only through queued slot invocations and queued signals that
// carry value types; the exceptions are cancelLoad(), stopGeneration() and cancelBenchmark(), which
// only store to atomics and so may be called from any thread while a load, generation or split
// benchmark is running.
//
// Every request carries a number chosen by the caller (increasing). Cancel/stop take "everything up
// to request N", so a cancel that arrives before the worker has even started the load still wins,
// and a stale signal can be recognised by its number.
//
// Token text is batched here: the first piece of a reply is sent at once (time to first token
// shows), later pieces at most every batchIntervalMs(). The view adds its own bounded repaint rate.
//
// Nothing thrown by a session crosses this boundary: an exception from a load, a generation or a
// benchmark (std::bad_alloc when the host runs out of memory, anything else a library throws)
// becomes the failure signal's EngineError, so the app shows it and goes on.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <atomic>
#include <exception>
#include <memory>
#include <vector>

#include "engine_session.h"
#include "engine_types.h"
#include "split_bench_types.h"

namespace tessera::gui {

class EngineWorker : public QObject {
  Q_OBJECT

 public:
  explicit EngineWorker(std::unique_ptr<EngineSession> session, QObject* parent = nullptr);
  ~EngineWorker() override;

  // Thread-safe: make load/generate requests numbered <= `request` stop as soon as they can.
  void cancelLoad(quint64 request);
  void stopGeneration(quint64 request);
  // Thread-safe: make the split benchmark numbered <= `request` stop measuring at the next token;
  // it then restores the model (benchmarkSplits).
  void cancelBenchmark(quint64 request);

  // About 30 batches a second: as often as the chat shows text (ChatController's repaint rate).
  static constexpr int kDefaultBatchIntervalMs = 33;
  void setBatchIntervalMs(int ms) { batch_interval_ms_.store(ms); }
  int batchIntervalMs() const { return batch_interval_ms_.load(); }

 public slots:
  void loadModel(quint64 request, const QString& path, const tessera::gui::LoadRequest& load);
  void unloadModel();
  void generate(quint64 request, const std::vector<tessera::ChatMessage>& messages,
                const tessera::GenerationRequest& generation);
  // The A/B split benchmark, numbered like a load: loads `path` with each of `choices` in turn
  // (the rest of `base` as it is), measures it (EngineSession::bench) and reports it, then loads
  // `path` with `base` again, so the model ends as the user had it. Signals: benchmarkProgress,
  // one benchmarkResult per split, benchmarkFinished, then loaded or loadFailed for the restore.
  // cancelBenchmark stops the measuring and restores; cancelLoad stops everything, nothing loaded.
  void benchmarkSplits(quint64 request, const QString& path, const tessera::gui::LoadRequest& base,
                       const QList<tessera::gui::SplitChoice>& choices, const tessera::gui::BenchSettings& bench);

 signals:
  void loadProgress(quint64 request, float fraction);
  // Just before `loaded`: the model's ThinkingControl (as int, for the queued connection).
  void thinkingControlKnown(quint64 request, int control);
  void loaded(quint64 request, const tessera::ModelInfo& info);
  // `kept`: the model loaded before is still loaded (the file was refused before it was touched).
  void loadFailed(quint64 request, const tessera::gui::EngineError& error, bool kept);
  void unloaded();
  // While the prompt is read: tokens read so far of `total` (at most every batchIntervalMs(), and
  // once when all are read).
  void promptProgress(quint64 request, int evaluated, int total);
  // A batch of reply text (whole UTF-8 characters only) and how many tokens it holds.
  void textGenerated(quint64 request, const QString& text, int tokens);
  // A reasoning model's thinking (shown apart from the answer); its tokens are counted by the
  // textGenerated that follows it.
  void reasoningGenerated(quint64 request, const QString& text);
  void generationFinished(quint64 request, const tessera::gui::ReplyStats& stats);
  void generationFailed(quint64 request, const tessera::gui::EngineError& error);
  // How far the benchmark is: the split being measured (index into the choices) and the fraction
  // of the whole benchmark done.
  void benchmarkProgress(quint64 request, int split, double fraction);
  void benchmarkResult(quint64 request, const tessera::gui::SplitBenchResult& result);
  // Every split measured, or the measuring cancelled; the restore load follows.
  void benchmarkFinished(quint64 request, bool cancelled);

 private:
  bool loadCancelled(quint64 request) const { return cancel_up_to_.load() >= request; }
  bool generationStopped(quint64 request) const { return stop_up_to_.load() >= request; }
  bool benchmarkCancelled(quint64 request) const {
    return bench_cancel_up_to_.load() >= request || loadCancelled(request);
  }
  // Loads for the benchmark: `progress` gets the load's fraction; cancelled by `cancelled`.
  Result<tessera::ModelInfo> loadFor(const QString& path, const LoadRequest& load,
                                     const std::function<bool()>& cancelled, const std::function<void(float)>& progress);

  std::unique_ptr<EngineSession> session_;
  std::atomic<quint64> cancel_up_to_{0};
  std::atomic<quint64> stop_up_to_{0};
  // The running generation's number and the flag handed to the session for it.
  std::atomic<quint64> current_generation_{0};
  std::atomic<bool> current_stop_{false};
  std::atomic<int> batch_interval_ms_{kDefaultBatchIntervalMs};
  // The same for the running benchmark: its number and the stop flag handed to the session.
  std::atomic<quint64> bench_cancel_up_to_{0};
  std::atomic<quint64> current_benchmark_{0};
  std::atomic<bool> current_bench_stop_{false};
};

EngineError toEngineError(const tessera::Error& error);
// What a session threw, as an error the app can show: `what` names what was being done.
EngineError exceptionError(std::exception_ptr thrown, const QString& what);

}  // namespace tessera::gui
