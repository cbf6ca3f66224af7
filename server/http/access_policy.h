// Who may use the server, decided from a request's header before its body is read: the DNS-
// rebinding check (Host), web pages (Origin, CORS preflights), the API key, and what a body may
// be (JSON, not compressed). Pure functions of the request and the rules, no I/O.
//
// Web pages: a browser adds "Origin" to every cross-origin request and to every POST, and a page
// may send a "simple" POST (text/plain, no preflight) to any address, 127.0.0.1 included. So a
// request with an Origin is refused (403) unless the origin is allowed (--allowed-origins), and a
// POST body must be "Content-Type: application/json" (415), which a page can only send after a
// CORS preflight, which is answered only for allowed origins.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http_message.h"

namespace tessera::server::http {

struct AccessRules {
  std::string bound_host;  // the address listened on; a loopback one checks the Host header
  std::string api_key;     // non-empty: every path but /health needs "Authorization: Bearer KEY"
  // Origins whose pages may use the server: "https://app.example", "http://localhost:*" ('*'
  // matches any run of characters), "*" for any. Empty: none.
  std::vector<std::string> allowed_origins;
};

// True for "localhost", "::1" and 127.0.0.0/8 addresses.
bool is_loopback_host(const std::string& host);
// The host part of a Host header: "localhost:8080" -> "localhost", "[::1]:8080" -> "::1".
std::string host_of(const std::string& header);

// "a, b ,c/" -> {"a", "b", "c"}: split at commas, trimmed, a trailing '/' dropped, empties skipped.
std::vector<std::string> parse_origin_list(std::string_view list);
// "" when every entry is usable, else why not (names the entry).
std::string check_origin_list(const std::vector<std::string>& origins);
// Whether `origin` (as a browser sends it: "http://localhost:3000", or "null") matches one of
// `allowed`, case-insensitively, '*' matching any run of characters.
bool origin_allowed(std::string_view origin, const std::vector<std::string>& allowed);

// Whether an Authorization header carries `key`: "Bearer KEY", the scheme in any case (RFC 7235),
// compared in constant time for a given length.
bool bearer_matches(std::string_view header, const std::string& key);

// The refusal for a request whose header is complete, or nullopt when it may go on: 403 for a
// foreign Host on a loopback server or an Origin not allowed, the answer to any OPTIONS request
// (a CORS preflight: 204 with the Access-Control-Allow-* fields for an allowed origin), 401
// without the API key, 415 for a compressed body or a POST that is not application/json.
std::optional<HttpResponse> check_access(const HttpRequest& request, const AccessRules& rules);

// For a request from an allowed origin: the Access-Control-Allow-Origin (and Vary) fields that
// let its page read `response`. Nothing for requests without an Origin.
void add_cors_headers(const HttpRequest& request, const AccessRules& rules, HttpResponse& response);

}  // namespace tessera::server::http
