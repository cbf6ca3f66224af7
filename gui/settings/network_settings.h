// The persisted settings of Settings ▸ Local server and of the model panel's OpenAI-compatible
// server, in the same QSettings store as AppSettings (organisation "Tessera", application
// "Tessera"; groups "server" and "remote"). The API keys are kept there as the other settings are
// (the user's own config file), as other local LLM apps keep theirs.
#pragma once

#include "local_server.h"
#include "remote_endpoint.h"

namespace tessera::gui {

LocalServerSettings loadLocalServerSettings();
void saveLocalServerSettings(const LocalServerSettings& settings);

// The server last connected to, and whether the model panel showed it rather than a model file.
RemoteEndpoint loadRemoteEndpoint();
void saveRemoteEndpoint(const RemoteEndpoint& endpoint);
bool loadUseRemoteEndpoint();
void saveUseRemoteEndpoint(bool remote);

}  // namespace tessera::gui
