#include "app_settings.h"

#include <QDir>
#include <QFileInfo>

namespace tessera::gui {
namespace {

QString normalised(const QString& path) { return QDir::cleanPath(QFileInfo(path).absoluteFilePath()); }

// Each path normalised, once, in the given order.
QStringList normalisedList(const QStringList& paths) {
  QStringList clean;
  for (const QString& path : paths)
    if (const QString p = normalised(path); !clean.contains(p)) clean << p;
  return clean;
}

}  // namespace

AppSettings::AppSettings() : settings_(openAppSettingsStore()) {}

QString AppSettings::lastModel() const { return settings_.value("model/last").toString(); }

void AppSettings::setLastModel(const QString& path) {
  settings_.setValue("model/last", path.isEmpty() ? QString() : normalised(path));
}

QStringList AppSettings::recentFiles() const { return settings_.value("model/recent").toStringList(); }

void AppSettings::addRecentFile(const QString& path) {
  const QString p = normalised(path);
  QStringList files = recentFiles();
  files.removeAll(p);
  files.prepend(p);
  while (files.size() > kMaxRecentFiles) files.removeLast();
  settings_.setValue("model/recent", files);
}

void AppSettings::removeRecentFile(const QString& path) {
  QStringList files = recentFiles();
  files.removeAll(normalised(path));
  settings_.setValue("model/recent", files);
}

void AppSettings::clearRecentFiles() { settings_.remove("model/recent"); }

ReplySettings AppSettings::sampling() const {
  const ReplySettings d;
  ReplySettings s;
  s.sampling.temperature = settings_.value("sampling/temperature", d.sampling.temperature).toFloat();
  s.sampling.top_k = settings_.value("sampling/topK", d.sampling.top_k).toInt();
  s.sampling.top_p = settings_.value("sampling/topP", d.sampling.top_p).toFloat();
  s.sampling.min_p = settings_.value("sampling/minP", d.sampling.min_p).toFloat();
  s.sampling.repeat_penalty = settings_.value("sampling/repetitionPenalty", d.sampling.repeat_penalty).toFloat();
  // Saved as -1 for "random" (core's kRandomSeed), so the file stays readable.
  const qint64 seed = settings_.value("sampling/seed", -1).toLongLong();
  s.sampling.seed = seed < 0 ? tessera::kRandomSeed : static_cast<uint64_t>(seed);
  s.max_tokens = settings_.value("sampling/maxTokens", d.max_tokens).toInt();
  s.thinking = settings_.value("sampling/thinking", d.thinking).toString();
  return s;
}

void AppSettings::setSampling(const ReplySettings& s) {
  settings_.setValue("sampling/temperature", s.sampling.temperature);
  settings_.setValue("sampling/topK", s.sampling.top_k);
  settings_.setValue("sampling/topP", s.sampling.top_p);
  settings_.setValue("sampling/minP", s.sampling.min_p);
  settings_.setValue("sampling/repetitionPenalty", s.sampling.repeat_penalty);
  settings_.setValue("sampling/seed",
                     s.sampling.seed == tessera::kRandomSeed ? qint64{-1} : static_cast<qint64>(s.sampling.seed));
  settings_.setValue("sampling/maxTokens", s.max_tokens);
  settings_.setValue("sampling/thinking", s.thinking);
}

int AppSettings::contextLength() const { return settings_.value("model/contextLength", 0).toInt(); }

void AppSettings::setContextLength(int tokens) { settings_.setValue("model/contextLength", tokens); }

QString AppSettings::conversationsFolder() const { return settings_.value("conversations/folder").toString(); }

void AppSettings::setConversationsFolder(const QString& folder) { settings_.setValue("conversations/folder", folder); }

QString AppSettings::currentConversation() const { return settings_.value("conversations/current").toString(); }

void AppSettings::setCurrentConversation(const QString& id) { settings_.setValue("conversations/current", id); }

QStringList AppSettings::libraryFolders() const { return settings_.value("library/folders").toStringList(); }

void AppSettings::setLibraryFolders(const QStringList& folders) {
  settings_.setValue("library/folders", normalisedList(folders));
}

QString AppSettings::hubEndpoint() const { return settings_.value("hub/endpoint").toString(); }

void AppSettings::setHubEndpoint(const QString& endpoint) { settings_.setValue("hub/endpoint", endpoint.trimmed()); }

QString AppSettings::hubToken() const { return settings_.value("hub/token").toString(); }

void AppSettings::setHubToken(const QString& token) { settings_.setValue("hub/token", token.trimmed()); }

QStringList AppSettings::libraryRemovedFiles() const { return settings_.value("library/removed").toStringList(); }

void AppSettings::setLibraryRemovedFiles(const QStringList& paths) {
  settings_.setValue("library/removed", normalisedList(paths));
}

QString AppSettings::contextModel() const { return settings_.value("model/contextModel").toString(); }

void AppSettings::setContextModel(const QString& path) { settings_.setValue("model/contextModel", path); }

QString AppSettings::systemPrompt() const { return settings_.value("chat/systemPrompt").toString(); }

void AppSettings::setSystemPrompt(const QString& prompt) { settings_.setValue("chat/systemPrompt", prompt); }

tessera::OverflowPolicy AppSettings::overflowPolicy() const {
  return tessera::parse_overflow_policy(settings_.value("chat/contextOverflow").toString().toStdString())
      .value_or(tessera::OverflowPolicy::Stop);
}

void AppSettings::setOverflowPolicy(tessera::OverflowPolicy policy) {
  settings_.setValue("chat/contextOverflow", QLatin1String(tessera::overflow_policy_name(policy)));
}

QString AppSettings::language() const { return settings_.value("ui/language").toString(); }

void AppSettings::setLanguage(const QString& code) { settings_.setValue("ui/language", code); }

QString AppSettings::theme() const { return settings_.value("ui/theme", QStringLiteral("system")).toString(); }

void AppSettings::setTheme(const QString& key) { settings_.setValue("ui/theme", key); }

QByteArray AppSettings::windowGeometry() const { return settings_.value("window/geometry").toByteArray(); }

QByteArray AppSettings::windowState() const { return settings_.value("window/state").toByteArray(); }

void AppSettings::setWindow(const QByteArray& geometry, const QByteArray& state) {
  settings_.setValue("window/geometry", geometry);
  settings_.setValue("window/state", state);
}

bool AppSettings::hasStartedBefore() const { return settings_.value("app/startedBefore", false).toBool(); }

void AppSettings::markStarted() { settings_.setValue("app/startedBefore", true); }

}  // namespace tessera::gui
