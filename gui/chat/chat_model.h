// The conversation shown in the chat view: one row per message (user or assistant), oldest first.
// The system prompt is not a row; it belongs to the conversation (see conversation_io.h).
// Changed only on the GUI thread (the streaming text arrives through ChatController).
#pragma once

#include <QAbstractListModel>
#include <QList>
#include <QString>

#include "engine_types.h"

namespace tessera::gui {

struct ChatMessage {
  enum class Status {
    Complete,   // a user message, or a reply that ended normally
    Streaming,  // a reply being generated
    Stopped,    // a reply the user stopped
    Failed,     // a reply that ended with an error (error holds the message)
    ContextFull,  // a reply cut off because the model's context was used up
  };
  ChatRole role = ChatRole::User;
  QString text;
  Status status = Status::Complete;
  bool has_timings = false;
  GenerationTimings timings;
  QString error;
  QString model;  // replies: the name of the model that wrote it (empty: not known)
  // While a reply's prompt is read (not saved): tokens read of the total, and the seconds still
  // expected (< 0: not known yet).
  int prompt_read = 0;
  int prompt_total = 0;
  double prompt_seconds_left = -1.0;
};

// A message the user wrote, and the start of a reply (streaming, no text yet).
ChatMessage userMessage(const QString& text);
ChatMessage replyMessage(const QString& model);

class ChatModel : public QAbstractListModel {
  Q_OBJECT

 public:
  enum Roles {
    RoleRole = Qt::UserRole + 1,  // int(ChatRole)
    TextRole,                     // QString (also Qt::DisplayRole)
    StatusRole,                   // int(ChatMessage::Status)
    HasTimingsRole,               // bool
    TimingsRole,                  // GenerationTimings
    ErrorRole,                    // QString
    PromptProgressRole,           // QPoint(read, total) while the prompt is read
    ModelRole,                    // QString: the model that wrote a reply
  };

  explicit ChatModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QHash<int, QByteArray> roleNames() const override;

  const QList<ChatMessage>& messages() const { return messages_; }
  const ChatMessage& message(int row) const { return messages_.at(row); }

  // Returns the new row.
  int appendMessage(const ChatMessage& message);
  void appendText(int row, const QString& text);
  void setStatus(int row, ChatMessage::Status status, const QString& error = {});
  void setTimings(int row, const GenerationTimings& timings);
  void setPromptProgress(int row, int read, int total, double seconds_left);
  // Removes rows [row, rowCount()).
  void truncate(int row);
  void clear();
  void setMessages(const QList<ChatMessage>& messages);

  // The user/assistant turns to send to the engine (rows [0, end), failed replies left out).
  QList<ChatTurn> turns(int end = -1) const;
  // Row of the last assistant message, or -1.
  int lastAssistantRow() const;

 private:
  void emitRowChanged(int row, const QList<int>& roles);

  QList<ChatMessage> messages_;
};

}  // namespace tessera::gui
