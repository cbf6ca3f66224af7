// The central chat area: the conversation (ChatView), the message box, and the Send/Stop,
// Regenerate and New Conversation buttons and the context meter, bound to a ChatController.
#pragma once

#include <QTimer>
#include <QWidget>

#include "chat_controller.h"

class QProgressBar;
class QPushButton;

namespace tessera::gui {

class ChatInput;
class ChatView;
class OverflowPolicyChooser;

class ChatPanel : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMeterIntervalMs = 250;  // the context meter's pace while a reply streams

  explicit ChatPanel(ChatController* controller, QWidget* parent = nullptr);

  ChatView* view() const { return view_; }
  ChatInput* input() const { return input_; }
  QPushButton* sendButton() const { return send_; }
  QPushButton* stopButton() const { return stop_; }
  QPushButton* regenerateButton() const { return regenerate_; }
  QPushButton* newButton() const { return new_; }
  // "Context: 180 / 256 tokens": how full the model's context is (hidden while no model is loaded).
  QProgressBar* contextMeter() const { return context_meter_; }
  // What moves the meter while a reply streams (every kMeterIntervalMs at most), for tests.
  const QTimer* contextMeterPace() const { return &meter_throttle_; }
  // The conversation's context overflow policy, beside the meter.
  OverflowPolicyChooser* overflowChooser() const { return overflow_; }

  // Sends what is in the message box (and empties it when the send was accepted).
  void submit();
  // Refreshes enabled states and the placeholder from the controller/engine state.
  void updateActions();
  // The model whose metadata is shown (opened, maybe not loaded): named in the empty-chat hint.
  void setOpenModelName(const QString& name);

 signals:
  void copyRequested(const QString& text);
  // The New Conversation button (the window clears the chat and what it showed about the old one).
  void newConversationRequested();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void updateContextMeter();

  ChatController* controller_;
  ChatView* view_;
  ChatInput* input_;
  QPushButton* send_;
  QPushButton* stop_;
  QPushButton* regenerate_;
  QPushButton* new_;
  QProgressBar* context_meter_;
  OverflowPolicyChooser* overflow_;
  QString open_model_;
  QString meter_widest_;
  // While a reply streams the meter follows a few times a second, not with every flush: a progress
  // bar repaints at once on each new value (docs/perf.md, "GUI: generation in the app").
  QTimer meter_throttle_;  // the meter's text at its largest value, as its width was set for
};

}  // namespace tessera::gui
