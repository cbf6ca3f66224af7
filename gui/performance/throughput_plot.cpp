#include "throughput_plot.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QFontMetrics>
#include <QImage>
#include <QMainWindow>
#include <QPainter>
#include <QStatusBar>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

#include <qcustomplot.h>

#include "memory_bar.h"
#include "plot_legend.h"

namespace tessera::gui {
namespace {

QColor faded(QColor c, int alpha) {
  c.setAlpha(alpha);
  return c;
}

// Every number shown goes through the interface's locale (QLocale's default, which the language
// switcher sets): "1.234,5" in German.
QString number(double v, int decimals = 1) { return QLocale().toString(v, 'f', decimals); }
QString whole(int v) { return QLocale().toString(v); }

}  // namespace

ThroughputPlot::ThroughputPlot(QWidget* parent)
    : QWidget(parent), summary_(new QLabel(this)), export_(new QToolButton(this)), plot_(new QCustomPlot(this)) {
  setObjectName(QStringLiteral("throughputPlot"));
  summary_->setObjectName(QStringLiteral("throughputSummary"));
  summary_->setTextFormat(Qt::PlainText);
  export_->setObjectName(QStringLiteral("exportThroughputPng"));
  connect(export_, &QToolButton::clicked, this, &ThroughputPlot::chooseExportFile);

  auto* bar = new QHBoxLayout;
  bar->addWidget(summary_, 1);
  bar->addWidget(export_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(bar);
  layout->addWidget(plot_, 1);
  plot_->setMinimumHeight(220);
  plot_->setBackground(palette().color(QPalette::Base));

  // Top: the current reply.
  live_rect_ = plot_->axisRect();
  QCPAxis* x = live_rect_->axis(QCPAxis::atBottom);
  QCPAxis* y = live_rect_->axis(QCPAxis::atLeft);
  QCPAxis* y2 = live_rect_->axis(QCPAxis::atRight);
  x->setLabelColor(palette().color(QPalette::Text));
  y->setLabelColor(MemoryColors::generation().darker(120));
  y2->setVisible(true);
  y2->setLabelColor(MemoryColors::prompt().darker(120));
  y2->setTickLabels(true);
  x->setRange(0, 5);
  y->setRange(0, 10);
  y2->setRange(0, 10);

  prompt_band_ = new QCPItemRect(plot_);
  prompt_band_->setClipAxisRect(live_rect_);
  prompt_band_->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
  prompt_band_->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
  prompt_band_->setPen(Qt::NoPen);
  prompt_band_->setBrush(faded(MemoryColors::prompt(), 40));
  prompt_band_->setVisible(false);
  prompt_label_ = new QCPItemText(plot_);
  prompt_label_->setClipAxisRect(live_rect_);
  prompt_label_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  prompt_label_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
  prompt_label_->setColor(MemoryColors::prompt().darker(130));
  prompt_label_->setVisible(false);

  prompt_ = plot_->addGraph(x, y2);
  prompt_->setLineStyle(QCPGraph::lsStepLeft);
  prompt_->setPen(QPen(MemoryColors::prompt(), 2));
  prompt_->setBrush(faded(MemoryColors::prompt(), 70));

  generation_ = plot_->addGraph(x, y);
  generation_->setPen(QPen(MemoryColors::generation(), 2));
  generation_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, MemoryColors::generation(), 5));

  first_token_line_ = new QCPItemStraightLine(plot_);
  first_token_line_->setClipAxisRect(live_rect_);
  first_token_line_->setPen(QPen(palette().color(QPalette::WindowText), 1, Qt::DashLine));
  first_token_line_->setVisible(false);
  first_token_label_ = new QCPItemText(plot_);
  first_token_label_->setClipAxisRect(live_rect_);
  first_token_label_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  first_token_label_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
  first_token_label_->setPadding(QMargins(4, 2, 4, 2));
  first_token_label_->setColor(palette().color(QPalette::Text));  // default black: unreadable on a dark palette
  first_token_label_->setVisible(false);

