// The message box under the chat: Enter sends, Shift+Enter starts a new line.
#pragma once

#include <QPlainTextEdit>

namespace tessera::gui {

class ChatInput : public QPlainTextEdit {
  Q_OBJECT

 public:
  explicit ChatInput(QWidget* parent = nullptr);

  QSize sizeHint() const override;

 signals:
  void submitRequested();

 protected:
  void keyPressEvent(QKeyEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
};

}  // namespace tessera::gui
