#include "server_config.h"

namespace tessera::server {

std::string check_config(const ServerConfig& config) {
  if (config.host.empty()) return "--host is empty";
  if (config.port < 0 || config.port > 65535)
    return "--port: " + std::to_string(config.port) + " is out of range (0..65535)";
  if (!is_loopback_host(config.host) && config.api_key.empty() && !config.insecure)
    return "--host " + config.host +
           " lets other machines connect; give --api-key KEY (clients send \"Authorization: Bearer KEY\"), "
           "or --insecure to serve without one";
  if (config.limits.max_body_bytes == 0) return "the request body limit is 0 bytes";
  if (std::string bad = http::check_origin_list(config.allowed_origins); !bad.empty()) return bad;
  return {};
}

}  // namespace tessera::server
