// One message of the chat: who wrote it, its text rendered as Markdown, for replies of reasoning
// models their thinking in a block above the answer (open while the model thinks, "Thought for
// N s" and folded once the answer starts, a click opens it again), and for replies the
// timings (prompt tok/s, generation tok/s, time to first token), state, and a Copy button. A user
// message can be edited in place (Edit: the text in a box, Send to ask again from there, Cancel).
// Everything a message shows is rendered here (setMessage), in one place.
// Its bubble and text colours come from the palette (ThemeColors::bubble) and follow palette
// changes; no style sheet is set, so a streaming update costs no style recomputation. While a
// reply streams, its Markdown is rendered incrementally (MarkdownView::setMarkdownText).
#pragma once

#include <QFrame>

#include "chat_model.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QToolButton;

namespace tessera::gui {

class MarkdownView;

class MessageWidget : public QFrame {
  Q_OBJECT

 public:
  explicit MessageWidget(QWidget* parent = nullptr);

  // A reply's author is the model it names; `assistant_name` is shown for replies that name none.
  void setMessage(const ChatEntry& message, const QString& assistant_name);
  // Whether Edit is offered (user messages only, while no reply is being made).
  void setEditable(bool editable);

  QString text() const { return message_.text(); }
  QString authorText() const;
  QString timingsText() const;
  QString statusText() const;
  QToolButton* copyButton() const { return copy_; }
  QToolButton* editButton() const { return edit_; }
  // The thinking block: its fold button and its text (hidden when the message has no thinking).
  QToolButton* thinkingToggle() const { return thinking_toggle_; }
  QLabel* thinkingLabel() const { return thinking_; }
  bool isThinkingOpen() const;
  // The editor shown by Edit, and its buttons (null until the first Edit).
  QPlainTextEdit* editor() const { return editor_; }
  QPushButton* resendButton() const { return resend_; }
  QPushButton* cancelEditButton() const { return cancel_edit_; }
  bool isEditing() const;
  // Opens the editor on the message's text (what Edit does).
  void startEditing();
  static constexpr int kCopiedMs = 1500;  // how long Copy says "Copied"
  MarkdownView* view() const { return view_; }
  // The colours it paints with now (for tests).
  QColor backgroundColor() const;
  QColor statusColor() const;
  QColor timingsColor() const;

 signals:
  void copyRequested(const QString& text);
  // The user edited this message and pressed Send.
  void editSubmitted(const QString& text);

 protected:
  void changeEvent(QEvent* event) override;
  void paintEvent(QPaintEvent* event) override;

 private:
  void retranslateUi();
  void showTexts();
  void applyColors();
  bool isUser() const { return message_.isUser(); }
  bool statusIsError() const;
  void makeEditor();
  void stopEditing();
  static QString streamingText(const ChatEntry& m);  // the status of a reply being made
  void showThinking();

  ChatEntry message_;  // kept to re-render its texts when the language changes
  QString assistant_name_;
  bool copied_ = false;
  QLabel* author_;
  QLabel* status_;
  MarkdownView* view_;
  QLabel* timings_;
  QToolButton* copy_;
  QToolButton* edit_;
  QToolButton* thinking_toggle_;
  QLabel* thinking_;
  bool thinking_folded_by_user_ = false;  // the person opened or folded it: the widget leaves it so
  bool thinking_open_ = false;
  QPlainTextEdit* editor_ = nullptr;
  QPushButton* resend_ = nullptr;
  QPushButton* cancel_edit_ = nullptr;
  QWidget* edit_box_ = nullptr;
  bool editable_ = false;
};

}  // namespace tessera::gui
