// The throughput plot (QCustomPlot), fed by a ThroughputSampler:
//  - top: the current reply over time since the request: the prompt phase as an orange band with
//    the prompt's tokens/s so far on the right axis (the engine's figure once the reply ends), a
//    dashed line at the first token, then generation tokens/s samples in blue; the previous few
//    replies stay as faded lines for comparison.
//  - below it (beside it when the plot is wide and short, as in a bottom dock): recent replies (up
//    to kHistory) as bars: generation and prompt tokens/s per reply.
// "Export PNG…" saves the plot, titled, and says where in the status bar.
// Nothing overlaps at any size (issue 21): the legend has a row of its own above the live plot
// (entries side by side, wrapped to the width), vertical axis titles longer than their axis are
// left out (the tick labels carry the series' colours), each axis gets as many ticks as its
// labels have room for, and the first-token label sits below the prompt label.
#pragma once

#include <QList>
#include <QSize>
#include <QWidget>

#include <functional>

#include "throughput_sampler.h"

class QCustomPlot;
class QCPAxisRect;
class QCPBars;
class QCPGraph;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPAxis;
class QCPMarginGroup;
class QLabel;
class QToolButton;

namespace tessera::gui {

class ThroughputPlot : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kHistory = 20;        // replies in the bar chart
  static constexpr int kFadedReplies = 4;    // earlier replies drawn as faded lines

  explicit ThroughputPlot(QWidget* parent = nullptr);

  // Follows `sampler`'s signals.
  void attach(ThroughputSampler* sampler);

  // Saves the plot as a PNG of width x height (0: the widget's size, at least kExportMinimum),
  // under a title with the model's name and the date, laid out for that size.
  static constexpr QSize kExportMinimum{1200, 600};
  bool exportPng(const QString& path, int width = 0, int height = 0);
  // The model the replies come from (the sampler reports it; tests set it directly).
  void setModelName(const QString& name) { model_name_ = name; }
  QString exportTitle() const;
  // Whether the history sits beside the live plot (wide and short) rather than below it.
  bool historyBeside() const { return history_beside_; }

  // For tests.
  QCustomPlot* plot() const { return plot_; }
  int currentSampleCount() const;  // generation samples of the current (or last) reply
  int totalSamples() const { return total_samples_; }
  // The first token's time: the sampler's clock while the reply runs, the engine's measured
  // time_to_first_token once it ends (the value the chat shows under the reply). 0: not reached.
  double firstTokenSeconds() const { return first_token_; }
  QString firstTokenLabelText() const;
  const QList<ReplyRecord>& history() const { return history_; }
  QString summaryText() const;
  QToolButton* exportButton() const { return export_; }

 public slots:
  void onReplyStarted(int reply);
  void onPromptProgress(int reply, double seconds);
  void onPromptRate(int reply, double seconds, double tokens_per_second);
  void onFirstToken(int reply, double seconds);
  void onSample(const tessera::gui::ThroughputSample& sample);
  void onReplyFinished(const tessera::gui::ReplyRecord& record);
  void chooseExportFile();
  // Exports to `path` and says so (in the main window's status bar, and through exported()).
  void exportTo(const QString& path);

 signals:
  void exported(const QString& message);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void retranslateUi();
  // Shows text() now and again after a language switch (it captures what it needs).
  void setSummary(std::function<QString()> text);
  void showFirstTokenLabel();
  void placeFirstToken(double seconds);
  void arrange();
  void arrangeHistory(bool beside);
  // After each layout: titles that fit, tick counts, the legend's wrap, the label positions.
  void fitToLayout();
  bool fitAxisTitles(bool all_shown);
  double firstTokenLabelY() const;
  void rescale();
  void rebuildHistory();
  // Draws the plot again (queued), or once it is shown when it is hidden now.
  void replot();

  QLabel* summary_;
  std::function<QString()> summary_text_;
  QToolButton* export_;
  QCustomPlot* plot_;
  bool replot_pending_ = false;  // something changed while hidden
  QCPAxisRect* live_rect_;
  QCPAxisRect* history_rect_;
  QList<QPair<QCPAxis*, QString>> titles_;  // every axis with its title (shown when it fits)
  QCPMarginGroup* margins_;
  bool history_beside_ = false;
  QCPGraph* generation_;
  QCPGraph* prompt_;
  QList<QCPGraph*> faded_;
  QCPItemRect* prompt_band_;
  QCPItemText* prompt_label_;
  QCPItemStraightLine* first_token_line_;
  QCPItemText* first_token_label_;
  QCPBars* history_generation_;
  QCPBars* history_prompt_;
  QList<ReplyRecord> history_;
  int reply_ = 0;
  double first_token_ = 0.0;
  double now_ = 0.0;
  int total_samples_ = 0;
  QString model_name_;
};

}  // namespace tessera::gui
