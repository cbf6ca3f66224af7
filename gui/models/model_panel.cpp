#include "model_panel.h"

#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QSignalBlocker>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

#include "display_format.h"
#include "engine/engine.h"
#include "theme_colors.h"

namespace tessera::gui {

ModelPanel::ModelPanel(EngineClient* engine, QWidget* parent)
    : QWidget(parent),
      engine_(engine),
      form_(new QFormLayout),
      context_label_(new QLabel(this)),
      title_(new QLabel(this)),
      warning_(new QLabel(this)),
      context_warning_(new QLabel(this)),
      badge_(new QLabel(this)),
      context_(new QSpinBox(this)),
      open_(new QPushButton(this)),
      load_(new QPushButton(this)),
      unload_(new QPushButton(this)),
      cancel_(new QPushButton(this)),
      progress_(new QProgressBar(this)),
      status_(new QLabel(this)) {
  setObjectName(QStringLiteral("modelPanel"));
  open_->setObjectName(QStringLiteral("openModelButton"));
  load_->setObjectName(QStringLiteral("loadButton"));
  unload_->setObjectName(QStringLiteral("unloadButton"));
  cancel_->setObjectName(QStringLiteral("cancelLoadButton"));
  open_->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
  load_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  unload_->setIcon(style()->standardIcon(QStyle::SP_DialogDiscardButton));
  cancel_->setIcon(style()->standardIcon(QStyle::SP_DialogCancelButton));

  QFont big = title_->font();
  big.setBold(true);
  big.setPointSizeF(big.pointSizeF() * 1.15);
  title_->setFont(big);
  title_->setWordWrap(true);
  title_->setTextFormat(Qt::PlainText);
  warning_->setObjectName(QStringLiteral("typeWarning"));
  warning_->setWordWrap(true);
  warning_->hide();
  context_warning_->setObjectName(QStringLiteral("contextWarning"));
  context_warning_->setWordWrap(true);
  context_warning_->hide();
  badge_->setObjectName(QStringLiteral("previewBadge"));
  badge_->setAutoFillBackground(true);
  badge_->setContentsMargins(6, 1, 6, 1);
  badge_->hide();
  applyColors();

  form_->setLabelAlignment(Qt::AlignRight);
  form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  addField(QStringLiteral("file"), QT_TR_NOOP("File:"));
  addField(QStringLiteral("architecture"), QT_TR_NOOP("Architecture:"));
  addField(QStringLiteral("parameters"), QT_TR_NOOP("Parameters:"));
  addField(QStringLiteral("types"), QT_TR_NOOP("Tensor types:"));
  addField(QStringLiteral("context"), QT_TR_NOOP("Trained context:"));
  addField(QStringLiteral("layers"), QT_TR_NOOP("Layers:"));
  addField(QStringLiteral("vocabulary"), QT_TR_NOOP("Vocabulary:"));
  addField(QStringLiteral("template"), QT_TR_NOOP("Chat template:"));
  addField(QStringLiteral("size"), QT_TR_NOOP("File size:"));

  context_->setObjectName(QStringLiteral("contextLength"));
  context_->setRange(0, 1 << 20);
  context_->setSingleStep(512);
  auto* settings = new QFormLayout;
  settings->setLabelAlignment(Qt::AlignRight);
  settings->addRow(context_label_, context_);

  progress_->setRange(0, 1000);
  progress_->setTextVisible(true);
  auto* progress_row = new QHBoxLayout;
  progress_row->addWidget(progress_, 1);
  progress_row->addWidget(cancel_);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(open_);
  buttons->addStretch(1);
  buttons->addWidget(unload_);
  buttons->addWidget(load_);

  status_->setWordWrap(true);
  status_->setObjectName(QStringLiteral("modelStatus"));
  status_->setTextFormat(Qt::PlainText);

  auto* layout = new QVBoxLayout(this);
  auto* title_row = new QHBoxLayout;
  title_row->addWidget(title_, 1);
  title_row->addWidget(badge_, 0, Qt::AlignTop);
  // What can be done comes first: the name, what state it is in, what stops a load, the context and
  // Load. The file's details follow, so the buttons stay in view on a laptop's short dock.
  layout->addLayout(title_row);
  layout->addWidget(status_);
  layout->addWidget(warning_);
  layout->addLayout(settings);
  layout->addWidget(context_warning_);
  layout->addLayout(buttons);
  layout->addLayout(progress_row);
  layout->addLayout(form_);
  layout->addStretch(1);

  connect(open_, &QPushButton::clicked, this, &ModelPanel::openRequested);
  connect(load_, &QPushButton::clicked, this, &ModelPanel::loadRequested);
  connect(unload_, &QPushButton::clicked, this, &ModelPanel::unloadRequested);
  connect(cancel_, &QPushButton::clicked, this, &ModelPanel::cancelRequested);
  connect(context_, &QSpinBox::valueChanged, this, [this](int tokens) {
    if (preview_) context_path_ = preview_->path;
    updateContextWarning();
    updateState();
    emit contextLengthChanged(tokens);
  });
  connect(engine_, &EngineClient::stateChanged, this, &ModelPanel::updateState);
  connect(engine_, &EngineClient::loadProgress, this,
          [this](float f) { progress_->setValue(static_cast<int>(f * 1000.0f)); });
  connect(engine_, &EngineClient::loadStarted, this, [this] { progress_->setValue(0); });
  connect(engine_, &EngineClient::modelLoaded, this, &ModelPanel::updateState);
  retranslateUi();
}

QLabel* ModelPanel::addField(const QString& key, const char* label) {
  auto* name = new QLabel(this);
  auto* value = new QLabel(this);
  value->setWordWrap(true);
  value->setTextFormat(Qt::PlainText);
  value->setTextInteractionFlags(Qt::TextSelectableByMouse);
  form_->addRow(name, value);
  fields_.append({key, label, name, value});
  return value;
}

void ModelPanel::retranslateUi() {
  open_->setText(tr("Open Model…"));
  unload_->setText(tr("Unload"));
  cancel_->setText(tr("Cancel"));
  unload_->setToolTip(tr("Free the memory the model holds"));
  for (const Field& f : fields_) f.name->setText(tr(f.label));
  context_label_->setText(tr("Context length:"));
  //: Suffix of the context length box, after the number ("4096 tokens").
  context_->setSuffix(tr(" tokens"));
  //: Text on the load progress bar; Qt replaces %p with the percentage done.
  progress_->setFormat(tr("%p%"));
  //: A badge beside the model's name: its details are shown, but it is not the loaded model.
  badge_->setText(tr("Preview – not loaded"));
  badge_->setToolTip(tr("This file's details are shown; press Load to use it in the chat."));
  showFields();
  updateState();
}

void ModelPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  if (event->type() == QEvent::PaletteChange) applyColors();
  QWidget::changeEvent(event);
}

