#include "chat_controller.h"

namespace tessera::gui {

ChatController::ChatController(EngineClient* engine, ChatModel* model, QObject* parent)
    : QObject(parent), engine_(engine), model_(model) {
  flush_timer_.setInterval(50);
  connect(&flush_timer_, &QTimer::timeout, this, &ChatController::flush);
  connect(engine_, &EngineClient::textGenerated, this, &ChatController::onText);
  connect(engine_, &EngineClient::generationFinished, this, &ChatController::onFinished);
  connect(engine_, &EngineClient::generationFailed, this, &ChatController::onFailed);
  // A reply cannot outlive its model: unloading or loading another model ends it.
  connect(engine_, &EngineClient::modelUnloaded, this, [this] {
    if (!isStreaming()) return;
    flush();
    model_->setStatus(reply_row_, ChatMessage::Status::Stopped);
    endReply();
  });
}

void ChatController::setSystemPrompt(const QString& prompt) {
  if (prompt == system_prompt_) return;
  system_prompt_ = prompt;
  emit systemPromptChanged(prompt);
}

bool ChatController::canRegenerate() const {
  if (!canSend()) return false;
  for (const auto& m : model_->messages())
    if (m.role == ChatRole::User) return true;
  return false;
}

bool ChatController::send(const QString& text) {
  if (!canSend() || text.trimmed().isEmpty()) return false;
  model_->appendMessage(ChatMessage{ChatRole::User, text, ChatMessage::Status::Complete, false, {}, {}});
  return startReply();
}

bool ChatController::regenerate() {
  if (!canRegenerate()) return false;
  // Drop the last reply and everything after it; keep trailing user messages (a failed reply was
  // never followed by one, and a user message waiting for its reply is what we answer).
  int row = model_->lastAssistantRow();
  int last_user = -1;
  for (int i = model_->rowCount() - 1; i >= 0; --i)
    if (model_->message(i).role == ChatRole::User) {
      last_user = i;
      break;
    }
  if (row > last_user) model_->truncate(row);
  return startReply();
}

bool ChatController::startReply() {
  GenerationRequest request;
  request.system_prompt = system_prompt_;
  request.turns = model_->turns();
  request.sampling = sampling_;
  if (!engine_->generate(request)) return false;
  pending_.clear();
  flush_count_ = 0;
  reply_row_ = model_->appendMessage(
      ChatMessage{ChatRole::Assistant, QString(), ChatMessage::Status::Streaming, false, {}, {}});
  flush_timer_.start();
  emit streamingChanged(true);
  return true;
}

void ChatController::stop() {
  if (isStreaming()) engine_->stop();
}

void ChatController::clear() {
  if (isStreaming()) {
    engine_->stop();
    endReply();  // the reply's remaining text and timings are dropped with the conversation
  }
  model_->clear();
}

void ChatController::onText(const QString& text, int /*tokens*/) {
  if (!isStreaming()) return;
  pending_ += text;
}

void ChatController::flush() {
  if (!isStreaming() || pending_.isEmpty()) return;
  model_->appendText(reply_row_, pending_);
  pending_.clear();
  ++flush_count_;
}

void ChatController::endReply() {
  flush_timer_.stop();
  pending_.clear();
  reply_row_ = -1;
  emit streamingChanged(false);
}

void ChatController::onFinished(const GenerationTimings& timings) {
  if (!isStreaming()) return;
  flush();
  const int row = reply_row_;
  model_->setTimings(row, timings);
  model_->setStatus(row, timings.stopped ? ChatMessage::Status::Stopped : ChatMessage::Status::Complete);
  endReply();
  emit replyFinished(row, timings);
}

void ChatController::onFailed(const EngineError& error) {
  if (!isStreaming()) return;
  flush();
  model_->setStatus(reply_row_, ChatMessage::Status::Failed, error.message);
  endReply();
  emit replyFailed(error);
}

Conversation ChatController::conversation() const {
  Conversation c;
  c.system_prompt = system_prompt_;
  c.messages = model_->messages();
  if (engine_->hasModel()) c.model = engine_->model().name;
  return c;
}

void ChatController::setConversation(const Conversation& conversation) {
  clear();
  setSystemPrompt(conversation.system_prompt);
  model_->setMessages(conversation.messages);
}

}  // namespace tessera::gui
