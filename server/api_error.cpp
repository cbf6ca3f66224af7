#include "api_error.h"

#include <algorithm>
#include <string_view>

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

std::string without_server_paths(std::string message, const std::string& known_path) {
  auto file_name = [](std::string_view path) {
    while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
    return std::string(path.substr(path.find_last_of('/') + 1));
  };
  if (known_path.size() > 1 && known_path.front() == '/') {
    const std::string name = file_name(known_path);
    for (size_t at = message.find(known_path); at != std::string::npos; at = message.find(known_path, at + name.size()))
      message.replace(at, known_path.size(), name);
  }
  constexpr std::string_view before = " \t'\"(=:[,<";
  constexpr std::string_view ends = " \t\n'\"),;]>";
  std::string out;
  out.reserve(message.size());
  for (size_t i = 0; i < message.size();) {
    const bool starts = message[i] == '/' && (i == 0 || before.find(message[i - 1]) != std::string_view::npos);
    if (!starts) {
      out += message[i++];
      continue;
    }
    size_t end = i;
    while (end < message.size() && ends.find(message[end]) == std::string_view::npos) ++end;
    const std::string_view token(message.data() + i, end - i);
    // Two slashes at least: "/v1/models" stays (a route), "/home/me/m.gguf" goes.
    if (std::count(token.begin(), token.end(), '/') >= 2 && token.find("/v1/") != 0)
      out += file_name(token);
    else
      out.append(token);
    i = end;
  }
  return out;
}

}  // namespace tessera::server
