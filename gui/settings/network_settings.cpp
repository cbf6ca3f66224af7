#include "network_settings.h"

#include <QSettings>

#include "app_settings.h"

namespace tessera::gui {
LocalServerSettings loadLocalServerSettings() {
  const QSettings q = openAppSettingsStore();
  const LocalServerSettings d;
  LocalServerSettings s;
  s.enabled = q.value("server/enabled", d.enabled).toBool();
  s.host = q.value("server/host", d.host).toString();
  s.port = q.value("server/port", d.port).toInt();
  s.api_key = q.value("server/apiKey", d.api_key).toString();
  s.insecure = q.value("server/insecure", d.insecure).toBool();
  s.allowed_origins = q.value("server/allowedOrigins", d.allowed_origins).toString();
  return s;
}

void saveLocalServerSettings(const LocalServerSettings& s) {
  QSettings q = openAppSettingsStore();
  q.setValue("server/enabled", s.enabled);
  q.setValue("server/host", s.host);
  q.setValue("server/port", s.port);
  q.setValue("server/apiKey", s.api_key);
  q.setValue("server/insecure", s.insecure);
  q.setValue("server/allowedOrigins", s.allowed_origins);
}

RemoteEndpoint loadRemoteEndpoint() {
  const QSettings q = openAppSettingsStore();
  RemoteEndpoint e;
  e.url = q.value("remote/url").toString();
  e.api_key = q.value("remote/apiKey").toString();
  e.model = q.value("remote/model").toString();
  return e;
}

void saveRemoteEndpoint(const RemoteEndpoint& e) {
  QSettings q = openAppSettingsStore();
  q.setValue("remote/url", e.url);
  q.setValue("remote/apiKey", e.api_key);
  q.setValue("remote/model", e.model);
}

bool loadUseRemoteEndpoint() { return openAppSettingsStore().value("remote/use", false).toBool(); }

void saveUseRemoteEndpoint(bool remote) { openAppSettingsStore().setValue("remote/use", remote); }

}  // namespace tessera::gui
