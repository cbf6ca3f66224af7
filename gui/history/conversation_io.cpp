#include "conversation_io.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace tessera::gui {
namespace {

const QLatin1String kFormat("tessera-conversation");
constexpr int kVersion = 1;

QString statusKey(ChatEntry::Status status) {
  switch (status) {
    case ChatEntry::Status::Complete: return QStringLiteral("complete");
    case ChatEntry::Status::Streaming:
    case ChatEntry::Status::Stopped: return QStringLiteral("stopped");
    case ChatEntry::Status::Failed: return QStringLiteral("failed");
    case ChatEntry::Status::ContextFull: return QStringLiteral("context_full");
  }
  return QStringLiteral("complete");
}

ChatEntry::Status statusFromKey(const QString& key) {
  if (key == QLatin1String("stopped")) return ChatEntry::Status::Stopped;
  if (key == QLatin1String("failed")) return ChatEntry::Status::Failed;
  if (key == QLatin1String("context_full")) return ChatEntry::Status::ContextFull;
  return ChatEntry::Status::Complete;
}

// How the reply ended, from its status (the status is what the file keeps).
tessera::StopReason stopReasonOf(ChatEntry::Status status) {
  switch (status) {
    case ChatEntry::Status::Streaming:
    case ChatEntry::Status::Stopped: return tessera::StopReason::Stopped;
    case ChatEntry::Status::ContextFull: return tessera::StopReason::ContextFull;
    case ChatEntry::Status::Complete:
    case ChatEntry::Status::Failed: break;
  }
  return tessera::StopReason::EndOfGeneration;
}

QJsonObject timingsToJson(const ReplyStats& s) {
  const tessera::GenerationTimings& t = s.timings;
  QJsonObject o{
      {"prompt_tokens", t.prompt_tokens},
      {"generated_tokens", t.generated_tokens},
      {"prompt_seconds", t.prompt_ms / 1000.0},
      {"generation_seconds", t.generation_ms / 1000.0},
      {"time_to_first_token", t.time_to_first_token_ms / 1000.0},
      {"prompt_tokens_reused", t.prompt_tokens_reused},
      {"overflow_tokens_dropped", t.overflow_tokens_dropped},
      {"messages_dropped", s.messages_dropped},
      {"context_shifts", t.context_shifts},
      {"reasoning_tokens", t.reasoning_tokens},
      {"reasoning_seconds", t.reasoning_ms / 1000.0},
      {"prompt_tokens_per_second", t.prompt_tokens_per_s},
      {"generation_tokens_per_second", t.generation_tokens_per_s},
  };
  if (!s.prompt_known) o.insert("prompt_known", false);
  return o;
}

ReplyStats timingsFromJson(const QJsonObject& o, ChatEntry::Status status) {
  ReplyStats s;
  tessera::GenerationTimings& t = s.timings;
  t.prompt_tokens = o.value("prompt_tokens").toInt();
  t.generated_tokens = o.value("generated_tokens").toInt();
  t.prompt_ms = o.value("prompt_seconds").toDouble() * 1000.0;
  t.generation_ms = o.value("generation_seconds").toDouble() * 1000.0;
  t.time_to_first_token_ms = o.value("time_to_first_token").toDouble() * 1000.0;
  t.prompt_tokens_reused = o.value("prompt_tokens_reused").toInt();
  t.overflow_tokens_dropped = o.value("overflow_tokens_dropped").toInt();
  s.messages_dropped = o.value("messages_dropped").toInt();
  t.context_shifts = o.value("context_shifts").toInt();
  t.reasoning_tokens = o.value("reasoning_tokens").toInt();
  t.reasoning_ms = o.value("reasoning_seconds").toDouble() * 1000.0;
  // Files before the rates were kept: derived as the engine derives them.
  const int evaluated = t.prompt_tokens - t.prompt_tokens_reused;
  t.prompt_tokens_per_s = o.value("prompt_tokens_per_second")
                              .toDouble(t.prompt_ms > 0.0 ? evaluated / (t.prompt_ms / 1000.0) : 0.0);
  t.generation_tokens_per_s =
      o.value("generation_tokens_per_second")
          .toDouble(t.generation_ms > 0.0 ? t.generated_tokens / (t.generation_ms / 1000.0) : 0.0);
  s.prompt_known = o.value("prompt_known").toBool(true);
  s.stop_reason = stopReasonOf(status);
  return s;
}

}  // namespace

