// Sampling settings for the next reply: temperature, top-k, top-p, min-p, repetition penalty,
// seed and the reply length limit, with a Reset button (core's sampling defaults, the app's reply
// length). The seed box's -1 ("random") is core's kRandomSeed. For a reasoning model whose template
// offers it, a Thinking row: the template's default, on or off (Qwen3, Qwen3.5/3.6), or the effort
// low / medium / high (gpt-oss); hidden for other models, the choice kept for the next one.
#pragma once

#include <QWidget>

#include "engine_types.h"
#include "reasoning/output_format.h"
#include "reasoning/thinking_choice.h"

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QPushButton;
class QSpinBox;

namespace tessera::gui {

class SamplingPanel : public QWidget {
  Q_OBJECT

 public:
  explicit SamplingPanel(QWidget* parent = nullptr);

  ReplySettings settings() const;
  void setSettings(const ReplySettings& settings);

  QDoubleSpinBox* temperatureBox() const { return temperature_; }
  QSpinBox* maxTokensBox() const { return max_tokens_; }
  // What the loaded model's template offers (None hides the Thinking row).
  void setThinkingControl(tessera::reasoning::ThinkingControl control);
  QComboBox* thinkingBox() const { return thinking_; }
  bool offersThinking() const { return control_ != tessera::reasoning::ThinkingControl::None; }
  // The Thinking row's entry for a choice, in the interface language.
  static QString thinkingLabel(tessera::reasoning::ThinkingChoice choice);
  QPushButton* resetButton() const { return reset_; }

 signals:
  void settingsChanged(const tessera::gui::ReplySettings& settings);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void emitChanged();
  void fillThinking();  // the Thinking row's choices for control_, the person's choice selected

  bool updating_ = false;
  QDoubleSpinBox* temperature_;
  QSpinBox* top_k_;
  QDoubleSpinBox* top_p_;
  QDoubleSpinBox* min_p_;
  QDoubleSpinBox* repetition_;
  QSpinBox* seed_;
  QSpinBox* max_tokens_;
  QComboBox* thinking_;
  tessera::reasoning::ThinkingControl control_ = tessera::reasoning::ThinkingControl::None;
  QString thinking_choice_;  // ReplySettings::thinking, kept while a model offers no such choice
  QPushButton* reset_;
  QFormLayout* form_;
};

}  // namespace tessera::gui
