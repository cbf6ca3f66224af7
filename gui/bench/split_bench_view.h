// The A/B split benchmark: the "Split Benchmark" tab of the main area. The user lists 2 to 6
// splits (the split editor's current one, or suggestions: layer and row split with even shares,
// everything on one GPU), runs a short prompt and generation benchmark of the loaded model under
// each (EngineClient::benchmarkSplits: the engine's own bench loop on the worker thread, with
// progress and cancel; the model is loaded with its own split again afterwards), and sees each
// split's tokens per second plotted against the memory it puts on its fullest GPU (QCustomPlot)
// and listed with the bytes per GPU. "Apply the Winner" (the fastest generation, when it is faster
// by more than the noise) takes that split into the split editor and reloads the model with it, in
// one click.
//
// A view of a SplitBenchModel (the splits, the results and the verdict's rule live there); it asks
// its owner (GpuWorkspace) to run (SplitBenchModel::runRequested) and to apply. GUI thread only.
#pragma once

#include <QList>
#include <QWidget>

#include <functional>
#include <optional>

#include "split_bench_model.h"
#include "split_bench_types.h"
#include "split_choice.h"

class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace tessera::gui {


class SplitBenchView : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMinSplits = SplitBenchModel::kMinSplits;
  static constexpr int kMaxSplits = SplitBenchModel::kMaxSplits;
  enum Column { IndexColumn, SplitColumn, MemoryColumn, PromptColumn, GenerationColumn, ColumnCount };

  SplitBenchView(SplitBenchModel* model, QWidget* parent = nullptr);

  SplitBenchModel* model() const { return model_; }
  // The model's, for callers that hold the view (SplitBenchModel says what each does).
  const QList<SplitChoice>& splits() const { return model_->splits(); }
  bool addSplit(const SplitChoice& choice) { return model_->addSplit(choice); }
  bool addCurrentSplit() { return model_->addCurrentSplit(); }
  void addSuggestions() { model_->addSuggestions(); }
  void removeSplit(int index) { model_->removeSplit(index); }
  void clearSplits() { model_->clearSplits(); }
  const QList<std::optional<SplitBenchResult>>& results() const { return model_->results(); }
  std::optional<int> winner() const { return model_->winner(); }
  bool running() const { return model_->running(); }
  QString describeSplit(const SplitChoice& choice) const { return model_->describeSplit(choice); }

  BenchSettings benchSettings() const;
  void setBenchSettings(const BenchSettings& settings);

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
  QLabel* verdictLabel() const { return winner_; }
  QCustomPlot* plot() const { return plot_; }

 signals:
  void applyRequested(const tessera::gui::SplitChoice& choice);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  // Everything from the model, again: the table, the plot, the verdict, the status, the buttons.
  void refresh();
  void refreshTable();
  void refreshVerdict();
  void refreshPlot();
  void updateButtons();

  SplitBenchModel* model_;

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
};

}  // namespace tessera::gui