  plot_->legend->setVisible(true);
  QFont legend_font = font();
  legend_font.setPointSizeF(legend_font.pointSizeF() * 0.85);
  plot_->legend->setFont(legend_font);
  plot_->legend->setBrush(faded(palette().color(QPalette::Base), 220));
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->legend->setTextColor(palette().color(QPalette::Text));
  // The legend gets a row of its own above the live plot: inside it (top right) it covered the
  // newest samples, which are at the right and near the top of the scale.
  placeLegendAbove(plot_, live_rect_);  // row 0; the live plot is row 1

  // Below (or beside, when the plot is wide and short): recent replies.
  history_rect_ = new QCPAxisRect(plot_);
  plot_->plotLayout()->addElement(2, 0, history_rect_);
  plot_->plotLayout()->setRowStretchFactor(1, 2.0);
  plot_->plotLayout()->setRowStretchFactor(2, 1.0);
  plot_->installEventFilter(this);
  QCPAxis* hx = history_rect_->axis(QCPAxis::atBottom);
  QCPAxis* hy = history_rect_->axis(QCPAxis::atLeft);
  QCPAxis* hy2 = history_rect_->axis(QCPAxis::atRight);
  hy2->setVisible(true);
  hx->setLabelColor(palette().color(QPalette::Text));
  hy->setLabelColor(MemoryColors::generation().darker(120));
  hy2->setLabelColor(MemoryColors::prompt().darker(120));
  auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
  ticker->setTickStep(1.0);
  ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
  hx->setTicker(ticker);
  hx->setRange(0.5, 5.5);
  hy->setRange(0, 10);
  hy2->setRange(0, 10);
  auto* group = new QCPBarsGroup(plot_);
  history_generation_ = new QCPBars(hx, hy);
  history_generation_->setPen(Qt::NoPen);
  history_generation_->setBrush(MemoryColors::generation());
  history_generation_->setWidth(0.35);
  history_generation_->setBarsGroup(group);
  history_generation_->removeFromLegend();
  history_prompt_ = new QCPBars(hx, hy2);
  history_prompt_->setPen(Qt::NoPen);
  history_prompt_->setBrush(MemoryColors::prompt());
  history_prompt_->setWidth(0.35);
  history_prompt_->setBarsGroup(group);
  history_prompt_->removeFromLegend();

  // Both rects share left/right margins so their plots line up.
  margins_ = new QCPMarginGroup(plot_);
  live_rect_->setMarginGroup(QCP::msLeft | QCP::msRight, margins_);
  history_rect_->setMarginGroup(QCP::msLeft | QCP::msRight, margins_);
  for (QCPAxis* a : {x, y, y2, hx, hy, hy2}) {
    a->setBasePen(QPen(palette().color(QPalette::Mid)));
    a->setTickLabelColor(palette().color(QPalette::Text));
  }
  // The value axes' numbers in their series' colours: which is which stays clear when a title
  // is left out for lack of room.
  for (QCPAxis* a : {y, hy}) a->setTickLabelColor(MemoryColors::generation().darker(120));
  for (QCPAxis* a : {y2, hy2}) a->setTickLabelColor(MemoryColors::prompt().darker(120));
  connect(plot_, &QCustomPlot::afterLayout, this, &ThroughputPlot::fitToLayout);
  setSummary([] { return tr("Tokens per second appear here while the model answers."); });
  retranslateUi();
}

void ThroughputPlot::retranslateUi() {
  // QCustomPlot fixes its tick labels' locale when it is made; follow the interface's.
  plot_->setLocale(QLocale());
  export_->setText(tr("Export PNG…"));
  export_->setToolTip(tr("Save this plot as a PNG image"));
  titles_ = {
      {live_rect_->axis(QCPAxis::atBottom), tr("seconds since the request")},
      {live_rect_->axis(QCPAxis::atLeft), tr("generation tokens/s")},
      {live_rect_->axis(QCPAxis::atRight), tr("prompt tokens/s")},
      //: Axis of the recent-replies bar chart: reply number.
      {history_rect_->axis(QCPAxis::atBottom), tr("reply")},
      //: Axis of the recent-replies bar chart: generation tokens/s.
      {history_rect_->axis(QCPAxis::atLeft), tr("generation")},
      //: Axis of the recent-replies bar chart (and the band over the prompt phase): prompt tokens/s.
      {history_rect_->axis(QCPAxis::atRight), tr("prompt")},
  };
  fitAxisTitles(true);
  prompt_label_->setText(tr("prompt"));
  prompt_->setName(tr("Prompt tokens/s"));
  generation_->setName(tr("Generation tokens/s"));
  history_generation_->setName(tr("Generation tokens/s per reply"));
  history_prompt_->setName(tr("Prompt tokens/s per reply"));
  for (QCPGraph* f : faded_) f->setName(tr("Earlier replies"));
  showFirstTokenLabel();
  if (summary_text_) summary_->setText(summary_text_());
  replot();
}

