#include "http_message.h"

#include <cstdio>

#include "api_error.h"

namespace tessera::server::http {

const char* reason_phrase(int status) {
  switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 417: return "Expectation Failed";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
  }
  return "Unknown";
}

std::string serialize_head(const HttpResponse& r, int version, bool chunked, bool length_known, bool close) {
  std::string out = version == 10 ? "HTTP/1.0 " : "HTTP/1.1 ";
  out += std::to_string(r.status);
  out += ' ';
  out += reason_phrase(r.status);
  out += "\r\n";
  if (!r.content_type.empty() && r.status != 204) out += "Content-Type: " + r.content_type + "\r\n";
  for (const auto& [name, value] : r.headers) out += name + ": " + value + "\r\n";
  if (chunked) {
    out += "Transfer-Encoding: chunked\r\n";
  } else if (length_known && r.status != 204) {
    out += "Content-Length: " + std::to_string(r.body.size()) + "\r\n";
  }
  if (close) out += "Connection: close\r\n";
  out += "\r\n";
  return out;
}

std::string chunk_frame(std::string_view data) {
  if (data.empty()) return {};
  char size[32];
  std::snprintf(size, sizeof size, "%zx\r\n", data.size());
  std::string out = size;
  out.append(data);
  out += "\r\n";
  return out;
}

HttpResponse error_response(int status, const std::string& message, const std::string& code) {
  ApiError e;
  e.status = status;
  e.message = message;
  e.type = status >= 500 ? "server_error" : "invalid_request_error";
  e.code = code;
  HttpResponse r;
  r.status = status;
  r.body = error_body(e).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return r;
}

}  // namespace tessera::server::http