QByteArray ConversationIo::toJson(const Conversation& conversation) {
  QJsonArray messages;
  for (const ChatEntry& m : conversation.messages) {
    QJsonObject o{{"role", QString::fromStdString(m.message.role)}, {"text", m.text()}};
    if (!m.message.reasoning.empty()) o.insert("reasoning", m.reasoning());
    if (m.isAssistant()) o.insert("status", statusKey(m.status));
    if (!m.error.isEmpty()) o.insert("error", m.error);
    if (m.isAssistant() && !m.model.isEmpty()) o.insert("model", m.model);
    if (m.stats) o.insert("timings", timingsToJson(*m.stats));
    messages.append(o);
  }
  QJsonObject root{
      {"format", kFormat},
      {"version", kVersion},
      {"system_prompt", conversation.system_prompt},
      {"messages", messages},
  };
  if (!conversation.model.isEmpty()) root.insert("model", conversation.model);
  if (!conversation.title.isEmpty()) root.insert("title", conversation.title);
  if (conversation.overflow_policy)
    root.insert("context_overflow", QLatin1String(tessera::overflow_policy_name(*conversation.overflow_policy)));
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

std::optional<Conversation> ConversationIo::fromJson(const QByteArray& json, const QString& source,
                                                     QString* error) {
  QJsonParseError parse_error;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &parse_error);
  if (doc.isNull()) {
    *error = tr("%1 is not valid JSON: %2 at byte %3.")
                 .arg(source, parse_error.errorString())
                 .arg(parse_error.offset);
    return std::nullopt;
  }
  const QJsonObject root = doc.object();
  if (!doc.isObject() || root.value("format").toString() != kFormat) {
    *error = tr("%1 is not a Tessera conversation (expected \"format\": \"%2\").").arg(source, kFormat);
    return std::nullopt;
  }
  if (root.value("version").toInt() > kVersion) {
    *error = tr("%1 was written by a newer Tessera (conversation version %2; this version reads %3).")
                 .arg(source)
                 .arg(root.value("version").toInt())
                 .arg(kVersion);
    return std::nullopt;
  }
  Conversation conversation;
  conversation.system_prompt = root.value("system_prompt").toString();
  conversation.model = root.value("model").toString();
  conversation.title = root.value("title").toString();
  conversation.overflow_policy =
      tessera::parse_overflow_policy(root.value("context_overflow").toString().toStdString());
  const QJsonArray messages = root.value("messages").toArray();
  for (qsizetype i = 0; i < messages.size(); ++i) {
    const QJsonObject o = messages.at(i).toObject();
    ChatEntry m;
    const QString role = o.value("role").toString();
    if (role != QLatin1String(kUserRole) && role != QLatin1String(kAssistantRole)) {
      *error = tr("Message %1 in %2 has role \"%3\"; expected \"user\" or \"assistant\".")
                   .arg(i + 1)
                   .arg(source, role);
      return std::nullopt;
    }
    m.message = {role.toStdString(), o.value("text").toString().toStdString(),
                 o.value("reasoning").toString().toStdString()};
    m.status = statusFromKey(o.value("status").toString());
    m.error = o.value("error").toString();
    // Files before per-message models name one model for the whole conversation.
    if (m.isAssistant()) m.model = o.value("model").toString(conversation.model);
    if (o.contains("timings")) m.stats = timingsFromJson(o.value("timings").toObject(), m.status);
    conversation.messages.append(m);
  }
  return conversation;
}

bool ConversationIo::save(const QString& path, const Conversation& conversation, QString* error) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) {
    *error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  file.write(toJson(conversation));
  if (!file.commit()) {
    *error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  return true;
}

std::optional<Conversation> ConversationIo::load(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = tr("Cannot read %1: %2").arg(path, file.errorString());
    return std::nullopt;
  }
  return fromJson(file.readAll(), path, error);
}

}  // namespace tessera::gui
