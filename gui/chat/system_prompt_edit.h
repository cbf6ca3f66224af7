// The system prompt: instructions given to the model ahead of the conversation.
#pragma once

#include <QWidget>

class QPlainTextEdit;

namespace tessera::gui {

class SystemPromptEdit : public QWidget {
  Q_OBJECT

 public:
  explicit SystemPromptEdit(QWidget* parent = nullptr);

  QString text() const;
  void setText(const QString& text);

 signals:
  void textChanged(const QString& text);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();

  QPlainTextEdit* edit_;
  bool updating_ = false;
};

}  // namespace tessera::gui
