// The conversation shown in the chat view: one row per message (user or assistant), oldest first.
// The system prompt is not a row; it belongs to the conversation (see conversation_io.h).
// Changed only on the GUI thread (the streaming text arrives through ChatController).
#pragma once

#include <QAbstractListModel>
#include <QList>
#include <QString>

#include <optional>
#include <vector>

#include "engine_types.h"

namespace tessera::gui {

// One row of the conversation: the message as the engine gets it (core's ChatMessage: role "user"
// or "assistant", and its text) and what the chat shows about it.
struct ChatEntry {
  enum class Status {
    Complete,   // a user message, or a reply that ended normally
    Streaming,  // a reply being generated
    Stopped,    // a reply the user stopped
    Failed,     // a reply that ended with an error (error holds the message)
    ContextFull,  // a reply cut off because the model's context was used up
  };
  tessera::ChatMessage message;
  Status status = Status::Complete;
  std::optional<ReplyStats> stats;  // replies: what the engine measured, once the reply ended
  QString error;
  QString model;  // replies: the name of the model that wrote it (empty: not known)
  // While a reply's prompt is read (not saved): tokens read of the total, and the seconds still
  // expected (< 0: not known yet).
  int prompt_read = 0;
  int prompt_total = 0;
  double prompt_seconds_left = -1.0;

  bool isUser() const { return message.role == kUserRole; }
  bool isAssistant() const { return message.role == kAssistantRole; }
  QString text() const { return QString::fromStdString(message.content); }  // the answer alone
  // A reasoning model's thinking (message.reasoning), shown apart from the answer.
  QString reasoning() const { return QString::fromStdString(message.reasoning); }
};

// A message the user wrote, and the start of a reply (streaming, no text yet).
ChatEntry userMessage(const QString& text);
ChatEntry replyMessage(const QString& model);

class ChatModel : public QAbstractListModel {
  Q_OBJECT

 public:
  enum Roles {
    RoleRole = Qt::UserRole + 1,  // QString: "user" or "assistant"
    TextRole,                     // QString (also Qt::DisplayRole)
    StatusRole,                   // int(ChatEntry::Status)
    HasTimingsRole,               // bool
    TimingsRole,                  // ReplyStats
    ErrorRole,                    // QString
    PromptProgressRole,           // QPoint(read, total) while the prompt is read
    ModelRole,                    // QString: the model that wrote a reply
    ReasoningRole,                // QString: a reply's thinking (reasoning models)
  };

  explicit ChatModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QHash<int, QByteArray> roleNames() const override;

  const QList<ChatEntry>& messages() const { return messages_; }
  const ChatEntry& message(int row) const { return messages_.at(row); }

  // Returns the new row.
  int appendMessage(const ChatEntry& message);
  void appendText(int row, const QString& text);
  void appendReasoning(int row, const QString& text);
  // Replaces a message's text (an edited user message).
  void setText(int row, const QString& text);
  void setStatus(int row, ChatEntry::Status status, const QString& error = {});
  void setStats(int row, const ReplyStats& stats);
  void setPromptProgress(int row, int read, int total, double seconds_left);
  // Removes rows [row, rowCount()).
  void truncate(int row);
  void clear();
  void setMessages(const QList<ChatEntry>& messages);

  // The user/assistant messages to send to the engine (rows [0, end), failed and empty replies left
  // out), as core's ChatMessage.
  std::vector<tessera::ChatMessage> engineMessages(int end = -1) const;
  // Row of the last assistant message, or -1.
  int lastAssistantRow() const;

 private:
  void emitRowChanged(int row, const QList<int>& roles);

  QList<ChatEntry> messages_;
};

}  // namespace tessera::gui
