#include "access_policy.h"

#include <arpa/inet.h>

#include <algorithm>

#include "request_reader.h"

namespace tessera::server::http {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// What a client sent, shown in a message: at most 100 bytes.
std::string shown(std::string_view s) {
  std::string out(s.substr(0, 100));
  if (s.size() > 100) out += "...";
  return out;
}

// Glob match, '*' = any run; both lower-cased by the caller. Iterative (no recursion, linear
// backtracking over the last star), so a hostile pattern or origin costs O(n*m) at most.
bool glob_match(std::string_view pattern, std::string_view text) {
  size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (p < pattern.size() && pattern[p] == text[t]) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

// "a, b" -> {"a", "b"}: a header's comma-separated list, trimmed, empties skipped.
std::vector<std::string_view> split_list(std::string_view list) {
  std::vector<std::string_view> out;
  while (!list.empty()) {
    const size_t comma = list.find(',');
    const std::string_view item = trim(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

bool is_health(const HttpRequest& r) { return r.path == "/health"; }

HttpResponse refusal(int status, const std::string& message, const std::string& code) {
  HttpResponse r = error_response(status, message, code);
  if (status == 401) r.set_header("WWW-Authenticate", "Bearer");
  return r;
}

// A preflight's requested header names, echoed back when they are plain tokens; otherwise the
// two this API needs.
std::string allowed_request_headers(std::string_view requested) {
  const bool plain = !requested.empty() && requested.size() <= 1024 &&
                     std::all_of(requested.begin(), requested.end(), [](char c) {
                       return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                              c == '_' || c == ',' || c == ' ';
                     });
  return plain ? std::string(requested) : "Authorization, Content-Type";
}

}  // namespace

bool is_loopback_host(const std::string& host) {
  if (host == "localhost" || host == "::1" || host == "[::1]") return true;
  in_addr v4{};
  if (inet_pton(AF_INET, host.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  return false;
}

std::string host_of(const std::string& header) {
  if (!header.empty() && header.front() == '[') {
    const size_t close = header.find(']');
    return close == std::string::npos ? header : header.substr(1, close - 1);
  }
  return header.substr(0, header.find(':'));
}

std::vector<std::string> parse_origin_list(std::string_view list) {
  std::vector<std::string> out;
  for (std::string_view item : split_list(list)) {
    if (item.size() > 1 && item.back() == '/') item.remove_suffix(1);
    out.emplace_back(item);
  }
  return out;
}

std::string check_origin_list(const std::vector<std::string>& origins) {
  for (const std::string& o : origins) {
    if (o == "*" || o == "null") continue;
    const size_t scheme = o.find("://");
    const bool printable = std::all_of(o.begin(), o.end(), [](char c) { return c > ' ' && c < 127 && c != ','; });
    if (!printable || scheme == std::string::npos || scheme == 0 || o.size() == scheme + 3 ||
        o.find('/', scheme + 3) != std::string::npos)
      return "--allowed-origins: '" + shown(o) +
             "' is not an origin; write it as a browser sends it, scheme://host[:port] with no path "
             "(e.g. http://localhost:3000), with '*' for any part, or '*' alone for every origin";
  }
  return {};
}

bool origin_allowed(std::string_view origin, const std::vector<std::string>& allowed) {
  const std::string o = ascii_lower(origin);
  return std::any_of(allowed.begin(), allowed.end(), [&](const std::string& a) { return glob_match(ascii_lower(a), o); });
}

bool bearer_matches(std::string_view header, const std::string& key) {
  header = trim(header);
  const size_t space = header.find(' ');
  if (space == std::string_view::npos || ascii_lower(header.substr(0, space)) != "bearer") return false;
  const std::string_view given = trim(header.substr(space + 1));
  // No early exit: the time taken does not tell how much of the key was right.
  unsigned char diff = given.size() == key.size() ? 0 : 1;
  for (size_t i = 0; i < given.size(); ++i)
    diff |= static_cast<unsigned char>(given[i] ^ (i < key.size() ? key[i] : 0));
  return diff == 0 && !key.empty();
}

std::optional<HttpResponse> check_access(const HttpRequest& request, const AccessRules& rules) {
  // DNS rebinding: a web page whose name resolves to 127.0.0.1 would otherwise be "same origin"
  // with a loopback server. Its requests carry its own name in Host.
  if (is_loopback_host(rules.bound_host) && !request.host.empty() && !is_loopback_host(host_of(request.host)))
    return refusal(403,
                   "the Host header '" + shown(request.host) + "' is not a loopback name; this server listens on " +
                       rules.bound_host + " and answers requests for localhost, 127.0.0.1 or [::1] only",
                   "forbidden_host");
  if (request.has_origin && !origin_allowed(request.origin, rules.allowed_origins))
    return refusal(403,
                   "requests from web pages (Origin '" + shown(request.origin) +
                       "') are refused; start the server with --allowed-origins to let a page's origin use it",
                   "forbidden_origin");
  if (request.method == "OPTIONS") {
    HttpResponse r;
    r.status = 204;
    r.content_type.clear();
    r.set_header("Allow", "GET, POST, OPTIONS");
    if (request.has_origin) {
      add_cors_headers(request, rules, r);
      r.set_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
      r.set_header("Access-Control-Allow-Headers", allowed_request_headers(request.cors_request_headers));
      r.set_header("Access-Control-Max-Age", "600");
    }
    return r;
  }
  if (!rules.api_key.empty() && !is_health(request)) {
    if (request.authorization.empty())
      return refusal(401, "no API key given: send the header \"Authorization: Bearer KEY\"", "invalid_api_key");
    if (!bearer_matches(request.authorization, rules.api_key))
      return refusal(401, "the API key given in the Authorization header is not this server's key (send \"Bearer KEY\")",
                     "invalid_api_key");
  }
  if (!request.content_encoding.empty()) {
    bool identity = true;
    for (std::string_view coding : split_list(request.content_encoding))
      identity = identity && ascii_lower(coding) == "identity";
    if (!identity)
      return refusal(415,
                     "Content-Encoding '" + shown(request.content_encoding) +
                         "' is not supported; send the request body uncompressed",
                     "unsupported_content_encoding");
  }
  if (request.method == "POST" && !media_type_is(request.content_type, "application/json"))
    return refusal(415,
                   "a POST body must be JSON sent with \"Content-Type: application/json\"" +
                       (request.content_type.empty() ? std::string(" (the request has no Content-Type)")
                                                     : " (the request's is '" + shown(request.content_type) + "')"),
                   "unsupported_media_type");
  return std::nullopt;
}

void add_cors_headers(const HttpRequest& request, const AccessRules& rules, HttpResponse& response) {
  if (!request.has_origin || !origin_allowed(request.origin, rules.allowed_origins)) return;
  const bool any = std::find(rules.allowed_origins.begin(), rules.allowed_origins.end(), "*") != rules.allowed_origins.end();
  response.set_header("Access-Control-Allow-Origin", any ? "*" : request.origin);
  if (!any) response.set_header("Vary", "Origin");
}

}  // namespace tessera::server::http
