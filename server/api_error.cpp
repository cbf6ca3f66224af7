#include "api_error.h"

namespace tessera::server {

ApiError bad_request(std::string param, std::string message) {
  ApiError e;
  e.status = 400;
  e.message = std::move(message);
  e.param = std::move(param);
  return e;
}

nlohmann::json error_body(const ApiError& error) {
  nlohmann::json inner = {{"message", error.message}, {"type", error.type}};
  inner["param"] = error.param.empty() ? nlohmann::json(nullptr) : nlohmann::json(error.param);
  inner["code"] = error.code.empty() ? nlohmann::json(nullptr) : nlohmann::json(error.code);
  return {{"error", inner}};
}

}  // namespace tessera::server
