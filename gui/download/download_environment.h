// Where the Download view reaches the hub and puts models: read once at the app's edge (main.cpp
// passes its way of reading environment variables) and handed to the view as values. The rules of
// which variable means what are core's (download/hub_settings.h, models_folder.h); the app adds
// its own settings on top: an address or token saved in the view (AppSettings::hubEndpoint,
// hubToken) takes precedence over HF_ENDPOINT / HF_TOKEN.
#pragma once

#include <QString>

#include "download/hub_settings.h"

namespace tessera::gui {

struct DownloadEnvironment {
  tessera::download::HubSettings hub;  // endpoint, token and proxies from the environment
  QString models_folder;               // "" : none could be found (the view says why: `problem`)
  QString problem;                     // what was wrong with the environment, "" when nothing
};

DownloadEnvironment readDownloadEnvironment(const tessera::download::VariableLookup& lookup);

// `environment` with the saved address and token where they are set (not empty).
tessera::download::HubSettings effectiveHubSettings(const tessera::download::HubSettings& environment,
                                                    const QString& saved_endpoint, const QString& saved_token);

}  // namespace tessera::gui