void ThroughputPlot::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

void ThroughputPlot::setSummary(std::function<QString()> text) {
  summary_text_ = std::move(text);
  summary_->setText(summary_text_());
}

void ThroughputPlot::showFirstTokenLabel() {
  //: Next to the dashed line at the first token: the time it took, in seconds.
  first_token_label_->setText(tr("first token\n%1 s").arg(number(first_token_, 2)));
}

void ThroughputPlot::placeFirstToken(double seconds) {
  first_token_ = seconds;
  prompt_band_->bottomRight->setCoords(seconds, 1);
  first_token_line_->point1->setCoords(seconds, 0);
  first_token_line_->point2->setCoords(seconds, 1);
  first_token_line_->setVisible(true);
  first_token_label_->position->setCoords(seconds, firstTokenLabelY());  // below the "prompt" label
  showFirstTokenLabel();
  first_token_label_->setVisible(true);
}

QString ThroughputPlot::firstTokenLabelText() const { return first_token_label_->text(); }

void ThroughputPlot::attach(ThroughputSampler* sampler) {
  connect(sampler, &ThroughputSampler::replyStarted, this, &ThroughputPlot::onReplyStarted);
  connect(sampler, &ThroughputSampler::promptProgress, this, &ThroughputPlot::onPromptProgress);
  connect(sampler, &ThroughputSampler::promptRate, this, &ThroughputPlot::onPromptRate);
  connect(sampler, &ThroughputSampler::firstToken, this, &ThroughputPlot::onFirstToken);
  connect(sampler, &ThroughputSampler::sampled, this, &ThroughputPlot::onSample);
  connect(sampler, &ThroughputSampler::replyFinished, this, &ThroughputPlot::onReplyFinished);
  connect(sampler, &ThroughputSampler::modelChanged, this, &ThroughputPlot::setModelName);
}

int ThroughputPlot::currentSampleCount() const { return generation_->data()->size(); }

QString ThroughputPlot::summaryText() const { return summary_->text(); }

void ThroughputPlot::onReplyStarted(int reply) {
  reply_ = reply;
  // The finished reply becomes a faded line; the oldest faded one goes.
  if (!generation_->data()->isEmpty()) {
    QCPGraph* old = plot_->addGraph(generation_->keyAxis(), generation_->valueAxis());
    old->setData(generation_->data());
    old->setPen(QPen(faded(MemoryColors::generation(), 70), 1.5));
    old->setName(tr("Earlier replies"));  // all of them, one legend entry
    for (QCPGraph* f : faded_) f->removeFromLegend();  // one legend entry for all of them
    faded_.prepend(old);
    while (faded_.size() > kFadedReplies) plot_->removeGraph(faded_.takeLast());
    generation_->setData(QSharedPointer<QCPGraphDataContainer>::create());
  }
  prompt_->data()->clear();
  first_token_ = 0.0;
  now_ = 0.0;
  prompt_band_->topLeft->setCoords(0, 0);
  prompt_band_->bottomRight->setCoords(0, 1);
  prompt_band_->setVisible(true);
  prompt_label_->position->setCoords(0, 0.02);
  prompt_label_->setVisible(true);
  first_token_line_->setVisible(false);
  first_token_label_->setVisible(false);
  setSummary([reply] { return tr("Reply %1: reading the prompt…").arg(whole(reply)); });
  rescale();
  replot();
}

void ThroughputPlot::onPromptProgress(int reply, double seconds) {
  if (reply != reply_) return;
  now_ = seconds;
  prompt_band_->bottomRight->setCoords(seconds, 1);
  rescale();
  replot();
}

