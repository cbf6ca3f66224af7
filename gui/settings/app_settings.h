// Persistent settings through QSettings (organisation "Tessera", application "Tessera"): the last
// model, recent files, the model library's folders, window geometry/state, sampling, context
// length, system prompt, interface language and theme. Tests point QSettings at a temporary
// directory (QSettings::setPath) before creating one of these.
#pragma once

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>

#include "engine_types.h"

namespace tessera::gui {

// The one settings store of the app (organisation and application "Tessera"): AppSettings and the
// server/remote-endpoint settings (network_settings.h) open it through this.
inline QSettings openAppSettingsStore() { return QSettings(QStringLiteral("Tessera"), QStringLiteral("Tessera")); }

class AppSettings {
 public:
  static constexpr int kMaxRecentFiles = 10;

  AppSettings();

  QString lastModel() const;
  void setLastModel(const QString& path);

  // Most recent first, no duplicates, at most kMaxRecentFiles.
  QStringList recentFiles() const;
  void addRecentFile(const QString& path);
  void removeRecentFile(const QString& path);
  void clearRecentFiles();

  // The sampling panel's settings; what was never saved has core's default (the reply length the
  // app's).
  ReplySettings sampling() const;
  void setSampling(const ReplySettings& sampling);

  int contextLength() const;  // 0 = the model's own
  void setContextLength(int tokens);
  // The model file the context length was chosen for (it does not carry over to another).
  QString contextModel() const;
  void setContextModel(const QString& path);

  QString systemPrompt() const;
  void setSystemPrompt(const QString& prompt);

  // The context overflow policy new conversations start with (Stop until chosen).
  tessera::OverflowPolicy overflowPolicy() const;
  void setOverflowPolicy(tessera::OverflowPolicy policy);

  // The interface language code ("de", "ja", ...); empty = follow the system locale.
  QString language() const;
  void setLanguage(const QString& code);
  // The theme (ThemeSwitcher::key: "system", "light", "dark"); "system" when never chosen.
  QString theme() const;
  void setTheme(const QString& key);

  QByteArray windowGeometry() const;
  QByteArray windowState() const;
  void setWindow(const QByteArray& geometry, const QByteArray& state);

  // False until markStarted() was called once: the first start opens the bundled default model.
  bool hasStartedBefore() const;
  void markStarted();

  // Where conversations are kept (empty: ConversationStore's default folder), and the one open
  // when the app last ran (its id in that folder; empty: a new, empty conversation).
  QString conversationsFolder() const;
  void setConversationsFolder(const QString& folder);
  QString currentConversation() const;
  void setCurrentConversation(const QString& id);

  // The model library: the folders it scans (as chosen, in order), and the files the user removed
  // from its list (they stay on disk and out of the list until their folder is added again).
  QStringList libraryFolders() const;
  void setLibraryFolders(const QStringList& folders);
  QStringList libraryRemovedFiles() const;
  void setLibraryRemovedFiles(const QStringList& paths);

  // The Download view's hub: an address (a mirror) and an access token for gated models; empty:
  // the environment's (HF_ENDPOINT, HF_TOKEN) or the default. Kept as the API keys of the remote
  // endpoint are (network_settings.h): in the user's own config file.
  QString hubEndpoint() const;
  void setHubEndpoint(const QString& endpoint);
  QString hubToken() const;
  void setHubToken(const QString& token);

  void sync() { settings_.sync(); }

 private:
  QSettings settings_;
};

}  // namespace tessera::gui
