// SplitBenchModel: the A/B split benchmark's state and rules, apart from its view. It keeps the
// splits to compare (2 to 6, no duplicates, none that would overflow a GPU), runs them through the
// EngineClient (EngineClient::benchmarkSplits, asked for with runRequested), collects the results,
// and decides the verdict: the fastest generation wins only by more than the runs' spread (the sum
// of the two standard deviations, at least 2 %); closer than that it is a tie, and nothing is
// applied.
//
// It measures the loaded model, so the memory it shows is the loaded model's too
// (setMeasuredModel): the split preview may show another file meanwhile. Results belong to one
// model: they are cleared when another is loaded. GUI thread only.
#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

#include "placement/placement.h"
#include "split_bench_types.h"
#include "split_choice.h"

namespace tessera {
struct ModelSpec;
}

namespace tessera::gui {

class EngineClient;
class SplitPreviewModel;

class SplitBenchModel : public QObject {
  Q_OBJECT

 public:
  static constexpr int kMinSplits = 2;
  static constexpr int kMaxSplits = 6;
  // A difference smaller than this share of the faster speed is noise even when the runs agreed.
  static constexpr double kMinMargin = 0.02;

  SplitBenchModel(EngineClient* engine, SplitPreviewModel* split, QObject* parent = nullptr);

  // The loaded model (shapes only), its file and how it is loaded; null spec: none (results go).
  void setMeasuredModel(std::shared_ptr<const ModelSpec> spec, const QString& path, int n_ctx,
                        tessera::KvCacheType kv_type);
  bool hasMeasuredModel() const { return spec_ != nullptr; }
  bool hasGpus() const;
  // A model is loaded and idle (what Run and Apply need).
  bool engineReady() const;

  const QList<SplitChoice>& splits() const { return splits_; }
  const QList<std::optional<SplitBenchResult>>& results() const { return results_; }
  // add* refuse a duplicate, a seventh split and one that would overflow a GPU (false, with a
  // status text).
  bool addSplit(const SplitChoice& choice);
  bool addCurrentSplit();
  // Layer and row split with even shares and everything on the main GPU, those the planner accepts
  // for the loaded model and that fit, up to kMaxSplits.
  void addSuggestions();
  void removeSplit(int index);
  void clearSplits();

  // The planner's answer for `choice` on the loaded model (nullopt: no model loaded or no GPU).
  std::optional<Result<tessera::Placement>> planOf(const SplitChoice& choice) const;
  // Bytes each GPU would hold with `choice`; empty without a plan.
  QList<quint64> bytesPerGpu(const SplitChoice& choice) const;
  // Why `choice` cannot be measured (it would overflow a GPU, the planner refuses it); empty: it can.
  QString problemWith(const SplitChoice& choice) const;

  // On the CPU (measuredOnCpu) every measured split is tied: the splits cannot differ there.
  struct Verdict {
    std::optional<int> fastest;  // the fastest measured split
    QList<int> tied;             // others within the noise of it (empty: the fastest wins)
    bool decided() const { return fastest.has_value() && tied.isEmpty(); }
  };
  Verdict verdict() const;
  // The split to apply: the fastest, unless it is tied.
  std::optional<int> winner() const;
  // Every split measured so far ran on the CPU (no GPU backend): the splits cannot differ.
  bool measuredOnCpu() const;

  bool running() const { return running_; }
  bool cancelling() const { return running_ && cancelled_; }
  int current() const { return current_; }  // the split being measured, -1 when none
  double progress() const { return progress_; }
  bool canRun() const;
  // Clears the results and asks for a run (runRequested); false when it cannot run.
  bool run(const BenchSettings& settings);
  void cancel();

  // The status line: in the interface language when asked (again after a language switch); empty
  // when there is nothing to say.
  QString statusText() const { return status_ ? status_() : QString(); }
  // "0: 62 % · 1: 38 %", "everything on GPU 0" — a split in a line.
  QString describeSplit(const SplitChoice& choice) const;

 signals:
  // The splits, the results, the verdict or the state changed.
  void changed();
  void runRequested(const QList<tessera::gui::SplitChoice>& splits, const tessera::gui::BenchSettings& settings);

 private:
  void setStatus(std::function<QString()> status);
  void onStarted(int splits);
  void onProgress(int split, double fraction);
  void onResult(const SplitBenchResult& result);
  void onFinished(bool cancelled);

  EngineClient* engine_;
  SplitPreviewModel* split_;
  std::shared_ptr<const ModelSpec> spec_;
  QString path_;
  int n_ctx_ = 0;
  tessera::KvCacheType kv_type_ = tessera::KvCacheType::F16;
  QList<SplitChoice> splits_;
  QList<std::optional<SplitBenchResult>> results_;
  bool running_ = false;
  bool cancelled_ = false;
  int current_ = -1;
  double progress_ = 0.0;
  std::function<QString()> status_;
};

}  // namespace tessera::gui
