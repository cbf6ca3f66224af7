#include "split_editor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

#include <cmath>

#include "backend/kv_cache_type.h"
#include "display_format.h"
#include "memory_bar.h"
#include "theme_colors.h"

namespace tessera::gui {
namespace {

QString swatch(const QColor& color, const QString& text) {
  return QStringLiteral("<span style=\"color:%1;\">&#9632;</span>&nbsp;%2").arg(color.name(), text.toHtmlEscaped());
}

// Slider units <-> share in percent.
int toSlider(double percent) { return static_cast<int>(std::lround(percent / 100.0 * SplitEditor::kSliderSteps)); }

double fromSlider(int value) { return static_cast<double>(value) * 100.0 / SplitEditor::kSliderSteps; }

QString exactBytes(quint64 bytes) { return QLocale().toString(bytes); }

}  // namespace

SplitEditor::SplitEditor(SplitPreviewModel* model, QWidget* parent)
    : QWidget(parent),
      model_(model),
      mode_(new QComboBox(this)),
      main_gpu_(new QComboBox(this)),
      kv_type_(new QComboBox(this)),
      even_(new QPushButton(this)),
      by_free_(new QPushButton(this)),
      by_total_(new QPushButton(this)),
      model_label_(new QLabel(this)),
      no_gpu_(new QLabel(this)),
      legend_(new QLabel(this)),
      mode_label_(new QLabel(this)),
      main_gpu_label_(new QLabel(this)),
      kv_type_label_(new QLabel(this)),
      presets_label_(new QLabel(this)),
      controls_(new QWidget(this)),
      grid_(new QGridLayout),
      summary_(new QLabel(this)),
      total_(new QLabel(this)),
      apply_(new QPushButton(this)) {
  setObjectName(QStringLiteral("splitEditor"));
  mode_->setObjectName(QStringLiteral("splitMode"));
  // Texts come in retranslateUi(); the data is what the model understands.
  mode_->addItem(QString(), QStringLiteral("none"));
  mode_->addItem(QString(), QStringLiteral("layer"));
  mode_->addItem(QString(), QStringLiteral("row"));
  main_gpu_->setObjectName(QStringLiteral("mainGpu"));
  kv_type_->setObjectName(QStringLiteral("kvCacheType"));
  // As wide as their entries now: a language switch or another set of GPUs changes them (sized
  // once, at the first show, the German split mode was cut to "Schicht (ganze Schichten pro GP").
  for (QComboBox* box : {mode_, main_gpu_, kv_type_}) box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  for (tessera::KvCacheType t : tessera::all_kv_cache_types()) kv_type_->addItem(QString(), kvCacheTypeKey(t));
  even_->setObjectName(QStringLiteral("presetEven"));
  by_free_->setObjectName(QStringLiteral("presetFree"));
  by_total_->setObjectName(QStringLiteral("presetTotal"));
  apply_->setObjectName(QStringLiteral("applySplit"));
  summary_->setObjectName(QStringLiteral("splitSummary"));
  total_->setObjectName(QStringLiteral("splitShareTotal"));
  total_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  total_->hide();
  summary_->setWordWrap(true);
  summary_->setTextFormat(Qt::PlainText);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  model_label_->setWordWrap(true);
  model_label_->setTextFormat(Qt::PlainText);
  no_gpu_->setObjectName(QStringLiteral("splitNoGpu"));
  no_gpu_->setWordWrap(true);

  auto* presets = new QHBoxLayout;
  presets->setContentsMargins(0, 0, 0, 0);
  presets->addWidget(even_);
  presets->addWidget(by_free_);
  presets->addWidget(by_total_);
  presets->addStretch(1);
  // Three short lines (the split and the KV cache, the main GPU, the presets), so the tab is no
  // wider than the GPUs' rows below need: on one line the German or French words made it wider
  // than a laptop's main area, and the presets were cut off at the side.
  auto* choices = new QGridLayout;
  choices->setContentsMargins(0, 0, 0, 0);
  mode_label_->setBuddy(mode_);
  main_gpu_label_->setBuddy(main_gpu_);
  kv_type_label_->setBuddy(kv_type_);
  for (QLabel* label : {mode_label_, main_gpu_label_, presets_label_})
    label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  auto* mode_line = new QHBoxLayout;
  mode_line->addWidget(mode_);
  mode_line->addSpacing(12);
  mode_line->addWidget(kv_type_label_);
  mode_line->addWidget(kv_type_);
  mode_line->addStretch(1);
  auto* gpu_line = new QHBoxLayout;
  gpu_line->addWidget(main_gpu_);
  gpu_line->addStretch(1);
  choices->addWidget(mode_label_, 0, 0);
  choices->addLayout(mode_line, 0, 1);
  choices->addWidget(main_gpu_label_, 1, 0);
  choices->addLayout(gpu_line, 1, 1);
  choices->addWidget(presets_label_, 2, 0);
  choices->addLayout(presets, 2, 1);
  choices->setColumnStretch(1, 1);

  legend_->setTextFormat(Qt::RichText);
  legend_->setWordWrap(true);

  grid_->setColumnStretch(kSliderColumn, 2);
  grid_->setColumnStretch(kBarColumn, 3);
  grid_->setHorizontalSpacing(8);
  grid_->setVerticalSpacing(2);
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(summary_, 1);
  bottom->addWidget(apply_, 0, Qt::AlignTop);

  auto* controls = new QVBoxLayout(controls_);
  controls->setContentsMargins(0, 0, 0, 0);
  controls->addLayout(choices);
  controls->addWidget(model_label_);
  controls->addLayout(grid_);
  controls->addWidget(legend_);
  controls->addLayout(bottom);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(no_gpu_);
  layout->addWidget(controls_);
  layout->addStretch(1);

  connect(mode_, &QComboBox::currentIndexChanged, this, [this] {
    auto mode = tessera::parse_split_mode(mode_->currentData().toString().toStdString());
    if (mode) model_->setMode(*mode);
  });
  connect(main_gpu_, &QComboBox::currentIndexChanged, this, [this](int i) {
    if (i >= 0) model_->setMainDevice(i);
  });
  connect(kv_type_, &QComboBox::currentIndexChanged, this, [this] {
    model_->setKvCacheType(kvCacheTypeFromKey(kv_type_->currentData().toString()));
  });
  connect(even_, &QPushButton::clicked, this, [this] { model_->applyPreset(SplitPreviewModel::Preset::Even); });
  connect(by_free_, &QPushButton::clicked, this, [this] { model_->applyPreset(SplitPreviewModel::Preset::ByFreeMemory); });
  connect(by_total_, &QPushButton::clicked, this, [this] { model_->applyPreset(SplitPreviewModel::Preset::ByTotalMemory); });
  connect(apply_, &QPushButton::clicked, this, [this] { emit applyRequested(model_->choice()); });

  connect(model_, &SplitPreviewModel::devicesChanged, this, &SplitEditor::rebuildRows);
  connect(model_, &SplitPreviewModel::ratiosChanged, this, &SplitEditor::syncControls);
  connect(model_, &SplitPreviewModel::planChanged, this, &SplitEditor::updateProjection);
  rebuildRows();
  retranslateUi();
}

void SplitEditor::retranslateUi() {
  mode_->setItemText(0, tr("None (main GPU only)"));
  mode_->setItemText(1, tr("Layer (whole layers per GPU)"));
  mode_->setItemText(2, tr("Row (every matrix split by rows)"));
  mode_->setToolTip(tr("Layer: each GPU holds whole layers and the activations hop between GPUs.\n"
                       "Row: each weight matrix is split across the GPUs, which compute in parallel.\n"
                       "None: everything on the main GPU."));
  main_gpu_->setToolTip(tr("The GPU that holds the shared tensors (row split) or everything (no split)"));
  for (int i = 0; i < kv_type_->count(); ++i)
    kv_type_->setItemText(i, kvTypeText(kvCacheTypeFromKey(kv_type_->itemData(i).toString())));
  kv_type_->setToolTip(tr("Precision of the KV cache: F32 doubles its size; Q8_0 and Q4_0 keep 8-bit and "
                          "4-bit values with a scale per 32, about half and a quarter of F16's size"));
  //: Preset: the same share on every GPU.
  even_->setText(tr("Even"));
  //: Preset: shares by each GPU's free memory.
  by_free_->setText(tr("Free Memory"));
  //: Preset: shares by each GPU's total memory.
  by_total_->setText(tr("Total Memory"));
  even_->setToolTip(tr("The same share on every GPU"));
  by_free_->setToolTip(tr("Shares proportional to each GPU's free memory"));
  by_total_->setToolTip(tr("Shares proportional to each GPU's total memory"));
  apply_->setText(tr("Apply Split"));
  mode_label_->setText(tr("Split:"));
  main_gpu_label_->setText(tr("Main GPU:"));
  kv_type_label_->setText(tr("KV cache:"));
  presets_label_->setText(tr("Presets:"));
  no_gpu_->setText(tr("No GPU: the model runs on the CPU, so there is nothing to split."));
  // The legend's entries are separate items, each translated whole.
  const QString gap = QStringLiteral("&nbsp;&nbsp; ");
  legend_->setText(swatch(MemoryColors::others(), tr("used by others")) + gap +
                   swatch(MemoryColors::weights(), tr("weights")) + gap +
                   swatch(MemoryColors::kvCache(), tr("KV cache")) + gap +
                   swatch(MemoryColors::scratch(), tr("scratch")) + gap +
                   tr("dashed line: usable limit").toHtmlEscaped());
  for (int i = 0; i < rowCount(); ++i) retranslateRow(i);
  updateProjection();  // the byte counts, the summary and Apply's tooltip
}

void SplitEditor::retranslateRow(int device) {
  const GpuDevice& d = model_->devices()[device];
  Row& row = rows_[device];
  //: A GPU: its CUDA index and its name ("0: NVIDIA H200").
  const QString name = tr("%1: %2").arg(d.index).arg(d.name);
  main_gpu_->setItemText(device, name);
  row.name->setText(name);
  row.name->setToolTip(tr("UUID %1").arg(d.uuid));
  row.slider->setToolTip(tr("Share of the model for %1").arg(d.name));
  //: Suffix of a GPU's share in the split editor's number box ("60.0 %").
  row.spin->setSuffix(tr(" %"));
  row.spin->setToolTip(tr("%1's share of the model in percent; the other GPUs share the rest in proportion").arg(d.name));
  row.share->setToolTip(tr("Share of the model this GPU gets (the ratios normalised)"));
}

void SplitEditor::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

QPushButton* SplitEditor::presetButton(SplitPreviewModel::Preset preset) const {
  switch (preset) {
    case SplitPreviewModel::Preset::Even: return even_;
    case SplitPreviewModel::Preset::ByFreeMemory: return by_free_;
    case SplitPreviewModel::Preset::ByTotalMemory: return by_total_;
  }
  return even_;
}

void SplitEditor::setLoadedChoice(const std::optional<SplitChoice>& loaded) {
  loaded_ = loaded;
  updateApply();
}

void SplitEditor::setModelLoaded(bool loaded) {
  model_loaded_ = loaded;
  updateApply();
}

void SplitEditor::placeRow(int device, const Row& row) {
  // Name, slider, number, share and projection on one line; the bytes under the slider and
  // projection; the warning under them; a gap before the next GPU.
  const int r = device * 4;
  grid_->addWidget(row.name, r, 0);
  grid_->addWidget(row.slider, r, kSliderColumn);
  grid_->addWidget(row.spin, r, kSliderColumn + 1);
  grid_->addWidget(row.share, r, kSliderColumn + 2);
  grid_->addWidget(row.bar, r, kBarColumn);
  grid_->addWidget(row.bytes, r + 1, kSliderColumn, 1, kBarColumn - kSliderColumn + 1);
  grid_->addWidget(row.warning, r + 2, kSliderColumn, 1, kBarColumn - kSliderColumn + 1);
  grid_->setRowMinimumHeight(r + 3, 6);
}

void SplitEditor::rebuildRows() {
  for (Row& row : rows_)
    for (QWidget* w : row.widgets) delete w;
  rows_.clear();
  for (int r = 0; r < grid_->rowCount(); ++r) grid_->setRowMinimumHeight(r, 0);  // gaps of GPUs gone
  {
    const QSignalBlocker block(main_gpu_);
    main_gpu_->clear();
    for (const GpuDevice& d : model_->devices()) main_gpu_->addItem(QString(), d.uuid);
  }
  for (int i = 0; i < model_->deviceCount(); ++i) {
    Row row;
    row.name = new QLabel(this);
    QFont bold = row.name->font();
    bold.setBold(true);
    row.name->setFont(bold);
    row.slider = new QSlider(Qt::Horizontal, this);
    row.slider->setObjectName(QStringLiteral("splitSlider%1").arg(i));
    row.slider->setRange(0, kSliderSteps);
    row.slider->setSingleStep(kSliderSteps / 100);  // arrow keys: 1 %
    row.slider->setPageStep(kSliderSteps / 20);     // Page Up/Down: 5 %
    // The GPU's share in percent (not the raw ratio): what a person reads and types.
    row.spin = new QDoubleSpinBox(this);
    row.spin->setObjectName(QStringLiteral("splitRatio%1").arg(i));
    row.spin->setRange(0.0, 100.0);
    row.spin->setDecimals(1);
    row.spin->setSingleStep(1.0);
    row.spin->setKeyboardTracking(false);  // typing "60" is one change (on Enter or leaving), not "6" then "60"
    row.spin->setAccelerated(true);
    row.share = new QLabel(this);
    row.share->setMinimumWidth(row.share->fontMetrics().horizontalAdvance(QStringLiteral("100.0 %  ")));
    row.share->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    row.bar = new ProjectionBar(this);
    row.bar->setObjectName(QStringLiteral("splitProjection%1").arg(i));
    row.bytes = new QLabel(this);
    row.bytes->setTextFormat(Qt::PlainText);
    row.bytes->setWordWrap(true);
    row.warning = new QLabel(this);
    row.warning->setObjectName(QStringLiteral("splitWarning%1").arg(i));
    row.warning->setWordWrap(true);
    row.warning->setTextFormat(Qt::PlainText);
    QFont warning_font = row.warning->font();
    warning_font.setBold(true);
    row.warning->setFont(warning_font);
    row.warning->hide();
    placeRow(i, row);
    row.widgets = {row.name, row.slider, row.spin, row.share, row.bar, row.bytes, row.warning};
    // Either control sets this GPU's share; the model rescales the others and syncControls()
    // shows every GPU's new share (a share that cannot change, e.g. of the only GPU, snaps back).
    connect(row.slider, &QSlider::valueChanged, this, [this, i](int v) {
      model_->setShare(i, fromSlider(v));
      syncControls();
    });
    connect(row.spin, &QDoubleSpinBox::valueChanged, this, [this, i](double v) {
      model_->setShare(i, v);
      syncControls();
    });
    rows_.append(row);
    retranslateRow(i);
  }
  // The keyboard goes from the presets through each GPU's slider and number, then to Apply.
  QWidget* previous = by_total_;
  for (const Row& row : rows_) {
    setTabOrder(previous, row.slider);
    setTabOrder(row.slider, row.spin);
    previous = row.spin;
  }
  if (!rows_.isEmpty()) setTabOrder(previous, apply_);
  grid_->removeWidget(total_);
  if (!rows_.isEmpty()) {
    // Under the last GPU's share: the shares visibly add up.
    grid_->addWidget(total_, rowCount() * 4, kSliderColumn + 1, 1, 2);
  }
  const bool gpus = model_->deviceCount() > 0;
  no_gpu_->setVisible(!gpus);
  controls_->setVisible(gpus);
  syncControls();
  updateProjection();
}

void SplitEditor::syncControls() {
  {
    const QSignalBlocker b1(mode_);
    const QSignalBlocker b2(main_gpu_);
    const QSignalBlocker b3(kv_type_);
    mode_->setCurrentIndex(mode_->findData(QString::fromLatin1(tessera::split_mode_name(model_->mode()))));
    main_gpu_->setCurrentIndex(model_->mainDevice());
    kv_type_->setCurrentIndex(kv_type_->findData(kvCacheTypeKey(model_->kvCacheType())));
  }
  const bool split = model_->mode() != tessera::SplitMode::None;
  const QList<double> shares = model_->shares();
  for (int i = 0; i < rowCount(); ++i) {
    Row& row = rows_[i];
    const QSignalBlocker b1(row.slider);
    const QSignalBlocker b2(row.spin);
    // None puts everything on the main GPU: show that, not the ratios, which stay in the model
    // and come back with another mode.
    const double shown = split ? shares[i] : (i == model_->mainDevice() ? 100.0 : 0.0);
    row.slider->setValue(toSlider(shown));
    row.spin->setValue(shown);
    row.slider->setEnabled(split);
    row.spin->setEnabled(split);
  }
  for (QPushButton* b : {even_, by_free_, by_total_}) b->setEnabled(split);
  updateApply();
}

QString SplitEditor::shareText(qint64 first, qint64 last, ShareKind kind) {
  const QLocale locale;
  const QString a = locale.toString(first);
  const QString b = locale.toString(last);
  switch (kind) {
    case ShareKind::Layers: return first == last ? tr("layer %1").arg(a) : tr("layers %1–%2").arg(a, b);
    case ShareKind::KvHeads: return first == last ? tr("KV head %1").arg(a) : tr("KV heads %1–%2").arg(a, b);
    case ShareKind::FfnRows: return first == last ? tr("FFN row %1").arg(a) : tr("FFN rows %1–%2").arg(a, b);
  }
  return {};
}

QString SplitEditor::kvTypeText(tessera::KvCacheType type) {
  switch (type) {
    //: KV cache precision: 16-bit floats.
    case tessera::KvCacheType::F16: return tr("F16");
    //: KV cache precision: 32-bit floats.
    case tessera::KvCacheType::F32: return tr("F32");
    //: KV cache precision: 8-bit integers with a scale per 32 values (ggml's Q8_0).
    case tessera::KvCacheType::Q8_0: return tr("Q8_0");
    //: KV cache precision: 4-bit integers with a scale per 32 values (ggml's Q4_0).
    case tessera::KvCacheType::Q4_0: return tr("Q4_0");
  }
  return {};
}

QString SplitEditor::bytesText(const tessera::DevicePlacement& d) {
  if (d.bytes.total() == 0) return tr("Holds nothing of the model (%1 usable)").arg(DisplayFormat::bytes(d.available));
  if (d.bytes.recurrent_state > 0)
    //: A GPU's share of a hybrid model (Qwen3.5/3.6): the recurrent layers' state does not grow with the context.
    return tr("Weights %1 · KV cache %2 · Recurrent state %3 · Scratch %4 = %5 of %6 usable")
        .arg(DisplayFormat::bytes(d.bytes.weights), DisplayFormat::bytes(d.bytes.kv_cache),
             DisplayFormat::bytes(d.bytes.recurrent_state), DisplayFormat::bytes(d.bytes.scratch),
             DisplayFormat::bytes(d.bytes.total()), DisplayFormat::bytes(d.available));
  return tr("Weights %1 · KV cache %2 · Scratch %3 = %4 of %5 usable")
      .arg(DisplayFormat::bytes(d.bytes.weights), DisplayFormat::bytes(d.bytes.kv_cache),
           DisplayFormat::bytes(d.bytes.scratch), DisplayFormat::bytes(d.bytes.total()),
           DisplayFormat::bytes(d.available));
}

void SplitEditor::updateProjection() {
  const auto& plan = model_->plan();
  const QLocale locale;
  if (!model_->hasModel()) {
    model_label_->setText(tr("Open a model to see what each GPU would hold."));
  } else {
    //: The previewed model: its name, the context length, the KV cache precision (F16, F32, Q8_0, Q4_0).
    model_label_->setText(tr("%1 · context %Ln token(s) · %2 KV cache", nullptr, model_->effectiveContextLength())
                              .arg(model_->modelName(), kvTypeText(model_->kvCacheType())));
  }
  for (int i = 0; i < rowCount(); ++i) {
    Row& row = rows_[i];
    const GpuDevice& d = model_->devices()[i];
    const quint64 free_for_plan = std::min<quint64>(d.total_bytes, d.free_bytes + model_->reclaimable(i));
    const quint64 others = d.total_bytes - free_for_plan;
    if (!plan) {
      row.bar->setProjection(others, 0, 0, 0, d.total_bytes, 0, false);
      row.share->setText(QString());
      row.bytes->setText(model_->hasModel() ? QString()
                                             : tr("%1 free of %2").arg(DisplayFormat::bytes(free_for_plan),
                                                                       DisplayFormat::bytes(d.total_bytes)));
      row.bytes->setToolTip(QString());
      row.warning->hide();
      continue;
    }
    const tessera::DevicePlacement& dp = plan->devices[static_cast<size_t>(i)];
    const quint64 usable_end = others + dp.available;
    // The bar's cache segment is everything kept per sequence: the KV cache and a hybrid model's
    // recurrent state (the text beside it names both).
    row.bar->setProjection(others, dp.bytes.weights, dp.bytes.kv_cache + dp.bytes.recurrent_state, dp.bytes.scratch,
                           d.total_bytes, usable_end, !dp.fits);
    //: A GPU's share of the model, in percent.
    row.share->setText(tr("%1 %").arg(locale.toString(100.0 * dp.share, 'f', 1)));
    QString what;
    if (plan->mode == tessera::SplitMode::Row) {
      // The plan's row ranges end exclusively; shown, like layers, by their first and last. An empty
      // range (a GPU given too small a share for a whole KV head) is left out, not shown reversed.
      const QString heads =
          dp.kv_heads.empty() ? QString() : shareText(dp.kv_heads.begin, dp.kv_heads.end - 1, ShareKind::KvHeads);
      const QString rows =
          dp.ffn_rows.empty() ? QString() : shareText(dp.ffn_rows.begin, dp.ffn_rows.end - 1, ShareKind::FfnRows);
      //: Which KV heads and FFN rows a GPU holds ("KV heads 0–3, FFN rows 0–5,631").
      what = !heads.isEmpty() && !rows.isEmpty() ? tr("%1, %2").arg(heads, rows) : heads + rows;
    } else if (!dp.layers.empty()) {
      what = shareText(dp.layers.front(), dp.layers.back(), ShareKind::Layers);
    }
    //: What a GPU would hold (bytes), then which layers or rows.
    row.bytes->setText(what.isEmpty() ? bytesText(dp) : tr("%1 (%2)").arg(bytesText(dp), what));
    row.bytes->setToolTip(tr("Weights: %1 bytes\nKV cache: %2 bytes\nRecurrent state: %3 bytes\nScratch: %4 "
                             "bytes\nTotal: %5 bytes\nUsable: %6 bytes")
                              .arg(exactBytes(dp.bytes.weights), exactBytes(dp.bytes.kv_cache),
                                   exactBytes(dp.bytes.recurrent_state), exactBytes(dp.bytes.scratch),
                                   exactBytes(dp.bytes.total()), exactBytes(dp.available)));
    const QString problem = model_->deviceProblem(i);
    QPalette warning_palette = row.warning->palette();
    warning_palette.setColor(QPalette::WindowText, ThemeColors::warningText(palette()));
    row.warning->setPalette(warning_palette);
    row.warning->setText(problem);
    row.warning->setVisible(!problem.isEmpty());
  }
  double total = 0.0;
  if (plan)
    for (const auto& dp : plan->devices) total += 100.0 * dp.share;
  //: The GPUs' shares added up, in percent.
  total_->setText(tr("Total %1 %").arg(locale.toString(total, 'f', 1)));
  total_->setToolTip(tr("The shares of all GPUs add up to this"));
  total_->setVisible(plan.has_value() && rowCount() > 0);
  QPalette pal = summary_->palette();
  pal.setColor(QPalette::WindowText, palette().color(QPalette::WindowText));
  if (!model_->planError().isEmpty()) {
    summary_->setText(tr("This split cannot be planned: %1").arg(model_->planError()));
    pal.setColor(QPalette::WindowText, ThemeColors::warningText(palette()));
  } else if (plan && !plan->fits) {
    summary_->setText(tr("Does not fit: %1").arg(QString::fromStdString(plan->problem)));
    pal.setColor(QPalette::WindowText, ThemeColors::warningText(palette()));
  } else if (plan) {
    int used = 0;
    for (const auto& dp : plan->devices) used += dp.bytes.total() > 0 ? 1 : 0;
    summary_->setText(tr("Fits: %1 in total on %n GPU(s).", nullptr, used).arg(DisplayFormat::bytes(plan->total_bytes())));
  } else {
    summary_->setText(QString());
  }
  summary_->setPalette(pal);
  updateApply();
}

void SplitEditor::updateApply() {
  const bool fits = model_->fits();
  const bool changed = !loaded_ || !(*loaded_ == model_->choice());
  apply_->setEnabled(model_loaded_ && fits && changed && model_->deviceCount() > 0);
  if (!model_loaded_) apply_->setToolTip(tr("Load a model first; the next load uses this split"));
  else if (!fits) apply_->setToolTip(tr("The model would not fit with this split"));
  else if (!changed) apply_->setToolTip(tr("The loaded model already uses this split"));
  else apply_->setToolTip(tr("Reload the model with this split"));
}

}  // namespace tessera::gui
