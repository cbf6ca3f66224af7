// The A/B split benchmark: the "Split Benchmark" tab of the main area. The user lists 2 to 6
// splits (the split editor's current one, or suggestions: layer and row split with even shares,
// everything on one GPU), runs a short prompt and generation benchmark of the loaded model under
// each (EngineClient::benchmarkSplits: the engine's own bench loop on the worker thread, with
// progress and cancel; the model is loaded with its own split again afterwards), and sees each
// split's tokens per second plotted against the memory it puts on its fullest GPU (QCustomPlot)
// and listed with the bytes per GPU. "Apply the Winner" (the fastest generation) takes that split
// into the split editor and reloads the model with it, in one click.
//
// A view: the splits' memory comes from the SplitPreviewModel's planner, the measuring from the
// EngineClient; it asks its owner (GpuWorkspace) to run and to apply. GUI thread only.
#pragma once

#include <QList>
#include <QWidget>

#include <functional>
#include <optional>

#include "split_bench_types.h"
#include "split_choice.h"

class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace tessera::gui {

class EngineClient;
class SplitPreviewModel;

class SplitBenchView : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMinSplits = 2;
  static constexpr int kMaxSplits = 6;
  enum Column { IndexColumn, SplitColumn, MemoryColumn, PromptColumn, GenerationColumn, ColumnCount };

  SplitBenchView(EngineClient* engine, SplitPreviewModel* split, QWidget* parent = nullptr);

  // The splits to measure. add* refuse a duplicate or a seventh split (false, with a status text).
  const QList<SplitChoice>& splits() const { return splits_; }
  bool addSplit(const SplitChoice& choice);
  bool addCurrentSplit();
  // Layer and row split with even shares and everything on the main GPU (those the planner accepts
  // for this model), up to kMaxSplits.
  void addSuggestions();
  void removeSplit(int index);
  void clearSplits();
  BenchSettings benchSettings() const;
  void setBenchSettings(const BenchSettings& settings);

  // The results of the last run (by split index) and its winner (nullopt: nothing measured).
  const QList<std::optional<SplitBenchResult>>& results() const { return results_; }
  std::optional<int> winner() const;
  bool running() const { return running_; }

  // "0: 62 % · 1: 38 %", "everything on GPU 0" — a split in a line.
  QString describeSplit(const SplitChoice& choice) const;

  // For tests and screenshots.
  QTableWidget* table() const { return table_; }
  QPushButton* addCurrentButton() const { return add_current_; }
  QPushButton* suggestionsButton() const { return suggestions_; }
  QPushButton* removeButton() const { return remove_; }
  QPushButton* runButton() const { return run_; }
  QPushButton* cancelButton() const { return cancel_; }
  QPushButton* applyWinnerButton() const { return apply_winner_; }
  QProgressBar* progressBar() const { return progress_; }
  QLabel* statusLabel() const { return status_; }
  QCustomPlot* plot() const { return plot_; }

 signals:
  void runRequested(const QList<tessera::gui::SplitChoice>& splits, const tessera::gui::BenchSettings& settings);
  void applyRequested(const tessera::gui::SplitChoice& choice);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void run();
  void cancel();
  void onStarted(int splits);
  void onProgress(int split, double fraction);
  void onResult(const SplitBenchResult& result);
  void onFinished(bool cancelled);
  void refreshTable();
  void refreshPlot();
  void updateButtons();
  // Bytes each GPU would hold with `choice` (the planner's projection); empty without a plan.
  QList<quint64> bytesPerGpu(const SplitChoice& choice) const;

  EngineClient* engine_;
  SplitPreviewModel* split_;
  QList<SplitChoice> splits_;
  QList<std::optional<SplitBenchResult>> results_;
  bool running_ = false;
  bool cancelled_ = false;
  int current_ = -1;  // the split being measured

  QLabel* intro_;
  QTableWidget* table_;
  QPushButton* add_current_;
  QPushButton* suggestions_;
  QPushButton* remove_;
  QLabel* prompt_label_;
  QSpinBox* prompt_tokens_;
  QLabel* gen_label_;
  QSpinBox* gen_tokens_;
  QLabel* reps_label_;
  QSpinBox* reps_;
  QPushButton* run_;
  QPushButton* cancel_;
  QProgressBar* progress_;
  QLabel* status_;
  QCustomPlot* plot_;
  QLabel* winner_;
  QPushButton* apply_winner_;
  // The status line's text, made again in the new language on a language change.
  std::function<QString()> status_source_;
  void setStatus(std::function<QString()> source);
};

}  // namespace tessera::gui
