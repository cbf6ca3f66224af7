// One message of the chat: who wrote it, its text rendered as Markdown, and for replies the
// timings (prompt tok/s, generation tok/s, time to first token), state, and a Copy button.
// Its bubble and text colours come from the palette (ThemeColors::bubble) and follow palette
// changes; no style sheet is set, so a streaming update costs no style recomputation. While a
// reply streams, its Markdown is rendered incrementally (MarkdownView::setMarkdownText).
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

  // A reply's author is the model it names; `assistant_name` is shown for replies that name none.
  void setMessage(const ChatMessage& message, const QString& assistant_name);

  QString text() const { return message_.text; }
  QString authorText() const;
  QString timingsText() const;
  QString statusText() const;
  QToolButton* copyButton() const { return copy_; }
  static constexpr int kCopiedMs = 1500;  // how long Copy says "Copied"
  MarkdownView* view() const { return view_; }
  // The colours it paints with now (for tests).
  QColor backgroundColor() const;
  QColor statusColor() const;
  QColor timingsColor() const;

 signals:
  void copyRequested(const QString& text);

 protected:
  void changeEvent(QEvent* event) override;
  void paintEvent(QPaintEvent* event) override;

 private:
  void retranslateUi();
  void showTexts();
  void applyColors();
  bool isUser() const { return message_.role == ChatRole::User; }
  bool statusIsError() const;
  static QString streamingText(const ChatMessage& m);  // the status of a reply being made

  ChatMessage message_;  // kept to re-render its texts when the language changes
  QString assistant_name_;
  bool copied_ = false;
  QLabel* author_;
  QLabel* status_;
  MarkdownView* view_;
  QLabel* timings_;
  QToolButton* copy_;
};

}  // namespace tessera::gui
