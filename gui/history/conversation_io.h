// Saving and loading a conversation as JSON:
//   { "format": "tessera-conversation", "version": 1, "title": "...", "system_prompt": "...", "model": "...",
//     "context_overflow": "stop"|"truncate-middle"|"rolling",
//     "messages": [ { "role": "user"|"assistant", "text": "...",
//                     "status": "complete"|"stopped"|"failed"|"context_full",
//                     "error": "...", "model": "...",
//                     "timings": { "prompt_tokens": n, "generated_tokens": n, "prompt_seconds": s,
//                                  "generation_seconds": s, "time_to_first_token": s, ... } } ] }
// (the timings are core's GenerationTimings, in seconds; "prompt_known": false where a server did
// not report its prompt)
// Unknown keys are ignored so later versions can add fields; a message being streamed is saved
// as "stopped". A reply's "model" names the model that wrote it; files without it (older ones)
// give their replies the conversation's "model". Files without "context_overflow" (older ones, or
// an unknown name) take the default policy of the Settings when opened.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

#include "chat_model.h"

namespace tessera::gui {

struct Conversation {
  QString title;  // set by the user in the history list; empty: named after its first message
  QString system_prompt;
  QString model;  // the model of the last reply (each message names its own)
  std::optional<tessera::OverflowPolicy> overflow_policy;  // none: the Settings' default
  QList<ChatEntry> messages;
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