void ModelPanel::applyColors() {
  // Only the roles named are set on the children, so they keep following the rest of the palette.
  auto set = [](QWidget* w, QPalette::ColorRole role, const QColor& c) {
    QPalette pal = w->palette();
    pal.setColor(role, c);
    w->setPalette(pal);
  };
  const QColor caution = ThemeColors::cautionText(palette());
  set(warning_, QPalette::WindowText, caution);
  set(context_warning_, QPalette::WindowText, caution);
  const ThemeColors::Badge badge = ThemeColors::badge(palette());
  set(badge_, QPalette::Window, badge.background);
  set(badge_, QPalette::WindowText, badge.text);
}

QString ModelPanel::fieldText(const QString& field) const {
  for (const Field& f : fields_)
    if (f.key == field) return f.value->text();
  return {};
}

QString ModelPanel::statusText() const { return status_->text(); }

void ModelPanel::showPreviewPending(const QString& path) {
  if (preview_) previous_ = preview_;
  preview_.reset();
  pending_path_ = path;
  showFields();
  updateState();
}

void ModelPanel::showPreview(const ModelPreview& p) {
  // A context chosen for another model does not carry over (a 100,000 meant for one model is
  // nonsense for the next).
  const bool reset = !context_path_.isEmpty() && context_path_ != p.path && context_->value() != 0;
  context_path_ = p.path;
  if (reset) {
    const QSignalBlocker block(context_);
    context_->setValue(0);
  }
  preview_ = p;
  if (reset) emit contextLengthChanged(0);
  pending_path_.clear();
  showFields();
  updateState();
}

void ModelPanel::restorePreviousPreview() {
  if (previous_)
    showPreview(*previous_);
  else
    clearPreview();
}

