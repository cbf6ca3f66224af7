// One message of the chat: who wrote it, its text rendered as Markdown, and for replies the
// timings (prompt tok/s, generation tok/s, time to first token), state, and a Copy button.
#pragma once

#include <QFrame>

#include "chat_model.h"

class QLabel;
class QToolButton;

namespace tessera::gui {

class MarkdownView;

class MessageWidget : public QFrame {
  Q_OBJECT

 public:
  explicit MessageWidget(QWidget* parent = nullptr);

  // `assistant_name` is shown as the author of replies (the model's name).
  void setMessage(const ChatMessage& message, const QString& assistant_name);

  QString text() const { return message_.text; }
  QString timingsText() const;
  QString statusText() const;
  MarkdownView* view() const { return view_; }

 signals:
  void copyRequested(const QString& text);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void showTexts();  // author, status and timings of message_, in the current language

  ChatMessage message_;  // kept to re-render its texts when the language changes
  QString assistant_name_;
  QLabel* author_;
  QLabel* status_;
  MarkdownView* view_;
  QLabel* timings_;
  QToolButton* copy_;
};

}  // namespace tessera::gui