void ThroughputPlot::onPromptRate(int reply, double seconds, double tokens_per_second) {
  if (reply != reply_ || first_token_ > 0.0) return;
  // The prompt's speed so far, drawn as the prompt is read (the engine's figure replaces it at the end).
  prompt_->addData(seconds, tokens_per_second);
  onPromptProgress(reply, seconds);
}

void ThroughputPlot::onFirstToken(int reply, double seconds) {
  if (reply != reply_) return;
  now_ = std::max(now_, seconds);
  placeFirstToken(seconds);
  setSummary([reply, seconds] { return tr("Reply %1: first token after %2 s, generating…").arg(whole(reply), number(seconds, 2)); });
  rescale();
  replot();
}

void ThroughputPlot::onSample(const ThroughputSample& s) {
  if (s.reply != reply_) return;
  ++total_samples_;
  now_ = std::max(now_, s.seconds);
  generation_->addData(s.seconds, s.tokens_per_second);
  setSummary([s] {
    //: While generating: reply number, current speed, tokens generated so far.
    return tr("Reply %1: %2 tokens/s, %Ln token(s) so far", nullptr, s.tokens).arg(whole(s.reply), number(s.tokens_per_second));
  });
  rescale();
  replot();
}

void ThroughputPlot::onReplyFinished(const ReplyRecord& r) {
  if (r.reply != reply_) return;
  now_ = std::max(now_, r.seconds);
  // One source of truth for the first token: the engine's measurement, which the chat shows
  // under the reply. The sampler's clock (when the GUI got the first text) only stood in for it
  // while the reply ran; it also counts the worker's batching and the event queue.
  if (!r.failed && r.time_to_first_token > 0.0) placeFirstToken(r.time_to_first_token);
  if (r.prompt_tokens_per_second > 0.0 && first_token_ > 0.0) {
    prompt_->data()->clear();
    prompt_->addData(0.0, r.prompt_tokens_per_second);
    prompt_->addData(first_token_, r.prompt_tokens_per_second);
  }
  if (!r.failed) {
    history_.append(r);
    while (history_.size() > kHistory) history_.removeFirst();
    rebuildHistory();
  }
  setSummary([r] {
    if (r.failed) return tr("Reply %1 failed").arg(whole(r.reply));
    // Two counts in one sentence cannot both get plural forms: "tok" reads right for any count.
    // What did not happen (no token before a stop) or is not known (a server's prompt) is "—".
    const QString prompt = r.prompt_tokens > 0
                               //: Part of a reply's summary: prompt tokens read and their speed.
                               ? tr("prompt %1 tok at %2 tok/s").arg(whole(r.prompt_tokens), number(r.prompt_tokens_per_second))
                               : tr("prompt —");
    const QString generated =
        r.generated_tokens > 0
            //: Part of a reply's summary: generated tokens, their speed, the time to the first token.
            ? tr("generated %1 tok at %2 tok/s · first token %3 s")
                  .arg(whole(r.generated_tokens), number(r.generation_tokens_per_second), number(r.time_to_first_token, 2))
            : tr("no token generated");
    //: A reply the user stopped: reply number, the prompt part, the generation part.
    if (r.stopped) return tr("Reply %1 (stopped): %2 · %3").arg(whole(r.reply), prompt, generated);
    //: A finished reply: reply number, the prompt part, the generation part.
    return tr("Reply %1: %2 · %3").arg(whole(r.reply), prompt, generated);
  });
  rescale();
  replot();
}

void ThroughputPlot::rebuildHistory() {
  QVector<double> keys, gen, prompt;
  double gen_max = 1.0, prompt_max = 1.0;
  for (const ReplyRecord& r : history_) {
    keys.append(r.reply);
    gen.append(r.generation_tokens_per_second);
    prompt.append(r.prompt_tokens_per_second);
    gen_max = std::max(gen_max, r.generation_tokens_per_second);
    prompt_max = std::max(prompt_max, r.prompt_tokens_per_second);
  }
  history_generation_->setData(keys, gen, true);
  history_prompt_->setData(keys, prompt, true);
  const double first = history_.isEmpty() ? 1 : history_.first().reply;
  const double last = history_.isEmpty() ? 5 : history_.last().reply;
  history_rect_->axis(QCPAxis::atBottom)->setRange(first - 0.6, std::max(last, first + 4) + 0.6);
  history_rect_->axis(QCPAxis::atLeft)->setRange(0, gen_max * 1.15);
  history_rect_->axis(QCPAxis::atRight)->setRange(0, prompt_max * 1.15);
}

