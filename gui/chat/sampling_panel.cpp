#include "sampling_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace tessera::gui {
namespace {

QDoubleSpinBox* doubleBox(QWidget* parent, double min, double max, double step, int decimals) {
  auto* box = new QDoubleSpinBox(parent);
  box->setRange(min, max);
  box->setSingleStep(step);
  box->setDecimals(decimals);
  return box;
}

}  // namespace

SamplingPanel::SamplingPanel(QWidget* parent)
    : QWidget(parent),
      temperature_(doubleBox(this, 0.0, 5.0, 0.05, 2)),
      top_k_(new QSpinBox(this)),
      top_p_(doubleBox(this, 0.0, 1.0, 0.01, 2)),
      min_p_(doubleBox(this, 0.0, 1.0, 0.01, 2)),
      repetition_(doubleBox(this, 0.5, 3.0, 0.01, 2)),
      seed_(new QSpinBox(this)),
      max_tokens_(new QSpinBox(this)),
      thinking_(new QComboBox(this)),
      reset_(new QPushButton(this)),
      form_(new QFormLayout) {
  setObjectName(QStringLiteral("samplingPanel"));
  temperature_->setObjectName(QStringLiteral("temperature"));
  max_tokens_->setObjectName(QStringLiteral("maxTokens"));
  reset_->setObjectName(QStringLiteral("resetSampling"));
  top_k_->setRange(0, 100000);
  seed_->setRange(-1, std::numeric_limits<int>::max());
  max_tokens_->setRange(1, 1 << 20);
  max_tokens_->setSingleStep(64);

  form_->setLabelAlignment(Qt::AlignRight);
  thinking_->setObjectName(QStringLiteral("thinkingChoice"));
  thinking_->setSizeAdjustPolicy(QComboBox::AdjustToContents);  // its words, in every language
  for (QWidget* field :
       std::initializer_list<QWidget*>{temperature_, top_k_, top_p_, min_p_, repetition_, seed_, max_tokens_, thinking_})
    form_->addRow(new QLabel(this), field);
  form_->setRowVisible(thinking_, false);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form_);
  layout->addWidget(reset_, 0, Qt::AlignRight);
  retranslateUi();

  setSettings(ReplySettings{});
  connect(reset_, &QPushButton::clicked, this, [this] {
    setSettings(ReplySettings{});
    emitChanged();
  });
  for (QDoubleSpinBox* box : {temperature_, top_p_, min_p_, repetition_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &SamplingPanel::emitChanged);
  for (QSpinBox* box : {top_k_, seed_, max_tokens_})
    connect(box, &QSpinBox::valueChanged, this, &SamplingPanel::emitChanged);
  connect(thinking_, &QComboBox::activated, this, [this] {
    thinking_choice_ = thinking_->currentData().toString();
    emitChanged();
  });
}

void SamplingPanel::setThinkingControl(tessera::reasoning::ThinkingControl control) {
  control_ = control;
  fillThinking();
  form_->setRowVisible(thinking_, offersThinking());
}

QString SamplingPanel::thinkingLabel(tessera::reasoning::ThinkingChoice choice) {
  using tessera::reasoning::ThinkingChoice;
  switch (choice) {
    //: The Thinking choice of a reasoning model: leave it to the model's chat template.
    case ThinkingChoice::Default: return tr("Model default");
    //: Thinking choice: the model thinks before it answers.
    case ThinkingChoice::On: return tr("On");
    //: Thinking choice: the model answers without thinking first.
    case ThinkingChoice::Off: return tr("Off");
    //: Reasoning effort (gpt-oss): how long the model thinks.
    case ThinkingChoice::Low: return tr("Low");
    case ThinkingChoice::Medium: return tr("Medium");
    case ThinkingChoice::High: return tr("High");
  }
  return {};
}

void SamplingPanel::fillThinking() {
  // The choices and the words saved for them are core's (reasoning/thinking_choice.h).
  const QSignalBlocker quiet(thinking_);
  thinking_->clear();
  for (tessera::reasoning::ThinkingChoice choice : tessera::reasoning::thinking_choices(control_)) {
    const std::string_view key = tessera::reasoning::thinking_choice_key(choice);
    thinking_->addItem(thinkingLabel(choice), QString::fromLatin1(key.data(), static_cast<qsizetype>(key.size())));
  }
  const int at = thinking_->findData(thinking_choice_);
  thinking_->setCurrentIndex(at >= 0 ? at : 0);
}

void SamplingPanel::retranslateUi() {
  auto label = [this](QWidget* field, const QString& text) {
    if (auto* l = qobject_cast<QLabel*>(form_->labelForField(field))) l->setText(text);
  };
  label(temperature_, tr("Temperature:"));
  label(top_k_, tr("Top-k:"));
  label(top_p_, tr("Top-p:"));
  label(min_p_, tr("Min-p:"));
  label(repetition_, tr("Repetition penalty:"));
  label(seed_, tr("Seed:"));
  label(max_tokens_, tr("Max reply tokens:"));
  temperature_->setToolTip(tr("Higher values give more varied replies; 0 always picks the most likely token."));
  //: Shown in the Top-k box at 0.
  top_k_->setSpecialValueText(tr("off"));
  top_k_->setToolTip(tr("Sample only among the k most likely tokens (0 = no limit)."));
  top_p_->setToolTip(tr("Sample among the most likely tokens whose probabilities add up to p (1 = off)."));
  min_p_->setToolTip(tr("Drop tokens less likely than this fraction of the most likely one (0 = off)."));
  repetition_->setToolTip(tr("Penalise tokens that already appeared (1 = off)."));
  //: Shown in the Seed box at -1: a new random seed for every reply.
  seed_->setSpecialValueText(tr("random"));
  seed_->setToolTip(tr("A fixed seed makes replies repeatable with the same settings."));
  max_tokens_->setToolTip(tr("The longest reply, in tokens."));
  label(thinking_, tr("Thinking:"));
  thinking_->setToolTip(tr("Whether, or how long, a reasoning model thinks before it answers (as its chat template "
                           "offers it)."));
  fillThinking();
  reset_->setText(tr("Reset to Defaults"));
}

void SamplingPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

ReplySettings SamplingPanel::settings() const {
  ReplySettings s;
  s.sampling.temperature = static_cast<float>(temperature_->value());
  s.sampling.top_k = top_k_->value();
  s.sampling.top_p = static_cast<float>(top_p_->value());
  s.sampling.min_p = static_cast<float>(min_p_->value());
  s.sampling.repeat_penalty = static_cast<float>(repetition_->value());
  s.sampling.seed = seed_->value() < 0 ? tessera::kRandomSeed : static_cast<uint64_t>(seed_->value());
  s.max_tokens = max_tokens_->value();
  s.thinking = thinking_choice_;
  return s;
}

void SamplingPanel::setSettings(const ReplySettings& s) {
  updating_ = true;
  temperature_->setValue(s.sampling.temperature);
  top_k_->setValue(s.sampling.top_k);
  top_p_->setValue(s.sampling.top_p);
  min_p_->setValue(s.sampling.min_p);
  repetition_->setValue(s.sampling.repeat_penalty);
  const bool random = s.sampling.seed == tessera::kRandomSeed;
  seed_->setValue(random ? -1 : static_cast<int>(std::min<uint64_t>(s.sampling.seed, std::numeric_limits<int>::max())));
  max_tokens_->setValue(s.max_tokens);
  thinking_choice_ = s.thinking;
  fillThinking();
  updating_ = false;
}

void SamplingPanel::emitChanged() {
  if (!updating_) emit settingsChanged(settings());
}

}  // namespace tessera::gui
