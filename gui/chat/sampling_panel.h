// Sampling settings for the next reply: temperature, top-k, top-p, min-p, repetition penalty,
// seed and the reply length limit, with a Reset button (core's sampling defaults, the app's reply
// length). The seed box's -1 ("random") is core's kRandomSeed.
#pragma once

#include <QWidget>

#include "engine_types.h"

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
  QPushButton* resetButton() const { return reset_; }

 signals:
  void settingsChanged(const tessera::gui::ReplySettings& settings);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void emitChanged();

  bool updating_ = false;
  QDoubleSpinBox* temperature_;
  QSpinBox* top_k_;
  QDoubleSpinBox* top_p_;
  QDoubleSpinBox* min_p_;
  QDoubleSpinBox* repetition_;
  QSpinBox* seed_;
  QSpinBox* max_tokens_;
  QPushButton* reset_;
  QFormLayout* form_;
};

}  // namespace tessera::gui
