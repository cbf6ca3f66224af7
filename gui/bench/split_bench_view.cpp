#include "split_bench_view.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include <qcustomplot.h>

#include "display_format.h"
#include "memory_bar.h"

namespace tessera::gui {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

QString number(double v, int decimals = 1) { return QLocale().toString(v, 'f', decimals); }

}  // namespace

SplitBenchView::SplitBenchView(SplitBenchModel* model, QWidget* parent)
    : QWidget(parent),
      model_(model),
      intro_(new QLabel(this)),
      table_(new QTableWidget(0, ColumnCount, this)),
      add_current_(new QPushButton(this)),
      suggestions_(new QPushButton(this)),
      remove_(new QPushButton(this)),
      prompt_label_(new QLabel(this)),
      prompt_tokens_(new QSpinBox(this)),
      gen_label_(new QLabel(this)),
      gen_tokens_(new QSpinBox(this)),
      reps_label_(new QLabel(this)),
      reps_(new QSpinBox(this)),
      run_(new QPushButton(this)),
      cancel_(new QPushButton(this)),
      progress_(new QProgressBar(this)),
      status_(new QLabel(this)),
      plot_(new QCustomPlot(this)),
      winner_(new QLabel(this)),
      apply_winner_(new QPushButton(this)) {
  setObjectName(QStringLiteral("splitBenchmark"));
  table_->setObjectName(QStringLiteral("benchSplits"));
  add_current_->setObjectName(QStringLiteral("benchAddCurrent"));
  suggestions_->setObjectName(QStringLiteral("benchAddSuggestions"));
  remove_->setObjectName(QStringLiteral("benchRemove"));
  run_->setObjectName(QStringLiteral("benchRun"));
  cancel_->setObjectName(QStringLiteral("benchCancel"));
  apply_winner_->setObjectName(QStringLiteral("benchApplyWinner"));
  progress_->setObjectName(QStringLiteral("benchProgress"));
  status_->setObjectName(QStringLiteral("benchStatus"));
  plot_->setObjectName(QStringLiteral("benchPlot"));
  winner_->setObjectName(QStringLiteral("benchWinner"));
  intro_->setWordWrap(true);
  status_->setWordWrap(true);
  status_->setTextFormat(Qt::PlainText);
  winner_->setWordWrap(true);
  winner_->setTextFormat(Qt::PlainText);

  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setWordWrap(false);
  QHeaderView* header = table_->horizontalHeader();
  header->setSectionResizeMode(QHeaderView::ResizeToContents);
  header->setSectionResizeMode(MemoryColumn, QHeaderView::Stretch);
  // Two splits at least; the table and the plot share what the tab has beyond that (with the docks
  // aside, six splits show without scrolling). Small minimums: the chat tab beside it must not make
  // the window taller.
  table_->setMinimumHeight(table_->horizontalHeader()->sizeHint().height() +
                           table_->verticalHeader()->defaultSectionSize() * kMinSplits + 2 * table_->frameWidth());

  for (QSpinBox* box : {prompt_tokens_, gen_tokens_, reps_}) box->setAccelerated(true);
  prompt_tokens_->setObjectName(QStringLiteral("benchPromptTokens"));
  prompt_tokens_->setRange(16, 4096);
  prompt_tokens_->setSingleStep(64);
  gen_tokens_->setObjectName(QStringLiteral("benchGeneratedTokens"));
  gen_tokens_->setRange(8, 1024);
  gen_tokens_->setSingleStep(16);
  reps_->setObjectName(QStringLiteral("benchRepetitions"));
  reps_->setRange(1, 10);
  prompt_label_->setBuddy(prompt_tokens_);
  gen_label_->setBuddy(gen_tokens_);
  reps_label_->setBuddy(reps_);
  setBenchSettings(BenchSettings{});

  plot_->setMinimumHeight(140);
  plot_->setBackground(palette().color(QPalette::Base));
  QCPAxisRect* rect = plot_->axisRect();
  rect->axis(QCPAxis::atRight)->setVisible(true);
  rect->axis(QCPAxis::atRight)->setTickLabels(true);
  rect->axis(QCPAxis::atLeft)->setLabelColor(MemoryColors::generation().darker(120));
  rect->axis(QCPAxis::atRight)->setLabelColor(MemoryColors::prompt().darker(120));
  for (QCPAxis* axis : rect->axes()) {
    axis->setTickLabelColor(palette().color(QPalette::Text));
    axis->setBasePen(QPen(palette().color(QPalette::Mid)));
    axis->setTickPen(QPen(palette().color(QPalette::Mid)));
    axis->setSubTickPen(QPen(palette().color(QPalette::Mid)));
  }
  rect->axis(QCPAxis::atBottom)->setLabelColor(palette().color(QPalette::Text));
  QCPGraph* generation = plot_->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
  generation->setLineStyle(QCPGraph::lsNone);
  generation->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, MemoryColors::generation(), 9));
  QCPGraph* prompt = plot_->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atRight));
  prompt->setLineStyle(QCPGraph::lsNone);
  prompt->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, MemoryColors::prompt(), 9));
  plot_->legend->setVisible(true);
  plot_->legend->setBrush(palette().color(QPalette::Base));
  plot_->legend->setBorderPen(QPen(palette().color(QPalette::Mid)));
  plot_->legend->setTextColor(palette().color(QPalette::Text));
  // The legend in a line of its own above the axes, so it never hides a split's points.
  rect->insetLayout()->take(plot_->legend);
  rect->insetLayout()->simplify();
  plot_->plotLayout()->insertRow(0);
  plot_->plotLayout()->addElement(0, 0, plot_->legend);
  plot_->plotLayout()->setRowStretchFactor(0, 0.001);
  plot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plot_->legend->setMargins(QMargins(4, 2, 4, 2));

  auto* list_buttons = new QVBoxLayout;
  list_buttons->addWidget(add_current_);
  list_buttons->addWidget(suggestions_);
  list_buttons->addWidget(remove_);
  list_buttons->addStretch(1);
  auto* list = new QHBoxLayout;
  list->addWidget(table_, 1);
  list->addLayout(list_buttons);

  auto* controls = new QHBoxLayout;
  controls->addWidget(prompt_label_);
  controls->addWidget(prompt_tokens_);
  controls->addSpacing(12);
  controls->addWidget(gen_label_);
  controls->addWidget(gen_tokens_);
  controls->addSpacing(12);
  controls->addWidget(reps_label_);
  controls->addWidget(reps_);
  controls->addSpacing(12);
  controls->addWidget(run_);
  controls->addWidget(cancel_);
  controls->addWidget(progress_, 1);
  controls->addStretch(0);

  auto* verdict = new QHBoxLayout;
  verdict->addWidget(winner_, 1);
  verdict->addWidget(apply_winner_);

  // In a scroll area: the tab must not set the main window's minimum size (it shares the main area
  // with the chat); with the docks aside at the default size nothing scrolls.
  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(12, 8, 12, 8);
  layout->addWidget(intro_);
  layout->addLayout(list, 2);
  layout->addLayout(controls);
  layout->addWidget(status_);
  layout->addWidget(plot_, 3);
  layout->addLayout(verdict);
  auto* scroll = new QScrollArea(this);
  scroll->setObjectName(QStringLiteral("benchScroll"));
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(content);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(scroll);

  connect(add_current_, &QPushButton::clicked, model_, &SplitBenchModel::addCurrentSplit);
  connect(suggestions_, &QPushButton::clicked, model_, &SplitBenchModel::addSuggestions);
  connect(remove_, &QPushButton::clicked, this, [this] {
    const int row = table_->currentRow();
    if (row >= 0) model_->removeSplit(row);
  });
  connect(table_, &QTableWidget::itemSelectionChanged, this, &SplitBenchView::updateButtons);
  connect(run_, &QPushButton::clicked, this, [this] { model_->run(benchSettings()); });
  connect(cancel_, &QPushButton::clicked, model_, &SplitBenchModel::cancel);
  connect(apply_winner_, &QPushButton::clicked, this, [this] {
    if (auto w = model_->winner()) emit applyRequested(model_->splits()[*w]);
  });
  connect(model_, &SplitBenchModel::changed, this, &SplitBenchView::refresh);
  retranslateUi();
}

