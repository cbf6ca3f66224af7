#include "conversation_session.h"

#include <QAbstractItemModel>

#include "app_settings.h"
#include "chat_controller.h"

namespace tessera::gui {

ConversationSession::ConversationSession(ChatController* chat, AppSettings* settings, const QString& folder,
                                         QObject* parent)
    : QObject(parent), chat_(chat), settings_(settings), store_(folder) {
  confirm_ = [](const QString&, const QString&, const QString&) { return true; };
  // Every change of the open conversation is kept: a message sent, a reply ended, a reply dropped,
  // the overflow policy (the conversation's own).
  connect(chat_, &ChatController::streamingChanged, this, [this] { autosave(); });
  connect(chat_->model(), &QAbstractItemModel::rowsRemoved, this, [this] {
    if (!chat_->isStreaming()) autosave();
  });
  connect(chat_, &ChatController::overflowPolicyChanged, this, [this] {
    if (!chat_->isStreaming()) autosave();
  });
}

void ConversationSession::error(const char* title, const QString& detail, const char* advice) {
  // Translated when shown, and again after a language switch.
  emit notice(Notice{ErrorBanner::Severity::Error, [=] { return ErrorText{tr(title), detail, tr(advice)}; }, {}, {}});
}

void ConversationSession::show(const Conversation& conversation, const QString& id) {
  chat_->setConversation(conversation);
  current_id_ = id;
  current_title_ = conversation.title;
  settings_->setCurrentConversation(id);
}

void ConversationSession::restoreLast() {
  if (const QString id = settings_->currentConversation(); !id.isEmpty()) {
    QString error;
    if (auto conversation = store_.load(id, &error)) {
      chat_->setConversation(*conversation);
      current_id_ = id;
      current_title_ = conversation->title;
    }
  }
  emit historyChanged(current_id_);
}

bool ConversationSession::saveTo(const QString& path) {
  QString error;
  if (!ConversationIo::save(path, chat_->conversation(), &error)) {
    this->error(QT_TR_NOOP("The conversation was not saved"), error, QT_TR_NOOP("Choose a folder you can write to and try again."));
    return false;
  }
  emit statusMessage(tr("Saved the conversation to %1").arg(path));
  return true;
}

bool ConversationSession::openFile(const QString& path) {
  if (!mayReplace(tr("Open Conversation"), tr("Open"))) return false;
  QString error;
  auto conversation = ConversationIo::load(path, &error);
  if (!conversation) {
    this->error(QT_TR_NOOP("The conversation could not be opened"), error, QT_TR_NOOP("Choose a conversation file saved by Tessera."));
    return false;
  }
  autosave();  // the one open until now stays in the history
  // The opened file becomes a conversation of the history of its own.
  show(*conversation, QString());
  autosave();
  emit replaced();
  emit statusMessage(tr("Opened the conversation %1").arg(path));
  return true;
}

void ConversationSession::newConversation() {
  if (chat_->isStreaming() && !mayReplace(tr("New Conversation"), tr("New Conversation"))) return;
  autosave();  // the old one stays in the history
  chat_->clear();
  // A new conversation starts with the Settings' policy, not the one the last one had.
  chat_->setOverflowPolicy(chat_->defaultOverflowPolicy());
  current_id_.clear();
  current_title_.clear();
  settings_->setCurrentConversation(QString());
  emit historyChanged(current_id_);
  emit replaced();
}

bool ConversationSession::mayReplace(const QString& title, const QString& accept) {
  // A reply being generated ends here; a conversation that could not be saved is gone.
  if (chat_->isStreaming())
    return confirm_(title, tr("A reply is being generated. It stops here; what it wrote so far is kept."), accept);
  if (chat_->model()->rowCount() > 0 && !autosave())
    return confirm_(title, tr("The conversation could not be saved (%1). It will be lost.").arg(last_save_error_),
                    accept);
  return true;
}

bool ConversationSession::autosave() {
  if (chat_->model()->rowCount() == 0) return true;  // nothing to keep
  Conversation conversation = chat_->conversation();
  conversation.title = current_title_;
  QString error;
  const QString id = store_.save(current_id_, conversation, &error);
  if (id.isEmpty()) {
    last_save_error_ = error;
    return false;
  }
  last_save_error_.clear();
  if (id != current_id_) {
    current_id_ = id;
    settings_->setCurrentConversation(id);
  }
  emit historyChanged(current_id_);
  return true;
}

bool ConversationSession::openStored(const QString& id) {
  if (id == current_id_) return true;
  if (!mayReplace(tr("Open Conversation"), tr("Open"))) return false;
  QString error;
  auto conversation = store_.load(id, &error);
  if (!conversation) {
    this->error(QT_TR_NOOP("The conversation could not be opened"), error, QT_TR_NOOP("Choose another conversation."));
    return false;
  }
  show(*conversation, id);
  emit historyChanged(current_id_);
  emit replaced();
  return true;
}

bool ConversationSession::rename(const QString& id, const QString& title) {
  QString error;
  if (!store_.rename(id, title, &error)) {
    this->error(QT_TR_NOOP("The conversation was not renamed"), error, QT_TR_NOOP("Check that the folder can be written to."));
    emit historyChanged(current_id_);
    return false;
  }
  if (id == current_id_) current_title_ = title.trimmed();
  emit historyChanged(current_id_);
  return true;
}

bool ConversationSession::remove(const QString& id) {
  if (!confirm_(tr("Delete Conversation"), tr("Delete this conversation? It cannot be brought back."), tr("Delete")))
    return false;
  if (id == current_id_) {
    chat_->clear();
    // What comes next is a new conversation: the Settings' policy, not the deleted one's.
    chat_->setOverflowPolicy(chat_->defaultOverflowPolicy());
    current_id_.clear();
    current_title_.clear();
    settings_->setCurrentConversation(QString());
  }
  QString error;
  const bool ok = store_.remove(id, &error);
  if (!ok) this->error(QT_TR_NOOP("The conversation was not deleted"), error, QT_TR_NOOP("Check that the folder can be written to."));
  emit historyChanged(current_id_);
  return ok;
}

}  // namespace tessera::gui
