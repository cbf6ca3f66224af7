// ConversationSession: the life of the open conversation. It keeps it in the history
// (ConversationStore) after every change — a message sent, a reply ended, a reply dropped, the
// overflow policy changed — so quitting, a crash or opening another conversation loses nothing;
// opens, renames and deletes conversations of the history; saves to and opens from files; starts
// new conversations; and brings back at start the one open when the app last ran.
//
// What would lose work asks first (confirm: a reply being made, a conversation that could not be
// saved). What goes wrong is a Notice for the window's banner. GUI thread only.
#pragma once

#include <QObject>
#include <QString>

#include <functional>

#include "conversation_store.h"
#include "notice.h"

namespace tessera::gui {

class AppSettings;
class ChatController;

class ConversationSession : public QObject {
  Q_OBJECT

 public:
  // Asks the user to confirm something that would lose work: a title, the question, the text of
  // the button that goes ahead. Returns true to go ahead.
  using Confirm = std::function<bool(const QString& title, const QString& question, const QString& accept)>;

  // `settings` remembers the open conversation for the next start; `folder` empty: the store's
  // default folder.
  ConversationSession(ChatController* chat, AppSettings* settings, const QString& folder, QObject* parent = nullptr);

  void setConfirm(Confirm confirm) { confirm_ = std::move(confirm); }

  ConversationStore* store() { return &store_; }
  // The open conversation's id in the history; empty while it has not been saved.
  const QString& currentId() const { return current_id_; }

  // The conversation open when the app last ran, if it is still there.
  void restoreLast();
  // Stops any reply (after asking), keeps the open conversation and starts an empty one with the
  // default overflow policy.
  void newConversation();
  bool saveTo(const QString& path);
  bool openFile(const QString& path);
  // Opens a conversation of the history (the open one is kept there already).
  bool openStored(const QString& id);
  bool rename(const QString& id, const QString& title);
  bool remove(const QString& id);
  // Saves the open conversation into the history (empty ones are not kept). False when it could not
  // be written (the error is kept for the next question).
  bool autosave();
  // Whether replacing or closing the open conversation now would lose something, and if so, asks.
  // True: go ahead.
  bool mayReplace(const QString& title, const QString& accept);

 signals:
  // The history's list changed (or the open conversation did): refresh it, marking `current`.
  void historyChanged(const QString& current);
  // Another conversation (or an empty one) replaced the open one: what was shown about the old one
  // (the banner) goes.
  void replaced();
  void notice(const tessera::gui::Notice& notice);
  // A short confirmation for the status bar.
  void statusMessage(const QString& text);

 private:
  // Shows `conversation` as the open one, kept under `id` (empty: not saved yet).
  void show(const Conversation& conversation, const QString& id);
  // An error for the banner: `title` and `advice` are untranslated (QT_TR_NOOP) texts.
  void error(const char* title, const QString& detail, const char* advice);

  ChatController* chat_;
  AppSettings* settings_;
  ConversationStore store_;
  Confirm confirm_;
  QString current_id_;       // the open conversation in store_ (empty: not saved yet)
  QString current_title_;    // its title as the user set it (empty: named after its first message)
  QString last_save_error_;  // why the last autosave failed; empty when it worked
};

}  // namespace tessera::gui
