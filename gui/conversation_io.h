// Saving and loading a conversation as JSON:
//   { "format": "tessera-conversation", "version": 1, "system_prompt": "...", "model": "...",
//     "messages": [ { "role": "user"|"assistant", "text": "...",
//                     "status": "complete"|"stopped"|"failed", "error": "...",
//                     "timings": { "prompt_tokens": n, "generated_tokens": n, "prompt_seconds": s,
//                                  "generation_seconds": s, "time_to_first_token": s } } ] }
// Unknown keys are ignored so later versions can add fields; a message being streamed is saved
// as "stopped".
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

#include "chat_model.h"

namespace tessera::gui {

struct Conversation {
  QString system_prompt;
  QString model;  // informative only: the model the replies came from
  QList<ChatMessage> messages;
};

class ConversationIo {
  Q_DECLARE_TR_FUNCTIONS(ConversationIo)

 public:
  static QByteArray toJson(const Conversation& conversation);
  // `source` names the file in error messages.
  static std::optional<Conversation> fromJson(const QByteArray& json, const QString& source, QString* error);

  static bool save(const QString& path, const Conversation& conversation, QString* error);
  static std::optional<Conversation> load(const QString& path, QString* error);
};

}  // namespace tessera::gui