void SplitBenchView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

void SplitBenchView::retranslateUi() {
  // QCustomPlot fixes its tick labels' locale when it is made; follow the interface's.
  plot_->setLocale(QLocale());
  intro_->setText(tr("Measure the loaded model under 2 to 6 splits: each is loaded in turn and runs a short "
                     "prompt and generation benchmark. Afterwards the model is loaded with its own split again."));
  table_->setHorizontalHeaderLabels({tr("#"), tr("Split"), tr("Memory per GPU"), tr("Prompt (tok/s)"),
                                     tr("Generation (tok/s)")});
  add_current_->setText(tr("Add Current Split"));
  add_current_->setToolTip(tr("Add the split chosen in the split editor"));
  suggestions_->setText(tr("Add Suggestions"));
  suggestions_->setToolTip(tr("Add layer and row split with even shares, and everything on the main GPU"));
  remove_->setText(tr("Remove"));
  prompt_label_->setText(tr("Prompt:"));
  prompt_tokens_->setSuffix(tr(" tok"));
  gen_label_->setText(tr("Generate:"));
  gen_tokens_->setSuffix(tr(" tok"));
  reps_label_->setText(tr("Runs:"));
  run_->setText(tr("Run Benchmark"));
  cancel_->setText(tr("Cancel"));
  apply_winner_->setText(tr("Apply the Winner"));
  apply_winner_->setToolTip(tr("Take the fastest split into the split editor and reload the model with it"));
  QCPAxisRect* rect = plot_->axisRect();
  rect->axis(QCPAxis::atLeft)->setLabel(tr("Generation (tok/s)"));
  rect->axis(QCPAxis::atRight)->setLabel(tr("Prompt (tok/s)"));
  plot_->graph(0)->setName(tr("Generation"));
  plot_->graph(1)->setName(tr("Prompt"));
  refresh();
}