void ThroughputPlot::rescale() {
  // At least 50 ms: a 0.04 s reply fills the plot instead of a corner of a 1 s axis.
  double x_max = std::max(0.05, now_);
  double y_max = 1.0;
  auto scan = [&](QCPGraph* g) {
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
      x_max = std::max(x_max, it->key);
      y_max = std::max(y_max, it->value);
    }
  };
  // The current reply alone sets the scale: earlier replies are faded history, clipped where
  // they run past it, not a scale a new reply starts in (a fast reply left a slow one flat at 0).
  scan(generation_);
  double p_max = 1.0;
  for (auto it = prompt_->data()->constBegin(); it != prompt_->data()->constEnd(); ++it) p_max = std::max(p_max, it->value);
  live_rect_->axis(QCPAxis::atBottom)->setRange(0, x_max * 1.05);
  live_rect_->axis(QCPAxis::atLeft)->setRange(0, y_max * 1.2);
  live_rect_->axis(QCPAxis::atRight)->setRange(0, p_max * 1.2);
}

void ThroughputPlot::replot() {
  // Hidden (the plots folded to their title on a laptop, or the memory tab in front), nothing is
  // drawn: the samples still come in, and the plot is drawn once when it shows (it was drawn four
  // times a second while a reply streamed, on the GUI thread the engine shares the cores with).
  if (!plot_->isVisible()) {
    replot_pending_ = true;
    return;
  }
  replot_pending_ = false;
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ThroughputPlot::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (replot_pending_) replot();
}

double ThroughputPlot::firstTokenLabelY() const {
  // Just below the "prompt" label (at 0.02 of the height), in pixels: a fixed fraction overlapped
  // it in a short plot.
  const double height = std::max(1, live_rect_->height());
  const double prompt_bottom = 0.02 * height + QFontMetrics(prompt_label_->font()).height() + 4;
  return std::min(0.5, prompt_bottom / height);
}

bool ThroughputPlot::fitAxisTitles(bool all_shown) {
  bool changed = false;
  for (const auto& [axis, title] : titles_) {
    // A vertical title is drawn along its axis: longer than the axis, it ran into its neighbours.
    const bool vertical = axis->orientation() == Qt::Vertical;
    const bool fits = all_shown || !vertical ||
                      QFontMetrics(axis->labelFont()).horizontalAdvance(title) <= axis->axisRect()->height();
    const QString shown = fits ? title : QString();
    if (axis->label() != shown) {
      axis->setLabel(shown);
      changed = true;
    }
  }
  return changed;
}

