#include "chat_controller.h"

namespace tessera::gui {

ChatController::ChatController(EngineClient* engine, ChatModel* model, QObject* parent)
    : QObject(parent), engine_(engine), model_(model) {
  flush_timer_.setSingleShot(true);
  connect(&flush_timer_, &QTimer::timeout, this, &ChatController::flush);
  connect(engine_, &EngineClient::promptProgress, this, &ChatController::onPromptProgress);
  connect(engine_, &EngineClient::textGenerated, this, &ChatController::onText);
  connect(engine_, &EngineClient::reasoningGenerated, this, &ChatController::onReasoning);
  connect(engine_, &EngineClient::generationFinished, this, &ChatController::onFinished);
  connect(engine_, &EngineClient::generationFailed, this, &ChatController::onFailed);
  // A reply cannot outlive its model: unloading or loading another model ends it.
  connect(engine_, &EngineClient::modelLoaded, this, &ChatController::contextUsageChanged);
  connect(engine_, &EngineClient::modelUnloaded, this, &ChatController::contextUsageChanged);
  connect(engine_, &EngineClient::loadFailed, this, &ChatController::contextUsageChanged);
  connect(engine_, &EngineClient::modelUnloaded, this, &ChatController::abandonReply);
  connect(engine_, &EngineClient::loadStarted, this, &ChatController::abandonReply);
}

void ChatController::abandonReply() {
  if (!isStreaming()) return;
  flush();
  model_->setStatus(reply_row_, ChatEntry::Status::Stopped);
  endReply();
}

int ChatController::contextSize() const { return engine_->hasModel() ? engine_->model().n_ctx : 0; }

void ChatController::setContextUsed(int used) {
  if (used == context_used_) return;
  context_used_ = used;
  emit contextUsageChanged();
}

void ChatController::recountContextUsed() {
  for (int i = model_->rowCount() - 1; i >= 0; --i) {
    const ChatEntry& m = model_->message(i);
    if (m.isAssistant() && m.stats && m.stats->prompt_known) {
      setContextUsed(m.stats->contextTokens());
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
    if (m.isUser()) return true;
  return false;
}

bool ChatController::canEdit(int row) const {
  return !isStreaming() && row >= 0 && row < model_->rowCount() && model_->message(row).isUser();
}

bool ChatController::editAndResend(int row, const QString& text) {
  if (!canEdit(row) || !canSend() || text.trimmed().isEmpty()) return false;
  model_->truncate(row + 1);
  model_->setText(row, text);
  recountContextUsed();
  return startReply();
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
    if (model_->message(i).isUser()) {
      last_user = i;
      break;
    }
  if (row > last_user) model_->truncate(row);
  recountContextUsed();
  return startReply();
}

bool ChatController::startReply() {
  std::vector<tessera::ChatMessage> messages;
  if (!system_prompt_.trimmed().isEmpty()) messages.push_back({kSystemRole, system_prompt_.toStdString()});
  for (tessera::ChatMessage& m : model_->engineMessages()) messages.push_back(std::move(m));
  tessera::GenerationRequest request;
  request.sampling = reply_.sampling;
  request.n_predict = reply_.max_tokens;
  request.overflow = overflow_;
  // The thinking choice, where the loaded model's template takes it (a choice saved for another
  // model's control, e.g. "high" for a Qwen3, is not sent).
  const auto choice = tessera::reasoning::parse_thinking_choice(reply_.thinking.toStdString());
  if (choice && tessera::reasoning::thinking_control_of(*choice) == engine_->thinkingControl())
    tessera::set_thinking_choice(request, *choice);
  if (!engine_->generate(messages, request)) return false;
  pending_.clear();
  pending_reasoning_.clear();
  pending_tokens_ = 0;
  flush_count_ = 0;
  // The reply keeps its author when another model is loaded later.
  reply_row_ = model_->appendMessage(replyMessage(QString::fromStdString(engine_->model().name)));
  since_flush_.start();
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
  // Counted now, shown with the text (flush): the meter changes at the view's rate, not per batch.
  pending_tokens_ += tokens;
  scheduleFlush();
}

void ChatController::onReasoning(const QString& text) {
  // Shown with the text of its batch: the worker sends each batch's thinking, then its text (and
  // token count, even without text), which schedules the flush.
  if (isStreaming()) pending_reasoning_ += text;
}

void ChatController::scheduleFlush() {
  const qint64 since = since_flush_.elapsed();
  if (since >= repaint_interval_ms_)
    flush();
  else if (!flush_timer_.isActive())
    flush_timer_.start(static_cast<int>(repaint_interval_ms_ - since));
}

void ChatController::flush() {
  if (!isStreaming()) return;
  flush_timer_.stop();
  since_flush_.start();
  if (pending_tokens_ > 0) {
    setContextUsed(context_used_ + pending_tokens_);
    pending_tokens_ = 0;
  }
  if (!pending_reasoning_.isEmpty()) {
    model_->appendReasoning(reply_row_, pending_reasoning_);
    pending_reasoning_.clear();
  }
  if (pending_.isEmpty()) return;
  model_->appendText(reply_row_, pending_);
  pending_.clear();
  ++flush_count_;
}

void ChatController::endReply() {
  flush_timer_.stop();
  pending_.clear();
  pending_reasoning_.clear();
  pending_tokens_ = 0;
  reply_row_ = -1;
  emit streamingChanged(false);
}

void ChatController::onFinished(const ReplyStats& stats) {
  if (!isStreaming()) return;
  flush();
  const int row = reply_row_;
  model_->setStats(row, stats);
  model_->setStatus(row, stats.stopped()       ? ChatEntry::Status::Stopped
                         : stats.contextFull() ? ChatEntry::Status::ContextFull
                                               : ChatEntry::Status::Complete);
  endReply();
  // What the context holds now (a server that does not say leaves the count as it went).
  if (stats.prompt_known) setContextUsed(stats.contextTokens());
  emit replyFinished(row, stats);
  if (stats.contextFull()) emit contextFilled();
}

void ChatController::onFailed(const EngineError& error) {
  if (!isStreaming()) return;
  flush();
  model_->setStatus(reply_row_, ChatEntry::Status::Failed, error.message);
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
  if (c.model.isEmpty() && engine_->hasModel()) c.model = QString::fromStdString(engine_->model().name);
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
