#include "download/hub_settings.h"

namespace tessera::download {
namespace {

std::string first_set(const VariableLookup& lookup, std::initializer_list<std::string_view> names) {
  for (std::string_view name : names) {
    if (auto v = lookup(name); v && !v->empty()) return *v;
  }
  return {};
}

}  // namespace

Result<HubSettings> hub_settings_from_environment(const VariableLookup& lookup) {
  HubSettings s;
  if (std::string endpoint = first_set(lookup, {"HF_ENDPOINT"}); !endpoint.empty()) {
    while (!endpoint.empty() && endpoint.back() == '/') endpoint.pop_back();
    if (endpoint.rfind("http://", 0) != 0 && endpoint.rfind("https://", 0) != 0) {
      return make_error(ErrorKind::InvalidArgument,
                        "HF_ENDPOINT is '" + endpoint + "', not an http:// or https:// address of a hub");
    }
    s.endpoint = endpoint;
  }
  s.token = first_set(lookup, {"HF_TOKEN"});
  const std::string all = first_set(lookup, {"all_proxy", "ALL_PROXY"});
  s.http.proxy.https = first_set(lookup, {"https_proxy", "HTTPS_PROXY"});
  if (s.http.proxy.https.empty()) s.http.proxy.https = all;
  // Only the lower-case name, as curl: HTTP_PROXY can be set by a web server's client (CGI).
  s.http.proxy.http = first_set(lookup, {"http_proxy"});
  if (s.http.proxy.http.empty()) s.http.proxy.http = all;
  s.http.proxy.no_proxy = first_set(lookup, {"no_proxy", "NO_PROXY"});
  return s;
}

}  // namespace tessera::download