void ThroughputPlot::fitToLayout() {
  bool changed = fitAxisTitles(false);
  // As many ticks as their labels have room for (two label heights apart on a value axis).
  for (QCPAxisRect* rect : {live_rect_, history_rect_}) {
    for (QCPAxis* axis : rect->axes()) {
      if (axis->ticker().dynamicCast<QCPAxisTickerFixed>()) continue;  // the reply numbers
      const QFontMetrics fm(axis->tickLabelFont());
      const int room = axis->orientation() == Qt::Vertical ? rect->height() / (2 * fm.height())
                                                           : rect->width() / (fm.horizontalAdvance(QStringLiteral("00.00")) * 2);
      const int count = std::clamp(room, 2, 5);
      if (axis->ticker()->tickCount() != count) {
        axis->ticker()->setTickCount(count);
        changed = true;
      }
    }
  }
  // The legend's entries side by side, as many per row as the width holds.
  changed |= wrapLegend(plot_->legend, live_rect_->outerRect().width());
  // The first-token label below the prompt label; to the left of its line near the right edge.
  if (first_token_label_->visible()) {
    first_token_label_->position->setCoords(first_token_, firstTokenLabelY());
    const double x = live_rect_->axis(QCPAxis::atBottom)->coordToPixel(first_token_);
    const int width = QFontMetrics(first_token_label_->font()).boundingRect(QRect(), 0, first_token_label_->text()).width() + 8;
    first_token_label_->setPositionAlignment((x + width > live_rect_->right() ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
  }
  if (changed) replot();
}

bool ThroughputPlot::eventFilter(QObject* watched, QEvent* event) {
  if (watched == plot_ && event->type() == QEvent::Resize) arrange();
  return QWidget::eventFilter(watched, event);
}

void ThroughputPlot::arrange() {
  // A wide, short plot (a bottom dock) puts the history beside the live plot; otherwise below.
  arrangeHistory(plot_->width() > 2 * plot_->height());
}

void ThroughputPlot::arrangeHistory(bool beside) {
  if (beside == history_beside_) return;
  history_beside_ = beside;
  QCPLayoutGrid* grid = plot_->plotLayout();
  grid->take(history_rect_);
  grid->simplify();
  // Row 0 is the legend, row 1 the live plot.
  if (beside) {
    grid->addElement(1, 1, history_rect_);
    grid->setColumnStretchFactor(0, 3.0);
    grid->setColumnStretchFactor(1, 1.0);
  } else {
    grid->addElement(2, 0, history_rect_);
    grid->setRowStretchFactor(1, 2.0);
    grid->setRowStretchFactor(2, 1.0);
  }
  // Line up with the live plot along the shared edges only.
  history_rect_->setMarginGroup(QCP::msLeft | QCP::msRight | QCP::msTop | QCP::msBottom, nullptr);
  live_rect_->setMarginGroup(QCP::msLeft | QCP::msRight | QCP::msTop | QCP::msBottom, nullptr);
  const QCP::MarginSides shared = beside ? (QCP::msTop | QCP::msBottom) : (QCP::msLeft | QCP::msRight);
  live_rect_->setMarginGroup(shared, margins_);
  history_rect_->setMarginGroup(shared, margins_);
  replot();
}

QString ThroughputPlot::exportTitle() const {
  const QString model = model_name_.isEmpty()
                            ? QCoreApplication::translate("tessera::gui::MainWindow", "No model loaded")
                            : model_name_;
  //: Title of an exported throughput plot: the model's name, the date and time.
  return tr("Throughput of %1, %2").arg(model, QLocale().toString(QDateTime::currentDateTime(), QLocale::ShortFormat));
}

bool ThroughputPlot::exportPng(const QString& path, int width, int height) {
  // The widget may be a short strip in a dock: the image gets a readable size and its own layout.
  const QSize size(width > 0 ? width : std::max(kExportMinimum.width(), plot_->width()),
                   height > 0 ? height : std::max(kExportMinimum.height(), plot_->height()));
  QFont title_font = font();
  title_font.setBold(true);
  title_font.setPointSizeF(title_font.pointSizeF() * 1.3);
  const int title_height = QFontMetrics(title_font).height() * 2;
  const bool was_beside = history_beside_;
  fitAxisTitles(true);  // laid out again for the image's size (fitToLayout)
  arrangeHistory(size.width() > 2 * (size.height() - title_height));
  QImage image(size, QImage::Format_ARGB32);
  image.fill(palette().color(QPalette::Base));
  {
    QPainter painter(&image);
    painter.setFont(title_font);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRect(0, 0, size.width(), title_height), Qt::AlignCenter, exportTitle());
    painter.drawPixmap(0, title_height, plot_->toPixmap(size.width(), size.height() - title_height));
  }
  arrangeHistory(was_beside);
  replot();
  return image.save(path, "PNG");
}

void ThroughputPlot::chooseExportFile() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Throughput Plot"), tr("throughput.png"),
                                                    tr("PNG images (*.png)"));
  if (!path.isEmpty()) exportTo(path);
}

void ThroughputPlot::exportTo(const QString& path) {
  //: After Export PNG…: where the image went, or that it could not be written.
  const QString message = exportPng(path) ? tr("Saved the plot to %1").arg(QDir::toNativeSeparators(path))
                                          : tr("The plot could not be saved to %1").arg(QDir::toNativeSeparators(path));
  emit exported(message);
  if (auto* main = qobject_cast<QMainWindow*>(window())) main->statusBar()->showMessage(message, 5000);
}

}  // namespace tessera::gui
