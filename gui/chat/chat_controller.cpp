#include "chat_controller.h"

namespace tessera::gui {

ChatController::ChatController(EngineClient* engine, ChatModel* model, QObject* parent)
    : QObject(parent), engine_(engine), model_(model) {
  flush_timer_.setInterval(50);
  connect(&flush_timer_, &QTimer::timeout, this, &ChatController::flush);
  connect(engine_, &EngineClient::promptProgress, this, &ChatController::onPromptProgress);
  connect(engine_, &EngineClient::textGenerated, this, &ChatController::onText);
  connect(engine_, &EngineClient::generationFinished, this, &ChatController::onFinished);
  connect(engine_, &EngineClient::generationFailed, this, &ChatController::onFailed);
  // A reply cannot outlive its model: unloading or loading another model ends it.
  connect(engine_, &EngineClient::modelLoaded, this, &ChatController::contextUsageChanged);
  connect(engine_, &EngineClient::modelUnloaded, this, &ChatController::contextUsageChanged);
  connect(engine_, &EngineClient::modelUnloaded, this, [this] {
    if (!isStreaming()) return;
    flush();
    model_->setStatus(reply_row_, ChatMessage::Status::Stopped);
    endReply();
  });
}

int ChatController::contextSize() const { return engine_->hasModel() ? engine_->model().context_length : 0; }

void ChatController::setContextUsed(int used) {
  if (used == context_used_) return;
  context_used_ = used;
  emit contextUsageChanged();
}

void ChatController::recountContextUsed() {
  for (int i = model_->rowCount() - 1; i >= 0; --i) {
    const ChatMessage& m = model_->message(i);
    if (m.role == ChatRole::Assistant && m.has_timings) {
      setContextUsed(m.timings.prompt_tokens + m.timings.generated_tokens);
      return;
    }
  }
  setContextUsed(0);
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
  model_->appendMessage(userMessage(text));
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
  recountContextUsed();
  return startReply();
}

bool ChatController::startReply() {
  GenerationRequest request;
  request.system_prompt = system_prompt_;
  request.turns = model_->turns();
  request.sampling = sampling_;
  request.overflow = overflow_;
  if (!engine_->generate(request)) return false;
  pending_.clear();
  flush_count_ = 0;
  // The reply keeps its author when another model is loaded later.
  reply_row_ = model_->appendMessage(replyMessage(engine_->model().name));
  flush_timer_.start();
  reply_timer_.start();
  context_at_reply_start_ = context_used_;
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
  setContextUsed(0);
}

void ChatController::onPromptProgress(int read, int total) {
  if (!isStreaming() || total <= 0) return;
  // The rate so far predicts the rest: prompt steps cost about the same per token.
  const double elapsed = reply_timer_.elapsed() / 1000.0;
  const double left = read > 0 && elapsed > 0.0 ? elapsed * (total - read) / read : -1.0;
  model_->setPromptProgress(reply_row_, read, total, left);
}

void ChatController::onText(const QString& text, int tokens) {
  if (!isStreaming()) return;
  pending_ += text;
  setContextUsed(context_used_ + tokens);
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
  model_->setStatus(row, timings.stopped        ? ChatMessage::Status::Stopped
                         : timings.context_full ? ChatMessage::Status::ContextFull
                                                : ChatMessage::Status::Complete);
  endReply();
  if (timings.prompt_tokens > 0 || timings.generated_tokens > 0)
    setContextUsed(timings.prompt_tokens + timings.generated_tokens);
  emit replyFinished(row, timings);
  if (timings.context_full) emit contextFilled();
}

void ChatController::onFailed(const EngineError& error) {
  if (!isStreaming()) return;
  flush();
  model_->setStatus(reply_row_, ChatMessage::Status::Failed, error.message);
  endReply();
  setContextUsed(context_at_reply_start_);
  emit replyFailed(error);
}

void ChatController::setOverflowPolicy(tessera::OverflowPolicy policy) {
  if (policy == overflow_) return;
  overflow_ = policy;
  emit overflowPolicyChanged(policy);
}

Conversation ChatController::conversation() const {
  Conversation c;
  c.system_prompt = system_prompt_;
  c.overflow_policy = overflow_;
  c.messages = model_->messages();
  // The conversation's model: the one that wrote the last reply (each reply names its own).
  for (int i = model_->rowCount() - 1; i >= 0 && c.model.isEmpty(); --i) c.model = model_->message(i).model;
  if (c.model.isEmpty() && engine_->hasModel()) c.model = engine_->model().name;
  return c;
}

void ChatController::setConversation(const Conversation& conversation) {
  clear();
  setSystemPrompt(conversation.system_prompt);
  setOverflowPolicy(conversation.overflow_policy.value_or(default_overflow_));
  model_->setMessages(conversation.messages);
  recountContextUsed();
}

}  // namespace tessera::gui
