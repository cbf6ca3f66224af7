#include "conversation_store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUuid>

#include <algorithm>

namespace tessera::gui {
namespace {

constexpr int kTitleLength = 60;

// A message's words without its Markdown: headings' #, emphasis, code marks, quote and list
// markers, and links as their text ("**Why** `x`?" -> "Why x?").
QString plainText(QString text) {
  static const QRegularExpression link(QStringLiteral(R"(!?\[([^\]]*)\]\([^)]*\))"));
  static const QRegularExpression line_marks(QStringLiteral(R"((^|\n)[ \t]*(#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t]+))"));
  static const QRegularExpression fences(QStringLiteral(R"(```[^\n]*)"));
  static const QRegularExpression emphasis(QStringLiteral(R"(\*\*|__|~~|[*`])"));
  text.replace(link, QStringLiteral("\\1"));
  text.replace(fences, QString());
  text.replace(line_marks, QStringLiteral("\\1"));
  text.replace(emphasis, QString());
  return text;
}

}  // namespace

ConversationStore::ConversationStore(const QString& folder) : folder_(folder.isEmpty() ? defaultFolder() : folder) {}

QString ConversationStore::defaultFolder() {
  // <data>/Tessera/conversations. (AppDataLocation adds the organisation and the application, both
  // "Tessera": conversations of earlier versions are in Tessera/Tessera/conversations and move.)
  const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
  const QString folder = QDir(data).filePath(QStringLiteral("Tessera/conversations"));
  const QString old = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("conversations"));
  if (old != folder && !QFileInfo::exists(folder) && QFileInfo(old).isDir()) {
    QDir().mkpath(QFileInfo(folder).path());
    QDir().rename(old, folder);
  }
  return folder;
}

QString ConversationStore::pathOf(const QString& id) const { return QDir(folder_).filePath(id + QStringLiteral(".json")); }

QString ConversationStore::titleOf(const Conversation& c) {
  if (!c.title.trimmed().isEmpty()) return c.title.trimmed();
  for (const ChatEntry& m : c.messages) {
    if (!m.isUser()) continue;
    const QString first = plainText(m.text()).simplified();
    return first.size() > kTitleLength ? first.left(kTitleLength - 1) + QChar(0x2026) : first;
  }
  return tr("Empty conversation");
}

QList<StoredConversation> ConversationStore::list() const {
  QList<StoredConversation> result;
  const QFileInfoList files = QDir(folder_).entryInfoList({QStringLiteral("*.json")}, QDir::Files);
  QHash<QString, Cached> seen;
  for (const QFileInfo& info : files) {
    const QString id = info.completeBaseName();
    if (auto cached = cache_.constFind(id);
        cached != cache_.constEnd() && cached->entry.modified == info.lastModified() && cached->size == info.size()) {
      result.append(cached->entry);
      seen.insert(id, *cached);
      continue;
    }
    QString error;
    auto c = ConversationIo::load(info.filePath(), &error);
    if (!c) continue;  // not ours, or damaged: not listed, not touched
    StoredConversation entry;
    entry.id = id;
    entry.title = titleOf(*c);
    entry.modified = info.lastModified();
    entry.text = entry.title;
    for (const ChatEntry& m : c->messages) entry.text += QLatin1Char('\n') + m.text();
    result.append(entry);
    seen.insert(id, Cached{info.size(), entry});
  }
  cache_ = std::move(seen);  // deleted files leave the cache too
  std::sort(result.begin(), result.end(), [](const StoredConversation& a, const StoredConversation& b) {
    return a.modified != b.modified ? a.modified > b.modified : a.id > b.id;
  });
  return result;
}

QList<StoredConversation> ConversationStore::search(const QString& query) const {
  QList<StoredConversation> all = list();
  const QString q = query.trimmed();
  if (q.isEmpty()) return all;
  QList<StoredConversation> found;
  for (const StoredConversation& c : all)
    if (c.text.contains(q, Qt::CaseInsensitive)) found.append(c);
  return found;
}

QString ConversationStore::save(const QString& id, const Conversation& conversation, QString* error) {
  if (!QDir().mkpath(folder_)) {
    *error = tr("Cannot create the folder %1 for conversations.").arg(folder_);
    return {};
  }
  const QString name = id.isEmpty() ? QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-")) +
                                          QUuid::createUuid().toString(QUuid::Id128).left(8)
                                    : id;
  if (!ConversationIo::save(pathOf(name), conversation, error)) return {};
  return name;
}

std::optional<Conversation> ConversationStore::load(const QString& id, QString* error) const {
  return ConversationIo::load(pathOf(id), error);
}

bool ConversationStore::remove(const QString& id, QString* error) {
  QFile file(pathOf(id));
  if (!file.remove()) {
    *error = tr("Cannot delete %1: %2").arg(file.fileName(), file.errorString());
    return false;
  }
  return true;
}

bool ConversationStore::rename(const QString& id, const QString& title, QString* error) {
  auto c = load(id, error);
  if (!c) return false;
  c->title = title.trimmed();
  return ConversationIo::save(pathOf(id), *c, error);
}

}  // namespace tessera::gui
