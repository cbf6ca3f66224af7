// Settings of the OpenAI-compatible HTTP server, and the exposure rule it starts under.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "http/access_policy.h"
#include "http/http_limits.h"
#include "sampling/sampler.h"

namespace tessera::server {

struct ServerConfig {
  std::string host = "127.0.0.1";  // loopback by default: nothing outside this machine can connect
  int port = 8080;                 // 0: an ephemeral port (Server::port() tells which)
  std::string api_key;             // non-empty: every route but /health needs "Authorization: Bearer KEY"
  bool insecure = false;           // allow a non-loopback host without an API key
  // Web page origins allowed to use the server (http::AccessRules); empty: requests that carry an
  // Origin header are refused.
  std::vector<std::string> allowed_origins;
  std::string model_id;            // the id clients name; "" = the model file's name without ".gguf"
  // A request naming another model is answered by the served one (its reply's "model" says which),
  // as llama-server does; true: such a request is refused (404 model_not_found).
  bool strict_model_name = false;
  http::HttpLimits limits;         // header, body, time and connection limits (max_body_bytes: 413)
  int32_t max_prompt_tokens = 0;     // 0: the model's context; a longer prompt: 413
  int32_t default_max_tokens = -1;   // requests without max_tokens (-1: to the end or a full context)
  SamplingParams sampling;           // defaults for the sampling fields a request leaves out
  int threads = 8;                   // threads that prepare requests (JSON, chat template, tokenizer)
};

// True for "localhost", "::1" and 127.0.0.0/8 addresses.
using http::is_loopback_host;

// "" when the config may start; otherwise why not (a non-loopback host without --api-key and
// without --insecure, a port out of range, an empty host, an allowed origin that is not one).
std::string check_config(const ServerConfig& config);

}  // namespace tessera::server