void ModelPanel::clearPreview() {
  preview_.reset();
  pending_path_.clear();
  showFields();
  updateState();
}

void ModelPanel::showFields() {
  auto set = [this](const QString& key, const QString& text) {
    for (const Field& f : fields_)
      if (f.key == key) f.value->setText(text);
  };
  if (!preview_) {
    // Reading a file: its name and path, the rest to come. Nothing open: dashes.
    const bool pending = !pending_path_.isEmpty();
    title_->setText(pending ? QFileInfo(pending_path_).fileName() : tr("No model open"));
    for (const Field& f : fields_)
      f.value->setText(!pending ? QStringLiteral("—") : f.key == QLatin1String("file") ? pending_path_ : tr("…"));
    warning_->hide();
    context_->setSpecialValueText(tr("Model default"));
    context_->setToolTip(contextToolTip());
    updateContextWarning();
    return;
  }
  const ModelPreview& p = *preview_;
  const tessera::ModelInfo& info = p.info;
  const QLocale locale;
  title_->setText(p.name());
  set(QStringLiteral("file"), p.path);
  set(QStringLiteral("architecture"), p.architecture().isEmpty() ? tr("unknown (no general.architecture)") : p.architecture());
  int tensors = 0;
  QStringList types;
  for (const tessera::TensorTypeCount& t : info.tensor_types) {
    tensors += t.tensors;
    const std::string_view name = type_name(t.type);
    //: One tensor type: its name, how many tensors have it, their size ("Q4_K ×226 (3.80 GiB)").
    types << tr("%1 ×%2 (%3)")
                 .arg(QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size())))
                 .arg(t.tensors)
                 .arg(DisplayFormat::bytes(t.bytes));
  }
  //: Parameter count (e.g. "7.24 B"), then how many tensors hold them.
  set(QStringLiteral("parameters"), p.usable() ? tr("%1 (%Ln tensor(s))", nullptr, tensors)
                                                      .arg(DisplayFormat::parameterCount(info.parameter_count))
                                               : QStringLiteral("—"));
  set(QStringLiteral("types"), types.isEmpty() ? tr("none") : types.join(QLatin1Char('\n')));
  const int trained = static_cast<int>(std::min<int64_t>(info.n_ctx_train, std::numeric_limits<int>::max()));
  set(QStringLiteral("context"), trained > 0 ? tr("%Ln token(s)", nullptr, trained) : tr("not stated"));
  set(QStringLiteral("layers"), info.n_layer > 0 ? locale.toString(static_cast<qint64>(info.n_layer)) : tr("not stated"));
  set(QStringLiteral("vocabulary"), info.n_vocab > 0 ? tr("%Ln token(s)", nullptr, static_cast<int>(info.n_vocab))
                                                     : tr("not stated"));
  set(QStringLiteral("template"), info.has_chat_template ? tr("yes") : tr("no (plain text continuation)"));
  set(QStringLiteral("size"), DisplayFormat::bytes(p.file_size));
  // What stops a load is said before anyone presses Load: the short reason, then the reader's.
  if (!p.usable()) {
    //: A file the engine cannot run: the short reason ("Vocabulary only: no weights"), then the details.
    warning_->setText(tr("This file cannot be loaded: %1. %2").arg(ModelProblems::text(p), p.reason));
    warning_->setVisible(true);
  } else {
    warning_->hide();
  }
  // What the engine really allocates for "model default": the trained context, capped. The box
  // says only that number (with "of 32,768 trained" it was cut off in a laptop's dock, in every
  // language); the trained length is the row below, and the tooltip says both.
  const int effective = defaultContextLength();
  context_->setSpecialValueText(tr("Model default (%1)").arg(locale.toString(effective)));
  QString tip = contextToolTip();
  if (trained > effective)
    //: Tooltip of the context box when the model default is shorter than the trained context.
    tip += QLatin1Char('\n') + tr("Model default: %1 of the %2 tokens this model was trained on.")
                                    .arg(locale.toString(effective), locale.toString(trained));
  context_->setToolTip(tip);
  updateContextWarning();
}

QString ModelPanel::contextToolTip() {
  return tr("How many tokens of conversation the model can see. Longer contexts need more memory.");
}

int ModelPanel::effectiveContextLength() const {
  return context_->value() > 0 ? context_->value() : defaultContextLength();
}