void SplitBenchView::refresh() {
  const QString status = model_->statusText();
  status_->setText(status);
  status_->setVisible(!status.isEmpty());
  if (model_->running()) progress_->setValue(static_cast<int>(std::lround(1000.0 * model_->progress())));
  refreshTable();
  refreshVerdict();
  refreshPlot();
  updateButtons();
}

BenchSettings SplitBenchView::benchSettings() const {
  BenchSettings s;
  s.prompt_tokens = prompt_tokens_->value();
  s.generated_tokens = gen_tokens_->value();
  s.repetitions = reps_->value();
  return s;
}

void SplitBenchView::setBenchSettings(const BenchSettings& settings) {
  prompt_tokens_->setValue(settings.prompt_tokens);
  gen_tokens_->setValue(settings.generated_tokens);
  reps_->setValue(settings.repetitions);
}

void SplitBenchView::refreshTable() {
  const QList<SplitChoice>& splits = model_->splits();
  const auto& results = model_->results();
  table_->setRowCount(static_cast<int>(splits.size()));
  const SplitBenchModel::Verdict verdict = model_->verdict();
  for (int i = 0; i < splits.size(); ++i) {
    const SplitChoice& c = splits[i];
    QStringList memory;
    const QList<quint64> bytes = model_->bytesPerGpu(c);
    for (int d = 0; d < bytes.size(); ++d)
      //: Bytes a split puts on one GPU: GPU index, size.
      memory << tr("GPU %1: %2").arg(d).arg(DisplayFormat::bytes(bytes[d]));
    QString prompt, generation, tip;
    if (const auto& r = results[i]) {
      if (r->measured()) {
        prompt = tr("%1 ± %2").arg(number(r->figures.prompt_tokens_per_second), number(r->figures.prompt_stddev));
        generation = tr("%1 ± %2").arg(number(r->figures.generation_tokens_per_second),
                                       number(r->figures.generation_stddev));
        //: Tooltip of a measured split: the tests run and the backend.
        tip = tr("pp%1 and tg%2 on %3")
                  .arg(r->figures.prompt_tokens)
                  .arg(r->figures.generated_tokens)
                  .arg(DisplayFormat::backend(r->figures.backend));
      } else {
        prompt = generation = r->error.kind == EngineErrorKind::Cancelled ? tr("cancelled") : tr("failed");
        tip = r->error.message;
      }
    } else if (model_->running() && i == model_->current()) {
      prompt = generation = tr("measuring…");
    } else if (const QString problem = model_->problemWith(c); !problem.isEmpty()) {
      //: A split that cannot be measured (it would overflow a GPU): shown in its speed columns.
      prompt = generation = tr("does not fit");
      tip = problem;
    }
    const bool best = verdict.fastest && *verdict.fastest == i;
    const bool tied = verdict.tied.contains(i) || (best && !verdict.tied.isEmpty());
    const QString mark = best && verdict.decided() ? QStringLiteral("★ %1").arg(i + 1)
                         : tied                    ? QStringLiteral("= %1").arg(i + 1)
                                                   : QString::number(i + 1);
    const QStringList texts{mark, describeSplit(c), memory.isEmpty() ? QStringLiteral("—") : memory.join(QStringLiteral(" · ")),
                            prompt, generation};
    for (int col = 0; col < ColumnCount; ++col) {
      auto* item = table_->item(i, col);
      if (item == nullptr) {
        item = new QTableWidgetItem;
        table_->setItem(i, col, item);
      }
      item->setText(texts[col]);
      item->setToolTip(col >= PromptColumn ? tip : texts[col]);
      if (col >= PromptColumn) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
  }
}

void SplitBenchView::refreshVerdict() {
  const SplitBenchModel::Verdict verdict = model_->verdict();
  const auto& results = model_->results();
  QString text;
  if (!verdict.fastest) {
    text = tr("Add at least two splits and run the benchmark; the fastest can then be applied.");
  } else if (model_->measuredOnCpu()) {
    //: The benchmark's verdict when the model ran on the CPU, where the GPU split changes nothing.
    text = tr("No winner: everything ran on the CPU (no GPU backend is in use), where the splits cannot differ; "
              "their speeds say nothing about the GPUs.");
  } else if (!verdict.decided()) {
    QStringList tied{QStringLiteral("#%1").arg(*verdict.fastest + 1)};
    for (int i : verdict.tied) tied << QStringLiteral("#%1").arg(i + 1);
    //: The benchmark's splits are as fast as each other within the runs' spread: %1 lists them ("#1, #3").
    text = tr("No clear winner: %1 are as fast as each other within the spread of the runs. Run more repetitions "
              "to tell them apart, or keep the split you have.")
               .arg(QLocale().createSeparatedList(tied));
  } else {
    const BenchFigures& f = results[*verdict.fastest]->figures;
    text = tr("Winner: #%1, %2 — %3 tok/s generation, %4 tok/s prompt")
               .arg(*verdict.fastest + 1)
               .arg(describeSplit(model_->splits()[*verdict.fastest]), number(f.generation_tokens_per_second),
                    number(f.prompt_tokens_per_second));
  }
  winner_->setText(text);
}

void SplitBenchView::refreshPlot() {
  QCPGraph* generation = plot_->graph(0);
  QCPGraph* prompt = plot_->graph(1);
  generation->data()->clear();
  prompt->data()->clear();
  // Labels of the last plot go; one per measured split is made below.
  for (int i = plot_->itemCount() - 1; i >= 0; --i) plot_->removeItem(i);
  // x: the most bytes the split puts on one GPU (GiB, or MiB for small models); without GPUs the
  // split's number.
  const auto& results = model_->results();
  // The memory of the loaded model (the one measured): without it, or without GPUs, the split's number.
  bool gpus = model_->hasMeasuredModel();
  QList<double> xs;
  double largest = 0.0;
  for (int i = 0; i < results.size() && gpus; ++i) gpus = !model_->bytesPerGpu(model_->splits()[i]).isEmpty();
  for (int i = 0; i < results.size(); ++i) {
    double x = i + 1;
    if (gpus) {
      const QList<quint64> bytes = model_->bytesPerGpu(model_->splits()[i]);
      x = static_cast<double>(*std::max_element(bytes.begin(), bytes.end()));
    }
    xs << x;
    if (results[i] && results[i]->measured()) largest = std::max(largest, x);
  }
  const bool gib = largest >= kGiB;
  const double unit = !gpus ? 1.0 : gib ? kGiB : kGiB / 1024.0;
  QCPAxis* x_axis = plot_->axisRect()->axis(QCPAxis::atBottom);
  x_axis->setLabel(!gpus ? tr("Split (#)") : gib ? tr("Memory on the fullest GPU (GiB)") : tr("Memory on the fullest GPU (MiB)"));
  double x_min = 0.0, x_max = 0.0, gen_max = 1.0, prompt_max = 1.0;
  bool any = false;
  for (int i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    if (!r || !r->measured()) continue;
    const double x = xs[i] / unit;
    x_min = any ? std::min(x_min, x) : x;
    x_max = any ? std::max(x_max, x) : x;
    any = true;
    generation->addData(x, r->figures.generation_tokens_per_second);
    prompt->addData(x, r->figures.prompt_tokens_per_second);
    gen_max = std::max(gen_max, r->figures.generation_tokens_per_second);
    prompt_max = std::max(prompt_max, r->figures.prompt_tokens_per_second);
    auto* label = new QCPItemText(plot_);
    label->setClipAxisRect(plot_->axisRect());
    label->position->setAxes(x_axis, plot_->axisRect()->axis(QCPAxis::atLeft));
    label->position->setCoords(x, r->figures.generation_tokens_per_second);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    label->setPadding(QMargins(6, 0, 0, 4));
    label->setColor(palette().color(QPalette::Text));
    label->setText(QStringLiteral("#%1").arg(i + 1));
  }
  double span = x_max - x_min;
  if (span <= 0.0) span = std::max(0.2 * x_max, 1.0);
  x_axis->setRange(std::max(0.0, x_min - 0.3 * span), x_max + 0.3 * span);
  plot_->axisRect()->axis(QCPAxis::atLeft)->setRange(0.0, gen_max * 1.25);
  plot_->axisRect()->axis(QCPAxis::atRight)->setRange(0.0, prompt_max * 1.25);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void SplitBenchView::updateButtons() {
  const bool running = model_->running();
  const bool ready = !running && model_->canRun();
  const int n = static_cast<int>(model_->splits().size());
  const bool gpus = model_->hasGpus();
  add_current_->setEnabled(!running && n < kMaxSplits && gpus);
  suggestions_->setEnabled(!running && n < kMaxSplits && gpus);
  remove_->setEnabled(!running && table_->currentRow() >= 0 && table_->currentRow() < n);
  run_->setEnabled(ready);
  if (!running && !model_->hasMeasuredModel()) run_->setToolTip(tr("Load a model first"));
  else if (n < kMinSplits) run_->setToolTip(tr("Add at least two splits to compare"));
  else run_->setToolTip(tr("Load the model with each split in turn and measure it"));
  cancel_->setEnabled(running && !model_->cancelling());
  progress_->setVisible(running);
  for (QSpinBox* box : {prompt_tokens_, gen_tokens_, reps_}) box->setEnabled(!running);
  apply_winner_->setEnabled(!running && model_->engineReady() && model_->winner().has_value());
}

}  // namespace tessera::gui
