#include "download_environment.h"

#include <QStringList>

#include "download/models_folder.h"

namespace tessera::gui {

using namespace tessera::download;

DownloadEnvironment readDownloadEnvironment(const VariableLookup& lookup) {
  DownloadEnvironment env;
  QStringList problems;
  if (auto hub = hub_settings_from_environment(lookup); hub.ok()) {
    env.hub = *hub;
  } else {
    problems << QString::fromStdString(hub.error().message);
  }
  auto folder = default_models_folder(lookup("XDG_DATA_HOME").value_or(""), lookup("HOME").value_or(""));
  if (folder.ok()) {
    env.models_folder = QString::fromStdString(*folder);
  } else {
    problems << QString::fromStdString(folder.error().message);
  }
  env.problem = problems.join(QLatin1Char('\n'));
  return env;
}

HubSettings effectiveHubSettings(const HubSettings& environment, const QString& saved_endpoint,
                                 const QString& saved_token) {
  HubSettings settings = environment;
  QString endpoint = saved_endpoint.trimmed();
  while (endpoint.endsWith(QLatin1Char('/'))) endpoint.chop(1);
  if (!endpoint.isEmpty()) settings.endpoint = endpoint.toStdString();
  if (!saved_token.trimmed().isEmpty()) settings.token = saved_token.trimmed().toStdString();
  return settings;
}

}  // namespace tessera::gui
