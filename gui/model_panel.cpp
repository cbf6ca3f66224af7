#include "model_panel.h"

#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>

#include "display_format.h"

namespace tessera::gui {

ModelPanel::ModelPanel(EngineClient* engine, QWidget* parent)
    : QWidget(parent),
      engine_(engine),
      form_(new QFormLayout),
      title_(new QLabel(this)),
      warning_(new QLabel(this)),
      context_(new QSpinBox(this)),
      open_(new QPushButton(tr("Open Model…"), this)),
      load_(new QPushButton(tr("Load"), this)),
      unload_(new QPushButton(tr("Unload"), this)),
      cancel_(new QPushButton(tr("Cancel"), this)),
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
  load_->setToolTip(tr("Load the model with the context length chosen below"));
  unload_->setToolTip(tr("Free the memory the model holds"));

  QFont big = title_->font();
  big.setBold(true);
  big.setPointSizeF(big.pointSizeF() * 1.15);
  title_->setFont(big);
  title_->setWordWrap(true);
  title_->setTextFormat(Qt::PlainText);
  warning_->setWordWrap(true);
  warning_->setStyleSheet(QStringLiteral("color: #9a5b00;"));
  warning_->hide();

  form_->setLabelAlignment(Qt::AlignRight);
  form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  addField(QStringLiteral("file"), tr("File:"));
  addField(QStringLiteral("architecture"), tr("Architecture:"));
  addField(QStringLiteral("parameters"), tr("Parameters:"));
  addField(QStringLiteral("types"), tr("Tensor types:"));
  addField(QStringLiteral("context"), tr("Trained context:"));
  addField(QStringLiteral("layers"), tr("Layers:"));
  addField(QStringLiteral("vocabulary"), tr("Vocabulary:"));
  addField(QStringLiteral("template"), tr("Chat template:"));
  addField(QStringLiteral("size"), tr("File size:"));

  context_->setObjectName(QStringLiteral("contextLength"));
  context_->setRange(0, 1 << 20);
  context_->setSingleStep(512);
  context_->setSpecialValueText(tr("Model default"));
  context_->setSuffix(tr(" tokens"));
  context_->setToolTip(tr("How many tokens of conversation the model can see. Longer contexts need more memory."));
  auto* settings = new QFormLayout;
  settings->setLabelAlignment(Qt::AlignRight);
  settings->addRow(tr("Context length:"), context_);

  progress_->setRange(0, 1000);
  progress_->setTextVisible(true);
  progress_->setFormat(tr("%p%"));
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
  layout->addWidget(title_);
  layout->addLayout(form_);
  layout->addWidget(warning_);
  layout->addLayout(settings);
  layout->addLayout(buttons);
  layout->addLayout(progress_row);
  layout->addWidget(status_);
  layout->addStretch(1);

  connect(open_, &QPushButton::clicked, this, &ModelPanel::openRequested);
  connect(load_, &QPushButton::clicked, this, &ModelPanel::loadRequested);
  connect(unload_, &QPushButton::clicked, this, &ModelPanel::unloadRequested);
  connect(cancel_, &QPushButton::clicked, this, &ModelPanel::cancelRequested);
  connect(context_, &QSpinBox::valueChanged, this, &ModelPanel::contextLengthChanged);
  connect(engine_, &EngineClient::stateChanged, this, &ModelPanel::updateState);
  connect(engine_, &EngineClient::loadProgress, this,
          [this](float f) { progress_->setValue(static_cast<int>(f * 1000.0f)); });
  connect(engine_, &EngineClient::loadStarted, this, [this] { progress_->setValue(0); });
  connect(engine_, &EngineClient::modelLoaded, this, &ModelPanel::updateState);
  clearPreview();
}

QLabel* ModelPanel::addField(const QString& key, const QString& label) {
  auto* value = new QLabel(this);
  value->setWordWrap(true);
  value->setTextFormat(Qt::PlainText);
  value->setTextInteractionFlags(Qt::TextSelectableByMouse);
  form_->addRow(label, value);
  fields_.append({key, value});
  return value;
}

QString ModelPanel::fieldText(const QString& field) const {
  for (const auto& [key, label] : fields_)
    if (key == field) return label->text();
  return {};
}

QString ModelPanel::statusText() const { return status_->text(); }

