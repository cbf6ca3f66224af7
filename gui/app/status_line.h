// The status bar's two texts, from the engine's state: what the app is doing ("Loading x.gguf…
// 40%", "Reading the prompt: 120 / 4,000 tok (Esc stops)", "Ready: …") and the last reply's speed.
// It follows the EngineClient (its load fraction, the prompt and token stream) and the chat's
// finished replies; the window shows what it says. GUI thread only.
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

#include "engine_types.h"

namespace tessera::gui {

class ChatController;
class EngineClient;

class StatusLine : public QObject {
  Q_OBJECT

 public:
  StatusLine(EngineClient* engine, ChatController* chat, QObject* parent = nullptr);

  QString text() const;
  // "Last reply: 87.2 tok/s"; empty before the first reply.
  QString speedText() const;
  static constexpr int kUpdateIntervalMs = 250;  // while tokens stream in

 signals:
  void changed();

 private:
  EngineClient* engine_;
  int streamed_tokens_ = 0;
  int prompt_read_ = 0;   // of the reply being made: prompt tokens read so far
  int prompt_total_ = 0;  // and to read in all (0: not known)
  std::optional<ReplyStats> last_reply_;
  QTimer throttle_;
};

}  // namespace tessera::gui
