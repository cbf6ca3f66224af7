#include "server_config.h"

#include <arpa/inet.h>

namespace tessera::server {

bool is_loopback_host(const std::string& host) {
  if (host == "localhost" || host == "::1" || host == "[::1]") return true;
  in_addr v4{};
  if (inet_pton(AF_INET, host.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  return false;
}

std::string check_config(const ServerConfig& config) {
  if (config.host.empty()) return "--host is empty";
  if (config.port < 0 || config.port > 65535)
    return "--port: " + std::to_string(config.port) + " is out of range (0..65535)";
  if (!is_loopback_host(config.host) && config.api_key.empty() && !config.insecure)
    return "--host " + config.host +
           " lets other machines connect; give --api-key KEY (clients send \"Authorization: Bearer KEY\"), "
           "or --insecure to serve without one";
  if (config.max_body_bytes == 0) return "the request body limit is 0 bytes";
  return {};
}

}  // namespace tessera::server
