#include "chat_model.h"

#include <QPoint>

namespace tessera::gui {

ChatEntry userMessage(const QString& text) {
  ChatEntry m;
  m.message = {kUserRole, text.toStdString()};
  return m;
}

ChatEntry replyMessage(const QString& model) {
  ChatEntry m;
  m.message.role = kAssistantRole;
  m.status = ChatEntry::Status::Streaming;
  m.model = model;
  return m;
}

ChatModel::ChatModel(QObject* parent) : QAbstractListModel(parent) { registerEngineMetaTypes(); }

int ChatModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(messages_.size());
}

QVariant ChatModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const ChatEntry& m = messages_.at(index.row());
  switch (role) {
    case Qt::DisplayRole:
    case TextRole: return m.text();
    case ReasoningRole: return m.reasoning();
    case RoleRole: return QString::fromStdString(m.message.role);
    case StatusRole: return static_cast<int>(m.status);
    case HasTimingsRole: return m.stats.has_value();
    case TimingsRole: return m.stats ? QVariant::fromValue(*m.stats) : QVariant();
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
  names[ReasoningRole] = "reasoning";
  return names;
}

int ChatModel::appendMessage(const ChatEntry& message) {
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
  messages_[row].message.content += text.toStdString();
  emitRowChanged(row, {Qt::DisplayRole, TextRole});
}

void ChatModel::appendReasoning(int row, const QString& text) {
  if (row < 0 || row >= messages_.size() || text.isEmpty()) return;
  messages_[row].message.reasoning += text.toStdString();
  emitRowChanged(row, {ReasoningRole});
}

void ChatModel::setText(int row, const QString& text) {
  if (row < 0 || row >= messages_.size()) return;
  messages_[row].message.content = text.toStdString();
  emitRowChanged(row, {Qt::DisplayRole, TextRole});
}

void ChatModel::setStatus(int row, ChatEntry::Status status, const QString& error) {
  if (row < 0 || row >= messages_.size()) return;
  messages_[row].status = status;
  messages_[row].error = error;
  emitRowChanged(row, {StatusRole, ErrorRole});
}

void ChatModel::setStats(int row, const ReplyStats& stats) {
  if (row < 0 || row >= messages_.size()) return;
  messages_[row].stats = stats;
  emitRowChanged(row, {HasTimingsRole, TimingsRole});
}

void ChatModel::setPromptProgress(int row, int read, int total, double seconds_left) {
  if (row < 0 || row >= messages_.size()) return;
  ChatEntry& m = messages_[row];
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

void ChatModel::setMessages(const QList<ChatEntry>& messages) {
  beginResetModel();
  messages_ = messages;
  endResetModel();
}

std::vector<tessera::ChatMessage> ChatModel::engineMessages(int end) const {
  if (end < 0 || end > messages_.size()) end = static_cast<int>(messages_.size());
  std::vector<tessera::ChatMessage> result;
  for (int i = 0; i < end; ++i) {
    const ChatEntry& m = messages_.at(i);
    if (m.status == ChatEntry::Status::Failed) continue;
    if (m.isAssistant() && m.message.content.empty()) continue;
    result.push_back(m.message);
  }
  return result;
}

int ChatModel::lastAssistantRow() const {
  for (int i = static_cast<int>(messages_.size()) - 1; i >= 0; --i)
    if (messages_.at(i).isAssistant()) return i;
  return -1;
}

}  // namespace tessera::gui
