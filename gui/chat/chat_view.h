// The scrolling list of messages, one MessageWidget per ChatModel row, kept in step with the
// model's insert/remove/reset/dataChanged signals. While a reply streams in, the view follows the
// bottom unless the user has scrolled up to read something. Its background comes from the palette
// (ThemeColors::chatBackground) and follows palette changes.
#pragma once

#include <QList>
#include <QScrollArea>

#include "chat_model.h"

class QLabel;
class QVBoxLayout;

namespace tessera::gui {

class MessageWidget;

class ChatView : public QScrollArea {
  Q_OBJECT

 public:
  explicit ChatView(ChatModel* model, QWidget* parent = nullptr);

  // The author shown for replies that do not name their model (default: "Assistant").
  void setAssistantName(const QString& name);
  // Shown when the conversation is empty.
  void setPlaceholder(const QString& text);
  // Whether user messages offer Edit (no reply is being made, a model is ready).
  void setEditable(bool editable);

  int messageCount() const { return static_cast<int>(widgets_.size()); }
  MessageWidget* messageWidget(int row) const { return widgets_.value(row); }
  // How many times message widgets were re-rendered (a measure of repaint pressure in tests).
  int renderCount() const { return render_count_; }
  QColor backgroundColor() const;

 signals:
  void copyRequested(const QString& text);
  // The user message of `row` was edited and sent again.
  void editRequested(int row, const QString& text);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void applyColors();
  void rebuild();
  void insertRows(int first, int last);
  void removeRows(int first, int last);
  void updateRows(int first, int last);
  void render(int row);
  void updatePlaceholder();
  bool atBottom() const;
  void scrollToBottomLater();

  ChatModel* model_;
  QWidget* container_;
  QVBoxLayout* layout_;
  QLabel* placeholder_;
  QList<MessageWidget*> widgets_;
  QString assistant_name_;
  int render_count_ = 0;
  bool follow_ = true;
  bool editable_ = false;
};

}  // namespace tessera::gui
