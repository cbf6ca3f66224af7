#include "chat_model.h"

#include <QPoint>

namespace tessera::gui {

ChatMessage userMessage(const QString& text) {
  ChatMessage m;
  m.role = ChatRole::User;
  m.text = text;
  return m;
}

ChatMessage replyMessage(const QString& model) {
  ChatMessage m;
  m.role = ChatRole::Assistant;
  m.status = ChatMessage::Status::Streaming;
  m.model = model;
  return m;
}

ChatModel::ChatModel(QObject* parent) : QAbstractListModel(parent) { registerEngineMetaTypes(); }

int ChatModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(messages_.size());
}

QVariant ChatModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const ChatMessage& m = messages_.at(index.row());
  switch (role) {
    case Qt::DisplayRole:
    case TextRole: return m.text;
    case RoleRole: return static_cast<int>(m.role);
    case StatusRole: return static_cast<int>(m.status);
    case HasTimingsRole: return m.has_timings;
    case TimingsRole: return m.has_timings ? QVariant::fromValue(m.timings) : QVariant();
    case ErrorRole: return m.error;
    case PromptProgressRole: return QPoint(m.prompt_read, m.prompt_total);
    case ModelRole: return m.model;
    default: return {};
  }
}

QHash<int, QByteArray> ChatModel::roleNames() const {
  auto names = QAbstractListModel::roleNames();
  names[RoleRole] = "role";
  names[TextRole] = "text";
  names[StatusRole] = "status";
  names[HasTimingsRole] = "hasTimings";
  names[TimingsRole] = "timings";
  names[ErrorRole] = "error";
  names[PromptProgressRole] = "promptProgress";
  names[ModelRole] = "model";
  return names;
}

int ChatModel::appendMessage(const ChatMessage& message) {
  const int row = static_cast<int>(messages_.size());
  beginInsertRows(QModelIndex(), row, row);
  messages_.append(message);
  endInsertRows();
  return row;
}

void ChatModel::emitRowChanged(int row, const QList<int>& roles) {
  const QModelIndex i = index(row);
  emit dataChanged(i, i, roles);
}

void ChatModel::appendText(int row, const QString& text) {
  if (row < 0 || row >= messages_.size() || text.isEmpty()) return;
  messages_[row].text += text;
  emitRowChanged(row, {Qt::DisplayRole, TextRole});
}

void ChatModel::setStatus(int row, ChatMessage::Status status, const QString& error) {
  if (row < 0 || row >= messages_.size()) return;
  messages_[row].status = status;
  messages_[row].error = error;
  emitRowChanged(row, {StatusRole, ErrorRole});
}

void ChatModel::setTimings(int row, const GenerationTimings& timings) {
  if (row < 0 || row >= messages_.size()) return;
  messages_[row].timings = timings;
  messages_[row].has_timings = true;
  emitRowChanged(row, {HasTimingsRole, TimingsRole});
}

void ChatModel::setPromptProgress(int row, int read, int total, double seconds_left) {
  if (row < 0 || row >= messages_.size()) return;
  ChatMessage& m = messages_[row];
  m.prompt_read = read;
  m.prompt_total = total;
  m.prompt_seconds_left = seconds_left;
  emitRowChanged(row, {PromptProgressRole});
}

void ChatModel::truncate(int row) {
  row = std::max(row, 0);
  if (row >= messages_.size()) return;
  beginRemoveRows(QModelIndex(), row, static_cast<int>(messages_.size()) - 1);
  messages_.erase(messages_.begin() + row, messages_.end());
  endRemoveRows();
}

void ChatModel::clear() {
  beginResetModel();
  messages_.clear();
  endResetModel();
}

void ChatModel::setMessages(const QList<ChatMessage>& messages) {
  beginResetModel();
  messages_ = messages;
  endResetModel();
}

QList<ChatTurn> ChatModel::turns(int end) const {
  if (end < 0 || end > messages_.size()) end = static_cast<int>(messages_.size());
  QList<ChatTurn> result;
  for (int i = 0; i < end; ++i) {
    const ChatMessage& m = messages_.at(i);
    if (m.status == ChatMessage::Status::Failed) continue;
    if (m.role == ChatRole::Assistant && m.text.isEmpty()) continue;
    result.append(ChatTurn{m.role, m.text});
  }
  return result;
}

int ChatModel::lastAssistantRow() const {
  for (int i = static_cast<int>(messages_.size()) - 1; i >= 0; --i)
    if (messages_.at(i).role == ChatRole::Assistant) return i;
  return -1;
}

}  // namespace tessera::gui
