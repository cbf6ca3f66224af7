// The conversations kept for the history sidebar: one JSON file per conversation (the format of
// conversation_io.h) in a folder, by default <AppDataLocation>/conversations (QStandardPaths).
// The main window saves the open conversation here after every change, so quitting, a crash or
// opening another conversation loses nothing.
//
// GUI thread only; files are small and written atomically (QSaveFile).
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include <optional>

#include "conversation_io.h"

namespace tessera::gui {

struct StoredConversation {
  QString id;        // the file's base name
  QString title;     // the conversation's title, or its first message
  QDateTime modified;
  QString text;      // title and message texts, for search
};

class ConversationStore {
  Q_DECLARE_TR_FUNCTIONS(ConversationStore)

 public:
  // `folder` empty: <AppDataLocation>/conversations.
  explicit ConversationStore(const QString& folder = {});

  const QString& folder() const { return folder_; }
  static QString defaultFolder();

  // Newest first.
  QList<StoredConversation> list() const;
  // Those whose title or text contains `query` (case-insensitive); all for an empty query.
  QList<StoredConversation> search(const QString& query) const;

  // Saves under `id` (a new id when empty) and returns the id; empty with `error` set on failure.
  QString save(const QString& id, const Conversation& conversation, QString* error);
  std::optional<Conversation> load(const QString& id, QString* error) const;
  bool remove(const QString& id, QString* error);
  bool rename(const QString& id, const QString& title, QString* error);

  // What a conversation is called in the list: its title, else its first user message (shortened).
  static QString titleOf(const Conversation& conversation);

 private:
  QString pathOf(const QString& id) const;

  QString folder_;
  // Entries by id, read again only when their file changed: the list is refreshed after every
  // reply, and parsing hundreds of conversations each time would stall the window.
  struct Cached {
    qint64 size = 0;  // with the time: a rewrite within the same millisecond still shows
    StoredConversation entry;
  };
  mutable QHash<QString, Cached> cache_;
};

}  // namespace tessera::gui
