// Where the hub is and how to reach it. The library reads no environment variable; the CLI and the
// app call hub_settings_from_environment with their own way of reading variables, so the rules of
// which variable means what are written once, here:
//   HF_ENDPOINT      the hub's address, for mirrors (default https://huggingface.co)
//   HF_TOKEN         an access token, for gated and private repositories
//   https_proxy / HTTPS_PROXY, http_proxy (lower case only, as curl reads it), all_proxy /
//   ALL_PROXY for either scheme, no_proxy / NO_PROXY: as curl and most tools read them.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "common/error.h"
#include "download/http_client.h"

namespace tessera::download {

inline constexpr std::string_view kDefaultHubEndpoint = "https://huggingface.co";

struct HubSettings {
  std::string endpoint = std::string(kDefaultHubEndpoint);  // no trailing slash
  std::string token;  // "" : none; sent as "Authorization: Bearer TOKEN" to the hub only
  HttpSettings http;
};

// A variable's value, nullopt when it is not set.
using VariableLookup = std::function<std::optional<std::string>(std::string_view name)>;

// The settings the variables above give. An HF_ENDPOINT that is not an http(s) URL is refused.
Result<HubSettings> hub_settings_from_environment(const VariableLookup& lookup);

}  // namespace tessera::download