int ModelPanel::defaultContextLength() const {
  const int64_t trained = preview_ ? preview_->info.n_ctx_train : 0;
  return trained > 0 ? static_cast<int>(std::min<int64_t>(trained, kDefaultMaxContext)) : kDefaultMaxContext;
}

QString ModelPanel::contextWarningText() const { return context_warning_->isHidden() ? QString() : context_warning_->text(); }

void ModelPanel::updateContextWarning() {
  const int64_t trained = preview_ ? preview_->info.n_ctx_train : 0;
  const int chosen = context_->value();
  const bool too_long = trained > 0 && chosen > trained;
  if (too_long) {
    const QLocale locale;
    context_warning_->setText(tr("%1 tokens is more than the %2 this model was trained on: past %2 tokens its "
                                 "replies are likely to fall apart, and the memory is spent for nothing.")
                                  .arg(locale.toString(chosen), locale.toString(static_cast<qint64>(trained))));
  }
  context_warning_->setVisible(too_long);
}

int ModelPanel::contextLength() const { return context_->value(); }

void ModelPanel::setContextLength(int tokens, const QString& for_path) {
  context_->setValue(tokens);
  context_path_ = !for_path.isEmpty() ? for_path : preview_ ? preview_->path : QString();
}

void ModelPanel::setSplitChanged(bool changed) {
  if (changed == split_changed_) return;
  split_changed_ = changed;
  updateState();
}

bool ModelPanel::showsLoadedModel() const {
  return preview_ && engine_->hasModel() && engine_->modelPath() == preview_->path;
}

void ModelPanel::updateState() {
  const auto state = engine_->state();
  const bool loading = state == EngineClient::State::Loading;
  // Loaded with another context than the box now says: Load becomes Reload.
  const bool loaded_here = showsLoadedModel();
  const bool reload = loaded_here && ((engine_->model().n_ctx > 0 &&
                                       engine_->model().n_ctx != effectiveContextLength()) ||
                                      split_changed_);
  const bool usable = preview_.has_value() && preview_->usable();
  load_->setEnabled(usable && !loading && state != EngineClient::State::Generating && (!loaded_here || reload));
  load_->setText(reload ? tr("Reload") : tr("Load"));
  load_->setToolTip(reload ? tr("Load the model again with the context length and GPU split chosen now")
                           : tr("Load the model with the context length chosen below"));
  badge_->setVisible(preview_.has_value() && !loaded_here && !loading);
  unload_->setEnabled(engine_->hasModel() && state != EngineClient::State::Generating);
  context_->setEnabled(!loading);
  progress_->setVisible(loading);
  cancel_->setVisible(loading);
  const QLocale locale;
  switch (state) {
    case EngineClient::State::Empty:
      status_->setText(!pending_path_.isEmpty() ? tr("Reading the file…")
                       : preview_ && !usable ? tr("This file cannot be loaded. Open another model.")
                       //: "Load" is the Load button below: use its translation.
                       : preview_ ? tr("Not loaded. Press Load to load it.")
                                  : tr("Open a GGUF model file to see what is in it."));
      break;
    case EngineClient::State::Loading:
      status_->setText(tr("Loading %1…").arg(QFileInfo(engine_->modelPath()).fileName()));
      break;
    case EngineClient::State::Ready:
    case EngineClient::State::Generating: {
      const tessera::ModelInfo& m = engine_->model();
      const QString name = QString::fromStdString(m.name);
      if (preview_ && !loaded_here) {
        if (!usable) {
          //: %1 is the loaded model's name: the file shown cannot be loaded, the chat goes on with it.
          status_->setText(tr("This file cannot be loaded; the chat still uses %1.").arg(name));
          break;
        }
        //: %1 is the loaded model's name; "Load" is the Load button: use its translation.
        status_->setText(tr("Not loaded: the chat still uses %1. Press Load to switch to this model.").arg(name));
        break;
      }
      const QString seconds = locale.toString(engine_->loadSeconds(), 'f', 2);
      if (m.backend.empty()) {
        status_->setText(tr("Loaded in %1 s on the CPU.").arg(seconds));
      } else {
        //: %2 names the backend the engine chose ("cuda (2 GPUs)").
        status_->setText(tr("Loaded in %1 s on %2.").arg(seconds, DisplayFormat::backend(QString::fromStdString(m.backend))));
      }
      break;
    }
  }
}

}  // namespace tessera::gui