void ModelPanel::showPreviewPending(const QString& path) {
  if (preview_) previous_ = preview_;
  preview_.reset();
  pending_path_ = path;
  title_->setText(QFileInfo(path).fileName());
  for (const auto& [key, label] : fields_) label->setText(key == QLatin1String("file") ? path : tr("…"));
  warning_->hide();
  updateState();
}

void ModelPanel::showPreview(const ModelPreview& p) {
  preview_ = p;
  pending_path_.clear();
  const QLocale locale;
  auto set = [this](const QString& key, const QString& text) {
    for (const auto& [k, label] : fields_)
      if (k == key) label->setText(text);
  };
  title_->setText(p.name);
  set(QStringLiteral("file"), p.path);
  set(QStringLiteral("architecture"), p.architecture.isEmpty() ? tr("unknown (no general.architecture)") : p.architecture);
  set(QStringLiteral("parameters"), tr("%1 (%2 tensors)").arg(DisplayFormat::parameterCount(p.parameter_count))
                                        .arg(locale.toString(p.tensor_count)));
  QStringList types;
  for (const auto& t : p.types)
    types << tr("%1 ×%2 (%3)").arg(t.type).arg(t.tensors).arg(DisplayFormat::bytes(t.bytes));
  set(QStringLiteral("types"), types.join(QLatin1Char('\n')));
  set(QStringLiteral("context"), p.context_length > 0 ? tr("%1 tokens").arg(locale.toString(p.context_length)) : tr("not stated"));
  set(QStringLiteral("layers"), p.layer_count > 0 ? locale.toString(p.layer_count) : tr("not stated"));
  set(QStringLiteral("vocabulary"), p.vocab_size > 0 ? tr("%1 tokens (%2)").arg(locale.toString(p.vocab_size))
                                                           .arg(p.tokenizer.isEmpty() ? tr("unknown tokenizer") : p.tokenizer)
                                                     : tr("not stated"));
  set(QStringLiteral("template"), p.has_chat_template ? tr("yes") : tr("no (plain text continuation)"));
  set(QStringLiteral("size"), DisplayFormat::bytes(p.file_size));
  const QStringList unsupported = p.unsupportedTypes();
  warning_->setText(tr("This file contains tensor types Tessera cannot compute with yet: %1.")
                        .arg(unsupported.join(QStringLiteral(", "))));
  warning_->setVisible(!unsupported.isEmpty());
  context_->setSpecialValueText(p.context_length > 0 ? tr("Model default (%1)").arg(locale.toString(p.context_length))
                                                     : tr("Model default"));
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
  title_->setText(tr("No model open"));
  for (const auto& [key, label] : fields_) label->setText(QStringLiteral("—"));
  warning_->hide();
  updateState();
}

int ModelPanel::contextLength() const { return context_->value(); }

void ModelPanel::setContextLength(int tokens) { context_->setValue(tokens); }

void ModelPanel::updateState() {
  const auto state = engine_->state();
  const bool loading = state == EngineClient::State::Loading;
  load_->setEnabled(preview_.has_value() && !loading && state != EngineClient::State::Generating &&
                    !(engine_->hasModel() && engine_->modelPath() == preview_->path));
  unload_->setEnabled(engine_->hasModel() && state != EngineClient::State::Generating);
  context_->setEnabled(!loading);
  progress_->setVisible(loading);
  cancel_->setVisible(loading);
  const QLocale locale;
  switch (state) {
    case EngineClient::State::Empty:
      status_->setText(!pending_path_.isEmpty() ? tr("Reading the file…")
                       : preview_ ? tr("Not loaded. Press Load to load it.")
                                  : tr("Open a GGUF model file to see what is in it."));
      break;
    case EngineClient::State::Loading:
      status_->setText(tr("Loading %1…").arg(QFileInfo(engine_->modelPath()).fileName()));
      break;
    case EngineClient::State::Ready:
    case EngineClient::State::Generating: {
      const ModelInfo& m = engine_->model();
      status_->setText(tr("Loaded in %1 s on %2.")
                           .arg(locale.toString(m.load_seconds, 'f', 2), m.backend.isEmpty() ? tr("the CPU") : m.backend));
      break;
    }
  }
}

}  // namespace tessera::gui
