#include "chat_input.h"

#include <QEvent>
#include <QKeyEvent>

namespace tessera::gui {

ChatInput::ChatInput(QWidget* parent) : QPlainTextEdit(parent) {
  setObjectName(QStringLiteral("chatInput"));
  setTabChangesFocus(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  retranslateUi();
}

void ChatInput::retranslateUi() {
  setPlaceholderText(tr("Write a message… (Enter sends, Shift+Enter for a new line)"));
}

void ChatInput::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QPlainTextEdit::changeEvent(event);
}

QSize ChatInput::sizeHint() const {
  const int lines = 3;
  return {QPlainTextEdit::sizeHint().width(),
          fontMetrics().lineSpacing() * lines + static_cast<int>(document()->documentMargin() * 2) + frameWidth() * 2};
}

void ChatInput::keyPressEvent(QKeyEvent* event) {
  const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
  if (enter && !(event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier | Qt::AltModifier))) {
    emit submitRequested();
    return;
  }
  QPlainTextEdit::keyPressEvent(event);
}

}  // namespace tessera::gui
