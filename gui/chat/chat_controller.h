// ChatController joins the conversation (ChatModel) to the engine (EngineClient): it turns "send",
// "regenerate" and "stop" into generation requests and streams the reply into the model.
//
// Streaming text is coalesced: it collects in a buffer and is written to the model (which is what
// makes the view repaint) by a timer at most every repaintIntervalMs() (30 a second by default),
// with the context meter's count; so a fast model costs the GUI a bounded number of repaints and
// layouts per second no matter how many tokens it produces, and the engine's threads keep the
// cores (on a small machine the GUI thread's work per token slowed the generation itself).
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include "chat_model.h"
#include "conversation_io.h"
#include "engine_client.h"

namespace tessera::gui {

class ChatController : public QObject {
  Q_OBJECT

 public:
  ChatController(EngineClient* engine, ChatModel* model, QObject* parent = nullptr);

  ChatModel* model() const { return model_; }
  EngineClient* engine() const { return engine_; }

  QString systemPrompt() const { return system_prompt_; }
  void setSystemPrompt(const QString& prompt);
  const ReplySettings& replySettings() const { return reply_; }
  void setReplySettings(const ReplySettings& settings) { reply_ = settings; }
  // What happens when this conversation outgrows the context (saved with it); a new or older
  // conversation without one starts with the default (Settings).
  tessera::OverflowPolicy overflowPolicy() const { return overflow_; }
  void setOverflowPolicy(tessera::OverflowPolicy policy);
  tessera::OverflowPolicy defaultOverflowPolicy() const { return default_overflow_; }
  void setDefaultOverflowPolicy(tessera::OverflowPolicy policy) { default_overflow_ = policy; }

  static constexpr int kDefaultRepaintIntervalMs = 33;
  void setRepaintIntervalMs(int ms) { repaint_interval_ms_ = ms; }
  int repaintIntervalMs() const { return repaint_interval_ms_; }
  // How many times streamed text was written to the model for the current/last reply.
  int flushCount() const { return flush_count_; }
  // Whether streamed text waits for the repaint interval to pass (for tests).
  bool flushPending() const { return flush_timer_.isActive(); }

  bool isStreaming() const { return reply_row_ >= 0; }
  // Tokens of the context the conversation holds (as of the last reply, plus the reply being
  // made), and the loaded model's context (0: none loaded).
  int contextUsed() const { return context_used_; }
  int contextSize() const;
  bool canSend() const { return engine_->state() == EngineClient::State::Ready; }
  bool canRegenerate() const;

  // Appends a user message and starts a reply. False when no model is ready or text is blank.
  bool send(const QString& text);
  // Drops the last reply and asks again with the same conversation.
  bool regenerate();
  // Whether the message of `row` can be edited and sent again: a user message, no reply under way.
  bool canEdit(int row) const;
  // Replaces the user message of `row` with `text`, drops everything after it and asks for a new
  // reply from there. False (nothing changed) unless canEdit(row), a model is ready and `text` is
  // not blank.
  bool editAndResend(int row, const QString& text);
  void stop();
  // Stops any reply and empties the conversation (the system prompt stays).
  void clear();

  Conversation conversation() const;
  void setConversation(const Conversation& conversation);

 signals:
  void streamingChanged(bool streaming);
  void replyFinished(int row, const tessera::gui::ReplyStats& stats);
  void replyFailed(const tessera::gui::EngineError& error);
  void systemPromptChanged(const QString& prompt);
  void overflowPolicyChanged(tessera::OverflowPolicy policy);
  void contextUsageChanged();
  // A reply was cut off because the context ran out.
  void contextFilled();

 private:
  bool startReply();
  void flush();
  void endReply();
  void onPromptProgress(int read, int total);
  void onText(const QString& text, int tokens);
  void onReasoning(const QString& text);
  void onFinished(const ReplyStats& stats);
  // Ends the reply under way as stopped, keeping what it wrote (its model went away).
  void abandonReply();
  void onFailed(const EngineError& error);

  EngineClient* engine_;
  ChatModel* model_;
  QString system_prompt_;
  ReplySettings reply_;
  tessera::OverflowPolicy overflow_ = tessera::OverflowPolicy::Stop;
  tessera::OverflowPolicy default_overflow_ = tessera::OverflowPolicy::Stop;
  // Streamed text is shown when it comes, at most once per repaint interval: a batch that comes
  // sooner waits for the single-shot timer (no timer ticks between batches: each woke the GUI
  // thread 30 times a second beside the worker's own batches).
  void scheduleFlush();
  QTimer flush_timer_;
  QElapsedTimer since_flush_;  // since the last flush (or the reply's start)
  int repaint_interval_ms_ = kDefaultRepaintIntervalMs;
  QElapsedTimer reply_timer_;  // since the current reply was asked for
  QString pending_;
  QString pending_reasoning_;  // thinking not yet shown
  int pending_tokens_ = 0;  // tokens of pending_, not yet counted in context_used_
  int reply_row_ = -1;
  int flush_count_ = 0;
  void setContextUsed(int used);
  void recountContextUsed();  // from the last reply's timings
  int context_used_ = 0;
  int context_at_reply_start_ = 0;
};

}  // namespace tessera::gui
