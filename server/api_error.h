// Errors in OpenAI's JSON shape: {"error": {"message", "type", "param", "code"}} with the HTTP
// status that goes with them. The message names the field, the limit and the value given.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace tessera::server {

struct ApiError {
  int status = 400;
  std::string message;
  std::string type = "invalid_request_error";
  std::string param;  // the request field at fault; "" when none (JSON null)
  std::string code;   // e.g. "invalid_api_key", "model_not_found"; "" when none (JSON null)
};

// 400 naming `param`.
ApiError bad_request(std::string param, std::string message);

nlohmann::json error_body(const ApiError& error);

// `message` as a client may read it: the server's files are not its business. `known_path` (the
// model file; may be "") and every other absolute path ("/a/b/c.gguf" after a space, quote or
// bracket) become their file name ("c.gguf").
std::string without_server_paths(std::string message, const std::string& known_path = "");

}  // namespace tessera::server
